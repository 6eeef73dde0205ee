import { defaultKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { foldGutter, foldKeymap, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import type { TextLanguage } from './resource-content';

/** Colours from the theme variables, so one style serves light and dark. */
const highlightStyle = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--json-key)' },
  { tag: tags.string, color: 'var(--green)' },
  { tag: tags.number, color: 'var(--blue)' },
  { tag: [tags.bool, tags.null, tags.keyword], color: 'var(--purple)' },
  { tag: [tags.punctuation, tags.separator, tags.bracket], color: 'var(--text-muted)' },
  { tag: tags.invalid, color: 'var(--red)' },
]);

const theme = EditorView.theme({
  '&': {
    backgroundColor: 'var(--bg-code)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius)',
    fontSize: 'var(--font-size-mono)',
  },
  '&.cm-focused': { outline: '2px solid var(--focus-ring)', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5', overflow: 'auto' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-subtle)', color: 'var(--text-faint)', borderRight: '1px solid var(--border)' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent' },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground, ::selection': { backgroundColor: 'var(--bg-selected)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--bg-active)', border: 'none', color: 'var(--text-muted)' },
});

function extensionsFor(language: TextLanguage, label: string): Extension[] {
  return [
    EditorState.readOnly.of(true),
    // Stays focusable and keyboard-navigable (caret, selection, copy) while no edit is possible.
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
    EditorView.lineWrapping,
    lineNumbers(),
    keymap.of([...defaultKeymap, ...foldKeymap]),
    theme,
    syntaxHighlighting(highlightStyle),
    ...(language === 'json' ? [json(), foldGutter()] : []),
  ];
}

interface Props {
  text: string;
  language: TextLanguage;
  /** The accessible name of the text area. */
  label: string;
}

/** Read-only text with line numbers, syntax highlighting for JSON and folding: CodeMirror renders only what is on screen. */
export function CodeView({ text, language, label }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({ parent: host, state: EditorState.create({ doc: '', extensions: extensionsFor(language, label) }) });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [language, label]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  }, [text, language, label]);

  return <div ref={hostRef} className="code-view" />;
}
