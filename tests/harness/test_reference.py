"""Reference mode gives exactly the reference harness's result text.

The same candidates go through tests/fixtures/reference_execution.py (the reference's
check_correctness: a process per candidate, reliability_guard, swallow_io) and through
run_job in reference mode, and the texts are compared one by one.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

from _support import FIXTURE, HUMANEVAL, humaneval, mbpp, read_jsonl_gz, run

ADD = {
    'task_id': 'Fx/add', 'entry_point': 'add',
    'prompt': 'def add(a, b):\n    """Adds two numbers."""\n',
    'test': 'def check(candidate):\n    assert candidate(1, 2) == 3\n    assert candidate(2, 2) == 4\n',
}
SQUARE = {
    'task_id': 'Fx/sq', 'text': 'square', 'code': '', 'test_setup_code': 'import math',
    'test_list': ['assert sq(2) == 4', 'assert sq(3) == 9'], 'challenge_test_list': [],
}

# (task, completion, the reference's text where it is known in advance)
CASES = [
    ('Fx/add', '    return a + b\n', 'passed'),
    ('Fx/add', '    return a - b\n', 'failed: '),
    ('Fx/add', '    raise ValueError("x")\n', 'failed: x'),
    ('Fx/add', '    assert False\n', 'failed: '),
    ('Fx/add', '    import sys\n    sys.exit(0)\n', 'failed: 0'),
    ('Fx/add', '    exit()\n', "failed: 'NoneType' object is not callable"),
    ('Fx/add', '    quit(0)\n', "failed: 'NoneType' object is not callable"),
    ('Fx/add', '    raise SystemExit\n', 'failed: '),
    ('Fx/add', '    raise SystemExit("bye")\n', 'failed: bye'),
    ('Fx/add', '    raise KeyboardInterrupt\n', 'failed: '),
    ('Fx/add', '    print("passed")\n    return 0\n', 'failed: '),
    ('Fx/add', '    return int(input())\n', 'failed: '),
    ('Fx/add', '    import sys\n    return int(sys.stdin.read())\n', 'failed: '),
    ('Fx/add', '    return a +\n', None),
    ('Fx/add', 'return a + b\n', None),
    ('Fx/add', '    import os\n    os.getcwd()\n    return a + b\n', None),
    ('Fx/add', '    import os\n    os.environ["X"] = "1"\n    return a + b\n', None),
    ('Fx/add', '    import resource\n    return a + b\n', None),
    ('Fx/add', '    import sys\n    sys.stdout.buffer.write(b"x")\n    return a + b\n', None),
    ('Fx/add', '    help()\n', None),
    ('Fx/add', '    import shutil\n    shutil.rmtree("nowhere")\n', None),
    ('Fx/add', '    import subprocess\n    subprocess.run(["true"])\n', None),
    ('Fx/add', '    return a + b if __name__ == "builtins" else 0\n', 'passed'),
    ('Fx/add', '    return a + b\nprint(undefined_name)\n', None),
    ('Fx/add', '    def r(n):\n        return r(n + 1)\n    return r(0)\n', None),
    ('Fx/add', '    import os\n    os._exit(0)\n', 'timed out'),
    ('Fx/add', '    class E(Exception):\n        def __str__(self):\n            return "custom"\n'
               '    raise E()\n', 'failed: custom'),
    ('Fx/add', '    import sys\n    print("noise", file=sys.stderr)\n    return a + b\n', 'passed'),
    ('Fx/add', '    """unterminated\n', None),
    ('Fx/sq', 'def sq(x):\n    return x * x\n', 'passed'),
    ('Fx/sq', 'def sq(x):\n    return int(math.pow(x, 2))\n', 'passed'),
    ('Fx/sq', 'def sq(x):\n    return x + x\n', 'failed: '),
    ('Fx/sq', 'def square(x):\n    return x * x\n', "failed: name 'sq' is not defined"),
]


def harness_result(problem, completion):
    if 'test_list' in problem:
        tests = mbpp(problem['test_list'], problem['test_setup_code'])
        code = completion
    else:
        tests = humaneval(problem['test'], problem['entry_point'])
        code = problem['prompt'] + completion
    r, _ = run(code, tests, mode='reference')
    return r


def reference_results(problems, samples):
    with tempfile.TemporaryDirectory() as tmp:
        p, s = os.path.join(tmp, 'problems.jsonl'), os.path.join(tmp, 'samples.jsonl')
        with open(p, 'w') as f:
            f.writelines(json.dumps(x) + '\n' for x in problems)
        with open(s, 'w') as f:
            f.writelines(json.dumps(x) + '\n' for x in samples)
        out = subprocess.run([sys.executable, FIXTURE, '--problems', p, '--samples', s,
                              '--timeout', '3', '--workers', '4'],
                             capture_output=True, text=True, timeout=300, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


@unittest.skipIf(sys.platform == 'emscripten', 'needs processes')
class ReferenceParity(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.problems = {p['task_id']: p for p in (ADD, SQUARE)}
        real = read_jsonl_gz(HUMANEVAL)[:12] if os.path.exists(HUMANEVAL) else []
        cls.cases = list(CASES)
        for p in real:
            cls.problems[p['task_id']] = p
            cls.cases += [(p['task_id'], p['canonical_solution'], 'passed'),
                          (p['task_id'], '    return None\n', None),
                          (p['task_id'], '    pass\n', None)]
        samples = [{'task_id': t, 'completion': c} for t, c, _ in cls.cases]
        cls.reference = reference_results(list(cls.problems.values()), samples)

    def test_same_text_as_the_reference(self):
        self.assertEqual(len(self.reference), len(self.cases))
        for (task, completion, pinned), ref in zip(self.cases, self.reference):
            with self.subTest(task=task, completion=completion):
                ours = harness_result(self.problems[task], completion)
                self.assertEqual(ours['result'], ref['result'])
                self.assertEqual(ours['status'] == 'passed', ref['passed'])
                if pinned is not None:
                    self.assertEqual(ref['result'], pinned)

    def test_reference_mode_reports_the_exception(self):
        r = harness_result(ADD, '    raise ValueError("x")\n')
        self.assertEqual((r['status'], r['exception']['type']), ('failed', 'ValueError'))
        self.assertEqual(r['exception']['line'], 3)
        self.assertIn('File "<tests>", line 2, in check', r['exception']['traceback'])
        self.assertIn('File "<tests>", line 5, in <module>\n    check(add)',
                      r['exception']['traceback'])
        r = harness_result(ADD, '    return a +\n')
        self.assertEqual((r['status'], r['exception']['syntax'], r['exception']['line']),
                         ('error', True, 3))
        self.assertIn('File "<candidate>", line 3', r['exception']['traceback'])
        r = harness_result(ADD, '    raise KeyboardInterrupt\n')
        self.assertEqual(r['exception']['type'], 'KeyboardInterrupt')
        r = harness_result(ADD, '    print("hello")\n    return a + b\n')
        self.assertEqual((r['result'], r['stdout']), ('passed', 'hello\nhello\n'))


if __name__ == '__main__':
    unittest.main()
