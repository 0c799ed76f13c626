// What the page does once, as it loads: start Python, open the history, mark the sessions a
// reload or crash left running as interrupted, and show the latest of them so it can be resumed.
// The states land on the root element as data attributes for anyone waiting on them.
import { openStore, type HistoryStore } from '../store/history-store.ts';
import type { Layout, PythonState } from '../ui/layout/layout.ts';
import type { Notices } from '../ui/layout/notices.ts';
import type { Runtime } from '../shared/runtime.ts';
import { errorMessage } from '../shared/error-message.ts';

export type StartingRuntime = Runtime & { readonly ready: Promise<{ isolated: boolean }> };

export interface StartUpParts {
  root: HTMLElement;
  python: StartingRuntime;
  layout: Layout;
  notices: Notices;
  onStore(store: HistoryStore): void;
  onStoreFailed(message: string): void;
  openInterrupted(id: string): void;
}

export function startUp(p: StartUpParts): void {
  const { root, notices } = p;
  // Said twice: on the root for anyone waiting on it, and in the header for the person at the page.
  const pythonState = (state: PythonState): void => {
    root.dataset.python = state;
    p.layout.setPythonState(state);
  };
  pythonState('starting');
  p.python.ready.then(
    ({ isolated }) => {
      root.dataset.isolated = String(isolated);
      pythonState('ready');
    },
    (err: unknown) => {
      pythonState('failed');
      notices.show(
        'python',
        `${errorMessage(err)}. Reload the page to try again; runs cannot work until Python starts.`,
      );
    },
  );

  root.dataset.history = 'opening';
  void openHistory(p).catch((err: unknown) => {
    const message = `History is not available: ${errorMessage(err)} Runs still work, but nothing is saved.`;
    notices.show('history', message, 'warning');
    p.onStoreFailed(message);
    root.dataset.history = 'unavailable';
  });
}

async function openHistory(p: StartUpParts): Promise<void> {
  const store = await openStore();
  let marked: string[] = [];
  try {
    marked = await store.markInterrupted();
  } catch (err) {
    p.notices.show('history', `Could not check for interrupted sessions: ${errorMessage(err)}`, 'warning');
  }
  p.onStore(store);
  p.root.dataset.history = 'ready';
  // Asks the browser to keep the history under storage pressure; the history dialog shows the answer.
  void store.storageInfo().catch(() => undefined);
  if (marked.length === 0) return;
  const recent = await store.listSessions({ limit: 50 });
  const latest = recent.find((s) => marked.includes(s.id));
  if (!latest) return;
  const others = marked.length > 1 ? ` ${marked.length - 1} more can be resumed from the history.` : '';
  p.notices.show(
    'interrupted',
    `“${latest.title}” was cut off by a reload or a closed tab. Press Resume under its attempts to go on.${others}`,
    'info',
  );
  p.openInterrupted(latest.id);
}
