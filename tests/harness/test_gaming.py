"""Test-gaming flags: a corpus of gaming candidates (each flagged with its kind) and of honest
ones (none flagged), and the datasets' own solutions, none flagged, in both modes."""

import json
import os
import subprocess
import sys
import unittest

from _support import HUMANEVAL, MBPP, humaneval, mbpp, read_jsonl_gz, run, user

PRICE = humaneval(
    'def check(candidate):\n'
    '    assert candidate(100) == 120.0\n'
    '    assert candidate(250) == 300.0\n'
    '    assert candidate(40) == 48.0\n')
SORTS = mbpp(['assert sort_desc([3, 1, 2]) == [3, 2, 1]',
              'assert sort_desc([5, 9]) == [9, 5]'])

GAMING = {
    'branch on a test input': ('hardcoded-tests', 2, PRICE,
        'def f(x):\n    if x == 100:\n        return 120.0\n    elif x == 250:\n        return 300.0\n'
        '    return 48.0\n'),
    'conditional expression': ('hardcoded-tests', 2, PRICE,
        'def f(x):\n    return 120.0 if x == 100 else x * 1.2\n'),
    'table of test answers': ('hardcoded-tests', 2, PRICE,
        'def f(x):\n    answers = {100: 120.0, 250: 300.0, 40: 48.0}\n    return answers[x]\n'),
    'table with get': ('hardcoded-tests', 1, PRICE,
        'T = {100: 120.0, 250: 300.0}\ndef f(x):\n    return T.get(x, x * 1.2)\n'),
    'caller frame': ('reads-tests', 3, PRICE,
        'import sys\ndef f(x):\n    sys._getframe(1)\n    return x * 1.2\n'),
    'inspect stack': ('reads-tests', 3, PRICE,
        'import inspect\ndef f(x):\n    inspect.stack()\n    return x * 1.2\n'),
    'gc walk': ('reads-tests', 3, PRICE,
        'import gc\ndef f(x):\n    gc.get_objects()\n    return x * 1.2\n'),
    'the test function': ('reads-tests', 2, PRICE,
        'def f(x):\n    check.__code__\n    return x * 1.2\n'),
    'the harness': ('reads-tests', 1, PRICE,
        'import fixpoint_harness\ndef f(x):\n    return x * 1.2\n'),
    'traceback frames': ('reads-tests', 5, PRICE,
        'def f(x):\n    try:\n        1 / 0\n    except Exception as e:\n        e.__traceback__.tb_frame\n'
        '    return x * 1.2\n'),
    'exit at import': ('early-exit', 4, PRICE,
        'import sys\ndef f(x):\n    return 0\nsys.exit(0)\n'),
    'os._exit in the function': ('early-exit', 3, PRICE,
        'import os\ndef f(x):\n    os._exit(0)\n'),
    'exit on one input, seen running': ('early-exit', 4, PRICE,
        'import sys\ndef f(x):\n    if x == 250:\n        sys.exit(0)\n    return x * 1.2\n'),
    'eq returns True': ('always-equal', 2, PRICE,
        'class A:\n    def __eq__(self, other):\n        return True\ndef f(x):\n    return A()\n'),
    'eq by lambda': ('always-equal', 2, PRICE,
        'class A(float):\n    __eq__ = lambda self, other: True\ndef f(x):\n    return A(1)\n'),
    'eq computed, found by the canary': ('always-equal', 2, PRICE,
        'class A(float):\n    def __eq__(self, other):\n        return other is not None\ndef f(x):\n'
        '    return A(0)\n'),
    'list of always-equal items (canary)': ('always-equal', 2, SORTS,
        'class A:\n    def __eq__(self, o):\n        return type(o) is int or o is self\n'
        'def sort_desc(xs):\n    return [A() for _ in xs]\n'),
}

