// A function exercise: the student writes a function, each test is one or more lines of asserts
// run after the code and graded on its own.
import type { TestSpec } from '../../shared/run.ts';
import type { Checker, Obj } from '../pack-checker.ts';
import { PACK_LANGUAGES, type PackExercise, type PackTest } from '../types.ts';
import { CODE_WORDS, type ExerciseKind, type TestFields } from './kind.ts';

/** "language" of an exercise written as code: one of the pack's languages, and required. */
export function readCodeLanguage(c: Checker, e: Obj): string {
  const language = c.str(e, 'language', { required: true });
  if (language && !PACK_LANGUAGES.includes(language as never))
    c.fail(
      `unknown language "${language}" (known: ${PACK_LANGUAGES.join(', ')}${language === 'sql' ? '; "sql" needs "kind": "sql"' : ''})`,
    );
  return language;
}

/** A test whose code runs: asserts after the student's code, or a web page's checks in it. */
export function readCodeTest(tc: Checker, t: Obj): TestFields {
  if (t.database !== undefined) tc.fail('field "database" needs the exercise\'s "kind": "sql"');
  if (t.input !== undefined || t.output !== undefined)
    tc.fail('fields "input" and "output" need the exercise\'s "kind": "program"');
  return { code: tc.str(t, 'code', { required: true, nonEmpty: true }) };
}

/** JavaScript tests (a page's checks too), each in a block of its own so their names do not clash. */
export const inBlocks = (tests: PackTest[]): string =>
  tests.map((t) => `{\n${t.code.replace(/\n+$/, '')}\n}`).join('\n');

/** Python tests join line by line; JavaScript ones each get a block. */
function joined(ex: PackExercise, tests: PackTest[]): TestSpec {
  const source = ex.language === 'python' ? tests.map((t) => t.code.replace(/\n+$/, '')).join('\n') : inBlocks(tests);
  return { kind: 'user', source };
}

export const functionExercise: ExerciseKind = {
  is: () => true,
  readLanguage: readCodeLanguage,
  testShape: '{name, code, points}',
  readTest: readCodeTest,
  needs: { starter: true, entryPoint: true },
  sharesSolution: false,
  words: CODE_WORDS,
  code: {
    one: (_ex, test) => ({ kind: 'user', source: test.code }),
    joined,
    mode: { grade: 'grade' },
  },
};
