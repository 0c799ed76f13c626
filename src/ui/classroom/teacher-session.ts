// Showing the teacher view in this tab with the draft's lock (draft-lock.ts): the tab that has
// it saves the draft; another one shows the same view without saving, and may take it over.
// Taking over reads the draft again once the other tab has stopped, so its last edits are kept.
import { errorMessage } from '../../shared/error-message.ts';
import type { Runtime } from '../../shared/runtime.ts';
import type { TeacherDraftStore } from '../../store/teacher-draft-store.ts';
import { clear } from '../common/dom.ts';
import { claimDraft } from './draft-lock.ts';
import type { Raw } from './exercise-form.ts';
import type { ClassroomModels } from './models.ts';
import { openDrafts, storedDraft } from './teacher-entry.ts';
import { mountTeacherView, type TeacherView } from './teacher-view.ts';

export interface TeacherStart {
  draft: Raw;
  fileName: string;
  /** Set when the draft was restored: it is stored already, as saved then. */
  restoredAt?: number;
}

export interface TeacherSession {
  runtime: Runtime;
  models: ClassroomModels;
  /** The view is gone (the draft discarded, or no longer there to take over): say why. */
  onClosed(notice: string): void;
}

/** Replaces `root` with the teacher view on `start`; throws when the view cannot show it. */
export async function openTeacher(root: HTMLElement, start: TeacherStart, s: TeacherSession): Promise<void> {
  await show(root, s, false, () => Promise.resolve(start));
}

async function takeOver(root: HTMLElement, s: TeacherSession): Promise<void> {
  try {
    await show(root, s, true, async (store) => {
      const stored = store ? await storedDraft(store) : undefined;
      if (stored?.kind === 'draft') {
        const { pack, fileName, savedAt } = stored.draft;
        return { draft: pack, fileName, restoredAt: savedAt };
      }
      return stored?.kind === 'unreadable' ? stored.message : 'The draft was discarded in the other tab.';
    });
  } catch (err) {
    s.onClosed(`The draft could not be taken over: ${errorMessage(err)}`);
  }
}

async function show(
  root: HTMLElement,
  s: TeacherSession,
  steal: boolean,
  read: (store: TeacherDraftStore | undefined) => Promise<TeacherStart | string>,
): Promise<void> {
  const drafts = await openDrafts();
  let view: TeacherView | undefined;
  const again = (): void => void takeOver(root, s);
  // Without storage there is nothing to overwrite, so no tab needs the lock.
  // The tab that has the draft may close before this view is up: it is told once it is.
  let free = false;
  const onFree = (): void => {
    free = true;
    view?.freed();
  };
  const lock = drafts.store
    ? await claimDraft({ takeOver: steal, onLost: () => view?.lost(again), onFree })
    : undefined;
  try {
    const start = await read(drafts.store);
    if (typeof start === 'string') {
      lock?.release();
      return s.onClosed(start);
    }
    clear(root);
    view = mountTeacherView(root, {
      ...start,
      ...drafts,
      runtime: s.runtime,
      models: s.models,
      elsewhere: drafts.store && !lock ? again : undefined,
      onDiscard: () => {
        lock?.release();
        s.onClosed('Draft discarded.');
      },
    });
    if (free) view.freed();
  } catch (err) {
    lock?.release();
    throw err;
  }
}
