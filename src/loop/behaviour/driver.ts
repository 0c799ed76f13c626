// Small programs appended to a sample that call its entry point on given inputs (or run given
// tests) and print one canonical line per input, so samples can be compared by what they do.
import type { Language } from '../../shared/run.ts';
import { comparedExpression } from './js-asserts.ts';
import { toJavaScript, toPython, type Value } from './literals.ts';

/** Starts every line the driver prints, so the sample's own output is told apart. */
const MARK = '\u001eFX';

// Canonical text of a value: floats rounded, sets and dicts sorted, long text hashed, objects by
// type (their repr has addresses), so equal behaviour prints equal lines.
const PY_PRELUDE = `
import sys as _fx_sys, hashlib as _fx_hashlib, ast as _fx_ast, types as _fx_types
def _fx_canon(v, d=0):
    if d > 20: return '...'
    if v is None or isinstance(v, (bool, int, str, bytes)): t = repr(v)
    elif isinstance(v, float): t = 'nan' if v != v else repr(round(v, 6) + 0.0)
    elif isinstance(v, list): t = '[' + ', '.join(_fx_canon(x, d + 1) for x in v) + ']'
    elif isinstance(v, tuple): t = '(' + ', '.join(_fx_canon(x, d + 1) for x in v) + ',)'
    elif isinstance(v, (set, frozenset)): t = '{' + ', '.join(sorted(_fx_canon(x, d + 1) for x in v)) + '}'
    elif isinstance(v, dict): t = '{' + ', '.join(sorted(_fx_canon(k, d + 1) + ': ' + _fx_canon(x, d + 1) for k, x in v.items())) + '}'
    elif isinstance(v, (_fx_types.GeneratorType, map, filter, range, zip)): t = 'iter' + _fx_canon(list(v), d + 1)
    else: t = '<' + type(v).__name__ + '>'
    return t if len(t) <= 300 else '#' + _fx_hashlib.sha1(t.encode('utf-8', 'replace')).hexdigest()
def _fx_say(*parts):
    _fx_sys.stdout.write('\\x1eFX\\t' + '\\t'.join(str(p) for p in parts) + '\\n')
    _fx_sys.stdout.flush()
`;

// TypeScript: the same program with just enough annotations to pass the strict checker; the entry
// point is called through \`any\`, since a mutated input need not fit its declared types.
const jsPrelude = (ts: boolean): string => {
  const any = ts ? ': any' : '';
  return `
const __fxCanon = (v${any}, d = 0)${ts ? ': string' : ''} => {
  let t${ts ? ': string' : ''};
  if (d > 20) return '...';
  if (typeof v === 'number') t = Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
  else if (typeof v === 'string') t = JSON.stringify(v);
  else if (v === null || v === undefined || typeof v === 'boolean' || typeof v === 'bigint') t = String(v);
  else if (Array.isArray(v)) t = '[' + v.map((x${any}) => __fxCanon(x, d + 1)).join(', ') + ']';
  else if (v instanceof Set) t = '{' + [...v].map((x) => __fxCanon(x, d + 1)).sort().join(', ') + '}';
  else if (v instanceof Map) t = '{' + [...v].map(([k, x]) => __fxCanon(k, d + 1) + ': ' + __fxCanon(x, d + 1)).sort().join(', ') + '}';
  else if (typeof v === 'object') t = '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ': ' + __fxCanon(v[k], d + 1)).join(', ') + '}';
  else t = '<' + typeof v + '>';
  return t.length <= 300 ? t : '#' + t.length + ':' + t.slice(0, 120);
};
const __fxSay = (...parts${ts ? ': unknown[]' : ''}) => console.log('\\u001eFX\\t' + parts.join('\\t'));
`;
};

