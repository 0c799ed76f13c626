"""time.sleep in the sandbox's worker: it waits in the worker's interrupt buffer, so an interrupt
from the frame wakes it at once and KeyboardInterrupt follows, where a sleep of the C library
would block the worker until it ended. The wait is a read of the worker's device: Python holds no
JavaScript object (src/sandbox/frame/harness-device.ts)."""

import os
import time


def install(path):
    """Replaces time.sleep by one that waits through reads of `path`, a second at a time: a read
    of n bytes waits n milliseconds, or until the interrupt."""
    fd = os.open(path, os.O_RDONLY)

    def sleep(secs, _fd=fd, _read=os.read, _m=time.monotonic):
        if secs < 0:
            raise ValueError("sleep length must be non-negative")
        end = _m() + secs
        while (left := end - _m()) > 0:
            _read(_fd, max(1, int(min(left, 1.0) * 1000)))
            (lambda: None)()  # a call, where Python checks for a pending KeyboardInterrupt

    time.sleep = sleep
