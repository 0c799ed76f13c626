// The inputs best-of-n runs its kept samples on: the literal arguments of the visible tests' calls
// of the entry point (and of the tests the samples wrote), mutated by type. The same for every
// language: HumanEval's check(candidate), MBPP's asserts, MultiPL-E's
// `let candidate = name; assert.deepEqual(candidate(...), ...)`.
import type { Task } from '../../shared/task.ts';
import { entryPointOf } from '../assemble.ts';
import { callArguments } from '../select/calls.ts';
import { deriveInputs } from '../select/mutate.ts';
import type { Value } from '../select/literals.ts';
import { visibleTestSource } from './behaviour.ts';

/** Extra inputs each kept sample is run on. */
export const INPUTS = 24;
const SEED = 20240601;

export interface Target {
  /** The function the driver calls. */
  entry: string;
  /** The names the tests call it by. */
  names: string[];
}

/** MultiPL-E's tests name the function once, as `let candidate = name;`. */
const ALIAS = /\b(?:let|const|var)\s+candidate\s*=\s*([A-Za-z_$][\w$]*)\s*;/;

/** The function selection calls, and the names tests call it by; undefined when the task names none. */
export function selectionTarget(task: Task): Target | undefined {
  const alias = task.language === 'python' ? undefined : ALIAS.exec(visibleTestSource(task))?.[1];
  const entry = entryPointOf(task) ?? alias;
  if (entry === undefined) return undefined;
  const viaCandidate = task.tests.kind === 'humaneval' || alias !== undefined;
  return { entry, names: viaCandidate ? ['candidate', entry] : [entry] };
}

/** The argument lists selection runs samples on: from the visible tests and the samples' own. */
export function selectionInputs(task: Task, target: Target | undefined, written: readonly string[]): Value[][] {
  if (target === undefined) return [];
  const seeds = [
    ...callArguments(visibleTestSource(task), target.names),
    ...callArguments(written.join('\n'), [target.entry]),
    // The task's generated tests are not trusted to filter samples, but their calls are inputs too.
    ...callArguments((task.generatedTests ?? []).join('\n'), [target.entry]),
  ];
  return deriveInputs(seeds, INPUTS, SEED);
}
