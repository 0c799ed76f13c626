"""Trace mode: after a feedback run has settled its verdict, the first failing test runs again
under sys.settrace, confined to the candidate's own code ("<candidate>"), and what the program
did comes back as steps: the line, and the values of the function's locals as the line began.

Everything is bounded, so the trace fits a model's context and a hostile program cannot stretch
it: the first MAX_STEPS events, a line run more than REPEATS times folded into one step (how
often, with the values of the first and the last time), each value cut to VALUE_CHARS, at most
MAX_LOCALS values per step, MAX_CHARS in all, calls no deeper than MAX_DEPTH, and a deadline
after which the traced test is stopped. The trace never changes the verdict: run_job has
reported it before this starts.
"""

import sys
import time
import types

from ._safe import *  # noqa: F401,F403
from .context import Run
from .report import safe_repr, safe_str, shorten

MAX_STEPS = 40
REPEATS = 3
MAX_CHARS = 4000
STEP_CHARS = 40  # what a step costs besides its values: its line, event and function
VALUE_CHARS = 80
MAX_LOCALS = 8
MAX_DEPTH = 60
_ITEMS = 5

_settrace = sys.settrace
_monotonic = time.monotonic
_HIDDEN_TYPES = (types.FunctionType, types.ModuleType, type, types.BuiltinFunctionType,
                 types.MethodType)


class TraceDone(BaseException):
    """Ends the re-run once the traced test has finished (raised in harness frames only)."""


class TraceTimeUp(BaseException):
    """Raised into the traced code when the trace's time is up."""


def _container(x, level):
    if isinstance(x, dict):
        n, it, opening, closing = dict.__len__(x), iter(dict.items(x)), '{', '}'
    elif isinstance(x, list):
        n, it, opening, closing = list.__len__(x), list.__iter__(x), '[', ']'
    elif isinstance(x, tuple):
        n, it, opening, closing = tuple.__len__(x), tuple.__iter__(x), '(', ')'
    else:
        n, it = len(x), iter(x)
        opening, closing = ('{', '}') if type(x) is set else (type(x).__name__ + '({', '})')
        if n == 0:
            return type(x).__name__ + '()'
    if level <= 0:
        return opening + ('\u2026' if n else '') + closing
    parts = []
    for _ in range(min(n, _ITEMS)):
        item = next(it)
        if type(item) is tuple and opening == '{' and isinstance(x, dict):
            parts.append(brief(item[0], level - 1) + ': ' + brief(item[1], level - 1))
        else:
            parts.append(brief(item, level - 1))
    if n > _ITEMS:
        parts.append('\u2026 %d more' % (n - _ITEMS))
    if n == 1 and opening == '(':
        parts[0] += ','
    return opening + ', '.join(parts) + closing


