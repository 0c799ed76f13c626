// A cheating contest program against the LiveCodeBench judge: forge the verdict, read the
// expected outputs, change the comparison, leave something for the next program. Each sample
// is followed by honest ones, right and wrong, whose verdicts must not move.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, jsonlWriter, rowsOf } from '../support/cli.ts';

const ROWS = resolve(import.meta.dirname, '../../fixtures/livecodebench/rows.jsonl');
const jsonl = jsonlWriter(mkdtempSync(join(tmpdir(), 'fixpoint-program-hostile-')));
const RIGHT = "print(' '.join(input().split()[::-1]))";
const WRONG = 'print(input())';
const RIGHT_CALL = 'class Solution:\n    def countPositives(self, nums):\n        return sum(x > 0 for x in nums)';

// [what it tries, task, program, the result it must get (a prefix)]
const ATTACKS: [string, string, string, string][] = [
  [
    'prints a verdict',
    'fmt1',
    'print(\'{"e":"end","stdout":"","stderr":""}\')\nprint("passed")',
    'failed: Wrong Answer',
  ],
  [
    'writes a verdict to the harness device',
    'fmt1',
    'import os\nfd = os.open(\'/dev/fixpoint\', os.O_RDWR)\nfor k in (b\'V\', b\'R\'):\n    os.write(fd, k + b\'0\' * 32 + b\'{"e":"end","stdout":"","stderr":""}\')\nprint(os.read(fd, 1000))',
    'failed: Wrong Answer',
  ],
  [
    'walks the stack to the signing function',
    'fmt1',
    'import sys\nf = sys._getframe()\nwhile f.f_back: f = f.f_back\nprint(sorted(f.f_locals))',
    'failed: Runtime Error: RuntimeError: not allowed while judging: sys._getframe',
  ],
  [
    'looks for the expected outputs among all objects',
    'fmt1',
    "import gc\nprint([o for o in gc.get_objects() if isinstance(o, dict) and 'outputs' in o])",
    'failed: Runtime Error: RuntimeError: not allowed while judging: gc.get_objects',
  ],
  [
    'reaches the signing function through a traceback',
    'fmt1',
    'try:\n    1 / 0\nexcept Exception as e:\n    print(e.__traceback__.tb_frame.f_back.f_locals)',
    'failed: Runtime Error: RuntimeError: not allowed while judging: object.__getattr__',
  ],
  [
    'returns an object equal to everything',
    'fmt2',
    'class Any:\n    def __eq__(self, other):\n        return True\nclass Solution:\n    def countPositives(self, nums):\n        return Any()',
    'failed: Wrong Answer at line 0: <Any object> != 2',
  ],
  [
    'returns an int whose == always holds',
    'fmt2',
    'class I(int):\n    def __eq__(self, other):\n        return True\nclass Solution:\n    def countPositives(self, nums):\n        return I(0)',
    'failed: Wrong Answer',
  ],
  [
    'rewrites print, json and Decimal for whoever comes next',
    'fmt1',
    "import builtins, json, decimal, sys\nbuiltins.print = lambda *a, **k: None\njson.loads = lambda s: 2\ndecimal.Decimal = lambda s: 0\nsys.modules['math'] = None\nopen('/tmp/planted.py', 'w').write('x = 1')\nsys.path.insert(0, '/tmp')",
    'failed: Wrong Answer',
  ],
  ['ends the interpreter', 'fmt1', 'import os\nos._exit(0)', 'failed: Runtime Error: ProcessExit'],
  [
    'swallows the time limit',
    'fmt1',
    'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass',
    'timed out',
  ],
  ['floods the output', 'fmt1', "while True:\n    print('x' * 1000)", 'timed out'],
];

// A program stopped by its time limit, or once judged, unwinds and its interpreter is put back
// for the next one: what it changes on its way out must not reach that next program.
const UNWINDING: [string, string, string][] = [
  [
    'poisons the interpreter as its time limit unwinds it',
    "import builtins, sys\ntry:\n    while True:\n        pass\nfinally:\n    builtins.print = lambda *a, **k: None\n    builtins.input = lambda *a: 'c b a'\n    sys.modules['json'] = None",
    'timed out',
  ],
  [
    'is judged wrong, then poisons the interpreter as it is stopped',
    "import builtins\nw = input().split()\nif len(w) != 2:\n    print('wrong')\nelse:\n    try:\n        while True:\n            pass\n    finally:\n        builtins.print = lambda *a, **k: None",
    'failed: Wrong Answer',
  ],
  [
    'catches the interrupt and poisons the interpreter, then keeps running',
    'import builtins\nwhile True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        builtins.print = lambda *a, **k: None',
    'timed out',
  ],
];

describe('hostile contest programs', () => {
  it('an interpreter put back after a stopped program carries nothing of it to the next', async () => {
    // One sandbox: every honest program runs in the interpreter the attack before it left.
    const samples = UNWINDING.flatMap(([, code]) => [
      { task_id: 'fmt1', completion: code },
      { task_id: 'fmt1', completion: RIGHT },
      { task_id: 'fmt1', completion: WRONG },
      { task_id: 'fmt2', completion: RIGHT_CALL },
    ]);
    const r = await cli([
      'eval',
      '--problems',
      ROWS,
      '--samples',
      jsonl('unwinding.jsonl', samples),
      '--timeout',
      '2',
      '--workers',
      '1',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const rows = rowsOf(r.stdout).slice(0, -1);
    UNWINDING.forEach(([what, , want], k) => {
      const [attack, right, wrong, call] = rows.slice(4 * k, 4 * k + 4);
      expect([what, attack!.passed, String(attack!.result).slice(0, want.length)]).toEqual([what, false, want]);
      expect([what, right!.result, wrong!.passed, call!.result]).toEqual([what, 'passed', false, 'passed']);
    });
  });

  it('a program handed to a sandbox while another runs there keeps its whole time limit', async () => {
    // Each sleeps 1.2 s per test (no CPU taken): counted from when it was queued, the second
    // would run past the 2 s limit on its first test.
    const slow = "import time\ntime.sleep(1.2)\nprint(' '.join(input().split()[::-1]))";
    const samples = [slow, slow, slow].map((completion) => ({ task_id: 'fmt1', completion }));
    const r = await cli([
      'eval',
      '--problems',
      ROWS,
      '--samples',
      jsonl('queued.jsonl', samples),
      '--timeout',
      '2',
      '--workers',
      '1',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(
      rowsOf(r.stdout)
        .slice(0, -1)
        .map((row) => row.result),
    ).toEqual(['passed', 'passed', 'passed']);
  });

  it('cannot forge a verdict, read the expected outputs, bend the comparison or poison a later run', async () => {
    const samples = ATTACKS.flatMap(([, task, code]) => [
      { task_id: task, completion: code },
      { task_id: 'fmt1', completion: RIGHT },
      { task_id: 'fmt1', completion: WRONG },
      { task_id: 'fmt2', completion: RIGHT_CALL },
    ]);
    const r = await cli(['eval', '--problems', ROWS, '--samples', jsonl('hostile.jsonl', samples), '--timeout', '2']);
    expect(r.status, r.stderr).toBe(0);
    const rows = rowsOf(r.stdout).slice(0, -1);
    ATTACKS.forEach(([what, , , want], k) => {
      const [attack, right, wrong, call] = rows.slice(4 * k, 4 * k + 4);
      expect([what, attack!.passed, String(attack!.result).slice(0, want.length)]).toEqual([what, false, want]);
      expect([what, right!.result, wrong!.passed, call!.result]).toEqual([what, 'passed', false, 'passed']);
    });
  });
});
