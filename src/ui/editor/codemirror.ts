// The code editor: CodeMirror 6 in the page's colours, in the task's language. Ctrl/Cmd+Enter belongs to the
// caller (it runs the loop), Tab indents as in any code editor, and Escape then Tab moves focus on (CodeMirror's
// tab-focus mode), so the editor is no keyboard trap. Loaded after first paint (editor.ts stands in until it is here).
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder,
} from '@codemirror/view';
import type { EditorLanguage } from './language.ts';
import { errorLine, setErrorLine, setFlagLines } from './error-line.ts';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { languageExtension } from './language.ts';
import { codeIntel } from './code-intel.ts';
import { followColourScheme, pageTheme } from './theme.ts';
import type { Editor, EditorOptions } from './editor.ts';

// The default Mod-Enter inserts a blank line; here that key runs code instead.
const keys = defaultKeymap.filter((b) => b.key !== 'Mod-Enter');

export function mountCodeMirror(root: HTMLElement, opts: EditorOptions): Editor {
  const readOnly = new Compartment();
  const languageMode = new Compartment();
  // Completions, hovers and signature help, for TypeScript and JavaScript when the page gives a service.
  const intelMode = new Compartment();
  const intelFor = (lang: EditorLanguage): Extension =>
    opts.intel && (lang === 'typescript' || lang === 'javascript') ? codeIntel(opts.intel, lang) : [];
  let language: EditorLanguage = opts.language ?? 'python';
  const initial = languageExtension(language);
  const initialMode: Extension = initial instanceof Promise ? [] : initial;
  const compact = opts.size === 'compact';
  let programmatic = false;
  // Called only on a change of scheme, after the view below exists.
  const [scheme, stopFollowing] = followColourScheme(new Compartment(), () => editorView);

  const readOnlyExt = (ro: boolean): Extension => [
    EditorState.readOnly.of(ro),
    EditorView.contentAttributes.of({ 'aria-readonly': String(ro) }),
  ];

  const extensions: Extension[] = [
    lineNumbers(),
    compact ? [] : foldGutter(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    EditorState.tabSize.of(4),
    keymap.of([
      { key: 'Mod-Enter', run: () => (opts.onRun ? (opts.onRun(), true) : false) },
      ...closeBracketsKeymap,
      ...keys,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      indentWithTab,
    ]),
    languageMode.of(initialMode),
    intelMode.of(intelFor(language)),
    pageTheme,
    scheme,
    errorLine,
    lintGutter(),
    readOnly.of(readOnlyExt(opts.readOnly ?? false)),
    // tabindex: the scroller around it counts as keyboard-reachable for tools that ignore contenteditable.
    EditorView.contentAttributes.of({ 'aria-label': opts.label ?? 'Python code', spellcheck: 'false', tabindex: '0' }),
    opts.placeholder ? placeholder(opts.placeholder) : [],
    EditorView.updateListener.of((u) => {
      if (u.docChanged && !programmatic) opts.onChange?.(u.state.doc.toString());
    }),
  ];

  const host = document.createElement('div');
  host.className = compact ? 'editor editor-compact' : 'editor';
  root.append(host);
  const editorView = new EditorView({ parent: host, state: EditorState.create({ doc: opts.doc, extensions }) });

  async function setLanguage(next: EditorLanguage): Promise<void> {
    language = next;
    host.dataset.language = next;
    const ext = await languageExtension(next);
    // A later switch may have finished first; only the latest language is applied.
    if (language === next)
      editorView.dispatch({ effects: [languageMode.reconfigure(ext), intelMode.reconfigure(intelFor(next))] });
  }
  host.dataset.language = language;
  if (initial instanceof Promise) void setLanguage(language);

  return {
    getValue: () => editorView.state.doc.toString(),
    setValue(text) {
      if (text === editorView.state.doc.toString()) return;
      programmatic = true;
      try {
        editorView.dispatch({ changes: { from: 0, to: editorView.state.doc.length, insert: text } });
      } finally {
        programmatic = false;
      }
    },
    setReadOnly(ro) {
      editorView.dispatch({ effects: readOnly.reconfigure(readOnlyExt(ro)) });
    },
    focus: () => editorView.focus(),
    markErrorLine(line) {
      editorView.dispatch({ effects: setErrorLine.of(line) });
    },
    markErrors(errors) {
      const doc = editorView.state.doc;
      const diagnostics: Diagnostic[] = errors
        .filter((e) => e.line >= 1 && e.line <= doc.lines)
        .map((e) => {
          const at = doc.line(e.line);
          // From the column to the line's end; a line of only spaces is still marked, at its start.
          const from = e.column === undefined ? at.from : Math.min(at.to, at.from + e.column - 1);
          return { from, to: Math.max(from, at.to), severity: 'error', message: e.message, source: 'run' };
        });
      editorView.dispatch(setDiagnostics(editorView.state, diagnostics));
    },
    markFlagLines(lines) {
      editorView.dispatch({ effects: setFlagLines.of(lines) });
    },
    setLanguage,
    dispose() {
      stopFollowing();
      editorView.destroy();
      host.remove();
    },
  };
}
