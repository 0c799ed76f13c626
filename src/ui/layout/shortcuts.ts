// Page-wide keys. Ctrl/Cmd+Enter runs; Escape stops. A key an editor or a dialog already
// handled (defaultPrevented, or any open dialog) is left alone, so Escape closing a dialog
// never also stops the loop.

export interface ShortcutActions {
  run(): void;
  stop(): void;
}

function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

export function shortcutHint(): string {
  return `${isMac() ? '⌘' : 'Ctrl'}+Enter runs · Esc stops`;
}

export function installShortcuts(actions: ShortcutActions, target: Document = document): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented || e.isComposing) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
      e.preventDefault();
      actions.run();
    } else if (e.key === 'Escape' && !target.querySelector('dialog[open]')) {
      actions.stop();
    }
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
