"""Drives the generator that plan.plan_check made of HumanEval's check(): one event per test
start, failure or pass, so each assert is reported on its own and a failure does not stop the
rest. The events come from check()'s own frame; the candidate, called from inside the tests,
has no way to yield into it.
"""

from ._safe import *  # noqa: F401,F403
from . import plan
from .report import safe_repr, shorten


def _loop_context(names, values):
    return ', '.join('%s=%s' % (n, shorten(safe_repr(v), 80)) for n, v in zip(names, values))


def drive(run, gen, meta):
    """Runs the generator plan.plan_check made of check(), one event at a time."""
    cur, seen = None, -1
    while True:
        try:
            ev = gen.send(None)
        except StopIteration:
            break
        except BaseException as e:
            # Raised by a statement of check() that is not itself a test.
            line = None
            tb = e.__traceback__
            while tb is not None:
                if tb.tb_frame.f_code.co_filename == '<tests>':
                    line = tb.tb_lineno
                tb = tb.tb_next if line is None else None
            if cur is not None:
                run.failed(cur[0], cur[1], exc=e)
            else:
                stmt = run.sources.line('<tests>', line) or 'check()'
                run.failed(stmt, exc=e)
            if isinstance(e, KeyboardInterrupt):
                raise
            for t in meta[seen + 1:]:
                run.failed(t.name, t.source, message='not run: check() stopped early')
            return
        if type(ev) is not tuple or len(ev) < 2 or type(ev[1]) is not int \
                or not 0 <= ev[1] < len(meta):
            continue
        t = meta[ev[1]]
        if ev[0] == plan.BEGIN:
            if cur is not None:
                run.passed(cur[0], cur[1])
            name = t.name
            if t.loop and len(ev) > 2:
                name += ' [' + _loop_context(t.targets, ev[2]) + ']'
            cur, seen = (name, t.source), max(seen, ev[1])
            run.begin(name)
        elif ev[0] == plan.FAIL and cur is not None:
            exc, context = ev[2], None
            if t.targets and not t.loop:
                frame = gen.gi_frame
                local = frame.f_locals if frame is not None else {}
                context = _loop_context(t.targets, [local.get(n) for n in t.targets])
            run.failed(cur[0], cur[1], exc=exc, context=context)
            cur = None
            if isinstance(exc, KeyboardInterrupt):
                try:
                    gen.close()
                except BaseException:
                    pass  # test code that swallows GeneratorExit; the run is over anyway
                raise exc
        elif ev[0] == plan.PASS and cur is not None:
            run.passed(cur[0], cur[1])
            cur = None
    if cur is not None:
        run.passed(cur[0], cur[1])
