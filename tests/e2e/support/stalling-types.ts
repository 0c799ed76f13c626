// A short type-level program that keeps TypeScript's checker busy for minutes: it assigns a union
// of 4,096 intersections to a copy of itself listed in the opposite order, so the compiler
// compares members pairwise up to its complexity limit, once per line (over a minute and a
// gigabyte and a half in Node, for 430 bytes). The hostile tests and the bench feed it.
export const STALLING_TYPES = `
type B<K extends string, Z> = { [P in K]: Z extends 0 ? 0 : 1 } | { [P in K]: Z extends 0 ? 1 : 0 };
type I<K extends string, Z> = (K extends K ? (x: B<K, Z>) => 0 : 0) extends (x: infer R) => 0 ? R : 0;
type U<Z> = I<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l', Z>;
declare const u: U<0>;
const a: U<1> = u;
const b: U<2> = u;
const c: U<3> = u;
const d: U<4> = u;
const e: U<5> = u;
const f: U<6> = u;
`;
