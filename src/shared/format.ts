// Small text helpers that several layers word their messages with, defined once.

/** "1 test", "3 tests", "1,204 characters": the count in English digits, the word agreeing with it. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** The first `max` characters of `text`, with "…" where it was cut; `count` adds how many were dropped. */
export function clip(text: string, max: number, opts: { count?: boolean } = {}): string {
  if (text.length <= max) return text;
  const mark = opts.count ? `… [${plural(text.length - max, 'more character')}]` : '…';
  return `${text.slice(0, max)}${mark}`;
}

const BYTE_UNITS = ['KiB', 'MiB', 'GiB', 'TiB'];

/** 512 bytes, 64.0 KiB, 1.5 MiB, 2.0 GiB: binary units with one decimal, so sizes line up. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}
