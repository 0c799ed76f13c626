// Driving the settings dialog's in-page model section, as a user would.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const LONG = 150_000;

/** The settings dialog on the in-page model (opened if closed; the saved choice kept if already there). */
export async function localSettings(page: Page): Promise<Locator> {
  const dialog = page.getByTestId('settings-dialog');
  const open = await dialog.evaluate((d) => (d as HTMLDialogElement).open).catch(() => false);
  if (!open) await page.getByTestId('open-settings').click();
  const preset = dialog.locator('select[name="preset"]');
  if ((await preset.inputValue()) !== 'local') await preset.selectOption('local');
  return dialog;
}

export async function setPref(dialog: Locator, name: string, value: string): Promise<void> {
  const input = dialog.locator(`input[name="${name}"]`);
  await input.fill(value);
  await input.press('Tab');
}

export async function localStatus(dialog: Locator, pattern: RegExp): Promise<string> {
  const status = dialog.getByTestId('local-status');
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: LONG, interval: 100 }).toMatch(pattern);
  return (await status.textContent()) ?? '';
}

export async function rows(dialog: Locator): Promise<string[]> {
  return dialog.getByTestId('local-model-row').allTextContents();
}

export async function save(dialog: Locator): Promise<void> {
  await dialog.locator('button[type="submit"]').click();
  const open = await dialog.evaluate((d) => (d as HTMLDialogElement).open);
  if (open) {
    const why = await dialog.locator('.fp-settings-status').textContent();
    const model = await dialog.locator('input[name="model"]').inputValue();
    const html = await dialog.evaluate((d) => d.outerHTML.replace(/<option[^>]*>[^<]*<\/option>/g, ''));
    throw new Error(`the settings were not saved: ${why} (model field: "${model}") ${html}`);
  }
}

/** Presses Test connection and returns the two status lines once the test is over. */
export async function testConnection(dialog: Locator): Promise<{ headline: string; detail: string }> {
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  const status = dialog.locator('.fp-settings-status');
  await expect
    .poll(async () => (await status.textContent()) ?? '', { timeout: LONG, interval: 200 })
    .not.toMatch(/^Testing|^$/);
  return {
    headline: (await status.textContent()) ?? '',
    detail: (await dialog.locator('.fp-settings-status + .fp-settings-note').textContent()) ?? '',
  };
}
