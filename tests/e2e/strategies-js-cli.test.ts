// best-of-n on MultiPL-E JavaScript and TypeScript problems from the command line: the built page
// in headless Chromium, the JavaScript sandbox (and TypeScript's checker), and a local endpoint
// whose replies differ for identical requests. Two samples pass every visible test but part
// company on the mutated inputs, and the code comes from the larger group that agrees.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import { runAgainst } from './support/cli.ts';
import { expectPassedRow } from './support/strategy-rows.ts';
import { addProblemFile, addReply, RIGHT, SMALL_ONLY, WRONG } from './support/multipl-e.ts';

/** What every run here reports: five samples, three alike, one call per sample unless `n` is taken. */
const BEST_OF_5 = { strategy: 'best-of-n', model_calls: 5, samples: 5, groups: [3, 1], selected_from: 3 };

describe('run --strategy best-of-n on MultiPL-E problems', () => {
  let server: ModelServer;
  /** Gives several replies to one request (`n`), as api.openai.com does. */
  let choices: ModelServer;
  beforeAll(async () => {
    [server, choices] = await Promise.all([
      startModelServer({ format: 'openai' }),
      startModelServer({ format: 'openai', n: 8 }),
    ]);
  });
  afterAll(() => Promise.all([server?.close(), choices?.close()]));
  beforeEach(() => {
    server.reset();
    choices.reset();
  });

  const run = (language: 'js' | 'ts', endpoint: ModelServer) =>
    runAgainst(addProblemFile(language), endpoint.baseUrl, ['--strategy', 'best-of-n', '--samples', '5']);

  it.each(['js', 'ts'] as const)(
    '%s: the largest group that behaves alike on mutated inputs is taken, though the first sample is wrong',
    async (language) => {
      server.reply(...[SMALL_ONLY, RIGHT[0]!, WRONG, RIGHT[1]!, RIGHT[2]!].map((b) => addReply(language, b)));
      const r = await run(language, server);
      const row = expectPassedRow(r, { task_id: 'HumanEval_53_add', ...BEST_OF_5, iterations: 1 }, 'x > 10');
      expect(row.completion).toMatch(/return (x \+ y|y \+ x|s)/);
    },
  );

  it('where the endpoint gives several replies to one request, the five samples cost one model call', async () => {
    choices.reply(...[SMALL_ONLY, RIGHT[0]!, WRONG, RIGHT[1]!, RIGHT[2]!].map((b) => addReply('js', b)));
    const r = await run('js', choices);
    expectPassedRow(r, { ...BEST_OF_5, model_calls: 1 }, 'x > 10');
    expect(choices.chatRequests().map((q) => (q.body as { n?: number }).n)).toEqual([5]);
  });
});
