import { afterEach, describe, expect, it } from 'vitest';
import { completionOf } from '../../../src/store/candidates.ts';
import { closeAll, freshSite, makeAttempt, makeResult, makeSession, openTab } from './helpers.ts';

afterEach(closeAll);

const PROMPT = 'def add(a, b):\n    """Return a + b."""\n';

function lines(text: string): { task_id: string; completion: string }[] {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('final candidates as JSONL', () => {
  it('writes one {task_id, completion} line per session, passing candidate first', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a', updatedAt: 2 }));
    await store.saveAttempt(makeAttempt('a', 0, { candidate: `${PROMPT}    return a - b\n` }));
    await store.saveAttempt(
      makeAttempt('a', 1, {
        candidate: `${PROMPT}    return a + b\n`,
        result: makeResult({ status: 'passed', result: 'passed', tests: [] }),
      }),
    );
    // A later hand edit that broke it again: 'best' still takes the passing one.
    await store.saveAttempt(makeAttempt('a', 2, { candidate: `${PROMPT}    return b\n`, source: 'user' }));

    const mbpp = makeSession({ id: 'b', updatedAt: 1 });
    mbpp.task = {
      ...mbpp.task,
      kind: 'function',
      id: 'Mbpp/2',
      tests: { kind: 'mbpp', setup: '', asserts: ['assert f() == 1'] },
    };
    await store.createSession(mbpp);
    await store.saveAttempt(makeAttempt('b', 0, { candidate: 'def f():\n    return 1\n' }));

    await store.createSession(makeSession({ id: 'c', updatedAt: 0, task: { ...mbpp.task, id: 'Mbpp/3' } }));
    await store.saveAttempt(makeAttempt('c', 0, { candidate: undefined, reply: 'I cannot.' }));

    const text = await store.exportCandidates(['a', 'b', 'c']);
    expect(lines(text)).toEqual([
      { task_id: 'HumanEval/0', completion: '    return a + b\n' },
      { task_id: 'Mbpp/2', completion: 'def f():\n    return 1\n' },
      { task_id: 'Mbpp/3', completion: '' },
    ]);
    expect(text.split('\n')[0]).toBe('{"task_id":"HumanEval/0","completion":"    return a + b\\n"}');

    expect(lines(await store.exportCandidates(['a'], 'last'))).toEqual([
      { task_id: 'HumanEval/0', completion: '    return b\n' },
    ]);
  });

  it('keeps a whole-file HumanEval candidate whole, cuts a prompt prefix, trusts a body', () => {
    const session = makeSession();
    const whole = 'import math\n\ndef add(a, b):\n    return a + b\n';
    expect(completionOf(session, { candidate: whole, shape: 'whole' })).toBe(whole);
    expect(completionOf(session, { candidate: `${PROMPT}    return a + b\n` })).toBe('    return a + b\n');
    expect(completionOf(session, { candidate: '    return a + b\n', shape: 'body' })).toBe('    return a + b\n');
    session.task.starterCode = 'def add(a, b):\n';
    expect(completionOf(session, { candidate: 'def add(a, b):\n    return a + b\n' })).toBe('    return a + b\n');
  });

  it('takes passed (hidden tests included) over the visible run status', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a' }));
    const visibleOnly = makeResult({ status: 'passed', result: 'passed', tests: [] });
    await store.saveAttempt(makeAttempt('a', 0, { candidate: 'x = 1\n', result: visibleOnly, passed: true }));
    await store.saveAttempt(makeAttempt('a', 1, { candidate: 'x = 2\n', result: visibleOnly, passed: false }));
    expect(lines(await store.exportCandidates(['a']))).toEqual([{ task_id: 'HumanEval/0', completion: 'x = 1\n' }]);
  });
});
