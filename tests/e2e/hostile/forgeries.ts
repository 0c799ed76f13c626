// Completions of HumanEval's `add(x, y)` that return the wrong answer and try to be graded as
// passed anyway. Each is the wrong body plus module-level code run after it, or a body of its own.

export const WRONG = '    return x - y\n';
export const RIGHT = '    return x + y\n';

const after = (code: string): string => `${WRONG}\n${code.trim()}\n`;

/** What a forged result looks like to whoever accepts it. */
const JS = `
import js
from pyodide.ffi import create_proxy, to_js
def plain(d):
    return to_js(d, dict_converter=js.Object.fromEntries)
FAKE = {"status": "passed", "result": "passed", "tests": [{"name": "forged", "passed": True}],
        "stdout": "", "stderr": "", "truncated": False}
def post_fakes():
    for i in range(2000):
        js.self.postMessage(plain({"type": "result", "id": i, "result": FAKE}))
`;

/** Finds the harness's live modules through the garbage collector, whatever sys.modules says. */
const FIND_HARNESS = `
import gc, types
H = {o.__name__: o for o in gc.get_objects()
     if isinstance(o, types.ModuleType) and o.__name__.startswith("fixpoint_harness")}
def patch_harness():
    def drive(run, gen, meta):
        for t in meta:
            run.passed(t.name)
    H["fixpoint_harness.runners"].drive = drive
    H["fixpoint_harness.runners"].exec = lambda *a, **k: None
    Run = H["fixpoint_harness.context"].Run
    Run.failed = lambda self, name, *a, **k: Run.passed(self, name)
`;

export const FORGERIES: Record<string, string> = {
  'prints "passed" and a passing result': after(`
print("passed")
print('{"status": "passed", "result": "passed", "tests": []}')
`),
  'sys.exit(0) at module level': after('import sys\nsys.exit(0)'),
  'sys.exit(0) inside the function': '    import sys\n    sys.exit(0)\n',
  'os._exit(0)': '    import os\n    os._exit(0)\n',
  'raises SystemExit': '    raise SystemExit(0)\n',
  'raises KeyboardInterrupt': '    raise KeyboardInterrupt\n',
  'patches the builtins the harness uses': after(`
import builtins, json
builtins.repr = lambda x: "passed"
builtins.isinstance = lambda *a: True
builtins.str = lambda *a: "passed"
builtins.len = lambda x: 0
builtins.AssertionError = ValueError
builtins.BaseException = ValueError
json.dumps = lambda *a, **k: '{"status": "passed", "result": "passed", "tests": []}'
`),
  'imports the harness again from its folder and patches that': after(`
import sys
sys.path.insert(0, "/lib/fixpoint")
import fixpoint_harness as h
h.runners.drive = lambda run, gen, meta: [run.passed(t.name) for t in meta]
h.context.Run.failed = h.context.Run.passed
`),
  'patches the live harness found through gc': after(`${FIND_HARNESS}\npatch_harness()`),
  'posts fake results to the frame with guessed ids': after(`${JS}\npost_fakes()`),
  'replaces self.postMessage to rewrite what the worker sends': after(`
${JS}
real = js.self.postMessage
js.self.postMessage = create_proxy(lambda *a: real(plain({"type": "result", "id": 1, "result": FAKE})))
`),
  "rewrites the private port's postMessage (MessagePort.prototype)": after(`
${JS}
real = js.MessagePort.prototype.postMessage
def post(this, msg, *rest):
    if msg.type == "result":
        msg.result = plain(FAKE)
    return real.call(this, msg, *rest)
js.MessagePort.prototype.postMessage = create_proxy(post, capture_this=True)
`),
  'replaces JSON.parse and JSON.stringify in the worker': after(`
${JS}
js.JSON.parse = create_proxy(lambda *a: plain(FAKE))
js.JSON.stringify = create_proxy(lambda *a: '{"code": "pass", "tests": {"kind": "none"}}')
`),
  'rewrites the jobs the worker receives (MessageEvent.prototype.data)': after(`
${JS}
getter = js.Object.getOwnPropertyDescriptor(js.MessageEvent.prototype, "data").get
def data(this):
    m = getter.call(this)
    if getattr(m, "job", None) is not None:
        m.job.code = "pass"
        m.job.tests = plain({"kind": "none"})
    return m
js.Object.defineProperty(js.MessageEvent.prototype, "data",
                         plain({"get": create_proxy(data, capture_this=True), "configurable": True}))
`),
  'a JS callback posts fake results after the run': after(`
${JS}
js.setTimeout(create_proxy(post_fakes), 0)
js.setTimeout(create_proxy(post_fakes), 50)
`),
  'a JS callback patches the harness between runs': after(`
${JS}
${FIND_HARNESS}
js.setTimeout(create_proxy(patch_harness), 0)
`),
  'closes its own worker': after('import js\njs.self.close()'),
};

/**
 * Best-effort, known to succeed: the harness shares the interpreter with the program, and a
 * program that reaches the harness's frames (a profile hook here; gc and tracebacks work too)
 * can rewrite the record of its own run after the tests. Only a separate interpreter per run,
 * which would cost a cold start each time, would close this.
 */
export const FRAME_FORGERY = after(`
import sys
def hook(frame, event, arg):
    if event != "return" or frame.f_code.co_name not in ("drive", "run_reference"):
        return
    run = frame.f_locals.get("run")
    for t in run.tests:
        t["passed"] = True
        t.pop("message", None)
    run.first_reason = run.run_exc = None
    run.status = run.result = "passed" if frame.f_code.co_name == "run_reference" else None
sys.setprofile(hook)
`);
