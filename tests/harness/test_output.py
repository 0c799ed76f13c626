"""Output capping, truncation marks, batched emission, stdin."""

import unittest

from _support import humaneval, run

MARK = '\u2026 [output truncated: '


def emitted(events, kind):
    return ''.join(t for k, t in events if k in (kind, kind + '!'))


class OutputCap(unittest.TestCase):
    def test_under_the_cap(self):
        r, events = run('import sys\nprint("out")\nprint("err", file=sys.stderr)\n')
        self.assertEqual((r['stdout'], r['stderr'], r['truncated']), ('out\n', 'err\n', False))
        self.assertEqual(events, [('stdout', 'out\n'), ('stderr', 'err\n')])

    def test_huge_single_line(self):
        r, events = run('print("x" * 100_000_000)', cap=1000)
        self.assertEqual(r['stdout'], 'x' * 1000 + '\n' + MARK + '99,999,001 more bytes]')
        self.assertTrue(r['truncated'])
        self.assertEqual(emitted(events, 'stdout'), r['stdout'])

    def test_many_lines(self):
        r, events = run('for i in range(1_000_000):\n    print(i)\n', cap=64 * 1024)
        total = sum(len(str(i)) + 1 for i in range(1_000_000))
        self.assertTrue(r['stdout'].endswith(MARK + format(total - 65536, ',') + ' more bytes]'))
        self.assertEqual(len(r['stdout'].split('\n… ')[0].encode()), 65536)
        self.assertEqual(emitted(events, 'stdout'), r['stdout'])
        # Batched: about one emit per 4 KiB, never one per print.
        self.assertLess(len(events), 40)

    def test_the_cut_is_said_at_once_not_only_at_the_end(self):
        # A flood stopped by the time limit never reaches the end: the page must know already.
        r, events = run('for i in range(100_000):\n    print(i)\n', cap=1000)
        cuts = [(i, t) for i, (k, t) in enumerate(events) if k == 'stdout!']
        self.assertEqual(len(cuts), 2)
        (first, notice), (last, mark) = cuts
        self.assertEqual(notice, '')
        self.assertEqual(len(''.join(t for k, t in events[:first] if k == 'stdout')), 1000)
        self.assertEqual(last, len(events) - 1)
        self.assertTrue(mark.startswith('\n' + MARK) or mark.startswith(MARK), mark)
        r, events = run('print("x" * 10)', cap=10)
        self.assertEqual([k for k, _ in events], ['stdout', 'stdout!', 'stdout!'])
        r, events = run('print("fits")', cap=10)
        self.assertEqual([k for k, _ in events], ['stdout'])

    def test_cap_is_shared_and_counted_in_utf8_bytes(self):
        r, _ = run('import sys\nprint("é" * 30)\nprint("y" * 100, file=sys.stderr)\n', cap=101)
        self.assertEqual(r['stdout'], 'é' * 30 + '\n')
        self.assertEqual(r['stderr'], 'y' * 40 + '\n' + MARK + '61 more bytes]')
        r, _ = run('print("é" * 100)', cap=101)
        self.assertEqual(r['stdout'], 'é' * 50 + '\n' + MARK + '101 more bytes]')

    def test_emitted_in_order_and_batched(self):
        code = ('import sys\nfor i in range(3000):\n    print("o")\n'
                'print("e", file=sys.stderr)\nprint("o2")\n')
        r, events = run(code)
        self.assertEqual([k for k, _ in events], ['stdout', 'stdout', 'stderr', 'stdout'])
        self.assertEqual(emitted(events, 'stdout'), r['stdout'])

    def test_output_flushed_before_each_test(self):
        code = 'def f(x):\n    print("in f", x)\n    return x\n'
        test = 'def check(candidate):\n    assert candidate(1) == 1\n    assert candidate(2) == 2\n'
        _, events = run(code, humaneval(test))
        self.assertEqual(events, [('progress', 'assert candidate(1) == 1'), ('stdout', 'in f 1\n'),
                                  ('progress', 'assert candidate(2) == 2'), ('stdout', 'in f 2\n')])

    def test_binary_and_odd_writes(self):
        code = ('import sys\nsys.stdout.buffer.write(b"bytes\\n")\nsys.stdout.writelines(["a", "b\\n"])\n'
                'sys.stdout.flush()\nprint(sys.stdout.isatty())\n'
                'try:\n    sys.stdout.write(b"x")\nexcept TypeError as e:\n    print("TypeError")\n')
        r, _ = run(code)
        self.assertEqual(r['stdout'], 'bytes\nab\nFalse\nTypeError\n')

    def test_emit_failure_does_not_break_the_run(self):
        import json
        from _support import harness, job

        def emit(kind, text):
            raise RuntimeError('channel closed')
        r = json.loads(harness.run_job(json.dumps(job('print("hi")')), emit))
        self.assertEqual((r['status'], r['stdout']), ('passed', 'hi\n'))


class Stdin(unittest.TestCase):
    def test_input_then_eof(self):
        code = ('a = input()\nb = input("prompt> ")\nprint(a + b)\n'
                'try:\n    input()\nexcept EOFError as e:\n    print("EOF:", e)\n')
        r, _ = run(code, stdin='ab\ncd\n')
        self.assertEqual(r['stdout'], 'prompt> abcd\nEOF: EOF when reading a line\n')
        self.assertEqual(r['status'], 'passed')

    def test_no_stdin(self):
        r, _ = run('input()')
        self.assertEqual((r['status'], r['exception']['type']), ('error', 'EOFError'))

    def test_stdin_file_methods(self):
        code = ('import sys\nfirst = sys.stdin.readline()\nrest = [l.strip() for l in sys.stdin]\n'
                'print(repr(first), rest, repr(sys.stdin.read()))\n')
        r, _ = run(code, stdin='1\n2\n3')
        self.assertEqual(r['stdout'], "'1\\n' ['2', '3'] ''\n")
        r, _ = run('import sys\nprint(sys.stdin.buffer.read().split())', stdin='4 5\n6')
        self.assertEqual(r['stdout'], "[b'4', b'5', b'6']\n")

    def test_stdin_reset_between_runs(self):
        run('import sys\nsys.stdin.read()', stdin='x')
        r, _ = run('import sys\nprint(repr(sys.stdin.read()))', stdin='y')
        self.assertEqual(r['stdout'], "'y'\n")


if __name__ == '__main__':
    unittest.main()
