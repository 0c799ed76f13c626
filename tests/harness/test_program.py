"""Contest programs (program.py) under native CPython: what LiveCodeBench's judge does to a
program, event by event. Each case runs in a child process, since a program run arms an audit
hook for the rest of its interpreter's life (the worker puts the interpreter back after it)."""

import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_CHILD = '''
import json, sys
sys.path.insert(0, %r)
from _support import harness
events = []
job = json.loads(sys.stdin.read())
harness.run_job(json.dumps(job), lambda kind, text, *a: events.append(text) if kind == 'verdict' else None)
print(json.dumps([json.loads(e) for e in events]))
''' % HERE


def run(code, inputs, fn=''):
    job = {'language': 'python', 'code': code, 'limits': {'timeoutSec': 6, 'outputCap': 65536},
           'tests': {'kind': 'program', 'inputs': inputs, 'funcName': fn}}
    out = subprocess.run([sys.executable, '-c', _CHILD], input=json.dumps(job), capture_output=True,
                         text=True, timeout=60, env={**os.environ, 'PYTHONDONTWRITEBYTECODE': '1'})
    if out.returncode != 0:
        raise AssertionError(out.stderr[-2000:])
    return [e for e in json.loads(out.stdout) if e['e'] != 'begin']


@unittest.skipIf(sys.platform == 'emscripten', 'needs processes')
class ProgramTests(unittest.TestCase):
    def outs(self, code, inputs):
        return [e.get('out', e.get('error')) for e in run(code, inputs) if e['e'] == 'test']

    def test_stdin_as_the_judge_mocks_it(self):
        self.assertEqual(self.outs('import sys\nprint(repr(sys.stdin.readline()))', ['a\nb\n']), ["'a\\n'\n"])
        self.assertEqual(self.outs('import sys\nprint(sys.stdin.readlines())', ['a\nb\n']), ["['a', 'b', '']\n"])
        self.assertEqual(self.outs('from sys import stdin\nprint(repr(stdin.readline()))', ['a\nb\n']), ["'a'\n"])
        self.assertEqual(self.outs('import sys\nprint(sys.stdin.buffer.read())', ['x\n']), ["b'x\\n'\n"])
        self.assertEqual(self.outs('print(repr(open(0).read()))', ['x\n']), ["''\n"])
        err = self.outs('import sys\nfor l in sys.stdin: pass', ['x'])[0]
        self.assertEqual(err['message'], "'MockStdinWithBuffer' object is not iterable")

    def test_the_prelude_and_the_wrapped_function(self):
        self.assertEqual(self.outs('print(gcd(12, 18), sqrt(4), Counter("aab")["a"])', ['']), ['6 2.0 2\n'])
        err = self.outs('n = 1\ndef f():\n    global n\n    return n\nprint(f())', [''])[0]
        self.assertEqual(err['type'], 'NameError')
        self.assertEqual(self.outs("if __name__ == '__main__':\n    print(1)", ['']), ['1\n'])

    def test_exits(self):
        self.assertEqual(self.outs('print(1)\nexit()\nprint(2)', ['']), ['1\n'])
        self.assertEqual(self.outs('import sys\nprint(1)\nsys.exit(3)', ['']), ['1\n'])
        self.assertEqual(self.outs('quit()', [''])[0]['message'], "'NoneType' object is not callable")

    def test_uncaptured_stdout_and_compile_errors(self):
        events = run('from sys import stdout\nstdout.write("x")', [''])
        self.assertEqual(events[0]['out'], '')
        self.assertEqual(events[-1]['stdout'], 'x')
        self.assertEqual(run('def f(:', [''])[0]['e'], 'compile')

    def test_calls_on_solution(self):
        code = 'class Solution:\n    def f(self, a, b):\n        return (a + b, {"k": [True, None, 1.5]})'
        events = run(code, ['1\n2', '"x"\n"y"'], 'f')
        self.assertEqual([e['value'] for e in events[:2]], [
            [{'i': '3'}, {'d': [['k', [{'b': True}, None, {'f': '1.5'}]]]}],
            ['xy', {'d': [['k', [{'b': True}, None, {'f': '1.5'}]]]}]])
        self.assertEqual(events[0]['text'], "[3, {'k': [True, None, 1.5]}]")
        odd = run('class Solution:\n    def f(self, x):\n        return {1, x}', ['2'], 'f')[0]
        self.assertTrue(odd['odd'])
        self.assertEqual(run('class Solution:\n    pass', [''], 'f')[0]['e'], 'compile')

    def test_the_judge_cannot_be_inspected(self):
        for code in ('import sys\nsys._getframe(1)', 'import gc\ngc.get_objects()',
                     'import sys\nsys.settrace(None)', 'import ctypes\nprint(1)'):
            self.assertIn('not allowed while judging', json.dumps(run(code, [''])), code)
        self.assertEqual(self.outs('import gc\ngc.disable()\nprint(1)', ['']), ['1\n'])


if __name__ == '__main__':
    unittest.main()
