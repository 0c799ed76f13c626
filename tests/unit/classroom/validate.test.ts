import { describe, expect, it } from 'vitest';
import { PackError, parsePack, validatePack } from '../../../src/classroom/validate.ts';
import { rawPack } from '../../support/classroom-pack.ts';

type Ex = Record<string, unknown>;
const exercises = (p: Record<string, unknown>): Ex[] => p.exercises as Ex[];

function problems(value: unknown): string[] {
  try {
    validatePack(value, 'packs/demo.json');
  } catch (err) {
    expect(err).toBeInstanceOf(PackError);
    expect((err as Error).message).toContain('packs/demo.json');
    return (err as PackError).problems;
  }
  throw new Error('the pack was accepted');
}

describe('pack validation', () => {
  it('accepts a valid pack and fills defaults for optional fields', () => {
    const pack = validatePack(rawPack(), 'demo.json');
    expect(pack.exercises.map((e) => e.id)).toEqual(['add', 'double']);
    const double = pack.exercises[1]!;
    expect(double.hiddenTests).toEqual([]);
    expect(double.hints).toEqual([]);
    expect(double.limits.timeoutSec).toBe(3);
    expect(double.assistant).toEqual({ mode: 'off', maxRequests: 0 });
    // Hints come sorted by when they unlock.
    expect(pack.exercises[0]!.hints.map((h) => h.afterFailures)).toEqual([1, 3]);
  });

  it('accepts JavaScript and TypeScript exercises', () => {
    const raw = rawPack();
    exercises(raw)[0]!.language = 'javascript';
    exercises(raw)[1]!.language = 'typescript';
    expect(validatePack(raw, 'packs/demo.json').exercises.map((e) => e.language)).toEqual(['javascript', 'typescript']);
  });

  it('keeps unknown fields at every level', () => {
    const raw = rawPack();
    raw.course = { term: 'autumn' };
    const ex = exercises(raw)[0]!;
    ex.difficulty = 'easy';
    (ex.tests as Ex[])[0]!.tag = 'basics';
    (ex.limits as Ex).memoryMb = 64;
    const pack = validatePack(raw, 'demo.json');
    expect(pack.course).toEqual({ term: 'autumn' });
    expect(pack.exercises[0]!.difficulty).toBe('easy');
    expect(pack.exercises[0]!.tests[0]!.tag).toBe('basics');
    expect(pack.exercises[0]!.limits.memoryMb).toBe(64);
  });

  it('names the exercise and the field when a required field is missing', () => {
    const raw = rawPack();
    delete exercises(raw)[1]!.entryPoint;
    expect(problems(raw)).toEqual(['exercise "double": field "entryPoint" is missing']);
  });

  it('reports a duplicate id and an unknown language, all at once', () => {
    const raw = rawPack();
    exercises(raw)[1]!.id = 'add';
    exercises(raw)[1]!.language = 'cobol';
    expect(problems(raw)).toEqual([
      'exercise "add": duplicate id "add"',
      'exercise "add": unknown language "cobol" (known: python, javascript, typescript, html)',
    ]);
  });

  it('rejects a wrong format, missing pack fields and malformed tests', () => {
    const raw = rawPack();
    raw.format = 'fixpoint-pack/2';
    delete raw.license;
    (exercises(raw)[0]!.tests as Ex[])[0] = { name: 'small', points: -1 };
    const found = problems(raw);
    expect(found).toContain('field "format" must be "fixpoint-pack/1" (got "fixpoint-pack/2")');
    expect(found).toContain('field "license" is missing');
    expect(found).toContain('exercise "add", tests[0]: field "code" is missing');
    expect(found).toContain('exercise "add", tests[0]: field "points" must be a number of at least 0 and at most 1000');
  });

  it('names an exercise without an id by its position', () => {
    const raw = rawPack();
    delete exercises(raw)[1]!.id;
    expect(problems(raw)).toEqual(['exercise #2: field "id" is missing']);
  });

  it('rejects an unknown assistant mode and a zero time limit', () => {
    const raw = rawPack();
    exercises(raw)[0]!.assistant = { mode: 'write-it-for-me', maxRequests: 2 };
    exercises(raw)[0]!.limits = { timeoutSec: 0 };
    expect(problems(raw)).toEqual([
      'exercise "add", limits: field "timeoutSec" must be a number above 0 and at most 600',
      'exercise "add", assistant: unknown mode "write-it-for-me" (known: off, hint, explain, solve)',
    ]);
  });

  it('bounds the number of exercises and tests, points, time limits and requests, naming each field', () => {
    const many = rawPack();
    const one = exercises(many)[1]!;
    many.exercises = Array.from({ length: 20_000 }, (_, i) => ({ ...one, id: `e${i}` }));
    expect(problems(many)).toEqual(['field "exercises": the pack has 20000 exercises; at most 500 are allowed']);

    const raw = rawPack();
    exercises(raw)[0]!.tests = [{ name: 'huge', code: 'assert True', points: 1e308 }];
    exercises(raw)[0]!.limits = { timeoutSec: 1e12 };
    exercises(raw)[0]!.assistant = { mode: 'hint', maxRequests: 1e9 };
    const code = (i: number): Record<string, unknown> => ({ name: `t${i}`, code: 'assert True' });
    exercises(raw)[1]!.tests = Array.from({ length: 150 }, (_, i) => code(i));
    exercises(raw)[1]!.hiddenTests = Array.from({ length: 150 }, (_, i) => code(i + 150));
    expect(problems(raw)).toEqual([
      'exercise "add", tests[0]: field "points" must be a number of at least 0 and at most 1000',
      'exercise "add", limits: field "timeoutSec" must be a number above 0 and at most 600',
      'exercise "add", assistant: field "maxRequests" must be a whole number of at least 0 and at most 1000',
      'exercise "double": field "tests" and "hiddenTests" hold 300 tests; at most 200 are allowed',
    ]);
  });

  it('names each malformed hint and its field, all at once', () => {
    const raw = rawPack();
    exercises(raw)[0]!.hints = [{ text: ' ' }, 'use +', { text: 'x', afterFailures: -1 }];
    expect(problems(raw)).toEqual([
      'exercise "add", hints[0]: field "text" is empty',
      'exercise "add", hints[1]: must be an object {afterFailures, text}',
      'exercise "add", hints[2]: field "afterFailures" must be a whole number of at least 0 and at most 1000',
    ]);
  });

  it('reports text that is not JSON with the file name', () => {
    expect(() => parsePack('{"format": ', 'broken.json')).toThrow(/^broken\.json: not valid JSON/);
  });
});

