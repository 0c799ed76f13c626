"""Contest programs (stdin -> stdout, and LeetCode-style calls on `Solution()`), run as
LiveCodeBench's judge (lcb_runner/evaluation/testing_util.py) runs them: its prelude of imports,
the program wrapped into one function, its stdin mock, SystemExit swallowed, `quit` disabled.

The expected outputs never come here: each test's output (or returned value) goes to the page
as a signed event, and the page compares (src/kinds/program/). A program cannot read what it is
judged against, and cannot change the comparison. From the moment the program is compiled, the
audit guard (progguard.py) refuses frames, tracing and the garbage collector's object lists, so
it cannot reach the function that signs the events either.
"""

import ast
import io
import os
import sys

# The prelude's modules, imported with the harness: a snapshot holds them, so no run pays for them.
import bisect, collections, copy, datetime, functools, heapq, itertools  # noqa: E401,F401
import json, math, operator, random, re, statistics, string, typing  # noqa: E401,F401

from ._safe import *  # noqa: F401,F403
from . import isolation, progguard, progmocks
from .grading import _esc

# The lines LiveCodeBench puts before every program (its `import_string`).
_MODULES = ('string', 're', 'datetime', 'collections', 'heapq', 'bisect', 'copy', 'math', 'random',
            'statistics', 'itertools', 'functools', 'operator', 'io', 'sys', 'json')
PRELUDE = ''.join('from %s import *\n' % m for m in _MODULES + ('builtins', 'typing')) + \
    ''.join('import %s\n' % m for m in _MODULES) + 'sys.setrecursionlimit(50000)\n'
_OUT_CAP = 1 << 23  # characters of one test's output kept; past that it is cut and marked
_loads = json.loads
_getvalue = io.StringIO.getvalue
_StringIO = io.StringIO
_Module = type(sys)
_sys = sys
_bdict = __import__('builtins').__dict__
_EXIT = _bdict['exit']
_json_str = progmocks.json_str


def _clean_if_name(code):
    """A last `if __name__ == '__main__':` block runs inline, as there."""
    try:
        tree = ast.parse(code)
        last = tree.body[-1]
        if isinstance(last, ast.If) and ast.unparse(last.test).strip() == "__name__ == '__main__'":
            code = ast.unparse(tree.body[:-1]) + '\n' + ast.unparse(last.body)
    except Exception:
        pass
    return code


