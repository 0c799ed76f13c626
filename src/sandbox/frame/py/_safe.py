"""Builtins as they were when the harness was imported.

Candidate code shares the builtins module with the harness and may rewrite it mid-run
(``builtins.isinstance = ...``). Every harness module star-imports this one, so its own name
lookups find these module globals first and never reach the builtins the candidate can touch.
"""

import builtins as _b

__all__ = [
    'abs', 'all', 'any', 'bool', 'callable', 'compile', 'dict', 'enumerate', 'eval', 'exec',
    'float', 'format', 'frozenset', 'getattr', 'hasattr', 'id', 'int', 'isinstance', 'issubclass',
    'iter', 'len', 'list', 'max', 'min', 'next', 'object', 'range', 'repr', 'reversed', 'set',
    'setattr', 'sorted', 'str', 'sum', 'tuple', 'type', 'zip',
    'BaseException', 'Exception', 'KeyboardInterrupt', 'SystemExit', 'AssertionError',
    'SyntaxError', 'StopIteration', 'GeneratorExit', 'TypeError', 'ValueError', 'KeyError',
    'AttributeError', 'OSError', 'UnicodeError', 'RecursionError', 'MemoryError',
]

_g = globals()
for _name in __all__:
    _g[_name] = _b.__dict__[_name]
del _g, _name
