// Run before each end-to-end file (vitest.config.ts, setupFiles): the file waits for its turn
// (see turns.ts), and its shared browser (see browser.ts) is closed after its last test.
import { afterAll } from 'vitest';
import { closeFileBrowser } from './browser.ts';
import { fileTurn } from './turns.ts';

fileTurn();
afterAll(() => closeFileBrowser());
