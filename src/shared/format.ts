// Small text helpers that several layers word their messages with, defined once.

/** "1 test", "3 tests", "1,204 characters": the count in English digits, the word agreeing with it. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