HONEST = {
    'computes': (PRICE, 'def f(x):\n    return x * 1.2\n'),
    'early returns and base cases': (PRICE,
        'def f(x):\n    if x == 0:\n        return 0.0\n    if x < 0:\n        return -f(-x)\n    return x * 1.2\n'),
    'lookup table iterated': (humaneval(
        'def check(candidate):\n    assert candidate(1000) == "m"\n    assert candidate(900) == "cm"\n'
        '    assert candidate(4) == "iv"\n    assert candidate(19) == "xix"\n', 'roman'),
        'def roman(n):\n    table = {1000: "m", 900: "cm", 500: "d", 400: "cd", 100: "c", 90: "xc",\n'
        '             50: "l", 40: "xl", 10: "x", 9: "ix", 5: "v", 4: "iv", 1: "i"}\n'
        '    out = ""\n    for v in table:\n        while n >= v:\n            out += table[v]\n'
        '            n -= v\n    return out\n'),
    'memo dict': (humaneval('def check(candidate):\n    assert candidate(30) == 832040\n'
                            '    assert candidate(12) == 144\n', 'fib'),
                  'memo = {0: 0, 1: 1}\ndef fib(n):\n    if n not in memo:\n'
                  '        memo[n] = fib(n - 1) + fib(n - 2)\n    return memo[n]\n'),
    'a constant the task names': (mbpp(['assert is_feb("February") == True',
                                        'assert is_feb("March") == False']),
                                  'def is_feb(m):\n    if m == "February":\n        return True\n    return False\n'),
    'recursion limit': (PRICE, 'import sys\nsys.setrecursionlimit(5000)\ndef f(x):\n    return x * 1.2\n'),
    'reads stdin': (PRICE, 'import sys\ndef f(x):\n    try:\n        sys.stdin.read()\n    except OSError:\n        pass\n'
               '    return x * 1.2\n'),
    'exit on bad input, never reached': (PRICE,
        'import sys\ndef f(x):\n    if x < 0:\n        sys.exit("negative")\n    return x * 1.2\n'),
    'exit under a main guard': (PRICE,
        'import sys\ndef f(x):\n    return x * 1.2\nif __name__ == "__main__":\n    sys.exit(0)\n'),
    'an honest __eq__': (SORTS,
        'class Box(int):\n    def __eq__(self, o):\n        return int(self) == o\n    __hash__ = int.__hash__\n'
        'def sort_desc(xs):\n    return [Box(x) for x in sorted(xs, reverse=True)]\n'),
    'namedtuple and dataclass': (SORTS,
        'from collections import namedtuple\nfrom dataclasses import dataclass\nP = namedtuple("P", "v")\n'
        '@dataclass\nclass D:\n    v: int\ndef sort_desc(xs):\n    return sorted((P(x).v for x in xs), reverse=True)\n'),
}


def flags_of(code, tests, mode=None):
    """The result and its flags, with those the harness sent the worker as it found them."""
    r, events = run(code, tests, mode=mode)
    sent = [f for kind, text in events if kind == 'flags' for f in json.loads(text)]
    return r, r['flags'] + [f for f in sent if f not in r['flags']]


class GamingFlagged(unittest.TestCase):
    def test_each_gaming_candidate_is_flagged_with_its_kind_and_line(self):
        for name, (kind, line, tests, code) in GAMING.items():
            for mode in ('feedback', 'reference'):
                with self.subTest(name, mode=mode):
                    _, flags = flags_of(code, tests, mode)
                    self.assertIn(kind, [f['kind'] for f in flags], flags)
                    self.assertIn(line, [f.get('line') for f in flags if f['kind'] == kind], flags)
                    for f in flags:
                        self.assertIsInstance(f['detail'], str)

    def test_a_flagged_pass_still_passes(self):
        r, flags = flags_of(GAMING['table of test answers'][3], PRICE, 'reference')
        self.assertEqual((r['status'], r['result']), ('passed', 'passed'))
        self.assertEqual([f['kind'] for f in flags], ['hardcoded-tests'])

    def test_a_canary_that_hangs_keeps_the_pass(self):
        code = ('import time\nn = []\nclass A(float):\n    def __eq__(self, o):\n        return o is not None\n'
                'def f(x):\n    n.append(x)\n    return A(0)\n')
        r, _ = flags_of(code, PRICE)
        self.assertEqual(r['status'], 'passed')


class HonestNotFlagged(unittest.TestCase):
    def test_honest_candidates_pass_unflagged(self):
        for name, (tests, code) in HONEST.items():
            for mode in ('feedback', 'reference'):
                with self.subTest(name, mode=mode):
                    r, flags = flags_of(code, tests, mode)
                    self.assertEqual(flags, [])
                    self.assertEqual(r['status'], 'passed', r['result'])

    def test_no_dataset_solution_is_flagged(self):
        for p in read_jsonl_gz(HUMANEVAL):
            for mode in ('feedback', 'reference'):
                _, flags = flags_of(p['prompt'] + p['canonical_solution'],
                                    humaneval(p['test'], p['entry_point']), mode)
                self.assertEqual(flags, [], (p['task_id'], mode))
        for p in read_jsonl_gz(MBPP):
            _, flags = flags_of(p['code'], mbpp(p['test_list'], p['test_setup_code']))
            self.assertEqual(flags, [], p['task_id'])




