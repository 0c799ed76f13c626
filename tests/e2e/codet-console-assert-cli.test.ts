// codet on MultiPL-E's `add` in JavaScript and TypeScript when the samples write their tests with
// console.assert, which node only prints: the built page in headless Chromium and a local endpoint
// whose replies differ. A falsy console.assert fails its test, so the samples still split by what
// they do, and the wrong test is reported as suspect with what the agreeing samples computed.
import { describe, expect, it } from 'vitest';
import { runAgainst } from './support/cli.ts';
import { modelServerPerBlock } from './support/model-server-block.ts';
import { addProblemFile, addReply, RIGHT, SMALL_ONLY, WRONG, type MultiplELanguage } from './support/multipl-e.ts';

/** Wrong: 10 + 5 is 15. */
const WRONG_TEST = 'console.assert(add(10, 5) === 16, "ten and five");';
/** Right; SMALL_ONLY fails it (20 > 10). */
const PAST_TEN = {
  js: 'console.assert(add(20, 22) === 42);',
  ts: 'console.assert(add(<number>20, 22 as number) === 42);',
};

describe('run --strategy codet with console.assert tests', () => {
  const endpoint = modelServerPerBlock();

  it.each(['js', 'ts'] as const)(
    '%s: the samples split by the tests they fail, and the wrong test is suspect, with what was computed',
    async (language: MultiplELanguage) => {
      endpoint.server.reply(
        addReply(language, RIGHT[0]!, `console.assert(add(2, 3) === 5);\n${WRONG_TEST}`),
        addReply(language, RIGHT[1]!, `console.assert(add(-1, 1) === 0, "opposites");\n${PAST_TEN[language]}`),
        addReply(language, SMALL_ONLY, 'console.assert(add(3, 4) === 7);'),
        addReply(language, WRONG),
      );
      const r = await runAgainst(addProblemFile(language), endpoint.server.baseUrl, [
        '--strategy',
        'codet',
        '--samples',
        '4',
      ]);
      expect(r.status, r.stderr).toBe(0);
      const row = JSON.parse(r.stdout.trim().split('\n')[0]!) as Record<string, unknown>;
      expect(row).toMatchObject({
        task_id: 'HumanEval_53_add',
        passed: true,
        strategy: 'codet',
        samples: 4,
        // The wrong sample fails the visible tests and is in no group; SMALL_ONLY fails PAST_TEN.
        groups: [2, 1],
        selected_from: 2,
      });
      expect(row.suspect_tests).toEqual([{ test: WRONG_TEST, outputs: ['15'] }]);
      expect(row.completion).not.toContain('x > 10');
    },
  );
});
