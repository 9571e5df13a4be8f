#!/usr/bin/env python3
"""Searches a real repository with `textsvcd find`, GNU grep and ripgrep side by side, several patterns.

Usage: bench/find.py --repo /work/.mirror/git+git/repo [--runs 5] [--textsvcd PATH] [--baseline PATH]

The repository's HEAD is copied into a temporary git work tree; each tool
searches the whole tree (textsvcd: the files git lists; grep: `-r` with
`--exclude-dir=.git`; rg: its defaults, which skip `.git`), with each
pattern, case-sensitive and with `-i`. Reported: the median wall time and CPU time (user + system), and
the matching lines each tool found (they must agree: the prefilter may not
change what matches). --baseline names a second textsvcd (an older build)
to time beside it.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from repository import ROOT, copy_tree, sh  # noqa: E402

# (pattern, what it shows): ERE and ICU read these the same way.
PATTERNS = [
    (r"strbuf_add[a-z_]*\(", "a common literal prefix"),
    (r"GIT_TRACE2_[A-Z_]+", "a rarer literal prefix"),
    (r"TODO|FIXME|XXX", "an alternation of literals"),
    (r"die_errno\([^)]*\)", "a literal, then a class"),
    (r"[0-9]{4}-[0-9]{2}-[0-9]{2}", "no literal (ICU on every file)"),
]


def timed(command, cwd, runs):
    """The median wall time, the median CPU time (user + system) and the lines printed."""
    times = []
    cpu = []
    output = ""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                errors="replace")
        times.append(time.monotonic() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if result.returncode not in (0, 1):
            sys.exit("%s failed with status %d" % (command, result.returncode))
        output = result.stdout
    return statistics.median(times), statistics.median(cpu), output.count("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--baseline", help="another textsvcd build (an older one), timed beside")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="textsvcd-findbench-")
    tree = os.path.join(work, "tree")
    commit = copy_tree(args.repo, tree)
    sh(["git", "init", "-q"], cwd=tree)
    sh(["git", "add", "-A"], cwd=tree)
    sh(["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-q", "-m", "copy"], cwd=tree)
    files = [f for f in sh(["git", "ls-files", "-z"], cwd=tree).stdout.split("\0") if f]
    print("repository: %s at %s: %d files" % (args.repo, commit, len(files)))
    print("load before: %s" % open("/proc/loadavg").read().strip())
    print()
    tools = [("textsvcd find", [args.textsvcd, "find", "--no-daemon"])]
    if args.baseline:
        tools.append(("textsvcd find (baseline)", [args.baseline, "find", "--no-daemon"]))
    tools += [("grep -rE", ["grep", "-rnE", "--exclude-dir=.git"]), ("rg", ["rg", "-n", "--no-heading"])]
    header = "| pattern | -i |" + "".join(" %s wall / CPU s (lines) |" % name for name, _ in tools)
    print(header)
    print("|---|---|" + "---:|" * len(tools))
    for pattern, what in PATTERNS:
        for insensitive in (False, True):
            cells = []
            for name, command in tools:
                flags = ["-i"] if insensitive else []
                target = ["."]
                seconds, cpu, lines = timed(command + flags + [pattern] + target, tree, args.runs)
                cells.append("%.3f / %.3f (%d)" % (seconds, cpu, lines))
            print("| `%s` (%s) | %s | %s |" % (pattern, what, "yes" if insensitive else "", " | ".join(cells)))
    print()
    print("load after: %s" % open("/proc/loadavg").read().strip())
    subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
