#!/usr/bin/env python3
"""Sentence units on real text: three sentences joined, how often they come back exactly as the three.

Usage: bench/sentences.py [--binary PATH] [--half measure|tune] [--triples N] [--data FOLDER]
                          [--ud FOLDER] [--gold debian|ud|both] [--failures N] [LANG...]

Two golds, side by side. The Debian gold: sentences come from the measurement half (scripts/sentence_corpus.py) of
Debian's translated manual pages, fortunes, maint-guide and debian-reference:
each paragraph is cut only at ends that need no abbreviation list (a `!` or
`?`; a period after a word mostly seen without one, or after a number of
four or more digits or a version; or any period followed by a word that, in
this same half, mostly starts sentences; a dash and a space between the end
and the capital, a line of dialogue, are passed over, and so are the marks of
a chat log or an interview (`** Nie.`, `> Bardzo`, `<nick> Jestem`); a clear
end at a period is also cut before a lower-case word, as the segmenter does;
a list's label, up to four digits and a period at a piece's start or after
an end, starts the sentence after it: the cut goes before it, never after
it; a fortune's attribution is dropped with its indented continuation
lines; a period before a capital is also cut after an option or a negative
number (`-l.`, `-1.`) or a word in capitals that is no Roman numeral
(`FTP.`), and before a capitalised word of three letters or more that this
half writes in lower case at least as often (`jest 50. Zob`), unless the
token before the period is a single capital (an initial) or a word this
half mostly writes with its period (`np.`)), and pieces that start
upper-case (after such a dash or not),
end in `.`, `!` or `?` and hold no ellipsis are kept. Shuffled sentences are
joined three at a time with a space, one triple a line, and tokenized by
`textsvcd tokenize --by sentence` three ways in one run: ICU's boundaries
alone (`--no-abbreviations`), ICU with its `ss=standard` suppressions, and
with the language's lists (the default). A triple counts when exactly the
three sentences come back.

The UD gold (`--ud FOLDER`, the Universal Dependencies treebanks fetched
there, one sub-folder per treebank: scripts/ud_corpus.py) is marked by
people: three consecutive sentences of one document that each end in `.`,
`!` or `?` (closing quotes or brackets allowed), joined with a space, up to
2,000 a language after a seeded shuffle; the tuning half is the treebanks'
dev and train files, the measurement half their test files, and a PUD
treebank's test file (it has no other) is split between them by document
(scripts/ud_corpus.py: 207 of its 397 documents tune, 190 measure, the same
documents in every language). Two slips of
the treebanks are mended by general rules first (scripts/ud_corpus.py): a
list label marked as a sentence of its own or at the end of the one before
is joined to its item (Ukrainian IU), and a sentence that starts with a
comma, a semicolon or a spaced closing quote is joined to the one before
(Bulgarian BTB, French GSD). The last two
columns count the UD triples whose second and third sentences start
upper-case (or with a digit), and how many of those come back with the
lists: a sentence that starts in lower case after a period is one no
period rule may cut (Unicode's SB8 keeps it joined, and so does real text).
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
import ud_corpus  # noqa: E402

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


def starts_lower(text):
    """Whether a sentence's first letter or digit, after opening quotes, brackets and dashes, is not upper-case or a digit."""
    stripped = text.lstrip("\"'«»„“”‘‚‹›([¿¡-–— ")
    return not stripped or not (stripped[0].isupper() or stripped[0].isdigit())


MODES = [("ICU", False, ""), ("ICU ss=standard", False, "@ss=standard"), ("with lists", True, "")]


