#!/usr/bin/env python3
"""Detection's cost through a running daemon: its CPU for first checks of texts it has not seen, `auto` against the language given.

Two daemons of BINARY (one per mode, each its own runtime folder, the same
cache), each sent the same CHUNKS (files) once, in order, as `spell.check`
with `guesses: 0` and `language` LANGUAGE or `auto`. The first WARM chunks
(default: half of them) warm each daemon up and are not counted: its
dictionary and, for `auto`, the model, the candidates and the dictionaries of
the other languages its texts hold, as in an editor's long-lived daemon. The daemons' CPU (user and system, from /proc/PID/stat) over
the counted chunks is compared, in ROUNDS rounds that alternate which daemon
goes first. Every chunk is new to both daemons, so nothing kept by content
(verdicts, spans, listings) answers for it.

Usage: bench/language/daemon-cost.py BINARY LANGUAGE CHUNK... [--rounds N] [--warm N] [--cache DIR]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from daemon_memory import served  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu(pid):
    """User plus system seconds of process `pid` and its threads so far."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def run(binary, cache, language, chunks, warm):
    """The daemon's CPU seconds over `chunks[warm:]`, and the misspellings it found in them."""
    with served(binary, cache, "textsvcd-cost-") as (daemon, client, reader):
        found = 0
        start = None
        for index, path in enumerate(chunks):
            if index == warm:
                start = cpu(daemon.pid)
            text = open(path, encoding="utf-8", errors="replace").read()
            request = {"jsonrpc": "2.0", "id": index, "method": "spell.check",
                       "params": {"text": text, "language": language, "guesses": 0}}
            client.sendall(json.dumps(request).encode() + b"\n")
            answer = json.loads(reader.readline())
            if "error" in answer:
                raise SystemExit(f"{path}: {answer['error']}")
            if index >= warm:
                found += len(answer["result"]["misspellings"])
        return cpu(daemon.pid) - start, found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("language")
    parser.add_argument("chunks", nargs="+")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cache", default=None)
    parser.add_argument("--warm", type=int, default=None, help="chunks not counted (default: half)")
    args = parser.parse_args()
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}")
    ratios = []
    for round_ in range(args.rounds):
        order = [args.language, "auto"] if round_ % 2 == 0 else ["auto", args.language]
        seconds = {}
        for mode in order:
            seconds[mode] = run(args.binary, args.cache, mode, args.chunks,
                                args.warm if args.warm is not None else len(args.chunks) // 2)
        ratio = seconds["auto"][0] / seconds[args.language][0]
        ratios.append(ratio)
        print(f"round {round_ + 1}: given {seconds[args.language][0]:.2f} s ({seconds[args.language][1]} misspellings), "
              f"auto {seconds['auto'][0]:.2f} s ({seconds['auto'][1]}): auto / given {ratio:.3f}")
    ratios.sort()
    print(f"median auto / given over {len(ratios)} rounds: {ratios[len(ratios) // 2]:.3f}")
    print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
