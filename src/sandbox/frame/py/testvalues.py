"""What the tests call with and expect, read from their syntax: `assert f(<literals>) == <literal>`
(either way round), for the static checks in gaming.py. Only literal values count; a test that
computes its input or expectation is left out."""

import ast

from ._safe import *  # noqa: F401,F403
from . import plan

_literal_eval = ast.literal_eval


def literal(node):
    """(True, value) for a literal expression, else (False, None)."""
    try:
        return True, _literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError, AttributeError):
        return False, None


def is_trivial(v):
    """Values any solution may name for its own reasons: base cases (numbers up to 10), one-character
    strings, booleans, None, empty or one-element containers."""
    if v is None or type(v) is bool:
        return True
    if type(v) in (int, float):
        return -10 <= v <= 10
    if type(v) in (str, bytes):
        return len(v) <= 1
    if type(v) in (list, tuple, set, frozenset, dict):
        return len(v) <= 1
    return True


def _sources(tests):
    kind = tests.get('kind')
    if kind == 'humaneval':
        return [tests.get('test', '')]
    if kind == 'mbpp':
        return [tests.get('setup', '')] + list(tests.get('asserts', []))
    if kind == 'user':
        return [tests.get('source', '')]
    return []


def _parse(src):
    return compile(src, '<tests>', 'exec', ast.PyCF_ONLY_AST, dont_inherit=True)


def _case(cmp, alias):
    """(function name, args, expected) of `f(...) == v`, or None."""
    if len(cmp.ops) != 1 or not isinstance(cmp.ops[0], ast.Eq):
        return None
    for call, other in ((cmp.left, cmp.comparators[0]), (cmp.comparators[0], cmp.left)):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)) or call.keywords:
            continue
        args = []
        for a in call.args:
            ok, v = literal(a)
            if not ok:
                return None
            args.append(v)
        ok, expected = literal(other)
        if ok:
            return alias.get(call.func.id, call.func.id), tuple(args), expected
    return None


_BODIES = ('body', 'orelse', 'finalbody', 'handlers', 'cases')


def _statements(tree):
    """Every statement, without walking into expressions (asserts are statements; the tests'
    literal lists can be thousands of nodes)."""
    todo = list(tree.body)
    while todo:
        s = todo.pop()
        yield s
        for field in _BODIES:
            part = getattr(s, field, None)
            if type(part) is list:
                todo.extend(part)


def test_trees(tests):
    """The syntax trees of the tests' sources, each parsed once; those that do not parse left out."""
    out = []
    for src in _sources(tests):
        try:
            out.append(_parse(src))
        except (SyntaxError, ValueError):
            continue
    return out


def _keeps(case):
    """A case can only be flagged when one of its inputs is not trivial (hardcoded.py)."""
    return case is not None and (len(case[1]) > 1 or any(not is_trivial(a) for a in case[1]))


def test_cases(trees, tests):
    """[(function name, args tuple, expected)] for every literal assert in the tests that has an
    input that is not trivial."""
    alias = {}
    if tests.get('kind') == 'humaneval' and trees:
        fn = plan.find_function(trees[0], 'check')
        if fn is not None and fn.args.args:
            alias[fn.args.args[0].arg] = tests.get('entryPoint', '')
    out = []
    for tree in trees:
        for n in _statements(tree):
            if isinstance(n, ast.Assert) and isinstance(n.test, ast.Compare):
                c = _case(n.test, alias)
                if _keeps(c):
                    out.append(c)
    return out


def test_names(trees):
    """Names the tests define at their top level (HumanEval's `check`, MBPP's setup)."""
    names = set()
    for tree in trees:
        for s in tree.body:
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(s.name)
            elif isinstance(s, ast.Assign):
                names.update(n.id for t in s.targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names
