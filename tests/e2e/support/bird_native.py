"""BIRD's rule run natively (Python's sqlite3, as BIRD's evaluator runs it), to check fixpoint's verdicts.

Usage: bird_native.py DEV_JSON DB_DIR SAMPLES_JSONL TIMEOUT_SECONDS
Prints one JSON line per sample: {"task_id": ..., "passed": true|false}. Each sample runs on its own
copy of its database (a candidate that writes must not change the next sample's database); the
candidate and then the gold query run on one connection, as in BIRD's execute_sql.
"""
import json, os, shutil, sqlite3, sys, tempfile, threading

dev, db_dir, samples_file, timeout = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
with open(dev) as f:
    text = f.read()
rows = json.loads(text) if text.lstrip().startswith('[') else [json.loads(l) for l in text.splitlines() if l.strip()]
problems = {str(r['question_id']): r for r in rows}


def database(db_id):
    nested = os.path.join(db_dir, db_id, db_id + '.sqlite')
    return nested if os.path.exists(nested) else os.path.join(db_dir, db_id + '.sqlite')


with tempfile.TemporaryDirectory() as tmp, open(samples_file) as f:
    for line in f:
        if not line.strip():
            continue
        s = json.loads(line)
        p = problems[str(s['task_id'])]
        copy = os.path.join(tmp, 'db.sqlite')
        shutil.copyfile(database(p['db_id']), copy)
        conn = sqlite3.connect(copy)
        timer = threading.Timer(timeout, conn.interrupt)
        timer.start()
        try:
            cur = conn.cursor()
            cur.execute(s['completion'])
            predicted = cur.fetchall()
            cur.execute(p['SQL'])
            gold = cur.fetchall()
            passed = set(predicted) == set(gold)
        except Exception:
            passed = False
        finally:
            timer.cancel()
            conn.close()
        print(json.dumps({'task_id': s['task_id'], 'passed': passed}))
