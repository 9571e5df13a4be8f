#!/usr/bin/env python3
"""What detection costs inside a check: `spell.check` with `language: "auto"` against the right language given.

Usage: speed.py SETS TEXTSVCD [--cache DIR] [--rounds 5] [LANG...]
(SETS from make-sets.py, measurement half; DIR an XDG_CACHE_HOME with the
compiled dictionaries, else each is loaded with Hunspell during the warm-up.)

One `textsvcd serve` daemon; for each language, one text: all of its
measurement-half paragraphs, blank lines between. Each text is checked once
both ways to warm up (dictionaries and the language model loaded, caches
filled), then ROUNDS times each way, alternating, over the socket with
`guesses: 0`: `language: "auto"` with the 13 candidates, and `languages:
[TAG]`. The figure is the median wall time of each way, client-side. Target
(issue 22): auto at most 10% slower than the language given. The daemon keeps
each paragraph's verdict, so the rounds measure a re-check (as an editor
sends); the first auto check of each text, its paragraphs never seen, is
shown as well ("first auto", against the median given). Beside wall time,
the daemon's CPU time per check (all its threads, from
/proc/PID/task/*/schedstat, in nanoseconds) is far less moved by other
processes on a loaded machine.
"""
import argparse, collections, json, os, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from daemon_memory import served  # noqa: E402

TAGS = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_BR", "pl": "pl_PL",
        "ru": "ru_RU", "nl": "nl_NL", "sv": "sv_SE", "cs": "cs_CZ", "uk": "uk_UA", "bg": "bg_BG"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sets"), parser.add_argument("binary")
    parser.add_argument("--cache"), parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("languages", nargs="*")
    args = parser.parse_intermixed_args()
    texts = collections.defaultdict(list)
    for row in open(f"{args.sets}/measure-paragraphs.tsv", encoding="utf-8"):
        language, text = row.rstrip("\n").split("\t", 1)
        texts[language].append(text)
    languages = args.languages or list(TAGS)
    candidates = list(TAGS.values())
    with served(args.binary, args.cache, "textsvcd-langspeed-") as (daemon, client, reader):
        cpu_times = {"given": [], "auto": []}

        def cpu():
            total = 0
            for task in os.listdir(f"/proc/{daemon.pid}/task"):
                try:
                    total += int(open(f"/proc/{daemon.pid}/task/{task}/schedstat").read().split()[0])
                except (FileNotFoundError, ProcessLookupError):
                    pass
            return total

        def check(params, way=None):
            request = {"jsonrpc": "2.0", "id": 1, "method": "spell.check", "params": dict(params, guesses=0)}
            used = cpu()
            start = time.perf_counter()
            client.sendall(json.dumps(request).encode() + b"\n")
            answer = json.loads(reader.readline())
            seconds = time.perf_counter() - start
            if way:
                cpu_times[way].append((cpu() - used) / 1e9)
            if "error" in answer:
                sys.exit(f"spell.check failed: {answer['error']}")
            return seconds, answer["result"]

        print("| language | words | given (median s) | auto (median s) | auto / given | first auto (s) | first / given "
              "| given CPU (ms) | auto CPU (ms) | CPU auto / given |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        total_given = total_auto = 0.0
        for language in languages:
            text = "\n\n".join(texts[language])
            given = {"text": text, "languages": [TAGS[language]]}
            auto = {"text": text, "language": "auto", "candidates": candidates}
            _, result = check(given)
            first, _ = check(auto)
            times = {"given": [], "auto": []}
            for way in cpu_times:
                cpu_times[way].clear()
            for _ in range(args.rounds):
                times["given"].append(check(given, "given")[0])
                times["auto"].append(check(auto, "auto")[0])
            cg, ca = statistics.median(cpu_times["given"]), statistics.median(cpu_times["auto"])
            g, a = statistics.median(times["given"]), statistics.median(times["auto"])
            total_given += g
            total_auto += a
            print(f"| {language} | {result.get('wordCount', 0)} | {g:.3f} | {a:.3f} | {a / g:.3f} | {first:.3f} | {first / g:.1f} "
                  f"| {1000 * cg:.2f} | {1000 * ca:.2f} | {ca / cg:.3f} |", flush=True)
        print(f"| all | | {total_given:.3f} | {total_auto:.3f} | {total_auto / total_given:.3f} | | | | | |")


main()