def brief(x, level=2):
    """A short repr that costs little whatever the size of x: only the first items of a
    container are looked at, and never sorted."""
    t = type(x)
    try:
        if t is str or t is bytes:
            s = t.__repr__(x[:VALUE_CHARS])
            if len(x) > VALUE_CHARS:
                s += '\u2026 [%d chars]' % len(x)
            return s
        if t is int:
            if int.bit_length(x) > 200:
                return '<int of about %d digits>' % (int.bit_length(x) * 30103 // 100000)
            return int.__repr__(x)
        if t is float or t is bool or x is None:
            return repr(x)
        if isinstance(x, (list, tuple, dict, set, frozenset)):
            s = _container(x, level)
        else:
            s = safe_repr(x)
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        s = '<unrepresentable %s: %s>' % (type(x).__name__, type(e).__name__)
    return shorten(s, VALUE_CHARS)


def _locals(frame):
    """A shallow copy of the frame's local names that a reader would look at."""
    try:
        items = list(frame.f_locals.items())
    except KeyboardInterrupt:
        raise
    except BaseException:
        return []
    out = []
    for k, v in items:
        if type(k) is str and not k.startswith('__') and not isinstance(v, _HIDDEN_TYPES):
            out.append((k, v))
            if len(out) >= MAX_LOCALS:
                break
    return out


class Tracer:
    __slots__ = ('steps', 'counts', 'folded', 'chars', 'omitted', 'depth', 'on', 'started',
                 'stopped', 'deadline', 'raising')

    def __init__(self, deadline):
        self.steps = []     # dicts; a folded step holds raw values until finish()
        self.counts = {}    # (code, event, line) -> times seen
        self.folded = {}    # (code, event, line) -> its folded step
        self.chars = 0
        self.omitted = 0
        self.depth = 0
        self.on = False
        self.started = False
        self.stopped = None
        self.deadline = deadline
        self.raising = None  # the frame an exception is leaving: its 'return' says nothing

    def start(self):
        self.on = self.started = True
        _settrace(self.on_call)

    def stop(self, reason=None):
        if reason is not None and self.stopped is None:
            self.stopped = reason
        self.on = False
        _settrace(None)

    def on_call(self, frame, event, arg):
        if not self.on or event != 'call':
            return None
        code = frame.f_code
        if code.co_filename != '<candidate>':
            return None
        if self.depth >= MAX_DEPTH:
            self.stop('calls nested deeper than %d' % MAX_DEPTH)
            return None
        self.depth += 1
        self.record(frame, code, 'call', code.co_firstlineno, None)
        return self.on_event

    def on_event(self, frame, event, arg):
        if not self.on:
            return None
        if event == 'return':
            self.depth -= 1
        if _monotonic() > self.deadline:
            self.stop('the time for tracing ran out')
            raise TraceTimeUp('tracing stopped: out of time')
        if event == 'return' and frame is self.raising:
            return self.on_event
        self.raising = frame if event == 'exception' else None
        if event in ('line', 'return', 'exception'):
            self.record(frame, frame.f_code, event, frame.f_lineno, arg)
        return self.on_event

    def record(self, frame, code, event, line, arg):
        key = (code, event, line)
        n = self.counts.get(key, 0) + 1
        self.counts[key] = n
        full = len(self.steps) >= MAX_STEPS or self.chars >= MAX_CHARS
        if n > REPEATS:
            step = self.folded.get(key)
            if step is None:
                if full:
                    self.omitted += 1
                    return
                step = {'line': line, 'event': event, 'function': code.co_name, 'hits': 0,
                        'locals': self.values(_locals(frame))}
                # Room for the last values too, shown by finish() without being counted again.
                self.chars += STEP_CHARS + sum(len(k) + len(v) + 2 for k, v in step['locals'])
                self.folded[key] = step
                self.steps.append(step)
            step['hits'] += 1
            step['last'] = _locals(frame)  # shown by finish(): a copy of the names, not a repr
            return
        if full:
            self.omitted += 1
            return
        step = {'line': line, 'event': event, 'function': code.co_name,
                'locals': self.values(_locals(frame) if event != 'return' else [])}
        if event == 'return':
            step['value'] = brief(arg)
        elif event == 'exception' and type(arg) is tuple and len(arg) > 1:
            step['value'] = shorten(type(arg[1]).__name__ + ': ' + safe_str(arg[1]), VALUE_CHARS * 2)
        self.chars += STEP_CHARS + len(step.get('value', ''))
        self.steps.append(step)

    def values(self, pairs):
        out = []
        for k, v in pairs:
            r = brief(v)
            self.chars += len(k) + len(r) + 2
            out.append([k, r])
        return out

    def finish(self, name):
        """The trace as RunResult.trace. Called while the run is still isolated: showing the last
        values of a folded line calls the program's own __repr__."""
        self.stop()
        for step in self.folded.values():
            if step['hits'] > 1:
                step['last'] = self.values(step['last'])
            else:
                step.pop('last', None)
        out = {'test': name, 'steps': self.steps, 'omitted': self.omitted}
        if self.stopped is not None:
            out['stopped'] = self.stopped
        return out


class TraceRun(Run):
    """A Run for the re-run: quiet, and tracing only the `which`-th test named `name`."""

    __slots__ = ('tracer', 'target', 'seen', 'trace')

    def __init__(self, sink, sources, tracer, name, which):
        Run.__init__(self, sink, sources)
        self.tracer = tracer
        self.target = (name, which)
        self.seen = 0
        self.trace = None

    def begin(self, name):
        self.running = name
        if name == self.target[0]:
            self.seen += 1
            if self.seen == self.target[1]:
                self.tracer.start()

    def passed(self, name, source=None, message=None):
        if self.tracer.started:
            self.tracer.stop()
            raise TraceDone()  # it passed this time: its trace would explain nothing

    def failed(self, name, source=None, exc=None, message=None, actual=None, expected=None,
               context=None):
        if self.tracer.started:
            self.trace = self.tracer.finish(self.target[0])
            raise TraceDone()


def first_failure(tests):
    """(name, which) of the first failing test: which-th of the tests of that name."""
    for i, t in enumerate(tests):
        if not t['passed']:
            name = t['name']
            return name, 1 + sum(1 for u in tests[:i] if u['name'] == name)
    return None
