// Tokens per second of the in-page model (llama.cpp in WebAssembly), with the tiny test model:
// a floor for the runtime's own cost per token, not a figure for a real model.
import { launchChrome } from '../cli/browser.ts';
import { serveDist } from '../cli/server.ts';
import { tinyModel } from '../tests/support/tiny-model.ts';

export interface LocalModelFigures {
  threads: string;
  loadMs: number;
  tokens: number;
  seconds: number;
  tokensPerSecond: number;
}

/** Stores the tiny model through the settings, loads it, then times a 256-token Test connection. */
export async function measureLocalModel(
  threads: 'auto' | number,
  log: (s: string) => void,
): Promise<LocalModelFigures> {
  const server = await serveDist({ isolated: true });
  const browser = await launchChrome();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(server.url);
    await page.waitForSelector('#app[data-history="ready"]', { state: 'attached', timeout: 120_000 });
    await page.getByTestId('open-settings').click();
    const dialog = page.getByTestId('settings-dialog');
    await dialog.locator('select[name="preset"]').selectOption('local');
    if (threads !== 'auto') {
      await dialog.locator('input[name="threads"]').fill(String(threads));
      await dialog.locator('input[name="threads"]').dispatchEvent('change');
    }
    const status = dialog.getByTestId('local-status');
    await dialog.locator('input[name="ggufFile"]').setInputFiles({
      name: 'tiny.gguf',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(tinyModel()),
    });
    await page.waitForFunction(() =>
      /Stored/.test(document.querySelector('[data-testid="local-status"]')?.textContent ?? ''),
    );
    log(`  stored; loading (${threads} threads)…`);
    const t0 = performance.now();
    await dialog.getByTestId('local-load').click();
    await page.waitForFunction(
      () => /Loaded|cannot|failed/.test(document.querySelector('[data-testid="local-status"]')?.textContent ?? ''),
      undefined,
      { timeout: 300_000 },
    );
    const loadMs = performance.now() - t0;
    const loaded = (await status.textContent()) ?? '';
    if (!/Loaded/.test(loaded)) throw new Error(loaded);
    const t1 = performance.now();
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await page.waitForFunction(
      () => /Connected|failed|cannot/.test(document.querySelector('.fp-settings-status')?.textContent ?? ''),
      undefined,
      { timeout: 600_000 },
    );
    const seconds = (performance.now() - t1) / 1000;
    const detail = (await dialog.locator('.fp-settings-status + .fp-settings-note').textContent()) ?? '';
    const tokens = Number(/(\d+) out/.exec(detail)?.[1] ?? NaN);
    return {
      threads: /multi-threaded \((\d+)/.exec(loaded)?.[1] ?? '1',
      loadMs,
      tokens,
      seconds,
      tokensPerSecond: tokens / seconds,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
