// The command line's page keeps why IndexedDB would not open, so `run` can say why nothing is saved.
import { describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/app/history-opening.ts';
import { openStore } from '../../../src/store/history-store.ts';
import { freshSite, openTab } from '../store/helpers.ts';

describe('opening the history for the command line', () => {
  it('gives the store when IndexedDB opens', async () => {
    const opened = await openHistory(() => openTab(freshSite()));
    expect(opened.problem).toBeUndefined();
    expect(await opened.store?.listSessions()).toEqual([]);
  });

  it('keeps the reason when the browser refuses IndexedDB', async () => {
    const refusing = {
      open() {
        throw new DOMException('The user denied permission to access the database.', 'UnknownError');
      },
    } as unknown as IDBFactory;
    const opened = await openHistory(() => openStore(refusing));
    expect(opened.store).toBeUndefined();
    expect(opened.problem).toMatch(
      /^History could not be opened\b.*\(The user denied permission to access the database\.\)/,
    );
  });
});
