"""hardcoded-tests: the candidate answers a test's own input with that test's own expected value.

Two shapes are flagged, both only when a test's input is not a trivial value (testvalues.
is_trivial), so base cases such as `if n == 1: return 1` stay unflagged:
- a branch whose condition compares parameters with constants (`==`, joined by `and`) and whose
  body returns a literal: flagged when some test calls the function with those constants at
  those parameters and expects that literal, and either that literal is not trivial or two such
  branches answer two tests (a task may name one input itself: "is it February?");
- a literal dict looked up by a parameter (`{...}[n]`, `d.get(n)`, `d[n]` for `d = {...}`):
  flagged when at least two of its entries, and at least half, are a test's input and expected.
"""

import ast

from ._safe import *  # noqa: F401,F403
from .testvalues import is_trivial, literal


def _same(a, b):
    try:
        return type(a) is type(b) and bool(a == b) or (
            type(a) in (int, float) and type(b) in (int, float) and a == b)
    except Exception:
        return False


def _compares(test, params):
    """{param index: constant} for `p == c` terms joined by `and`; None if other terms."""
    terms = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    out = {}
    for t in terms:
        if not (isinstance(t, ast.Compare) and len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq)):
            return None
        a, b = t.left, t.comparators[0]
        if isinstance(b, ast.Name):
            a, b = b, a
        if not (isinstance(a, ast.Name) and a.id in params):
            return None
        ok, v = literal(b)
        if not ok:
            return None
        out[params.index(a.id)] = v
    return out or None


def _returned(body):
    s = body[0] if body else None
    if isinstance(s, ast.Return) and s.value is not None:
        return literal(s.value)
    return False, None


def _branches(fn, inner, params, cases, out):
    found = []
    for n in inner:
        if isinstance(n, ast.If):
            cond, body = n.test, n.body
        elif isinstance(n, ast.IfExp):
            cond, body = n.test, [ast.Return(n.body, lineno=n.lineno)]
        else:
            continue
        want = _compares(cond, params)
        ok, value = _returned(body)
        if want is None or not ok:
            continue
        for args, expected in cases:
            if all(i < len(args) and _same(args[i], v) for i, v in want.items()) \
                    and not all(is_trivial(args[i]) for i in want) and _same(value, expected):
                found.append((n.lineno, args, expected))
                break
    if len(found) >= 2 or any(not is_trivial(exp) for _, _, exp in found):
        for line, args, expected in found:
            out.append({'kind': 'hardcoded-tests', 'line': line,
                        'detail': '%s() answers the test input %s with its expected value %s'
                        % (fn.name, _show(args), _show_one(expected))})


def _show_one(v):
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + '...'


def _show(args):
    return _show_one(args[0]) if len(args) == 1 else _show_one(args)


def _dict_names(inner):
    named = {}
    for n in inner:
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Dict):
            for t in n.targets:
                if isinstance(t, ast.Name):
                    named[t.id] = n.value
    return named


def _lookups(inner, params, module_dicts):
    """Dict literals that a function (its nodes: `inner`) looks up by one of its parameters (or a
    tuple of them)."""
    named = dict(module_dicts)
    named.update(_dict_names(inner))

    def by_param(key):
        if isinstance(key, ast.Name):
            return key.id in params
        return isinstance(key, ast.Tuple) and all(
            isinstance(e, ast.Name) and e.id in params for e in key.elts)

    for n in inner:
        target, key = None, None
        if isinstance(n, ast.Subscript):
            target, key = n.value, n.slice
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == 'get' \
                and n.args:
            target, key = n.func.value, n.args[0]
        if target is None or not by_param(key):
            continue
        if isinstance(target, ast.Name):
            target = named.get(target.id)
        if isinstance(target, ast.Dict):
            yield target


def _tables(fn, inner, params, cases, module_dicts, out):
    seen = set()
    for d in _lookups(inner, params, module_dicts):
        if id(d) in seen:
            continue
        seen.add(id(d))
        hits, nontrivial = 0, False
        for k, v in zip(d.keys, d.values):
            okk, key = literal(k) if k is not None else (False, None)
            okv, value = literal(v)
            if not (okk and okv):
                continue
            for args, expected in cases:
                arg = args[0] if len(args) == 1 else args
                if _same(arg, key) and _same(value, expected):
                    hits += 1
                    nontrivial = nontrivial or not is_trivial(key)
                    break
        if hits >= 2 and nontrivial and 2 * hits >= len(d.keys):
            out.append({'kind': 'hardcoded-tests', 'line': d.lineno,
                        'detail': '%s() looks up %d test inputs in a table of their expected values'
                        % (fn.name, hits)})


def hardcoded(nodes, cases):
    if not cases:
        return []
    module_dicts = {}
    for n in nodes:
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Dict):
            for t in n.targets:
                if isinstance(t, ast.Name):
                    module_dicts[t.id] = n.value
    out = []
    for fn in nodes:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        mine = [(args, exp) for name, args, exp in cases if name == fn.name]
        if not mine:
            continue
        params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
        inner = list(ast.walk(fn))
        _branches(fn, inner, params, mine, out)
        _tables(fn, inner, params, mine, module_dicts, out)
    return out
