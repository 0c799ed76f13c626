// The page's one Node.js project runner: the WebContainer package loads and boots on the first
// Node.js project run only, from this top-level page, once per page.
import { createNodeProjectRunner, type NodeProjectRunner } from '../sandbox/webcontainer/node-project-runner.ts';

let runner: NodeProjectRunner | undefined;

export const pageNodeRunner = (boundMs?: number): NodeProjectRunner => (runner ??= createNodeProjectRunner(boundMs));
