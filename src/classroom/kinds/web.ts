// A web page exercise (language "html"): the student writes a page, each test is JavaScript
// checks run in the rendered page. Its checks call no function, so it needs no entry point.
import type { TestSpec } from '../../shared/run.ts';
import type { PackExercise } from '../types.ts';
import { inBlocks, readCodeLanguage, readCodeTest } from './function.ts';
import { CODE_WORDS, type ExerciseKind } from './kind.ts';

/** A page's checks, run in the page once it has loaded, at the exercise's viewport. */
function checks(ex: PackExercise, code: string): TestSpec {
  return ex.viewport ? { kind: 'web', checks: code, viewport: ex.viewport } : { kind: 'web', checks: code };
}

export const webExercise: ExerciseKind = {
  is: (e) => e.language === 'html',
  readLanguage: readCodeLanguage,
  testShape: '{name, code, points}',
  readTest: readCodeTest,
  needs: { starter: true, entryPoint: false },
  sharesSolution: false,
  words: CODE_WORDS,
  code: {
    one: (ex, test) => checks(ex, test.code),
    joined: (ex, tests) => checks(ex, inBlocks(tests)),
    mode: { grade: 'grade' },
  },
};
