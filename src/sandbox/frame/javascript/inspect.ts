// A close cousin of Node's util.inspect: how console.log shows values and how assertion messages
// show expected and actual. Output only, never part of a verdict; it still uses the harness's own
// copies of built-ins, so a run that patched Array.prototype sees its values shown truthfully.
import {
  arrayJoin,
  dateGetTime,
  dateToISOString,
  functionToString,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  isArray,
  isError,
  isView,
  jsonStringify,
  mapForEach,
  mapSize,
  objectIs,
  objectKeys,
  regexpFlags,
  regexpSource,
  setForEach,
  setSize,
  stringIncludes,
  stringReplace,
  tagOf,
  toText,
  typedArrayLength,
} from './intrinsics.ts';

const MAX_DEPTH = 2;
const MAX_DEPTH_EXPANDED = 1000;
const MAX_ITEMS = 100;
const LINE_WIDTH = 72;
const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Node's single-quoted string form: 'it\'s' */
function quote(s: string): string {
  const body = stringReplace(jsonStringify(s).slice(1, -1), /\\"/g, '"');
  if (!stringIncludes(s, "'")) return `'${body}'`;
  if (!stringIncludes(s, '"')) return `"${body}"`;
  if (!stringIncludes(s, '`')) return `\`${body}\``;
  return `'${stringReplace(body, /'/g, "\\'")}'`;
}

function className(v: object): string | undefined {
  try {
    const proto = getPrototypeOf(v) as { constructor?: { name?: unknown } } | null;
    if (proto === null) return '[Object: null prototype]';
    const ctor = getOwnPropertyDescriptor(proto, 'constructor')?.value as { name?: unknown } | undefined;
    return typeof ctor?.name === 'string' ? ctor.name : undefined;
  } catch {
    return undefined;
  }
}

// Assertion messages show values as Node's assert does (compact: false): one entry per line.
let expanded = false;

function wrap(open: string, items: string[], close: string, indent: string): string {
  if (items.length === 0) return `${open.trimEnd()}${close}`;
  const flat = `${open} ${arrayJoin(items, ', ')} ${close}`;
  if (!expanded && flat.length <= LINE_WIDTH && !items.some((i) => stringIncludes(i, '\n'))) return flat;
  const inner = `${indent}  `;
  return `${open}\n${inner}${arrayJoin(
    items.map((i) => stringReplace(i, /\n/g, `\n${inner}`)),
    `,\n${inner}`,
  )}\n${indent}${close}`;
}

function key(k: string): string {
  return IDENT.test(k) ? k : quote(k);
}

function inner(v: unknown, depth: number, seen: object[], nested: boolean): string {
  switch (typeof v) {
    case 'string':
      return nested ? quote(v) : v;
    case 'number':
      return objectIs(v, -0) ? '-0' : toText(v);
    case 'bigint':
      return `${toText(v)}n`;
    case 'boolean':
    case 'undefined':
      return toText(v);
    case 'symbol':
      return v.toString();
    case 'function': {
      const name = typeof v.name === 'string' && v.name ? v.name : '(anonymous)';
      const isClass = /^class\b/.test(safe(() => functionToString(v)));
      return `[${isClass ? 'class' : 'Function'}${isClass ? ' ' : ': '}${name}]`;
    }
    case 'object':
      break;
  }
  if (v === null) return 'null';
  const obj = v;
  if (seen.includes(obj)) return '[Circular *1]';
  const tag = tagOf(obj);
  if (tag === '[object Date]') {
    const t = dateGetTime(obj);
    return t === t ? dateToISOString(obj) : 'Invalid Date';
  }
  if (tag === '[object RegExp]') return `/${regexpSource(obj)}/${regexpFlags(obj)}`;
  if (isError(obj)) return safe(() => toText(obj.stack ?? `${obj.name}: ${obj.message}`));
  const name = className(obj);
  if (depth > (expanded ? MAX_DEPTH_EXPANDED : MAX_DEPTH)) return isArray(obj) ? '[Array]' : `[${name ?? 'Object'}]`;
  const next = [...seen, obj];
  const show = (x: unknown): string => inner(x, depth + 1, next, true);
  const items: string[] = [];
  if (isArray(obj)) {
    const arr = obj as unknown[];
    for (let i = 0; i < arr.length && i < MAX_ITEMS; i++)
      items[items.length] = i in arr ? show(arr[i]) : '<1 empty item>';
    if (arr.length > MAX_ITEMS) items[items.length] = `... ${arr.length - MAX_ITEMS} more items`;
    for (const k of objectKeys(arr)) if (!/^\d+$/.test(k)) items[items.length] = `${key(k)}: ${show(arr[k as never])}`;
    return wrap(name === 'Array' ? '[' : `${name}(${arr.length}) [`, items, ']', '');
  }
  if (tag === '[object Map]') {
    mapForEach(obj, (val, k) => void (items[items.length] = `${show(k)} => ${show(val)}`));
    return wrap(`Map(${mapSize(obj)}) {`, items, '}', '');
  }
  if (tag === '[object Set]') {
    setForEach(obj, (val) => void (items[items.length] = show(val)));
    return wrap(`Set(${setSize(obj)}) {`, items, '}', '');
  }
  if (isView(obj) && tag !== '[object DataView]') {
    const t = obj as unknown as ArrayLike<unknown>;
    const n = typedArrayLength(obj);
    for (let i = 0; i < n && i < MAX_ITEMS; i++) items[items.length] = show(t[i]);
    return wrap(`${name ?? 'TypedArray'}(${n}) [`, items, ']', '');
  }
  if (tag === '[object Promise]') return 'Promise { <unknown> }';
  for (const k of objectKeys(obj)) {
    const d = getOwnPropertyDescriptor(obj, k);
    items[items.length] = `${key(k)}: ${d && 'value' in d ? show(d.value) : d?.set ? '[Getter/Setter]' : '[Getter]'}`;
  }
  const prefix = name === 'Object' ? '' : `${name ?? ''} `;
  return wrap(`${prefix}{`, items, '}', '');
}

function safe(fn: () => string): string {
  try {
    return fn();
  } catch {
    return '[object]';
  }
}

export function inspect(v: unknown, opts: { expanded?: boolean } = {}): string {
  expanded = opts.expanded === true;
  try {
    return safe(() => inner(v, 0, [], true));
  } finally {
    expanded = false;
  }
}

/** console.log's formatting: printf-style substitutions in a first string, then values by spaces. */
export function format(args: unknown[]): string {
  const out: string[] = [];
  let i = 0;
  if (typeof args[0] === 'string' && args.length > 1) {
    i = 1;
    out[0] = stringReplace(args[0], /%([sdifjoOc%])/g, (m: string, c: string) => {
      if (c === '%') return '%';
      if (i >= args.length) return m;
      const a = args[i++];
      if (c === 's') return typeof a === 'string' ? a : inspect(a);
      if (c === 'd' || c === 'i')
        return typeof a === 'bigint' ? `${toText(a)}n` : toText(c === 'i' ? Math.trunc(Number(a)) : Number(a));
      if (c === 'f') return toText(Number(a));
      if (c === 'j') return safe(() => toText(jsonStringify(a)));
      if (c === 'c') return '';
      return inspect(a);
    });
  }
  for (; i < args.length; i++) out[out.length] = typeof args[i] === 'string' ? (args[i] as string) : inspect(args[i]);
  return arrayJoin(out, ' ');
}
