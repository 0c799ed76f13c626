"""Trace mode: the first failing test again, line by line with its locals, bounded, and never a
different verdict."""

import json
import unittest

from _support import harness, humaneval, job, mbpp, user

SUM = ('def f(n):\n'
       '    total = 0\n'
       '    for i in range(n):\n'
       '        total += i\n'
       '    return total + 1\n')
SUM_TESTS = humaneval('def check(candidate):\n'
                      '    assert candidate(0) == 1\n'
                      '    assert candidate(100) == 4950\n'
                      '    assert candidate(3) == 3\n')


def run(code, tests, trace=True, timeout=3):
    j = job(code, tests)
    j['limits']['timeoutSec'] = timeout
    if trace:
        j['trace'] = True
    events = []
    out = harness.run_job(json.dumps(j), lambda kind, text, cut=False: events.append((kind, text)))
    return json.loads(out), events


def without_trace(r):
    return {k: v for k, v in r.items() if k != 'trace'}


def lines(trace):
    return [(s['event'], s['line']) for s in trace['steps']]


class TraceTests(unittest.TestCase):
    def test_first_failing_test_is_traced_with_its_locals(self):
        r, _ = run(SUM, SUM_TESTS)
        t = r['trace']
        self.assertEqual(t['test'], 'assert candidate(100) == 4950')
        self.assertEqual(t['steps'][0], {'line': 1, 'event': 'call', 'function': 'f', 'locals': [['n', '100']]})
        self.assertIn(['total', '0'], t['steps'][2]['locals'])
        self.assertEqual(t['steps'][-1]['event'], 'return')
        self.assertEqual(t['steps'][-1]['value'], '4951')

    def test_a_loop_is_folded_into_one_step_with_first_and_last_values(self):
        r, _ = run(SUM, SUM_TESTS)
        folded = [s for s in r['trace']['steps'] if 'hits' in s]
        self.assertEqual([(s['line'], s['hits']) for s in folded], [(3, 98), (4, 97)])
        self.assertIn(['i', '2'], folded[0]['locals'])
        self.assertIn(['i', '99'], folded[0]['last'])
        self.assertIn(['total', '4950'], folded[0]['last'])
        self.assertLessEqual(len(r['trace']['steps']), 12)

    def test_the_verdict_is_the_same_and_is_sent_before_tracing(self):
        traced, events = run(SUM, SUM_TESTS)
        plain, plain_events = run(SUM, SUM_TESTS, trace=False)
        self.assertEqual(without_trace(traced), plain)
        verdicts = [json.loads(text) for kind, text in events if kind == 'verdict']
        self.assertEqual(verdicts, [plain])
        self.assertNotIn('trace', plain)
        self.assertFalse(any(kind == 'verdict' for kind, _ in plain_events))

    def test_a_passing_run_is_not_traced(self):
        r, events = run('def f(n):\n    return n * (n - 1) // 2 + 1 if n != 3 else 3\n',
                        humaneval('def check(candidate):\n    assert candidate(3) == 3\n'))
        self.assertEqual(r['status'], 'passed')
        self.assertNotIn('trace', r)
        self.assertEqual([k for k, _ in events if k == 'verdict'], [])

    def test_an_exception_is_shown_where_it_was_raised(self):
        r, _ = run('def g(a):\n    return 1 / a\n', mbpp(['assert g(1) == 1', 'assert g(0) == 0']))
        t = r['trace']
        self.assertEqual(t['test'], 'assert g(0) == 0')
        self.assertEqual(lines(t), [('call', 1), ('line', 2), ('exception', 2)])
        self.assertEqual(t['steps'][-1]['value'], 'ZeroDivisionError: division by zero')

    def test_only_the_candidates_own_code_is_traced(self):
        code = 'import json\ndef g(a):\n    return json.dumps(sorted(a))\n'
        r, _ = run(code, mbpp(['assert g([2, 1]) == "[2, 1]"']))
        self.assertEqual({s['function'] for s in r['trace']['steps']}, {'g'})

    def test_output_of_the_rerun_is_not_shown_again(self):
        code = 'def g(a):\n    print("hello")\n    return a\n'
        r, events = run(code, mbpp(['assert g(1) == 2']))
        self.assertEqual(r['stdout'], 'hello\n')
        self.assertEqual([t for k, t in events if k == 'stdout'], ['hello\n'])
        self.assertIn('trace', r)

    def test_the_same_test_name_twice_traces_the_one_that_failed(self):
        code = 'n = [0]\ndef g():\n    n[0] += 1\n    return n[0] % 2\n'
        r, _ = run(code, mbpp(['assert g()', 'assert g()']))
        self.assertEqual([t['passed'] for t in r['tests']], [True, False])
        # Run again from the start, the second call fails again: its trace shows n[0] becoming 2.
        self.assertEqual(r['trace']['test'], 'assert g()')

    def test_user_tests_are_traced(self):
        r, _ = run('def h(x):\n    y = x * 2\n    return y\n', user('def test_h():\n    assert h(2) == 5\n'))
        self.assertEqual(r['trace']['test'], 'test_h')
        self.assertIn(['y', '4'], r['trace']['steps'][-2]['locals'])


    def test_doctests_compare_output_the_same_way_when_traced(self):
        code = ('def show(xs):\n'
                '    """\n'
                '    >>> show([1])\n'
                '    1\n'
                '    >>> show([1, 2])\n'
                '    1 2\n'
                '    """\n'
                '    for x in xs[:1]:\n'
                '        print(x)\n')
        r, events = run(code, user(''))
        self.assertEqual([t['passed'] for t in r['tests']], [True, False])
        self.assertEqual(r['trace']['test'], '>>> show([1, 2])')
        self.assertEqual([t for k, t in events if k == 'stdout'], [])

