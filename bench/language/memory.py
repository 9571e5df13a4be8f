#!/usr/bin/env python3
"""Daemon memory with language detection: `language: "auto"` loads only the dictionaries of the languages it finds.

Usage: memory.py SETS TEXTSVCD --cache DIR [--paragraphs 10]
(SETS from make-sets.py, measurement half; DIR is an XDG_CACHE_HOME whose
textsvcd/ folder holds the compiled forms of the 13 dictionaries, made with
`XDG_CACHE_HOME=DIR textsvcd dictionaries compile TAG`, so each daemon maps them
as a user's daemon does.)

Four fresh `textsvcd serve` daemons, one after the other in one run, each
answering `spell.check` over its socket; PSS and RSS from
/proc/PID/smaps_rollup a second after the last answer (the daemon at rest:
it gives back the language model's pages half a second after the last
request that read it), the daemon still alive:

  auto-2     an English and German document, `language: "auto"` over the 13 candidates
  given-2    the same document, `languages: ["en_US", "de_DE"]`
  auto-13    a document with paragraphs in all 13 languages, `language: "auto"` over the 13
  given-13   the same paragraphs, each checked with its own language given (no detection)

Targets (issue 22): auto-2 within 20% of given-2; auto-13 within 10% of given-13.
"""
import argparse, collections, json, os, random, sys, time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from daemon_memory import memory, served  # noqa: E402

TAGS = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_BR", "pl": "pl_PL",
        "ru": "ru_RU", "nl": "nl_NL", "sv": "sv_SE", "cs": "cs_CZ", "uk": "uk_UA", "bg": "bg_BG"}


def mapped(pid):
    """The tags of the compiled dictionaries a process maps (`TAG-HASH.tsvdict` in /proc/PID/maps)."""
    tags = set()
    with open(f"/proc/{pid}/maps") as handle:
        for line in handle:
            name = line.rstrip().rsplit("/", 1)[-1]
            if name.endswith(".tsvdict"):
                tags.add(name.rsplit("-", 1)[0])
    return sorted(tags)


def daemon(binary, cache, requests):
    """PSS and RSS (MiB) of a fresh daemon after answering `requests` (params of spell.check), and the compiled dictionaries it maps."""
    with served(binary, cache, "textsvcd-langmem-") as (process, client, reader):
        found = set()
        for index, params in enumerate(requests):
            request = {"jsonrpc": "2.0", "id": index, "method": "spell.check", "params": dict(params, guesses=0)}
            client.sendall(json.dumps(request).encode() + b"\n")
            answer = json.loads(reader.readline())
            if "error" in answer:
                sys.exit(f"spell.check failed: {answer['error']}")
            found.update(m.get("language") for m in answer["result"]["misspellings"] if m.get("language"))
        time.sleep(1)
        loaded = mapped(process.pid)
        pss, rss = memory(process.pid)
        return pss, rss, loaded, sorted(found)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sets"), parser.add_argument("binary")
    parser.add_argument("--cache", required=True)
    parser.add_argument("--paragraphs", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(22)
    by_language = collections.defaultdict(list)
    for row in open(f"{args.sets}/measure-paragraphs.tsv", encoding="utf-8"):
        language, text = row.rstrip("\n").split("\t", 1)
        by_language[language].append(text)
    chosen = {language: rng.sample(texts, min(args.paragraphs, len(texts))) for language, texts in by_language.items()}
    two = [(l, t) for l in ("en", "de") for t in chosen[l]]
    rng.shuffle(two)
    every = [(l, t) for l in TAGS for t in chosen.get(l, [])]
    rng.shuffle(every)
    candidates = list(TAGS.values())
    runs = [
        ("auto-2", [{"text": "\n\n".join(t for _, t in two), "language": "auto", "candidates": candidates}]),
        ("given-2", [{"text": "\n\n".join(t for _, t in two), "languages": ["en_US", "de_DE"]}]),
        ("auto-13", [{"text": "\n\n".join(t for _, t in every), "language": "auto", "candidates": candidates}]),
        ("given-13", [{"text": t, "languages": [TAGS[l]]} for l, t in every]),
    ]
    results = {}
    for name, requests in runs:
        results[name] = daemon(args.binary, args.cache, requests)
        pss, rss, loaded, found = results[name]
        print(f"{name}: PSS {pss:.1f} MiB, RSS {rss:.1f} MiB, maps {','.join(loaded) or '(no compiled dictionary)'}", file=sys.stderr)
    print("| daemon | requests | PSS MiB | RSS MiB | compiled dictionaries mapped |")
    print("|---|---:|---:|---:|---|")
    for name, requests in runs:
        pss, rss, loaded, _ = results[name]
        print(f"| {name} | {len(requests)} | {pss:.1f} | {rss:.1f} | {len(loaded)} ({' '.join(loaded)}) |")
    print()
    print(f"auto-2 / given-2: {results['auto-2'][0] / results['given-2'][0]:.3f} (target ≤ 1.20)")
    print(f"auto-13 / given-13: {results['auto-13'][0] / results['given-13'][0]:.3f} (target ≤ 1.10)")


main()
