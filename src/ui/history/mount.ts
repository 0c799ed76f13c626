// The history panel: search, open, resume, rename, delete, export, import, and how much room
// is left. It follows the store's change notices, so a session saved in another tab appears
// here without a reload.
import { h } from '../common/dom.ts';
import { downloadText, pickTextFile } from './files.ts';
import { storageText } from './format.ts';
import {
  exportCandidates,
  exportJson,
  importFile,
  refreshList,
  type HistoryPanel,
  type HistoryStoreApi,
} from './history-actions.ts';
import { button } from './row.ts';
import './history.css';

export interface HistoryViewOptions {
  store: HistoryStoreApi;
  onOpen(sessionId: string): void;
  /** Shown as a Resume button on interrupted sessions; the page resumes through the store. */
  onResume?(sessionId: string): void;
  /** Defaults to window.confirm. */
  confirm?(message: string): boolean | Promise<boolean>;
  download?(filename: string, text: string, mime: string): void;
  pickFile?(accept: string, limit: number): Promise<string | null>;
  /** Rows shown at most; older sessions are reached by searching. */
  limit?: number;
}

export interface HistoryView {
  refresh(): Promise<void>;
  destroy(): void;
}

export function mountHistory(root: HTMLElement, opts: HistoryViewOptions): HistoryView {
  const p: HistoryPanel = {
    store: opts.store,
    limit: opts.limit ?? 200,
    search: h('input', {
      class: 'fp-history-search',
      type: 'search',
      placeholder: 'Search titles and tasks',
      'aria-label': 'Search history',
    }),
    message: h('p', { class: 'fp-history-message', role: 'status' }),
    list: h('ul', { class: 'fp-history-list' }),
    more: h('p', { class: 'fp-history-more' }),
    onOpen: opts.onOpen,
    ...(opts.onResume ? { onResume: opts.onResume } : {}),
    confirm: opts.confirm ?? ((message: string) => window.confirm(message)),
    download: opts.download ?? downloadText,
    pickFile: opts.pickFile ?? pickTextFile,
    generation: 0,
  };
  const storage = h('p', { class: 'fp-history-storage' });
  const panel = buildPanel(p, storage);
  root.replaceChildren(panel);
  const stopFollowing = followChanges(p);

  void refreshList(p);
  void p.store.storageInfo().then(
    (info) => (storage.textContent = storageText(info)),
    () => (storage.textContent = ''),
  );

  return {
    refresh: () => refreshList(p),
    destroy() {
      stopFollowing();
      p.generation += 1;
      panel.remove();
    },
  };
}

function buildPanel(p: HistoryPanel, storage: HTMLElement): HTMLElement {
  const bar = h(
    'div',
    { class: 'fp-history-bar' },
    p.search,
    button('Import…', 'fp-history-import', () => void importFile(p)),
    button('Export JSON', 'fp-history-export', () => void exportJson(p)),
    button('Export candidates (JSONL)', 'fp-history-export-candidates', () => void exportCandidates(p)),
  );
  return h('section', { class: 'fp-history', 'aria-label': 'History' }, bar, p.message, p.list, p.more, storage);
}

/** Lists again as the search is typed and as the store changes; returns how to stop. */
function followChanges(p: HistoryPanel): () => void {
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  p.search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => void refreshList(p), 150);
  });

  // Attempts arrive in bursts while a loop runs; one refresh per burst is enough.
  let changeTimer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = p.store.onHistoryChanged(() => {
    clearTimeout(changeTimer);
    changeTimer = setTimeout(() => void refreshList(p), 100);
  });

  return () => {
    unsubscribe();
    clearTimeout(searchTimer);
    clearTimeout(changeTimer);
  };
}
