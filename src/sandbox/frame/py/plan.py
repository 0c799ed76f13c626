"""Static planning of test sources: which statements are tests, and what each is called.

HumanEval's `check(candidate)` is a single function full of asserts. To report each assert on
its own and keep going after a failure, without changing what the asserts see (they stay in
check's own scope), check's body is turned into a generator: before each test it yields
(BEGIN, index, loop values), and each test is wrapped in try/except that yields (FAIL, index,
exception) or (PASS, index). The harness drives that generator from its own frame.
"""

import ast

from ._safe import *  # noqa: F401,F403
from .report import one_line, split_lines
from .rewrite import BASE_EXC, location

_LOAD = ast.Load()

BEGIN, FAIL, PASS = 0, 1, 2
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _own_nodes(node):
    """Nodes of `node` that run in its scope (nested functions and classes excluded)."""
    todo = [node]
    while todo:
        n = todo.pop()
        yield n
        for child in ast.iter_child_nodes(n):
            if not isinstance(child, _SCOPES):
                todo.append(child)


def contains_assert(node):
    return any(isinstance(n, ast.Assert) for n in _own_nodes(node))


def _is_trivial(stmt):
    """`assert True, "..."` lines in HumanEval tests check nothing."""
    return isinstance(stmt, ast.Assert) and isinstance(stmt.test, ast.Constant) and stmt.test.value


def is_test(stmt):
    if isinstance(stmt, _SCOPES):
        return False
    return contains_assert(stmt) and not _is_trivial(stmt)


def target_names(target):
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]


class Lines:
    """A source split once, for many ast.get_source_segment-like lookups."""

    def __init__(self, src):
        self.lines = split_lines(src)

    def segment(self, node):
        try:
            first, last = node.lineno - 1, node.end_lineno - 1
            start, end = node.col_offset, node.end_col_offset
            if first == last:
                return _cols(self.lines[first], start, end)
            return '\n'.join([_cols(self.lines[first], start, None)] + self.lines[first + 1:last]
                             + [_cols(self.lines[last], 0, end)])
        except (TypeError, IndexError, AttributeError):
            return ''


def _cols(line, start, end):
    """Slice by the AST's column offsets, which count UTF-8 bytes."""
    if line.isascii():
        return line[start:end]
    return line.encode('utf-8')[start:end].decode('utf-8', 'replace')


class Test:
    __slots__ = ('name', 'source', 'targets', 'loop')

    def __init__(self, lines, node, loop=False):
        text = lines.segment(node)
        self.source = text
        self.name = one_line(text)
        self.loop = loop
        self.targets = target_names(node.target) if isinstance(node, (ast.For, ast.AsyncFor)) else []


def _wrap(idx, body, loop_values=()):
    loc = location(body[0])

    def event(*elts):
        return ast.Expr(ast.Yield(ast.Tuple(list(elts), _LOAD, **loc), **loc), **loc)

    def const(v):
        return ast.Constant(v, **loc)

    begin = event(const(BEGIN), const(idx),
                  ast.Tuple([ast.Name(n, _LOAD, **loc) for n in loop_values], _LOAD, **loc))
    handler = ast.ExceptHandler(ast.Name(BASE_EXC, _LOAD, **loc), '@e',
                                [event(const(FAIL), const(idx), ast.Name('@e', _LOAD, **loc))],
                                **loc)
    guarded = ast.Try(body, [handler], [event(const(PASS), const(idx))], [], **loc)
    return [begin, guarded]


def _is_literal_loop(stmt):
    return (isinstance(stmt, ast.For) and isinstance(stmt.iter, (ast.List, ast.Tuple))
            and bool(target_names(stmt.target)))


def _is_generator(fn):
    return any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)) for n in _own_nodes(fn))


def find_function(tree, name):
    found = None
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            found = stmt
    return found


def plan_check(tree, src, name='check'):
    """Turns `check` into a reporting generator; returns its tests, or None if it cannot."""
    fn = find_function(tree, name)
    if fn is None or _is_generator(fn):
        return None
    lines = Lines(src)
    tests, body = [], []
    for stmt in fn.body:
        if not is_test(stmt):
            body.append(stmt)
            continue
        idx = len(tests)
        if _is_literal_loop(stmt):
            # One test per element: the loop stays, each iteration is wrapped.
            test = Test(lines, stmt, loop=True)
            test.name = one_line('\n'.join(lines.segment(s) for s in stmt.body))
            tests.append(test)
            stmt.body = _wrap(idx, stmt.body, test.targets)
            body.append(stmt)
        else:
            tests.append(Test(lines, stmt))
            body.extend(_wrap(idx, [stmt]))
    if not tests:
        return None
    fn.body = body
    return tests


def split_module(tree, src):
    """Module-level statements as ('setup', stmts) runs and ('test', [stmt], Test) items."""
    out, setup, lines = [], [], Lines(src)
    for stmt in tree.body:
        if is_test(stmt):
            if setup:
                out.append(('setup', setup, None))
                setup = []
            out.append(('test', [stmt], Test(lines, stmt)))
        else:
            setup.append(stmt)
    if setup:
        out.append(('setup', setup, None))
    return out
