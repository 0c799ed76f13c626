"""Capped, batched output streams and the stdin a run reads from."""

import io

from ._safe import *  # noqa: F401,F403

STREAMS = ('stdout', 'stderr')
_BATCH = 4096
_CHUNK = 1 << 20


def utf8_len(s):
    if s.isascii():
        return len(s)
    # Chunked so that measuring a huge non-ASCII line never holds a second full copy.
    n = 0
    for i in range(0, len(s), _CHUNK):
        n += len(s[i:i + _CHUNK].encode('utf-8', 'surrogatepass'))
    return n


def _cut_utf8(s, nbytes):
    """The longest prefix of s that fits in nbytes of UTF-8."""
    if s.isascii():
        return s[:nbytes]
    return s[:nbytes].encode('utf-8', 'surrogatepass')[:nbytes].decode('utf-8', 'ignore')


def _as_str(s):
    if type(s) is str:
        return s
    if isinstance(s, str):
        return str.__str__(s)
    raise TypeError('write() argument must be str, not ' + type(s).__name__)


class Sink:
    """Keeps at most `cap` bytes of stdout+stderr, counts the rest, and forwards what it keeps
    to `emit` in batches, in the order it was written."""

    __slots__ = ('cap', 'used', 'kept', 'dropped', 'emit', 'pend', 'pend_kind', 'pend_len', 'cut')

    def __init__(self, cap, emit):
        self.cap = cap if type(cap) is int and cap >= 0 else 65536
        self.used = 0
        self.kept = ([], [])
        self.dropped = [0, 0]
        self.emit = emit
        self.pend = []
        self.pend_kind = 0
        self.pend_len = 0
        self.cut = False

    def put(self, idx, s):
        room = self.cap - self.used
        if room <= 0:
            self.dropped[idx] += utf8_len(s)
            self.notice(idx)
            return
        n = utf8_len(s)
        over = n > room
        if over:
            part = _cut_utf8(s, room)
            self.dropped[idx] += n - utf8_len(part)
            s, n = part, room
        self.used += n
        if s:
            self.kept[idx].append(s)
            if self.emit is not None:
                if self.pend and self.pend_kind != idx:
                    self.flush()
                self.pend_kind = idx
                self.pend.append(s)
                self.pend_len += len(s)
                if self.pend_len >= _BATCH:
                    self.flush()
        if over:
            self.notice(idx)

    def notice(self, idx):
        """Says at once, not only at the end, that output is being dropped: a flood that runs into
        the time limit may be stopped before finish() adds the mark."""
        if self.cut:
            return
        self.cut = True
        self.flush()
        self.send(STREAMS[idx], '', True)

    def flush(self):
        if not self.pend:
            return
        text = ''.join(self.pend)
        self.pend.clear()
        self.pend_len = 0
        self.send(STREAMS[self.pend_kind], text)

    def send(self, kind, text, cut=False):
        if self.emit is None:
            return
        try:
            if cut:
                self.emit(kind, text, True)
            else:
                self.emit(kind, text)
        except Exception:
            # A broken output channel must not turn into a verdict.
            pass

    def finish(self):
        """Flushes, appends the truncation marks, and returns (stdout, stderr, truncated)."""
        self.flush()
        texts = []
        for idx in (0, 1):
            text = ''.join(self.kept[idx])
            lost = self.dropped[idx]
            if lost:
                mark = ('' if not text or text.endswith('\n') else '\n') + \
                    '\u2026 [output truncated: ' + format(lost, ',') + ' more bytes]'
                text += mark
                self.send(STREAMS[idx], mark, True)
            texts.append(text)
        return texts[0], texts[1], bool(self.dropped[0] or self.dropped[1])

    def value(self, idx):
        return ''.join(self.kept[idx])


class _BytesOut(io.RawIOBase):
    """`sys.stdout.buffer`: bytes are decoded and written as text."""

    def __init__(self, text):
        self._text = text

    def writable(self):
        return True

    def write(self, b):
        data = bytes(b)
        self._text.write(data.decode('utf-8', 'replace'))
        return len(data)


def _writer(sink, idx):
    """write() for TextOut, as a closure: print() calls it twice per line, and a plain function
    in the instance dict is measurably cheaper than a bound method."""
    cap, dropped, put = sink.cap, sink.dropped, sink.put

    def write(s):
        if type(s) is not str:
            s = _as_str(s)
        if sink.used >= cap:
            # Past the cap a flood of prints costs no more than counting it.
            dropped[idx] += len(s) if s.isascii() else utf8_len(s)
            if not sink.cut:
                sink.notice(idx)
        elif s:
            put(idx, s)
        return len(s)
    return write


class TextOut(io.TextIOBase):
    """sys.stdout / sys.stderr during a feedback run."""

    def __init__(self, sink, idx):
        self._sink = sink
        self._idx = idx
        self._buffer = None
        self.write = _writer(sink, idx)

    def writable(self):
        return True

    def isatty(self):
        return False

    def flush(self):
        pass

    @property
    def encoding(self):
        return 'utf-8'

    @property
    def errors(self):
        return 'strict'

    @property
    def name(self):
        return '<' + STREAMS[self._idx] + '>'

    @property
    def buffer(self):
        if self._buffer is None:
            self._buffer = _BytesOut(self)
        return self._buffer


class TextIn(io.StringIO):
    """sys.stdin: reads the job's stdin and then reports end of file, so input() raises
    EOFError instead of waiting for a prompt that a worker does not have."""

    def __init__(self, text):
        super().__init__(text)
        self._buffer = None

    @property
    def name(self):
        return '<stdin>'

    @property
    def buffer(self):
        if self._buffer is None:
            self._buffer = io.BytesIO(self.read().encode('utf-8', 'surrogatepass'))
        return self._buffer


class WriteOnlyStringIO(io.StringIO):
    """The reference harness's swallow_io stream: stdout, stderr and stdin at once; reading
    raises OSError. Named as in the reference so that attribute errors read the same. What is
    written goes to the capped sink instead of accumulating in memory."""

    def __init__(self, sink):
        super().__init__()
        self._sink = sink

    def write(self, s):
        if type(s) is not str:
            if not isinstance(s, str):
                return io.StringIO.write(self, s)  # raises the reference's TypeError
            s = str.__str__(s)
        if self.closed:
            raise ValueError('I/O operation on closed file.')
        if s:
            self._sink.put(0, s)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def read(self, *args, **kwargs):
        raise OSError

    def readline(self, *args, **kwargs):
        raise OSError

    def readlines(self, *args, **kwargs):
        raise OSError

    def readable(self, *args, **kwargs):
        return False
