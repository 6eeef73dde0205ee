import { create } from 'zustand';
import type { RequestAction } from '../../../../shared/collections';

/** A call to keep as a request file: a tool call, resource read or prompt get as the person set it up, or a traffic entry. */
export type CallToSave =
  | { kind: 'request'; action: RequestAction }
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

/** Opens the Save as request dialog for a call (what the Tools, Resources and Prompts panes' and the traffic log's slots are filled with). */
export function askToSaveRequest(call: CallToSave): void {
  useSaveRequestStore.setState({ pending: call });
}
