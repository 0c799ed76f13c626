// Strict flag parsing: an unknown flag or a bad value is a usage error (exit status 2).
export class UsageError extends Error {}

export type FlagSpec = Record<
  string,
  { type: 'string' | 'number' | 'int' | 'boolean'; required?: boolean; min?: number; max?: number }
>;

export function parseFlags(argv: string[], spec: FlagSpec): Record<string, string | number | boolean | undefined> {
  const out: Record<string, string | number | boolean | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const def = spec[name];
    if (!def) throw new UsageError(`unknown flag --${name}`);
    if (def.type === 'boolean') {
      out[name] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === undefined || (inline === undefined && raw.startsWith('--')))
      throw new UsageError(`--${name} needs a value`);
    if (def.type === 'string') {
      out[name] = raw;
      continue;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || (def.type === 'int' && !Number.isInteger(n))) {
      throw new UsageError(`--${name} must be ${def.type === 'int' ? 'a whole number' : 'a number'}, not "${raw}"`);
    }
    if (def.min !== undefined && n < def.min) throw new UsageError(`--${name} must be at least ${def.min}, not ${raw}`);
    if (def.max !== undefined && n > def.max) throw new UsageError(`--${name} must be at most ${def.max}, not ${raw}`);
    out[name] = n;
  }
  for (const [name, def] of Object.entries(spec)) {
    if (def.required && out[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  return out;
}
