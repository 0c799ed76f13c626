"""One run cannot change what the next one sees, and the harness is cheap."""

import builtins
import faulthandler
import json
import os
import shutil
import subprocess
import sys
import unittest
import warnings

from _support import ADD_TESTS, harness, job, run

# Each line runs on its own: under reference mode's reliability_guard some of them fail.
MESS = '''
import builtins, os, sys, json, math, warnings, shutil
for line in [
    "builtins.fx_leak = 1",
    "os.environ['FX_LEAK'] = '1'",
    "os.environ.pop('HOME', None)",
    "sys.path.append('/fx-nowhere')",
    "sys.setrecursionlimit(80)",
    "sys.displayhook = None",
    "sys.argv = ['changed']",
    "json.dumps = None",
    "math.pi = 3",
    "warnings.simplefilter('error')",
    "open('fxmod_leak.py', 'w').write('V = 1')",
    "sys.path.insert(0, '.')",
    "import fxmod_leak",
    "sys.modules['fx_fake_module'] = object()",
    "del sys.modules['json']",
    "os.chdir('/')",
    "builtins.len = None",
]:
    try:
        exec(line)
    except Exception:
        pass
'''

PROBE = '''
import builtins, os, sys, json, math, warnings
print(json.dumps({
    "leak": hasattr(builtins, "fx_leak"), "len": builtins.len is not None,
    "env": os.environ.get("FX_LEAK"), "path": "/fx-nowhere" in sys.path,
    "limit": sys.getrecursionlimit(), "hook": sys.displayhook is not None,
    "dumps": json.dumps is not None, "pi": math.pi == 3.141592653589793,
    "filters": any(f[0] == "error" for f in warnings.filters),
    "mods": [m for m in ("fxmod_leak", "fx_fake_module") if m in sys.modules],
    "cwd_empty": os.listdir(".") == [], "argv": sys.argv != ["changed"],
}))
'''


class Isolation(unittest.TestCase):
    def test_next_run_sees_clean_state(self):
        before = (dict(os.environ), list(sys.path), os.getcwd(), sys.getrecursionlimit(),
                  sys.stdout, sys.stderr, sys.stdin, list(warnings.filters))
        for mode in (None, 'reference'):
            r, _ = run(MESS, mode=mode)
            self.assertEqual(r['status'], 'passed')
            r, _ = run(PROBE)
            self.assertEqual(json.loads(r['stdout']), {
                'leak': False, 'len': True, 'env': None, 'path': False, 'limit': 1000,
                'hook': True, 'dumps': True, 'pi': True, 'filters': False, 'mods': [],
                'cwd_empty': True, 'argv': True})
        after = (dict(os.environ), list(sys.path), os.getcwd(), sys.getrecursionlimit(),
                 sys.stdout, sys.stderr, sys.stdin, list(warnings.filters))
        self.assertEqual(before, after)
        self.assertIn('json', sys.modules)
        self.assertFalse(hasattr(builtins, 'fx_leak'))

    def test_standard_modules_stay_cached(self):
        sys.modules.pop('colorsys', None)
        r, _ = run('import colorsys\nprint(colorsys.__name__)')
        self.assertEqual(r['stdout'], 'colorsys\n')
        self.assertIn('colorsys', sys.modules)
        code = ('import sys\nopen("colorsys.py", "w").write("FAKE = 1")\n'
                'sys.path.insert(0, ".")\nsys.modules.pop("colorsys")\n'
                'import colorsys\nprint(colorsys.FAKE)\n')
        r, _ = run(code)
        self.assertEqual(r['stdout'], '1\n')
        self.assertFalse(hasattr(sys.modules['colorsys'], 'FAKE'))

    def test_each_run_has_its_own_empty_directory(self):
        code = 'import os\nprint(os.getcwd())\nprint(os.listdir("."))\nopen("f", "w").close()\n'
        a, _ = run(code)
        b, _ = run(code)
        dir_a = a['stdout'].split('\n')[0]
        self.assertNotEqual(dir_a, b['stdout'].split('\n')[0])
        self.assertEqual(b['stdout'].split('\n')[1], '[]')
        self.assertFalse(os.path.exists(dir_a))

    def test_reference_guard_is_undone(self):
        had_resource = sys.modules.get('resource', 'absent')
        fh = faulthandler.is_enabled()
        r, _ = run('def f(a, b):\n    return a + b\n', ADD_TESTS, mode='reference')
        self.assertEqual(r['result'], 'passed')
        self.assertTrue(callable(os.getcwd) and callable(os.chdir) and callable(os.unlink))
        self.assertTrue(callable(shutil.rmtree) and callable(subprocess.Popen))
        self.assertTrue(callable(builtins.exit) and callable(builtins.help))
        self.assertEqual(sys.modules.get('resource', 'absent'), had_resource)
        self.assertNotIn('ipdb', sys.modules)
        self.assertFalse(hasattr(os, 'lchflags') and os.lchflags is None)
        self.assertEqual(faulthandler.is_enabled(), fh)
        self.assertNotIn('OMP_NUM_THREADS', os.environ)
        r, _ = run('import os\nprint(callable(os.getcwd), callable(exit))')
        self.assertEqual(r['stdout'], 'True True\n')

    def test_recursion_limit_during_run(self):
        code = 'import sys\nprint(sys.getrecursionlimit())\ndef r(n):\n    return r(n + 1)\nr(0)\n'
        limit = sys.getrecursionlimit()
        r, _ = run(code)
        self.assertEqual((r['stdout'], r['exception']['type']), ('1000\n', 'RecursionError'))
        self.assertEqual(sys.getrecursionlimit(), limit)
        self.assertIn('[Previous line repeated', r['exception']['traceback'])
        self.assertLess(r['exception']['traceback'].count('\n'), 20)

    def test_streams_restored_after_interrupt(self):
        out, err, inp = sys.stdout, sys.stderr, sys.stdin
        run('raise KeyboardInterrupt')
        self.assertEqual((sys.stdout, sys.stderr, sys.stdin), (out, err, inp))


if __name__ == '__main__':
    unittest.main()
