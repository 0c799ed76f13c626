// One candidate must not shape how the next is graded, nor see what the next is given: every run
// that decides a verdict starts in an interpreter no earlier run touched. Each planter below ran
// before this design and changed later runs: a wrong answer graded after it must still fail, a
// right one pass, and nothing it left may be seen by the next run. Both isolation modes, and the
// three grading modes (feedback: the loop; reference: eval and hidden tests; grade: classroom).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText } from '../../../cli/files.ts';
import type { HumanEvalProblem } from '../../../src/shared/problems.ts';
import { parseProblems, problemJob } from '../../../src/kinds/rows.ts';
import type { RunJob } from '../../../src/shared/run.ts';
import { MODES, openPage, pyJob, runIn, type PageContext } from '../support/browser.ts';
import { HUMANEVAL } from '../support/native.ts';
import { RIGHT, WRONG } from './forgeries.ts';

const add = parseProblems(readText(HUMANEVAL), HUMANEVAL).find((p) => p.taskId === 'HumanEval/53') as HumanEvalProblem;
const GRADING = ['feedback', 'reference', 'grade'] as const;
const SECRET = 'hidden_7f3a9c';

/** Module-level code after the wrong answer: it runs, fails its own tests, and plants something. */
const PLANTERS: Record<string, string> = {
  'Object.prototype.toJSON, from Python through js': `
import js
from pyodide.ffi import create_proxy
def to_json(this, *a):
    js.self.stash = js.JSON.stringify(js.Object.assign(js.Object.new(), this))
    return js.Object.fromEntries(js.Array.of(js.Array.of("tests", js.Object.fromEntries(js.Array.of(js.Array.of("kind", "none"))))))
js.Object.defineProperty(js.Object.prototype, "toJSON", js.Object.fromEntries(js.Array.of(
    js.Array.of("value", create_proxy(to_json, capture_this=True)), js.Array.of("configurable", True))))
`,
  'the JS object behind time.sleep': `
import time
for d in (time.sleep.__defaults__ or ()):
    try:
        d.constructor.prototype.toJSON = d
    except Exception:
        pass
`,
  'ast.NodeVisitor.visit, patched on the class': `
import ast
ast.NodeVisitor.visit = lambda self, node: None
ast.NodeTransformer.visit = lambda self, node: node
`,
  'attributes on __main__ and gc.callbacks': `
import __main__, gc, builtins
__main__.planted = True
builtins.planted = True
gc.callbacks.append(lambda *a: None)
`,
  "writes into the interpreter's own files: the standard library's zip, the harness": `
import mmap, os, sys
ZIP = [p for p in sys.path if p.endswith(".zip")][0]
for path in (ZIP, "/lib/fixpoint/fixpoint_harness/report.py"):
    try:
        fd = os.open(path, os.O_RDWR)
        m = mmap.mmap(fd, 0)
        m[0:4] = b"XXXX"
        m.flush()
        m.close()
    except Exception:
        pass
    for f in (lambda: open(path, "r+b").write(b"XXXX"), lambda: os.truncate(path, 4), lambda: os.remove(path),
              lambda: os.rename(path, path + ".old"), lambda: os.chmod(path, 0)):
        try:
            f()
        except Exception:
            pass
`,
  'files in /tmp, /home and site-packages': `
import os, site, sys
open("/tmp/planted.txt", "w").write("planted")
os.makedirs("/home/pyodide", exist_ok=True)
open("/home/pyodide/planted.txt", "w").write("planted")
for d in sys.path:
    if d.endswith("site-packages"):
        open(os.path.join(d, "planted.py"), "w").write("import builtins\\nbuiltins.planted = True\\n")
`,
};

/** What a later run prints when nothing was left behind. */
const LOOK = `
import __main__, builtins, gc, os, sys
seen = []
if hasattr(__main__, "planted") or hasattr(builtins, "planted"): seen.append("attribute")
if gc.callbacks: seen.append("gc callback")
for p in ("/tmp/planted.txt", "/home/pyodide/planted.txt"):
    if os.path.exists(p): seen.append(p)
try:
    import planted
    seen.append("module")
except ImportError:
    pass
if hasattr(__main__, "fixpoint_harness"): seen.append("harness in __main__")
ZIP = [p for p in sys.path if p.endswith(".zip")][0]
for path, head in ((ZIP, b"PK\\x03\\x04"), ("/lib/fixpoint/fixpoint_harness/report.py", b'"""')):
    try:
        if open(path, "rb").read(len(head)) != head: seen.append(path + " changed")
    except OSError as e:
        seen.append(path + " " + type(e).__name__)
print("seen:", seen)
`;

/** One classroom test of the same task, as `grade` runs it. */
const classroomJob = (code: string): RunJob =>
  pyJob(code, { tests: { kind: 'user', source: 'assert add(2, 3) == 5\nassert add(5, 7) == 12\n' }, mode: 'grade' });

const STASH = `
import js
print("stash:", getattr(js.self, "stash", None))
`;

describe.each(MODES)('poisoned runs ($name)', ({ isolated }) => {
  let ctx: PageContext;
  const run = (job: RunJob) => runIn(ctx.page, job);
  const grade = (completion: string, mode: (typeof GRADING)[number]) =>
    run(mode === 'grade' ? classroomJob(add.prompt + completion) : problemJob(add, completion, 3, mode));

  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  it.each(Object.keys(PLANTERS))('%s: the runs after it are graded on their merits', async (name) => {
    for (const mode of GRADING) {
      const planted = await grade(`${WRONG}\n${PLANTERS[name]!.trim()}\n`, mode);
      expect(planted.result, `${name} (${mode})`).not.toBe('passed');
      await new Promise((ok) => setTimeout(ok, 50));
      const wrong = await grade(WRONG, mode);
      expect(wrong.result, `the wrong answer after "${name}" (${mode})`).toMatch(/^failed: /);
      expect((await grade(RIGHT, mode)).result, `the right answer after "${name}" (${mode})`).toBe('passed');
      const look = await run(pyJob(LOOK));
      expect(look.stdout, `what "${name}" left (${mode})`).toBe('seen: []\n');
    }
  });

  it("a later run never sees an earlier job's hidden tests", async () => {
    await grade(`${WRONG}\n${PLANTERS['Object.prototype.toJSON, from Python through js']!.trim()}\n`, 'feedback');
    const hidden = await run(problemJob({ ...add, test: `${add.test}\nassert "${SECRET}"\n` }, RIGHT, 3, 'reference'));
    expect(hidden.result).toBe('passed');
    const later = await run(pyJob(STASH));
    expect(later.stdout).not.toContain(SECRET);
  });

  it('the harness is not in __main__ to take by name', async () => {
    const r = await run(pyJob('import __main__\nprint(sorted(k for k in vars(__main__) if "fixpoint" in k))'));
    expect(r.stdout).toBe('[]\n');
  });

  it('time.sleep holds no JavaScript object', async () => {
    const r = await run(
      pyJob(
        'import time\nprint([type(d).__name__ for d in (time.sleep.__defaults__ or ()) if "Js" in type(d).__name__])',
      ),
    );
    expect(r.stdout).toBe('[]\n');
  });
});
