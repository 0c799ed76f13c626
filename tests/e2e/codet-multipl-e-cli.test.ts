// codet on MultiPL-E JavaScript and TypeScript problems from the command line: the built page in
// headless Chromium, the JavaScript sandbox (and TypeScript's checker), and a local endpoint whose
// replies differ for identical requests. The samples write tests, one of them wrong; the two
// samples that agree pass the right ones, and the wrong one is reported as suspect with what they
// computed. TypeScript's tests may carry type annotations; a sample that fails type-checking is
// failed as any TypeScript candidate is, and left out of the groups.
import { describe, expect, it } from 'vitest';
import { runAgainst } from './support/cli.ts';
import { modelServerPerBlock } from './support/model-server-block.ts';
import { addProblemFile, addReply, RIGHT, SMALL_ONLY, WRONG, type MultiplELanguage } from './support/multipl-e.ts';

/** Wrong: 10 + 5 is 15. */
const WRONG_TEST = 'assert.deepEqual(add(10, 5), 16);';
/** Right, and in TypeScript written with type assertions; SMALL_ONLY fails it (20 > 10). */
const ANNOTATED = {
  js: 'assert.deepEqual(add(20, 22), 42);',
  ts: 'assert.deepEqual(add(<number>20, 22 as number), 42);',
};
/** TypeScript: right when run, but `x` is no string, so the checker fails it. JavaScript: plain wrong. */
const FAILS_CHECK = { js: WRONG, ts: '  const s: string = x;\n  return s + y;' };

type Row = Record<string, unknown>;

describe('run --strategy codet on MultiPL-E problems', () => {
  const endpoint = modelServerPerBlock();

  it.each(['js', 'ts'] as const)(
    '%s: the agreeing samples pass the right generated tests, and the wrong one is suspect, with what they computed',
    async (language: MultiplELanguage) => {
      endpoint.server.reply(
        addReply(language, RIGHT[0]!, `assert.deepEqual(add(2, 3), 5);\n${WRONG_TEST}`),
        addReply(language, RIGHT[1]!, `assert.deepEqual(add(-1, 1), 0);\n${ANNOTATED[language]}`),
        addReply(language, SMALL_ONLY, 'assert(add(3, 4) === 7);'),
        addReply(language, FAILS_CHECK[language]),
      );
      const r = await runAgainst(addProblemFile(language), endpoint.server.baseUrl, [
        '--strategy',
        'codet',
        '--samples',
        '4',
      ]);
      expect(r.status, r.stderr).toBe(0);
      const row = JSON.parse(r.stdout.trim().split('\n')[0]!) as Row;
      expect(row).toMatchObject({
        task_id: 'HumanEval_53_add',
        passed: true,
        strategy: 'codet',
        model_calls: 4,
        samples: 4,
        // The sample failing type-checking (or, in JavaScript, the visible tests) is in no group.
        groups: [2, 1],
        selected_from: 2,
        iterations: 1,
      });
      expect(row.suspect_tests).toEqual([{ test: WRONG_TEST, outputs: ['15'] }]);
      expect(row.completion).not.toContain('x > 10');
      expect(row.completion).not.toContain('s: string');
      const asked = JSON.stringify(endpoint.server.chatRequests()[0]?.body);
      const tag = language === 'ts' ? 'typescript' : 'javascript';
      expect(asked).toContain(`second fenced \`\`\`${tag} block with 5 tests of your own`);
    },
  );
});
