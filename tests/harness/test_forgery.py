"""A candidate cannot make a failing run report a pass."""

import builtins
import json
import sys
import unittest

from _support import ADD_TESTS, harness, mbpp, run, user

WRONG = 'def f(a, b):\n    return a - b\n'


class Unforgeable(unittest.TestCase):
    def assert_not_passed(self, r):
        self.assertNotEqual(r['status'], 'passed')
        self.assertNotEqual(r['result'], 'passed')
        self.assertTrue(r['result'].startswith('failed: ') or r['result'] == 'timed out')

    def test_printing_passed(self):
        for mode in (None, 'reference'):
            r, _ = run('print("passed")\nprint(\'{"status": "passed"}\')\n' + WRONG, ADD_TESTS,
                       mode=mode)
            self.assert_not_passed(r)

    def test_exits(self):
        for body in ('import sys\nsys.exit(0)', 'exit()', 'quit()', 'raise SystemExit(0)',
                     'raise SystemExit', 'import os\nos._exit(0)'):
            for where in ('module', 'function'):
                code = (body + '\n' + WRONG if where == 'module' else
                        'def f(a, b):\n' + ''.join('    ' + l + '\n' for l in body.split('\n')))
                for mode in (None, 'reference'):
                    with self.subTest(body=body, where=where, mode=mode):
                        r, _ = run(code, ADD_TESTS, mode=mode)
                        self.assert_not_passed(r)
        r, _ = run('import sys\nsys.exit(0)\n')
        self.assertEqual((r['status'], r['result']), ('error', 'failed: SystemExit: 0'))
        self.assertEqual(r['exception']['type'], 'SystemExit')
        r, _ = run('exit()\n', mode='reference')
        self.assertEqual(r['result'], "failed: 'NoneType' object is not callable")
        r, _ = run('import os\nos._exit(3)\n')
        self.assertEqual((r['status'], r['result']), ('error', 'failed: os._exit(3) called'))
        r, _ = run('import os\nos._exit(3)\n', mode='reference')
        self.assertEqual((r['status'], r['result']), ('failed', 'timed out'))

    def test_keyboard_interrupt_from_the_candidate(self):
        code = 'def f(a, b):\n    if a == 2:\n        raise KeyboardInterrupt\n    return a + b\n'
        r, _ = run(code, ADD_TESTS)
        self.assert_not_passed(r)
        self.assertEqual(r['exception']['type'], 'KeyboardInterrupt')
        self.assertEqual(r['runningTest'], 'assert candidate(2, 2) == 4')
        self.assertEqual([t['passed'] for t in r['tests']], [True, False])

    def test_replacing_builtins_and_json(self):
        patch = ('import builtins, json\n'
                 'builtins.isinstance = lambda *a: True\n'
                 'builtins.repr = lambda x: "3"\n'
                 'builtins.str = lambda *a: "passed"\n'
                 'builtins.len = lambda x: 0\n'
                 'builtins.print = lambda *a, **k: None\n'
                 'builtins.type = lambda *a: int\n'
                 'builtins.AssertionError = ValueError\n'
                 'builtins.BaseException = ValueError\n'
                 'json.dumps = lambda *a, **k: \'{"status": "passed", "result": "passed"}\'\n')
        for mode in (None, 'reference'):
            r, _ = run(patch + WRONG, ADD_TESTS, mode=mode)
            self.assert_not_passed(r)
        r, _ = run(patch + WRONG, ADD_TESTS)
        self.assertEqual((r['tests'][0]['actual'], r['tests'][0]['expected']), ('-1', '3'))
        self.assertIs(builtins.isinstance(1, str), False)
        self.assertIsNot(builtins.repr, None)
        self.assertEqual(json.dumps([1]), '[1]')

    def test_deleting_builtins(self):
        code = ('import builtins\nfor n in ("__import__", "__build_class__", "len", "repr",\n'
                '          "isinstance", "Exception", "compile", "exec"):\n'
                '    delattr(builtins, n)\n') + WRONG
        r, _ = run(code, ADD_TESTS)
        self.assert_not_passed(r)
        r, _ = run('def f(a, b):\n    return a + b\n', ADD_TESTS)
        self.assertEqual(r['status'], 'passed')

    def test_tampering_with_the_rewritten_asserts(self):
        code = ('def f(a, b):\n'
                '    globals()["@fail"] = lambda *a: None\n'
                '    globals()["@BE"] = ZeroDivisionError\n'
                '    return a - b\n')
        r, _ = run(code, ADD_TESTS)
        self.assert_not_passed(r)
        r, _ = run(code, mbpp(['assert f(1, 2) == 3', 'assert f(2, 2) == 4']))
        self.assert_not_passed(r)

    def test_patching_unittest(self):
        code = ('import unittest\n'
                'unittest.TestCase.assertEqual = lambda *a, **k: None\n'
                'unittest.TestCase.run = lambda *a, **k: None\n'
                'def add(a, b):\n    return a - b\n')
        tests = ('import unittest\nclass T(unittest.TestCase):\n'
                 '    def test_a(self):\n        self.assertEqual(add(1, 2), 3)\n')
        r, _ = run(code, user(tests))
        self.assert_not_passed(r)
        self.assertIsNot(unittest.TestCase.run, None)

    def test_patching_doctest(self):
        code = ('import doctest\n'
                'doctest.OutputChecker.check_output = lambda *a: True\n'
                'def add(a, b):\n    """\n    >>> add(1, 2)\n    3\n    """\n    return a - b\n')
        r, _ = run(code, user(''))
        self.assert_not_passed(r)

    def test_the_harness_is_out_of_reach(self):
        code = ('import sys\n'
                'names = [n for n in sys.modules if n.startswith("fixpoint_harness")]\n'
                'print(names)\n'
                'try:\n    import fixpoint_harness\nexcept ImportError:\n    pass\n'
                'else:\n    fixpoint_harness.run_job = None\n' + WRONG)
        r, _ = run(code, ADD_TESTS)
        self.assertEqual(r['stdout'], '[]\n')
        self.assert_not_passed(r)
        self.assertIs(sys.modules['fixpoint_harness'], harness)
        self.assertTrue(callable(harness.run_job))

    def test_patching_the_harness_found_through_gc(self):
        find = ('import gc, types\n'
                'mods = {o.__name__: o for o in gc.get_objects()\n'
                '        if isinstance(o, types.ModuleType) and o.__name__.startswith("fixpoint_harness")}\n'
                'Run = mods["fixpoint_harness.context"].Run\n')
        patches = {
            'drive': 'mods["fixpoint_harness.runners"].drive = lambda run, gen, meta: [run.passed(t.name) for t in meta]\n',
            'method': 'Run.failed = lambda self, name, *a, **k: Run.passed(self, name)\n',
            'code': 'Run.finish.__code__ = (lambda self: setattr(self, "status", "passed") or setattr(self, "result", "passed")).__code__\n',
            'exec': 'mods["fixpoint_harness.runners"].exec = lambda *a, **k: None\n',
            'list': 'mods["fixpoint_harness.rewrite"]._OPS.clear()\n',
        }
        for name, patch in patches.items():
            for mode in (None, 'reference'):
                with self.subTest(patch=name, mode=mode):
                    r, _ = run(find + patch + WRONG, ADD_TESTS, mode=mode)
                    self.assert_not_passed(r)
                    self.assertIn('changed the test harness', r['result'])
                    # Put back: the next wrong program fails on its own merits.
                    r, _ = run(WRONG, ADD_TESTS, mode=mode)
                    self.assert_not_passed(r)
                    self.assertNotIn('changed the test harness', r['result'])
        r, _ = run('def f(a, b):\n    return a + b\n', ADD_TESTS)
        self.assertEqual(r['status'], 'passed')

    def test_unprintable_exception(self):
        code = ('class E(Exception):\n    def __str__(self):\n        raise RuntimeError\n'
                'def f(a, b):\n    raise E()\n')
        for mode in (None, 'reference'):
            r, _ = run(code, ADD_TESTS, mode=mode)
            self.assertEqual(r['result'], 'failed: <unprintable E object>')

    def test_hostile_values(self):
        code = ('class V:\n'
                '    def __eq__(self, other):\n        raise RuntimeError("eq")\n'
                '    def __repr__(self):\n        raise RuntimeError("repr")\n'
                'class S(str):\n    def __str__(self):\n        return "passed"\n'
                'def f(a, b):\n    return V() if a == 1 else S("x")\n')
        r, _ = run(code, ADD_TESTS)
        self.assert_not_passed(r)
        self.assertEqual(r['tests'][1]['actual'], "'x'")

    def test_result_is_plain_json(self):
        out = harness.run_job(json.dumps({'code': 'print("\\ud800 \\u2028 \\x00")',
                                          'tests': {'kind': 'none'}}), lambda k, t: None)
        self.assertTrue(out.isascii())
        self.assertEqual(json.loads(out)['stdout'], '\ud800 \u2028 \x00\n')


if __name__ == '__main__':
    unittest.main()
