import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState, Prec } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { editorStatus, jsonDiagnostics, schemaCompletionSource } from './json-schema-extensions';
import { isObject } from '../../../../shared/is-object';
import { useValidateInCore, type ArgumentsCheck } from './use-schema-check';

const CLOSING: Record<string, string> = { '{': '}', '[': ']', '"': '"' };

/**
 * Typing `{`, `[` or `"` over a selection replaces it with the pair, the cursor inside, as typing
 * into an empty place does: with the whole text selected (Ctrl+A), `{` starts afresh rather than
 * wrapping the old text in braces.
 */
const replaceSelectionWithBracket = EditorView.inputHandler.of((view, _from, _to, text) => {
  const closing = CLOSING[text];
  if (closing === undefined || view.state.selection.ranges.every((range) => range.empty)) return false;
  view.dispatch(
    view.state.changeByRange((range) => ({
      changes: { from: range.from, to: range.to, insert: text + closing },
      range: EditorSelection.cursor(range.from + text.length),
    })),
    { userEvent: 'input.type', scrollIntoView: true },
  );
  return true;
});
import './schema-form.css';

interface Props {
  value: string;
  onChange: (text: string) => void;
  /** The JSON Schema the text should satisfy: drives diagnostics and completion. */
  schema?: unknown;
  /** The editor's accessible name (on its editable element). */
  label: string;
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  /** Ids of elements that describe the editor (errors, hints). */
  describedBy?: string;
  readOnly?: boolean;
  /** How the text's value is checked against `schema`: pass a remembered check to share its verdicts. */
  check?: ArgumentsCheck;
}

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--json-key)' },
  { tag: tags.string, color: 'var(--green)' },
  { tag: tags.number, color: 'var(--blue)' },
  { tag: [tags.bool, tags.null], color: 'var(--purple)' },
  { tag: [tags.separator, tags.brace, tags.squareBracket], color: 'var(--text-muted)' },
]);

const theme = EditorView.theme({
  '&': {
    fontSize: 'var(--font-size-mono)',
    backgroundColor: 'var(--bg-input)',
    color: 'var(--text)',
    border: '1px solid var(--border-strong)',
    borderRadius: 'var(--radius)',
  },
  '&.cm-focused': { outline: 'none', borderColor: 'var(--focus-ring)', boxShadow: '0 0 0 1px var(--focus-ring)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5', minHeight: '84px', maxHeight: '360px', overflow: 'auto' },
  '.cm-content': { caretColor: 'var(--text)', padding: '4px 0' },
  '.cm-cursor': { borderLeftColor: 'var(--text)' },
  '.cm-gutters': { backgroundColor: 'var(--bg-code)', color: 'var(--text-faint)', border: 'none', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--bg-hover) 60%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--bg-hover)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'color-mix(in srgb, var(--accent) 28%, transparent)' },
  '.cm-tooltip': { backgroundColor: 'var(--bg)', color: 'var(--text)', border: '1px solid var(--border-strong)', borderRadius: 'var(--radius)', boxShadow: 'var(--shadow)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--bg-selected)', color: 'var(--text)' },
  '.cm-completionDetail': { color: 'var(--text-faint)', fontStyle: 'normal', marginLeft: '8px' },
  '.cm-completionInfo': { whiteSpace: 'pre-wrap', maxWidth: '360px' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--red)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--yellow)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--red)', textUnderlineOffset: '3px' },
  '.cm-matchingBracket': { backgroundColor: 'var(--bg-active)', outline: 'none' },
});

/**
 * A CodeMirror 6 JSON editor: highlighting, bracket help, history, and diagnostics and completion
 * from a JSON Schema. Controlled: `value` replaces the text when it differs from it.
 */
export function JsonEditor({ value, onChange, schema, label, onSubmit, describedBy, readOnly = false, check }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const validate = useValidateInCore();
  // The schema verdict also feeds the status line: one core check per pause in typing.
  const [linted, setLinted] = useState<readonly Diagnostic[] | null>(null);
  // Callbacks and schema are read through refs, so the editor is built once.
  const latest = useRef({ onChange, onSubmit, schema, validate, check });
  useLayoutEffect(() => {
    latest.current = { onChange, onSubmit, schema, validate, check };
  });
  const statusId = useId();
  const attributes = useRef(new Compartment());
  const lint = useRef(new Compartment());
  // Async: Ajv runs in the core. CodeMirror drops diagnostics for a document that has changed since.
  const schemaLinter = () =>
    linter(
      async (editor) => {
        const { state } = editor;
        const diagnostics = await jsonDiagnostics(state, latest.current.schema, latest.current.validate, latest.current.check);
        if (editor.state.doc === state.doc) setLinted(diagnostics);
        return diagnostics;
      },
      { delay: 250 },
    );

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          // Before closeBrackets, which would wrap a selection in the bracket instead.
          Prec.high(replaceSelectionWithBracket),
          closeBrackets(),
          highlightActiveLine(),
          json(),
          syntaxHighlighting(highlight),
          lint.current.of(schemaLinter()),
          autocompletion({ override: [schemaCompletionSource(() => latest.current.schema)], icons: false }),
          EditorView.lineWrapping,
          theme,
          attributes.current.of([]),
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  latest.current.onSubmit?.();
                  return latest.current.onSubmit !== undefined;
                },
              },
            ]),
          ),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // Built once; later values arrive through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const attrs: Record<string, string> = { 'aria-label': label, 'aria-describedby': [statusId, describedBy].filter(Boolean).join(' ') };
    view.dispatch({
      effects: attributes.current.reconfigure([
        EditorView.contentAttributes.of(attrs),
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [label, describedBy, readOnly, statusId]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === value) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
  }, [value]);

  // A new schema: re-run the linter against it.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    view.dispatch({ effects: lint.current.reconfigure(schemaLinter()) });
  }, [schema]);

  const deferred = useDeferredValue(value);
  const hasSchema = isObject(schema);
  const status = useMemo(() => editorStatus(deferred, hasSchema, linted), [deferred, hasSchema, linted]);
  return (
    <div className="json-editor">
      <div ref={hostRef} />
      <p id={statusId} className={`json-editor__status ${status.ok ? '' : 'json-editor__status--problem'}`} aria-live="polite">
        {status.message}
      </p>
    </div>
  );
}
