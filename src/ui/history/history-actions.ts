// What the history panel does: list the sessions, and the actions on them and on the whole
// history (delete, rename, export, import). Store failures (a full quota above all) are shown in
// the panel's message line, never swallowed.
import { HISTORY_FILE_LIMIT } from '../../store/history-file.ts';
import type { HistoryStore } from '../../store/history-store.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { formatBytes, plural } from '../../shared/format.ts';
import { EXPORT_FILES_LIMIT } from '../../shared/agent-files.ts';
import type { Session } from '../../shared/session.ts';
import { fileName } from './format.ts';
import { renderRow, type RowActions } from './row.ts';

export type HistoryStoreApi = Pick<
  HistoryStore,
  | 'listSessions'
  | 'renameSession'
  | 'deleteSession'
  | 'exportHistoryReport'
  | 'importHistory'
  | 'exportCandidates'
  | 'storageInfo'
  | 'onHistoryChanged'
>;

/** One mounted history panel: its parts, what it calls, and which listing is the latest. */
export interface HistoryPanel {
  store: HistoryStoreApi;
  limit: number;
  search: HTMLInputElement;
  message: HTMLElement;
  list: HTMLElement;
  more: HTMLElement;
  onOpen(sessionId: string): void;
  onResume?(sessionId: string): void;
  confirm(message: string): boolean | Promise<boolean>;
  download(filename: string, text: string, mime: string): void;
  pickFile(accept: string, limit: number): Promise<string | null>;
  /** Bumped by each listing, so an older, slower one does not overwrite a newer one. */
  generation: number;
}

function say(p: HistoryPanel, text: string, kind: 'info' | 'error' = 'info'): void {
  p.message.textContent = text;
  p.message.dataset.kind = kind;
}

async function attempt(p: HistoryPanel, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    say(p, errorMessage(error), 'error');
  }
}

export async function refreshList(p: HistoryPanel): Promise<void> {
  // A row being renamed would lose its input; the change that ends the rename refreshes.
  if (p.list.querySelector('[data-renaming]')) return;
  const mine = ++p.generation;
  await attempt(p, async () => {
    const sessions = await p.store.listSessions({ search: p.search.value, limit: p.limit + 1 });
    if (mine !== p.generation) return;
    const actions = rowActions(p);
    p.list.replaceChildren(...sessions.slice(0, p.limit).map((session) => renderRow(session, actions)));
    p.more.textContent =
      sessions.length > p.limit ? `Showing the newest ${p.limit}; search to find older sessions.` : '';
    if (sessions.length === 0) {
      p.more.textContent = p.search.value.trim() ? 'No session matches.' : 'No sessions yet.';
    }
  });
}

function rowActions(p: HistoryPanel): RowActions {
  return {
    open: (id) => p.onOpen(id),
    ...(p.onResume ? { resume: p.onResume } : {}),
    rename: (id, title) => attempt(p, () => p.store.renameSession(id, title)),
    remove: (session: Session) =>
      attempt(p, async () => {
        const ok = await p.confirm(`Delete “${session.title}” and all its attempts? This cannot be undone.`);
        if (!ok) return;
        await p.store.deleteSession(session.id);
        say(p, `Deleted “${session.title}”.`);
      }),
    candidates: (id) =>
      attempt(p, async () => {
        const text = await p.store.exportCandidates([id]);
        p.download(fileName('fixpoint-candidates', 'jsonl', Date.now()), text, 'application/jsonl');
      }),
  };
}

/** The sessions an export covers: those matching the search, or all when there is none. */
async function shownIds(p: HistoryPanel): Promise<string[] | undefined> {
  if (!p.search.value.trim()) return undefined;
  return (await p.store.listSessions({ search: p.search.value })).map((session) => session.id);
}

export const exportJson = (p: HistoryPanel): Promise<void> =>
  attempt(p, async () => {
    const { text, leftOut } = await p.store.exportHistoryReport(await shownIds(p));
    p.download(fileName('fixpoint-history', 'json', Date.now()), text, 'application/json');
    // Agent sessions' files go with them up to a limit; past it the export says which stayed behind.
    if (leftOut.length)
      say(
        p,
        `Exported. Files past ${formatBytes(EXPORT_FILES_LIMIT)} a session were left out: ${leftOut
          .map((s) => `${s.files.map((f) => `${f.name} (${formatBytes(f.size)})`).join(', ')} of “${s.title}”`)
          .join('; ')}.`,
      );
  });

export const exportCandidates = (p: HistoryPanel): Promise<void> =>
  attempt(p, async () => {
    const text = await p.store.exportCandidates(await shownIds(p));
    p.download(fileName('fixpoint-candidates', 'jsonl', Date.now()), text, 'application/jsonl');
  });

export const importFile = (p: HistoryPanel): Promise<void> =>
  attempt(p, async () => {
    const text = await p.pickFile('.json,application/json', HISTORY_FILE_LIMIT);
    if (text === null) return;
    // A bad file throws before anything is written; attempt() shows the reason.
    const report = await p.store.importHistory(text);
    const skipped = report.skipped.length ? ` ${report.skipped.length} already present, skipped.` : '';
    say(p, `Imported ${plural(report.imported.length, 'session')}.${skipped}`);
    await refreshList(p);
  });
