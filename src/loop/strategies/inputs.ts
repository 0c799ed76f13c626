// The inputs best-of-n runs its kept samples on: the literal arguments of the visible tests' calls
// of the entry point (and of the tests the samples wrote or the user accepted), those arguments
// at their edges (empty, single, zero, counts at and past a length), and mutants of them all,
// each within what the task allows. The same for every language: HumanEval's check(candidate),
// MBPP's asserts, MultiPL-E's `let candidate = name; assert.deepEqual(candidate(...), ...)`.
import type { Task } from '../../shared/task.ts';
import { entryPointOf } from '../assemble.ts';
import { boundaryInputs } from '../behaviour/boundary.ts';
import { callArguments } from '../behaviour/calls.ts';
import { allowedByTask, fits } from '../behaviour/contract.ts';
import { deriveInputs } from '../behaviour/mutate.ts';
import type { Value } from '../behaviour/literals.ts';
import { visibleTestSource } from './driver-runs.ts';

/**
 * Inputs each kept sample is run on, and how many of them may be edge cases. A run's cost is
 * mostly its start, not its calls (bench: selection), so inputs are many.
 */
export const INPUTS = 64;
const EDGES = 32;
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

/**
 * The argument lists selection runs samples on. What the task allows is read from its words, its
 * visible tests and the generated tests the user accepted; the samples' own test calls are inputs
 * too (the model's proposals), but only those within it: the model's tests are not the task's.
 */
export function selectionInputs(task: Task, target: Target | undefined, written: readonly string[]): Value[][] {
  if (target === undefined) return [];
  const given = [
    ...callArguments(visibleTestSource(task), target.names),
    ...callArguments((task.generatedTests ?? []).join('\n'), [target.entry]),
  ];
  const proposed = callArguments(written.join('\n'), [target.entry]);
  const width = Math.max(0, ...[...given, ...proposed].map((args) => args.length));
  const allowed = allowedByTask(taskWords(task), target.entry, given, width);
  const keep = (args: Value[]): boolean => fits(args, allowed);
  const seeds = [...given, ...proposed.filter(keep)];
  const edges = boundaryInputs(seeds, allowed).filter(keep).slice(0, EDGES);
  // The seeds first, yet never crowding out the edges.
  const fixed = [...seeds.slice(0, INPUTS - edges.length), ...edges];
  return deriveInputs(fixed, INPUTS, SEED, keep);
}

/** Where a task states what it allows: its description and its starter code (signature, docstring). */
const taskWords = (task: Task): string => `${task.prompt}\n${task.starterCode ?? ''}`;
