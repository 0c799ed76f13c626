// Node's isDeepEqual / isDeepStrictEqual (lib/internal/util/comparisons.js, Node 20), in the
// legacy loose mode MultiPL-E's tests rely on (primitives compared with ==) and the strict one.
import {
  byteLength,
  dateGetTime,
  getPrototypeOf,
  hasOwn,
  isArray,
  isEnumerable,
  isError,
  isView,
  mapForEach,
  mapGet,
  mapHas,
  mapSize,
  numberIsNaN,
  objectIs,
  objectKeys,
  ownKeys,
  regexpExec,
  regexpFlags,
  regexpSource,
  setForEach,
  setHas,
  setSize,
  tagOf,
  typedArrayLength,
} from './intrinsics.ts';

type Memo = { a: object[]; b: object[] };

// Loops below index arrays by hand: run code may have replaced the array iterator or methods, and
// an iterator that yields nothing would make every pair of objects look equal.
const isObj = (v: unknown): v is object => typeof v === 'object' && v !== null;
const INDEX = /^\d+$/;

function keysOf(v: object, strict: boolean, skipIndices: boolean): PropertyKey[] {
  const keys: PropertyKey[] = [];
  const names = objectKeys(v);
  for (let i = 0; i < names.length; i++)
    if (!skipIndices || !regexpExec(INDEX, names[i]!)) keys[keys.length] = names[i]!;
  if (strict) {
    const all = ownKeys(v);
    for (let i = 0; i < all.length; i++) {
      const s = all[i]!;
      if (typeof s === 'symbol' && isEnumerable(v, s)) keys[keys.length] = s;
    }
  }
  return keys;
}

function isBoxed(v: object): boolean {
  const t = tagOf(v);
  return (
    t === '[object Number]' ||
    t === '[object String]' ||
    t === '[object Boolean]' ||
    t === '[object BigInt]' ||
    t === '[object Symbol]'
  );
}

function special(v: object): boolean {
  const t = tagOf(v);
  return (
    isArray(v) ||
    isView(v) ||
    t === '[object Set]' ||
    t === '[object Map]' ||
    t === '[object Date]' ||
    t === '[object RegExp]' ||
    t === '[object ArrayBuffer]' ||
    isBoxed(v) ||
    isError(v)
  );
}

export function deepEqual(a: unknown, b: unknown, strict: boolean, memo: Memo = { a: [], b: [] }): boolean {
  if (a === b) return a !== 0 || !strict || objectIs(a, b);
  if (strict) {
    if (!isObj(a)) return typeof a === 'number' && numberIsNaN(a) && numberIsNaN(b);
    if (!isObj(b) || getPrototypeOf(a) !== getPrototypeOf(b)) return false;
  } else {
    if (!isObj(a)) {
      if (!isObj(b)) return a == b || (numberIsNaN(a) && numberIsNaN(b));
      return false;
    }
    if (!isObj(b)) return false;
  }
  const tag = tagOf(a);
  if (tag !== tagOf(b)) return false;
  if (isArray(a)) {
    if (!isArray(b) || a.length !== b.length) return false;
    return keyCheck(a, b, strict, memo, true);
  }
  if (tag === '[object Object]') return keyCheck(a, b, strict, memo, false);
  if (tag === '[object Date]') {
    if (dateGetTime(a) !== dateGetTime(b)) return false;
  } else if (tag === '[object RegExp]') {
    if (regexpSource(a) !== regexpSource(b) || regexpFlags(a) !== regexpFlags(b)) return false;
    if ((a as RegExp).lastIndex !== (b as RegExp).lastIndex) return false;
  } else if (isError(a)) {
    if (!isError(b) || a.message !== b.message || a.name !== b.name) return false;
  } else if (isView(a)) {
    if (!isView(b) || !bytesEqual(a, b, strict)) return false;
  } else if (tag === '[object Set]') {
    if (setSize(a) !== setSize(b) || !setEqual(a as Set<unknown>, b as Set<unknown>, strict, memo)) return false;
  } else if (tag === '[object Map]') {
    if (mapSize(a) !== mapSize(b) || !mapEqual(a as Map<unknown, unknown>, b as Map<unknown, unknown>, strict, memo))
      return false;
  } else if (tag === '[object ArrayBuffer]') {
    if (
      byteLength(a) !== byteLength(b) ||
      !bytesEqual(new Uint8Array(a as ArrayBuffer), new Uint8Array(b as ArrayBuffer), true)
    )
      return false;
  } else if (isBoxed(a)) {
    if (!objectIs((a as { valueOf(): unknown }).valueOf(), (b as { valueOf(): unknown }).valueOf())) return false;
  } else if (special(b)) return false;
  return keyCheck(a, b, strict, memo, false);
}

