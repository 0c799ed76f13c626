import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Some unit tests start node or python3 processes, slow on a busy machine.
          testTimeout: 30_000,
          // Two files at a time even on two cores (the default leaves one core idle): about 40%
          // less wall time, and no unit test depends on having the machine to itself.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One file at a time unless FIXPOINT_E2E_FILES says more: two at a time on a loaded
          // machine made commands that compare with native CPython under a time limit fail. With
          // more, a file whose assertions depend on timing calls runsAlone()
          // (tests/e2e/support/turns.ts) and has the machine to itself.
          maxWorkers: Number(process.env.FIXPOINT_E2E_FILES ?? 1),
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          setupFiles: ['tests/e2e/support/setup.ts'],
        },
      },
    ],
  },
});
