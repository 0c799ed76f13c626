"""time.sleep in the sandbox's worker: it waits in the worker's interrupt buffer, so an interrupt
from the frame wakes it at once and KeyboardInterrupt follows, where a sleep of the C library
would block the worker until it ended."""

import time


def install(wait):
    """Replaces time.sleep by one that waits through `wait(milliseconds)`, a second at a time."""

    def sleep(secs, _w=wait, _m=time.monotonic):
        if secs < 0:
            raise ValueError("sleep length must be non-negative")
        end = _m() + secs
        while (left := end - _m()) > 0:
            _w(min(left, 1.0) * 1000)
            (lambda: None)()  # a call, where Python checks for a pending KeyboardInterrupt

    time.sleep = sleep
