// A program exercise ("kind": "program"): a whole program reading standard input; each test is an
// input and the output expected for it, compared by the exercise's rule ("lines" when absent).
import type { OutputCompare, TestSpec } from '../../shared/run.ts';
import { OUTPUT_COMPARES, type PackExercise, type PackTest } from '../types.ts';
import { readCodeLanguage } from './function.ts';
import { CODE_WORDS, type ExerciseKind } from './kind.ts';

/** A program exercise's tests: their inputs and outputs, with the exercise's comparison. */
function programTests(ex: PackExercise, tests: PackTest[]): TestSpec {
  return {
    kind: 'program',
    inputs: tests.map((t) => t.input ?? ''),
    outputs: tests.map((t) => t.output ?? ''),
    ...(ex.compare ? { compare: ex.compare as OutputCompare } : {}),
    ...(ex.tolerance !== undefined ? { tolerance: ex.tolerance } : {}),
  };
}

export const programExercise: ExerciseKind = {
  is: (e) => e.kind === 'program',
  field: 'program',
  compares: OUTPUT_COMPARES,
  readLanguage: readCodeLanguage,
  testShape: '{name, input, output, points}',
  readTest(tc, t) {
    if (t.database !== undefined) tc.fail('field "database" needs the exercise\'s "kind": "sql"');
    const input = tc.str(t, 'input', { required: true });
    const output = tc.str(t, 'output', { required: true });
    // An empty `code` is what reading a pack leaves: a pack read once reads again the same.
    if (t.code !== undefined && t.code !== '')
      tc.fail('field "code" does not go with "kind": "program" (a program\'s test is an input and an output)');
    return { code: '', input, output };
  },
  check(c, _e, { language }) {
    if (language === 'html') c.fail('a program exercise is written in Python, JavaScript or TypeScript');
  },
  // A program calls no function: the entry point may be left out.
  needs: { starter: true, entryPoint: false },
  sharesSolution: false,
  words: CODE_WORDS,
  code: {
    one: (ex, test) => programTests(ex, [test]),
    joined: programTests,
    // A program is judged by its output on the page; grade mode's harness is for asserts.
    mode: { grade: 'reference', practice: 'reference' },
  },
};
