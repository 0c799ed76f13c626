// The pack a teacher is writing, as kept between visits. It is raw on purpose: a draft may be
// half-written (a missing field, a test list still being typed as text), so it is not read as a
// pack here. What is checked is only what the teacher's form needs to show it again; anything
// else makes the whole draft unreadable, and the problem is named.

type Raw = Record<string, unknown>;

/** The stored record's own tag; the pack format inside is untouched. */
export const TEACHER_DRAFT_FORMAT = 'fixpoint-teacher-draft/1';

export interface TeacherDraft {
  format: typeof TEACHER_DRAFT_FORMAT;
  /** The name an export would use, and that check findings start with. */
  fileName: string;
  /** Milliseconds since the epoch. */
  savedAt: number;
  /** The pack as edited so far. */
  pack: Raw;
}

const PACK_TEXT = ['format', 'id', 'title', 'version', 'license'] as const;
const EXERCISE_TEXT = ['id', 'title', 'language', 'statement', 'starter', 'entryPoint', 'solution'] as const;
/** Lists the form shows as JSON; text while what was typed is not JSON yet. */
const EXERCISE_LISTS = ['tests', 'hiddenTests', 'hints'] as const;
const EXERCISE_NUMBERS = [
  ['limits', 'timeoutSec'],
  ['assistant', 'maxRequests'],
] as const;

const isObj = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

export function teacherDraft(pack: Raw, fileName: string, savedAt: number): TeacherDraft {
  return { format: TEACHER_DRAFT_FORMAT, fileName, savedAt, pack };
}

function exerciseProblem(e: unknown, where: string): string | undefined {
  if (!isObj(e)) return `${where} is not an object`;
  for (const key of EXERCISE_TEXT)
    if (e[key] !== undefined && typeof e[key] !== 'string') return `${where}: field "${key}" is not text`;
  for (const key of EXERCISE_LISTS) {
    const v = e[key];
    if (v !== undefined && !Array.isArray(v) && typeof v !== 'string')
      return `${where}: field "${key}" is neither a list nor text`;
  }
  for (const [parent, key] of EXERCISE_NUMBERS) {
    const holder = e[parent];
    if (holder === undefined) continue;
    if (!isObj(holder)) return `${where}: field "${parent}" is not an object`;
    const v = holder[key];
    if (v !== undefined && typeof v !== 'number') return `${where}: field "${parent}.${key}" is not a number`;
  }
  return undefined;
}

/** The stored value as a draft, or what makes it unreadable ("exercise 2: field ..."). */
export function readTeacherDraft(v: unknown): { draft: TeacherDraft } | { problem: string } {
  if (!isObj(v) || v.format === undefined) return { problem: 'it is not a saved draft' };
  if (v.format !== TEACHER_DRAFT_FORMAT)
    return { problem: `it is not a saved draft (format ${JSON.stringify(v.format)})` };
  if (typeof v.fileName !== 'string' || !v.fileName.trim()) return { problem: 'its file name is missing' };
  if (typeof v.savedAt !== 'number' || !Number.isFinite(v.savedAt)) return { problem: 'its time of saving is missing' };
  const pack = v.pack;
  if (!isObj(pack)) return { problem: 'it holds no pack' };
  for (const key of PACK_TEXT)
    if (pack[key] !== undefined && typeof pack[key] !== 'string') return { problem: `pack field "${key}" is not text` };
  const exercises = pack.exercises;
  if (!Array.isArray(exercises) || exercises.length === 0) return { problem: 'it has no exercises' };
  for (const [i, e] of exercises.entries()) {
    const problem = exerciseProblem(e, `exercise ${i + 1}`);
    if (problem) return { problem };
  }
  return { draft: { format: TEACHER_DRAFT_FORMAT, fileName: v.fileName, savedAt: v.savedAt, pack } };
}
