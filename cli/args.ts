// Strict flag parsing: an unknown flag or a bad value is a usage error (exit status 2). The spec
// types what comes back: a required flag is always there, and each has its declared type.
export class UsageError extends Error {}

interface FlagDef {
  type: 'string' | 'number' | 'int' | 'boolean';
  required?: boolean;
  min?: number;
  max?: number;
}

export type FlagSpec = Record<string, FlagDef>;

type ValueOf<D extends FlagDef> = D['type'] extends 'string' ? string : D['type'] extends 'boolean' ? boolean : number;

/** The parsed flags of a spec: required ones present, the others optional. */
export type Flags<S extends FlagSpec> = {
  [K in keyof S as S[K]['required'] extends true ? K : never]: ValueOf<S[K]>;
} & {
  [K in keyof S as S[K]['required'] extends true ? never : K]?: ValueOf<S[K]>;
};

export function parseFlags<const S extends FlagSpec>(argv: string[], spec: S): Flags<S> {
  const out: Record<string, string | number | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const def = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!def) throw new UsageError(`unknown flag --${name}`);
    if (def.type === 'boolean') {
      out[name] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === undefined || (inline === undefined && raw.startsWith('--')))
      throw new UsageError(`--${name} needs a value`);
    out[name] = def.type === 'string' ? raw : numberFlag(name, def, raw);
  }
  for (const [name, def] of Object.entries(spec)) {
    if (def.required && out[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  // Every name in `out` is in the spec, with its declared type, and every required one is there.
  return out as Flags<S>;
}

function numberFlag(name: string, def: FlagDef, raw: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || (def.type === 'int' && !Number.isInteger(n))) {
    throw new UsageError(`--${name} must be ${def.type === 'int' ? 'a whole number' : 'a number'}, not "${raw}"`);
  }
  if (def.min !== undefined && n < def.min) throw new UsageError(`--${name} must be at least ${def.min}, not ${raw}`);
  if (def.max !== undefined && n > def.max) throw new UsageError(`--${name} must be at most ${def.max}, not ${raw}`);
  return n;
}
