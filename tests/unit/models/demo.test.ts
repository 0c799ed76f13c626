import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createDemoClient, DEMO_LABEL, demoReply } from '../../../src/models/demo.ts';
import { createModelClient } from '../../../src/models/create-client.ts';
import { getPreset } from '../../../src/models/presets.ts';
import { EXAMPLES } from '../../../src/shared/examples.ts';
import type { ChatMessage } from '../../../src/shared/model.ts';

const code = (reply: string): string => /```python\n([\s\S]*?)```/.exec(reply)?.[1] ?? '';
const firstTurn = (prompt: string): ChatMessage[] => [{ role: 'user', content: `Task:\n${prompt}` }];
const withFeedback = (prompt: string, reply: string): ChatMessage[] => [
  ...firstTurn(prompt),
  { role: 'assistant', content: reply },
  { role: 'user', content: 'The tests failed: AssertionError ...' },
];

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'pass'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('demo model', () => {
  it('is named as a demo and needs no key or network', async () => {
    expect(DEMO_LABEL).toBe('Demo model (offline, scripted)');
    expect(getPreset('demo')).toMatchObject({ provider: 'demo', needsKey: false, label: DEMO_LABEL });
    const c = createModelClient(
      { provider: 'demo', baseUrl: 'demo:', model: 'demo' },
      { demo: { delayMs: 0 }, fetch: () => Promise.reject(new Error('no network')) },
    );
    expect(await c.listModels()).toEqual(['demo']);
  });

  it.each(EXAMPLES.map((t) => [t.title, t] as const))(
    '%s: a first attempt, then a repair after feedback',
    async (_title, task) => {
      const c = createDemoClient({}, { delayMs: 0 });
      const first = await c.chat({ system: 'You write Python.', messages: firstTurn(task.prompt) });
      expect(first.text).toMatch(/```python\n/);
      expect(code(first.text)).toContain(`def ${task.entryPoint}(`);
      const second = await c.chat({ messages: withFeedback(task.prompt, first.text) });
      expect(code(second.text)).toContain(`def ${task.entryPoint}(`);
      expect(code(second.text)).not.toBe(code(first.text));
      expect(first.usage.estimated).toBe(true);
      expect(first.usage.outputTokens).toBeGreaterThan(10);
      expect(first.finishReason).toBe('stop');
    },
  );

  it.skipIf(!hasPython())('first attempts really fail their tests and repairs really pass', () => {
    for (const task of EXAMPLES) {
      if (task.tests.kind !== 'user') throw new Error('examples use user tests');
      const run = (src: string): boolean => {
        try {
          execFileSync('python3', ['-c', `${src}\n${task.tests.kind === 'user' ? task.tests.source : ''}`], {
            stdio: 'pipe',
          });
          return true;
        } catch {
          return false;
        }
      };
      const first = demoReply({ messages: firstTurn(task.prompt) });
      const fixed = demoReply({ messages: withFeedback(task.prompt, first) });
      expect(run(code(first)), `${task.id} first`).toBe(false);
      expect(run(code(fixed)), `${task.id} repaired`).toBe(true);
    }
  });

  it('is deterministic', () => {
    const req = { messages: firstTurn(EXAMPLES[0]!.prompt) };
    expect(demoReply(req)).toBe(demoReply(req));
  });

  it('says plainly that it only knows the bundled examples', async () => {
    const res = await createDemoClient({}, { delayMs: 0 }).chat({
      messages: [{ role: 'user', content: 'Write a web server in Rust' }],
    });
    expect(res.text).toMatch(/only know the bundled example tasks/);
    expect(res.text).not.toMatch(/```/);
    for (const t of EXAMPLES) expect(res.text).toContain(t.title);
  });

  it('streams in chunks that add up to the reply', async () => {
    const pieces: string[] = [];
    const res = await createDemoClient({}, { delayMs: 0, chunkChars: 10 }).chat(
      { messages: firstTurn(EXAMPLES[1]!.prompt) },
      { onEvent: (e) => pieces.push(e.text) },
    );
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(res.text);
  });

  it('can be cancelled mid-stream', async () => {
    const ac = new AbortController();
    let n = 0;
    const p = createDemoClient({}, { delayMs: 1, chunkChars: 5 }).chat(
      { messages: firstTurn(EXAMPLES[2]!.prompt) },
      {
        signal: ac.signal,
        onEvent: () => {
          if (++n === 3) ac.abort();
        },
      },
    );
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
    expect(n).toBe(3);
  });
});

describe('bundled examples', () => {
  it('are small Python tasks with user tests and an entry point', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(4);
    expect(new Set(EXAMPLES.map((t) => t.id)).size).toBe(EXAMPLES.length);
    for (const t of EXAMPLES) {
      expect(t.language).toBe('python');
      expect(t.tests.kind).toBe('user');
      expect(t.entryPoint).toMatch(/^[a-z_]+$/);
      expect(t.prompt).toContain(`\`${t.entryPoint}(`);
    }
  });
});
