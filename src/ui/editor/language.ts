// The editor's language mode. Python's is bundled with the editor; JavaScript's (which also
// covers TypeScript) is loaded the first time a task in either language is shown.
import { python } from '@codemirror/lang-python';
import { indentUnit } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
// Types only: the module itself is imported on demand below, into a chunk of its own.
import type * as JavascriptModule from '@codemirror/lang-javascript';
import type { Language } from '../../shared/run.ts';

let javascriptMode: Promise<typeof JavascriptModule> | undefined;

/** Indentation as each language's own style guides have it: 4 spaces for Python, 2 for JS and TS. */
export function languageExtension(language: Language): Extension | Promise<Extension> {
  if (language === 'python') return [python(), indentUnit.of('    ')];
  javascriptMode ??= import('@codemirror/lang-javascript');
  return javascriptMode.then(({ javascript }) => [
    javascript({ typescript: language === 'typescript' }),
    indentUnit.of('  '),
  ]);
}
