import type { PathSegment } from '../../../../shared/json-pointer';
import type { HeldText } from '../../../../shared/mcp';
import { formatBytes } from '../format';
import { classifyContent, type ClassifiedBlock } from './classify';
import { DocumentView } from './DocumentView';
import { textOfBlob } from './text-blob';
import { Folded } from './Folded';
import { AudioContent, BlobContent, ImageContent } from './MediaContent';
import './content.css';
import { revealInvisible } from '../../../../shared/reveal-invisible';

interface Props {
  /** MCP content blocks as the server sent them (any shape: non-conforming input is shown raw). */
  blocks: unknown;
  /** Opens a resource (for `resource_link` blocks). */
  onOpenResource?: (uri: string) => void;
  label: string;
  /** The long text the core holds at `path` (starting at a block's index), if any (see `HeldText`). */
  heldText?: HeldTextAt | undefined;
}

/** Finds a held text by its place; returns the outcome's own object, which views key on. */
export type HeldTextAt = (path: PathSegment[]) => HeldText | undefined;

/**
 * Renders MCP content: text (a JSON tree when it parses as JSON), images, audio, embedded
 * resources, resource links, and anything else raw with a note. Never as HTML.
 */
export function ContentBlocks({ blocks, onOpenResource, label, heldText }: Props) {
  const list = classifyContent(blocks);
  if (!list.ok) {
    return (
      <div className="content-blocks" role="group" aria-label={label}>
        <p className="content-problem" role="note">
          {list.problem} Shown exactly as sent.
        </p>
        {blocks !== undefined && (
          <DocumentView input={{ kind: 'value', value: blocks }} label={`${label}: as sent`} title="content" fileBaseName="content" />
        )}
      </div>
    );
  }
  if (list.blocks.length === 0) {
    return (
      <p className="content-note" role="note" aria-label={label}>
        No content blocks (an empty list).
      </p>
    );
  }
  const many = list.blocks.length > 1;
  return (
    <div className="content-blocks" role="group" aria-label={label}>
      {list.blocks.map((block, index) => (
        <ContentBlockView
          key={index}
          block={block}
          name={many ? `${label} ${index + 1}` : label}
          fileBaseName={many ? `content-${index + 1}` : 'content'}
          heldText={heldText && ((path) => heldText([index, ...path]))}
          {...(onOpenResource ? { onOpenResource } : {})}
        />
      ))}
    </div>
  );
}

interface BlockProps {
  block: ClassifiedBlock;
  /** Accessible name for this block's view. */
  name: string;
  fileBaseName: string;
  onOpenResource?: (uri: string) => void;
  /** The long text the core holds at `path` inside this block, if any. */
  heldText?: HeldTextAt | undefined;
}

export function ContentBlockView({ block, name, fileBaseName, onOpenResource, heldText: heldAt }: BlockProps) {
  const { view } = block;
  let body;
  switch (view.kind) {
    case 'text': {
      const heldText = heldAt?.(['text']);
      body = (
        <DocumentView
          input={heldText ? { kind: 'held', held: heldText } : { kind: 'text', text: view.text }}
          label={`${name}: text`}
          title="Text"
          fileBaseName={fileBaseName}
        />
      );
      break;
    }
    case 'image':
      body = <ImageContent data={view.data} mimeType={view.mimeType} label={`${name}: image`} />;
      break;
    case 'audio':
      body = <AudioContent data={view.data} mimeType={view.mimeType} label={`${name}: audio`} />;
      break;
    case 'resource': {
      // The same rule as a resource read: a text blob is shown as its text.
      const heldText = heldAt?.(['resource', 'text']);
      const blobText = view.text === undefined && view.blob !== undefined ? textOfBlob(view.blob.replace(/\s+/g, ''), view.mimeType) : null;
      body = (
        <div className="embedded-resource">
          <p className="embedded-resource__head">
            <span className="content-badge">Embedded resource</span> <code className="embedded-resource__uri">{revealInvisible(view.uri)}</code>
            {view.mimeType && <span className="document__meta"> {view.mimeType}</span>}
          </p>
          {view.text !== undefined || blobText !== null ? (
            <DocumentView
              input={heldText ? { kind: 'held', held: heldText } : { kind: 'text', text: view.text ?? blobText ?? '' }}
              label={`${name}: resource text`}
              title={view.text !== undefined ? 'Text' : 'Text (from a blob)'}
              fileBaseName={fileBaseName}
              {...(view.mimeType ? { mimeType: view.mimeType } : {})}
            />
          ) : (
            <BlobContent uri={view.uri} blob={view.blob ?? ''} {...(view.mimeType ? { mimeType: view.mimeType } : {})} />
          )}
        </div>
      );
      break;
    }
    case 'resource_link':
      body = (
        <div className="resource-link">
          <span className="content-badge">Resource link</span>
          <div className="resource-link__body">
            {onOpenResource ? (
              <button
                type="button"
                className="link-button resource-link__open"
                title={`Open ${revealInvisible(view.uri)} in the Resources tab`}
                onClick={() => onOpenResource(view.uri)}
              >
                {revealInvisible(view.title ?? view.name ?? view.uri)}
              </button>
            ) : (
              <span className="resource-link__name">{revealInvisible(view.title ?? view.name ?? view.uri)}</span>
            )}
            <code className="resource-link__uri">{revealInvisible(view.uri)}</code>
            {(view.mimeType || view.size !== undefined) && (
              <span className="document__meta">
                {[view.mimeType, view.size !== undefined ? formatBytes(view.size) : null].filter(Boolean).join(' · ')}
              </span>
            )}
            {view.description && <p className="resource-link__description">{view.description}</p>}
          </div>
        </div>
      );
      break;
    case 'unknown':
    case 'malformed':
      body = (
        <div>
          <p className="content-problem" role="note">
            {view.kind === 'unknown'
              ? `Unknown content type “${view.type}”: MCP does not define it, so it is shown exactly as sent.`
              : `${view.problem} Shown exactly as sent.`}
          </p>
          <DocumentView input={{ kind: 'value', value: block.raw }} label={`${name}: as sent`} title="As sent" fileBaseName={fileBaseName} />
        </div>
      );
      break;
  }
  return (
    <div className="content-block">
      {body}
      {block.annotations && <MetaDetails title="Annotations" value={block.annotations} name={`${name}: annotations`} />}
      {block.meta && <MetaDetails title="_meta" value={block.meta} name={`${name}: _meta`} />}
    </div>
  );
}

/** Secondary JSON (annotations, `_meta`), folded away until asked for. */
export function MetaDetails({ title, value, name }: { title: string; value: unknown; name: string }) {
  return (
    <Folded title={title}>
      <DocumentView input={{ kind: 'value', value }} label={name} title={title} fileBaseName={title.replace(/\W+/g, '') || 'meta'} />
    </Folded>
  );
}
