"""Grade mode: the program, then one classroom test, in an interpreter no earlier run touched.

Students are adversaries. A pass here must come from the test's own code running to its end,
so from the moment the program starts, the interpreter refuses what could change that from
inside: trace, profile and monitoring hooks (which can skip lines), frames (which reach the
grader's locals), the garbage collector's object lists, audit hooks of its own, ctypes, and the
JavaScript bridge. A refusal also fails the test, even when the program catches it. An audit hook
cannot be removed; the worker puts the whole interpreter back after the run, hook included.

After the program starts, `run_grade` uses only its own locals, bound before: the program can
patch modules, but nothing it can reach decides or encodes the verdict.
"""

import builtins
import os
import sys
import types

from ._safe import *  # noqa: F401,F403

_PRISTINE = dict(builtins.__dict__)
_BLOCKED_EVENTS = frozenset((
    'sys.settrace', 'sys.setprofile', 'sys._getframe', 'sys._getframemodulename',
    'sys._current_frames', 'sys._current_exceptions', 'sys.addaudithook',
    'sys.monitoring.register_callback', 'gc.get_objects', 'gc.get_referrers', 'gc.get_referents',
    'gc.get_freeze_count', 'cpython.remote_debugger_script',
))
_FRAME_ATTRS = frozenset(('tb_frame', 'gi_frame', 'cr_frame', 'ag_frame', 'f_back', 'f_locals',
                          'f_globals', 'gi_suspended', 'cr_suspended'))
_BLOCKED_MODULES = frozenset((
    'ctypes', '_ctypes', 'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'gc',
    'micropip', '_testcapi', '_testinternalcapi', '_testlimitedcapi', '_testsinglephase',
    '_interpreters', '_interpchannels', '_interpqueues', '_xxsubinterpreters', 'faulthandler',
))
# (arm, take), installed with the first graded run for the interpreter's life. Not a list: the
# harness's tamper check puts module-level lists back as they were when it was imported.
_GUARD = types.SimpleNamespace(hooks=None, streams=None)


def _make_guard(blocked_modules=_BLOCKED_MODULES, doing='grading'):
    """An audit hook, off until armed, that refuses the blocked events, frame attributes and
    modules; returns (arm, take), take giving and clearing what it refused."""
    armed = [False]
    refused = []
    str_partition, str_startswith = str.partition, str.startswith
    blocked_events, frame_attrs = _BLOCKED_EVENTS, _FRAME_ATTRS
    error = RuntimeError

    def hook(event, args):
        if not armed[0]:
            return
        if type(event) is not str:
            return
        bad = event in blocked_events or str_startswith(event, 'ctypes.')
        if not bad and event == 'object.__getattr__' and len(args) > 1:
            bad = type(args[1]) is not str or args[1] in frame_attrs
        if not bad and event == 'import' and len(args) > 0:
            name = args[0]
            bad = type(name) is not str or str_partition(name, '.')[0] in blocked_modules
        if bad:
            refused.append(event)
            raise error('not allowed while ' + doing + ': ' + event)

    def arm():
        armed[0] = True

    def take():
        out = refused[:]
        refused.clear()
        return out

    sys.addaudithook(hook)
    return arm, take


def _cut_bridges():
    """The program must not reach JavaScript (and through it the interpreter's memory)."""
    for name in [n for n in sys.modules if n.partition('.')[0] in _BLOCKED_MODULES]:
        del sys.modules[name]
    for finder in sys.meta_path:
        proxies = getattr(finder, 'jsproxies', None)
        if type(proxies) is dict:
            proxies.clear()
    if sys.excepthook is not sys.__excepthook__:
        sys.excepthook = sys.__excepthook__


