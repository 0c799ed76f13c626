"""What a contest program meets while LiveCodeBench's judge runs it: the stdin mock, the
captured stdout, and the value a call returned, encoded for the page to compare.

The mock classes are made by `exec` in a namespace of their own: a program that reaches them
(`type(sys.stdin)`) finds only that namespace, never the harness's modules.
"""

import builtins
import io
import json.encoder
import os
import sys

from ._safe import *  # noqa: F401,F403

_MOCKS = '''
class MockBuffer:
    def __init__(self, inputs):
        self.inputs = inputs.encode("utf-8")
    def read(self, *args):
        return self.inputs
    def readline(self, *args):
        return self.inputs.split(b"\\n")[0] + b"\\n"

class MockStdinWithBuffer:
    def __init__(self, inputs):
        self.inputs = inputs
        self._stringio = StringIO(inputs)
        self.buffer = MockBuffer(inputs)
    def read(self, *args):
        return self.inputs
    def readline(self, *args):
        return self._stringio.readline(*args)
    def readlines(self, *args):
        return self.inputs.split("\\n")
    def __getattr__(self, name):
        return getattr(self._stringio, name)

def open_zero(file, *args, **kwargs):
    # LiveCodeBench's child process has /dev/null as its descriptor 0.
    return real_open(devnull if file == 0 else file, *args, **kwargs)
'''
_real_open = builtins.open
_sys = sys
_setattr, _delattr = setattr, delattr
_encode_str = json.encoder.c_encode_basestring_ascii or json.encoder.py_encode_basestring_ascii
_float_repr, _int_repr = float.__repr__, int.__repr__
_MOST_NODES = 1_000_000


class Mocks:
    __slots__ = ('real_in', 'stdin_class', 'open_zero', 'real_open')

    def __init__(self, real_in):
        ns = {'StringIO': io.StringIO, 'real_open': _real_open, 'devnull': os.devnull,
              '__name__': 'lcb_mocks'}
        exec(compile(_MOCKS, '<mocks>', 'exec', dont_inherit=True), ns)
        self.real_in = real_in
        self.stdin_class = ns['MockStdinWithBuffer']
        self.open_zero = ns['open_zero']
        self.real_open = _real_open

    def enter(self, text, captured):
        """As LiveCodeBench's patches stack: `sys.stdin.read/readline/readlines` are patched on
        the process's own stdin first (what `from sys import stdin` holds), then sys.stdin is
        the mock; stdout is captured, and closing it is the judge's odd lambda."""
        real = self.real_in
        lines = iter(text.split('\n'))
        _setattr(real, 'read', lambda *args: text)
        _setattr(real, 'readline', lambda *args: next(lines))
        _setattr(real, 'readlines', lambda *args: text.split('\n'))
        _setattr(captured, 'close', lambda x: 1)
        _sys.stdin = self.stdin_class(text)
        _sys.stdout = captured

    def leave(self, loose_out):
        real = self.real_in
        for name in ('read', 'readline', 'readlines'):
            try:
                _delattr(real, name)
            except Exception:
                pass
        _sys.stdin = real
        _sys.stdout = loose_out


def make(real_in):
    return Mocks(real_in)


def json_str(s):
    return _encode_str(s)


def encode(value):
    """(JSON of a returned value, tagged so the page can compare it as Python's == would, or
    None when it holds anything but the built-in types JSON answers are made of)."""
    out, budget = [], [_MOST_NODES]
    ok = _walk(value, out, budget, 0)
    return ''.join(out) if ok else None


def _walk(v, out, budget, depth):
    budget[0] -= 1
    if budget[0] < 0 or depth > 200:
        return False
    t = type(v)
    if v is None:
        out.append('null')
    elif t is bool:
        out.append('{"b":%s}' % ('true' if v else 'false'))
    elif t is int:
        try:
            out.append('{"i":"%s"}' % _int_repr(v))
        except ValueError:
            return False
    elif t is float:
        out.append('{"f":"%s"}' % _float_repr(v))
    elif t is str:
        out.append(_encode_str(v))
    elif t is list or t is tuple:
        out.append('[' if t is list else '{"t":[')
        for k, x in enumerate(v):
            if k:
                out.append(',')
            if not _walk(x, out, budget, depth + 1):
                return False
        out.append(']' if t is list else ']}')
    elif t is dict:
        out.append('{"d":[')
        for k, (a, b) in enumerate(v.items()):
            out.append(',[' if k else '[')
            if not _walk(a, out, budget, depth + 1):
                return False
            out.append(',')
            if not _walk(b, out, budget, depth + 1):
                return False
            out.append(']')
        out.append(']}')
    else:
        return False
    return True


def truncated(s, length=300):
    """LiveCodeBench's truncatefn."""
    if len(s) <= length:
        return s
    return s[:length // 2] + '...(truncated) ...' + s[-length // 2:]
