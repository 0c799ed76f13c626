// Finds and launches a Chromium for headless runs.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Headless Chromium still builds its address bar's suggestion popup, a page of its own that
  // takes over a second of CPU just after launch, while Python starts beside it. Chromium adds
  // these to the features Playwright turns off; it does not replace them.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];

export class NoBrowserError extends Error {}

export function findChrome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new NoBrowserError(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    throw new NoBrowserError(
      'No Chromium or Chrome found. Install one (Debian/Ubuntu: "sudo apt-get install -y chromium"; macOS: install Google Chrome) ' +
        'or set CHROME_PATH to its executable.',
    );
  }
  return found;
}

export function launchChrome(): Promise<Browser> {
  return chromium.launch({ executablePath: findChrome(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * A page in a browser whose profile is kept in `profileDir`, so what the page caches (the Python
 * snapshot) is there for the next command. A profile another command is using gets a fresh one.
 */
export async function openProfilePage(profileDir: string): Promise<{ page: Page; close(): Promise<void> }> {
  try {
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: findChrome(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return { page, close: () => context.close() };
  } catch (err) {
    if (err instanceof NoBrowserError) throw err;
    const browser = await launchChrome();
    return { page: await browser.newPage(), close: () => browser.close() };
  }
}
