import { describe, expect, it } from 'vitest';
import type { RunTrace } from '../../../src/shared/run.ts';
import { traceNotes, traceRows } from '../../../src/ui/strategies/trace-rows.ts';

const CODE = 'def f(xs):\n    total = 0\n    for x in xs:\n        total += x * x\n    return total\n';

const trace: RunTrace = {
  test: 'assert f([1, 2, 3]) == 6',
  steps: [
    { line: 1, event: 'call', function: 'f', locals: [['xs', '[1, 2, 3]']] },
    { line: 2, event: 'line', function: 'f', locals: [['xs', '[1, 2, 3]']] },
    {
      line: 4,
      event: 'line',
      function: 'f',
      locals: [
        ['total', '0'],
        ['x', '1'],
      ],
      hits: 2,
      last: [
        ['total', '5'],
        ['x', '3'],
      ],
    },
    { line: 5, event: 'return', function: 'f', locals: [], value: '14' },
    { line: 5, event: 'exception', function: 'f', locals: [] },
  ],
  omitted: 0,
};

describe('a trace as rows of the feedback pane', () => {
  it("gives each step its line, the line's code, the event and the values", () => {
    const rows = traceRows(trace, { code: CODE, lineOffset: 0 });
    expect(rows.map((r) => [r.step, r.line, r.code, r.event, r.values])).toEqual([
      [1, '1', 'def f(xs):', 'call f', 'xs=[1, 2, 3]'],
      [2, '2', 'total = 0', 'line', 'xs=[1, 2, 3]'],
      [3, '4', 'total += x * x', 'line', 'total=0, x=1'],
      [4, '5', 'return total', 'f returns', '14'],
      [5, '5', 'return total', 'raises', 'an exception'],
    ]);
  });

  it('says how often a folded loop line ran and the values the last time', () => {
    const rows = traceRows(trace, { code: CODE, lineOffset: 0 });
    expect(rows[2]?.folded).toBe('ran 2 more times; the last time: total=5, x=3');
    expect(rows[1]?.folded).toBeUndefined();
  });

  it('counts lines from the candidate when a task prompt ran before it, and marks prompt lines', () => {
    const rows = traceRows(trace, { code: CODE, lineOffset: 1 });
    expect(rows.map((r) => [r.line, r.code])[0]).toEqual(['prompt 1', '']);
    expect(rows[1]).toMatchObject({ line: '1', code: 'def f(xs):' });
  });

  it('notes the steps left out and why tracing stopped early, and nothing when neither happened', () => {
    expect(traceNotes(trace)).toEqual([]);
    expect(traceNotes({ ...trace, omitted: 1 })).toEqual(['1 more step was left out to keep the trace short.']);
    expect(traceNotes({ ...trace, omitted: 12, stopped: 'the time for tracing ran out' })).toEqual([
      '12 more steps were left out to keep the trace short.',
      'Tracing stopped early: the time for tracing ran out.',
    ]);
  });
});
