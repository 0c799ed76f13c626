import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheWrappers, exportsBlock, loopExports, slimPyodideModule } from '../../../build/slim-pyodide.ts';

const installed = readFileSync(resolve(import.meta.dirname, '../../../node_modules/pyodide/pyodide.asm.mjs'), 'utf8');

/** Every export as a distinct value: functions, and globals with a `value` as data exports have. */
function fakeExports(source: string): Record<string, unknown> {
  const names = [...source.matchAll(/wasmExports\["(\w+)"\]/g)].map((m) => m[1]!);
  return Object.fromEntries(names.map((n, i) => [n, Object.assign(() => i, { value: 1000 + i })]));
}

/**
 * Runs the module's declarations and its exports function against `exports`, and gives back what
 * `Module` ends up with and the variables `read` hold afterwards.
 */
function assign(source: string, exports: Record<string, unknown>, read: string[]) {
  const block = exportsBlock(source)!;
  const code = `${source.slice(block.start, block.end)};assignWasmExports(wasmExports);return {${read.join(',')}}`;
  const Module: Record<string, unknown> = {};
  const variables = new Function('Module', 'wasmExports', code)(Module, exports) as Record<string, unknown>;
  return { Module, variables };
}

const TOY = [
  'function before(){return _b()+_d}',
  'var _a,_b,_c,_d,wasmMemory;',
  'function assignWasmExports(wasmExports){',
  '_a=Module["_a"]=wasmExports["a"];_b=Module["_b"]=wasmExports["b"];',
  '_c=Module["_c"]=wasmExports["c"].value>>>0;_d=Module["_d"]=wasmExports["d"];',
  'wasmMemory=Module["memory"]=wasmExports["memory"]}',
  'function after(){return Module["_a"]}',
].join('');

describe('the slimmed Pyodide module', () => {
  it('sets on Module exactly what the original does, and every variable the rest of the module reads', () => {
    const slim = loopExports(installed);
    expect(slim.length).toBeLessThan(installed.length * 0.8);
    const before = exportsBlock(installed)!;
    const after = exportsBlock(slim)!;
    // Nothing outside the declarations and the function changes.
    expect(slim.slice(0, after.start)).toBe(installed.slice(0, before.start));
    expect(slim.slice(after.end)).toBe(installed.slice(before.end));
    const exports = fakeExports(installed);
    const read = after.declared;
    const original = assign(installed, exports, read);
    const slimmed = assign(slim, exports, read);
    expect(Object.keys(slimmed.Module).length).toBeGreaterThan(4000);
    expect(slimmed.Module).toEqual(original.Module);
    for (const [k, v] of Object.entries(original.Module)) expect(slimmed.Module[k], k).toBe(v);
    for (const name of ['_malloc', '_free', '_PyGILState_Check', '__Py_NoneStruct'])
      expect(slimmed.variables[name], name).toBe(original.variables[name]);
    expect(slimmed.variables._malloc).toBeTypeOf('function');
  });

  it('keeps a statement whose variable is read elsewhere, and declares only what stays', () => {
    const slim = loopExports(TOY);
    const block = exportsBlock(slim)!;
    expect(block.declared).toEqual(['_b', '_c', '_d', 'wasmMemory']);
    expect(slim).toContain('_b=Module["_b"]=wasmExports["b"]');
    expect(slim).not.toContain('_a=Module["_a"]');
    const exports = fakeExports(TOY);
    const read = ['_b', '_c', '_d', 'wasmMemory'];
    const a = assign(TOY, exports, read);
    const b = assign(slim, exports, read);
    expect(b.Module).toEqual(a.Module);
    expect(b.Module._a).toBe(exports.a);
    expect(b.variables).toEqual(a.variables);
  });

  it('leaves a module of another shape as it is', () => {
    const withBrace = TOY.replace('wasmExports["memory"]}', 'wasmExports["memory"];if(x){y()}}');
    const twice = TOY + TOY.slice(TOY.indexOf('function assignWasmExports'));
    const nothingToLoop = TOY.replace('function after(){return Module["_a"]}', 'function after(){return _a}');
    for (const other of [withBrace, twice, 'export default 1;']) expect(loopExports(other)).toBe(other);
    expect(loopExports(nothingToLoop)).toBe(nothingToLoop);
  });
});

/**
 * The module's code that wraps a JavaScript function for the wasm table, with `WebAssembly.Module`
 * counted: gives the wrapping function and how many modules it has compiled.
 */
function wrapperMaker(source: string) {
  const code = source.slice(source.indexOf('var uleb128EncodeWithLen='), source.indexOf('var addFunction='));
  let compiled = 0;
  const Counted = new Proxy(WebAssembly.Module, {
    construct: (target, args: [BufferSource]) => (compiled++, new target(...args)),
  });
  const wasm = { Module: Counted, Instance: WebAssembly.Instance };
  const wrap = new Function('WebAssembly', `${code};return convertJsFunctionToWasm`)(wasm) as (
    f: (...a: number[]) => number,
    sig?: string,
  ) => (...a: number[]) => number;
  return { wrap, compiled: () => compiled };
}

describe("the table's wrappers of JavaScript functions", () => {
  it('compile one module per signature, and each wrapper still calls its own function', () => {
    const slim = slimPyodideModule(installed);
    expect(cacheWrappers(installed)).not.toBe(installed);
    for (const [source, compiles] of [
      [installed, 5],
      [slim, 2],
    ] as const) {
      const { wrap, compiled } = wrapperMaker(source);
      const add = wrap((a, b) => a + b, 'iii');
      const sub = wrap((a, b) => a - b, 'iii');
      const mul = wrap((a, b) => a * b, 'iii');
      const neg = wrap((a) => -a, 'ii');
      const dbl = wrap((a) => 2 * a, 'ii');
      expect([add(7, 5), sub(7, 5), mul(7, 5), neg(3), dbl(3)]).toEqual([12, 2, 35, -3, 6]);
      expect(compiled()).toBe(compiles);
      // A function without a signature fails as it did.
      expect(() => wrap(() => 0)).toThrow();
    }
  });

  it('are left as they are where the compile is not made from the signature alone', () => {
    const odd = installed.replace(
      'var module=new WebAssembly.Module(bytes);',
      'var module=new WebAssembly.Module(bytes);func.sig=1;',
    );
    expect(cacheWrappers(odd)).toBe(odd);
  });
});
