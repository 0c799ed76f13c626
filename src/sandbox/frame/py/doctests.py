"""Doctest examples, each reported as a test.

Examples are found statically in the source (the candidate's functions and classes, and the
test source's docstrings or a bare `>>>` transcript) and compiled before anything runs. They
run like doctest runs them: one namespace copy per docstring, output captured, compared with
doctest's OutputChecker.
"""

import ast
import doctest
import sys
import traceback

from ._safe import *  # noqa: F401,F403
from .output import Sink, TextOut
from .report import one_line, shorten

_get_examples = doctest.DocTestParser().get_examples
_check_output = doctest.OutputChecker.check_output
_checker = doctest.OutputChecker()
_strip_details = getattr(doctest, '_strip_exception_details', None)
_IGNORE_DETAIL = doctest.IGNORE_EXCEPTION_DETAIL
_format_exception_only = traceback.format_exception_only
_displayhook = sys.__displayhook__
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _docstrings(tree, with_bare_strings):
    """(name, docstring) for the module, its functions and classes, and their methods."""
    found = []
    doc = ast.get_docstring(tree, clean=False)
    if doc:
        found.append(('module', doc))
    for i, node in enumerate(tree.body):
        if isinstance(node, _DEFS):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                found.append((node.name, doc))
            if isinstance(node, ast.ClassDef):
                for sub in node.body:
                    if isinstance(sub, _DEFS[:2]):
                        doc = ast.get_docstring(sub, clean=False)
                        if doc:
                            found.append((node.name + '.' + sub.name, doc))
        elif (with_bare_strings and i and isinstance(node, ast.Expr)
              and isinstance(node.value, ast.Constant) and type(node.value.value) is str):
            found.append(('tests', node.value.value))
    return found


def collect_docs(tree, transcript=None, bare=False):
    """[(doc name, [(example, code or None, compile error or None)])]. `bare`: also string
    statements in the module body (a test source may hold examples that way)."""
    pairs = [('tests', transcript)] if transcript is not None else _docstrings(tree, bare)
    docs = []
    for name, text in pairs:
        if '>>>' not in text:
            continue
        try:
            examples = _get_examples(text, name)
        except ValueError:
            continue  # malformed examples: doctest itself would refuse the docstring
        items = []
        for i, ex in enumerate(examples):
            try:
                code = compile(ex.source, '<doctest %s[%d]>' % (name, i), 'single',
                               dont_inherit=True)
                items.append((ex, code, None))
            except (SyntaxError, ValueError) as e:
                items.append((ex, None, e))
        if items:
            docs.append((name, items))
    return docs


def _flags(ex):
    flags = 0
    for flag, on in ex.options.items():
        flags = flags | flag if on else flags & ~flag
    return flags


def _matches(want, got, flags):
    return bool(_check_output(_checker, want, got, flags))


def _exception_line(exc):
    try:
        return ''.join(_format_exception_only(type(exc), exc)[-1:])
    except Exception:
        return type(exc).__name__ + '\n'


def _run_example(code, globs, cap):
    sink = Sink(cap, None)
    saved_out, saved_hook = sys.stdout, sys.displayhook
    sys.stdout, sys.displayhook = TextOut(sink, 0), _displayhook
    exc = None
    try:
        exec(code, globs)
    except BaseException as e:
        exc = e
    finally:
        sys.stdout, sys.displayhook = saved_out, saved_hook
    return sink.value(0), exc


def run_docs(run, docs, ns):
    cap = run.sink.cap
    for _, items in docs:
        globs = dict(ns)
        for ex, code, err in items:
            name = '>>> ' + one_line(ex.source)
            source = ex.source.rstrip('\n')
            expected = ex.want if ex.exc_msg is None else ex.exc_msg
            reported = bool(ex.want) or ex.exc_msg is not None
            if err is not None:
                run.failed(name, source, exc=err)
                continue
            if reported:
                run.begin(name)
            got, exc = _run_example(code, globs, cap)
            flags = _flags(ex)
            if isinstance(exc, KeyboardInterrupt):
                run.failed(name, source, exc=exc)
                raise exc
            if exc is None:
                ok = _matches(ex.want, got, flags)
                if ok and not reported:
                    continue  # a setup line: nothing to check
                actual, message = got, None if ok else 'output differs'
            elif ex.exc_msg is None:
                actual, ok, message = _exception_line(exc), False, 'unexpected exception'
            else:
                actual = _exception_line(exc)
                ok = _matches(ex.exc_msg, actual, flags)
                if not ok and flags & _IGNORE_DETAIL and _strip_details is not None:
                    ok = _matches(_strip_details(ex.exc_msg), _strip_details(actual), flags)
                message = None if ok else 'raised a different exception'
            if ok:
                run.passed(name, source)
            elif exc is not None and ex.exc_msg is None:
                run.failed(name, source, exc=exc, expected=shorten(expected.rstrip('\n')))
            else:
                run.failed(name, source, message=message,
                           expected=shorten(expected.rstrip('\n')),
                           actual=shorten(actual.rstrip('\n')))
