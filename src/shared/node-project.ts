// A "Node.js project" task: files (package.json, sources, tests) and the command that tests them,
// run with npm in a WebContainer when the page is online.
import type { RunLimits } from './run.ts';

export const DEFAULT_NODE_COMMAND = 'npm test';

/** A project's files and command: what a "Node.js project" task holds. */
export interface ProjectFiles {
  /** Path (relative, `/`-separated) to contents. */
  files: Record<string, string>;
  /** Default `npm test`. */
  command?: string;
}

export interface NodeProject extends ProjectFiles {
  /** The time limit is for the command; `npm install` has its own, longer bound. */
  limits: RunLimits;
}

/** What a new Node.js project task starts from: a module and its `node --test` tests. */
export const STARTER_PROJECT: ProjectFiles = {
  files: {
    'package.json': `${JSON.stringify({ name: 'project', private: true, type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
    'sum.js': 'export function sum(a, b) {\n  return a + b;\n}\n',
    'sum.test.js': [
      "import { test } from 'node:test';",
      "import assert from 'node:assert';",
      "import { sum } from './sum.js';",
      '',
      "test('adds', () => assert.strictEqual(sum(2, 3), 5));",
      '',
    ].join('\n'),
  },
  command: DEFAULT_NODE_COMMAND,
};
