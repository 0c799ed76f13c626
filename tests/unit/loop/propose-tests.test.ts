// Proposing tests for a task: the request asks for tests of the statement in the task's own test
// style, the reply's tests are read (fenced or not, each once, only those calling the entry
// point), and new proposals join the waiting ones without replacing any or repeating the task's.
import { describe, expect, it } from 'vitest';
import { MAX_PROPOSALS, mergeProposals, parseProposals, proposeRequest } from '../../../src/loop/propose-tests.ts';
import type { Task } from '../../../src/shared/task.ts';
import { mbppTask } from './fakes.ts';

const jsTask: Task = { ...mbppTask, language: 'javascript', tests: { kind: 'none' } };

describe('the request for tests', () => {
  it('asks for Python asserts calling the entry point, from the description alone, and no solution', () => {
    const req = proposeRequest(mbppTask, 4);
    const text = req.messages[0]!.content;
    expect(text).toContain(mbppTask.prompt);
    expect(text).toMatch(/Write 4 tests .* ```python block: one `assert` statement per line, each calling `add`/);
    expect(text).toContain('Do not write the solution.');
    expect(req.system).toMatch(/tests for Python/);
  });

  it('asks for Node assert calls for JavaScript and TypeScript tasks', () => {
    const text = proposeRequest(jsTask).messages[0]!.content;
    expect(text).toMatch(/```javascript block: one Node `assert` call per line \(`assert.strictEqual/);
    expect(proposeRequest({ ...jsTask, language: 'typescript' }).messages[0]!.content).toContain('```typescript');
  });
});

describe('reading proposals from a reply', () => {
  it('takes the asserts of a fenced test block, each once, and only those that call the entry point', () => {
    const reply = [
      'Here are tests:',
      '```python',
      'assert add(1, 2) == 3',
      'assert add(0, 0) == 0',
      'assert  add(1, 2)  == 3',
      'assert sub(1, 1) == 0',
      'assert add(',
      '    [1], [2]) == [1, 2]',
      '```',
    ].join('\n');
    expect(parseProposals(reply, mbppTask)).toEqual([
      'assert add(1, 2) == 3',
      'assert add(0, 0) == 0',
      'assert add( [1], [2]) == [1, 2]',
    ]);
  });

  it('reads JavaScript asserts with their require line left out, and asserts written outside a fence', () => {
    const js = "```js\nconst assert = require('node:assert');\nassert.strictEqual(add(1, 2), 3);\n```";
    expect(parseProposals(js, jsTask)).toEqual(['assert.strictEqual(add(1, 2), 3);']);
    expect(parseProposals('Tests:\nassert add(2, 2) == 4\nThat is all.', mbppTask)).toEqual(['assert add(2, 2) == 4']);
  });

  it('finds nothing in a reply without tests', () => {
    expect(parseProposals('```python\ndef add(a, b):\n    return a + b\n```', mbppTask)).toEqual([]);
    expect(parseProposals('I cannot help with that.', mbppTask)).toEqual([]);
  });
});

describe('merging proposals', () => {
  it('keeps every waiting proposal as it is and adds only tests nobody has yet', () => {
    const m = mergeProposals(
      ['assert add(5, 5) == 10 # edited'],
      ['assert add(1, 2) == 3'],
      ['assert add(1,  2) == 3', 'assert add(0, 0) == 0', 'assert add(5, 5) == 10 # edited', 'assert add(0, 0) == 0'],
    );
    expect(m).toEqual({
      proposals: ['assert add(5, 5) == 10 # edited', 'assert add(0, 0) == 0'],
      added: 1,
      repeated: 3,
    });
  });

  it('stops adding at the cap', () => {
    const fresh = Array.from({ length: MAX_PROPOSALS + 5 }, (_, i) => `assert add(${i}, 0) == ${i}`);
    const m = mergeProposals([], [], fresh);
    expect(m.proposals).toHaveLength(MAX_PROPOSALS);
  });
});
