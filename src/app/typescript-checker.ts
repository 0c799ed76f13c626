// One TypeScript checker for the whole page (its worker stays warm), shared by every sandbox.
import { createTypeScriptChecker } from '../sandbox/typescript/checker.ts';
import type { WarmTypeScriptChecker } from '../sandbox/typescript/checker-host.ts';

let checker: WarmTypeScriptChecker | undefined;

export const pageTypeScriptChecker = (): WarmTypeScriptChecker => (checker ??= createTypeScriptChecker());
