// How many sandboxes grade at once by default, and problems worked on side by side still coming
// out in input order.
import { describe, expect, it } from 'vitest';
import { orderedPool } from '../../../cli/ordered-pool.ts';
import { workersFor } from '../../../cli/workers.ts';
import { pageSandboxes } from '../../../src/app/page-parallelism.ts';
import { defaultSandboxes, MAX_SANDBOXES, SANDBOX_BUDGET_BYTES } from '../../../src/shared/parallelism.ts';

const GB = 2 ** 30;

describe('default number of sandboxes', () => {
  it('is one per core when memory is plentiful', () => {
    expect(defaultSandboxes({ cores: 2, memoryBytes: 22 * GB })).toBe(2);
    expect(defaultSandboxes({ cores: 8, memoryBytes: 64 * GB })).toBe(8);
    expect(defaultSandboxes({ cores: 8 })).toBe(8);
  });

  it('is bounded by half the memory at one sandbox budget each', () => {
    expect(defaultSandboxes({ cores: 32, memoryBytes: 6 * SANDBOX_BUDGET_BYTES })).toBe(3);
    expect(defaultSandboxes({ cores: 64, memoryBytes: 1024 * GB })).toBe(MAX_SANDBOXES);
  });

  it('is at least one, whatever the machine reports', () => {
    expect(defaultSandboxes({ cores: 4, memoryBytes: 100 * 2 ** 20 })).toBe(1);
    expect(defaultSandboxes({ cores: 0 })).toBe(1);
    expect(defaultSandboxes({ cores: NaN, memoryBytes: NaN })).toBe(1);
  });

  it('follows --workers when given, and never exceeds the number of jobs', () => {
    expect(workersFor(7, 100)).toBe(7);
    expect(workersFor(7, 3)).toBe(3);
    expect(workersFor(undefined, 1)).toBe(1);
    expect(workersFor(undefined, 1000)).toBeGreaterThanOrEqual(1);
  });

  it('in the page, comes from hardwareConcurrency and deviceMemory where the browser says', () => {
    expect(pageSandboxes({ hardwareConcurrency: 4, deviceMemory: 8 })).toBe(4);
    expect(pageSandboxes({ hardwareConcurrency: 12, deviceMemory: 2 })).toBe(2);
    expect(pageSandboxes({ hardwareConcurrency: 6 })).toBe(6);
    expect(pageSandboxes({})).toBe(1);
  });
});

describe('ordered pool', () => {
  const later = <T>(v: T, ms: number): Promise<T> => new Promise((r) => setTimeout(() => r(v), ms));

  it('hands results on in input order though they finish out of order', async () => {
    const seen: number[] = [];
    let running = 0;
    let most = 0;
    await orderedPool(
      [30, 5, 20, 1, 10],
      3,
      async (ms) => {
        most = Math.max(most, ++running);
        const v = await later(ms, ms);
        running--;
        return v;
      },
      (v) => (seen.push(v), true),
    );
    expect(seen).toEqual([30, 5, 20, 1, 10]);
    expect(most).toBe(3);
  });

  it('stops at the result that says so and hands on nothing after it', async () => {
    const seen: string[] = [];
    const started: string[] = [];
    await orderedPool(
      ['a', 'stop', 'c', 'd', 'e', 'f'],
      2,
      // Work that settles in microtasks, so the order is the same on any machine.
      (x) => (started.push(x), Promise.resolve(x)),
      (x) => (seen.push(x), x !== 'stop'),
    );
    expect(seen).toEqual(['a', 'stop']);
    expect(started.length).toBeLessThan(6);
  });
});
