"""Assertion rewriting, as pytest does it: each operand of an assert is evaluated once into a
temporary, then compared, so a failure can report the values without evaluating anything twice.

The rewritten code reaches the harness through two names that are not identifiers ('@fail' and
'@BE'), which the runners put into the test namespace; candidate code cannot name them by
accident. If it replaces them on purpose, asserts still raise: a `raise` cannot succeed silently.
"""

import ast

from ._safe import *  # noqa: F401,F403
from .report import safe_repr, shorten, shorten_pair

FAIL = '@fail'
BASE_EXC = '@BE'

_OPS = {
    ast.Eq: '==', ast.NotEq: '!=', ast.Lt: '<', ast.LtE: '<=', ast.Gt: '>', ast.GtE: '>=',
    ast.Is: 'is', ast.IsNot: 'is not', ast.In: 'in', ast.NotIn: 'not in',
}
_MIRROR = {'==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<='}
_CLOSE = ('isclose', 'allclose')


_LOCATION = ('lineno', 'col_offset', 'end_lineno', 'end_col_offset')


def location(ref):
    """Keyword arguments that give a new node the source location of `ref` (cheaper than
    fix_missing_locations, which walks the whole tree)."""
    return {a: getattr(ref, a, None) for a in _LOCATION}


def _has_call(node):
    return any(isinstance(n, ast.Call) for n in ast.walk(node))


def _actual_on_right(left, right):
    """The side that calls something is the value under test; the other is the expectation."""
    return _has_call(right) and not _has_call(left)


_LOAD, _STORE, _NOT = ast.Load(), ast.Store(), ast.Not()


class AssertRewriter(ast.NodeTransformer):
    def __init__(self):
        self.count = 0
        self.loc = {}

    def n(self, cls, *args):
        return cls(*args, **self.loc)

    def load(self, name):
        return ast.Name(name, _LOAD, **self.loc)

    def const(self, value):
        return ast.Constant(value, **self.loc)

    def _set(self, out, value):
        self.count += 1
        name = '@a%d' % self.count
        out.append(self.n(ast.Assign, [ast.Name(name, _STORE, **self.loc)], value))
        return name

    def _if_not(self, cond, body):
        return self.n(ast.If, self.n(ast.UnaryOp, _NOT, cond), body, [])

    def _raise(self, node, kind, op, left, right, swap, extra=None):
        args = [self.const(kind), self.const(op),
                self.load(left) if left else self.const(None),
                self.load(right) if right else self.const(None),
                self.const(swap), extra if extra is not None else self.const(None)]
        if node.msg is not None:
            args.append(node.msg)
        return [self.n(ast.Raise, self.n(ast.Call, self.load(FAIL), args, []), None)]

    def visit_Assert(self, node):
        out = []
        self.loc = location(node)
        test = node.test
        if isinstance(test, ast.Compare) and self._abs_diff(node, test, out):
            pass
        elif isinstance(test, ast.Compare):
            names = [self._set(out, test.left)]
            operands = [test.left] + test.comparators
            for i, (op, comp) in enumerate(zip(test.ops, test.comparators)):
                names.append(self._set(out, comp))
                cond = self.n(ast.Compare, self.load(names[i]), [op], [self.load(names[i + 1])])
                sym = _OPS[type(op)]
                swap = sym in _MIRROR and _actual_on_right(operands[i], operands[i + 1])
                out.append(self._if_not(
                    cond, self._raise(node, 'cmp', sym, names[i], names[i + 1], swap)))
        elif isinstance(test, ast.Call) and self._is_close(test):
            fn = self._set(out, test.func)
            args = [self._set(out, a) for a in test.args]
            kws = [self.n(ast.keyword, k.arg, self.load(self._set(out, k.value)))
                   for k in test.keywords]
            res = self._set(out, self.n(ast.Call, self.load(fn), [self.load(a) for a in args],
                                        kws))
            swap = _actual_on_right(test.args[0], test.args[1])
            out.append(self._if_not(
                self.load(res), self._raise(node, 'close', 'isclose', args[0], args[1], swap)))
        elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            v = self._set(out, test.operand)
            out.append(self.n(ast.If, self.load(v),
                              self._raise(node, 'not', None, v, None, False), []))
        else:
            v = self._set(out, test)
            out.append(self._if_not(self.load(v), self._raise(node, 'truth', None, v, None, False)))
        return out

    @staticmethod
    def _is_close(call):
        f = call.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ''
        return (name in _CLOSE and len(call.args) >= 2
                and not any(isinstance(a, ast.Starred) for a in call.args)
                and all(k.arg is not None for k in call.keywords))

    def _abs_diff(self, node, test, out):
        """`assert abs(x - y) < eps`: report x and y rather than the difference."""
        if len(test.ops) != 1 or not isinstance(test.ops[0], (ast.Lt, ast.LtE)):
            return False
        call = test.left
        if not (isinstance(call, ast.Call) and len(call.args) == 1 and not call.keywords
                and isinstance(call.args[0], ast.BinOp) and isinstance(call.args[0].op, ast.Sub)):
            return False
        f = call.func
        if not ((isinstance(f, ast.Name) and f.id == 'abs')
                or (isinstance(f, ast.Attribute) and f.attr == 'fabs')):
            return False
        diff = call.args[0]
        fn, x, y = self._set(out, f), self._set(out, diff.left), self._set(out, diff.right)
        d = self._set(out, self.n(ast.Call, self.load(fn),
                                  [self.n(ast.BinOp, self.load(x), ast.Sub(), self.load(y))], []))
        eps = self._set(out, test.comparators[0])
        cond = self.n(ast.Compare, self.load(d), [test.ops[0]], [self.load(eps)])
        extra = self.n(ast.Tuple, [self.load(d), self.const(_OPS[type(test.ops[0])]),
                                   self.load(eps)], _LOAD)
        swap = _actual_on_right(diff.left, diff.right)
        out.append(self._if_not(cond, self._raise(node, 'absdiff', '-', x, y, swap, extra)))
        return True


def _describe(kind, op, left, right, swap, extra):
    """(actual, expected, message) for a failed rewritten assert."""
    if kind == 'truth' or kind == 'not':
        want = kind == 'truth'
        if type(left) is bool:
            expected = 'True' if want else 'False'
        else:
            expected = 'a true value' if want else 'a false value'
        return shorten(safe_repr(left)), expected, None
    if swap:
        left, right = right, left
        op = _MIRROR.get(op, op)
    actual, expected = shorten_pair(safe_repr(left), safe_repr(right))
    if kind == 'cmp' and op != '==':
        return actual, op + ' ' + expected, None
    if kind == 'absdiff':
        d, sym, eps = extra
        return actual, expected, 'abs(actual - expected) = %s, not %s %s' % (
            shorten(safe_repr(d), 60), sym, shorten(safe_repr(eps), 60))
    if kind == 'close':
        return actual, expected, 'values are not close'
    return actual, expected, None


def make_fail():
    """The '@fail' helper: builds the AssertionError a rewritten assert raises, with the
    reprs computed at once (later tests may mutate the values)."""
    def fail(kind, op, left, right, swap, extra, *msg):
        exc = AssertionError(*msg)
        try:
            exc.__fixpoint__ = _describe(kind, op, left, right, swap, extra)
        except Exception:
            pass
        return exc
    return fail


def assertion_details(e):
    d = getattr(e, '__fixpoint__', None) if type(e) is AssertionError else None
    if type(d) is tuple and len(d) == 3:
        return d
    return None


def rewrite(tree):
    AssertRewriter().visit(tree)
    return tree
