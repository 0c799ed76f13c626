import { describe, expect, it } from 'vitest';
import { readTeacherDraft, teacherDraft, TEACHER_DRAFT_FORMAT } from '../../../src/classroom/teacher-draft.ts';
import { rawPack } from '../../support/classroom-pack.ts';

type Ex = Record<string, unknown>;

/** A stored draft of the fixture pack, with `edit` applied to the record first. */
function stored(edit: (record: Ex, pack: Ex, first: Ex) => void = () => {}): unknown {
  const record = structuredClone(teacherDraft(rawPack(), 'demo.json', 1_700_000_000_000)) as unknown as Ex;
  const pack = record.pack as Ex;
  edit(record, pack, (pack.exercises as Ex[])[0]!);
  return record;
}

const problem = (value: unknown): string => {
  const read = readTeacherDraft(value);
  if ('draft' in read) throw new Error('the draft was accepted');
  return read.problem;
};

describe('reading a stored teacher draft', () => {
  it('gives back the draft as it was saved', () => {
    const read = readTeacherDraft(stored());
    expect(read).toEqual({
      draft: { format: TEACHER_DRAFT_FORMAT, fileName: 'demo.json', savedAt: 1_700_000_000_000, pack: rawPack() },
    });
  });

  it('accepts a half-written pack: missing fields, lists still being typed, fields it does not know', () => {
    const read = readTeacherDraft(
      stored((_r, pack, first) => {
        delete pack.license;
        delete first.entryPoint;
        first.tests = '[{"name": "small", "code": ';
        first.hints = [];
        first.rubric = { weight: 2 };
        (first.limits as Ex).timeoutSec = undefined;
      }),
    );
    if (!('draft' in read)) throw new Error(read.problem);
    const first = (read.draft.pack.exercises as Ex[])[0]!;
    expect(first.tests).toBe('[{"name": "small", "code": ');
    expect(first.rubric).toEqual({ weight: 2 });
  });

  it('refuses what is not a draft at all', () => {
    expect(problem(undefined)).toBe('it is not a saved draft');
    expect(problem('garbage')).toBe('it is not a saved draft');
    expect(problem([1, 2])).toBe('it is not a saved draft');
    expect(problem({ fileName: 'demo.json', savedAt: 1, pack: rawPack() })).toBe('it is not a saved draft');
    expect(problem(rawPack())).toBe('it is not a saved draft (format "fixpoint-pack/1")');
    expect(problem(stored((r) => (r.format = 'fixpoint-teacher-draft/9')))).toBe(
      'it is not a saved draft (format "fixpoint-teacher-draft/9")',
    );
  });

  it('names what is missing from the record', () => {
    expect(problem(stored((r) => (r.fileName = '')))).toBe('its file name is missing');
    expect(problem(stored((r) => (r.savedAt = 'yesterday')))).toBe('its time of saving is missing');
    expect(problem(stored((r) => (r.pack = [rawPack()])))).toBe('it holds no pack');
    expect(problem(stored((_r, pack) => (pack.exercises = [])))).toBe('it has no exercises');
    expect(problem(stored((_r, pack) => (pack.exercises = { add: {} })))).toBe('it has no exercises');
    expect(problem(stored((_r, pack) => (pack.title = 42)))).toBe('pack field "title" is not text');
  });

  it('names the exercise and the field the form could not show', () => {
    const second = (edit: (e: Ex) => void) => stored((_r, pack) => edit((pack.exercises as Ex[])[1]!));
    expect(problem(stored((_r, pack) => ((pack.exercises as unknown[])[1] = 'double')))).toBe(
      'exercise 2 is not an object',
    );
    expect(problem(second((e) => (e.starter = ['def double(x):'])))).toBe('exercise 2: field "starter" is not text');
    expect(problem(second((e) => (e.hints = { text: 'x' })))).toBe(
      'exercise 2: field "hints" is neither a list nor text',
    );
    expect(problem(second((e) => (e.limits = 3)))).toBe('exercise 2: field "limits" is not an object');
    expect(problem(second((e) => (e.assistant = { maxRequests: '3' })))).toBe(
      'exercise 2: field "assistant.maxRequests" is not a number',
    );
  });
});
