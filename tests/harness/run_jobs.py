"""Runs a JSON list of jobs (stdin) through the harness and prints their RunResults as a JSON
list, so tests in TypeScript can feed real harness output to the loop."""

import json
import sys

from _support import harness


def main():
    jobs = json.load(sys.stdin)
    results = [json.loads(harness.run_job(json.dumps(j), lambda kind, text: None)) for j in jobs]
    sys.stdout.write(json.dumps(results))


if __name__ == '__main__':
    main()
