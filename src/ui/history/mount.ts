// The history panel: search, open, resume, rename, delete, export, import, and how much room
// is left. It follows the store's change notices, so a session saved in another tab appears
// here without a reload.
import type { HistoryStore } from '../../store/history-store.ts';
import type { Session } from '../../shared/task.ts';
import { downloadText, pickTextFile } from './files.ts';
import { fileName, storageText } from './format.ts';
import { button, el, renderRow } from './row.ts';
import './history.css';

export type HistoryStoreApi = Pick<
  HistoryStore,
  | 'listSessions'
  | 'renameSession'
  | 'deleteSession'
  | 'exportHistory'
  | 'importHistory'
  | 'exportCandidates'
  | 'storageInfo'
  | 'onHistoryChanged'
>;

export interface HistoryViewOptions {
  store: HistoryStoreApi;
  onOpen(sessionId: string): void;
  /** Shown as a Resume button on interrupted sessions; the page resumes through the store. */
  onResume?(sessionId: string): void;
  /** Defaults to window.confirm. */
  confirm?(message: string): boolean | Promise<boolean>;
  download?(filename: string, text: string, mime: string): void;
  pickFile?(accept: string): Promise<string | null>;
  /** Rows shown at most; older sessions are reached by searching. */
  limit?: number;
}

export interface HistoryView {
  refresh(): Promise<void>;
  destroy(): void;
}

export function mountHistory(root: HTMLElement, opts: HistoryViewOptions): HistoryView {
  const { store } = opts;
  const limit = opts.limit ?? 200;
  const confirm = opts.confirm ?? ((message: string) => window.confirm(message));
  const download = opts.download ?? downloadText;
  const pickFile = opts.pickFile ?? pickTextFile;

  const search = el('input', { className: 'fp-history-search' });
  search.type = 'search';
  search.placeholder = 'Search titles and tasks';
  search.setAttribute('aria-label', 'Search history');
  const message = el('p', { className: 'fp-history-message' });
  message.setAttribute('role', 'status');
  const list = el('ul', { className: 'fp-history-list' });
  const more = el('p', { className: 'fp-history-more' });
  const storage = el('p', { className: 'fp-history-storage' });
  const bar = el(
    'div',
    { className: 'fp-history-bar' },
    search,
    button('Import…', 'fp-history-import', () => void importFile()),
    button('Export JSON', 'fp-history-export', () => void exportJson()),
    button('Export candidates (JSONL)', 'fp-history-export-candidates', () => void exportCandidates()),
  );
  const panel = el('section', { className: 'fp-history' }, bar, message, list, more, storage);
  panel.setAttribute('aria-label', 'History');
  root.replaceChildren(panel);

  function say(text: string, kind: 'info' | 'error' = 'info'): void {
    message.textContent = text;
    message.dataset.kind = kind;
  }

  // Store failures (a full quota above all) are shown, never swallowed.
  async function attempt(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), 'error');
    }
  }

  let generation = 0;
  async function refresh(): Promise<void> {
    // A row being renamed would lose its input; the change that ends the rename refreshes.
    if (list.querySelector('[data-renaming]')) return;
    const mine = ++generation;
    await attempt(async () => {
      const sessions = await store.listSessions({ search: search.value, limit: limit + 1 });
      if (mine !== generation) return;
      list.replaceChildren(...sessions.slice(0, limit).map((session) => renderRow(session, rowActions)));
      more.textContent = sessions.length > limit ? `Showing the newest ${limit}; search to find older sessions.` : '';
      if (sessions.length === 0) {
        more.textContent = search.value.trim() ? 'No session matches.' : 'No sessions yet.';
      }
    });
  }

  const rowActions = {
    open: (id: string) => opts.onOpen(id),
    ...(opts.onResume ? { resume: opts.onResume } : {}),
    rename: (id: string, title: string) => attempt(() => store.renameSession(id, title)),
    remove: (session: Session) =>
      attempt(async () => {
        const ok = await confirm(`Delete “${session.title}” and all its attempts? This cannot be undone.`);
        if (!ok) return;
        await store.deleteSession(session.id);
        say(`Deleted “${session.title}”.`);
      }),
    candidates: (id: string) =>
      attempt(async () => {
        download(
          fileName('fixpoint-candidates', 'jsonl', Date.now()),
          await store.exportCandidates([id]),
          'application/jsonl',
        );
      }),
  };

  /** The sessions an export covers: those matching the search, or all when there is none. */
  async function shownIds(): Promise<string[] | undefined> {
    if (!search.value.trim()) return undefined;
    return (await store.listSessions({ search: search.value })).map((session) => session.id);
  }

  const exportJson = () =>
    attempt(async () => {
      const text = await store.exportHistory(await shownIds());
      download(fileName('fixpoint-history', 'json', Date.now()), text, 'application/json');
    });

  const exportCandidates = () =>
    attempt(async () => {
      const text = await store.exportCandidates(await shownIds());
      download(fileName('fixpoint-candidates', 'jsonl', Date.now()), text, 'application/jsonl');
    });

  const importFile = () =>
    attempt(async () => {
      const text = await pickFile('.json,application/json');
      if (text === null) return;
      // A bad file throws before anything is written; attempt() shows the reason.
      const report = await store.importHistory(text);
      const skipped = report.skipped.length ? ` ${report.skipped.length} already present, skipped.` : '';
      say(`Imported ${report.imported.length} session${report.imported.length === 1 ? '' : 's'}.${skipped}`);
      await refresh();
    });

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => void refresh(), 150);
  });

  // Attempts arrive in bursts while a loop runs; one refresh per burst is enough.
  let changeTimer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.onHistoryChanged(() => {
    clearTimeout(changeTimer);
    changeTimer = setTimeout(() => void refresh(), 100);
  });

  void refresh();
  void store.storageInfo().then(
    (info) => (storage.textContent = storageText(info)),
    () => (storage.textContent = ''),
  );

  return {
    refresh,
    destroy() {
      unsubscribe();
      clearTimeout(searchTimer);
      clearTimeout(changeTimer);
      generation += 1;
      panel.remove();
    },
  };
}
