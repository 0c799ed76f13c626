// Whether a final answer matches the expected one, as M3ToolEval checks: the same text once
// trimmed, or the same number once both are read as numbers (so "3", "3.0" and " 3 " agree).
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function asNumber(text: string): number | undefined {
  const t = text.trim().replace(/_/g, '');
  return NUMBER.test(t) ? Number(t) : undefined;
}

export function answerMatches(answer: string | undefined, expected: string): boolean {
  if (answer === undefined) return false;
  if (answer.trim() === expected.trim()) return true;
  const a = asNumber(answer);
  const b = asNumber(expected);
  return a !== undefined && b !== undefined && a === b;
}
