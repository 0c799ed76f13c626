import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Some unit tests start node or python3 processes, slow on a busy machine.
          testTimeout: 30_000,
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
          // Two files at a time (the machine has two cores): most of a file's time is spent waiting
          // on a child process, a time limit or the network. A file whose assertions depend on
          // timing calls runsAlone() (tests/e2e/support/turns.ts) and has the machine to itself.
          maxWorkers: 2,
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          setupFiles: ['tests/e2e/support/setup.ts'],
        },
      },
    ],
  },
});