def _esc(s, _iter=str.__iter__, _ord=ord, _chr=chr, _len=len, _join=''.join, _type=type, _str=str):
    """A JSON string literal, built from builtins only (json's encoder can be patched)."""
    if _type(s) is not _str and not isinstance(s, _str):
        return '"?"'
    out = ['"']
    n = 0
    for c in _iter(s):
        n += 1
        if n > 2000:
            out.append('\u2026')
            break
        o = _ord(c)
        if c == '"' or c == '\\' or o < 0x20 or o > 0x7e:
            if o > 0xFFFF:
                o -= 0x10000
                out.append('\\u%04x\\u%04x' % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
            else:
                out.append('\\u%04x' % o)
        else:
            out.append(c)
    out.append('"')
    return _join(out)


def run_grade(job):
    code, source = job['code'], job['tests'].get('source', '')
    name = 'test'
    if _GUARD.hooks is None:
        _GUARD.hooks = _make_guard()
    arm, take = _GUARD.hooks
    esc, exec_, compile_, type_, str_, len_ = _esc, exec, compile, type, str, len
    BaseExc, AssertErr, SysExit, KbInt = BaseException, AssertionError, SystemExit, KeyboardInterrupt
    module_type, modules, pristine, dict_ = types.ModuleType, sys.modules, _PRISTINE, dict
    lines = source.split('\n')

    def result(status, message):
        passed = 'true' if status == 'passed' else 'false'
        text = 'passed' if status == 'passed' else 'failed: ' + message
        return ('{"status":' + esc(status) + ',"result":' + esc(text) + ',"tests":[{"name":' + esc(name)
                + ',"passed":' + passed + ',"message":' + esc(message) + '}],"stdout":"","stderr":"",'
                + '"truncated":false}')

    def describe(e):
        try:
            text = str_(e)
        except BaseExc:
            text = ''
        try:
            kind = type_(e).__name__
        except BaseExc:
            kind = 'Exception'
        return kind, text

    try:
        program = compile_(code, '<candidate>', 'exec', dont_inherit=True)
    except BaseExc as e:
        return result('error', 'the code does not compile: %s' % describe(e)[1])
    try:
        test = compile_(source, '<tests>', 'exec', dont_inherit=True)
    except BaseExc as e:
        return result('error', 'the test does not compile: %s' % describe(e)[1])

    if _GUARD.streams is None:
        # Opened once: output is not part of a grade, and a floods costs nothing here.
        _GUARD.streams = (open(os.devnull, 'w'), open(os.devnull, 'w'), open(os.devnull))
    sys.stdout, sys.stderr, sys.stdin = sys.__stdout__, sys.__stderr__, sys.__stdin__ = _GUARD.streams
    if sys.gettrace() is not None:
        sys.settrace(None)
    if sys.getprofile() is not None:
        sys.setprofile(None)
    _cut_bridges()
    take()
    module = module_type('candidate')
    ns = module.__dict__
    modules['candidate'] = module
    arm()
    # ---- from here on the program has run: locals only ----
    status, message = 'passed', ''
    try:
        exec_(program, ns)
    except BaseExc as e:
        kind, text = describe(e)
        status = 'error'
        if isinstance(e, SysExit):
            message = 'the program exited before the test ran'
        else:
            message = '%s while the program loaded: %s' % (kind, text)
    if status == 'passed':
        names = dict_(pristine)
        names['__name__'] = '__test__'
        test_ns = {'__builtins__': names, '__name__': '__test__'}
        for k in list(ns):
            if type_(k) is str_ and not k.startswith('__') and k not in pristine:
                test_ns[k] = ns[k]
        try:
            exec_(test, test_ns)
        except BaseExc as e:
            kind, text = describe(e)
            if isinstance(e, AssertErr):
                status = 'failed'
                line = ''
                try:
                    tb = e.__traceback__
                    nxt = tb.tb_next if tb is not None else None
                    n = nxt.tb_lineno if nxt is not None else 0
                    if type_(n) is int and 0 < n <= len_(lines):
                        line = lines[n - 1].strip()
                except BaseExc:
                    pass
                message = text or ('assertion failed: ' + line if line else 'assertion failed')
            elif isinstance(e, SysExit):
                status, message = 'error', 'the program exited during the test'
            elif isinstance(e, KbInt):
                status, message = 'error', 'interrupted'
            else:
                status, message = 'error', '%s: %s' % (kind, text)
    refused = take()
    if refused:
        status = 'error'
        message = 'the program tried to inspect or change the grader (%s)' % refused[0]
    return result(status, message)
