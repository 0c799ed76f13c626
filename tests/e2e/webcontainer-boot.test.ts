// The real @webcontainer/api package in real Chromium, where StackBlitz cannot be reached: the boot
// attempt ends within its bound in a plain message, and the page stays usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type PageContext } from './support/browser.ts';

describe('Node.js projects when StackBlitz cannot be reached', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the boot attempt ends in a message saying why, and that JS and TS still run offline', async () => {
    const r = await ctx.page.evaluate(() => window.fixpoint.bootWebContainer(3000));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(['unreachable', 'failed']).toContain(r.reason);
    expect(r.message).toMatch(/StackBlitz|WebContainer/);
    expect(r.message).toMatch(/JavaScript and TypeScript still run in the offline runner\.$/);
  });

  it('the page stays usable: the task panel answers and TypeScript still checks', async () => {
    const { page } = ctx;
    await page.selectOption('#task-example', 'example-roman-numerals');
    expect(await page.inputValue('#task-title')).toBe('Roman numerals');
    const checked = await page.evaluate(() => window.fixpoint.typecheck('let n: number = "x";\n', { strict: true }));
    expect(checked.diagnostics.map((d) => d.code)).toEqual([2322]);
  });
});

describe('Node.js projects on a page that is not cross-origin isolated', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('says so without trying StackBlitz', async () => {
    const r = await ctx.page.evaluate(() => window.fixpoint.bootWebContainer(3000));
    expect(r).toMatchObject({ ok: false, reason: 'not-isolated' });
  });
});
