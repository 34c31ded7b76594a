#!/usr/bin/env python3
"""Runs a command and prints the CPU time of its threads, summed by thread name.

Usage: thread-cpu.py OUTPUT_FILE -- command args...   The command's output goes to OUTPUT_FILE.
Every 100 ms it reads /proc/PID/task/*/stat of the command's process (Linux truncates a thread's
name to 15 characters; digits at the end are dropped, so that a pool's threads add up), keeping
each thread's last reading: a thread that ended between two readings lost at most 100 ms of its
time. Prints one line per name, "cpu_seconds name", largest first, then "total cpu_seconds".
"""
import os
import re
import subprocess
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")


def read_threads(pid, last):
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except (FileNotFoundError, ProcessLookupError):
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        last[tid] = (name, (int(fields[11]) + int(fields[12])) / TICKS)


out = sys.argv[1]
cmd = sys.argv[sys.argv.index("--") + 1:]
last = {}
with open(out, "w") as f:
    proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT)
    while proc.poll() is None:
        read_threads(proc.pid, last)
        time.sleep(0.1)
by_name = {}
for name, cpu in last.values():
    key = re.sub(r"[-#]?\d+$", "", name)
    by_name[key] = by_name.get(key, 0.0) + cpu
for name, cpu in sorted(by_name.items(), key=lambda kv: -kv[1]):
    print(f"{cpu:8.2f} {name}")
print(f"total {sum(by_name.values()):.2f} exit {proc.returncode}")
