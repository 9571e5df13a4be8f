#!/usr/bin/env python3
"""Runs one command and prints its wall and CPU seconds to the microsecond: "WALL CPU".

Usage: bench/timed-run.py [--daemon PID] -- COMMAND [ARG...]

time(1) rounds both to 10 ms, which is a tenth of a fast check of the English fortunes (0.09 s) and hides the
difference between 1.44x and 1.5x aspell. CPU is the command's user + system time (its children's rusage); with
--daemon, the CPU the daemon PID spent meanwhile is added, read from its threads' schedstat (nanoseconds). The
command's output is discarded; its exit status is not an error (a check that finds misspellings exits 1).
"""
import glob
import resource
import subprocess
import sys
import time


def daemon_cpu(pid):
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(path) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended between the listing and the read
    return total / 1e9


def main(argv):
    daemon = None
    if argv[:1] == ["--daemon"]:
        daemon, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        sys.exit(__doc__)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    daemon_before = daemon_cpu(daemon) if daemon else 0.0
    start = time.perf_counter()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    daemon_spent = daemon_cpu(daemon) - daemon_before if daemon else 0.0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime) + daemon_spent
    print(f"{wall:.6f} {cpu:.6f}")


if __name__ == "__main__":
    main(sys.argv[1:])