class BoundsTests(unittest.TestCase):
    def test_huge_locals_are_cut_short(self):
        code = ('def g():\n'
                '    big = list(range(10 ** 6))\n'
                '    text = "x" * 10 ** 6\n'
                '    num = 10 ** 3000\n'
                '    table = dict.fromkeys(range(10 ** 5), 0)\n'
                '    return 0\n')
        r, _ = run(code, mbpp(['assert g() == 1']))
        values = dict(r['trace']['steps'][-2]['locals'])
        self.assertTrue(values['big'].startswith('[0, 1, 2, 3, 4, \u2026 999995 more'))
        self.assertLess(len(values['text']), 120)
        self.assertEqual(values['num'], '<int of about 3000 digits>')
        self.assertTrue(values['table'].startswith('{0: 0, 1: 0'))
        self.assertLess(len(json.dumps(r['trace'])), 6000)

    def test_the_number_of_steps_is_bounded(self):
        code = 'def g(n):\n' + ''.join('    v%d = n + %d\n' % (i, i) for i in range(200)) + '    return 0\n'
        r, _ = run(code, mbpp(['assert g(1) == 1']))
        t = r['trace']
        self.assertLessEqual(len(t['steps']), 40)
        self.assertGreater(t['omitted'], 150)

    def test_deep_recursion_stops_the_trace_not_the_verdict(self):
        code = 'def d(n):\n    return 0 if n == 0 else 1 + d(n - 1)\n'
        tests = mbpp(['assert d(500) == 501'])
        r, _ = run(code, tests)
        plain, _ = run(code, tests, trace=False)
        self.assertEqual(without_trace(r), plain)
        self.assertEqual(r['trace']['stopped'], 'calls nested deeper than 60')

    def test_a_slow_test_is_stopped_when_the_time_for_tracing_runs_out(self):
        code = ('def g(n):\n'
                '    k = 0\n'
                '    for i in range(n):\n'
                '        try:\n'
                '            k += i\n'
                '        except BaseException:\n'
                '            pass\n'
                '    return k\n')
        r, _ = run(code, mbpp(['assert g(10 ** 6) == 0']), timeout=10)
        self.assertEqual(r['status'], 'failed')
        self.assertEqual(r['trace']['stopped'], 'the time for tracing ran out')

    def test_a_program_that_sets_its_own_trace_function(self):
        code = ('import sys\n'
                'def g(a):\n'
                '    sys.settrace(lambda *args: None)\n'
                '    b = a + 1\n'
                '    return b\n')
        tests = mbpp(['assert g(1) == 3', 'assert g(2) == 3'])
        r, _ = run(code, tests)
        plain, _ = run(code, tests, trace=False)
        self.assertEqual(without_trace(r), plain)
        self.assertEqual(r['trace']['test'], 'assert g(1) == 3')
        self.assertEqual(lines(r['trace'])[:2], [('call', 2), ('line', 3)])

    def test_a_hostile_repr_does_not_break_the_trace(self):
        code = ('class Bad:\n'
                '    def __repr__(self):\n'
                '        raise SystemExit(3)\n'
                'def g():\n'
                '    x = Bad()\n'
                '    return x\n')
        r, _ = run(code, mbpp(['assert g() == 1']))
        self.assertEqual(r['status'], 'failed')
        line6 = next(s for s in r['trace']['steps'] if s['line'] == 6)
        self.assertEqual(dict(line6['locals'])['x'], '<unrepresentable Bad: SystemExit>')

    def test_a_test_that_passes_when_run_again_has_no_trace(self):
        # The module keeps a count in a library module, which outlives the run: the second
        # time round the test passes, and a trace of a pass would explain nothing.
        code = ('import textwrap\n'
                'textwrap._fixpoint_trace_runs = getattr(textwrap, "_fixpoint_trace_runs", 0) + 1\n'
                'def g():\n'
                '    return textwrap._fixpoint_trace_runs\n')
        r, _ = run(code, mbpp(['assert g() == 2']))
        self.assertEqual(r['status'], 'failed')
        self.assertNotIn('trace', r)


if __name__ == '__main__':
    unittest.main()
