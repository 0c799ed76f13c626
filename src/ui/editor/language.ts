// The editor's language mode. Python's is bundled with the editor; JavaScript's (which also
// covers TypeScript) and HTML's are loaded the first time a task in such a language is shown.
import { python } from '@codemirror/lang-python';
import { indentUnit } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
// Types only: the module itself is imported on demand below, into a chunk of its own.
import type * as JavascriptModule from '@codemirror/lang-javascript';
import type { Language } from '../../shared/run.ts';

import type * as HtmlModule from '@codemirror/lang-html';
import type * as SqlModule from '@codemirror/lang-sql';

/** What the editor highlights: a task's language, or a SQL query (classroom SQL exercises). */
export type EditorLanguage = Language | 'sql';

let javascriptMode: Promise<typeof JavascriptModule> | undefined;
let htmlMode: Promise<typeof HtmlModule> | undefined;
let sqlMode: Promise<typeof SqlModule> | undefined;

/** Indentation as each language's own style guides have it: 4 spaces for Python, 2 for JS and TS. */
export function languageExtension(language: EditorLanguage): Extension | Promise<Extension> {
  if (language === 'python') return [python(), indentUnit.of('    ')];
  if (language === 'sql') {
    sqlMode ??= import('@codemirror/lang-sql');
    return sqlMode.then(({ sql, SQLite }) => [sql({ dialect: SQLite }), indentUnit.of('  ')]);
  }
  if (language === 'html') {
    // A web page: HTML with its inline CSS and scripts, loaded the first time one is shown.
    htmlMode ??= import('@codemirror/lang-html');
    return htmlMode.then(({ html }) => [html(), indentUnit.of('  ')]);
  }
  javascriptMode ??= import('@codemirror/lang-javascript');
  return javascriptMode.then(({ javascript }) => [
    javascript({ typescript: language === 'typescript' }),
    indentUnit.of('  '),
  ]);
}