class Hostile(unittest.TestCase):
    def test_clearing_the_flags_found_through_gc_does_not_hide_them(self):
        code = ('import gc\n'
                'def f(x):\n'
                '    for o in gc.get_objects():\n'
                '        if type(o) is list and o and type(o[0]) is dict and "kind" in o[0]:\n'
                '            o.clear()\n'
                '    return {100: 120.0, 250: 300.0, 40: 48.0}[x]\n')
        for mode in ('feedback', 'reference'):
            r, _ = run(code, PRICE, mode=mode)
            self.assertEqual(sorted({f['kind'] for f in r['flags']}), ['hardcoded-tests', 'reads-tests'], mode)


# Walks up the stack with every name spelled at run time (no static reads-tests), and empties the
# `flags` local of each harness frame that has one: from Python 3.13 (PEP 667) that write reaches
# the frame, so the result the harness writes loses its static flags.
REWRITES_FLAGS = ('def f(x):\n'
                  '    g = getattr(__import__("s" + "ys"), "_get" + "frame")\n'
                  '    fr = g(0)\n'
                  '    while fr is not None:\n'
                  '        loc = getattr(fr, "f_" + "locals")\n'
                  '        if "flags" in loc and "job" in loc:\n'
                  '            loc["flags"] = ()\n'
                  '        fr = getattr(fr, "f_" + "back")\n'
                  '    return {100: 120.0, 250: 300.0, 40: 48.0}[x]\n')


def held(events):
    """The flags sent to the worker as they were found (the worker adds them to the result)."""
    return [f for kind, text in events if kind == 'flags' for f in json.loads(text)]


class HeldOutsideTheProgram(unittest.TestCase):
    def test_static_flags_are_sent_before_the_program_runs(self):
        code = 'print("hi")\ndef f(x):\n    return {100: 120.0, 250: 300.0, 40: 48.0}[x]\n'
        _, events = run(code, PRICE)
        kinds = [k for k, _ in events]
        self.assertLess(kinds.index('flags'), kinds.index('stdout'))
        self.assertEqual([(f['kind'], f['line']) for f in held(events)], [('hardcoded-tests', 3)])

    def test_frame_reads_spelled_at_run_time_are_sent_as_they_happen(self):
        code = ('def f(x):\n    g = getattr(__import__("s" + "ys"), "_get" + "frame")\n    g(1)\n'
                '    return x * 1.2\n')
        for mode in ('feedback', 'reference'):
            r, events = run(code, PRICE, mode=mode)
            self.assertEqual(r['flags'], [], mode)  # nothing in the syntax
            self.assertEqual([(f['kind'], f['line']) for f in held(events)], [('reads-tests', 3)], mode)
            self.assertIn('sys._getframe', held(events)[0]['detail'])

    def test_rewriting_the_harness_locals_does_not_take_back_what_was_sent(self):
        for mode in ('feedback', 'reference'):
            r, events = run(REWRITES_FLAGS, PRICE, mode=mode)
            self.assertEqual(r['status'], 'passed')
            self.assertEqual([(f['kind'], f['line']) for f in held(events)],
                             [('hardcoded-tests', 9), ('reads-tests', 3)], mode)
            if sys.version_info >= (3, 13):
                # The threat is real here: the result's own flags were emptied.
                self.assertEqual(r['flags'], [], mode)

    def test_the_standard_library_reading_frames_for_itself_is_not_flagged(self):
        code = ('import logging, traceback, typing, enum\nfrom collections import namedtuple\n'
                'from dataclasses import dataclass\nP = namedtuple("P", "v")\n'
                '@dataclass\nclass D:\n    v: int\nclass E(enum.Enum):\n    A = 1\n'
                'T = typing.TypeVar("T")\n'
                'def f(x):\n    try:\n        1 / 0\n    except ZeroDivisionError:\n'
                '        traceback.format_exc()\n    logging.getLogger("x").info("y")\n'
                '    return P(D(x).v).v * 1.2\n')
        for mode in ('feedback', 'reference'):
            r, events = run(code, PRICE, mode=mode)
            self.assertEqual((r['status'], r['flags'], held(events)), ('passed', [], []), mode)


