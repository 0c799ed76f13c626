"""Tamper evidence for the harness's own code.

Run code shares the interpreter with the harness and can find its modules and classes (through
gc, frames or tracebacks) and rewrite them: swap `runners.drive` for one that records every
test as passed, or make `Run.failed` do what `Run.passed` does. Such a patch would also outlive
the run and grade every later run. So the state of each harness module, class and function is
recorded when the harness is imported; `restore()` puts it back and says whether anything had
changed, and run_job calls it after a run (a change means the verdict cannot be trusted). Nothing
outlives a run: the worker puts the whole interpreter back to the copy taken before its first run
(src/sandbox/frame/pristine.ts), or replaces it. Contest programs skip the check: the page judges
them from signed events alone (program.py).

Best-effort: this module and the objects a run creates (its Run record, its sink) are as
reachable as the rest; a program that rewrites the run's own record through the harness's
frames, or this check itself, is not caught.
"""

import sys

from ._safe import *  # noqa: F401,F403

_PACKAGE = __name__.rpartition('.')[0]
_FunctionType = type(lambda: None)
_WRAPPERS = (staticmethod, classmethod)
_property = property
_type_dict = type.__dict__['__dict__'].__get__
_type_setattr = type.__setattr__
_type_delattr = type.__delattr__
_set_code = _FunctionType.__dict__['__code__'].__set__
_set_defaults = _FunctionType.__dict__['__defaults__'].__set__
_set_kwdefaults = _FunctionType.__dict__['__kwdefaults__'].__set__
_CLASS_SKIP = ('__dict__', '__weakref__', '__doc__')
_MISSING = object()
# [modules, classes, functions, containers], filled by seal(); a list so that sealing does not
# change this module's own dict after it was recorded.
_SAVED = [(), (), (), ()]
# Changed by every run by design (isolation saves and restores them), or this module's record.
_SKIP = (sys.modules, sys.__dict__, _SAVED,
         __builtins__ if type(__builtins__) is dict else __builtins__.__dict__)


def _functions_of(value, out):
    if type(value) is _FunctionType:
        out[id(value)] = value
    elif type(value) in _WRAPPERS:
        _functions_of(value.__func__, out)
    elif type(value) is _property:
        for f in (value.fget, value.fset, value.fdel):
            _functions_of(f, out)


def _cells(f):
    out = []
    for c in f.__closure__ or ():
        try:
            out.append(c.cell_contents)
        except ValueError:
            out.append(_MISSING)
    return tuple(out)


def _record():
    modules, classes, functions, containers = [], [], {}, []
    for name, mod in list(sys.modules.items()):
        if name != _PACKAGE and not name.startswith(_PACKAGE + '.'):
            continue
        d = mod.__dict__
        modules.append((d, dict(d)))
        for value in d.values():
            if isinstance(value, type) and str(value.__module__).startswith(_PACKAGE):
                cd = _type_dict(value)
                classes.append((value, dict(cd)))
                for member in cd.values():
                    _functions_of(member, functions)
            elif type(value) in (dict, list, set):
                if not any(value is s for s in _SKIP):
                    containers.append((value, value.copy()))
            else:
                _functions_of(value, functions)
    states = [(f, f.__code__, f.__defaults__, f.__kwdefaults__, _cells(f))
              for f in functions.values()]
    return modules, classes, states, containers


def _restore_dict(d, saved):
    changed = False
    for k in [k for k in d if k not in saved]:
        del d[k]
        changed = True
    for k, v in saved.items():
        if d.get(k, _MISSING) is not v:
            d[k] = v
            changed = True
    return changed


def _restore_class(cls, saved):
    current, changed = _type_dict(cls), False
    for k in [k for k in current if k not in saved]:
        _type_delattr(cls, k)
        changed = True
    for k, v in saved.items():
        if current.get(k) is not v and k not in _CLASS_SKIP:
            _type_setattr(cls, k, v)
            changed = True
    return changed


def _restore_function(f, code, defaults, kwdefaults, cells):
    changed = False
    if f.__code__ is not code:
        _set_code(f, code)
        changed = True
    if f.__defaults__ is not defaults:
        _set_defaults(f, defaults)
        changed = True
    if f.__kwdefaults__ is not kwdefaults:
        _set_kwdefaults(f, kwdefaults)
        changed = True
    for cell, value in zip(f.__closure__ or (), cells):
        try:
            same = cell.cell_contents is value
        except ValueError:
            same = value is _MISSING
        if not same:
            if value is _MISSING:
                del cell.cell_contents
            else:
                cell.cell_contents = value
            changed = True
    return changed


def _restore_container(c, saved):
    if type(c) is dict:
        return _restore_dict(c, saved)
    if type(c) is list:
        if len(c) == len(saved) and all(a is b for a, b in zip(c, saved)):
            return False
        c[:] = saved
        return True
    if c == saved:
        return False
    c.clear()
    c.update(saved)
    return True


def restore():
    """Puts every recorded harness object back as it was when sealed; True if any had changed."""
    modules, classes, functions, containers = _SAVED
    changed = False
    for d, saved in modules:
        changed = _restore_dict(d, saved) or changed
    for cls, saved in classes:
        changed = _restore_class(cls, saved) or changed
    for state in functions:
        changed = _restore_function(*state) or changed
    for c, saved in containers:
        changed = _restore_container(c, saved) or changed
    return changed


def seal():
    """Records the harness as it is now: called once, at the end of the package's import."""
    _SAVED[:] = _record()
