// Inputs best-of-n runs contest programs on, as AlphaCode clusters by behaviour: the public test
// inputs, inputs at their boundaries (the fewest items the statement allows, equal items, sorted
// items; see program-shape.ts), then mutants made token by token, keeping their shape. The first
// line (where sizes and counts usually are) and every word stay as they are; an integer elsewhere
// becomes another of the same sign, no larger in size than it or 9. An index pushed past its range
// makes most samples fail alike there, and such inputs are left out of the grouping (group.ts).
import { seeded } from '../../shared/seeded.ts';
import { callInputs } from './call-inputs.ts';
import { boundaryInputs, shapeOf, smallestCount } from './program-shape.ts';

/** Inputs per round: each is a run of every kept sample (for JavaScript, a worker each). */
const PROGRAM_INPUTS = 16;
/** Of those, how many may be boundary inputs. */
const BOUNDARIES = 6;
const SEED = 20240601;
const INTEGER = /^[+-]?\d{1,15}$/;

function mutateToken(token: string, r: () => number): string {
  if (!INTEGER.test(token)) return token;
  const v = Number(token);
  if (v === 0) return token;
  const size = 1 + Math.floor(r() * Math.max(Math.abs(v), 9));
  return String(v < 0 ? -size : size);
}

/** One mutant: every integer past the first line redrawn, the whitespace between tokens kept. */
function mutant(input: string, r: () => number): string {
  const lines = input.split('\n');
  return [lines[0]!, ...lines.slice(1).map((l) => l.replace(/[^\s]+/g, (t) => mutateToken(t, r)))].join('\n');
}

export interface ProgramInputs {
  inputs: string[];
  public: number;
  /** Boundary inputs and mutants. */
  derived: number;
}

/**
 * `statement`: where the smallest count allowed is read from. `call`: a call-based problem's
 * method name and the words (statement, starter code) that say what its arguments may be.
 */
export function programInputs(
  publicInputs: readonly string[],
  statement = '',
  count = PROGRAM_INPUTS,
  call?: { name: string; words: string },
): ProgramInputs {
  if (call) {
    const inputs = [...publicInputs, ...callInputs(publicInputs, call.words, call.name)];
    return { inputs, public: publicInputs.length, derived: inputs.length - publicInputs.length };
  }
  const r = seeded(SEED);
  const out = [...publicInputs.slice(0, count)];
  const given = out.length;
  const seen = new Set(out);
  const add = (m: string): void => {
    if (seen.has(m) || out.length >= count) return;
    seen.add(m);
    out.push(m);
  };
  const shape = shapeOf(publicInputs);
  const least = smallestCount(statement);
  const edges = publicInputs.flatMap((i) => boundaryInputs(i, shape, least)).filter((m) => !seen.has(m));
  [...new Set(edges)].slice(0, BOUNDARIES).forEach(add);
  for (let k = 0; out.length < count && publicInputs.length > 0 && k < count * 4; k++)
    add(mutant(publicInputs[k % publicInputs.length]!, r));
  return { inputs: out, public: given, derived: out.length - given };
}
