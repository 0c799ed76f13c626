// Share and Download beside the loop's controls: a link that carries the task and the editor's
// code (task-link.ts), and the code as a file. A link opened here fills the task and the editor
// and says so; nothing runs until the person presses Run once or Run loop.
import { downloadText } from '../history/files.ts';
import { h } from '../common/dom.ts';
import type { Editor } from '../editor/editor.ts';
import type { Notices } from '../layout/notices.ts';
import type { TaskPanel } from '../task/task-panel.ts';
import { codeFileName, decodeTaskLink, encodeTaskLink, isTaskLink } from './task-link.ts';

const NOTICE = 'shared-task';

/** The page's parts Share reads and fills (src/app/page-state.ts). */
interface SharePage {
  readonly root: HTMLElement;
  readonly tasks: Pick<TaskPanel, 'getTask' | 'setTask'>;
  readonly editor: Pick<Editor, 'getValue' | 'setValue'>;
  readonly notices: Pick<Notices, 'show'>;
  taskChanged(): void;
}

export function installShare(page: SharePage): void {
  const toolbar = page.root.querySelector<HTMLElement>('.toolbar');
  if (!toolbar) return;
  const share = h(
    'button',
    { type: 'button', 'data-testid': 'share-task', title: 'A link that opens this task and the code in the editor' },
    'Share link',
  );
  const download = h(
    'button',
    { type: 'button', 'data-testid': 'download-code', title: "Download the editor's code as a file" },
    'Download code',
  );
  const field = h('input', { type: 'text', readonly: true, 'aria-label': 'Share link', 'data-testid': 'share-link' });
  const copy = h('button', { type: 'button', 'data-testid': 'share-copy' }, 'Copy');
  const close = h('button', { type: 'button', 'aria-label': 'Close the share link' }, '×');
  const said = h('span', { class: 'share-status', role: 'status', 'data-testid': 'share-status' });
  const box = h('div', { class: 'share-box', hidden: true, 'data-testid': 'share-box' }, field, copy, close, said);
  toolbar.insertBefore(share, toolbar.querySelector('.hint'));
  toolbar.insertBefore(download, toolbar.querySelector('.hint'));
  toolbar.after(box);

  const copyLink = async (): Promise<void> => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      said.textContent = 'Copied. Whoever opens it gets this task and this code; nothing runs until they press Run.';
    } catch {
      said.textContent = 'Select the link and copy it (this browser did not allow the page to copy it).';
    }
  };
  share.addEventListener('click', () => {
    void encodeTaskLink({ task: page.tasks.getTask(), code: page.editor.getValue() }).then(
      async ({ fragment, warning }) => {
        field.value = `${location.origin}${location.pathname}${location.search}${fragment}`;
        box.hidden = false;
        await copyLink();
        if (warning) said.textContent += ` ${warning}`;
      },
      (e: unknown) => {
        box.hidden = false;
        said.textContent = `No link was made: ${e instanceof Error ? e.message : String(e)}`;
      },
    );
  });
  copy.addEventListener('click', () => void copyLink());
  close.addEventListener('click', () => {
    box.hidden = true;
    share.focus();
  });
  download.addEventListener('click', () =>
    downloadText(codeFileName(page.tasks.getTask()), page.editor.getValue(), 'text/plain'),
  );

  const open = async (): Promise<void> => {
    if (!isTaskLink(location.hash)) return;
    const hash = location.hash;
    // Off the address at once: a reload then keeps what the person edits, not the link's copy.
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    try {
      const { task, code } = await decodeTaskLink(hash);
      page.tasks.setTask(task);
      page.editor.setValue(code);
      page.taskChanged();
      page.notices.show(
        NOTICE,
        `Opened a shared task, "${task.title || 'untitled'}", with its code in the editor. Nothing has run: press Run once to run the code, or Run loop.`,
        'info',
      );
    } catch (e) {
      page.notices.show(NOTICE, e instanceof Error ? e.message : String(e), 'error');
    }
  };
  window.addEventListener('hashchange', () => void open());
  void open();
}
