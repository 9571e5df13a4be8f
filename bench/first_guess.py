#!/usr/bin/env python3
"""First guess in a fresh process: textsvcd's ispell pipe beside `hunspell -a`, per language.

For each language, starts the program, sends one misspelled word, and records
the wall time from start to the answer with guesses, and the process's
proportional set size (Pss in /proc/PID/smaps_rollup) and RSS at that moment.
Reports the median of --runs runs (default 5) per program and language.
Usage: bench/first_guess.py --textsvcd PATH [--runs N] [LANG=WORD=HUNSPELL_DICT ...]
"""
import argparse
import os
import statistics
import subprocess
import time

DEFAULT = [
    ("en_US", "recieve"),
    ("de_DE", "Wasserfal"),
    ("fr_FR", "bonjuor"),
    ("pl_PL", "dziekuje"),
    ("ru_RU", "превет"),
]


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as handle:
        for line in handle:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":"):
                fields[parts[0][:-1]] = int(parts[1])
    return fields.get("Pss", 0) / 1024, fields.get("Rss", 0) / 1024


def first_guess(command, word):
    start = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=os.environ)
    process.stdin.write((word + "\n").encode())
    process.stdin.flush()
    answer = ""
    while True:
        line = process.stdout.readline().decode(errors="replace")
        if not line:
            break
        if line[:1] in "&#*+-?":
            answer = line.strip()
            break
    elapsed = time.monotonic() - start
    pss, rss = memory(process.pid)
    process.stdin.close()
    process.wait()
    return elapsed, pss, rss, answer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--textsvcd", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--en-dictionary", help="hunspell -d path for en_US (textsvcd's bundled one)")
    parser.add_argument("pairs", nargs="*", help="LANG=WORD")
    args = parser.parse_args()
    pairs = [tuple(p.split("=", 1)) for p in args.pairs] or DEFAULT
    print("| language | word | program | first guess | wall (median) | PSS (median) | RSS | PSS ratio |")
    print("|---|---|---|---|---:|---:|---:|---:|")
    for language, word in pairs:
        hunspell_dictionary = args.en_dictionary if language == "en_US" and args.en_dictionary else language
        rows = {}
        for name, command in [("textsvcd", [args.textsvcd, "ispell", "-a", "-d", language]),
                              ("hunspell", ["hunspell", "-a", "-d", hunspell_dictionary])]:
            runs = [first_guess(command, word) for _ in range(args.runs)]
            wall = statistics.median(r[0] for r in runs)
            pss = statistics.median(r[1] for r in runs)
            rss = statistics.median(r[2] for r in runs)
            rows[name] = (wall, pss, rss, runs[-1][3])
        for name, (wall, pss, rss, answer) in rows.items():
            guess = answer.split(": ", 1)[1].split(", ")[0] if ": " in answer else answer[:20]
            ratio = f"{pss / rows['hunspell'][1]:.2f}" if name == "textsvcd" else ""
            print(f"| {language} | {word} | {name} | {guess} | {wall * 1000:.0f} ms | {pss:.1f} MB | {rss:.1f} MB | {ratio} |")


if __name__ == "__main__":
    main()
