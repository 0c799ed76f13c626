"""Reference mode, and feedback mode for HumanEval, MBPP and plain programs.

Everything static (parsing, planning, rewriting, compiling the tests) happens before the
candidate runs, so a candidate that patches `compile` or the `ast` module cannot change it.
"""

import ast
import sys
import types

from ._safe import *  # noqa: F401,F403
from . import plan
from .drive import drive
from .isolation import ProcessExit
from .report import Sources, one_line, split_lines
from .rewrite import BASE_EXC, FAIL, make_fail, rewrite
from .usertests import run_user

_AST = ast.PyCF_ONLY_AST
_modules = sys.modules
_Module = types.ModuleType
_CodeType = types.CodeType


def check_program(code, tests):
    """(program, tests part): the reference harness's concatenation."""
    kind = tests.get('kind')
    if kind == 'humaneval':
        t = tests.get('test', '') + '\n' + 'check(%s)' % tests.get('entryPoint', '')
    elif kind == 'mbpp':
        t = tests.get('setup', '') + '\n' + '\n'.join(tests.get('asserts', []))
    elif kind == 'user':
        t = tests.get('source', '')
    else:
        return code, ''
    return code + '\n' + t, t


def _check_name(tests):
    if tests.get('kind') == 'humaneval':
        return 'check(%s)' % tests.get('entryPoint', '')
    return 'check program'


def _code_ids(code, out):
    out.add(id(code))
    for c in code.co_consts:
        if type(c) is _CodeType:
            _code_ids(c, out)


def _module_line(e):
    """Line of the check program's module-level code that was running when e was raised."""
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == '<string>' and code.co_name == '<module>':
            return tb.tb_lineno
        tb = tb.tb_next
    return None


def run_reference(job, run):
    """One exec of the whole check program in a fresh {} namespace, like check_correctness.
    The caller has installed swallow_io's stream and applied reliability_guard."""
    code, tests = job['code'], job['tests']
    program, tests_text = check_program(code, tests)
    split = len(split_lines(code))
    run.sources = Sources(code, tests_text, split, set())
    name = _check_name(tests)
    run.begin(name)
    compiled = None
    try:
        compiled = compile(program, '<string>', 'exec', dont_inherit=True)
        _code_ids(compiled, run.sources.codes)
        exec(compiled, {})
        run.status, run.result = 'passed', 'passed'
    except ProcessExit as e:
        # The reference's child process would have died without a result.
        run.error(e, status='failed')
        run.result = 'timed out'
    except BaseException as e:
        if compiled is None and isinstance(e, SyntaxError):
            line = e.lineno
            where = ('<candidate>', line) if line is None or line <= split else \
                ('<tests>', line - split)
            run.error(e, where, 'error' if where[0] == '<candidate>' else 'failed', True)
        else:
            line = _module_line(e)
            run.error(e, None, 'error' if line is not None and line <= split else 'failed')
    run.running = None
    run.tests.append({'name': name, 'passed': run.status == 'passed'})


def _compile_tests(src, run):
    try:
        return compile(src, '<tests>', 'exec', _AST, dont_inherit=True)
    except (SyntaxError, ValueError) as e:
        run.error(e, compiling=True)
        return None


def _prepare_ns(ns):
    ns[FAIL] = make_fail()
    ns[BASE_EXC] = BaseException


def run_humaneval(job, run):
    code, tests = job['code'], job['tests']
    src, entry = tests.get('test', ''), tests.get('entryPoint', '')
    run.sources = Sources(code, src)
    compiled = run.compile_candidate(code)
    tree = compiled and _compile_tests(src, run)
    if tree is None:
        return
    meta = plan.plan_check(tree, src)
    rewrite(tree)
    try:
        tcode = compile(tree, '<tests>', 'exec', dont_inherit=True)
        ecode = compile(entry, '<tests>', 'eval', dont_inherit=True)
    except (SyntaxError, ValueError) as e:
        run.error(e, compiling=True)
        return
    check_code = next((c for c in tcode.co_consts
                       if type(c) is _CodeType and c.co_name == 'check'), None)
    ns = {}
    if not run.exec_candidate(compiled, ns):
        return
    _prepare_ns(ns)
    if not run.exec_candidate(tcode, ns):
        return
    name = 'check(%s)' % entry
    try:
        fn = eval(ecode, ns)
        check = ns['check']
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        run.failed(name, exc=e)
        return
    if meta and getattr(check, '__code__', None) is check_code:
        drive(run, check(fn), meta)
        return
    run.begin(name)
    try:
        check(fn)
    except BaseException as e:
        run.failed(name, exc=e)
        if isinstance(e, KeyboardInterrupt):
            raise
    else:
        run.passed(name)


def run_mbpp(job, run):
    code, tests = job['code'], job['tests']
    setup, asserts = tests.get('setup', ''), list(tests.get('asserts', []))
    run.sources = Sources(code, setup + '\n' + '\n'.join(asserts))
    compiled = run.compile_candidate(code)
    tree = compiled and _compile_tests(setup, run)
    if tree is None:
        return
    scode = compile(tree, '<tests>', 'exec', dont_inherit=True)
    items, line = [], setup.count('\n') + 1
    for a in asserts:
        try:
            t = compile(a, '<tests>', 'exec', _AST, dont_inherit=True)
            ast.increment_lineno(t, line)
            items.append((a, compile(rewrite(t), '<tests>', 'exec', dont_inherit=True), None))
        except (SyntaxError, ValueError) as e:
            if isinstance(e, SyntaxError) and e.lineno is not None:
                e.lineno += line  # where the line sits in the tests as a whole
                if e.end_lineno is not None:
                    e.end_lineno += line
            items.append((a, None, e))
        line += a.count('\n') + 1
    ns = {}
    if not run.exec_candidate(compiled, ns):
        return
    _prepare_ns(ns)
    if not run.exec_candidate(scode, ns):
        return
    for a, c, err in items:
        name = one_line(a)
        run.begin(name)
        if c is None:
            run.failed(name, a, exc=err)
            continue
        try:
            exec(c, ns)
        except BaseException as e:
            run.failed(name, a, exc=e)
            if isinstance(e, KeyboardInterrupt):
                raise
        else:
            run.passed(name, a)


def run_none(job, run):
    code = job['code']
    run.sources = Sources(code, '')
    compiled = run.compile_candidate(code)
    if compiled is None:
        return
    main = _Module('__main__')
    _modules['__main__'] = main  # put back by isolation.restore
    if run.exec_candidate(compiled, main.__dict__):
        run.status, run.result = 'passed', 'passed'


def run_feedback(job, run):
    kind = job['tests'].get('kind')
    if kind == 'humaneval':
        run_humaneval(job, run)
    elif kind == 'mbpp':
        run_mbpp(job, run)
    elif kind == 'user':
        run_user(job, run, _prepare_ns)
    else:
        run_none(job, run)
