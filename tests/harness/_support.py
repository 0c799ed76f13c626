"""Loads src/sandbox/frame/py as the package `fixpoint_harness`, the way the worker does, and
runs jobs through its public entry point only."""

import importlib.util
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HARNESS_DIR = os.path.join(ROOT, 'src', 'sandbox', 'frame', 'py')
FIXTURE = os.path.join(ROOT, 'tests', 'fixtures', 'reference_execution.py')
DATASETS = os.path.join(ROOT, 'data')
HUMANEVAL = os.path.join(DATASETS, 'humaneval', 'HumanEval.jsonl.gz')
MBPP = os.path.join(DATASETS, 'mbpp', 'mbpp.jsonl.gz')


def _load():
    if 'fixpoint_harness' in sys.modules:
        return sys.modules['fixpoint_harness']
    sys.dont_write_bytecode = True  # keep src/ free of __pycache__
    spec = importlib.util.spec_from_file_location(
        'fixpoint_harness', os.path.join(HARNESS_DIR, '__init__.py'),
        submodule_search_locations=[HARNESS_DIR])
    module = importlib.util.module_from_spec(spec)
    sys.modules['fixpoint_harness'] = module
    spec.loader.exec_module(module)
    return module


harness = _load()


def job(code, tests=None, mode=None, stdin=None, cap=64 * 1024):
    j = {'language': 'python', 'code': code, 'tests': tests or {'kind': 'none'},
         'limits': {'timeoutSec': 3, 'outputCap': cap}}
    if mode:
        j['mode'] = mode
    if stdin is not None:
        j['stdin'] = stdin
    return j


def run(code, tests=None, mode=None, stdin=None, cap=64 * 1024):
    """(RunResult dict, [(kind, text)] emitted); the sink's notices that it cut output have kind + '!'."""
    events = []
    out = harness.run_job(json.dumps(job(code, tests, mode, stdin, cap)),
                          lambda kind, text, cut=False: events.append((kind + '!' if cut else kind, text)))
    assert isinstance(out, str)
    return json.loads(out), events


def humaneval(test, entry='f'):
    return {'kind': 'humaneval', 'test': test, 'entryPoint': entry}


def mbpp(asserts, setup=''):
    return {'kind': 'mbpp', 'setup': setup, 'asserts': list(asserts)}


def user(source):
    return {'kind': 'user', 'source': source}


def read_jsonl_gz(path):
    import gzip
    with gzip.open(path, 'rt', encoding='utf-8') as f:
        return [json.loads(line) for line in f if line.strip()]


ADD_TESTS = humaneval(
    'def check(candidate):\n'
    '    assert candidate(1, 2) == 3\n'
    '    assert candidate(2, 2) == 4\n'
    '    assert candidate(-1, 1) == 0\n')
