// The code editor as the page uses it. A plain text box stands in at first, so the page is
// usable before CodeMirror has loaded; CodeMirror (codemirror.ts, its own chunk) takes its place
// when it arrives, with the text, read-only state and error line carried over.
import type { EditorLanguage } from './language.ts';
import type { CodeIntel } from '../../shared/code-intel.ts';
import type { CodeError } from './run-diagnostics.ts';
import type * as CodeMirror from './codemirror.ts';

export interface EditorOptions {
  doc: string;
  readOnly?: boolean;
  /** Called after edits the person makes, never after setValue, so callers can tell hand edits apart. */
  onChange?: (text: string) => void;
  /** Ctrl/Cmd+Enter. Without it the key is left to the page's own shortcut. */
  onRun?: () => void;
  /** Accessible name, e.g. "Candidate code". */
  label?: string;
  placeholder?: string;
  /** 'compact' is the smaller box used for tests: no fold gutter, shorter. */
  size?: 'full' | 'compact';
  /** Default Python. */
  language?: EditorLanguage;
  /** Completions, hovers and signature help for TypeScript and JavaScript; none without it. */
  intel?: CodeIntel;
}

export interface Editor {
  getValue(): string;
  setValue(text: string): void;
  setReadOnly(readOnly: boolean): void;
  focus(): void;
  /** Highlights a 1-based line (a run's exception line); undefined clears it. Cleared by any edit. */
  markErrorLine(line: number | undefined): void;
  /** Marks the lines test-gaming flags rest on; [] clears them. Cleared by any edit. */
  markFlagLines(lines: readonly number[]): void;
  /** Underlines a run's errors, in the lint gutter too, each message shown on hover; [] clears them. */
  markErrors(errors: readonly CodeError[]): void;
  /** Switches highlighting and indentation; settles once the language's mode has loaded. */
  setLanguage(language: EditorLanguage): Promise<void>;
  dispose(): void;
}

type CodeMirrorModule = typeof CodeMirror;
let codemirror: Promise<CodeMirrorModule> | undefined;
const loadCodeMirror = (): Promise<CodeMirrorModule> => (codemirror ??= import('./codemirror.ts'));

export function mountEditor(root: HTMLElement, opts: EditorOptions): Editor {
  const compact = opts.size === 'compact';
  const box = document.createElement('textarea');
  box.className = compact ? 'editor editor-compact editor-plain' : 'editor editor-plain';
  box.value = opts.doc;
  box.readOnly = opts.readOnly ?? false;
  box.spellcheck = false;
  box.setAttribute('aria-label', opts.label ?? 'Python code');
  if (opts.placeholder) box.placeholder = opts.placeholder;
  box.addEventListener('input', () => opts.onChange?.(box.value));
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && opts.onRun) {
      e.preventDefault();
      opts.onRun();
    }
  });
  root.append(box);

  let real: Editor | undefined;
  let disposed = false;
  let errorLine: number | undefined;
  let flagLines: readonly number[] = [];
  let errors: readonly CodeError[] = [];
  let language: EditorLanguage = opts.language ?? 'python';
  box.dataset.language = language;
  void loadCodeMirror().then(({ mountCodeMirror }) => {
    if (disposed) return;
    const hadFocus = document.activeElement === box;
    real = mountCodeMirror(root, { ...opts, doc: box.value, readOnly: box.readOnly, language });
    box.replaceWith(root.lastElementChild!);
    if (errorLine !== undefined) real.markErrorLine(errorLine);
    if (flagLines.length) real.markFlagLines(flagLines);
    if (errors.length) real.markErrors(errors);
    if (hadFocus) real.focus();
  });

  return {
    getValue: () => (real ? real.getValue() : box.value),
    setValue(text) {
      if (real) real.setValue(text);
      else box.value = text;
    },
    setReadOnly(ro) {
      if (real) real.setReadOnly(ro);
      else box.readOnly = ro;
    },
    focus: () => (real ? real.focus() : box.focus()),
    markErrorLine(line) {
      errorLine = line;
      real?.markErrorLine(line);
    },
    markFlagLines(lines) {
      flagLines = lines;
      real?.markFlagLines(lines);
    },
    markErrors(next) {
      errors = next;
      real?.markErrors(next);
    },
    async setLanguage(next) {
      language = next;
      box.dataset.language = next;
      await real?.setLanguage(next);
    },
    dispose() {
      disposed = true;
      real?.dispose();
      box.remove();
    },
  };
}

/** The smaller editor for a task's tests. */
export function mountTestsEditor(root: HTMLElement, opts: Omit<EditorOptions, 'size'>): Editor {
  return mountEditor(root, { label: 'Tests', ...opts, size: 'compact' });
}
