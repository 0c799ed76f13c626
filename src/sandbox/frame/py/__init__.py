"""fixpoint_harness: runs one job (src/shared/run.ts RunJob) in this interpreter and reports
its RunResult, less durationMs, which the host measures.

    from fixpoint_harness import run_job
    result_json = run_job(job_json, emit)   # emit(kind, text); kind: stdout, stderr, progress,
                                            # verdict, flags

Works the same in the Pyodide worker and under native CPython (where the tests call it).
"""

import json
import sys
import time

from ._safe import *  # noqa: F401,F403
from . import grading, integrity, isolation, program, readwatch, tracing
from .gaming import freeze, merge, static_flags, thaw
from .gamingrun import canary_flags, exit_flags, wants_canary
# Called by the worker after it boots (a snapshot holds them imported, so nothing is compiled then).
from . import restore, sleep  # noqa: F401
from .context import Run
from .output import Sink, TextIn, TextOut, WriteOnlyStringIO
from .report import Sources, to_json
from .runners import run_feedback, run_reference
from .unittests import reset_classes

__all__ = ['run_job']

_loads = json.loads
_sys = sys
_DEFAULT_CAP = 64 * 1024
_monotonic = time.monotonic
# The share of the time left after the tests that tracing may use, and its most in seconds.
_TRACE_SHARE, _TRACE_MOST = 0.4, 1.0


def _str(d, key):
    v = d.get(key)
    return v if type(v) is str else ''


def _tests(spec):
    """The TestSpec with the fields its kind needs, each of the right type."""
    if type(spec) is not dict:
        return {'kind': 'none'}
    kind = spec.get('kind')
    if kind == 'humaneval':
        return {'kind': kind, 'test': _str(spec, 'test'), 'entryPoint': _str(spec, 'entryPoint')}
    if kind == 'mbpp':
        asserts = spec.get('asserts')
        asserts = [a for a in asserts if type(a) is str] if type(asserts) is list else []
        return {'kind': kind, 'setup': _str(spec, 'setup'), 'asserts': asserts}
    if kind == 'user':
        return {'kind': kind, 'source': _str(spec, 'source')}
    if kind == 'program':
        inputs = spec.get('inputs')
        inputs = [i for i in inputs if type(i) is str] if type(inputs) is list else []
        return {'kind': kind, 'inputs': inputs, 'funcName': _str(spec, 'funcName'),
                'collect': spec.get('collect') is True}
    return {'kind': 'none'}


def _parse(job_json):
    job = _loads(job_json)
    if type(job) is not dict:
        job = {}
    limits = job.get('limits')
    cap = limits.get('outputCap') if type(limits) is dict else None
    if type(cap) is float and 0 <= cap < 1e15:
        cap = int(cap)
    timeout = limits.get('timeoutSec') if type(limits) is dict else None
    mode = job.get('mode') if job.get('mode') in ('reference', 'grade') else 'feedback'
    return {
        'code': _str(job, 'code'),
        'tests': _tests(job.get('tests')),
        'cap': cap if type(cap) is int and cap >= 0 else _DEFAULT_CAP,
        'stdin': _str(job, 'stdin'),
        'mode': mode,
        'timeout': float(timeout) if type(timeout) in (int, float) and 0 < timeout < 1e6 else 3.0,
        'trace': job.get('trace') is True and mode == 'feedback',
        'flags': job.get('flags') is not False,
    }


def _install_streams(job, sink):
    if job['mode'] == 'reference':
        # swallow_io: one write-only stream serves as stdout, stderr and stdin.
        stream = WriteOnlyStringIO(sink)
        out = err = inp = stream
    else:
        out, err, inp = TextOut(sink, 0), TextOut(sink, 1), TextIn(job['stdin'])
    _sys.stdout = _sys.__stdout__ = out
    _sys.stderr = _sys.__stderr__ = err
    _sys.stdin = _sys.__stdin__ = inp


_TAMPERED = 'failed: the program changed the test harness, so its result cannot be trusted'


