// The pack's short hash, so a class can check everyone has the same version. It is taken over
// the student's copy (solutions left out), so the teacher's full pack and a student link agree.
import { exerciseKindOf } from './kinds/registry.ts';
import type { Pack } from './types.ts';

/** JSON with object keys sorted at every level: the same pack always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The pack as students get it: every exercise without its solution, but a SQL exercise's, whose
 * rows on each database are the expected result the student's page compares with.
 */
export function withoutSolutions(pack: Pack): Pack {
  return {
    ...pack,
    exercises: pack.exercises.map((e) => {
      const copy = { ...e };
      if (!exerciseKindOf(e).sharesSolution) delete copy.solution;
      return copy;
    }),
  };
}

/** First 8 hex digits of the SHA-256 of the canonical student copy. */
export async function packHash(pack: Pack): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(withoutSolutions(pack)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest.slice(0, 4), (b) => b.toString(16).padStart(2, '0')).join('');
}
