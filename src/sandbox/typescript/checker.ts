// The page's TypeScript checker: a module worker on the page's own origin, started on first use.
import { createCheckerHost, type WarmTypeScriptChecker } from './checker-host.ts';

export function createTypeScriptChecker(): WarmTypeScriptChecker {
  return createCheckerHost(
    () => new Worker(new URL('./checker-worker.ts', import.meta.url), { type: 'module', name: 'typescript-checker' }),
  );
}
