"""Static test-gaming checks: read the candidate's and the tests' syntax trees before the
candidate runs, so nothing the candidate does can change what they find. Each flag is a dict
{kind, detail, line} (src/shared/gaming.ts; docs/test-gaming.md says what each rests on).

- hardcoded-tests: a branch `if <param> == <a test's input>: return <that test's expected>`, or
  a literal dict keyed by test inputs with their expected values, looked up by a parameter.
- reads-tests: frames, gc walks, the tests' own names, the harness.
- early-exit: sys.exit / exit / quit / os._exit / raise SystemExit reached unconditionally
  (not under an if, loop, try or `with` of its own scope, nor a __main__ guard): an exit on a
  bad input is an error path, and the dynamic check (gamingrun.exit_flags) sees it if it runs.
- always-equal: a class whose __eq__ only ever returns True (or __ne__ False).
"""

import ast

from ._safe import *  # noqa: F401,F403
from .hardcoded import hardcoded
from .testvalues import test_cases, test_names, test_trees

_FRAME_ATTRS = frozenset(('f_back', 'f_locals', 'f_globals', 'tb_frame', 'gi_frame', 'cr_frame',
                          'ag_frame', '_getframe', '_getframemodulename', '_current_frames'))
_MODULE_CALLS = {
    'inspect': frozenset(('currentframe', 'stack', 'getouterframes', 'trace', 'getsource',
                          'getsourcelines', 'getsourcefile', 'getfile', 'getframeinfo')),
    'gc': frozenset(('get_objects', 'get_referrers', 'get_referents')),
    'traceback': frozenset(('extract_stack', 'walk_stack', 'format_stack', 'print_stack')),
    'sys': frozenset(('settrace', 'setprofile', 'addaudithook')),
}
_EXITS = {'sys': ('exit',), 'os': ('_exit', 'abort', 'kill')}


def _flag(kind, detail, node):
    f = {'kind': kind, 'detail': detail}
    line = getattr(node, 'lineno', None)
    if type(line) is int:
        f['line'] = line
    return f


def _is_main_guard(node):
    t = node.test
    return (isinstance(node, ast.If) and isinstance(t, ast.Compare) and len(t.ops) == 1
            and isinstance(t.left, ast.Name) and t.left.id == '__name__')


def _walk(tree):
    """Every node, less the bodies of `if __name__ == '__main__':` (never run under the tests)."""
    todo = [tree]
    while todo:
        n = todo.pop()
        yield n
        if isinstance(n, ast.If) and _is_main_guard(n):
            todo.extend(n.orelse)
            continue
        todo.extend(ast.iter_child_nodes(n))


def _dotted(node):
    if isinstance(node, ast.Name):
        return node.id, None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id, node.attr
    return None, None


def _defined(nodes):
    names = set()
    for n in nodes:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, ast.alias):
            names.add((n.asname or n.name).partition('.')[0])
        elif isinstance(n, ast.arg):
            names.add(n.arg)
    return names


def _reads(nodes, foreign):
    out, seen = [], set()
    for n in nodes:
        what = None
        if isinstance(n, ast.Attribute) and n.attr in _FRAME_ATTRS:
            what = n.attr
        elif isinstance(n, ast.Call):
            mod, attr = _dotted(n.func)
            if attr is not None and attr in _MODULE_CALLS.get(mod, ()):
                what = mod + '.' + attr
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in foreign:
            what = "the tests' own name " + n.id
        elif isinstance(n, ast.Constant) and type(n.value) is str and 'fixpoint_harness' in n.value:
            what = 'the harness'
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in n.names] + [getattr(n, 'module', None) or '']
            if any(m.startswith('fixpoint_harness') for m in mods):
                what = 'the harness'
        if what is not None and what not in seen:
            seen.add(what)
            out.append(_flag('reads-tests', 'uses %s, which reaches the tests or the harness' % what, n))
    return out


_BRANCHING = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.With, ast.AsyncWith,
              ast.Match, ast.IfExp, ast.BoolOp) + ((ast.TryStar,) if hasattr(ast, 'TryStar') else ())


def _unconditional(tree):
    """Nodes that run whenever their scope (the module or a function) runs."""
    todo = [tree]
    while todo:
        n = todo.pop()
        yield n
        for c in ast.iter_child_nodes(n):
            if not isinstance(c, _BRANCHING + (ast.Lambda,)):
                todo.append(c)


def _exits(tree):
    out = []
    for n in _unconditional(tree):
        what = None
        if isinstance(n, ast.Call):
            mod, attr = _dotted(n.func)
            if attr is None and mod in ('exit', 'quit'):
                what = mod + '()'
            elif attr is not None and attr in _EXITS.get(mod, ()):
                what = '%s.%s()' % (mod, attr)
        elif isinstance(n, ast.Raise) and n.exc is not None:
            exc = n.exc.func if isinstance(n.exc, ast.Call) else n.exc
            if isinstance(exc, ast.Name) and exc.id in ('SystemExit', 'KeyboardInterrupt'):
                what = 'raise ' + exc.id
        if what is not None:
            out.append(_flag('early-exit', '%s ends the run before the tests can fail' % what, n))
    return out


def _only_returns(fn, value):
    if isinstance(fn, ast.Lambda):
        return isinstance(fn.body, ast.Constant) and fn.body.value is value
    rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
    return bool(rets) and all(isinstance(r.value, ast.Constant) and r.value.value is value
                              for r in rets)


def _always_equal(nodes):
    out = []
    for cls in nodes:
        if not isinstance(cls, ast.ClassDef):
            continue
        for s in cls.body:
            if isinstance(s, ast.FunctionDef):
                name, fn = s.name, s
            elif (isinstance(s, ast.Assign) and len(s.targets) == 1
                  and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Lambda)):
                name, fn = s.targets[0].id, s.value
            else:
                continue
            if (name == '__eq__' and _only_returns(fn, True)) or \
                    (name == '__ne__' and _only_returns(fn, False)):
                out.append(_flag('always-equal', 'class %s: %s always returns %s, so its objects '
                                 'compare equal to anything' % (cls.name, name, name == '__eq__'), s))
    return out


def static_flags(code, tests):
    """Flags found in the candidate's code; [] when it or the tests do not parse."""
    try:
        tree = compile(code, '<candidate>', 'exec', ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return []
    nodes = list(_walk(tree))  # one walk, shared by the checks below
    cases, foreign = [], set()
    try:
        trees = test_trees(tests)
        cases = test_cases(trees, tests)
        foreign = test_names(trees) - _defined(nodes)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        pass
    return (hardcoded(nodes, cases) + _reads(nodes, foreign) + _exits(tree) + _always_equal(nodes))


def freeze(flags):
    """Flags as a tuple of tuples: the run's program can find a list of them (gc) and clear it."""
    return tuple((f['kind'], f['detail'], f.get('line')) for f in flags)


def thaw(frozen):
    out = []
    for kind, detail, line in frozen:
        f = {'kind': kind, 'detail': detail}
        if line is not None:
            f['line'] = line
        out.append(f)
    return out


def merge(frozen, more):
    """The frozen static flags + the flags of `more` whose kind is not flagged yet, one per kind
    and line."""
    out, seen = [], set()
    flags = thaw(frozen)
    kinds = {f['kind'] for f in flags}
    for f in flags + [f for f in more if f['kind'] not in kinds]:
        key = (f['kind'], f.get('line'))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
