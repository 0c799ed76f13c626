// Page-wide keys. Ctrl/Cmd+Enter runs; Escape stops, except from inside a code editor, where
// Escape belongs to the editor (Escape then Tab leaves it, as CodeMirror documents). A key an
// editor or a dialog already handled (defaultPrevented, or any open dialog) is left alone, so
// Escape closing a dialog never also stops the loop.

export interface ShortcutActions {
  run(): void;
  stop(): void;
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

const mod = (): string => (isMac() ? '⌘' : 'Ctrl');

export function shortcutHint(): string {
  return `${mod()}+Enter runs · Esc stops`;
}

/** What the shortcut help lists: keys, then what they do. */
export function shortcutList(): [string, string][] {
  return [
    [`${mod()}+Enter`, 'Run: the loop when an endpoint is set, else the code once'],
    ['Esc', 'Stop the loop or the run (outside the code editors)'],
    ['Esc, then Tab', 'Leave a code editor (Shift+Tab to go back); Tab alone indents'],
    ['Esc in a dialog', 'Close the dialog; focus returns to the button that opened it'],
    ['Arrow keys, Page Up/Down, Home/End', 'Scroll the output, diff, feedback or reply once focused'],
    ['Shift+click a row, or its Compare button', 'Compare two attempts'],
  ];
}

const inEditor = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('.cm-editor, textarea.editor') !== null;

export function installShortcuts(actions: ShortcutActions, target: Document = document): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented || e.isComposing) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
      e.preventDefault();
      actions.run();
    } else if (e.key === 'Escape' && !inEditor(e.target) && !target.querySelector('dialog[open]')) {
      actions.stop();
    }
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
