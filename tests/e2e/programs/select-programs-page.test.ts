// best-of-n on a contest program in the page, against a local endpoint: one sample reads the
// values as their absolute values, right on the public inputs and every input derived from them
// (their signs are kept), and told apart only by an input the model proposes. The Strategy panel
// says where the inputs came from and which proposed ones were dropped, and why.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { pickExample, runLoop, text } from '../support/app.ts';
import { clipped } from '../support/layout.ts';
import { pageWithModel } from '../support/page-with-model.ts';

const READ = 'n = int(input())\na = list(map(int, input().split()))\n';
const RUNS = `best, val, i = 0, None, 0
while i < n:
    j = i
    while j < n and a[j] == a[i]:
        j += 1
    if j - i > best:
        best, val = j - i, a[i]
    i = j
print(best)
print(val)`;
const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
const RIGHT = fence(READ + RUNS);
const ABS = fence(`${READ}a = [abs(x) for x in a]\n${RUNS}`);
const text_ = (input: string): string => `\`\`\`text\n${input}\`\`\`\n`;
/** -2 2 2: the right samples print 2 then 2, the one reading absolute values 3 then 2. */
const PROPOSED = `${text_('3\n-2 2 2\n')}${text_('4\n1 2\n')}${text_('many numbers\n')}`;

describe('best-of-n on a contest program in the page', () => {
  let drawn = 0;
  const app = pageWithModel({
    tall: true,
    respond: (body) => {
      if (JSON.stringify(body).includes('Propose 8 small inputs')) return PROPOSED;
      return drawn++ === 0 ? ABS : RIGHT;
    },
  });

  it('tells the sample apart on a proposed input, chooses a right one, and says where the inputs came from', async () => {
    const { page, server } = app;
    await pickExample(page, 'example-program-longest-run');
    await page.selectOption('#strategy-name', 'best-of-n');
    await page.locator('#strategy-samples').fill('3');
    await page.locator('#strategy-samples').dispatchEvent('change');
    await runLoop(page);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    const groups = await page.locator('[data-testid="groups"] li').allTextContents();
    expect(groups).toEqual([
      expect.stringMatching(/^Group 1: 2 samples .*, chosen$/),
      expect.stringMatching(/^Group 2: 1 sample/),
    ]);
    const chosen = page.locator('[data-testid="sample"].chosen');
    expect(await chosen.count()).toBe(1);
    expect(await page.locator('[data-testid="sample-code"].chosen pre').textContent()).not.toContain('abs');
    expect(await text(page, 'selection-inputs')).toMatch(
      /^Every sample that passed the visible tests also ran on \d+ inputs: 2 public, \d+ derived from them \(boundaries and token-by-token mutants\), 1 proposed by the model\.$/,
    );
    expect(await text(page, 'selection-dropped')).toBe(
      'Dropped 2 proposed inputs (1 with counts that do not match its first line; 1 not in the input format).',
    );
    expect(server.chatRequests()).toHaveLength(4);
    expect(await clipped(page, '.col-results')).toEqual([]);
    await expectAccessible(page, 'samples of a contest program');
  });
});