/** A driver that calls `entry` on each input and prints its canonical result or the exception's type. */
export function inputsDriver(language: Language, entry: string, inputs: Value[][]): string {
  if (language === 'python') {
    const calls = inputs.map((args) => `    lambda: ${entry}(${args.map(toPython).join(', ')}),`).join('\n');
    return `${PY_PRELUDE}
for _fx_i, _fx_call in enumerate([
${calls}
]):
    try:
        _fx_out = _fx_canon(_fx_call())
    except BaseException as _fx_e:
        _fx_out = '!' + type(_fx_e).__name__
    _fx_say(_fx_i, _fx_out)
`;
  }
  const ts = language === 'typescript';
  const fn = ts ? `(${entry} as any)` : entry;
  const calls = inputs.map((args) => `  () => ${fn}(${args.map(toJavaScript).join(', ')}),`).join('\n');
  return `;(() => {${jsPrelude(ts)}
const __fxCalls = [
${calls}
];
__fxCalls.forEach((call, i) => {
  let out${ts ? ': string' : ''};
  try { out = __fxCanon(call()); } catch (e${ts ? ': any' : ''}) { out = '!' + ((e && e.name) || 'Error'); }
  __fxSay(i, out);
});
})();
`;
}

/**
 * A driver that runs each test on its own and prints pass or fail, with what the compared side of
 * the test computed (Python's `assert call == expected`, JavaScript's `assert.deepEqual(call,
 * expected)` or `assert(call === expected)`), so a suspect test can be shown with the outputs.
 * JavaScript's driver serves TypeScript too: there the program is run with its types stripped and
 * not checked (see runDrivers), since the tests are the model's and need not fit the types.
 */
export function testsDriver(language: Language, tests: readonly string[]): string {
  if (language === 'python') {
    return `${PY_PRELUDE}
for _fx_i, _fx_src in enumerate([${tests.map((t) => JSON.stringify(t)).join(', ')}]):
    _fx_out = ''
    try:
        _fx_node = _fx_ast.parse(_fx_src).body[0]
        _fx_t = getattr(_fx_node, 'test', None)
        if isinstance(_fx_t, _fx_ast.Compare) and len(_fx_t.ops) == 1 and isinstance(_fx_t.ops[0], _fx_ast.Eq):
            try:
                _fx_out = _fx_canon(eval(compile(_fx_ast.Expression(_fx_t.left), '<test>', 'eval'), globals()))
            except BaseException as _fx_e:
                _fx_out = '!' + type(_fx_e).__name__
        exec(compile(_fx_src, '<test>', 'exec'), globals())
        _fx_ok = 'pass'
    except BaseException as _fx_e:
        _fx_ok = 'fail'
    _fx_say(_fx_i, _fx_ok, _fx_out)
`;
  }
  const runs = tests.map((t, i) => {
    const compared = comparedExpression(t);
    // Each line break keeps a trailing line comment of the test from swallowing the driver's code.
    const out =
      compared === undefined
        ? ''
        : `try { __fxOut = __fxCanon((${compared}\n)); } catch (e) { __fxOut = '!' + ((e && e.name) || 'Error'); }`;
    return `{ let __fxOut = '';\n  ${out}\n  try { ${t}\n    __fxSay(${i}, 'pass', __fxOut); } catch (e) { __fxSay(${i}, 'fail', __fxOut); } }`;
  });
  // console.assert only prints under node: here a falsy one throws, so such a test can fail.
  return `;(() => {${jsPrelude(false)}
const assert = require('node:assert');
const console = Object.assign(Object.create(globalThis.console), {
  assert: (ok, ...said) => { if (!ok) throw new Error('console.assert failed' + (said.length ? ': ' + said.join(' ') : '')); },
});
${runs.join('\n')}
})();
`;
}

/** The driver's lines, by input index: the fields after the index. */
export function readDriverOutput(stdout: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith(MARK)) continue;
    const [, index, ...rest] = line.split('\t');
    const i = Number(index);
    if (Number.isInteger(i) && !out.has(i)) out.set(i, rest);
  }
  return out;
}