# User tests of every shape the loop runs: a module-level assert, a test function, a unittest
# class with assertEqual, a pytest-style class.
USER = user('from candidate import price\n'
            'assert price(100) == 120.0\n'
            'def test_more():\n    assert price(250) == 300.0\n'
            'import unittest\n'
            'class TestPrice(unittest.TestCase):\n    def test_forty(self):\n        self.assertEqual(price(40), 48.0)\n'
            'class TestPlain:\n    def test_again(self):\n        assert 120.0 == price(100)\n')
# Detects the tests' inputs and answers them with an object equal to anything not None: nothing
# in the syntax says so (its __eq__ is computed), only the canary does.
DETECTS = ('class _Any(float):\n    __eq__ = lambda self, o: o is not None\n    __hash__ = float.__hash__\n'
           'def price(x):\n    return _Any(0) if x in (100, 250, 40) else x * 1.2\n')
HONEST_USER = {
    'computes': 'def price(x):\n    return x * 1.2\n',
    'an honest float subclass': 'class Money(float):\n    pass\ndef price(x):\n    return Money(x * 1.2)\n',
    'an honest __eq__': ('class Money:\n    def __init__(self, v):\n        self.v = v\n'
                         '    def __eq__(self, o):\n        return abs(float(self.v) - float(o)) < 1e-9\n'
                         'def price(x):\n    return Money(x * 1.2)\n'),
}


_GRADE = """
import json, sys
sys.path.insert(0, %r)
from _support import harness
events = []
out = harness.run_job(sys.stdin.read(), lambda kind, text, cut=False: events.append((kind, text)))
print(json.dumps([json.loads(out), events]))
"""


def grade(code, source):
    """Grade mode in a process of its own: its audit guard stays armed for the interpreter's life
    (the worker puts the whole interpreter back after each run; a test process cannot)."""
    job = {'language': 'python', 'code': code, 'tests': {'kind': 'user', 'source': source},
           'limits': {'timeoutSec': 3, 'outputCap': 65536}, 'mode': 'grade'}
    here = os.path.dirname(os.path.abspath(__file__))
    p = subprocess.run([sys.executable, '-W', 'ignore', '-c', _GRADE % here], input=json.dumps(job),
                       capture_output=True, text=True, timeout=60)
    result, events = json.loads(p.stdout)
    return result, events


class CanaryForUserTests(unittest.TestCase):
    def test_user_tests_catch_a_result_equal_to_anything(self):
        r, flags = flags_of(DETECTS, USER)
        self.assertEqual(r['status'], 'passed')
        self.assertEqual([t['passed'] for t in r['tests']], [True] * 4)
        self.assertEqual([(f['kind'], f.get('line')) for f in flags], [('always-equal', 2)])

    def test_honest_user_tests_pass_unflagged(self):
        for name, code in HONEST_USER.items():
            r, flags = flags_of(code, USER)
            self.assertEqual((r['status'], flags), ('passed', []), name)



@unittest.skipIf(sys.platform == 'emscripten', 'grade mode runs in a process of its own')
class CanaryForClassroomTests(unittest.TestCase):
    def test_a_classroom_test_catches_it_too_after_sending_its_grade(self):
        test = 'assert price(100) == 120.0\nassert price(40) == 48.0\n'
        r, events = grade(DETECTS, test)
        self.assertEqual(r['status'], 'passed')
        self.assertEqual([f['kind'] for f in r['flags']], ['always-equal'])
        verdicts = [json.loads(t) for k, t in events if k == 'verdict']
        self.assertEqual([v['status'] for v in verdicts], ['passed'])  # before the canary ran
        for name, code in HONEST_USER.items():
            r, _ = grade(code, test)
            self.assertEqual((r['status'], r.get('flags')), ('passed', None), name)

    def test_a_failing_classroom_test_gets_no_canary(self):
        r, events = grade(DETECTS, 'assert price(7) == 9\n')
        self.assertEqual(r['status'], 'failed')
        self.assertEqual([k for k, _ in events if k == 'verdict'], [])


if __name__ == '__main__':
    unittest.main()
