"""How the sandbox's worker runs a job: it calls `serve()` from C (no JavaScript object is ever
handed to Python), and the job, the output and the result pass through the worker's private
device (src/sandbox/frame/harness-device.ts).

The device hands the job out once, to the first read. Every message written back starts with a
kind byte; the verdict, the result and test-gaming flags also carry the run's token, which the job brought and which
lives only in this function's locals: program code that writes to the device cannot forge them
without reaching those locals (docs/security.md).
"""

import os

from ._safe import *  # noqa: F401,F403

DEVICE = '/dev/fixpoint'
_open, _read, _write, _close = os.open, os.read, os.write, os.close
_O_RDWR = os.O_RDWR
_KINDS = {'stdout': b'o', 'stderr': b'e', 'progress': b'p'}
_CUT = {'stdout': b'O', 'stderr': b'E'}
_encode = str.encode
_TOKEN = 32


def _read_job(fd):
    parts = []
    while True:
        chunk = _read(fd, 1 << 20)
        if not chunk:
            return b''.join(parts)
        parts.append(chunk)


def _send(fd, head, text):
    try:
        _write(fd, head + _encode(text, 'utf-8', 'surrogatepass'))
    except Exception:
        pass  # a broken channel must not turn into a verdict


def serve():
    from . import run_job, restore
    fd = _open(DEVICE, _O_RDWR)
    try:
        raw = _read_job(fd)
        token, job = raw[:_TOKEN], raw[_TOKEN:].decode('utf-8')
        del raw
        restore.reseed()

        def emit(kind, text, cut=False, _fd=fd, _token=token):
            if kind == 'verdict':
                _send(_fd, b'V' + _token, text)
            elif kind == 'flags':
                _send(_fd, b'F' + _token, text)
            elif cut and kind in _CUT:
                _send(_fd, _CUT[kind], text)
            elif kind in _KINDS:
                _send(_fd, _KINDS[kind], text)

        result = run_job(job, emit)
        _send(fd, b'R' + token, result)
    except KeyboardInterrupt:
        # The page stopped the run (its time limit, or a contest program judged already): it ends
        # without a result, as it would if this propagated, without printing a traceback first.
        pass
    finally:
        _close(fd)
