import { describe, expect, it } from 'vitest';
import { assistantGate, assistantRequest } from '../../../src/classroom/assistant.ts';
import { exerciseTask } from '../../../src/classroom/exercise-task.ts';
import { hintDraftRequest, parseHintDraft } from '../../../src/classroom/hint-draft.ts';
import { validatePack } from '../../../src/classroom/validate.ts';
import { rawPack } from '../../support/classroom-pack.ts';

const pack = validatePack(rawPack(), 'demo.json');
const add = pack.exercises[0]!;
const withMode = (mode: string, maxRequests = 2) => ({ ...add, assistant: { mode, maxRequests } }) as typeof add;

describe('the assistant request', () => {
  const req = assistantRequest(add, {
    mode: 'hint',
    code: 'def add(a, b):\n    return a - b\n',
    failures: [{ name: 'small', message: 'expected 3, got -1' }],
    question: 'why does it fail?',
  });
  const body = JSON.stringify(req);

  it('carries the statement, the code, the visible failure, the solution and the question', () => {
    expect(body).toContain('Write `add(a, b)`.');
    expect(body).toContain('return a - b');
    expect(body).toContain('small: expected 3, got -1');
    expect(body).toContain('return a + b');
    expect(body).toContain('why does it fail?');
    expect(req.system).toMatch(/never write code/i);
  });

  it('never carries a hidden test', () => {
    expect(body).not.toContain('add(-1, -1)');
    expect(body).not.toContain('negative');
  });

  it('goes without a solution when the pack has none (a student copy)', () => {
    const { solution: _s, ...copy } = add;
    expect(
      JSON.stringify(assistantRequest(copy, { mode: 'explain', code: '', failures: [], question: '' })),
    ).not.toMatch(/Reference solution/);
  });
});

describe('the assistant gate', () => {
  it('opens while requests are left and refuses the one past the cap', () => {
    expect(assistantGate(withMode('hint'), 0, 'hint')).toEqual({ open: true, left: 2 });
    expect(assistantGate(withMode('hint'), 1, 'hint')).toEqual({ open: true, left: 1 });
    const refused = assistantGate(withMode('hint'), 2, 'hint');
    expect(refused).toMatchObject({ open: false, reason: 'used-up' });
  });

  it('refuses everything when off, and keeps solve apart from hint and explain', () => {
    expect(assistantGate(withMode('off', 5), 0, 'hint')).toMatchObject({ open: false, reason: 'off' });
    expect(assistantGate(withMode('hint'), 0, 'solve')).toMatchObject({ open: false, reason: 'solve-only' });
    expect(assistantGate(withMode('solve'), 0, 'hint')).toMatchObject({ open: false, reason: 'solve-only' });
    expect(assistantGate(withMode('solve'), 0, 'solve')).toEqual({ open: true, left: 2 });
  });
});

describe('an exercise as a loop task', () => {
  it('keeps hidden tests apart from the visible ones', () => {
    const task = exerciseTask(pack.id, add);
    expect(task.tests).toEqual({ kind: 'user', source: 'assert add(1, 2) == 3' });
    expect(task.hiddenTests).toEqual({ kind: 'user', source: 'assert add(-1, -1) == -2' });
    expect(task.language).toBe('python');
  });

  it('gives each JavaScript test its own block, so their names do not clash', () => {
    const js = {
      ...add,
      language: 'javascript' as const,
      tests: [
        { name: 'a', code: "const assert = require('assert');\nassert.strictEqual(add(1, 2), 3);", points: 1 },
        { name: 'b', code: "const assert = require('assert');\nassert.strictEqual(add(2, 2), 4);", points: 1 },
      ],
    };
    const src = (exerciseTask(pack.id, js).tests as { source: string }).source;
    expect(src.split('{\n')).toHaveLength(3);
  });
});

describe('drafting hints', () => {
  it('asks with the statement and solution, and reads one hint a line after the ones there are', () => {
    expect(JSON.stringify(hintDraftRequest(add))).toContain('return a + b');
    expect(JSON.stringify(hintDraftRequest(add))).not.toContain('add(-1, -1)');
    const drafted = parseHintDraft(
      '1. Think about +.\n\n- Return it.\n```python\nreturn a + b\n```\n* Check.\nMore',
      add.hints,
    );
    expect(drafted).toEqual([
      { afterFailures: 4, text: 'Think about +.' },
      { afterFailures: 5, text: 'Return it.' },
      { afterFailures: 6, text: 'Check.' },
    ]);
  });
});
