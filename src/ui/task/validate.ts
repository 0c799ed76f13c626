// Numeric fields of the task panel. A value that fails its rule is refused with a sentence the
// person can act on; the field keeps its last accepted value.

export interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  /** An empty field means "no limit" (undefined) instead of an error. */
  optional?: boolean;
}

export type Parsed = { ok: true; value: number | undefined } | { ok: false; message: string };

export function parseNumber(raw: string, rule: NumberRule): Parsed {
  const text = raw.trim();
  if (text === '') return rule.optional ? { ok: true, value: undefined } : { ok: false, message: 'Enter a number.' };
  // Number('') and Number(' ') are 0 and Number('0x10') is 16: accept plain decimals only.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return { ok: false, message: 'Enter a number.' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: 'Enter a number.' };
  if (value < 0) return { ok: false, message: 'Must not be negative.' };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, message: 'Enter a whole number.' };
  if (rule.min !== undefined && value < rule.min) return { ok: false, message: `Must be at least ${rule.min}.` };
  if (rule.max !== undefined && value > rule.max) return { ok: false, message: `Must be at most ${rule.max}.` };
  return { ok: true, value };
}
