// The mounted page: its views, and what changes while it is open (the history store, the
// endpoint, the run in progress, whether the task panel still holds the shown session's task),
// each changed only through a method here.
import type { KeyStore } from '../models/keys.ts';
import type { Session } from '../shared/session.ts';
import type { HistoryStore } from '../store/history-store.ts';
import type { WebPageView } from '../ui/kinds/web/page-view.ts';
import type { EndpointSettings } from '../ui/settings/settings-model.ts';
import type { TaskPanel } from '../ui/task/task-panel.ts';
import type { LoopParts } from './loop-control.ts';

/** The page's views, built once. */
export interface PageViews extends Omit<LoopParts, 'store' | 'endpoint' | 'settings'> {
  root: HTMLElement;
  tasks: TaskPanel;
  /** The web page kind's rendered page (picture, console, live preview). */
  webPage: WebPageView;
  keys: KeyStore;
}

export class PageState {
  readonly root: HTMLElement;
  readonly layout: PageViews['layout'];
  readonly view: PageViews['view'];
  readonly editor: PageViews['editor'];
  readonly reply: PageViews['reply'];
  readonly terminal: PageViews['terminal'];
  readonly results: PageViews['results'];
  readonly activity: PageViews['activity'];
  readonly notices: PageViews['notices'];
  readonly runtime: PageViews['runtime'];
  readonly tasks: TaskPanel;
  readonly webPage: WebPageView;
  readonly keys: KeyStore;

  #endpoint: EndpointSettings;
  #store: HistoryStore | undefined;
  #storeProblem = 'History is still opening.';
  /**
   * Set when the task panel changes after a session was shown: Continue then starts afresh
   * instead of going on with a session about another task.
   */
  #taskEdited = false;
  /** The run in progress; there is at most one. */
  #active: AbortController | undefined;

  constructor(v: PageViews, endpoint: EndpointSettings) {
    this.root = v.root;
    this.layout = v.layout;
    this.view = v.view;
    this.editor = v.editor;
    this.reply = v.reply;
    this.terminal = v.terminal;
    this.results = v.results;
    this.activity = v.activity;
    this.notices = v.notices;
    this.runtime = v.runtime;
    this.tasks = v.tasks;
    this.webPage = v.webPage;
    this.keys = v.keys;
    this.#endpoint = endpoint;
    this.root.dataset.busy = 'false';
  }

  get endpoint(): EndpointSettings {
    return this.#endpoint;
  }

  /** Settings saved in the dialog. */
  setEndpoint(settings: EndpointSettings): void {
    this.#endpoint = settings;
  }

  get store(): HistoryStore | undefined {
    return this.#store;
  }

  /** Why there is no store, for the history dialog to say. */
  get storeProblem(): string {
    return this.#storeProblem;
  }

  storeOpened(store: HistoryStore): void {
    this.#store = store;
  }

  storeFailed(message: string): void {
    this.#storeProblem = message;
  }

  /** The task panel holds the shown session's task when the session is in the history. */
  sessionShown(stored = true): void {
    this.#taskEdited = !stored;
  }

  /** The task panel no longer holds the shown session's task (edited, replaced, or the session deleted). */
  taskChanged(): void {
    this.#taskEdited = true;
  }

  /** The shown session, when Continue may go on with it in the history. */
  continuable(): Session | undefined {
    const shown = this.view.session;
    return shown && this.#store && !this.#taskEdited ? shown : undefined;
  }

  get running(): boolean {
    return this.#active !== undefined;
  }

  /** Stops the run in progress, if any. */
  stop(): void {
    this.#active?.abort();
  }

  /** Runs `work` unless something is running already, with the page locked meanwhile. */
  async exclusive(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    if (this.#active) return;
    const ac = (this.#active = new AbortController());
    this.setBusy(true);
    try {
      await work(ac.signal);
    } finally {
      this.#active = undefined;
      this.setBusy(false);
    }
  }

  private setBusy(busy: boolean): void {
    this.root.dataset.busy = String(busy);
    this.layout.setRunning(busy);
    this.editor.setReadOnly(busy);
    this.tasks.setLocked(busy);
  }
}
