import { JsonText } from '../../ui/JsonText';

interface Props {
  /** MCP content blocks as the server sent them (any shape: non-conforming input is shown raw). */
  blocks: unknown;
  /** Opens a resource (for `resource_link` blocks). */
  onOpenResource?(uri: string): void;
  label: string;
}

/** Renders MCP content (text, image, audio, resources, links). Minimal version: raw JSON. */
export function ContentBlocks({ blocks, label }: Props) {
  return <JsonText value={blocks} label={label} />;
}
