"""The audit guard for contest programs: as grade mode's (grading.py), it refuses frames,
tracing, the garbage collector's object lists, ctypes and the JavaScript bridge once armed,
but lets a program `import gc` to switch collection off, as contest programs do. An audit hook
cannot be removed; the worker puts the whole interpreter back after the run, hook included.
"""

import sys
import types

from ._safe import *  # noqa: F401,F403
from .grading import _BLOCKED_MODULES, _make_guard

_MODULES = _BLOCKED_MODULES - frozenset(('gc', 'faulthandler'))
# Not a dict or list: the harness's tamper check puts those back as they were when imported.
_GUARD = types.SimpleNamespace(hooks=None, kept=None)


def _cut_bridges():
    """As grading's: the JavaScript modules and proxies leave the program's reach. Each is kept
    referenced here meanwhile: dropping the last reference to a JavaScript proxy calls into
    JavaScript, which would mark the run as having reached it and cost the worker."""
    kept = []
    for name in [n for n in sys.modules if n.partition('.')[0] in _BLOCKED_MODULES]:
        kept.append(sys.modules.pop(name))
    for finder in sys.meta_path:
        proxies = getattr(finder, 'jsproxies', None)
        if type(proxies) is dict:
            kept.append(dict(proxies))
            proxies.clear()
    if sys.excepthook is not sys.__excepthook__:
        sys.excepthook = sys.__excepthook__
    _GUARD.kept = kept


def arm():
    """From here until the interpreter is put back, nothing can inspect the judge."""
    if _GUARD.hooks is None:
        _GUARD.hooks = _make_guard(_MODULES, 'judging')
    if sys.gettrace() is not None:
        sys.settrace(None)
    if sys.getprofile() is not None:
        sys.setprofile(None)
    _cut_bridges()
    _GUARD.hooks[1]()
    _GUARD.hooks[0]()


def take():
    return _GUARD.hooks[1]() if _GUARD.hooks is not None else []
