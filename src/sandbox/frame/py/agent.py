"""An agent run's interpreter: actions run one after another in one namespace that keeps its
variables, functions and imports; the user's files are in the working directory.

    from fixpoint_harness import agent
    agent.setup('/home/pyodide/work')
    observation_json = agent.act(code, output_cap)
    agent.put(files_json); files_json = agent.files()

Works the same in the sandbox's worker and under native CPython.
"""

import ast
import base64
import builtins
import json
import linecache
import mimetypes
import os
import sys
import traceback
import types

_RICH = (
    ('image/png', '_repr_png_'),
    ('image/jpeg', '_repr_jpeg_'),
    ('image/svg+xml', '_repr_svg_'),
    ('text/html', '_repr_html_'),
    ('text/markdown', '_repr_markdown_'),
)
_BINARY = ('image/png', 'image/jpeg')
# Rich output kept per action: items, and characters of each.
_MAX_ITEMS, _ITEM_CHARS = 50, 4 << 20
# Files read back: how many, and the bytes of each whose contents are sent.
_MAX_FILES, _FILE_BYTES = 200, 8 << 20
_SKIP_DIRS = ('__pycache__',)


class _FinalAnswer(BaseException):
    """Ends the action at final_answer(); a BaseException so `except Exception` lets it pass."""


class _Capped:
    """stdout and stderr together, kept up to `cap` characters."""

    def __init__(self, cap):
        self.cap, self.parts, self.size, self.cut = cap, [], 0, False

    def write(self, s):
        s = str(s)
        room = self.cap - self.size
        if len(s) > room:
            self.cut = True
            s = s[:max(room, 0)]
        if s:
            self.parts.append(s)
            self.size += len(s)
        return len(s)

    def flush(self):
        pass

    def isatty(self):
        return False

    @property
    def encoding(self):
        return 'utf-8'

    def text(self):
        return ''.join(self.parts)


class Session:
    def __init__(self, workdir):
        self.workdir = workdir
        self.count = 0
        self.rich = []
        self.answer = None
        main = types.ModuleType('__main__')
        main.__dict__.update(__builtins__=builtins, display=self.display, final_answer=self.final_answer)
        # Classes and functions the actions define pickle and inspect as __main__'s.
        sys.modules['__main__'] = main
        self.ns = main.__dict__

    def display(self, *objs):
        for obj in objs:
            if len(self.rich) < _MAX_ITEMS:
                self.rich.append(_rich(obj) or {'mime': 'text/plain', 'data': _repr(obj)})

    def final_answer(self, value):
        self.answer = value if isinstance(value, str) else _text(value)
        raise _FinalAnswer()

    def act(self, code, cap):
        self.count += 1
        name = '<action %d>' % self.count
        out = _Capped(cap)
        self.rich, self.answer = [], None
        got = {}
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = out
        try:
            linecache.cache[name] = (len(code), None, code.splitlines(True), name)
            tree = ast.parse(code, name, 'exec')
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, name, 'exec'), self.ns)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), name, 'eval'), self.ns)
                if value is not None:
                    self.ns['_'] = value
                    got['value'] = _repr(value)
                    rich = _rich(value)
                    if rich and len(self.rich) < _MAX_ITEMS:
                        self.rich.append(rich)
        except _FinalAnswer:
            pass
        except SyntaxError as e:
            got['error'] = ''.join(traceback.format_exception_only(type(e), e)).rstrip()
        except BaseException as e:  # KeyboardInterrupt (the time limit), SystemExit, MemoryError too
            if self.answer is None:
                got['error'] = _trimmed(e)
                got['errorType'] = type(e).__name__
        finally:
            sys.stdout, sys.stderr = saved
        got['output'] = out.text()
        if out.cut:
            got['outputCut'] = True
        got['rich'] = self.rich
        if self.answer is not None:
            got['finalAnswer'] = self.answer
        return json.dumps(got)

    def put(self, files_json):
        for f in json.loads(files_json):
            path = _inside(self.workdir, f['name'])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            data = base64.b64decode(f['base64']) if 'base64' in f else f.get('text', '').encode('utf-8')
            with open(path, 'wb') as fh:
                fh.write(data)

    def files(self):
        found = []
        for root, dirs, names in os.walk(self.workdir):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
            for n in sorted(names):
                if len(found) >= _MAX_FILES:
                    break
                path = os.path.join(root, n)
                rel = os.path.relpath(path, self.workdir)
                try:
                    size = os.path.getsize(path)
                    entry = {'name': rel, 'size': size}
                    mime = mimetypes.guess_type(n)[0]
                    if mime:
                        entry['mime'] = mime
                    if size <= _FILE_BYTES:
                        with open(path, 'rb') as fh:
                            data = fh.read()
                        try:
                            if b'\0' in data:
                                raise UnicodeDecodeError('utf-8', data, 0, 1, 'binary')
                            entry['text'] = data.decode('utf-8')
                        except UnicodeDecodeError:
                            entry['base64'] = base64.b64encode(data).decode('ascii')
                    found.append(entry)
                except OSError:
                    continue
        return json.dumps(found)


def _inside(workdir, name):
    path = os.path.normpath(os.path.join(workdir, name))
    if os.path.isabs(name) or not path.startswith(workdir.rstrip('/') + '/'):
        raise ValueError('a file name must stay inside the working directory: %r' % name)
    return path


def _text(value):
    try:
        return str(value)
    except BaseException:
        return _repr(value)


def _repr(value):
    try:
        return repr(value)
    except BaseException as e:
        return '<%s object (its repr failed: %s)>' % (type(value).__name__, type(e).__name__)


def _rich(obj):
    """The richest of the Jupyter display protocol's representations obj offers, if any."""
    if isinstance(obj, type):
        return None
    for mime, method in _RICH:
        try:
            f = getattr(obj, method, None)
            data = f() if callable(f) else None
        except Exception:
            continue
        if isinstance(data, tuple) and data:
            data = data[0]  # (data, metadata)
        if data is None:
            continue
        if isinstance(data, (bytes, bytearray)):
            data = base64.b64encode(data).decode('ascii') if mime in _BINARY else bytes(data).decode('utf-8', 'replace')
        elif not isinstance(data, str):
            continue
        if mime in _BINARY:
            data = ''.join(data.split())
        return {'mime': mime, 'data': data[:_ITEM_CHARS]}
    return None


def _trimmed(e):
    """The traceback with only the actions' own lines: the interpreter's frames are dropped."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.startswith('<action ')]
    lines = traceback.format_list(frames)
    head = ['Traceback (most recent call last):\n'] if lines else []
    return ''.join(head + lines + traceback.format_exception_only(type(e), e)).rstrip()


_session = None


def setup(workdir):
    """The run's session, in `workdir` (made if missing). Returns act, for the worker to call."""
    global _session
    os.makedirs(workdir, exist_ok=True)
    os.chdir(workdir)
    _session = Session(workdir)
    return _session.act


def act(code, cap):
    return _session.act(code, cap)


def put(files_json):
    _session.put(files_json)


def files():
    return _session.files()
