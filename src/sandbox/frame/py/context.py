"""Per-run bookkeeping: the tests recorded so far, progress events, and the verdict.

Exceptions are kept as objects during the run and formatted by finish(), which run_job calls
after the interpreter state has been restored, so a candidate's patches to the traceback or
linecache modules cannot reach the text.
"""

from ._safe import *  # noqa: F401,F403
from .report import exception_info, safe_str, shorten, syntax_info
from .rewrite import assertion_details


def feedback_reason(exc):
    """The reason text in feedback mode: the exception's str, as the reference has it, except
    where that str alone says nothing: exits and interrupts ("0", "None", "") and empty
    messages get their type name."""
    text = safe_str(exc)
    if isinstance(exc, Exception) or getattr(exc, 'exact_reason', False):
        return text or type(exc).__name__
    return type(exc).__name__ + (': ' + text if text else '')


class Run:
    """Lives in run_job's frame and is passed down; nothing registers it anywhere a candidate
    could look it up by name."""

    __slots__ = ('sink', 'sources', 'tests', 'running', 'status', 'result', 'exception',
                 'first_reason', 'pending', 'run_exc', 'reason')

    def __init__(self, sink, sources, reference=False):
        # Reference mode must give the reference harness's exact text: f"failed: {e}".
        self.reason = safe_str if reference else feedback_reason
        self.sink = sink
        self.sources = sources
        self.tests = []
        self.running = None
        self.status = None
        self.result = None
        self.exception = None
        self.first_reason = None
        self.pending = []    # (test dict, exception, message, context) to format later
        self.run_exc = None  # (exception, SyntaxError location, compiling?) for the run

    def begin(self, name):
        self.sink.flush()
        self.sink.send('progress', name)
        self.running = name

    # -- test outcomes ------------------------------------------------------------------
    def passed(self, name, source=None, message=None):
        t = {'name': name, 'passed': True}
        if source:
            t['source'] = source
        if message:
            t['message'] = message
        self.tests.append(t)
        self.running = None

    def failed(self, name, source=None, exc=None, message=None, actual=None, expected=None,
               context=None):
        t = {'name': name, 'passed': False}
        if source:
            t['source'] = source
        self.tests.append(t)
        if not isinstance(exc, KeyboardInterrupt):
            self.running = None
        details = assertion_details(exc) if exc is not None else None
        reason = message
        if details is not None:
            actual, expected, detail = details
            custom = safe_str(exc) if exc.args else ''
            message = custom or detail
            reason = '%s: %s' % (name, custom) if custom else '%s (expected %s, got %s)' % (
                name, shorten(expected, 100), shorten(actual, 100))
        elif exc is not None:
            self.pending.append((t, exc, message, context))
            reason = exc
        if expected is not None:
            t['expected'] = expected
        if actual is not None:
            t['actual'] = actual
        if exc is None or details is not None:
            _describe(t, message, context)
        if self.first_reason is None:
            self.first_reason = reason or name

    # -- the candidate itself ------------------------------------------------------------
    def compile_candidate(self, code):
        try:
            return compile(code, '<candidate>', 'exec', dont_inherit=True)
        except (SyntaxError, ValueError) as e:
            self.error(e, compiling=True)
            return None

    def exec_candidate(self, compiled, ns):
        """Runs module code; False (and status 'error') if it raised."""
        try:
            exec(compiled, ns)
        except KeyboardInterrupt:
            raise
        except BaseException as e:
            self.error(e)
            return False
        return True

    # -- whole-run outcomes -------------------------------------------------------------
    def error(self, exc, where=None, status='error', compiling=False):
        """The candidate (or the test source) failed before the tests could run. `where`
        relocates a SyntaxError raised by `compiling`."""
        self.status = status
        self.result = 'failed: ' + self.reason(exc)
        self.run_exc = (exc, where, compiling)

    def abort(self, exc):
        """The run was stopped: KeyboardInterrupt (the host's timeout or cancel, or the
        candidate raising it), or the harness itself broke."""
        if isinstance(exc, KeyboardInterrupt):
            self.status = 'failed'
            self.result = 'failed: ' + self.reason(exc)
        else:
            self.status = 'error'
            self.result = 'failed: internal error: ' + type(exc).__name__
        self.run_exc = (exc, None, False)

    def finish(self):
        """Formats what was deferred and settles status and result."""
        for t, exc, message, context in self.pending:
            info = exception_info(exc, self.sources)
            if self.exception is None:
                self.exception = info
            text = safe_str(exc)
            message = info['type'] + (': ' + text if text else '')
            if 'line' in info:
                message += ' (<candidate> line %d)' % info['line']
            _describe(t, message, context)
        if self.run_exc is not None:
            exc, where, compiling = self.run_exc
            if compiling and isinstance(exc, SyntaxError):
                self.exception = syntax_info(exc, self.sources, where)
            else:
                self.exception = exception_info(exc, self.sources)
        reason = self.first_reason
        if isinstance(reason, BaseException):
            reason = self.reason(reason)
        if self.status is not None:
            return
        if any(not t['passed'] for t in self.tests):
            self.status, self.result = 'failed', 'failed: ' + reason
        elif not self.tests:
            self.status, self.result = 'failed', 'failed: no tests ran'
        else:
            self.status, self.result = 'passed', 'passed'


def _describe(t, message, context):
    if context:
        message = (message + ' ' if message else '') + '(with ' + context + ')'
    if message:
        t['message'] = message
