// The editor's language service without its worker: member completions after `xs.`, the runner's
// globals (node's assert as the tests use it), hovers with signatures, signature help, answers
// for the text of each request (never an older one), and JavaScript served with types inferred.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckerCore } from '../../../src/sandbox/typescript/checker-core.ts';
import { ServiceCore } from '../../../src/sandbox/typescript/service-core.ts';
import type { IntelLanguage } from '../../../src/shared/code-intel.ts';

const libLoader = async (f: string): Promise<string | undefined> =>
  readFile(`node_modules/typescript/lib/${f}`, 'utf8').catch(() => undefined);

let core: CheckerCore;
let service: ServiceCore;
beforeAll(async () => {
  core = new CheckerCore(libLoader);
  service = new ServiceCore(core);
  await core.warm(true);
}, 120_000);

/** The request for `code` with the position where `|` stands (the bar taken out). */
function at(marked: string, language: IntelLanguage = 'typescript') {
  const position = marked.indexOf('|');
  return { code: marked.replace('|', ''), position, language };
}

const names = async (marked: string, language?: IntelLanguage): Promise<string[]> =>
  (await service.completions(at(marked, language)))?.entries.map((e) => e.name) ?? [];

describe('completions', () => {
  it("offers an array's methods after `xs.`, from the word's start", async () => {
    const got = await service.completions(at('const xs = [1, 2, 3]; xs.ma|'));
    expect(got?.entries.map((e) => e.name)).toEqual(expect.arrayContaining(['map', 'filter', 'length']));
    expect(got?.from).toBe('const xs = [1, 2, 3]; xs.'.length);
    expect(got?.entries.find((e) => e.name === 'map')?.kind).toBe('method');
  }, 60_000);

  it("answers for each request's own text", async () => {
    expect(await names('const s = "a"; s.|')).toContain('toUpperCase');
    expect(await names('const s = 1; s.|')).toContain('toFixed');
    expect(await names('const s = 1; s.|')).not.toContain('toUpperCase');
  });

  it('knows the globals the runner gives and the assert the tests use', async () => {
    expect(await names("const assert = require('node:assert');\nassert.|")).toEqual(
      expect.arrayContaining(['strictEqual', 'deepStrictEqual', 'throws']),
    );
    expect(await names('process.|')).toContain('argv');
    // No DOM: code runs in a worker.
    expect(await names('docu|')).not.toContain('document');
  });

  it('serves JavaScript with types inferred and no type errors asked for', async () => {
    expect(await names('const xs = [1, 2, 3]; xs.|', 'javascript')).toContain('map');
    const got = await service.completions(at('function f(a) { return a; }\nf(1).|', 'javascript'));
    expect(got).toBeDefined();
  });

  it("gives a completion's signature and documentation on demand", async () => {
    const req = { ...at('const xs = [1, 2, 3]; xs.|'), name: 'map' };
    const d = await service.completionDetails(req);
    expect(d?.signature).toMatch(/^\(method\) Array<number>\.map<U>\(callbackfn/);
    expect(d?.documentation).toMatch(/Calls a defined callback function on each element/);
  });
});

describe('hover and signature help', () => {
  it("shows a function's signature over its name, with the span of the name", async () => {
    const code = 'function add(a: number, b: number): number {\n  return a + b;\n}\nadd(1, 2);';
    const q = await service.quickInfo({ code, position: code.lastIndexOf('add') + 1, language: 'typescript' });
    expect(q?.signature).toBe('function add(a: number, b: number): number');
    expect(code.slice(q!.from, q!.to)).toBe('add');
    expect(await service.quickInfo({ code, position: code.indexOf('\n'), language: 'typescript' })).toBeUndefined();
  });

  it('marks the argument being written', async () => {
    const h = await service.signatureHelp(at('function add(a: number, b: string) {}\nadd(1, |'));
    expect(h?.items[0]?.parameters).toEqual(['a: number', 'b: string']);
    expect(h?.argument).toBe(1);
  });
});
