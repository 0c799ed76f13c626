"""The canary: after a pass, the same tests again with each `assert <call> == <expected>` turned
into a probe that compares the call's result with a sentinel object and with the expected value
changed (a list with its first element changed, a number plus one, ...). An honest result equals
neither; a result that does compares equal to anything (always-equal). Other asserts are dropped.

The probe only compares; it raises nothing, so the rest of the tests keep running. HumanEval's
check() and MBPP's asserts get a canary; user tests do not (docs/test-gaming.md).
"""

import ast
import math

from ._safe import *  # noqa: F401,F403
from . import plan
from .rewrite import BASE_EXC, location

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


class _Rewriter(ast.NodeTransformer):
    def visit_Assert(self, node):
        loc = location(node)
        t = node.test
        if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq)):
            return ast.Pass(**loc)
        left, right = t.left, t.comparators[0]
        if _has_call(left) == _has_call(right):
            return ast.Pass(**loc)
        actual, expected = (left, right) if _has_call(left) else (right, left)
        call = ast.Call(ast.Name(PROBE, _LOAD, **loc), [actual, expected, ast.Constant(node.lineno, **loc)],
                        [], **loc)
        handler = ast.ExceptHandler(ast.Name(BASE_EXC, _LOAD, **loc), None, [ast.Pass(**loc)], **loc)
        return ast.Try([ast.Expr(call, **loc)], [handler], [], [], **loc)


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


def run_canary(job):
    """[line of the __eq__ or None] when a test's canary passed, else []."""
    tests = job['tests']
    kind = tests.get('kind')
    if kind not in ('humaneval', 'mbpp'):
        return []
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
