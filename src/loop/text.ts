// Small text helpers shared by extraction, feedback and the context budget.
import { plural } from '../shared/format.ts';

export function toLf(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function countLines(text: string): number {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

/**
 * Keeps the head and the tail of long text: the start shows what ran first, the end usually holds
 * the error. Cuts fall on line boundaries when one is near, so no line is shown half.
 */
export function headTail(text: string, head: number, tail: number): string {
  if (text.length <= head + tail + 80) return text;
  let h = text.lastIndexOf('\n', head);
  if (h < head / 2) h = head;
  let t = text.indexOf('\n', text.length - tail);
  if (t < 0 || t > text.length - tail / 2) t = text.length - tail;
  else t += 1;
  const omitted = t - h;
  return `${text.slice(0, h)}\n[… ${plural(omitted, 'character')} omitted …]\n${text.slice(t)}`;
}

/** Lines of `text`, 1-based; undefined when out of range. */
export function lineAt(text: string, line: number): string | undefined {
  if (!Number.isInteger(line) || line < 1) return undefined;
  return text.split('\n')[line - 1];
}

/** Compare code by what it says, not by its layout of blank lines and trailing spaces. */
export function normalizeCode(code: string): string {
  return toLf(code)
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l !== '')
    .join('\n');
}
