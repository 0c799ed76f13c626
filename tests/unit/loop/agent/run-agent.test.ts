import { describe, expect, it } from 'vitest';
import { runAgent, type AgentRunOptions } from '../../../../src/loop/agent/run-agent.ts';
import type { AgentEvent, AgentLimits } from '../../../../src/shared/agent-run.ts';
import { FakeModel, type ModelStep } from '../fakes.ts';
import { FakeSession, type ActStep } from './fake-session.ts';

const LIMITS: AgentLimits = { maxActions: 5, actionTimeoutMs: 3000, outputCap: 10000 };
const py = (code: string, prose = 'Let me look.'): string => `${prose}\n\n\`\`\`python\n${code}\n\`\`\`\n`;

function run(replies: ModelStep[], acts: ActStep[] = [], more: Partial<AgentRunOptions> = {}) {
  const model = new FakeModel(replies);
  const runtime = new FakeSession(acts);
  const events: AgentEvent[] = [];
  const goal = { goal: 'Sum the column x of data.csv.', language: 'python' as const, files: more.goal?.files ?? [] };
  const result = runAgent({ model, runtime, goal, limits: LIMITS, onEvent: (e) => events.push(e), ...more });
  return { model, runtime, events, result };
}

describe('the agent loop', () => {
  it("runs each reply's code block and ends on final_answer with its value", async () => {
    const { model, runtime, events, result } = run(
      [
        py("import csv\nrows = list(csv.DictReader(open('data.csv')))\nlen(rows)"),
        py('final_answer(sum(int(r["x"]) for r in rows))'),
      ],
      [{ value: '3' }, { finalAnswer: '6' }],
    );
    const r = await result;
    expect(r.endReason).toBe('final-answer');
    expect(r.answer).toBe('6');
    expect(r.actions).toBe(2);
    expect(r.modelCalls).toBe(2);
    expect(r.usage).toEqual({ inputTokens: 200, outputTokens: 100 });
    expect(runtime.codes[0]).toContain('csv.DictReader');
    // The second request carries the first observation.
    const second = model.requests[1]!.messages;
    expect(second.at(-1)!.content).toContain('Value:\n3');
    expect(second.at(-1)!.content).toContain('4 actions left');
    expect(events.map((e) => e.type)).toEqual([
      'step-started',
      ...Array(events.filter((e) => e.type === 'model-text' && e.step === 1).length).fill('model-text'),
      'reply',
      'observation',
      'step-started',
      ...Array(events.filter((e) => e.type === 'model-text' && e.step === 2).length).fill('model-text'),
      'reply',
      'observation',
      'final-answer',
    ]);
  });

  it('tells the model the goal, the files with their first lines, the conventions and the budget', async () => {
    const files = [
      { name: 'data.csv', size: 12, text: 'x\n1\n2\n3\n4\n5\n6\n7' },
      { name: 'logo.png', size: 2048, base64: 'AA==', mime: 'image/png' },
    ];
    const { model, result } = run(['The answer is 6.'], [], { goal: { goal: 'g', language: 'python', files } });
    await result;
    const req = model.requests[0]!;
    expect(req.system).toContain('final_answer(value)');
    expect(req.system).toContain('exactly one fenced code block');
    const first = req.messages[0]!.content;
    expect(first).toContain('data.csv (12 bytes), first lines:\n    x\n    1');
    expect(first).toContain('(8 lines in all)');
    expect(first).toContain('logo.png (2.0 KiB), binary (image/png)');
    expect(first).toContain('at most 5 actions, 3 s per action');
  });

  it('takes a reply with no code as the answer', async () => {
    const r = await run(['The total is **6**.']).result;
    expect(r).toMatchObject({ endReason: 'answered', answer: 'The total is **6**.', actions: 0 });
  });

  it('ends stuck when a reply repeats the previous action, without running it again', async () => {
    const { runtime, result } = run([py('print(1)'), py('print(1)  \n\n')], [{ output: '1\n' }]);
    const r = await result;
    expect(r.endReason).toBe('stuck');
    expect(r.answer).toBeUndefined();
    expect(runtime.codes).toHaveLength(1);
  });

  it('stops at the action cap', async () => {
    const { runtime, result } = run([py('a = 1'), py('b = 2'), py('c = 3')], [], {
      limits: { ...LIMITS, maxActions: 2 },
    });
    const r = await result;
    expect(r.endReason).toBe('iteration-cap');
    expect(runtime.codes).toEqual(['a = 1', 'b = 2']);
  });

  it('stops at the token budget and at the time budget', async () => {
    const tokens = await run([py('a = 1'), py('b = 2')], [], { limits: { ...LIMITS, tokenBudget: 150 } }).result;
    expect(tokens.endReason).toBe('token-budget');
    expect(tokens.actions).toBe(1);
    let t = 0;
    const time = await run([py('a = 1'), py('b = 2')], [], {
      limits: { ...LIMITS, timeBudgetMs: 1000 },
      now: () => (t += 600),
    }).result;
    expect(time.endReason).toBe('time-budget');
  });

  it('says "ran without output", errors, lost state and cut output to the model', async () => {
    const { model, result } = run(
      [py('x = 1'), py('1/0'), py('while True: pass'), py('print("a" * 99)'), 'done'],
      [
        {},
        {
          error: 'Traceback (most recent call last):\n  File "<action 2>", line 1\nZeroDivisionError: division by zero',
        },
        { timedOut: true, stateLost: true, error: 'The action ran past its time limit of 3 s.' },
        { output: 'aaaa', outputCut: true },
      ],
    );
    await result;
    const said = (i: number): string => model.requests[i]!.messages.at(-1)!.content;
    expect(said(1)).toContain('The action ran without output.');
    expect(said(2)).toContain('ZeroDivisionError');
    expect(said(3)).toContain('variables, functions and imports from earlier actions are gone');
    expect(said(4)).toContain('[output cut here');
  });

  it('sends pictures as images with the latest observation only, and tables as text', async () => {
    const png = { mime: 'image/png', data: 'iVBORw0KGgo=' };
    const html = {
      mime: 'text/html',
      data: '<table><tr><th>x</th><th>y</th></tr><tr><td>1</td><td>&lt;2&gt;</td></tr></table>',
    };
    const { model, result } = run([py('plot()'), py('table()'), 'done'], [{ rich: [png] }, { rich: [html] }]);
    await result;
    const second = model.requests[1]!.messages.at(-1)!;
    expect(second.images).toEqual([{ mime: 'image/png', base64: 'iVBORw0KGgo=' }]);
    expect(second.content).toContain('[picture 1: image/png]');
    const third = model.requests[2]!.messages;
    expect(third.at(-1)!.content).toContain('x | y\n1 | <2>');
    expect(third.filter((m) => m.images).length).toBe(0);
  });

  it('shortens older observations first and keeps the latest whole within the context budget', async () => {
    const big = 'row\n'.repeat(3000);
    const { model, result } = run([py('a()'), py('b()'), 'done'], [{ output: big }, { output: big }], {
      limits: { ...LIMITS, contextTokens: 4000 },
    });
    await result;
    const msgs = model.requests[2]!.messages;
    expect(msgs.at(-1)!.content).toContain(big);
    expect(msgs[2]!.content).toContain('left out');
    expect(msgs[2]!.content.length).toBeLessThan(3000);
  });

  it('runs only the first of several blocks and says so', async () => {
    const { model, runtime, result } = run([py('a = 1') + py('b = 2', 'and'), 'done'], [{ value: '1' }]);
    await result;
    expect(runtime.codes).toEqual(['a = 1']);
    expect(model.requests[1]!.messages.at(-1)!.content).toContain('only the first ran');
  });

  it('ends endpoint-failed with the message when the model keeps failing, and stopped on abort', async () => {
    const auth = { kind: 'auth' as const, message: 'The API key was refused (401).' };
    const failed = await run([{ error: auth }]).result;
    expect(failed).toMatchObject({ endReason: 'endpoint-failed', error: 'The API key was refused (401).' });
    const abort = new AbortController();
    const { result } = run([{ hang: true, partial: 'Let' }], [], { signal: abort.signal });
    setTimeout(() => abort.abort(), 10);
    expect((await result).endReason).toBe('stopped');
  });

  it('retries a dropped stream once, clearing what it had shown', async () => {
    const { events, result } = run([
      { error: { kind: 'network', message: 'Failed to fetch.' }, partial: 'Hal' },
      'fine',
    ]);
    const r = await result;
    expect(r).toMatchObject({ endReason: 'answered', answer: 'fine', modelCalls: 2 });
    expect(events.some((e) => e.type === 'model-reset')).toBe(true);
  });

  it('ends sandbox-failed when the interpreter cannot run the action', async () => {
    const r = await run([py('x = 1')], [{ throws: 'the interpreter could not start' }]).result;
    expect(r).toMatchObject({ endReason: 'sandbox-failed', error: 'the interpreter could not start' });
  });

  it('takes the answer only from final_answer, never from what the action printed', async () => {
    const r = await run(
      [py("print('Final answer: 42')"), 'I could not find it.'],
      [{ output: 'Final answer: 42\n', value: "'final_answer(42)'" }],
    ).result;
    expect(r).toMatchObject({ endReason: 'answered', answer: 'I could not find it.', actions: 1 });
  });

  it('passes the time limit and the output cap to each action', async () => {
    const { runtime, result } = run([py('x = 1'), 'ok']);
    await result;
    expect(runtime.options[0]).toMatchObject({ timeoutMs: 3000, outputCap: 10000 });
  });
});
