// Booting: once per page, bounded, and every way it cannot happen said in words, with the note
// that JavaScript and TypeScript still run offline.
import { deferred } from '../../../src/shared/deferred.ts';
import { describe, expect, it } from 'vitest';
import {
  createBooter,
  WebContainerUnavailable,
  type BootEnvironment,
  type Container,
  type WebContainerApi,
} from '../../../src/sandbox/webcontainer/boot.ts';
import { FakeContainer } from './fake-container.ts';

const env = (over: Partial<BootEnvironment> = {}): BootEnvironment => ({
  online: true,
  crossOriginIsolated: true,
  origin: 'http://localhost:4173',
  boundMs: 50,
  ...over,
});

function api(boot: () => Promise<Container>): WebContainerApi & { boots: number; keys: string[] } {
  const a = {
    boots: 0,
    keys: [] as string[],
    boot: () => {
      a.boots++;
      return boot();
    },
    configureAPIKey: (k: string) => void a.keys.push(k),
  };
  return a;
}

async function reason(p: Promise<unknown>): Promise<[string, string]> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebContainerUnavailable);
  const u = err as WebContainerUnavailable;
  expect(u.message).toMatch(/JavaScript and TypeScript still run in the offline runner\.$/);
  return [u.reason, u.message];
}

describe('booting a WebContainer', () => {
  it('boots once and gives the same container to every caller', async () => {
    const a = api(async () => new FakeContainer({}));
    const booter = createBooter(
      async () => a,
      () => env({ apiKey: 'key-1' }),
    );
    const [x, y] = await Promise.all([booter.get(), booter.get()]);
    expect(x).toBe(y);
    expect(a.boots).toBe(1);
    expect(a.keys).toEqual(['key-1']);
    booter.dispose();
    await new Promise((res) => setTimeout(res, 0));
    expect((x as FakeContainer).tornDown).toBe(true);
  });

  it('says the browser is offline, without loading anything', async () => {
    const a = api(async () => new FakeContainer({}));
    const [r, text] = await reason(
      createBooter(
        async () => a,
        () => env({ online: false }),
      ).get(),
    );
    expect(r).toBe('offline');
    expect(text).toMatch(/offline/);
    expect(a.boots).toBe(0);
  });

  it('says the page is not cross-origin isolated', async () => {
    const a = api(async () => new FakeContainer({}));
    expect(
      (
        await reason(
          createBooter(
            async () => a,
            () => env({ crossOriginIsolated: false }),
          ).get(),
        )
      )[0],
    ).toBe('not-isolated');
  });

  it('gives up a boot that never settles at the bound, and tears it down if it finishes later', async () => {
    const { promise: boot, resolve: finish } = deferred<Container>();
    const late = new FakeContainer({});
    const a = api(() => boot);
    const booter = createBooter(
      async () => a,
      () => env(),
    );
    const [r, text] = await reason(booter.get());
    expect(r).toBe('unreachable');
    expect(text).toMatch(/did not answer within 0 s/);
    // While that boot is pending no second one starts (one instance per page).
    expect((await reason(booter.get()))[0]).toBe('unreachable');
    expect(a.boots).toBe(1);
    finish(late);
    await new Promise((res) => setTimeout(res, 0));
    expect(late.tornDown).toBe(true);
  });

  it('on a site other than localhost without an API key, names the missing key', async () => {
    const a = api(() => new Promise<Container>(() => undefined));
    const booter = createBooter(
      async () => a,
      () => env({ origin: 'https://fixpoint.example.org' }),
    );
    const [r, text] = await reason(booter.get());
    expect(r).toBe('no-api-key');
    expect(text).toMatch(/https:\/\/fixpoint\.example\.org/);
  });

  it('reads the reason from a boot that fails, and tries again on the next call', async () => {
    let n = 0;
    const errors = [new Error('Failed to access storage: third-party cookies are blocked'), new Error('boom')];
    const a = api(() => Promise.reject(errors[n++] ?? new Error('?')));
    const booter = createBooter(
      async () => a,
      () => env(),
    );
    expect((await reason(booter.get()))[0]).toBe('storage-blocked');
    const [r, text] = await reason(booter.get());
    expect(r).toBe('failed');
    expect(text).toMatch(/could not start: boom\./);
  });
});
