import { useMemo } from 'react';
import { MAX_TURN_TEXT_CHARS } from '../../../../shared/chat';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { DocumentView } from '../../ui/content/DocumentView';

/**
 * Texts up to this length are one wrapped paragraph; longer ones (a model's answer may be up to
 * MAX_TURN_TEXT_CHARS) go to the document view, which lays out only the rows on screen and
 * prepares large texts in its worker, so opening such a turn never holds the page.
 */
export const INLINE_CHAT_TEXT_CHARS = 64 * 1024;

interface Props {
  text: string;
  /** Characters the core did not keep past the end of `text`. */
  notKept?: number | undefined;
  /** The accessible name of the windowed view of a long text. */
  label: string;
}

/**
 * A turn's text (a person's message, a model's answer, a notice) as plain text with bidi controls
 * and zero-width characters shown as ⟨U+202E⟩, so a model cannot make it read other than it is;
 * then, when the core cut it, how much more there was.
 */
export function ChatText({ text, notKept, label }: Props) {
  const shown = useMemo(() => revealInvisible(text), [text]);
  return (
    <>
      {shown.length <= INLINE_CHAT_TEXT_CHARS ? (
        shown !== '' && <p className="chat-turn__text">{shown}</p>
      ) : (
        <DocumentView input={{ kind: 'text', text: shown }} label={label} fileBaseName="chat-turn" mimeType="text/plain" title="Text" preferRaw maxHeight={320} />
      )}
      {notKept !== undefined && notKept > 0 && (
        <p className="chat-turn__not-kept muted" role="note">
          … {notKept.toLocaleString('en-US')} characters more were not kept (a turn keeps {MAX_TURN_TEXT_CHARS.toLocaleString('en-US')}).
        </p>
      )}
    </>
  );
}
