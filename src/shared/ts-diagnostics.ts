// Type errors as feedback text, in the form tsc prints them, with positions in the code as the
// model wrote it: `main.ts:2:10 TS2322 Type 'string' is not assignable to type 'number'.`
import type { TsDiagnostic } from './typescript-check.ts';

export function formatTsDiagnostic(d: TsDiagnostic, fileName = 'main.ts'): string {
  // Chained messages ("Type X is not assignable... / Property y is missing...") stay on their own lines.
  const [first = '', ...rest] = d.message.split('\n');
  const code = d.code > 0 ? ` TS${d.code}` : '';
  return [`${fileName}:${d.line}:${d.column}${code} ${first}`, ...rest.map((l) => `  ${l.trim()}`)].join('\n');
}

export function formatTsDiagnostics(list: readonly TsDiagnostic[], fileName = 'main.ts'): string {
  return list.map((d) => formatTsDiagnostic(d, fileName)).join('\n');
}
