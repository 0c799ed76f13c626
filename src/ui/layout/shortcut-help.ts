// The keyboard shortcut help: every key the page answers to, in a table, in a modal dialog.
import { h } from '../common/dom.ts';
import { shortcutList } from './shortcuts.ts';
import { createDialog, type Dialog } from '../common/dialog.ts';

export function createShortcutHelp(): Dialog {
  const dialog = createDialog('Keyboard shortcuts', 'keys-dialog');
  dialog.body.append(
    h(
      'table',
      { class: 'keys-table' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Keys'), h('th', { scope: 'col' }, 'What they do'))),
      h(
        'tbody',
        null,
        ...shortcutList().map(([keys, what]) =>
          h('tr', null, h('th', { scope: 'row' }, h('kbd', null, keys)), h('td', null, what)),
        ),
      ),
    ),
  );
  return dialog;
}
