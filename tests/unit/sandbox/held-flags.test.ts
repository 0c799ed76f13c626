// The flags the worker holds for a Python run (src/sandbox/frame/held-flags.ts): what the harness
// sent before and during the run goes into the result, whatever the result itself says.
import { describe, expect, it } from 'vitest';
import { HeldFlags } from '../../../src/sandbox/frame/held-flags.ts';

const flag = (kind: string, line?: number, detail = kind): Record<string, unknown> => ({ kind, detail, line });

describe('held test-gaming flags', () => {
  it('puts back flags a result lost, and keeps its own of other kinds', () => {
    const held = new HeldFlags();
    held.add(JSON.stringify([flag('hardcoded-tests', 9)]));
    held.add(JSON.stringify([flag('reads-tests', 3)]));
    const result = JSON.stringify({ status: 'passed', flags: [flag('early-exit', 4), flag('reads-tests', 7)] });
    expect(JSON.parse(held.into(result))).toEqual({
      status: 'passed',
      flags: [flag('hardcoded-tests', 9), flag('reads-tests', 3), flag('early-exit', 4)],
    });
    expect(JSON.parse(held.into(JSON.stringify({ status: 'passed', flags: [] }))).flags).toHaveLength(2);
  });

  it('keeps one flag per kind and line, and leaves a result alone when nothing is held', () => {
    const held = new HeldFlags();
    const json = JSON.stringify({ status: 'passed', flags: [flag('reads-tests', 3)] });
    expect(held.into(json)).toBe(json);
    held.add(JSON.stringify([flag('reads-tests', 3, 'static'), flag('reads-tests', 3, 'seen running')]));
    expect(JSON.parse(held.into(json)).flags).toEqual([flag('reads-tests', 3, 'static')]);
  });

  it('ignores what does not parse, and never breaks a result that does not', () => {
    const held = new HeldFlags();
    held.add('not json');
    held.add('{"kind": "reads-tests"}');
    held.add(JSON.stringify([1, null, flag('early-exit')]));
    expect(JSON.parse(held.into('{"status":"failed"}')).flags).toEqual([flag('early-exit')]);
    expect(held.into('{broken')).toBe('{broken');
  });
});