function bytesEqual(a: ArrayBufferView, b: ArrayBufferView, strict: boolean): boolean {
  const x = a as unknown as ArrayLike<unknown>;
  const y = b as unknown as ArrayLike<unknown>;
  const n = typedArrayLength(a);
  if (n !== typedArrayLength(b)) return false;
  for (let i = 0; i < n; i++) if (strict ? !objectIs(x[i], y[i]) : x[i] !== y[i]) return false;
  return true;
}

function keyCheck(a: object, b: object, strict: boolean, memo: Memo, arrayLike: boolean): boolean {
  const ka = keysOf(a, strict, arrayLike);
  const kb = keysOf(b, strict, arrayLike);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) if (!hasOwn(b, ka[i]!) || !isEnumerable(b, ka[i]!)) return false;
  // A pair already being compared further up counts as equal, as in Node (cycles end here).
  for (let i = 0; i < memo.a.length; i++) if (memo.a[i] === a && memo.b[i] === b) return true;
  memo.a[memo.a.length] = a;
  memo.b[memo.b.length] = b;
  try {
    const x = a as Record<PropertyKey, unknown>;
    const y = b as Record<PropertyKey, unknown>;
    if (arrayLike) {
      const n = (a as unknown[]).length;
      for (let i = 0; i < n; i++) {
        const ha = hasOwn(a, i);
        if (ha !== hasOwn(b, i)) return false;
        if (ha && !deepEqual(x[i], y[i], strict, memo)) return false;
      }
    }
    for (let i = 0; i < ka.length; i++)
      if (!deepEqual(x[ka[i] as string], y[ka[i] as string], strict, memo)) return false;
    return true;
  } finally {
    memo.a.length--;
    memo.b.length--;
  }
}

function setEqual(a: Set<unknown>, b: Set<unknown>, strict: boolean, memo: Memo): boolean {
  const rest: unknown[] = [];
  setForEach(b, (v) => void (rest[rest.length] = v));
  const used: boolean[] = [];
  let ok = true;
  setForEach(a, (v) => {
    if (!ok) return;
    if (!isObj(v) && setHas(b, v)) {
      for (let i = 0; i < rest.length; i++) if (!used[i] && objectIs(rest[i], v)) return void (used[i] = true);
    }
    for (let i = 0; i < rest.length; i++) {
      if (!used[i] && deepEqual(v, rest[i], strict, memo)) return void (used[i] = true);
    }
    ok = false;
  });
  return ok;
}

function mapEqual(a: Map<unknown, unknown>, b: Map<unknown, unknown>, strict: boolean, memo: Memo): boolean {
  const rest: [unknown, unknown][] = [];
  mapForEach(b, (v, k) => void (rest[rest.length] = [k, v]));
  const used: boolean[] = [];
  let ok = true;
  mapForEach(a, (v, k) => {
    if (!ok) return;
    if (!isObj(k) && mapHas(b, k)) {
      if (deepEqual(v, mapGet(b, k), strict, memo)) {
        for (let i = 0; i < rest.length; i++) if (objectIs(rest[i]![0], k)) used[i] = true;
        return;
      }
      if (strict) return void (ok = false);
    }
    for (let i = 0; i < rest.length; i++) {
      const rk = rest[i]![0];
      const rv = rest[i]![1];
      if (!used[i] && deepEqual(k, rk, strict, memo) && deepEqual(v, rv, strict, memo)) return void (used[i] = true);
    }
    ok = false;
  });
  return ok;
}
