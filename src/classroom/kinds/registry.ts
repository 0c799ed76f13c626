// Every kind of classroom exercise: the one place that lists them. A kind is told by the pack's
// "kind" field, a web page by its language "html"; anything else is a function exercise.
import type { Language } from '../../shared/run.ts';
import type { PackExercise } from '../types.ts';
import { functionExercise } from './function.ts';
import type { CodeTests, ExerciseKind } from './kind.ts';
import { programExercise } from './program.ts';
import { sqlExercise } from './sql.ts';
import { webExercise } from './web.ts';

/** In the order they are asked; the last takes every exercise. */
export const EXERCISE_KINDS: readonly ExerciseKind[] = [programExercise, sqlExercise, webExercise, functionExercise];

export const exerciseKindOf = (e: { kind?: unknown; language?: unknown }): ExerciseKind =>
  EXERCISE_KINDS.find((k) => k.is(e)) ?? functionExercise;

/** The language an exercise's code runs in, and how its tests run; a SQL exercise's query is not a program. */
export function codeOf(ex: PackExercise): { language: Language; tests: CodeTests } {
  const tests = exerciseKindOf(ex).code;
  if (ex.language === 'sql' || !tests)
    throw new Error(`exercise "${ex.id}" is a SQL exercise: its queries run on its databases`);
  return { language: ex.language, tests };
}
