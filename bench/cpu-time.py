#!/usr/bin/env python3
"""Runs a command and prints its wall time and CPU time (user + system, children included).

Usage: cpu-time.py OUTPUT_FILE -- command args...   The command's output goes to OUTPUT_FILE;
the last line printed here is: wall_seconds cpu_seconds exit_code
"""
import resource
import subprocess
import sys
import time

out = sys.argv[1]
cmd = sys.argv[sys.argv.index("--") + 1:]
start = time.monotonic()
with open(out, "w") as f:
    code = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f} {code}")
