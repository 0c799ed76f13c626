"""Feedback mode: each test kind, per-test results, actual/expected, tracebacks."""

import re
import unittest

from _support import ADD_TESTS, humaneval, mbpp, run

ADD = 'def f(a, b):\n    return a + b\n'
SUB = 'def f(a, b):\n    return a - b\n'


def names(result):
    return [(t['name'], t['passed']) for t in result['tests']]


class HumanEvalTests(unittest.TestCase):
    def test_passing_candidate(self):
        r, events = run(ADD, ADD_TESTS)
        self.assertEqual((r['status'], r['result']), ('passed', 'passed'))
        self.assertEqual(names(r), [('assert candidate(1, 2) == 3', True),
                                    ('assert candidate(2, 2) == 4', True),
                                    ('assert candidate(-1, 1) == 0', True)])
        self.assertEqual([e for e in events if e[0] == 'progress'],
                         [('progress', n) for n, _ in names(r)])

    def test_each_assert_reported_and_run_continues(self):
        r, _ = run('def f(a, b):\n    return 4 if a == 2 else a - b\n', ADD_TESTS)
        self.assertEqual(r['status'], 'failed')
        self.assertEqual([t['passed'] for t in r['tests']], [False, True, False])
        first = r['tests'][0]
        self.assertEqual((first['actual'], first['expected']), ('-1', '3'))
        self.assertEqual(first['source'], 'assert candidate(1, 2) == 3')
        self.assertEqual(r['result'], 'failed: assert candidate(1, 2) == 3 (expected 3, got -1)')

    def test_expected_on_the_left(self):
        r, _ = run(SUB, humaneval('def check(candidate):\n    assert [3] == [candidate(1, 2)]\n'))
        self.assertEqual((r['tests'][0]['actual'], r['tests'][0]['expected']), ('[-1]', '[3]'))

    def test_operands_evaluated_once(self):
        code = 'n = [0]\ndef f():\n    n[0] += 1\n    return n[0]\n'
        test = ('def check(candidate):\n    assert candidate() == 1\n    assert candidate() == 5\n'
                '    assert candidate() == 3\n    assert abs(candidate() - 4) < 0.5\n'
                '    import math\n    assert math.isclose(candidate(), 5)\n')
        r, _ = run(code, humaneval(test))
        self.assertEqual([t['passed'] for t in r['tests']], [True, False, True, True, True])
        self.assertEqual(r['tests'][1]['actual'], '2')

    def test_comparison_kinds(self):
        test = ('def check(candidate):\n'
                '    import math\n'
                '    assert candidate(1, 1) != 0\n'
                '    assert candidate(1, 1) < -5\n'
                '    assert candidate(1, 1) in [1, 2]\n'
                '    assert candidate(1, 1) is None\n'
                '    assert candidate(1, 1)\n'
                '    assert not candidate(1, 2)\n'
                '    assert math.isclose(candidate(0.5, 0.25), 0.3)\n'
                '    assert abs(candidate(1.0, 0.5) - 1.5) < 1e-6\n'
                '    assert candidate(1, 2) == 9, "custom message"\n')
        r, _ = run(SUB, humaneval(test))
        got = [(t.get('actual'), t.get('expected')) for t in r['tests']]
        self.assertEqual(got, [('0', '!= 0'), ('0', '< -5'), ('0', 'in [1, 2]'),
                               ('0', 'is None'), ('0', 'a true value'), ('-1', 'a false value'),
                               ('0.25', '0.3'), ('0.5', '1.5'), ('-1', '9')])
        self.assertIn('abs(actual - expected) = 1.0', r['tests'][7]['message'])
        self.assertEqual(r['tests'][8]['message'], 'custom message')

    def test_long_reprs_are_shortened_around_the_difference(self):
        test = ('def check(candidate):\n'
                '    assert candidate(list(range(1000)), [1]) == list(range(999)) + [7]\n')
        r, _ = run('def f(a, b):\n    return a\n', humaneval(test))
        t = r['tests'][0]
        self.assertLess(len(t['actual']), 400)
        self.assertTrue(t['actual'].startswith('\u2026') and t['actual'].endswith('998, 999]'))
        self.assertTrue(t['expected'].startswith('\u2026') and t['expected'].endswith('998, 7]'))
        test = 'def check(candidate):\n    assert candidate(1, 2) == list(range(1000))\n'
        r, _ = run('def f(a, b):\n    return list(range(1, 1000))\n', humaneval(test))
        t = r['tests'][0]
        self.assertTrue(t['actual'].startswith('[1, 2, 3'))
        self.assertTrue(t['expected'].startswith('[0, 1, 2'))
        self.assertTrue(t['expected'].endswith('more chars]'))
        self.assertLess(len(t['expected']), 330)

    def test_setup_statements_and_loops(self):
        test = ('def check(candidate):\n'
                '    import random\n'
                '    xs = [1, 2, 3]\n'
                '    for x in xs:\n'
                '        assert candidate(x, 0) == x\n'
                '    for a, b in [(1, 1), (2, 3), (5, 5)]:\n'
                '        assert candidate(a, b) == 0\n'
                '    assert True, "not a test"\n')
        r, _ = run('def f(a, b):\n    return a - b if a < 4 else 1\n', humaneval(test))
        self.assertEqual(names(r), [
            ('for x in xs: assert candidate(x, 0) == x', True),
            ('assert candidate(a, b) == 0 [a=1, b=1]', True),
            ('assert candidate(a, b) == 0 [a=2, b=3]', False),
            ('assert candidate(a, b) == 0 [a=5, b=5]', False)])

    def test_failing_loop_names_the_iteration(self):
        test = 'def check(candidate):\n    for x in range(5):\n        assert candidate(x, 0) == x\n'
        r, _ = run('def f(a, b):\n    return 0 if a == 3 else a\n', humaneval(test))
        self.assertIn('(with x=3)', r['tests'][0]['message'])

    def test_candidate_exception_inside_a_test(self):
        code = 'def f(a, b):\n    if a == 2:\n        raise ValueError("x")\n    return a + b\n'
        r, _ = run(code, ADD_TESTS)
        self.assertEqual(r['status'], 'failed')
        self.assertEqual(r['result'], 'failed: x')
        self.assertEqual([t['passed'] for t in r['tests']], [True, False, True])
        self.assertEqual(r['tests'][1]['message'], 'ValueError: x (<candidate> line 3)')
        exc = r['exception']
        self.assertEqual((exc['type'], exc['message'], exc['line']), ('ValueError', 'x', 3))
        self.assertEqual(exc['traceback'], 'Traceback (most recent call last):\n'
                         '  File "<tests>", line 3, in check\n'
                         '    assert candidate(2, 2) == 4\n'
                         '  File "<candidate>", line 3, in f\n'
                         '    raise ValueError("x")\n'
                         'ValueError: x')

    def test_candidate_fails_at_import(self):
        r, _ = run('import no_such_module_fx\n' + ADD, ADD_TESTS)
        self.assertEqual(r['status'], 'error')
        self.assertEqual(r['tests'], [])
        self.assertEqual(r['exception']['type'], 'ModuleNotFoundError')
        self.assertEqual(r['exception']['line'], 1)
        self.assertNotIn('frozen', r['exception']['traceback'])
        self.assertNotIn('fixpoint', r['exception']['traceback'])

    def test_syntax_error(self):
        r, _ = run('def f(a, b):\n    return (a +\n\ndef g(:\n', ADD_TESTS)
        self.assertEqual(r['status'], 'error')
        exc = r['exception']
        self.assertTrue(exc['syntax'])
        self.assertEqual(exc['type'], 'SyntaxError')
        self.assertIn('File "<candidate>", line', exc['traceback'])
        self.assertIn('^', exc['traceback'])
        self.assertTrue(r['result'].startswith('failed: '))

    def test_indentation_error(self):
        r, _ = run('def f(a, b):\nreturn a\n', ADD_TESTS)
        exc = r['exception']
        self.assertEqual((exc['type'], exc['syntax'], exc['line']), ('IndentationError', True, 2))
        self.assertIn('return a', exc['traceback'])

    def test_missing_entry_point(self):
        r, _ = run('def g(a, b):\n    return a + b\n', ADD_TESTS)
        self.assertEqual(r['status'], 'failed')
        self.assertEqual(r['result'], "failed: name 'f' is not defined")
        self.assertEqual(names(r), [('check(f)', False)])

    def test_error_in_check_setup_statement(self):
        test = 'def check(candidate):\n    x = candidate(1, 0)\n    assert x == 1\n'
        r, _ = run('def f(a, b):\n    return a / b\n', humaneval(test))
        self.assertEqual(names(r), [('x = candidate(1, 0)', False), ('assert x == 1', False)])
        self.assertEqual(r['result'], 'failed: division by zero')
        self.assertIn('not run', r['tests'][1]['message'])


