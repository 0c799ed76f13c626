// Two rewrites of Pyodide's module (pyodide.asm.mjs) that make every interpreter start sooner and
// leave what it does the same. Each applies only where the module has the shape it expects.
//
// The exports: the module hands each of its wasm's ~4,900 exports to JavaScript in a statement of
// its own, `_f=Module["_f"]=wasmExports["f"]`, and declares a variable for each: 470 KB of its
// 1.25 MB, parsed twice and compiled once. Only about a hundred of those variables are read
// anywhere. The rest are set on `Module` alone, by a loop over their names; the assignments
// `Module` ends up with are the same.
//
// The wrappers: linking puts ~260 JavaScript functions in the wasm table, each wrapped in a tiny
// wasm module compiled for it alone. The module depends only on the function's signature, so one
// is compiled per signature and instantiated for each function.

const HEAD = 'function assignWasmExports(wasmExports){';
const LOOP_VAR = 'exportName';
const LOOP_START = `for(var ${LOOP_VAR} of "`;
/** `_f=Module["_f"]=wasmExports["f"]`: the variable and the property are the export's name with `_` before it. */
const PLAIN = /^(_(\w+))=Module\["\1"\]=wasmExports\["\2"\]$/;
/** What any statement of the function is made of: names, quoted names, `.`, `[]`, `=`, `>`, digits. */
const SIMPLE = /^[\w$."[\]=>]+$/;
/** A name that begins with `_`, where it stands as a variable (not a property, not in quotes). */
const VARIABLE = /(?<![\w$."'])(_\w+)(?![\w$])/g;

export interface ExportsBlock {
  /** Where `var …;function assignWasmExports(…){…}` begins and ends. */
  start: number;
  end: number;
  declared: string[];
  statements: string[];
}

/** The declarations and the function that assigns the exports, if the module has the expected shape. */
export function exportsBlock(source: string): ExportsBlock | undefined {
  const at = source.indexOf(HEAD);
  if (at < 0 || source.indexOf(HEAD, at + 1) >= 0 || source[at - 1] !== ';') return undefined;
  const bodyStart = at + HEAD.length;
  const close = source.indexOf('}', bodyStart);
  const body = source.slice(bodyStart, close);
  if (close < 0 || body.includes('{')) return undefined;
  const declStart = source.lastIndexOf('var ', at - 1);
  if (declStart < 0) return undefined;
  const declared = source.slice(declStart + 4, at - 1).split(',');
  const statements = body.split(';').filter((s) => s !== '');
  const known = (s: string): boolean => SIMPLE.test(s) || s.startsWith(LOOP_START);
  if (!declared.every((n) => /^[\w$]+$/.test(n)) || !statements.every(known)) return undefined;
  return { start: declStart, end: close + 1, declared, statements };
}

const WRAPPER_COMPILE =
  'var module=new WebAssembly.Module(bytes);var instance=new WebAssembly.Instance(module,{e:{f:func}});';
const WRAPPER_CACHED =
  'var module=(convertJsFunctionToWasm.modules??={})[sig]??=new WebAssembly.Module(bytes);var instance=new WebAssembly.Instance(module,{e:{f:func}});';
const WRAPPER_FUNCTION = 'var convertJsFunctionToWasm=(func,sig)=>{var bytes=';

/** The module with both rewrites, each where it applies. */
export function slimPyodideModule(source: string): string {
  return cacheWrappers(loopExports(source));
}

/** One wasm module per signature for the table's wrappers of JavaScript functions. */
export function cacheWrappers(source: string): string {
  const at = source.indexOf(WRAPPER_FUNCTION);
  const compile = source.indexOf(WRAPPER_COMPILE);
  const once = (s: string): boolean => source.indexOf(s) === source.lastIndexOf(s);
  // The compile must be the one in that function, its bytes made from the signature alone.
  if (at < 0 || compile < 0 || !once(WRAPPER_FUNCTION) || !once(WRAPPER_COMPILE)) return source;
  const between = source.slice(at + WRAPPER_FUNCTION.length, compile);
  if (!/^Uint8Array\.of\([^;]*\);$/.test(between) || /func/.test(between)) return source;
  return source.slice(0, compile) + WRAPPER_CACHED + source.slice(compile + WRAPPER_COMPILE.length);
}

/**
 * The module with the exports whose variables nothing reads set on `Module` by a loop. Returns the
 * source unchanged where it does not have the shape this expects (another Pyodide build).
 */
export function loopExports(source: string): string {
  const block = exportsBlock(source);
  if (!block) return source;
  const rest = source.slice(0, block.start) + source.slice(block.end);
  const read = new Set([...rest.matchAll(VARIABLE)].map((m) => m[1]!));
  const looped: string[] = [];
  const kept: string[] = [];
  for (const s of block.statements) {
    const m = PLAIN.exec(s);
    if (m && !read.has(m[1]!)) looped.push(m[2]!);
    else kept.push(s);
  }
  const dropped = new Set(looped.map((n) => `_${n}`));
  // A name also set by a statement that stays, declared twice, or clashing with the loop's variable: leave it all.
  const inKept = new Set(kept.flatMap((s) => [...s.matchAll(VARIABLE)].map((m) => m[1]!)));
  if (kept.some((s) => s.includes(LOOP_VAR)) || [...dropped].some((d) => inKept.has(d))) return source;
  if (block.declared.filter((n) => dropped.has(n)).length !== dropped.size || looped.length === 0) return source;
  const declared = block.declared.filter((n) => !dropped.has(n));
  const loop = `${LOOP_START}${looped.join(' ')}".split(" "))Module["_"+${LOOP_VAR}]=wasmExports[${LOOP_VAR}];`;
  const fn = `${HEAD}${loop}${kept.join(';')}}`;
  return `${source.slice(0, block.start)}var ${declared.join(',')};${fn}${source.slice(block.end)}`;
}
