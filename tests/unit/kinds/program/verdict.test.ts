import { describe, expect, it } from 'vitest';
import { ProgramWatch } from '../../../../src/kinds/program/verdict.ts';

const end = { durationMs: 5, stdout: '', stderr: '', truncated: false };
const stdio = (): ProgramWatch => new ProgramWatch({ inputs: ['1\n', '2\n'], outputs: ['1\n', '4\n'] });

describe('the page judging a program from its events', () => {
  it('passes only once every test was reported and the run ended', () => {
    const w = stdio();
    expect(w.onEvent({ e: 'begin', i: 0 })).toBe('begin');
    expect(w.onEvent({ e: 'test', i: 0, out: '1' })).toBe('noted');
    expect(w.result(end).result).toMatch(/before every test ran/);
    expect(w.onEvent({ e: 'test', i: 1, out: '4.0\n' })).toBe('noted');
    w.onEvent({ e: 'end', stdout: 'x', stderr: '' });
    expect(w.result(end)).toMatchObject({ status: 'passed', result: 'passed', stdout: 'x' });
  });

  it('decides at the first failing test, which a later event cannot undo', () => {
    const w = stdio();
    expect(w.onEvent({ e: 'test', i: 0, out: '2' })).toBe('decided');
    w.onEvent({ e: 'test', i: 1, out: '4' });
    w.onEvent({ e: 'end' });
    const r = w.result({ ...end, stopped: 'timed out' });
    expect(r.result).toBe('failed: Wrong Answer at line 0: 2 != 1');
    expect(r.tests).toEqual([expect.objectContaining({ name: 'test 1', passed: false, actual: '2', expected: '1\n' })]);
  });

  it('ignores events out of order and says which test ran out of time', () => {
    const w = stdio();
    expect(w.onEvent({ e: 'test', i: 1, out: 'anything' })).toBe('noted');
    w.onEvent({ e: 'test', i: 0, out: '1' });
    const r = w.result({ ...end, stopped: 'timed out' });
    expect(r).toMatchObject({ result: 'timed out', runningTest: 'test 2' });
    expect(r.tests.at(-1)).toMatchObject({ name: 'test 2', passed: false, source: '2\n', expected: '4\n' });
  });

  it('words runtime and compile errors as the row format does', () => {
    const a = stdio();
    a.onEvent({ e: 'test', i: 0, error: { type: 'ValueError', message: 'boom' } });
    expect(a.result(end).result).toBe('failed: Runtime Error: ValueError: boom');
    const b = stdio();
    b.onEvent({ e: 'compile', error: { type: 'SyntaxError', message: 'invalid syntax' } });
    expect(b.result(end).result).toBe('failed: Compile Error: SyntaxError: invalid syntax');
    expect(stdio().result({ ...end, crashed: 'the interpreter ran out of memory' }).result).toBe(
      'failed: Runtime Error: MemoryError: the interpreter ran out of memory',
    );
  });

  it('compares returned values with Python ==, and refuses values of other types', () => {
    const w = new ProgramWatch({ inputs: ['[1]', '[2]'], outputs: ['[0, 1]', '2'], funcName: 'f' });
    expect(w.onEvent({ e: 'test', i: 0, value: [{ b: false }, { f: '1.0' }], text: '[False, 1.0]' })).toBe('noted');
    expect(w.onEvent({ e: 'test', i: 1, value: null, odd: true, text: '<Any object>' })).toBe('decided');
    expect(w.result(end).result).toBe('failed: Wrong Answer at line 0: <Any object> != 2');
  });
});