class MbppTests(unittest.TestCase):
    def test_each_assert_is_a_test(self):
        spec = mbpp(['assert f(1, 2) == 3', 'assert f(2, 2) == 5', 'assert f(0, 0) == Z'],
                    setup='Z = 0')
        r, _ = run(ADD, spec)
        self.assertEqual(names(r), [('assert f(1, 2) == 3', True), ('assert f(2, 2) == 5', False),
                                    ('assert f(0, 0) == Z', True)])
        self.assertEqual((r['tests'][1]['actual'], r['tests'][1]['expected']), ('4', '5'))

    def test_syntax_error_in_an_assert_points_at_its_line(self):
        r, _ = run(ADD, mbpp(['assert f(1, 2) == 3', 'assert f(', 'assert f(1, 1) == 2'],
                             setup='import math'))
        self.assertEqual([t['passed'] for t in r['tests']], [True, False, True])
        self.assertIn('line 3', r['exception']['traceback'])
        self.assertNotIn('syntax', r['exception'])

    def test_traceback_lines_in_tests(self):
        r, _ = run('def f(a, b):\n    return a // b\n', mbpp(['assert f(1, 1) == 1',
                                                               'assert f(1, 0) == 0'], 'X = 1'))
        self.assertIn('File "<tests>", line 3, in <module>', r['exception']['traceback'])
        self.assertIn('File "<candidate>", line 2, in f', r['exception']['traceback'])


