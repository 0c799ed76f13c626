// Schemas read data of unknown shape, say every problem with its path, and give the type they accept.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  array,
  boolean,
  formatIssue,
  literal,
  number,
  object,
  record,
  string,
  tagged,
  union,
  type Infer,
} from '../../../src/shared/schema.ts';

const problems = (r: { ok: boolean; issues?: Parameters<typeof formatIssue>[0][] }): string[] =>
  r.ok ? [] : (r.issues ?? []).map(formatIssue);

const test = object({ name: string(), points: number({ min: 0 }), hidden: boolean().optional() });
const pack = object({ id: string(), tests: array(test), tags: array(literal('easy', 'hard')).optional() });

describe('schemas', () => {
  it('gives back a valid value, typed, without fields it does not know', () => {
    const r = pack.parse({ id: 'p', tests: [{ name: 'a', points: 2, extra: 1 }], tags: ['easy'] });
    expect(r).toEqual({ ok: true, value: { id: 'p', tests: [{ name: 'a', points: 2 }], tags: ['easy'] } });
    expectTypeOf<Infer<typeof pack>>().toEqualTypeOf<{
      id: string;
      tests: { name: string; points: number; hidden?: boolean | undefined }[];
      tags?: ('easy' | 'hard')[] | undefined;
    }>();
  });

  it('says every problem at once, each with its nested path', () => {
    const r = pack.parse({
      tests: [{ name: 'a', points: 1 }, { name: 3 }, { name: 'c', points: 'two', hidden: 'no' }],
      tags: ['easy', 'medium'],
    });
    expect(problems(r)).toEqual([
      'id: is missing',
      'tests[1].name: should be a string, found a number',
      'tests[1].points: is missing',
      'tests[2].points: should be a number of at least 0, found a string',
      'tests[2].hidden: should be true or false, found a string',
      'tags[1]: should be one of "easy", "hard", found "medium"',
    ]);
  });

  it('says what was found when a value is of the wrong kind', () => {
    expect(problems(pack.parse(null))).toEqual(['should be an object, found null']);
    expect(problems(pack.parse({ id: 'p', tests: {} }))).toEqual(['tests: should be a list, found a object']);
    expect(problems(number().parse(Infinity))).toEqual(['should be a number, found Infinity']);
    expect(problems(number({ int: true, min: 0, above: true, max: 9 }).parse(0))).toEqual([
      'should be a whole number above 0 and at most 9, found a number',
    ]);
  });

  it('words a problem its own way, checks further, changes and defaults values', () => {
    const count = number({ int: true, min: 0 }).expecting('a whole number >= 0');
    expect(problems(object({ n: count }).parse({ n: -1 }))).toEqual([
      'n: should be a whole number >= 0, found a number',
    ]);
    const pair = array(string())
      .refine((v, report) => v.length !== 2 && report('should be a pair'))
      .refine((v, report) => v[0] === '' && report('is empty', [0]));
    expect(problems(object({ p: pair }).parse({ p: ['a'] }))).toEqual(['p: should be a pair']);
    expect(problems(object({ p: pair }).parse({ p: ['', 'b'] }))).toEqual(['p[0]: is empty']);
    // A further check runs only on a value that passed the first.
    expect(problems(pair.parse([1, 'b']))).toEqual(['[0]: should be a string, found a number']);
    expect(
      string()
        .map((s) => s.length)
        .parse('four'),
    ).toEqual({ ok: true, value: 4 });
    expect(number().default(3).parse(undefined)).toEqual({ ok: true, value: 3 });
    expect(number().catch(undefined).parse('x')).toEqual({ ok: true, value: undefined });
    expect(array(number(), { first: 2 }).parse([1, 2, 'not read'])).toEqual({ ok: true, value: [1, 2] });
  });

  it('keeps unknown fields when asked, and drops what reads as undefined', () => {
    const loose = object({ a: number(), b: number().catch(undefined) }, { keep: true });
    expect(loose.get({ a: 1, b: 'x', c: 'kept' })).toEqual({ a: 1, c: 'kept' });
  });

  it('reads records, unions and tagged objects', () => {
    expect(problems(record(number()).parse({ a: 1, b: 'x' }))).toEqual(['b: should be a number, found a string']);
    const id = union(string(), number());
    expect(id.get(3)).toBe(3);
    expect(problems(id.parse(true))).toEqual(['should be a string or a number, found a boolean']);
    const spec = tagged('kind', { mbpp: object({ asserts: array(string()) }), none: object({}) });
    expect(spec.get({ kind: 'none', x: 1 })).toEqual({ kind: 'none' });
    expect(problems(spec.parse({ kind: 'mbpp' }))).toEqual(['asserts: is missing']);
    expect(problems(object({ t: spec }).parse({ t: { kind: 'jest' } }))).toEqual([
      't.kind: should be one of "mbpp", "none", found "jest"',
    ]);
    expectTypeOf<Infer<typeof spec>>().toEqualTypeOf<{ kind: 'mbpp'; asserts: string[] } | { kind: 'none' }>();
  });
});
