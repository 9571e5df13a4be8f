#!/usr/bin/env python3
"""Learns each language's sentence abbreviations, initials rule, ordinals and sentence starters from real text.

Usage: scripts/make-sentence-data.py [--out dictionaries/sentences] [--cache bench/out/sentences] [LANG...]

Reads the tuning half of Debian's translated manual pages, fortunes,
maint-guide and debian-reference (scripts/sentence_corpus.py; install them with
scripts/install-deps --with-bench) and writes dictionaries/sentences/<lang>.txt,
which Sources/TextServices/TextUnits/SentenceAbbreviations.swift reads. The
method is unsupervised, after Kiss & Strunk's Punkt (2006):

- a *starter* is a capitalised word that mostly comes right after a sentence
  end no list is needed to see (a `!` or `?`, or a period after a word that
  is mostly seen without one): "The", "Die", "Это";
- an *abbreviation* is a token that mostly carries its period (Punkt's
  type-based evidence) and is mostly followed by something that does not
  start a sentence (a lower-case word, a number, a non-starter capital); a
  *title* abbreviation ("Dr", "vgl") is one never seen before a starter, so
  it joins whatever follows;
- a language *writes ordinals* ("am 21. Januar") when a number of one to
  three digits with a period, right after a lower-case word (so not a
  list's "1."), is followed by a lower-case word or a non-starter capital
  often enough.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sentence_corpus as corpus  # noqa: E402

# Thresholds, tuned on the tuning half with bench/sentences.py --half tune.
MINIMUM_ABBREVIATION_COUNT = 3
PERIOD_RATIO = 0.75          # with period / all occurrences of the token
CONTINUED_RATIO = 0.5        # followers that do not start a sentence
TITLE_STARTER_RATIO = 0.05   # at most this share of followers are starters
MINIMUM_STARTER_COUNT = 3
STARTER_RATIO = 0.3          # after a clear end / all capitalised occurrences
MAXIMUM_ABBREVIATION_LETTERS = 4  # in each period-separated part
ORDINAL_RATIO = 0.4          # numbers with a period followed by a non-start


def learn(paragraphs):
    counts = corpus.Counts()
    for paragraph in paragraphs:
        counts.add(paragraph)
    starts = corpus.sentence_starts(paragraphs, counts)
    starters = sorted(word for word, count in starts.items()
                      if count >= MINIMUM_STARTER_COUNT and word[:1].isupper()
                      and count >= STARTER_RATIO * max(counts.capitalised.get(word, 0), count))
    starter_set = set(starters)

    def continues(word):
        return bool(word) and not (word[0].isupper() and word in starter_set)

    abbreviations, titles = [], []
    for key, with_period in counts.with_period.items():
        if key.startswith("#") or with_period < MINIMUM_ABBREVIATION_COUNT:
            continue
        if len(key) == 1 and key.isupper():
            continue  # an initial: the runtime's rule for single capitals covers it
        if key.endswith(".") or max(len(part) for part in key.split(".")) > MAXIMUM_ABBREVIATION_LETTERS:
            continue  # an ellipsis, or a word as long as an ordinary word (Punkt's length penalty)
        without = counts.without_period.get(key, 0)
        if with_period < PERIOD_RATIO * (with_period + without):
            continue
        followers = [word for word in counts.followers[key] if word]
        if not followers:
            continue
        continued = sum(1 for word in followers if continues(word))
        if continued < CONTINUED_RATIO * len(followers):
            continue
        before_starter = sum(1 for word in followers if word in starter_set)
        if len(followers) >= 5 and before_starter <= TITLE_STARTER_RATIO * len(followers):
            titles.append(key)
        else:
            abbreviations.append(key)

    numbers = [word for digits, word in counts.ordinal_followers if digits <= 3 and word and word[0].isalpha()]
    ordinal_share = sum(1 for word in numbers if continues(word)) / max(1, len(numbers))
    return {"starters": starters, "abbreviations": sorted(abbreviations), "titles": sorted(titles),
            "ordinals": ordinal_share >= ORDINAL_RATIO, "ordinal_share": ordinal_share,
            "numbers": len(numbers), "paragraphs": len(paragraphs)}


def write(language, learned, folder):
    path = os.path.join(folder, f"{language}.txt")
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# Sentence-boundary data for '{language}', made by scripts/make-sentence-data.py\n")
        out.write(f"# from the tuning half ({learned['paragraphs']} paragraphs) of the Debian packages: "
                  f"{', '.join(corpus.packages(language))}.\n")
        out.write("# Their licences (GPL, BSD-style, public domain, free documentation) are listed in dictionaries/README.md.\n")
        out.write("# Lines: 'ordinals yes|no', 'title KEY' (joins whatever follows), 'abbreviation KEY'\n")
        out.write("# (joins unless a sentence starter follows), 'starter WORD'.\n")
        out.write(f"ordinals {'yes' if learned['ordinals'] else 'no'}\n")
        for key in learned["titles"]:
            out.write(f"title {key}\n")
        for key in learned["abbreviations"]:
            out.write(f"abbreviation {key}\n")
        for word in learned["starters"]:
            out.write(f"starter {word}\n")
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--out", default=os.path.join(root, "dictionaries", "sentences"))
    parser.add_argument("--cache", default=os.path.join(root, "bench", "out", "sentences"))
    parser.add_argument("languages", nargs="*", default=corpus.LANGUAGES)
    arguments = parser.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    for language in arguments.languages:
        learned = learn(corpus.paragraphs(language, 0, cache=arguments.cache))
        path = write(language, learned, arguments.out)
        print(f"{language}: {len(learned['titles'])} titles, {len(learned['abbreviations'])} abbreviations, "
              f"{len(learned['starters'])} starters, ordinals {learned['ordinals']} "
              f"({learned['ordinal_share']:.2f} of {learned['numbers']}) -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
