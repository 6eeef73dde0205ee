import { create } from 'zustand';
import type { JsonObject } from '../../../../shared/mcp';

/** A call to keep as a request file: a tool with its current arguments, or a traffic entry. */
export type CallToSave =
  | { kind: 'tool'; tool: string; arguments: JsonObject }
  | {
      kind: 'traffic';
      seq: number;
      /** `tools/call`, `resources/read` or `prompts/get`. */
      method: string;
      /** The tool or prompt name, or the resource URI, when the row shows it. */
      target?: string;
    };

interface SaveRequestState {
  /** The call the Save as request dialog is open for, or undefined while it is closed. */
  pending: CallToSave | undefined;
  close: () => void;
}

export const useSaveRequestStore = create<SaveRequestState>((set) => ({
  pending: undefined,
  close: () => set({ pending: undefined }),
}));

/** Opens the Save as request dialog for a call (what the Tools pane and the traffic log's slots are filled with). */
export function askToSaveRequest(call: CallToSave): void {
  useSaveRequestStore.setState({ pending: call });
}
