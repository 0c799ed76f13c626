"""The datasets' own solutions pass, in both modes."""

import os
import unittest

from _support import HUMANEVAL, MBPP, humaneval, mbpp, read_jsonl_gz, run

# Tests that assume a set iteration order or object sizes (see the datasets' notes), and one
# that is correct but takes seconds.
MBPP_SKIP = {341, 596, 642, 123}


class HumanEvalCanonical(unittest.TestCase):
    def test_all_canonical_solutions_pass(self):
        problems = read_jsonl_gz(HUMANEVAL)
        self.assertEqual(len(problems), 164)
        for mode in ('feedback', 'reference'):
            failures = []
            for p in problems:
                r, _ = run(p['prompt'] + p['canonical_solution'],
                           humaneval(p['test'], p['entry_point']), mode=mode)
                if (r['status'], r['result']) != ('passed', 'passed'):
                    failures.append((p['task_id'], r['result']))
            self.assertEqual(failures, [], mode)

    def test_feedback_reports_each_assert(self):
        p = read_jsonl_gz(HUMANEVAL)[0]
        r, _ = run(p['prompt'] + '    return True\n', humaneval(p['test'], p['entry_point']))
        self.assertEqual(r['status'], 'failed')
        self.assertEqual(len(r['tests']), 7)
        self.assertEqual(sum(t['passed'] for t in r['tests']), 4)


class MbppReference(unittest.TestCase):
    def test_reference_solutions_pass(self):
        failures = []
        for p in read_jsonl_gz(MBPP):
            if p['task_id'] in MBPP_SKIP:
                continue
            r, _ = run(p['code'], mbpp(p['test_list'], p['test_setup_code']))
            if r['status'] != 'passed':
                failures.append((p['task_id'], r['result']))
        self.assertEqual(failures, [])


if __name__ == '__main__':
    unittest.main()
