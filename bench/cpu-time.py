#!/usr/bin/env python3
"""Runs a command and prints its wall time and CPU time (user + system, children included), and
the CPU time a broker process spent meanwhile.

Usage: cpu-time.py OUTPUT_FILE [--broker-pid PID] -- command args...   The command's output goes
to OUTPUT_FILE; the last line printed here is: wall_seconds cpu_seconds exit_code broker_cpu_seconds
(broker_cpu_seconds is 0 without --broker-pid).
"""
import os
import resource
import subprocess
import sys
import time


def process_cpu(pid):
    """utime + stime of a process, in seconds, from /proc/PID/stat."""
    if not pid:
        return 0.0
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


out = sys.argv[1]
args = sys.argv[2:sys.argv.index("--")]
broker = args[args.index("--broker-pid") + 1] if "--broker-pid" in args else None
cmd = sys.argv[sys.argv.index("--") + 1:]
broker_before = process_cpu(broker)
start = time.monotonic()
with open(out, "w") as f:
    code = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
wall = time.monotonic() - start
broker_cpu = process_cpu(broker) - broker_before
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f} {code} {broker_cpu:.3f}")