def _make_function(code):
    """Imports stay at the top; every other statement goes into `wrapped_function()`."""
    try:
        tree = ast.parse(code)
        imports = [s for s in tree.body if isinstance(s, (ast.Import, ast.ImportFrom))]
        rest = [s for s in tree.body if not isinstance(s, (ast.Import, ast.ImportFrom))]
        fn = ast.FunctionDef(name='wrapped_function', args=ast.arguments(
            posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
            body=rest, decorator_list=[], lineno=-1)
        return PRELUDE + '\n' + ast.unparse(imports) + '\n' + ast.unparse(fn)
    except Exception:
        return code


def _describe(e):
    try:
        text = str(e)
    except BaseException:
        text = ''
    try:
        kind = type(e).__name__
    except BaseException:
        kind = 'Exception'
    return '{"type":' + _esc(kind) + ',"message":' + _esc(text) + '}'


def run(job, emit):
    """Runs every test in order, stopping at the first that raises; returns the run's JSON."""
    tests = job['tests']
    code, inputs, fn_name = job['code'], tests['inputs'], tests['funcName']
    state = isolation.save()
    try:
        isolation.enter(state)
        return _judge(code, inputs, fn_name, emit, tests.get('collect') is True)
    finally:
        isolation.restore(state)


def _event(emit, text):
    try:
        emit('verdict', text)
    except Exception:
        pass  # a broken channel must not turn into a verdict


def _judge(code, inputs, fn_name, emit, collect=False):
    """`collect`: selection's run, judging nothing: a raise is noted and the next input runs."""
    esc, describe, send = _esc, _describe, _event
    set_digits = getattr(_sys, 'set_int_max_str_digits', None)
    if set_digits is not None:
        set_digits(50000)  # as compute_code_generation_metrics sets it
    source = PRELUDE + '\n\n' + code if fn_name else _make_function(_clean_if_name(code))
    calls = None
    if fn_name:
        try:
            calls = [[_loads(line) for line in i.split('\n')] for i in inputs]
        except Exception as e:
            send(emit, '{"e":"compile","error":' + describe(e) + '}')
            return '{"status":"error"}'
    # What `from sys import *` and `from builtins import *` bind: the process's own streams,
    # which LiveCodeBench's child process has as /dev/null (stdin) and its terminal (stdout).
    real_in, loose_out, loose_err = open(os.devnull), _StringIO(), _StringIO()
    _sys.stdin = _sys.__stdin__ = real_in
    _sys.stdout = _sys.__stdout__ = loose_out
    _sys.stderr = _sys.__stderr__ = loose_err
    mocks = progmocks.make(real_in)
    isolation.reliability_guard()
    _bdict['exit'] = _EXIT  # LiveCodeBench's guard leaves exit alone
    _bdict['open'] = mocks.open_zero
    progguard.arm()
    # ---- from here on the program has run: locals only ----
    send(emit, '{"e":"begin","i":-1}')
    module = _Module('tmp_sol', '')
    try:
        exec(compile(source, '<string>', 'exec', dont_inherit=True), module.__dict__)
        target = module.__dict__['Solution']() if fn_name and 'class Solution' in code else module
        method = getattr(target, fn_name if fn_name else 'wrapped_function')
    except BaseException as e:
        if isinstance(e, KeyboardInterrupt):
            raise
        send(emit, '{"e":"compile","error":' + describe(e) + '}')
        return '{"status":"error"}'
    finally:
        _bdict['open'] = mocks.real_open
    for i in range(len(inputs)):
        send(emit, '{"e":"begin","i":%d}' % i)
        head = '{"e":"test","i":%d,' % i
        if calls is not None:
            try:
                value = method(*calls[i])
            except BaseException as e:
                if isinstance(e, KeyboardInterrupt):
                    raise
                send(emit, head + '"error":' + describe(e) + '}')
                if collect:
                    continue
                return '{"status":"failed"}'
            if type(value) is tuple:
                value = list(value)
            enc = progmocks.encode(value)
            shown = progmocks.truncated(str(value)) if enc is not None else '<%s object>' % type(value).__name__
            send(emit, head + '"value":' + (enc or 'null,"odd":true') + ',"text":' + _json_str(shown) + '}')
            continue
        captured = _StringIO()
        error = None
        try:
            mocks.enter(inputs[i], captured)
            method()
        except SystemExit:
            pass
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            error = e
        finally:
            mocks.leave(loose_out)
        if error is not None:
            send(emit, head + '"error":' + describe(error) + '}')
            if collect:
                continue
            return '{"status":"failed"}'
        out = _getvalue(captured)
        cut = len(out) > _OUT_CAP
        send(emit, head + '"out":' + _json_str(out[:_OUT_CAP]) + (',"cut":true}' if cut else '}'))
    refused = progguard.take()
    if refused:
        send(emit, '{"e":"refused","what":' + esc(refused[0]) + '}')
    send(emit, '{"e":"end","stdout":' + _json_str(_getvalue(loose_out)[:65536]) + ',"stderr":'
         + _json_str(_getvalue(loose_err)[:65536]) + '}')
    return '{"status":"done"}'


def _warm():
    """What a first program run would load once (ast.unparse's module, what the prelude's star
    imports reach) is loaded now, with the harness: the snapshot then holds it, and no run pays."""
    limit = _sys.getrecursionlimit()
    try:
        exec(compile(_make_function(_clean_if_name('x = input()\nprint(x)')), '<warm>', 'exec'), {})
    finally:
        _sys.setrecursionlimit(limit)


_warm()
