import { describe, expect, it } from 'vitest';
import { parsePyJson, pyEqual, type PyValue } from '../../../../src/kinds/program/values.ts';

const eq = (a: PyValue, text: string): boolean => pyEqual(a, parsePyJson(text));

describe("answers compared as Python's == compares them", () => {
  it('keeps ints exact and mixes numbers as Python does', () => {
    expect(eq({ i: '12345678901234567891' }, '12345678901234567891')).toBe(true);
    expect(eq({ i: '12345678901234567891' }, '12345678901234567890')).toBe(false);
    expect(eq({ f: '2.0' }, '2')).toBe(true);
    expect(eq({ b: true }, '1')).toBe(true);
    expect(eq({ f: '1e+16' }, '10000000000000000')).toBe(true);
    expect(eq({ f: '0.1' }, '0.1')).toBe(true);
    expect(eq({ f: 'nan' }, 'NaN')).toBe(false);
    expect(eq('2', '2')).toBe(false);
  });

  it('tells lists from tuples, and compares dicts by their keys', () => {
    expect(eq([{ i: '0' }, { i: '1' }], '[0, 1]')).toBe(true);
    expect(eq({ t: [{ i: '0' }] }, '[0]')).toBe(false);
    expect(
      eq(
        {
          d: [
            ['b', null],
            ['a', [{ i: '1' }]],
          ],
        },
        '{"a": [1], "b": null}',
      ),
    ).toBe(true);
    expect(eq({ d: [[{ i: '1' }, null]] }, '{"1": null}')).toBe(false);
  });

  it('reads JSON as json.loads does, and refuses what is not JSON', () => {
    expect(parsePyJson(' [1, 2.5, "x\\n", true, null, -Infinity] ')).toEqual([
      { i: '1' },
      { f: '2.5' },
      'x\n',
      { b: true },
      null,
      { f: '-inf' },
    ]);
    for (const bad of ['[1,]', '01', "'a'", '[1] 2', '']) expect(() => parsePyJson(bad), bad).toThrow(SyntaxError);
  });
});