def run_job(job_json, emit):
    # Every run starts in an interpreter put back to the copy taken before the first (pristine.ts),
    # so the harness stands as it was sealed; integrity is checked after a run only.
    started = _monotonic()
    job = _parse(job_json)
    if job['mode'] == 'grade':
        return _grade(job, emit, started)
    if job['tests']['kind'] == 'program':
        # The page judges from the signed events alone, and the interpreter is put back after.
        return program.run(job, emit)
    flags = freeze(static_flags(job['code'], job['tests'])) if job['flags'] else ()
    _hold(flags, emit)
    sink = Sink(job['cap'], emit)
    run = Run(sink, Sources(job['code'], ''), job['mode'] == 'reference')
    state = isolation.save()
    failure = None
    try:
        isolation.enter(state)
        _install_streams(job, sink)
        if job['flags']:
            readwatch.arm(emit, job['code'].count('\n') + 1 if job['mode'] == 'reference' else 0)
        if job['mode'] == 'reference':
            isolation.reliability_guard()
            run_reference(job, run)
        else:
            run_feedback(job, run)
    except BaseException as e:
        failure = e
    finally:
        readwatch.disarm(emit)
        isolation.restore(state)
        reset_classes()
    if failure is not None:
        run.abort(failure)
    run.finish()
    # After finish(): formatting an exception can call the program's own __str__.
    if integrity.restore():
        run.status, run.result = 'error', _TAMPERED
    flags = freeze(merge(flags, exit_flags(run, job['code'])))
    stdout, stderr, truncated = sink.finish()
    result = {'status': run.status, 'result': run.result, 'tests': run.tests, 'flags': merge(flags, [])}
    if run.exception is not None:
        result['exception'] = run.exception
    result['stdout'] = stdout
    result['stderr'] = stderr
    result['truncated'] = truncated
    if run.running is not None:
        result['runningTest'] = run.running
    verdict = to_json(result)
    target = tracing.first_failure(run.tests) if job['trace'] and run.status == 'failed' else None
    canary = target is None and run.status == 'passed' and job['flags'] and wants_canary(job, _monotonic() - started)
    if target is None and not canary:
        return verdict
    # The verdict goes out first: the host keeps it if tracing or the canary is stopped, or the
    # interpreter dies.
    try:
        emit('verdict', verdict)
    except Exception:
        pass
    if target is None:
        more = canary_flags(job, _install_streams)
        return verdict if not more else to_json(dict(result, flags=merge(flags, more)))
    trace = _trace(job, target, started)
    return verdict if trace is None else verdict[:-1] + ',"trace":' + to_json(trace) + '}'


def _trace(job, target, started):
    """The first failing test again, traced; None when it cannot be (out of time, the program
    behaved differently, or it changed the harness)."""
    left = job['timeout'] - (_monotonic() - started)
    budget = min(_TRACE_MOST, left * _TRACE_SHARE)
    if budget < 0.05:
        return None
    sink = Sink(job['cap'], None)  # kept as the first time (doctests read it), never sent again
    tracer = tracing.Tracer(_monotonic() + budget)
    run = tracing.TraceRun(sink, Sources(job['code'], ''), tracer, target[0], target[1])
    state = isolation.save()
    try:
        isolation.enter(state)
        _install_streams(job, sink)
        run_feedback(job, run)
    except BaseException:
        pass  # TraceDone, the host's interrupt, or a harness failure: the verdict stands either way
    finally:
        tracer.stop()
        isolation.restore(state)
        reset_classes()
    if integrity.restore():
        return None
    return run.trace


def _hold(flags, emit):
    """The static flags go to the worker before the program runs: it adds them to the result
    whatever the program does to the harness's locals (readwatch.py)."""
    if flags:
        try:
            emit('flags', to_json(thaw(flags)))
        except Exception:
            pass


def _grade(job, emit, started):
    flags = static_flags(job['code'], job['tests']) if job['flags'] else []  # before the program runs
    _hold(freeze(flags), emit)
    state = isolation.save()
    try:
        isolation.enter(state)
        out = grading.run_grade(job)
    finally:
        isolation.restore(state)
        reset_classes()
    # A file the program left open warns when it is freed, from whichever harness line freed it.
    for mod in list(_sys.modules.values()):
        if type(getattr(mod, '__name__', None)) is str and mod.__name__.startswith(__name__):
            mod.__dict__.pop('__warningregistry__', None)
    if integrity.restore():
        return _GRADE_TAMPERED
    if job['flags'] and out.startswith(_GRADE_PASSED) and wants_canary(job, _monotonic() - started):
        # The grade goes out first: a canary that hangs or crashes leaves it as it was.
        verdict = out if not flags else out[:-1] + ',"flags":' + to_json(flags) + '}'
        try:
            emit('verdict', verdict)
        except Exception:
            pass
        flags = merge(freeze(flags), canary_flags(job, lambda job, sink: None))
    return out if not flags else out[:-1] + ',"flags":' + to_json(flags) + '}'


_GRADE_PASSED = '{"status":"passed"'
_GRADE_TAMPERED = ('{"status":"error","result":"%s","tests":[{"name":"test","passed":false,'
                   '"message":"%s"}],"stdout":"","stderr":"","truncated":false}') % (_TAMPERED, _TAMPERED)

# The worker's entry (channel.serve), imported before the seal so the tamper check records it.
from . import channel  # noqa: E402,F401

integrity.seal()
