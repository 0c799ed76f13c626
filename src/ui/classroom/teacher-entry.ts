// Finding the draft a teacher left in this browser, and what to say when it cannot be used. A
// stored draft that does not read back is removed, so nothing unreadable lingers unseen, and
// the teacher is told why it was not restored.
import { readTeacherDraft, type TeacherDraft } from '../../classroom/teacher-draft.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { TeacherDraftStore } from '../../store/teacher-draft-store.ts';

export interface Drafts {
  store?: TeacherDraftStore;
  /** Why there is no store, when there is none. */
  storeProblem?: string;
}

let opened: Promise<Drafts> | undefined;

/** The draft store, opened once per page. */
export function openDrafts(): Promise<Drafts> {
  opened ??= TeacherDraftStore.open().then(
    (store) => ({ store }),
    (err: unknown) => ({ storeProblem: errorMessage(err) }),
  );
  return opened;
}

export type Stored =
  { kind: 'none' } | { kind: 'draft'; draft: TeacherDraft } | { kind: 'unreadable'; message: string };

export const unreadable = (why: string): string =>
  `The saved draft could not be restored (${why}), so it was removed. Start from a pack below.`;

/** What the store holds; an unreadable draft is removed before this answers. */
export async function storedDraft(store: TeacherDraftStore): Promise<Stored> {
  let value: unknown;
  try {
    value = await store.load();
  } catch (err) {
    await store.discard().catch(() => undefined);
    return { kind: 'unreadable', message: unreadable(errorMessage(err)) };
  }
  if (value === undefined) return { kind: 'none' };
  const read = readTeacherDraft(value);
  if ('draft' in read) return { kind: 'draft', draft: read.draft };
  await store.discard().catch(() => undefined);
  return { kind: 'unreadable', message: unreadable(read.problem) };
}

/** Whether editing `title` may replace the draft kept now (asked only when there is one). */
export async function mayReplace(store: TeacherDraftStore | undefined, title: string): Promise<boolean> {
  if (!store) return true;
  const now = await storedDraft(store);
  if (now.kind !== 'draft') return true;
  const kept = typeof now.draft.pack.title === 'string' ? `"${now.draft.pack.title}"` : 'a pack';
  return confirm(`This browser keeps a draft of ${kept}. Replace it with "${title}"? What is not exported is lost.`);
}
