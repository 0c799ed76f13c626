// The registry answers for every kind of task, and the loop's questions get each kind's answer:
// a contest program's feedback is LiveCodeBench's text, a web page's checks are introduced as
// JavaScript run in the page, and a project is run once, never by the loop.
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../../src/kinds/registry.ts';
import { programFeedback } from '../../../src/kinds/program/feedback.ts';
import { firstMessages } from '../../../src/loop/prompt.ts';
import { EXAMPLES } from '../../../src/shared/examples.ts';
import { WEB_EXAMPLES } from '../../../src/shared/examples-web.ts';
import { PROGRAM_EXAMPLES } from '../../../src/shared/program-examples.ts';
import type { RunResult } from '../../../src/shared/run.ts';

const failed: RunResult = {
  status: 'failed',
  result: 'failed',
  tests: [{ name: 'test 1', passed: false, source: '1\n', expected: '2\n', actual: '3\n' }],
  stdout: '',
  stderr: '',
  truncated: false,
  durationMs: 1,
};

describe('the task kinds registry', () => {
  it('gives a contest program its own feedback and groups its samples by output', () => {
    const task = PROGRAM_EXAMPLES[0]!;
    expect(kindOf(task).feedback?.(failed, task)).toBe(programFeedback(failed, task.limits.timeoutSec));
    expect(kindOf(task).grouping).toBe('outputs');
  });

  it('leaves a function to the loop’s feedback and groups by calls', () => {
    const task = EXAMPLES[0]!;
    expect(kindOf(task).feedback).toBeUndefined();
    expect(kindOf(task).grouping).toBe('calls');
    const text = firstMessages(task, { showTests: true, testsChars: 4000 })[0]!.content;
    expect(text).toContain('Your code will be checked with these tests:\n```python');
  });

  it('shows a web page’s checks as JavaScript run in the page', () => {
    const text = firstMessages(WEB_EXAMPLES[0]!, { showTests: true, testsChars: 4000 })[0]!.content;
    expect(text).toContain('run in it once it has loaded');
    expect(text).toContain('```javascript');
  });

  it('says who runs each kind', () => {
    const base = {
      id: 't',
      title: 't',
      prompt: 'p',
      language: 'python' as const,
      limits: { timeoutSec: 1, outputCap: 1 },
    };
    const tests = { kind: 'none' as const };
    expect(kindOf({ ...base, kind: 'project', tests, project: { files: {} } }).runner).toBe('run-once');
    expect(kindOf({ ...base, kind: 'agent', tests, agent: { files: [] } }).runner).toBe('workspace');
    expect(kindOf(EXAMPLES[0]!).runner).toBe('loop');
  });
});
