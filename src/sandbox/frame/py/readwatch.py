"""reads-tests seen while the program runs: an audit hook, armed for feedback and reference
runs, that notes the program reaching frames, the garbage collector's object lists, tracing or
the harness, however it spelled the call (`getattr(sys, '_get' + 'frame')` included), and sends
each flag to the worker at once, before the program gets what it asked for. The worker keeps
what it was sent and adds it to the run's result (src/sandbox/frame/python-worker.ts), so a
program that then rewrites the harness's frame locals (PEP 667 makes them writable from Python
3.13 on) or its records cannot take a flag back.

The standard library reads frames for its own reasons (namedtuple, dataclasses, typing, enum,
logging): only a call made from the program's own code counts, or one made through `inspect` on
its behalf (a traceback the program prints of its own error does not count). Nothing is refused: grade mode and contest programs refuse outright.
"""

import sys
import types

from ._safe import *  # noqa: F401,F403
from .report import to_json

_EVENTS = {
    'sys._getframe': 'sys._getframe', 'sys._getframemodulename': 'sys._getframemodulename',
    'sys._current_frames': 'sys._current_frames', 'sys._current_exceptions': 'sys._current_exceptions',
    'gc.get_objects': 'gc.get_objects', 'gc.get_referrers': 'gc.get_referrers',
    'gc.get_referents': 'gc.get_referents', 'sys.settrace': 'sys.settrace',
    'sys.setprofile': 'sys.setprofile', 'sys.addaudithook': 'sys.addaudithook',
    'sys.monitoring.register_callback': 'sys.monitoring',
}
_FRAME_ATTRS = frozenset(('tb_frame', 'gi_frame', 'cr_frame', 'ag_frame', 'f_back', 'f_locals',
                          'f_globals'))
# Modules that read frames for whoever called them.
_ON_BEHALF = 'inspect.py'
_HARNESS = __name__.rpartition('.')[0]
# (arm, disarm); not a dict or list: the harness's tamper check puts those back as they were.
_WATCH = types.SimpleNamespace(hooks=None)


def _make():
    # [emit, busy, lines of the program as run in reference mode]; only this closure holds it.
    state = [None, False, 0]
    seen = set()
    getframe, str_startswith, str_endswith = sys._getframe, str.startswith, str.endswith
    events, attrs, on_behalf, harness = _EVENTS, _FRAME_ATTRS, _ON_BEHALF, _HARNESS

    def own_line(frame):
        """The program's line that asked, or None when the standard library asked for itself."""
        while frame is not None:
            code = frame.f_code
            name = code.co_filename
            if name == '<candidate>' or (name == '<string>' and (state[2] == 0 or frame.f_lineno <= state[2])):
                return frame.f_lineno
            if type(name) is not str or not str_endswith(name, on_behalf):
                return None
            frame = frame.f_back
        return None

    def hook(event, args):
        emit = state[0]
        if emit is None or state[1] or type(event) is not str:
            return
        what = events.get(event)
        if what is None:
            if event == 'object.__getattr__' and len(args) > 1 and type(args[1]) is str and args[1] in attrs:
                what = args[1]
            elif event == 'import' and len(args) > 0 and type(args[0]) is str and str_startswith(args[0], harness):
                what = 'the harness'
            else:
                return
        state[1] = True
        try:
            line = own_line(getframe(1))
            if line is None or what in seen:
                return
            seen.add(what)
            flag = {'kind': 'reads-tests', 'line': line,
                    'detail': 'reached %s while the tests ran, which reaches the tests or the harness' % what}
            emit('flags', to_json([flag]))
        except Exception:
            pass
        finally:
            state[1] = False

    def arm(emit, lines):
        """The first arm of a run wins: the program cannot point the hook elsewhere."""
        if state[0] is None:
            seen.clear()
            state[0], state[2] = emit, lines

    def disarm(emit):
        if state[0] is emit:
            state[0] = None

    sys.addaudithook(hook)
    return arm, disarm


def arm(emit, lines=0):
    """From here until disarm(emit), the program's reads are sent as flags through emit.
    lines: in reference mode, the program's lines at the top of '<string>'."""
    if _WATCH.hooks is None:
        _WATCH.hooks = _make()
    _WATCH.hooks[0](emit, lines)


def disarm(emit):
    if _WATCH.hooks is not None:
        _WATCH.hooks[1](emit)
