// Inputs for call-based (LeetCode) contest programs: each input line is one argument of the
// method, written as JSON. They are read as values and derived as a function's arguments are
// (strategies/inputs.ts): the public arguments at their edges (empty, single, zero, counts at and
// past a length), then mutants, each within what the statement and starter code allow.
import { boundaryInputs } from './boundary.ts';
import { allowedByTask, fits } from './contract.ts';
import { parseLiteral, type Value } from './literals.ts';
import { deriveInputs } from './mutate.ts';

/** A call's run holds every input, so inputs are cheap: more of them than for stdin programs. */
const CALL_INPUTS = 32;
const EDGES = 16;
const SEED = 20240601;

/** A value as JSON, as LiveCodeBench's judge reads each input line (`json.loads`). */
function toJson(x: Value): string | undefined {
  switch (x.t) {
    case 'int':
      return String(x.v);
    case 'float':
      if (!Number.isFinite(x.v)) return undefined;
      return Number.isInteger(x.v) && Math.abs(x.v) < 1e16 ? `${x.v}.0` : String(x.v);
    case 'str':
      return JSON.stringify(x.v);
    case 'bool':
      return String(x.v);
    case 'none':
      return 'null';
    case 'list':
    case 'tuple':
    case 'set': {
      const items = x.items.map(toJson);
      return items.every((i) => i !== undefined) ? `[${items.join(', ')}]` : undefined;
    }
    case 'dict': {
      if (!x.entries.every(([k]) => k.t === 'str')) return undefined;
      const parts = x.entries.map(([k, v]) => [toJson(k), toJson(v)]);
      return parts.every(([k, v]) => k !== undefined && v !== undefined)
        ? `{${parts.map(([k, v]) => `${k}: ${v}`).join(', ')}}`
        : undefined;
    }
  }
}

/** The arguments of one call-based input, or undefined when a line is not a plain value. */
function argumentsOf(input: string): Value[] | undefined {
  const lines = input.split('\n').filter((l) => l.trim() !== '');
  const args = lines.map((l) => parseLiteral(l.trim()));
  return lines.length > 0 && args.every((a) => a !== undefined) ? args : undefined;
}

/** Derived inputs for a call-based problem: `words` is the statement and starter code, `name` the method. */
export function callInputs(
  publicInputs: readonly string[],
  words: string,
  name: string,
  count = CALL_INPUTS,
): string[] {
  const seeds = publicInputs.map(argumentsOf).filter((a): a is Value[] => a !== undefined);
  if (seeds.length === 0) return [];
  const allowed = allowedByTask(words, name, seeds);
  const keep = (args: Value[]): boolean => fits(args, allowed) && args.every((a) => toJson(a) !== undefined);
  const edges = boundaryInputs(seeds, allowed).filter(keep).slice(0, EDGES);
  const given = new Set(publicInputs);
  return deriveInputs([...seeds, ...edges], count, SEED, keep)
    .map((args) => args.map((a) => toJson(a)!).join('\n'))
    .filter((i) => !given.has(i));
}