PROMPT = 'def f(a):\n    """The first of a pair."""\n'  # two lines, as HumanEval prompts end
PAIR_TESTS = humaneval('def check(candidate):\n'
                       '    assert candidate((1, 2)) == 1\n'
                       '    assert candidate(5) == 5\n'
                       '    assert candidate((1, 2, 3)) == 1\n')
WHOLE = 'def f(a):\n    x = 1\n    p, q = a\n    return p\n'  # a reply that rewrites the function
BODY = '    x = 1\n    p, q = a\n    return p\n'  # a reply that is the body only


class LineNumbers(unittest.TestCase):
    """Every number reported for one error names the same line of the program that ran (the
    loop turns that one number into a line of the model's code)."""

    def assert_one_line(self, program, line, mode=None):
        r, _ = run(program, PAIR_TESTS, mode)
        exc = r['exception']
        self.assertEqual(exc['line'], line)
        frames = re.findall(r'File "<candidate>", line (\d+)', exc['traceback'])
        self.assertEqual(int(frames[-1]), line)
        return r

    def test_exception_inside_a_test_in_both_shapes(self):
        for code, line in ((WHOLE, 5), (BODY, 4)):
            program = PROMPT + code
            self.assertEqual(program.split('\n')[line - 1].strip(), 'p, q = a')
            r = self.assert_one_line(program, line)
            self.assertEqual([t['passed'] for t in r['tests']], [True, False, False])
            for t in r['tests'][1:]:
                self.assertTrue(t['message'].endswith('(<candidate> line %d)' % line), t['message'])
            self.assertNotIn('<candidate>', r['result'])

    def test_syntax_error_in_both_shapes_and_modes(self):
        for code, line in (('def f(a)\n    return a\n', 3), ('    x = 1\n    if x\n        return a\n', 4)):
            for mode in (None, 'reference'):
                r, _ = run(PROMPT + code, PAIR_TESTS, mode)
                exc = r['exception']
                self.assertEqual((exc['syntax'], exc['line']), (True, line))
                self.assertTrue(exc['message'].endswith('(<candidate>, line %d)' % line), exc['message'])
                self.assertIn('File "<candidate>", line %d\n' % line, exc['traceback'])

    def test_exception_at_import_in_both_modes(self):
        for mode in (None, 'reference'):
            self.assert_one_line(PROMPT + 'def f(a):\n    return a\n\nf(7)[0]\n', 6, mode)

    def test_failing_assert_names_the_test_not_a_line(self):
        r, _ = run(PROMPT + '    return 0\n', PAIR_TESTS)
        self.assertEqual([t['passed'] for t in r['tests']], [False, False, False])
        self.assertEqual((r['tests'][0]['actual'], r['tests'][0]['expected']), ('0', '1'))
        self.assertNotIn('exception', r)
        self.assertNotIn('line', r['result'])


class NoTestsKind(unittest.TestCase):
    def test_runs_as_main(self):
        r, _ = run('if __name__ == "__main__":\n    print("main")\n')
        self.assertEqual((r['status'], r['result'], r['stdout']), ('passed', 'passed', 'main\n'))

    def test_exception_is_an_error(self):
        r, _ = run('print("a")\nraise RuntimeError("boom")\n')
        self.assertEqual((r['status'], r['result']), ('error', 'failed: boom'))
        self.assertEqual(r['exception']['line'], 2)
        self.assertEqual(r['stdout'], 'a\n')


if __name__ == '__main__':
    unittest.main()
