// A "Node.js project" task: files (package.json, sources, tests) and the command that tests them,
// run with npm in a WebContainer when the page is online.
import type { RunLimits } from './run.ts';

export const DEFAULT_NODE_COMMAND = 'npm test';

export interface NodeProject {
  /** Path (relative, `/`-separated) to contents. */
  files: Record<string, string>;
  /** Default `npm test`. */
  command?: string;
  /** The time limit is for the command; `npm install` has its own, longer bound. */
  limits: RunLimits;
}
