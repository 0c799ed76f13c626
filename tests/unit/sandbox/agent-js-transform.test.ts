// The REPL rewrite of a JavaScript action: declarations become the global scope's, the last
// expression is returned, every line stays on its line, syntax errors are placed.
import { describe, expect, it } from 'vitest';
import { replTransform } from '../../../src/sandbox/agent-js/repl-transform.ts';

const ok = (code: string) => {
  const t = replTransform(code, 'action-1.js');
  if (!t.ok) throw new Error(t.error);
  return t;
};

describe('replTransform', () => {
  it('turns top-level declarations into assignments and names them', () => {
    const t = ok('const a = 1\nlet {b, c: [d]} = o;\nvar e\nlet f;\nclass K {}\nfunction g() {}');
    expect(t.names).toEqual(['a', 'b', 'd', 'e', 'f', 'K', 'g']);
    expect(t.body).toBe(
      '__fixpointScope["g"] = g;;(a = 1);\n;({b, c: [d]} = o);\n;\n;(f = undefined);\nK = class K {};\nfunction g() {}',
    );
  });

  it('leaves declarations in blocks and loops alone', () => {
    const t = ok('for (const x of xs) { let y = x }\n{ const z = 1 }');
    expect(t.names).toEqual([]);
  });

  it('returns the last expression, parenthesised or not, and keeps its line', () => {
    expect(ok('x;\n// note\n({a: 1});').body).toBe('x;\n// note\nreturn (({a: 1}));');
    expect(ok('await f()').body).toBe('return (await f())');
    expect(ok('if (a) b').body).toBe('if (a) b');
  });

  it('keeps the line count of a declaration spread over lines', () => {
    const code = 'const a =\n  1 +\n  2\nboom()';
    expect(ok(code).body.split('\n')).toHaveLength(4);
  });

  it('places syntax errors at their line and column, and says what to use instead of import', () => {
    expect(replTransform('let a = 1\nconst = 5', 'action-2.js')).toEqual({
      ok: false,
      error: 'action-2.js:2\nconst = 5\n      ^\n\nSyntaxError: Unexpected token',
    });
    const imp = replTransform('import fs from "fs"', 'action-3.js');
    expect(!imp.ok && imp.error).toMatch(/use require\('node:fs'\)/);
  });
});
