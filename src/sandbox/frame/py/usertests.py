"""Plain user tests: module-level asserts, test_* functions, unittest.TestCase classes,
pytest-style Test* classes, and doctests (in the candidate's docstrings and in the tests).

Discovery is by the code's origin: only objects compiled from "<tests>" count, so test-like
names in the candidate's own code are not run.
"""

import ast
import sys
import types
import unittest

from ._safe import *  # noqa: F401,F403
from . import plan
from .doctests import collect_docs, run_docs
from .report import Sources, one_line, safe_repr, shorten
from .rewrite import rewrite
from .unittests import call, record, reset_classes, run_case, run_plain_class

_AST = ast.PyCF_ONLY_AST
_modules = sys.modules
_Module = types.ModuleType
_FunctionType = types.FunctionType
_TestCase = unittest.TestCase
MODULE_NAME = 'candidate'


def _from_tests(obj):
    code = getattr(obj, '__code__', None)
    return type(code) is types.CodeType and code.co_filename == '<tests>'


def _class_from_tests(cls):
    return any(_from_tests(v) for v in type.__dict__['__dict__'].__get__(cls).values())


def _run_module(run, chunks, ns):
    """Module-level statements in order; a test per assert (or block holding asserts)."""
    for kind, code, test in chunks:
        if kind == 'setup':
            try:
                exec(code, ns)
            except BaseException as e:
                record(run, test, None, e)
                return
            continue
        run.begin(test.name)
        err = None
        try:
            exec(code, ns)
        except BaseException as e:
            err = e
        if err is not None and test.targets:
            values = ', '.join('%s=%s' % (n, shorten(safe_repr(ns.get(n)), 80))
                               for n in test.targets)
            run.failed(test.name, test.source, exc=err, context=values)
            if isinstance(err, KeyboardInterrupt):
                raise err
        else:
            record(run, test.name, test.source, err)


def run_user(job, run, prepare_ns):
    code, src = job['code'], job['tests'].get('source', '')
    run.sources = Sources(code, src)
    compiled = run.compile_candidate(code)
    if compiled is None:
        return
    ctree = compile(code, '<candidate>', 'exec', _AST, dont_inherit=True)
    docs = collect_docs(ctree)
    try:
        tree = compile(src, '<tests>', 'exec', _AST, dont_inherit=True)
    except (SyntaxError, ValueError) as e:
        if '>>>' not in src:
            run.error(e, compiling=True)
            return
        tree = None  # not Python: a doctest transcript
        docs += collect_docs(None, transcript=src)
    chunks = []
    if tree is not None:
        docs += collect_docs(tree, bare=True)
        lines = plan.Lines(src)
        for kind, stmts, test in plan.split_module(tree, src):
            body = ast.Module(stmts, [])
            code_obj = compile(rewrite(body), '<tests>', 'exec', dont_inherit=True)
            label = test if test is not None else one_line(lines.segment(stmts[0]) or 'tests')
            chunks.append((kind, code_obj, label))
    module = _Module(MODULE_NAME)
    _modules[MODULE_NAME] = module  # removed again by isolation.restore
    ns = module.__dict__
    if not run.exec_candidate(compiled, ns):
        return
    prepare_ns(ns)
    reset_classes()  # whatever the candidate did to unittest's classes, tests run on the originals
    _run_module(run, chunks, ns)
    for obj in list(ns.values()):
        if isinstance(obj, _FunctionType) and obj.__name__.startswith('test') \
                and _from_tests(obj):
            run.begin(obj.__name__)
            record(run, obj.__name__, None, call(obj))
        elif isinstance(obj, type) and _class_from_tests(obj):
            if issubclass(obj, _TestCase):
                run_case(run, obj)
            elif obj.__name__.startswith('Test'):
                run_plain_class(run, obj)
    run_docs(run, docs, ns)
