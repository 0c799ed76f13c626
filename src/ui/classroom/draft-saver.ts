// Keeps the teacher's pack in this browser as it is edited: a short pause after the last edit
// writes it, one write at a time, and a status line says whether the draft is saved. Without
// storage the editing still works; the line says the draft is not kept. Discarding asks first.
// While another tab has the draft (see draft-lock.ts) nothing is written, the line says so and a
// button offers to take the draft over.
import { teacherDraft } from '../../classroom/teacher-draft.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { StoreError } from '../../store/errors.ts';
import type { TeacherDraftStore } from '../../store/teacher-draft-store.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import type { Raw } from './exercise-form.ts';

/** Long enough that typing a word is one write, short enough that a reload rarely beats it. */
const PAUSE_MS = 400;

export interface DraftSaver {
  /** The line that says whether the draft is saved. */
  readonly status: HTMLElement;
  /** The "Discard the draft" button, or the one to take the draft over from another tab. */
  readonly controls: HTMLElement;
  /** The draft changed: save it after a pause. */
  changed(): void;
  /** Another tab took the draft over: stop saving, say so, and offer to take it back. */
  lost(takeOver: () => void): void;
  /** The tab that had the draft let it go (it closed): where this one is not saving, say so. */
  freed(): void;
}

type State = 'saved' | 'pending' | 'failed' | 'off' | 'elsewhere';

const OPEN_ELSEWHERE = 'This draft is open in another tab; edits here are not saved.';
const TAKEN_ELSEWHERE = 'This draft was taken over in another tab; edits here are not saved.';
const TAKE_OVER = 'Take it over to edit it here, as last saved there';
const TAKE_OVER_HOW = `${TAKE_OVER}; that tab then stops saving.`;
const FREED = `The tab that had this draft has closed; edits here are not saved. ${TAKE_OVER}.`;

export function createDraftSaver(
  store: TeacherDraftStore | undefined,
  draft: () => { pack: Raw; fileName: string },
  opts: {
    unavailable?: string;
    restoredAt?: number;
    onDiscarded(): void;
    /** Set when another tab has the draft: how to take it over. */
    elsewhere?: () => void;
  },
): DraftSaver {
  const status = h('p', { class: 'teacher-draft-status', role: 'status', 'aria-live': 'polite' });
  const say = (state: State, text: string): void => {
    status.dataset.state = state;
    setText(status, text);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writes = Promise.resolve();
  let stopped = !store || opts.elsewhere !== undefined;
  const controls = h('p');

  const write = (): Promise<void> => {
    timer = undefined;
    const { pack, fileName } = draft();
    // Taken now, so edits made while the write is under way wait for the next one.
    const record = teacherDraft(structuredClone(pack), fileName, Date.now());
    writes = writes.then(async () => {
      if (stopped || !store) return;
      try {
        await store.save(record);
        if (!stopped && timer === undefined) say('saved', `Draft saved in this browser at ${time(record.savedAt)}.`);
      } catch (err) {
        if (stopped) return;
        const why =
          err instanceof StoreError && err.kind === 'quota' ? 'the browser has no room left.' : errorMessage(err);
        say('failed', `Draft not saved: ${why} Export the pack to keep your work.`);
      }
    });
    return writes;
  };

  const offerTakeOver = (text: string, takeOver: () => void): void => {
    say('elsewhere', `${text} ${TAKE_OVER_HOW}`);
    clear(controls);
    append(controls, h('button', { type: 'button', on: { click: () => takeOver() } }, 'Take the draft over here'));
  };

  if (opts.elsewhere) offerTakeOver(OPEN_ELSEWHERE, opts.elsewhere);
  else if (!store)
    say('off', `Drafts are not kept here (${opts.unavailable ?? 'no storage'}): export the pack to keep it.`);
  else if (opts.restoredAt !== undefined) say('saved', `Draft restored, as saved at ${time(opts.restoredAt)}.`);
  else {
    // Opened just now: from here on, a reload comes back to this pack.
    say('pending', 'Saving the draft…');
    void write();
  }

  const flush = (): void => {
    if (timer === undefined) return;
    clearTimeout(timer);
    void write();
  };
  // A reload within the pause after the last edit would lose that edit otherwise.
  addEventListener('pagehide', flush);

  async function discard(): Promise<void> {
    const title = typeof draft().pack.title === 'string' ? `"${String(draft().pack.title)}"` : 'this pack';
    if (!confirm(`Discard the draft of ${title}? What is not exported is lost.`)) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    stopped = true;
    removeEventListener('pagehide', flush);
    try {
      await writes;
      await store?.discard();
    } catch (err) {
      // Still stored: keep saving edits to it.
      stopped = false;
      addEventListener('pagehide', flush);
      say('failed', `The draft could not be discarded: ${errorMessage(err)}`);
      return;
    }
    opts.onDiscarded();
  }

  if (!opts.elsewhere) {
    append(controls, h('button', { type: 'button', on: { click: () => void discard() } }, 'Discard the draft'));
  }

  return {
    status,
    controls,
    changed() {
      if (stopped) return;
      if (timer !== undefined) clearTimeout(timer);
      say('pending', 'Saving the draft…');
      timer = setTimeout(() => void write(), PAUSE_MS);
    },
    lost(takeOver) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      stopped = true;
      removeEventListener('pagehide', flush);
      offerTakeOver(TAKEN_ELSEWHERE, takeOver);
    },
    freed() {
      if (status.dataset.state === 'elsewhere') say('elsewhere', FREED);
    },
  };
}

const time = (ms: number): string =>
  new Date(ms).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
