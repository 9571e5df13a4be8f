#!/usr/bin/env python3
"""Memory of the daemon after 1000 guesses, against one `hunspell -a` process that made the same guesses.

Side by side in one run: a `textsvcd serve` with en_US (its compiled form in
--cache when given, so it is mapped as a user's daemon maps it) answers
`spell.guesses` for the first N misspellings of bench/data/typos-en.tsv, one
request at a time over its socket; then `hunspell -a -d dictionaries/en_US`
gets the same words on its standard input. Memory is PSS and RSS from
/proc/PID/smaps_rollup after the last answer, with each process still alive.

Usage: bench/daemon_memory.py [--textsvcd .build/release/textsvcd] [--cache DIR] [--words 1000] [--by-mapping]
                              [--connections N]
"""
import argparse
import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def memory(pid):
    fields = {}
    with open("/proc/%d/smaps_rollup" % pid) as handle:
        for line in handle:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":"):
                fields[parts[0][:-1]] = int(parts[1])
    return fields.get("Pss", 0) / 1024, fields.get("Rss", 0) / 1024


def mappings(pid, top=12):
    """The largest mappings of a process by PSS, as (KiB, name) pairs, from /proc/PID/smaps."""
    totals = {}
    name = None
    with open("/proc/%d/smaps" % pid) as handle:
        for line in handle:
            parts = line.split()
            if parts and re.match(r"^[0-9a-f]+-[0-9a-f]+$", parts[0]):
                name = (parts[5] if len(parts) > 5 else "[anonymous]") + " " + parts[1]
            elif parts and parts[0] == "Pss:":
                totals[name] = totals.get(name, 0) + int(parts[1])
    return sorted(((kib, key) for key, kib in totals.items()), reverse=True)[:top]


def misspellings(count):
    words = []
    with open(os.path.join(HERE, "data", "typos-en.tsv"), encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            words.append(line.split("\t")[0])
            if len(words) == count:
                break
    return words


@contextlib.contextmanager
def served(binary, cache=None, prefix="textsvcd-bench-"):
    """A fresh `textsvcd serve` in a temporary runtime folder: yields (process, connected socket, its reader).

    `cache` is the XDG_CACHE_HOME (compiled dictionaries), else a new one;
    the daemon is terminated on leaving.
    """
    with tempfile.TemporaryDirectory(prefix=prefix) as root:
        env = {key: value for key, value in os.environ.items()
               if key not in ("TEXTSVCD_SOCKET", "DICPATH", "LISTEN_PID", "LISTEN_FDS")}
        # The bundled en_US (with its frequency list), the dictionary `hunspell -a` is given below.
        env.setdefault("TEXTSVCD_BUNDLED_DICTIONARIES", os.path.join(ROOT, "dictionaries"))
        env.update(XDG_RUNTIME_DIR=root, XDG_DATA_HOME=root + "/data", HOME=root, XDG_CACHE_HOME=cache or root + "/cache")
        path = root + "/textsvcd.sock"
        process = subprocess.Popen([binary, "serve", "--socket", path, "--log-level", "warning"], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(6000):
                if os.path.exists(path):
                    break
                time.sleep(0.05)
            client = socket.socket(socket.AF_UNIX)
            client.connect(path)
            try:
                yield process, client, client.makefile("rb")
            finally:
                client.close()
        finally:
            process.terminate()
            process.wait(timeout=60)


def daemon_guesses(binary, cache, words, connections=1):
    """The daemon's PSS before and after the guesses, its RSS, the answers and its largest mappings.

    With `connections` above 1 the words are shared out over that many
    connections in turn, each closed before the next opens, as editors and
    commands come and go.
    """
    with served(binary, cache, "textsvcd-memory-") as (daemon, first, reader):
        start_pss, _ = memory(daemon.pid)
        path, client, extra = first.getpeername(), first, None
        share = max(1, -(-len(words) // max(1, connections)))
        answered = 0
        for index, word in enumerate(words):
            if index and index % share == 0:
                if extra is not None:
                    extra.close()
                extra = client = socket.socket(socket.AF_UNIX)
                client.connect(path)
                reader = client.makefile("rb")
            request = {"jsonrpc": "2.0", "id": index, "method": "spell.guesses", "params": {"word": word}}
            client.sendall(json.dumps(request).encode() + b"\n")
            answer = json.loads(reader.readline())
            answered += "result" in answer
        if extra is not None:
            extra.close()
        pss, rss = memory(daemon.pid)
        return start_pss, pss, rss, answered, mappings(daemon.pid)


def hunspell_guesses(words):
    process = subprocess.Popen(["hunspell", "-a", "-d", os.path.join(ROOT, "dictionaries", "en_US")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    process.stdout.readline()  # the banner
    answered = 0
    for word in words:
        process.stdin.write(("^" + word + "\n").encode())
        process.stdin.flush()
        while True:
            line = process.stdout.readline()
            if not line.strip():
                break
            answered += 1
    pss, rss = memory(process.pid)
    process.stdin.close()
    process.wait()
    return pss, rss, answered


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--cache", help="XDG_CACHE_HOME holding en_US's compiled form (else the daemon builds its index)")
    parser.add_argument("--words", type=int, default=1000)
    parser.add_argument("--by-mapping", action="store_true", help="also print the daemon's largest mappings by PSS")
    parser.add_argument("--connections", type=int, default=1,
                        help="share the guesses out over this many connections in turn (default one)")
    args = parser.parse_args()
    if not os.access(args.textsvcd, os.X_OK):
        sys.exit("no textsvcd at %s (swift build -c release)" % args.textsvcd)
    words = misspellings(args.words)
    start, pss, rss, answered, largest = daemon_guesses(args.textsvcd, args.cache, words, args.connections)
    h_pss, h_rss, h_answered = hunspell_guesses(words)
    print("Daemon memory after %d guesses (en_US, %s, %d connection%s), %s, load %s" % (
        len(words), "compiled form mapped" if args.cache else "index built in memory", args.connections,
        "" if args.connections == 1 else "s", time.strftime("%Y-%m-%d"),
        open("/proc/loadavg").read().split()[0]))
    print()
    print("| process | answers | PSS | RSS |")
    print("|---|---:|---:|---:|")
    print("| textsvcd daemon (PSS %.1f MiB before the guesses) | %d | %.1f MiB | %.1f MiB |" % (start, answered, pss, rss))
    print("| hunspell -a | %d | %.1f MiB | %.1f MiB |" % (h_answered, h_pss, h_rss))
    print()
    print("PSS ratio daemon / hunspell: %.2fx" % (pss / h_pss))
    if args.by_mapping:
        print()
        print("The daemon's largest mappings by PSS after the guesses:")
        for kib, name in largest:
            print("  %8.1f MiB  %s" % (kib / 1024, name))


if __name__ == "__main__":
    main()
