// The demo model on the JavaScript and TypeScript examples: its first attempt really fails (for
// TypeScript, the strict type check finds the bug), and its repair really passes under node.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoReply } from '../../../src/models/demo.ts';
import { CheckerCore } from '../../../src/sandbox/typescript/checker-core.ts';
import { ALL_EXAMPLES, EXAMPLES, JAVASCRIPT_EXAMPLES, TYPESCRIPT_EXAMPLES } from '../../../src/shared/examples.ts';
import type { ChatMessage } from '../../../src/shared/model.ts';
import type { Task } from '../../../src/shared/task.ts';

const fenced = (reply: string, fence: string): string =>
  new RegExp('```' + fence + '\\n([\\s\\S]*?)```').exec(reply)?.[1] ?? '';
const firstTurn = (prompt: string): ChatMessage[] => [{ role: 'user', content: `Task:\n${prompt}` }];
const secondTurn = (prompt: string, reply: string): ChatMessage[] => [
  ...firstTurn(prompt),
  { role: 'assistant', content: reply },
  { role: 'user', content: 'The tests failed: ...' },
];
const testsOf = (task: Task): string => (task.tests.kind === 'user' ? task.tests.source : '');

function passesUnderNode(js: string): boolean {
  try {
    execFileSync(process.execPath, ['-e', js], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

let checker: CheckerCore;
beforeAll(async () => {
  checker = new CheckerCore(async (f) => readFile(`node_modules/typescript/lib/${f}`, 'utf8').catch(() => undefined));
  await checker.warm(true);
}, 120_000);

describe('bundled JavaScript and TypeScript examples', () => {
  it('come in each language, with ids of their own, and the Python list is unchanged', () => {
    expect(JAVASCRIPT_EXAMPLES.every((t) => t.language === 'javascript')).toBe(true);
    expect(TYPESCRIPT_EXAMPLES.every((t) => t.language === 'typescript')).toBe(true);
    expect(EXAMPLES.every((t) => t.language === 'python')).toBe(true);
    expect(new Set(ALL_EXAMPLES.map((t) => t.id)).size).toBe(ALL_EXAMPLES.length);
    for (const t of [...JAVASCRIPT_EXAMPLES, ...TYPESCRIPT_EXAMPLES]) expect(t.prompt).toContain(`\`${t.entryPoint}(`);
  });
});

describe.each(JAVASCRIPT_EXAMPLES.map((t) => [t.title, t] as const))('demo model, %s', (_title, task) => {
  it('writes JavaScript that fails its tests, then a repair that passes', () => {
    const first = demoReply({ messages: firstTurn(task.prompt) });
    const fixed = demoReply({ messages: secondTurn(task.prompt, first) });
    expect(fenced(first, 'javascript')).toContain(`function ${task.entryPoint}(`);
    expect(passesUnderNode(`${fenced(first, 'javascript')}\n${testsOf(task)}`)).toBe(false);
    expect(passesUnderNode(`${fenced(fixed, 'javascript')}\n${testsOf(task)}`)).toBe(true);
  });
});

describe.each(TYPESCRIPT_EXAMPLES.map((t) => [t.title, t] as const))('demo model, %s', (_title, task) => {
  it('writes TypeScript that fails (type check or tests), then a repair that checks and passes', async () => {
    const first = demoReply({ messages: firstTurn(task.prompt) });
    const fixed = demoReply({ messages: secondTurn(task.prompt, first) });
    const run = async (reply: string): Promise<boolean> => {
      const r = await checker.check(`${fenced(reply, 'typescript')}\n${testsOf(task)}`, { strict: true });
      return r.diagnostics.length === 0 && passesUnderNode(r.js);
    };
    expect(fenced(first, 'typescript')).toContain(`function ${task.entryPoint}(`);
    expect(await run(first)).toBe(false);
    expect(await run(fixed)).toBe(true);
  });
});

it('the merge-intervals first attempt is caught by the type checker at the line the model wrote', async () => {
  const task = TYPESCRIPT_EXAMPLES.find((t) => t.entryPoint === 'mergeIntervals')!;
  const code = fenced(demoReply({ messages: firstTurn(task.prompt) }), 'typescript');
  const r = await checker.check(code, { strict: true });
  const line = code.split('\n').findIndex((l) => l.includes('last[1] = Math.max')) + 1;
  expect(r.diagnostics.map((d) => [d.line, d.code])).toContainEqual([line, 18048]);
});
