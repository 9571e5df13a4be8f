#!/usr/bin/env python3
"""Sentence units on real text: three sentences joined, how often they come back exactly as the three.

Usage: bench/sentences.py [--binary PATH] [--half measure|tune] [--triples N] [--data FOLDER] [LANG...]

Gold sentences come from the measurement half (scripts/sentence_corpus.py) of
Debian's translated manual pages, fortunes, maint-guide and debian-reference:
each paragraph is cut only at ends that need no abbreviation list (a `!` or
`?`; a period after a word mostly seen without one, or after a number of
four or more digits or a version; or any period followed by a word that, in
this same half, mostly starts sentences), and pieces that start upper-case,
end in `.`, `!` or `?` and hold no ellipsis are kept. Shuffled sentences are
joined three at a time with a space, one triple a line, and tokenized by
`textsvcd tokenize --by sentence` three ways in one run: ICU's boundaries
alone (`--no-abbreviations`), ICU with its `ss=standard` suppressions, and
with the language's lists (the default). A triple counts when exactly the
three sentences come back.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import sentence_corpus as corpus  # noqa: E402

LOCALES = {"pt": "pt_BR"}


def triples_of(language, half, count, cache):
    sentences = corpus.gold_sentences(corpus.paragraphs(language, half, cache=cache))
    random.Random(f"sentences-{language}").shuffle(sentences)
    return [sentences[i:i + 3] for i in range(0, min(len(sentences) - 2, 3 * count), 3)]


def tokenize(binary, text_path, locale, abbreviations, environment):
    command = [binary, "tokenize", "--no-daemon", "--by", "sentence", "--format", "json", "--locale", locale]
    if not abbreviations:
        command.append("--no-abbreviations")
    command.append(text_path)
    started = time.perf_counter()
    output = subprocess.run(command, capture_output=True, text=True, check=True, env=environment).stdout
    return [json.loads(line)["text"] for line in output.splitlines()], time.perf_counter() - started


def score(tokens, triples):
    """How many lines came back as exactly their three sentences, and the failures."""
    right, failures, line, index = 0, [], [], 0
    for token in tokens:
        line.append(token.strip())
        if token.endswith("\n") or len(line) > 50:
            if index < len(triples):
                if line == triples[index]:
                    right += 1
                else:
                    failures.append((triples[index], line))
            index += 1
            line = []
    if line and index < len(triples):
        right += line == triples[index]
    return right, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--half", choices=["measure", "tune"], default="measure")
    parser.add_argument("--triples", type=int, default=2000)
    parser.add_argument("--data", default=None, help="a dictionaries folder holding sentences/ (default: the bundled one)")
    parser.add_argument("--cache", default=os.path.join(ROOT, "bench", "out", "sentences"))
    parser.add_argument("--failures", type=int, default=0, help="print this many failures a language (with the lists)")
    parser.add_argument("languages", nargs="*", default=corpus.LANGUAGES)
    arguments = parser.parse_args()
    binary = arguments.binary or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
        "textsvcd")
    environment = dict(os.environ)
    if arguments.data:
        environment["TEXTSVCD_BUNDLED_DICTIONARIES"] = arguments.data
    half = 1 if arguments.half == "measure" else 0
    modes = [("ICU", False, ""), ("ICU ss=standard", False, "@ss=standard"), ("with lists", True, "")]
    totals = {name: [0, 0] for name, _, _ in modes}
    seconds = {name: 0.0 for name, _, _ in modes}
    print(f"| language | triples | " + " | ".join(name for name, _, _ in modes) + " |")
    print("|---|---:|" + "---:|" * len(modes))
    for language in arguments.languages:
        triples = triples_of(language, half, arguments.triples, arguments.cache)
        if not triples:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as handle:
            handle.write("".join(" ".join(triple) + "\n" for triple in triples))
            path = handle.name
        cells = []
        for name, abbreviations, keyword in modes:
            locale = LOCALES.get(language, language) + keyword
            tokens, elapsed = tokenize(binary, path, locale, abbreviations, environment)
            right, failures = score(tokens, triples)
            totals[name][0] += right
            totals[name][1] += len(triples)
            seconds[name] += elapsed
            cells.append(f"{100 * right / len(triples):.1f}%")
            if abbreviations and arguments.failures:
                for gold, got in failures[:arguments.failures]:
                    print(f"  {language} gold: {' | '.join(gold)}\n  {language} got:  {' | '.join(got)}", file=sys.stderr)
        os.unlink(path)
        print(f"| {language} | {len(triples)} | " + " | ".join(cells) + " |", flush=True)
    print(f"| all | {totals[modes[0][0]][1]} | " + " | ".join(
        f"{100 * right / max(1, count):.2f}%" for right, count in totals.values()) + " |")
    print("\nseconds (the three tokenize runs, whole process): " +
          ", ".join(f"{name} {value:.2f}" for name, value in seconds.items()))


if __name__ == "__main__":
    main()
