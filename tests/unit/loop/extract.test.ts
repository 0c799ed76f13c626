import { describe, expect, it } from 'vitest';
import { candidateFromReply } from '../../../src/loop/assemble.ts';
import type { Task } from '../../../src/shared/task.ts';
import { HE_PROMPT, heTask, mbppTask } from './fakes.ts';

const SUM = 'def add(a, b):\n    return a + b';

interface Row {
  name: string;
  reply: string;
  task?: Task;
  /** Exact candidate code expected, or a no-code reason. */
  code?: string;
  noCode?: string;
  shape?: 'whole' | 'body';
  from?: 'fence' | 'plain';
  truncated?: boolean;
  program?: string;
}

const TABLE: Row[] = [
  {
    name: 'python fence with prose around',
    reply: `Sure! Here is the function:\n\n\`\`\`python\n${SUM}\n\`\`\`\n\nIt simply adds the numbers.`,
    code: SUM,
    from: 'fence',
  },
  { name: 'py tag', reply: `\`\`\`py\n${SUM}\n\`\`\``, code: SUM },
  { name: 'Python tag in capitals', reply: `Solution:\n\`\`\`Python\n${SUM}\n\`\`\``, code: SUM },
  { name: 'python3 tag with trailing words', reply: `\`\`\`python3 title="add.py"\n${SUM}\n\`\`\``, code: SUM },
  { name: 'tilde fence', reply: `~~~python\n${SUM}\n~~~`, code: SUM },
  { name: 'untagged fence', reply: `Here you go:\n\`\`\`\n${SUM}\n\`\`\``, code: SUM },
  {
    name: 'solution block, then a usage block that only calls it',
    reply: `\`\`\`python\n${SUM}\n\`\`\`\n\nExample:\n\n\`\`\`python\nprint(add(1, 2))  # 3\n\`\`\``,
    code: SUM,
  },
  {
    name: 'shell block before the code',
    reply: `First install nothing, just run:\n\`\`\`bash\npip install nothing\npython add.py\n\`\`\`\n\`\`\`\n${SUM}\n\`\`\``,
    code: SUM,
  },
  {
    name: 'untagged output block after the code',
    reply: `\`\`\`\n${SUM}\n\`\`\`\nOutput:\n\`\`\`\n3\n0\n\`\`\``,
    code: SUM,
  },
  {
    name: 'longer helper block first, the entry point defined in the second',
    reply:
      'A helper first:\n```python\nimport math\n\ndef helper(values):\n    total = 0\n    for v in values:\n        total += v\n    return math.floor(total)\n```\nAnd the answer:\n```python\ndef add(a, b):\n    return a + b\n```',
    code: SUM,
  },
  {
    name: 'two versions of the entry point: the fuller one wins',
    reply: `Quick version:\n\`\`\`python\ndef add(a, b): return a+b\n\`\`\`\nWith validation:\n\`\`\`python\ndef add(a, b):\n    if not isinstance(a, int):\n        raise TypeError("a")\n    return a + b\n\`\`\``,
    code: 'def add(a, b):\n    if not isinstance(a, int):\n        raise TypeError("a")\n    return a + b',
  },
  { name: 'no fence at all: the reply is code', reply: `${SUM}\n`, code: SUM, from: 'plain' },
  {
    name: 'no fence, prose around the code',
    reply: `Here is the solution:\n\n${SUM}\n\nThis returns the sum of both arguments.`,
    code: SUM,
    from: 'plain',
  },
  {
    name: 'unterminated fence: reply cut off',
    reply: `\`\`\`python\ndef add(a, b):\n    return a +`,
    code: 'def add(a, b):\n    return a +',
    truncated: true,
  },
  {
    name: 'CRLF line endings',
    reply: `Code:\r\n\`\`\`python\r\ndef add(a, b):\r\n    return a + b\r\n\`\`\`\r\n`,
    code: SUM,
  },
  {
    name: 'reasoning with draft code is removed first',
    reply: `<think>\nMaybe:\n\`\`\`python\ndef add(a, b):\n    return a - b  # draft, and longer than the answer\n\`\`\`\nNo, plus.\n</think>\n\`\`\`python\n${SUM}\n\`\`\``,
    code: SUM,
  },
  {
    name: 'lone closing think tag (opened by the template)',
    reply: `I should add them.\n\`\`\`python\ndef add(a, b): pass\n\`\`\`\n</think>\n\n\`\`\`python\n${SUM}\n\`\`\``,
    code: SUM,
  },
  {
    name: 'cut off while reasoning',
    reply: '<think>\nLet me consider the edge cases. If a is negative',
    noCode: 'cut-off-reasoning',
  },
  {
    name: 'prose only',
    reply: 'I am sorry, but I need more details about what the function should return.',
    noCode: 'prose',
  },
  { name: 'empty reply', reply: '   \n', noCode: 'empty' },
  { name: 'only a shell block', reply: 'Run this:\n```sh\npython -m pytest\n```', noCode: 'not-python' },
  {
    name: 'a REPL session and the code',
    reply: `\`\`\`\n>>> add(1, 2)\n3\n\`\`\`\n\`\`\`python\n${SUM}\n\`\`\``,
    code: SUM,
  },
  {
    name: 'json block beside the code',
    reply: `\`\`\`json\n{"a": 1}\n\`\`\`\n\`\`\`python\n${SUM}\n\`\`\``,
    code: SUM,
  },
  {
    name: 'fence indented inside a list item',
    reply: `1. Define the function:\n\n   \`\`\`python\n   def add(a, b):\n       return a + b\n   \`\`\`\n2. Done.`,
    code: SUM,
  },
  {
    name: 'HumanEval: a whole function runs after the prompt',
    task: heTask,
    reply:
      '```python\ndef running_sum(xs):\n    out, t = [], 0\n    for x in xs:\n        t += x\n        out.append(t)\n    return out\n```',
    shape: 'whole',
    program: `${HE_PROMPT}def running_sum(xs):\n    out, t = [], 0\n    for x in xs:\n        t += x\n        out.append(t)\n    return out`,
  },
  {
    name: 'HumanEval: an indented body is appended to the prompt',
    task: heTask,
    reply:
      '```python\n    out, t = [], 0\n    for x in xs:\n        t += x\n        out.append(t)\n    return out\n```',
    shape: 'body',
    program: `${HE_PROMPT}    out, t = [], 0\n    for x in xs:\n        t += x\n        out.append(t)\n    return out`,
  },
  {
    name: 'HumanEval: a dedented body is indented to fit the function',
    task: heTask,
    reply: '```python\nout = []\nfor i in range(len(xs)):\n    out.append(sum(xs[: i + 1]))\nreturn out\n```',
    shape: 'body',
    code: '    out = []\n    for i in range(len(xs)):\n        out.append(sum(xs[: i + 1]))\n    return out',
  },
  {
    name: 'HumanEval: an unfenced body',
    task: heTask,
    reply: '    return [sum(xs[: i + 1]) for i in range(len(xs))]\n',
    shape: 'body',
    from: 'plain',
  },
];

describe('candidate extraction from real-looking replies', () => {
  it('has a table of at least 20 replies', () => expect(TABLE.length).toBeGreaterThanOrEqual(20));

  for (const row of TABLE) {
    it(row.name, () => {
      const got = candidateFromReply(row.reply, row.task ?? mbppTask);
      if (row.noCode !== undefined) {
        expect(got).toEqual({ kind: 'no-code', reason: row.noCode });
        return;
      }
      if (got.kind !== 'candidate') throw new Error(`no candidate found: ${got.reason}`);
      if (row.code !== undefined) expect(got.code).toBe(row.code);
      if (row.shape !== undefined) expect(got.shape).toBe(row.shape);
      if (row.from !== undefined) expect(got.from).toBe(row.from);
      expect(got.truncated).toBe(row.truncated ?? false);
      if (row.program !== undefined) expect(got.program).toBe(row.program);
      if ((row.task ?? mbppTask).tests.kind !== 'humaneval') expect(got.program).toBe(got.code);
    });
  }
});
