import { LARGE_TEXT_CHARS } from '../../../../shared/document/large-text';
import type { HeldText } from '../../../../shared/mcp';
import { formatBytes, utf8Length } from '../../ui/format';
import { suggestFileName } from '../../ui/content/binary';
import { CopyButton } from '../../ui/CopyButton';
import { DocumentView } from '../../ui/content/DocumentView';
import { saveFile } from '../../ui/content/file-actions';
import { AudioContent, BlobContent, ImageContent } from '../../ui/content/MediaContent';
import { CodeView } from './CodeView';
import { looksLikeJson, type ResourceContentView as ContentView } from './resource-content';
import '../../ui/content/content.css';

/**
 * One item of a read result, by its mimeType: JSON as a tree, other text highlighted in a
 * read-only editor (a long text in the document view, its rows as they are scrolled to), images
 * shown, audio playable, any other blob as its size and type with Save. `held`: the core holds
 * the item's text (see `HeldText`).
 */
export function ResourceContentView({ content, held }: { content: ContentView; held?: HeldText | undefined }) {
  const what = content.uri ?? 'this resource';
  const fileBaseName = suggestFileName('resource', content.mimeType, content.uri).replace(/\.[^.]+$/, '');
  return (
    <article className="resource-content" aria-label={`Content ${content.uri ?? ''}`.trim()}>
      <header className="resource-content__header">
        {content.uri !== undefined && <code className="resource-content__uri">{content.uri}</code>}
        <span className="resource-badge">{content.mimeType ?? 'no mimeType'}</span>
        {content.kind === 'text' && content.fromBlob && <span className="muted">decoded from a base64 blob</span>}
      </header>
      {content.kind === 'text' &&
        // JSON, and any long text, in the document view: a long one is prepared off the main thread
        // (by the core when it holds it), where the editor would lay out megabytes at once.
        (content.language === 'json' || held || content.text.length >= LARGE_TEXT_CHARS ? (
          <DocumentView
            input={held ? { kind: 'held', held } : { kind: 'text', text: content.text }}
            label={content.language === 'json' ? `JSON of ${what}` : `Text of ${what}`}
            title={content.language === 'json' ? 'JSON' : 'Text'}
            fileBaseName={fileBaseName}
            {...(content.mimeType ? { mimeType: content.mimeType } : {})}
            maxHeight={480}
          />
        ) : (
          <TextContent text={content.text} mimeType={content.mimeType} uri={content.uri} label={`Text of ${what}`} />
        ))}
      {content.kind === 'image' && (
        <ImageContent data={content.base64} mimeType={content.mimeType ?? 'image/png'} label={`Image ${what}`} />
      )}
      {content.kind === 'audio' && (
        <AudioContent data={content.base64} mimeType={content.mimeType ?? 'audio/wav'} label={`Audio ${what}`} />
      )}
      {content.kind === 'binary' && (
        <BlobContent uri={content.uri ?? 'resource'} blob={content.base64} {...(content.mimeType ? { mimeType: content.mimeType } : {})} />
      )}
      {content.kind === 'invalid' && (
        <p className="content-note content-note--error" role="alert">
          This item cannot be shown: {content.reason}
        </p>
      )}
    </article>
  );
}

function TextContent({ text, mimeType, uri, label }: { text: string; mimeType: string | undefined; uri: string | undefined; label: string }) {
  const type = mimeType ?? 'text/plain';
  return (
    <div className="document">
      <div className="document__header">
        <span className="document__title">Text</span>
        <span className="document__meta">{formatBytes(utf8Length(text))}</span>
        <span className="document__spacer" />
        <CopyButton text={() => text} />
        <button type="button" className="button button--small" onClick={() => saveFile(suggestFileName('resource', type, uri), text, type)}>
          Save…
        </button>
      </div>
      {text === '' ? (
        <p className="content-note">The text is empty.</p>
      ) : (
        // Highlighted as JSON when it plainly is JSON, whatever the declared type.
        <CodeView text={text} language={looksLikeJson(text) ? 'json' : 'plain'} label={label} />
      )}
    </div>
  );
}
