// A selection round's N samples over real HTTP: in one request with `n` where the endpoint gives
// them, and one request each where it refuses `n` or gives fewer; every request sent is a model
// call. With samples run in native CPython, selection is the same whichever way they came.
import { afterEach, describe, expect, it } from 'vitest';
import { runLoop } from '../../../src/loop/engine.ts';
import type { LoopOptions } from '../../../src/loop/types.ts';
import { createModelClient } from '../../../src/models/create-client.ts';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import type { Runtime } from '../../../src/shared/runtime.ts';
import { FakeRuntime, mbppTask, pass } from './fakes.ts';
import { hasPython, NativePython } from './native-python.ts';

const fenced = (body: string): string => `\`\`\`python\ndef add(a, b):\n    ${body}\n\`\`\``;
const SAMPLES = [
  fenced('return a + b if a < 2 else 0'), // passes the visible tests, wrong elsewhere
  fenced('return a + b'),
  fenced('return b + a'),
  fenced('return a - b'), // fails the visible tests
  fenced('return sum([a, b])'),
];

let servers: ModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** Every run passes: enough where only the requests matter. */
const passing = (): Runtime => new FakeRuntime([], pass());

async function bestOf5(n?: 'reject' | number, runtime = passing) {
  const server = await startModelServer({ format: 'openai', ...(n !== undefined ? { n } : {}) });
  servers.push(server);
  const run = async () => {
    server.reply(...SAMPLES);
    const statuses: string[] = [];
    const opts: LoopOptions = {
      task: mbppTask,
      model: createModelClient({ provider: 'openai', baseUrl: server.baseUrl, model: 'test-model' }),
      runtime: runtime(),
      settings: { maxIterations: 3, retryDelayMs: 0, strategy: { name: 'best-of-n', samples: 5 } },
      hooks: { onAttempt: () => {}, onStatus: (t) => statuses.push(t) },
    };
    return { out: await runLoop(opts), statuses };
  };
  const asked = () => server.chatRequests().map((r) => (r.body as { n?: number }).n);
  return { server, run, asked };
}

describe('drawing the samples of a selection round', () => {
  // CPython starts for every sample and driver: slow on a busy machine.
  it.skipIf(!hasPython)(
    'an endpoint that gives N replies to one request is asked once',
    async () => {
      const t = await bestOf5(8, () => new NativePython());
      const { out } = await t.run();
      expect(t.asked()).toEqual([5]);
      expect(out).toMatchObject({ passed: true, modelCalls: 1, samples: 5 });
      expect(out.attempts[0]!.selection).toMatchObject({ groups: [3, 1], chosenSize: 3, chosen: 1 });
      expect(out.finalCandidate).toBe('def add(a, b):\n    return a + b');
    },
    120_000,
  );

  it('an endpoint that refuses n is asked once per sample after it, and the refusal counts as a call', async () => {
    const t = await bestOf5('reject');
    const { out, statuses } = await t.run();
    expect(t.asked()).toEqual([5, undefined, undefined, undefined, undefined, undefined]);
    expect(out).toMatchObject({ passed: true, modelCalls: 6, samples: 5 });
    expect(out.attempts[0]!.selection!.samples).toHaveLength(5);
    expect(
      statuses.some((s) => /\brefused 5 replies\b.*\basking 5 times\b/.test(s)),
      statuses.join('\n'),
    ).toBe(true);
    // The next run on the same endpoint does not ask again.
    t.server.reset();
    const again = await t.run();
    expect(t.asked()).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(again.out.modelCalls).toBe(5);
  });

  it('an endpoint that gives fewer replies than asked has the rest drawn one request each', async () => {
    const t = await bestOf5(2);
    const { out } = await t.run();
    expect(t.asked()).toEqual([5, undefined, undefined, undefined]);
    expect(out).toMatchObject({ modelCalls: 4, samples: 5 });
    expect(out.attempts[0]!.selection!.samples.map((x) => x.code !== undefined)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('an endpoint that ignores n gives one reply; the other four are drawn alongside, and later runs skip n', async () => {
    const t = await bestOf5();
    const { out } = await t.run();
    expect(t.asked()).toEqual([5, undefined, undefined, undefined, undefined]);
    expect(out).toMatchObject({ modelCalls: 5, samples: 5 });
    t.server.reset();
    await t.run();
    expect(t.asked()).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
