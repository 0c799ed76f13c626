// The in-page model, end to end in real Chromium against the built page: a tiny llama GGUF made
// here (no network, no real model) is refused when broken, downloaded with resume, loaded by
// llama.cpp in WebAssembly, run through the loop, stopped, counted exactly, and found again after
// a reload without a download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/shared/format.ts';
import { TEST_PROMPT } from '../../src/ui/settings/connection-test.ts';
import { startFileHost, type FileHost } from '../servers/gguf-host.ts';
import { chatPromptTokens, REPLY_START, tinyModel } from '../support/tiny-model.ts';
import { appReady, attempts, openApp, pickExample, readDatabase, text, waitBusy, waitForText } from './support/app.ts';
import type { PageContext } from './support/browser.ts';
import { localSettings, localStatus, LONG, rows, save, setPref, testConnection } from './support/local-model.ts';
import { EXAMPLE } from './support/replies.ts';

const MODEL = tinyModel();

describe('a GGUF model inside the page', () => {
  let ctx: PageContext;
  let host: FileHost;
  beforeAll(async () => {
    host = await startFileHost({ 'tiny.gguf': MODEL });
    ctx = await openApp({ isolated: true });
  });
  afterAll(async () => {
    await ctx?.close();
    await host?.close();
  });

  it('saving with no model stored says, where it can be seen, to add one', async () => {
    const dialog = await localSettings(ctx.page);
    await dialog.locator('button[type="submit"]').click();
    const status = dialog.locator('.fp-settings-status');
    await expect
      .poll(() => status.textContent())
      .toBe('Nothing was saved: Pick a stored model, or add a .gguf file or an address below.');
    expect(await status.isVisible()).toBe(true);
  });

  it('Load with no model stored says what to do; each label sits with its own field', async () => {
    const dialog = await localSettings(ctx.page);
    await dialog.getByTestId('local-load').click();
    expect(await localStatus(dialog, /No model is stored/)).toBe(
      'No model is stored in this browser yet: add a .gguf file or download one from an address below, then load it.',
    );
    // Each label's text is right above its field, inside the same box, not beside another field.
    const boxes = await dialog.locator('label.fp-local-field').evaluateAll((labels) =>
      labels.map((l) => {
        const field = l.querySelector('input')!.getBoundingClientRect();
        const box = l.getBoundingClientRect();
        return { inside: field.top >= box.top && field.bottom <= box.bottom + 1, left: field.left - box.left };
      }),
    );
    expect(boxes).toHaveLength(6);
    for (const b of boxes) expect(b).toEqual({ inside: true, left: 0 });
  });

  it('refuses a file that is not GGUF, and a cut-off one, in words, and stores neither', async () => {
    const dialog = await localSettings(ctx.page);
    const picker = dialog.locator('input[name="ggufFile"]');
    await picker.setInputFiles({ name: 'notes.gguf', mimeType: 'text/html', buffer: Buffer.from('<!doctype html>') });
    expect(await localStatus(dialog, /cannot be used/)).toMatch(/"notes.gguf" cannot be used: it is not a GGUF model/);
    const cut = Buffer.from(MODEL.subarray(0, Math.floor(MODEL.byteLength / 2)));
    await picker.setInputFiles({ name: 'half.gguf', mimeType: 'application/octet-stream', buffer: cut });
    expect(await localStatus(dialog, /"half.gguf" cannot be used/)).toMatch(/incomplete: its weights need \d+ bytes/);
    await expect.poll(() => rows(dialog)).toEqual([]);
  });

  it('downloads from an address with progress, and resumes with a Range request after the connection drops', async () => {
    const dialog = await localSettings(ctx.page);
    host.cutAfter = 200_000;
    await dialog.locator('input[name="ggufUrl"]').fill(host.url('tiny.gguf'));
    await dialog.getByRole('button', { name: 'Download' }).click();
    // What arrived before the cut is kept: all 200000 bytes sent, or on a busy machine the part the
    // browser had taken in when the connection dropped.
    const cutStatus = await localStatus(dialog, /interrupted/);
    const got = Number(/interrupted after (\d+) of \d+ bytes/.exec(cutStatus)?.[1] ?? NaN);
    expect(got, cutStatus).toBeGreaterThan(0);
    expect(got, cutStatus).toBeLessThanOrEqual(200_000);
    await expect.poll(() => rows(dialog)).toEqual([expect.stringContaining(`incomplete: ${formatBytes(got)} of`)]);

    await dialog.getByRole('button', { name: 'Download' }).click();
    expect(await localStatus(dialog, /Stored/)).toMatch(/Stored tiny\.gguf \(\d+\.\d KiB\)/);
    expect(host.requests.map((r) => r.range)).toEqual([undefined, `bytes=${got}-`]);
    await expect.poll(() => rows(dialog)).toEqual([expect.stringMatching(/tiny\.gguf \(\d+\.\d KiB\)/)]);
    // The facts are read from the stored file after the list shows it.
    await expect
      .poll(() => text(ctx.page, 'local-model-about'), { timeout: LONG })
      .toMatch(/llama · F32 · 2 layers; chat template from the file/);
  });

  it('loads llama.cpp multi-threaded in a cross-origin isolated page', async () => {
    const dialog = await localSettings(ctx.page);
    await dialog.locator('input[name="localModel"][value="tiny"]').check();
    await dialog.getByTestId('local-load').click();
    expect(await localStatus(dialog, /Loaded|cannot|failed/)).toMatch(
      /Loaded tiny: 4096-token context, multi-threaded/,
    );
  });

  it('streams replies through the loop, which runs them and sends feedback; usage is exact', async () => {
    const { page } = ctx;
    const dialog = await localSettings(page);
    await dialog.locator('input[name="localModel"][value="tiny"]').check();
    // One thread: this machine's two cores are shared, and spinning threads would only wait.
    await setPref(dialog, 'threads', '1');
    await setPref(dialog, 'maxReplyTokens', '12');
    await save(dialog);
    await pickExample(page, EXAMPLE);
    await page.getByTestId('run-loop').click();
    await waitBusy(page, false, LONG);

    const rowsSeen = await attempts(page);
    expect(rowsSeen.length).toBeGreaterThanOrEqual(2);
    expect(await text(page, 'reply')).toContain(REPLY_START.trim().split('\n')[1]);
    const db = JSON.parse(await readDatabase(page)) as Record<string, Record<string, unknown[]>>;
    const stored = Object.values(db).flatMap(
      (d) => (d.attempts ?? []) as { usage: Record<string, unknown>; reply: string; feedback?: string }[],
    );
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const a of stored) {
      expect(a.reply.startsWith(REPLY_START)).toBe(true);
      expect(a.usage.outputTokens).toBe(12);
      expect(a.usage.estimated).toBeUndefined();
    }
    expect(stored[0]?.feedback).toBeTruthy();
    expect(stored[1]!.usage.inputTokens as number).toBeGreaterThan(stored[0]!.usage.inputTokens as number);
  });

  it('Stop ends a reply mid-stream', async () => {
    const { page } = ctx;
    const dialog = await localSettings(page);
    await setPref(dialog, 'maxReplyTokens', '3000');
    await save(dialog);
    await page.getByTestId('run-loop').click();
    await waitForText(page, 'reply', /thinking \. \. \./, LONG);
    await page.keyboard.press('Escape');
    await waitBusy(page, false, LONG);
    expect(await text(page, 'session-end')).toMatch(/^stopped by you/);
    const shown = await text(page, 'reply');
    expect(shown.split(' .').length).toBeLessThan(3000);
  });

  it('after a reload the stored model answers without downloading; token counts come from its tokenizer', async () => {
    const { page } = ctx;
    const before = host.requests.length;
    await page.reload();
    await appReady(page);
    const dialog = await localSettings(page);
    await expect.poll(() => rows(dialog)).toEqual([expect.stringMatching(/tiny\.gguf/)]);
    await dialog.locator('input[name="localModel"][value="tiny"]').check();
    const report = await testConnection(dialog);
    expect(report.headline).toMatch(/^Connected in/);
    const input = chatPromptTokens([{ role: 'user', content: TEST_PROMPT }]);
    expect(report.detail).toBe(`Tokens: ${input} in, 256 out.`);
    expect(host.requests.length).toBe(before);
  });

  it('refuses a model that needs more memory than allowed, saying how much it needs', async () => {
    const dialog = await localSettings(ctx.page);
    await dialog.locator('input[name="localModel"][value="tiny"]').check();
    await setPref(dialog, 'memoryLimitMiB', '1');
    const report = await testConnection(dialog);
    expect(report.headline).toMatch(/needs about [\d.]+ MiB .* at most 1\.0 MiB: the memory limit set in the settings/);
    await setPref(dialog, 'memoryLimitMiB', '');
  });

  it('deletes a stored model', async () => {
    const dialog = await localSettings(ctx.page);
    await dialog.getByTestId('local-delete').click();
    await localStatus(dialog, /Deleted tiny\.gguf/);
    await expect.poll(() => rows(dialog)).toEqual([]);
  });
});
