// The DOM as the browser made it, put back before the checks run. The page shares its realm with
// the checks: it could replace `Node.prototype.textContent`, `Element.prototype.getAttribute` or
// `getComputedStyle` so that the checks read what they expect rather than what the page shows.
// Every DOM interface's prototype and constructor (and the window's own functions) are recorded
// here before the page's scripts exist; once it has loaded, whatever it changed there is put back
// and those objects are frozen, and the DOM objects that exist lose any own property that hides
// one of those prototype members. ECMAScript's built-ins (Array, Object, ...) are left as the
// page made them: freezing them would break ordinary code (an assignment to `e.message` throws on a
// frozen Error.prototype in strict mode); the harness itself uses its own captured copies.
import { apply, freeze, getOwnPropertyDescriptor, hasOwn, ownKeys, setHas, toText } from '../javascript/intrinsics.ts';

const ES_GLOBALS = new Set([
  'Object',
  'Function',
  'Array',
  'Number',
  'Boolean',
  'String',
  'Symbol',
  'Date',
  'Promise',
  'RegExp',
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'SuppressedError',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'Proxy',
  'BigInt',
  'Iterator',
  'DisposableStack',
  'AsyncDisposableStack',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'BigInt64Array',
  'BigUint64Array',
]);

type Descriptors = [target: object, key: PropertyKey, descriptor: PropertyDescriptor][];

const defineProperty = Object.defineProperty;
const deleteProperty = Reflect.deleteProperty;
const isFrozen = Object.isFrozen;
const querySelectorAll = Document.prototype.querySelectorAll;
const nodeListLength = getOwnPropertyDescriptor(NodeList.prototype, 'length')!.get!;
const nodeListItem = NodeList.prototype.item;

const same = (a: PropertyDescriptor, b: PropertyDescriptor | undefined): boolean =>
  b !== undefined && a.get === b.get && a.set === b.set && a.value === b.value && a.writable === b.writable;

export interface Pristine {
  /**
   * Puts the recorded members back, freezes their objects, strips shadows from the document's
   * nodes; says what could not be put back (the page made it non-configurable), if anything.
   */
  restore(doc: Document): string | undefined;
}

export function recordPristine(win: Window & typeof globalThis): Pristine {
  const targets: object[] = [];
  const recorded: Descriptors = [];
  const shadowable = new Set<PropertyKey>();
  const record = (target: object, shadows: boolean): void => {
    targets[targets.length] = target;
    const keys = ownKeys(target);
    for (let i = 0; i < keys.length; i++) {
      const d = getOwnPropertyDescriptor(target, keys[i]!);
      if (!d) continue;
      recorded[recorded.length] = [target, keys[i]!, d];
      if (shadows) shadowable.add(keys[i]!);
    }
  };
  // The document's own members at the start ([LegacyUnforgeable] ones such as location) are its own.
  const docOwn = new Set<PropertyKey>(ownKeys(win.document));
  const names = ownKeys(win);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (typeof name !== 'string' || ES_GLOBALS.has(name) || !/^[A-Z]/.test(name)) continue;
    const d = getOwnPropertyDescriptor(win, name);
    const ctor = d && hasOwn(d, 'value') ? (d.value as unknown) : undefined;
    if (typeof ctor !== 'function') continue;
    const proto = (ctor as { prototype?: unknown }).prototype;
    if (typeof proto !== 'object' || proto === null) continue;
    record(ctor, false);
    record(proto, true);
  }
  // The window's own functions (getComputedStyle, matchMedia, ...): put back, not frozen (the page's
  // own globals live on the same object).
  const own: Descriptors = [];
  for (let i = 0; i < names.length; i++) {
    const d = getOwnPropertyDescriptor(win, names[i]!);
    if (d && typeof d.value === 'function' && /^[a-z]/.test(String(names[i]))) own[own.length] = [win, names[i]!, d];
  }
  return {
    restore(doc) {
      let problem: string | undefined;
      const all = [recorded, own];
      for (let l = 0; l < 2; l++)
        for (let i = 0; i < all[l]!.length; i++) {
          const entry = all[l]![i]!;
          const target = entry[0];
          const key = entry[1];
          const d = entry[2];
          if (isFrozen(target) || same(d, getOwnPropertyDescriptor(target, key))) continue;
          try {
            defineProperty(target, key, d);
          } catch {
            problem ??= `the page replaced ${toText(key)} and made it impossible to put back`;
          }
        }
      for (let i = 0; i < targets.length; i++) {
        try {
          freeze(targets[i]);
        } catch {
          // Some platform objects refuse; the members put back still hold until the page changes them.
        }
      }
      const strip = (node: object, kept?: Set<PropertyKey>): void => {
        const keys = ownKeys(node);
        for (let k = 0; k < keys.length; k++)
          if (setHas(shadowable, keys[k]!) && !(kept && setHas(kept, keys[k]!)) && !deleteProperty(node, keys[k]!))
            problem ??= `the page hid ${toText(keys[k])} on a node and made it impossible to remove`;
      };
      strip(doc, docOwn);
      const nodes = apply(querySelectorAll, doc, ['*']) as NodeList;
      const n = apply(nodeListLength, nodes, []) as number;
      for (let i = 0; i < n; i++) strip(apply(nodeListItem, nodes, [i]) as object);
      return problem;
    },
  };
}
