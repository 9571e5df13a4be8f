#!/usr/bin/env python3
"""Every `spell.check` answer with `language: "auto"` over the sets, a first check and a re-check, for comparing builds.

Usage: answers.py SETS TEXTSVCD OUT [--cache DIR]
(SETS from make-sets.py; DIR an XDG_CACHE_HOME with compiled dictionaries and models.)

One `textsvcd serve` daemon checks, for each half (measure, tune), each
language's paragraphs as one text (blank lines between) and a shuffled text
of 20 paragraphs of every language: with the 13 candidates and with the
default candidates, twice each (the second time the daemon has kept the
text's spans and its misspellings' listings), and once from the middle with
`wrap` and `limit: 5`. OUT gets one JSON line per answer; two builds give the
same answers when their OUT files are the same bytes (`cmp`).
"""
import argparse, collections, json, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from daemon_memory import served  # noqa: E402

TAGS = ["en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "pl_PL", "ru_RU", "nl_NL", "sv_SE", "cs_CZ", "uk_UA", "bg_BG"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sets"), parser.add_argument("binary"), parser.add_argument("out")
    parser.add_argument("--cache")
    args = parser.parse_args()
    texts = []
    for half in ("measure", "tune"):
        by = collections.defaultdict(list)
        for row in open(f"{args.sets}/{half}-paragraphs.tsv", encoding="utf-8"):
            language, text = row.rstrip("\n").split("\t", 1)
            by[language].append(text)
        for language in sorted(by):
            texts.append((f"{half}-{language}", "\n\n".join(by[language])))
        mixed = [text for language in by for text in by[language][:20]]
        random.Random(22).shuffle(mixed)
        texts.append((f"{half}-mixed", "\n\n".join(mixed)))
    with served(args.binary, args.cache, "textsvcd-answers-") as (daemon, client, reader), open(args.out, "w") as out:
        def check(params):
            request = {"jsonrpc": "2.0", "id": 1, "method": "spell.check", "params": params}
            client.sendall(json.dumps(request).encode() + b"\n")
            answer = json.loads(reader.readline())
            return answer.get("result", answer)

        for name, text in texts:
            for candidates in (TAGS, None):
                params = {"text": text, "language": "auto", "guesses": 0}
                if candidates:
                    params["candidates"] = candidates
                for round in ("first", "again"):
                    out.write(json.dumps({"text": name, "candidates": bool(candidates), "round": round,
                                          "answer": check(params)}, sort_keys=True) + "\n")
            params = {"text": text, "language": "auto", "candidates": TAGS, "startingAt": len(text) // 2, "wrap": True,
                      "limit": 5}
            out.write(json.dumps({"text": name, "limit": 5, "answer": check(params)}, sort_keys=True) + "\n")


main()
