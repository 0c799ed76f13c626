"""Turning values and exceptions into the text a RunResult carries, and the result into JSON."""

import os
import re
import traceback

from ._safe import *  # noqa: F401,F403

try:
    from _json import encode_basestring_ascii as _quote
except ImportError:  # pragma: no cover - every CPython build has _json
    from json.encoder import py_encode_basestring_ascii as _quote

_format_exception_only = traceback.format_exception_only
_HARNESS_DIR = os.path.dirname(os.path.abspath(__file__))
REPR_LIMIT = 300
split_lines = re.compile('\r\n|\r|\n').split  # the line ends the tokenizer counts


def text(x):
    """An exact str; str subclasses from candidate code could override what we call on them."""
    if type(x) is str:
        return x
    return str.__str__(x)


# Only the host's interrupt gets through: a value that exits while being shown is just shown
# as broken.

def safe_repr(x):
    try:
        return text(repr(x))
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return '<unrepresentable %s: %s>' % (type(x).__name__, type(e).__name__)


def safe_str(e):
    """str(e) as an f-string would render it, never raising."""
    try:
        return text(format(e, ''))
    except KeyboardInterrupt:
        raise
    except BaseException:
        return '<unprintable %s object>' % type(e).__name__


def shorten(s, limit=REPR_LIMIT, start=0):
    if start:
        s = '\u2026' + s[start:]
    if len(s) <= limit:
        return s
    return s[:limit] + '\u2026 [%s more chars]' % format(len(s) - limit, ',')


def shorten_pair(a, b, limit=REPR_LIMIT):
    """Shortens two reprs, showing both from a little before their first difference."""
    if len(a) <= limit and len(b) <= limit:
        return a, b
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:  # binary search on slices keeps the comparison in C
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    start = lo - 40 if lo > limit // 2 else 0
    return shorten(a, limit, start), shorten(b, limit, start)


def one_line(src, limit=200):
    return shorten(' '.join(src.split()), limit)


class Sources:
    """Maps code locations to the source as the user wrote it: "<candidate>" and "<tests>".

    In reference mode the whole check program is one "<string>" compile, like the reference's
    exec; its lines past the candidate belong to the tests. `codes` holds the ids of that
    program's code objects so that strings the candidate itself execs are not mistaken for it.
    """

    def __init__(self, candidate, tests, split=None, codes=None):
        self.lines = {'<candidate>': split_lines(candidate), '<tests>': split_lines(tests)}
        self.split = split
        self.codes = codes

    def locate(self, code, lineno):
        name = code.co_filename
        if name == '<string>' and self.codes is not None:
            if id(code) not in self.codes or lineno is None:
                return None
            if lineno <= self.split:
                return '<candidate>', lineno
            return '<tests>', lineno - self.split
        if name in self.lines or name.startswith('<doctest '):
            return name, lineno
        return None

    def line(self, name, lineno):
        lines = self.lines.get(name)
        if lines is None or lineno is None or not 0 < lineno <= len(lines):
            return ''
        return lines[lineno - 1].strip()


def _walk(e, sources):
    """Frames of e's traceback, trimmed to the user's own code."""
    frames, last_ours, extra = [], None, None
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        where = sources.locate(code, tb.tb_lineno)
        if where is not None:
            frames.append((where[0], where[1], code.co_name))
            extra = None
            if where[0] == '<candidate>':
                last_ours = where[1]
        else:
            name = code.co_filename
            if not (name.startswith(_HARNESS_DIR) or name.startswith('<frozen')) and frames:
                # Only the innermost library frame: where the error was raised.
                extra = (name, tb.tb_lineno, code.co_name)
        tb = tb.tb_next
    if extra is not None:
        frames.append(extra)
    return frames, last_ours


def _last_line(e):
    try:
        return ''.join(_format_exception_only(type(e), e)).rstrip('\n')
    except Exception:
        return '%s: %s' % (type(e).__name__, safe_str(e))


def _format_one(e, sources):
    frames, last_ours = _walk(e, sources)
    out = []
    if frames:
        out.append('Traceback (most recent call last):')
        last, repeats = None, 0
        for frame in frames + [None]:
            if frame == last:
                repeats += 1
                if repeats >= 3:  # deep recursion: collapsed as Python itself prints it
                    continue
            else:
                if repeats >= 3:
                    out.append('  [Previous line repeated %d more times]' % (repeats - 2))
                last, repeats = frame, 0
            if frame is None:
                break
            name, lineno, func = frame
            out.append('  File "%s", line %s, in %s' % (name, lineno, func))
            src = sources.line(name, lineno)
            if src:
                out.append('    ' + src)
    out.append(_last_line(e))
    return '\n'.join(out), last_ours


def exception_info(e, sources):
    """ExceptionInfo for an exception raised while running user code."""
    chain, seen, cur = [], set(), e
    while cur is not None and id(cur) not in seen and len(chain) < 4:
        seen.add(id(cur))
        chain.append(cur)
        nxt = cur.__cause__
        if nxt is None and not cur.__suppress_context__:
            nxt = cur.__context__
        cur = nxt
    parts, line = [], None
    for i in range(len(chain) - 1, -1, -1):
        body, ours = _format_one(chain[i], sources)
        if i == 0:
            line = ours
        elif chain[i - 1].__cause__ is chain[i]:
            body += '\n\nThe above exception was the direct cause of the following exception:\n'
        else:
            body += '\n\nDuring handling of the above exception, another exception occurred:\n'
        parts.append(body)
    info = {'type': type(e).__qualname__, 'message': safe_str(e), 'traceback': '\n'.join(parts)}
    if line is not None:
        info['line'] = line
    return info


def syntax_info(e, sources, where=None):
    """ExceptionInfo for a SyntaxError raised by compiling; `where` overrides its location."""
    name, lineno = where if where is not None else (e.filename, e.lineno)
    end = e.end_lineno
    if end is not None and e.lineno is not None and lineno is not None:
        end = lineno + (end - e.lineno)
    mapped = type(e)(e.msg, (name, lineno, e.offset, e.text, end, e.end_offset))
    # The message names the place too ("... (<candidate>, line 4)"): the same place as `line`.
    info = {'type': type(e).__name__, 'message': safe_str(mapped), 'traceback': _last_line(mapped)}
    if name == '<candidate>':
        info['syntax'] = True
        if lineno is not None:
            info['line'] = lineno
    return info


def to_json(obj):
    """JSON of plain data built by the harness, without the json module a candidate can patch."""
    out = []
    _encode(obj, out)
    return ''.join(out)


def _encode(o, out):
    t = type(o)
    if t is str:
        out.append(_quote(o))
    elif o is None:
        out.append('null')
    elif o is True:
        out.append('true')
    elif o is False:
        out.append('false')
    elif t is int:
        out.append(int.__repr__(o))
    elif t is float:
        out.append(float.__repr__(o) if o - o == 0 else 'null')  # NaN and infinities are not JSON
    elif t is dict:
        out.append('{')
        first = True
        for k, v in o.items():
            if not first:
                out.append(',')
            first = False
            out.append(_quote(text(k)))
            out.append(':')
            _encode(v, out)
        out.append('}')
    elif t is list or t is tuple:
        out.append('[')
        for i, v in enumerate(o):
            if i:
                out.append(',')
            _encode(v, out)
        out.append(']')
    else:
        out.append(_quote(safe_repr(o)))
