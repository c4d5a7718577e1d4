#!/usr/bin/env python3
"""Convert tours.jsonl ({"board","tour"}) to the project's JSON-lines form
{"board","numbers"} (row-major cell numbers) for `knights verify`.
Usage: python3 to_numbers.py tours.jsonl > tours-numbers.jsonl"""
import json, sys
for line in open(sys.argv[1]):
    if not line.strip():
        continue
    rec = json.loads(line)
    R, C = map(int, rec["board"].split("x"))
    num = [0] * (R * C)
    for i, (r, c) in enumerate(rec["tour"]):
        num[r * C + c] = i + 1
    print(json.dumps({"board": rec["board"], "numbers": num}))
