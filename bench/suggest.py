#!/usr/bin/env python3
"""Compares spelling guesses of textsvcd, hunspell, aspell and nuspell on a typo set.

For each speller: accuracy at 1 and at 5 (the correct word first, or among
the first five guesses), and the median and 99th-percentile time per word.
Peers run in their pipe modes, one word at a time (the time includes the pipe
round trip, well under 0.1 ms); textsvcd runs `textsvcd-bench suggest`, which
times each `spell.guesses` request in process. Also: textsvcd's completion
latency for 2-4 letter prefixes, and resident memory of textsvcd (en_US with
its indexes loaded, after the run) beside one `hunspell -d en_US` process.
A peer that is not installed is skipped.

Usage: bench/suggest.py --textsvcd PATH [--typos FILE] [--sample N] [--peers hunspell,aspell,nuspell]
"""
import argparse
import json
import os
import select
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load_pairs(path, sample):
    pairs = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 2:
                pairs.append((fields[0], fields[1]))
    return pairs[:sample] if sample else pairs


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(-(-len(ordered) * fraction // 1)) - 1))
    return ordered[index]


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Pipe:
    """A speller in a line-based pipe mode; `ask` returns the reply lines for one word."""

    def __init__(self, command, env=None):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, bufsize=0, env=env)
        self.buffer = b""

    def read_block(self, timeout=120):
        """Reads up to and including the next blank line."""
        deadline = time.time() + timeout
        while b"\n\n" not in self.buffer and not self.buffer.startswith(b"\n"):
            remaining = deadline - time.time()
            if remaining <= 0:
                raise TimeoutError("no answer from %s" % self.process.args[0])
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise EOFError("%s exited" % self.process.args[0])
                self.buffer += chunk
        if self.buffer.startswith(b"\n"):
            block, self.buffer = b"", self.buffer[1:]
        else:
            block, _, self.buffer = self.buffer.partition(b"\n\n")
        return block.decode("utf-8", "replace").split("\n")

    def ask(self, line):
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        return self.read_block()

    def close(self):
        self.process.kill()
        self.process.wait()


def ispell_guesses(lines):
    for line in lines:
        if line.startswith("& "):
            return [g.strip() for g in line.split(": ", 1)[1].split(", ")]
    return []


def nuspell_guesses(lines):
    for line in lines:
        if "How about: " in line:
            return [g.strip() for g in line.split("How about: ", 1)[1].split(", ")]
    return []


def run_peer(name, pairs, dictionary):
    if name == "hunspell":
        if not shutil.which("hunspell"):
            return None
        pipe = Pipe(["hunspell", "-d", dictionary, "-a"])
        ask = lambda word: ispell_guesses(pipe.ask("^" + word))
        pipe.ask("^hello")  # the banner and a warm-up
    elif name == "aspell":
        if not shutil.which("aspell"):
            return None
        pipe = Pipe(["aspell", "-a", "--lang=en_US", "--sug-mode=normal", "--encoding=utf-8"])
        ask = lambda word: ispell_guesses(pipe.ask("^" + word))
        pipe.ask("^hello")
    elif name == "nuspell":
        if not shutil.which("nuspell"):
            return None
        pipe = Pipe(["nuspell", "-d", dictionary + ".aff"])
        ask = lambda word: nuspell_guesses(pipe.ask(word))
        ask("hello")
    else:
        raise SystemExit("unknown peer %s" % name)
    top1 = top5 = 0
    times = []
    for typo, correct in pairs:
        start = time.perf_counter()
        guesses = ask(typo)
        times.append((time.perf_counter() - start) * 1000)
        if guesses[:1] == [correct]:
            top1 += 1
        if correct in guesses[:5]:
            top5 += 1
    rss = rss_kb(pipe.process.pid)
    pipe.close()
    return {"top1": top1 / len(pairs), "top5": top5 / len(pairs),
            "p50Millis": percentile(times, 0.5), "p99Millis": percentile(times, 0.99), "rssKB": rss}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--typos", default=os.path.join(ROOT, "bench", "data", "typos-en.tsv"))
    parser.add_argument("--dictionary", default=os.path.join(ROOT, "dictionaries", "en_US"))
    parser.add_argument("--sample", type=int, default=0, help="use only the first N pairs")
    parser.add_argument("--peers", default="hunspell,aspell,nuspell")
    args = parser.parse_args()

    pairs = load_pairs(args.typos, args.sample)
    env = dict(os.environ, DICPATH=os.path.dirname(args.dictionary))
    bench = os.path.join(os.path.dirname(args.textsvcd), "textsvcd-bench")
    command = [bench, "suggest", "--no-daemon", "--json", "--typos", args.typos, "--lang", "en_US",
               "--sample", str(len(pairs))]
    own = json.loads(subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout.strip().splitlines()[-1])

    rows = [("textsvcd", own)]
    for name in [p for p in args.peers.split(",") if p]:
        result = run_peer(name, pairs, args.dictionary)
        if result is None:
            print("(%s is not installed: skipped)" % name, file=sys.stderr)
        else:
            rows.append((name, result))

    print("Guesses for %d misspellings from %s (en_US), one word at a time:" % (len(pairs), os.path.relpath(args.typos, ROOT)))
    print()
    print("| speller | first guess right | right in top 5 | median ms/word | p99 ms/word |")
    print("|---|---:|---:|---:|---:|")
    for name, r in rows:
        print("| %s | %.1f%% | %.1f%% | %.3f | %.3f |" % (name, r["top1"] * 100, r["top5"] * 100, r["p50Millis"], r["p99Millis"]))
    print()
    print("Completions (textsvcd, %d prefixes of 2-4 letters, limit 10): median %.3f ms, p99 %.3f ms."
          % (own["completionPrefixes"], own["completionP50Millis"], own["completionP99Millis"]))
    print("Index build on first use (word forms, frequencies, deletion index): %.0f ms." % own["buildMillis"])
    hunspell = dict(rows).get("hunspell")
    line = "Resident memory: textsvcd with en_US and its indexes loaded %.1f MB" % (own["rssKB"] / 1024)
    if hunspell:
        line += "; one `hunspell -d en_US` process %.1f MB; ratio %.2f (target at most 3)." % (
            hunspell["rssKB"] / 1024, own["rssKB"] / hunspell["rssKB"])
    print(line)


if __name__ == "__main__":
    main()
