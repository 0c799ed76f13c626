"""Builds data/bird-mini: each sql/<db_id>.sql into databases/<db_id>/<db_id>.sqlite (BIRD's
layout), and dev.json from questions.py, checking every gold query runs and returns rows.
Run from the repository: python3 data/bird-mini/make_databases.py"""
import json
import os
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from questions import Q  # noqa: E402


def build(db_id):
    out_dir = os.path.join(HERE, "databases", db_id)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, db_id + ".sqlite")
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    with open(os.path.join(HERE, "sql", db_id + ".sql"), encoding="utf-8") as f:
        con.executescript(f.read())
    con.commit()
    con.execute("VACUUM")
    con.close()
    return path


def main():
    paths = {db: build(db) for db in sorted({q[0] for q in Q})}
    rows = []
    for i, (db, question, evidence, sql, difficulty) in enumerate(Q):
        con = sqlite3.connect(paths[db])
        got = con.execute(sql).fetchall()
        con.close()
        if not got:
            raise SystemExit(f"question {i}: the gold query returns no rows")
        rows.append({"question_id": i, "db_id": db, "question": question, "evidence": evidence,
                     "SQL": sql, "difficulty": difficulty})
    with open(os.path.join(HERE, "dev.json"), "w", encoding="utf-8") as f:
        json.dump(rows, f, indent=2)
        f.write("\n")
    print(f"{len(rows)} questions, databases: {', '.join(paths)}")


if __name__ == "__main__":
    main()
