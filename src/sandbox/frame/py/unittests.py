"""unittest.TestCase classes and pytest-style Test* classes, one test per method.

The run is the harness's own small loop rather than unittest's runner, so what decides pass or
fail lives in harness frames and captured functions rather than in library code a candidate can
patch on the way; unittest's classes are also put back as they were before the tests start.
"""

import unittest

from ._safe import *  # noqa: F401,F403
from .report import safe_repr, safe_str, shorten, shorten_pair

_TestCase = unittest.TestCase
_TestCase_run = unittest.TestCase.run
_SkipTest = unittest.SkipTest
_EQUALITY = {'first': 'second', 'member': 'container', 'expr': None, 'obj': None}
_type_dict = type.__dict__['__dict__'].__get__
_type_mro = type.__dict__['__mro__'].__get__
_type_setattr = type.__setattr__
_type_delattr = type.__delattr__
_PRISTINE = [(c, dict(_type_dict(c))) for c in (
    unittest.TestCase, unittest.TestSuite, unittest.TestResult, unittest.SkipTest)]


def reset_classes():
    for cls, saved in _PRISTINE:
        current = _type_dict(cls)
        for k in [k for k in current if k not in saved]:
            _type_delattr(cls, k)
        for k, v in saved.items():
            if current.get(k) is not v and k not in ('__dict__', '__weakref__', '__doc__'):
                _type_setattr(cls, k, v)


def _test_names(cls):
    names = set()
    for klass in _type_mro(cls):
        if klass is object or klass is _TestCase:
            continue
        for k, v in _type_dict(klass).items():
            if type(k) is str and k.startswith('test') and callable(v):
                names.add(k)
    return sorted(names)


def _unittest_values(exc):
    """actual/expected from the assertXxx call that failed (its outermost frame in unittest)."""
    found, tb = None, exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_name.startswith('assert') and frame.f_code.co_filename.endswith(
                ('case.py',)):
            found = frame
            break
        tb = tb.tb_next
    if found is None:
        return None, None
    local = found.f_locals
    for a, b in _EQUALITY.items():
        if a in local:
            if b is None:
                return shorten(safe_repr(local[a])), None
            if b in local:
                actual, expected = shorten_pair(safe_repr(local[a]), safe_repr(local[b]))
                return actual, ('in ' + expected if a == 'member' else expected)
    return None, None


def record(run, name, source, exc, expecting=False):
    """Records one test from the exception it raised (None: it returned)."""
    if isinstance(exc, _SkipTest):
        run.passed(name, source, 'skipped: ' + safe_str(exc))
    elif exc is None:
        if expecting:
            run.failed(name, source, message='unexpected success')
        else:
            run.passed(name, source)
    elif expecting and not isinstance(exc, KeyboardInterrupt):
        run.passed(name, source, 'expected failure')
    elif type(exc) is AssertionError and getattr(exc, '__fixpoint__', None) is None:
        actual, expected = _unittest_values(exc)
        if actual is None:
            run.failed(name, source, exc=exc)
        else:
            run.failed(name, source, message=shorten('AssertionError: ' + safe_str(exc), 1000),
                       actual=actual, expected=expected)
    else:
        run.failed(name, source, exc=exc)
    if isinstance(exc, KeyboardInterrupt):
        raise exc


def call(fn):
    try:
        fn()
    except BaseException as e:
        return e
    return None


def run_case(run, cls):
    names = _test_names(cls)
    if cls.run is not _TestCase_run or getattr(cls, '__unittest_skip__', False):
        return _run_with_unittest(run, cls, names)
    label = cls.__name__ + '.'
    err = call(cls.setUpClass)
    if err is not None:
        for n in names:
            record(run, label + n, None, err)
        return
    for n in names:
        run.begin(label + n)
        reset_classes()  # the candidate runs inside tests too
        try:
            inst = cls(n)
            method = getattr(inst, n)
        except BaseException as e:
            record(run, label + n, None, e)
            continue
        expecting = bool(getattr(method, '__unittest_expecting_failure__', False))
        err = call(inst.setUp)
        if err is None:
            err = call(method)
            err2 = call(inst.tearDown)
            err = err or err2
        call(inst.doCleanups)
        record(run, label + n, None, err, expecting)
    err = call(cls.tearDownClass)
    if err is not None:
        record(run, label + 'tearDownClass', None, err)


class _Collect(unittest.TestResult):
    def __init__(self, run):
        super().__init__()
        self._run = run

    def startTest(self, test):
        super().startTest(test)
        self._run.begin(_case_name(test))

    def addSuccess(self, test):
        record(self._run, _case_name(test), None, None)

    def addError(self, test, err):
        record(self._run, _case_name(test), None, err[1])

    addFailure = addError

    def addSubTest(self, test, subtest, err):
        if err is not None:
            record(self._run, str(subtest), None, err[1])

    def addSkip(self, test, reason):
        self._run.passed(_case_name(test), None, 'skipped: ' + str(reason))

    def addExpectedFailure(self, test, err):
        self._run.passed(_case_name(test), None, 'expected failure')

    def addUnexpectedSuccess(self, test):
        self._run.failed(_case_name(test), message='unexpected success')


def _case_name(test):
    name = getattr(test, '_testMethodName', None)
    return type(test).__name__ + '.' + name if type(name) is str else str(test)


def _run_with_unittest(run, cls, names):
    """Classes with their own run() (e.g. async test cases) or class-level skips."""
    suite = unittest.TestSuite([cls(n) for n in names])
    suite.run(_Collect(run))


def run_plain_class(run, cls):
    """pytest-style: a Test* class that is not a TestCase; each test_* method is a test."""
    for n in _test_names(cls):
        label = cls.__name__ + '.' + n
        run.begin(label)
        try:
            method = getattr(cls(), n)
        except BaseException as e:
            record(run, label, None, e)
            continue
        record(run, label, None, call(method))
