// The loop in JavaScript and TypeScript: what it asks for and which code it takes from a reply.
import { describe, expect, it } from 'vitest';
import { candidateFromReply } from '../../../src/loop/assemble.ts';
import { buildConversation } from '../../../src/loop/budget.ts';
import { extractCode } from '../../../src/loop/extract.ts';
import { noCodeFeedback } from '../../../src/loop/feedback.ts';
import type { Task } from '../../../src/shared/task.ts';

const jsTask: Task = {
  kind: 'function',
  id: 't',
  title: 'add',
  prompt: 'Write a JavaScript function `add(a, b)`.',
  language: 'javascript',
  tests: { kind: 'user', source: "const assert = require('node:assert');\nassert.strictEqual(add(1, 2), 3);" },
  limits: { timeoutSec: 3, outputCap: 65536 },
};
const tsTask: Task = { ...jsTask, language: 'typescript', prompt: 'Write a TypeScript function `add`.' };

describe('the loop in other languages', () => {
  it('takes the JavaScript block of a reply and leaves the Python and shell ones', () => {
    const reply = [
      'First install nothing:',
      '```sh\nnpm test\n```',
      'A Python version for comparison:',
      '```python\ndef add(a, b):\n    return a + b\n```',
      'The answer:',
      '```js\nfunction add(a, b) {\n  return a + b;\n}\n```',
    ].join('\n');
    expect(extractCode(reply, undefined, 'javascript')).toMatchObject({
      kind: 'code',
      code: 'function add(a, b) {\n  return a + b;\n}',
    });
    expect(candidateFromReply(reply, jsTask)).toMatchObject({ code: 'function add(a, b) {\n  return a + b;\n}' });
  });

  it('TypeScript takes typescript or javascript blocks; an untagged block counts unless it is a command', () => {
    expect(extractCode('```typescript\nconst x: number = 1;\n```', undefined, 'typescript')).toMatchObject({
      code: 'const x: number = 1;',
    });
    expect(extractCode('```javascript\nconst x = 1;\n```', undefined, 'typescript')).toMatchObject({ kind: 'code' });
    expect(extractCode('```\nconst x = 1;\n```', undefined, 'typescript')).toMatchObject({ kind: 'code' });
    expect(extractCode('```\n$ npm install\n```', undefined, 'typescript')).toMatchObject({ kind: 'no-code' });
  });

  it('a reply with only Python, for a JavaScript task, gets feedback that asks for JavaScript', () => {
    const got = extractCode('```python\ndef add(a, b):\n    return a + b\n```', undefined, 'javascript');
    expect(got).toEqual({ kind: 'no-code', reason: 'not-python' });
    const text = noCodeFeedback('not-python', 'javascript');
    expect(text).toContain('none held a JavaScript solution');
    expect(text).toContain('```javascript');
  });

  it('Python tasks are as before: unfenced Python is still found', () => {
    expect(extractCode('def add(a, b):\n    return a + b', undefined, 'python')).toMatchObject({ from: 'plain' });
    expect(extractCode('function add(a, b) { return a + b; }', undefined, 'javascript')).toMatchObject({
      kind: 'no-code',
    });
  });

  it('the request names the task language in the system prompt, the task and the fences', () => {
    const conv = buildConversation({ task: tsTask, history: [], tactic: false, showTests: true });
    expect(conv.request.system).toContain('You write TypeScript code');
    expect(conv.request.system).toContain('```typescript');
    expect(conv.request.system).not.toMatch(/Python/);
    const first = conv.request.messages[0]?.content ?? '';
    expect(first).toContain('```typescript\nconst assert');
    expect(first).toMatch(/single fenced ```typescript block/);
  });
});
