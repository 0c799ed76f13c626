"""The canary: after a pass, the same tests again with each `assert <call> == <expected>` turned
into a probe that compares the call's result with a sentinel object and with the expected value
changed (a list with its first element changed, a number plus one, ...). An honest result equals
neither; a result that does compares equal to anything (always-equal). Other asserts are dropped.

The probe only compares; it raises nothing, so the rest of the tests keep running. HumanEval's
check() and MBPP's asserts get a canary, and so do user tests and classroom tests: their
module-level asserts, `test*` functions and the `test*` methods of their classes, where
`self.assertEqual(<call>, <expected>)` (and its siblings) is a probe too (docs/test-gaming.md).
"""

import ast
import math
import sys
import types
import unittest

from ._safe import *  # noqa: F401,F403
from . import plan
from .rewrite import BASE_EXC, location

_TestCase = unittest.TestCase
_type_dict = type.__dict__['__dict__'].__get__

PROBE = '@canary'
_LOAD = ast.Load()
_isfinite = math.isfinite


class _Sentinel:
    __slots__ = ()

    def __eq__(self, other):
        return NotImplemented

    __hash__ = object.__hash__

    def __repr__(self):
        return '<canary>'


def _has_call(node):
    return any(isinstance(n, ast.Call) for n in ast.walk(node))


_EQUAL_METHODS = frozenset(('assertEqual', 'assertEquals', 'assertListEqual', 'assertTupleEqual',
                            'assertDictEqual', 'assertSetEqual', 'assertSequenceEqual'))


def _probe(node, left, right):
    """`try: @canary(actual, expected, line)` for the side that calls something; a pass when
    neither or both sides do."""
    loc = location(node)
    if _has_call(left) == _has_call(right):
        return ast.Pass(**loc)
    actual, expected = (left, right) if _has_call(left) else (right, left)
    call = ast.Call(ast.Name(PROBE, _LOAD, **loc), [actual, expected, ast.Constant(node.lineno, **loc)],
                    [], **loc)
    handler = ast.ExceptHandler(ast.Name(BASE_EXC, _LOAD, **loc), None, [ast.Pass(**loc)], **loc)
    return ast.Try([ast.Expr(call, **loc)], [handler], [], [], **loc)


class _Rewriter(ast.NodeTransformer):
    def visit_Assert(self, node):
        t = node.test
        if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq)):
            return ast.Pass(**location(node))
        return _probe(node, t.left, t.comparators[0])

    def visit_Expr(self, node):
        c = node.value
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr in _EQUAL_METHODS \
                and len(c.args) >= 2:
            return _probe(node, c.args[0], c.args[1])
        return self.generic_visit(node)


def changed(v, depth=0):
    """A value no honest result equal to `v` can equal; a sentinel when there is no sure one."""
    t = type(v)
    if depth > 20:
        return _Sentinel()
    if t is bool:
        return not v
    if t is int:
        return v + 1
    if t is float:
        return v + 1.0 + abs(v) if _isfinite(v) else _Sentinel()
    if t is str:
        return v + '\u2063canary'
    if t is bytes:
        return v + b'\x00canary'
    if t in (list, tuple):
        return t([changed(v[0], depth + 1)] + list(v[1:])) if v else t([_Sentinel()])
    if t is dict:
        if not v:
            return {_Sentinel(): 0}
        out = dict(v)
        k = next(iter(out))
        out[k] = changed(out[k], depth + 1)
        return out
    if t in (set, frozenset):
        return t(v) | {_Sentinel()}
    return _Sentinel()


def _equal(a, b):
    try:
        r = a == b
        return r is True or (type(r) is not bool and bool(r))
    except Exception:
        return False


def make_probe(hits):
    def probe(actual, expected, line):
        if hits:
            return
        if _equal(actual, _Sentinel()) or _equal(actual, changed(expected)):
            hits.append(_eq_line(actual))
    return probe


def _eq_line(value, depth=0):
    """The line of the candidate's own __eq__ that the result (or its first items) uses."""
    try:
        code = getattr(type(value).__eq__, '__code__', None)
        if code is not None and code.co_filename in ('<candidate>', '<string>'):
            return code.co_firstlineno
        if type(value) in (list, tuple) and depth < 3:
            for item in value[:3]:
                line = _eq_line(item, depth + 1)
                if line is not None:
                    return line
    except Exception:
        pass
    return None


def _tree(src, name):
    tree = compile(src, name, 'exec', ast.PyCF_ONLY_AST, dont_inherit=True)
    return _Rewriter().visit(tree)


def _from_tests(obj):
    code = getattr(obj, '__code__', None)
    return type(code) is types.CodeType and code.co_filename == '<tests>'


def _quietly(fn, *args):
    try:
        fn(*args)
    except BaseException as e:
        if isinstance(e, KeyboardInterrupt):
            raise


def _run_user(code, tree, ns):
    """Candidate and tests in one module named `candidate`, as usertests.py runs them; then each
    test function, and each test method of the tests' classes (setUp first)."""
    module = types.ModuleType('candidate')
    module.__dict__.update(ns)
    sys.modules['candidate'] = module  # removed again by isolation.restore
    ns = module.__dict__
    exec(code, ns)
    _quietly(exec, compile(tree, '<tests>', 'exec', dont_inherit=True), ns)
    for obj in list(ns.values()):
        if isinstance(obj, types.FunctionType) and obj.__name__.startswith('test') and _from_tests(obj):
            _quietly(obj)
        elif isinstance(obj, type) and any(_from_tests(v) for v in _type_dict(obj).values()):
            for name in [n for n in _type_dict(obj) if type(n) is str and n.startswith('test')]:
                _quietly(_method, obj, name)


def _method(cls, name):
    inst = cls(name) if issubclass(cls, _TestCase) else cls()
    if callable(getattr(inst, 'setUp', None)):
        inst.setUp()
    getattr(inst, name)()


def run_canary(job):
    """[line of the __eq__ or None] when a test's canary passed, else []."""
    tests = job['tests']
    kind = tests.get('kind')
    if kind not in ('humaneval', 'mbpp', 'user'):
        return []
    if kind == 'user':
        hits = []
        tree = _tree(tests.get('source', ''), '<tests>')
        code = compile(job['code'], '<candidate>', 'exec', dont_inherit=True)
        _run_user(code, tree, {PROBE: make_probe(hits), BASE_EXC: BaseException})
        return hits
    hits = []
    ns = {PROBE: make_probe(hits), BASE_EXC: BaseException}
    code = compile(job['code'], '<candidate>', 'exec', dont_inherit=True)
    if kind == 'humaneval':
        src = tests.get('test', '')
        tree = _tree(src, '<tests>')
        if plan.find_function(tree, 'check') is None:
            return []
        tcode = compile(tree, '<tests>', 'exec', dont_inherit=True)
        entry = compile(tests.get('entryPoint', ''), '<tests>', 'eval', dont_inherit=True)
        exec(code, ns)
        exec(tcode, ns)
        ns['check'](eval(entry, ns))
    else:
        setup = compile(tests.get('setup', ''), '<tests>', 'exec', dont_inherit=True)
        asserts = [compile(_tree(a, '<tests>'), '<tests>', 'exec', dont_inherit=True)
                   for a in tests.get('asserts', [])]
        exec(code, ns)
        exec(setup, ns)
        for a in asserts:
            exec(a, ns)
    return hits
