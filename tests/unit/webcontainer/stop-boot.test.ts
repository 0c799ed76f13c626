// Stop while the WebContainer is booting: boot() never settles when StackBlitz cannot be reached,
// so the run must end at once on a cancel, not at the boot's bound.
import { deferred } from '../../../src/shared/deferred.ts';
import { describe, expect, it } from 'vitest';
import type { Container, WebContainerBooter } from '../../../src/sandbox/webcontainer/boot.ts';
import { createNodeProjectRunner } from '../../../src/sandbox/webcontainer/node-project-runner.ts';
import { STARTER_PROJECT } from '../../../src/shared/node-project.ts';
import { FakeContainer } from './fake-container.ts';

const project = { ...STARTER_PROJECT, limits: { timeoutSec: 1, outputCap: 65536 } };

function booter(boot: Promise<Container>): WebContainerBooter & { gets: number } {
  const b = { gets: 0, get: () => (b.gets++, boot), dispose: () => undefined };
  return b;
}

describe('a Node.js project run stopped while the WebContainer boots', () => {
  it('ends cancelled as soon as it is stopped, though the boot never settles', async () => {
    const runner = createNodeProjectRunner(60_000, booter(new Promise<Container>(() => undefined)));
    const handle = runner.run(project);
    setTimeout(() => handle.cancel(), 20);
    const r = await handle.result;
    expect(r.status).toBe('cancelled');
    expect(r.durationMs).toBeLessThan(1000);
  });

  it('a boot that finishes after the stop runs nothing', async () => {
    const { promise: boot, resolve: booted } = deferred<Container>();
    const fake = new FakeContainer({ 'npm test': { output: [''], exitCode: 0 } });
    const b = booter(boot);
    const handle = createNodeProjectRunner(60_000, b).run(project);
    handle.cancel();
    booted(fake);
    expect((await handle.result).status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 10));
    expect(fake.spawned).toEqual([]);
  });
});
