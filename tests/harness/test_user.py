"""Plain user tests: asserts, test_* functions, TestCase classes, doctests."""

import unittest

from _support import run, user

ADD = '''
def add(a, b):
    """Adds.

    >>> add(1, 2)
    3
    >>> add(2, 2)
    5
    >>> x = 3
    >>> add(x, 1)
    4
    >>> add('a', 1)
    Traceback (most recent call last):
    TypeError: can only concatenate str (not "int") to str
    """
    return a + b


def test_in_candidate_is_not_run():
    assert False
'''

TESTS = '''
import unittest
assert add(1, 1) == 2
assert add(1, 1) == 3
for a, b in [(1, 2), (3, 4)]:
    assert add(a, b) == 3

def test_ok():
    assert add(2, 3) == 5

def test_bad():
    assert add(2, 3) == 6, "sum is off"

class T(unittest.TestCase):
    def setUp(self):
        self.base = 1
    def test_eq(self):
        self.assertEqual(add(self.base, 2), 4)
    def test_true(self):
        self.assertTrue(add(0, 0))
    def test_raises(self):
        with self.assertRaises(TypeError):
            add(1, None)
    @unittest.skip("later")
    def test_skip(self):
        pass
    @unittest.expectedFailure
    def test_xf(self):
        self.assertEqual(1, 2)

class TestPlain:
    def test_one(self):
        assert add(0, 0) == 0

def helper():
    """
    >>> add(10, 10)
    20
    """
'''


class UserTests(unittest.TestCase):
    def test_every_kind_of_test(self):
        r, events = run(ADD, user(TESTS))
        got = {t['name']: t for t in r['tests']}
        expect = {
            'assert add(1, 1) == 2': True, 'assert add(1, 1) == 3': False,
            'for a, b in [(1, 2), (3, 4)]: assert add(a, b) == 3': False,
            'test_ok': True, 'test_bad': False, 'T.test_eq': False, 'T.test_true': False,
            'T.test_raises': True, 'T.test_skip': True, 'T.test_xf': True,
            'TestPlain.test_one': True, '>>> add(1, 2)': True, '>>> add(2, 2)': False,
            '>>> add(x, 1)': True, ">>> add('a', 1)": True, '>>> add(10, 10)': True,
        }
        self.assertEqual({n: t['passed'] for n, t in got.items()}, expect)
        self.assertEqual(r['status'], 'failed')
        self.assertEqual(r['result'], 'failed: assert add(1, 1) == 3 (expected 3, got 2)')
        self.assertEqual((got['T.test_eq']['actual'], got['T.test_eq']['expected']), ('3', '4'))
        self.assertEqual(got['T.test_true']['actual'], '0')
        self.assertEqual(got['test_bad']['message'], 'sum is off')
        loop = got['for a, b in [(1, 2), (3, 4)]: assert add(a, b) == 3']
        self.assertEqual((loop['actual'], loop['expected']), ('7', '3'))
        self.assertIn('a=3, b=4', loop['message'])
        doc = got['>>> add(2, 2)']
        self.assertEqual((doc['actual'], doc['expected']), ('4', '5'))
        self.assertEqual(got['T.test_skip']['message'], 'skipped: later')
        progress = [t for k, t in events if k == 'progress']
        self.assertIn('T.test_eq', progress)

    def test_all_passing(self):
        r, _ = run('def add(a, b):\n    return a + b\n', user('assert add(1, 2) == 3\n'))
        self.assertEqual((r['status'], r['result']), ('passed', 'passed'))

    def test_no_tests_is_not_a_pass(self):
        r, _ = run('def add(a, b):\n    return a + b\n', user('x = 1\n'))
        self.assertEqual((r['status'], r['result']), ('failed', 'failed: no tests ran'))

    def test_doctest_transcript_as_test_source(self):
        r, _ = run('def add(a, b):\n    return a + b\n',
                   user('>>> add(1, 2)\n3\n>>> add(1, 1)\n3\n'))
        self.assertEqual([t['passed'] for t in r['tests']], [True, False])

    def test_failing_setup_statement(self):
        r, _ = run('def add(a, b):\n    return a + b\n',
                   user('x = add(1)\nassert x == 1\n'))
        self.assertEqual(r['status'], 'failed')
        self.assertEqual(r['tests'][0]['name'], 'x = add(1)')
        self.assertIn('TypeError', r['tests'][0]['message'])

    def test_candidate_main_block_does_not_run(self):
        code = 'def add(a, b):\n    return a + b\nif __name__ == "__main__":\n    input()\n'
        r, _ = run(code, user('assert add(1, 2) == 3\n'))
        self.assertEqual(r['status'], 'passed')

    def test_unittest_main_in_tests_does_not_run(self):
        tests = ('import unittest\nclass T(unittest.TestCase):\n    def test_a(self):\n'
                 '        self.assertEqual(add(1, 2), 3)\n'
                 'if __name__ == "__main__":\n    unittest.main()\n')
        r, _ = run('def add(a, b):\n    return a + b\n', user(tests))
        self.assertEqual((r['status'], [t['name'] for t in r['tests']]), ('passed', ['T.test_a']))

    def test_subtests_skipped_classes_and_own_run(self):
        tests = ('import unittest\n'
                 'class Sub(unittest.TestCase):\n'
                 '    def test_each(self):\n'
                 '        for i in range(3):\n'
                 '            with self.subTest(i=i):\n'
                 '                self.assertIn(add(i, 0), [0, 1])\n'
                 '@unittest.skip("not now")\n'
                 'class Skipped(unittest.TestCase):\n'
                 '    def test_x(self):\n        self.fail()\n'
                 'class OwnRun(unittest.TestCase):\n'
                 '    def run(self, result=None):\n'
                 '        return super().run(result)\n'
                 '    def test_ok(self):\n        self.assertEqual(add(1, 1), 2)\n'
                 '    def test_bad(self):\n        self.assertEqual(add(1, 1), 3)\n')
        r, _ = run('def add(a, b):\n    return a + b\n', user(tests))
        got = {t['name']: t for t in r['tests']}
        self.assertEqual(got['Sub.test_each']['passed'], False)
        self.assertEqual((got['Sub.test_each']['actual'], got['Sub.test_each']['expected']),
                         ('2', 'in [0, 1]'))
        self.assertEqual((got['Skipped.test_x']['passed'], got['Skipped.test_x']['message']),
                         (True, 'skipped: not now'))
        self.assertEqual((got['OwnRun.test_ok']['passed'], got['OwnRun.test_bad']['passed']),
                         (True, False))
        self.assertEqual((got['OwnRun.test_bad']['actual'], got['OwnRun.test_bad']['expected']),
                         ('2', '3'))

    def test_class_level_fixtures_and_pickle(self):
        tests = ('import unittest, pickle\nclass T(unittest.TestCase):\n'
                 '    @classmethod\n    def setUpClass(cls):\n        cls.p = Point(1, 2)\n'
                 '    def test_pickle(self):\n'
                 '        self.assertEqual(pickle.loads(pickle.dumps(self.p)), self.p)\n')
        code = ('import dataclasses\n@dataclasses.dataclass\nclass Point:\n'
                '    x: int\n    y: int\n')
        r, _ = run(code, user(tests))
        self.assertEqual(r['status'], 'passed', r)


if __name__ == '__main__':
    unittest.main()