def measure(binary, triples, language, environment):
    """For each of MODES: (triples right, failures with the lists, seconds)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as handle:
        handle.write("".join(" ".join(triple) + "\n" for triple in triples))
        path = handle.name
    results = []
    try:
        for _, abbreviations, keyword in MODES:
            locale = LOCALES.get(language, language) + keyword
            tokens, elapsed = tokenize(binary, path, locale, abbreviations, environment)
            right, failures = score(tokens, triples)
            results.append((right, failures, elapsed))
    finally:
        os.unlink(path)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--half", choices=["measure", "tune"], default="measure")
    parser.add_argument("--triples", type=int, default=2000)
    parser.add_argument("--data", default=None, help="a dictionaries folder holding sentences/ (default: the bundled one)")
    parser.add_argument("--cache", default=os.path.join(ROOT, "bench", "out", "sentences"))
    parser.add_argument("--ud", default=None, help="a folder of fetched Universal Dependencies treebanks (UD_English-EWT, ...)")
    parser.add_argument("--gold", choices=["debian", "ud", "both"], default=None,
                        help="which gold to measure on (default: both with --ud, else debian)")
    parser.add_argument("--failures", type=int, default=0, help="print this many failures a language (with the lists)")
    parser.add_argument("languages", nargs="*", default=corpus.LANGUAGES)
    arguments = parser.parse_args()
    gold = arguments.gold or ("both" if arguments.ud else "debian")
    if gold != "debian" and not arguments.ud:
        parser.error("--gold ud and --gold both need --ud FOLDER")
    binary = arguments.binary or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
        "textsvcd")
    environment = dict(os.environ)
    if arguments.data:
        environment["TEXTSVCD_BUNDLED_DICTIONARIES"] = arguments.data
    half = 1 if arguments.half == "measure" else 0
    golds = [name for name in ("debian", "ud") if gold in (name, "both")]
    totals = {(name, mode): [0, 0] for name in golds for mode, _, _ in MODES}
    seconds = {mode: 0.0 for mode, _, _ in MODES}
    header, rule = "| language |", "|---|"
    for name in golds:
        label = "Debian" if name == "debian" else "UD"
        header += f" {label} triples | " + " | ".join(f"{label} {mode}" for mode, _, _ in MODES) + " |"
        rule += "---:|" * (len(MODES) + 1)
    if "ud" in golds:
        header += " UD cased triples | UD cased with lists |"
        rule += "---:|---:|"
    print(header)
    print(rule)
    cased_totals = [0, 0]
    for language in arguments.languages:
        row = f"| {language} |"
        for name in golds:
            if name == "debian":
                triples = triples_of(language, half, arguments.triples, arguments.cache)
            else:
                triples = ud_corpus.triples(arguments.ud, language, half, arguments.triples)
            if not triples:
                row += " 0 |" + " - |" * len(MODES)
                continue
            row += f" {len(triples)} |"
            results = measure(binary, triples, language, environment)
            for (mode, abbreviations, _), (right, failures, elapsed) in zip(MODES, results):
                totals[(name, mode)][0] += right
                totals[(name, mode)][1] += len(triples)
                seconds[mode] += elapsed
                row += f" {100 * right / len(triples):.1f}% |"
                if abbreviations and arguments.failures:
                    for gold_triple, got in failures[:arguments.failures]:
                        print(f"  {language} {name} gold: {' | '.join(gold_triple)}\n"
                              f"  {language} {name} got:  {' | '.join(got)}", file=sys.stderr)
        if "ud" in golds:
            if triples and name == "ud":
                # Sentences that start in lower case: no rule about periods may cut before them (Unicode's SB8).
                failed = {tuple(gold_triple) for gold_triple, _ in results[-1][1]}
                cased = [triple for triple in triples if not any(starts_lower(text) for text in triple[1:])]
                right = sum(1 for triple in cased if tuple(triple) not in failed)
                cased_totals[0] += right
                cased_totals[1] += len(cased)
                row += f" {len(cased)} | {100 * right / max(1, len(cased)):.1f}% |"
            else:
                row += " 0 | - |"
        print(row, flush=True)
    row = "| all |"
    for name in golds:
        row += f" {totals[(name, MODES[0][0])][1]} |" + "".join(
            f" {100 * totals[(name, mode)][0] / max(1, totals[(name, mode)][1]):.2f}% |" for mode, _, _ in MODES)
    if "ud" in golds:
        row += f" {cased_totals[1]} | {100 * cased_totals[0] / max(1, cased_totals[1]):.2f}% |"
    print(row)
    print("\nseconds (the tokenize runs, whole process): " +
          ", ".join(f"{name} {value:.2f}" for name, value in seconds.items()))


if __name__ == "__main__":
    main()