describe('program exercises in a pack', () => {
  const programPack = (): Record<string, unknown> => {
    const raw = rawPack();
    const ex = exercises(raw)[0]!;
    ex.kind = 'program';
    ex.compare = 'numbers';
    ex.tolerance = 0.001;
    delete ex.entryPoint;
    ex.tests = [{ name: 'one', input: '1 2\n', output: '3\n', points: 2 }];
    ex.hiddenTests = [{ name: 'two', input: '5 5\n', output: '10\n' }];
    return raw;
  };

  it('accepts I/O tests, a comparison and a tolerance, with no entry point', () => {
    const ex = validatePack(programPack(), 'demo.json').exercises[0]!;
    expect(ex).toMatchObject({ kind: 'program', compare: 'numbers', tolerance: 0.001, entryPoint: '' });
    expect(ex.tests[0]).toMatchObject({ name: 'one', input: '1 2\n', output: '3\n', points: 2, code: '' });
    expect(ex.hiddenTests[0]!.points).toBe(1);
  });

  it('names every wrong program field at once', () => {
    const raw = programPack();
    const ex = exercises(raw)[0]!;
    ex.compare = 'fuzzy';
    ex.tests = [{ name: 'one', input: '1', code: 'assert True' }];
    const other = exercises(raw)[1]!;
    other.kind = 'web';
    other.compare = 'exact';
    (other.tests as Ex[])[0]!.input = 'x';
    expect(problems(raw)).toEqual([
      'exercise "add": unknown compare "fuzzy" (known: lines, exact, tokens, numbers)',
      'exercise "add": field "tolerance" needs "compare": "numbers"',
      'exercise "add", tests[0]: field "output" is missing',
      'exercise "add", tests[0]: field "code" does not go with "kind": "program" (a program\'s test is an input and an output)',
      'exercise "double": unknown kind "web" (known: "program", "sql")',
      'exercise "double": field "compare" needs "kind": "program" or "sql"',
      'exercise "double", tests[0]: fields "input" and "output" need the exercise\'s "kind": "program"',
    ]);
  });

  it('a pack file read from text names the line each wrong exercise starts on', () => {
    const raw = programPack();
    exercises(raw)[1]!.language = 'cobol';
    const text = JSON.stringify(raw, null, 2);
    try {
      parsePack(text, 'packs/demo.json');
      throw new Error('the pack was accepted');
    } catch (err) {
      const [problem] = (err as PackError).problems;
      const line = Number(/^line (\d+), exercise "double": unknown language "cobol"/.exec(problem!)?.[1]);
      expect(text.split('\n')[line - 1]).toMatch(/"id": "double"/);
    }
  });
});
