#!/usr/bin/env python3
"""Generates bench/data/typos-en.tsv, a realistic set of English typing and spelling errors.

Each line is `misspelling<TAB>correct`. Correct words are drawn from the
frequent words of dictionaries/en.freq that Hunspell's en_US accepts, with
more weight on common words (people misspell what they write), at least
3 letters long. Each gets one error of a kind real writers make:

  keyboard   a letter replaced by a neighbouring QWERTY key
  swap       two adjacent letters transposed
  drop       a letter left out (often one of a doubled pair)
  double     a letter typed twice
  insert     a neighbouring key hit as well
  phonetic   a spelling slip: -able/-ible, ie/ei, c/s/k, ph/f, silent letters,
             -ance/-ence, -ant/-ent, doubled or undoubled consonants,
             unstressed vowels, -tion/-sion, and similar

Pairs whose misspelling Hunspell accepts (a real word) are dropped. A few
are capitalised as at the start of a sentence. The output is deterministic
for a given seed, frequency file and Hunspell dictionary.

Usage: scripts/make-typos.py [--count 3000] [--seed 20240611] [--output bench/data/typos-en.tsv]
"""
import argparse
import os
import random
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def neighbours():
    result = {}
    for r, row in enumerate(ROWS):
        for i, key in enumerate(row):
            near = set()
            if i > 0:
                near.add(row[i - 1])
            if i + 1 < len(row):
                near.add(row[i + 1])
            if r > 0:
                above = ROWS[r - 1]
                for j in (i, i + 1):
                    if 0 <= j < len(above):
                        near.add(above[j])
            if r + 1 < len(ROWS):
                below = ROWS[r + 1]
                for j in (i - 1, i):
                    if 0 <= j < len(below):
                        near.add(below[j])
            result[key] = sorted(near)
    return result


NEAR = neighbours()
VOWELS = "aeiou"

# (pattern, replacement) pairs applied once at a random matching position.
PHONETIC = [
    (r"able$", "ible"), (r"ible$", "able"), (r"ie", "ei"), (r"ei", "ie"),
    (r"ance", "ence"), (r"ence", "ance"), (r"ant$", "ent"), (r"ent$", "ant"),
    (r"ancy$", "ency"), (r"ency$", "ancy"), (r"ar$", "er"), (r"or$", "er"), (r"er$", "or"),
    (r"ph", "f"), (r"c(?=[eiy])", "s"), (r"s(?=[eiy])", "c"), (r"c(?=[aou])", "k"), (r"k", "c"),
    (r"^kn", "n"), (r"^wr", "r"), (r"mb$", "m"), (r"gh", "g"), (r"^wh", "w"), (r"rh", "r"),
    (r"sc(?=[ei])", "s"), (r"dg", "g"), (r"tch", "ch"), (r"ck", "k"),
    (r"([bcdfglmnprstz])\1", r"\1"), (r"(?<=[aeiou])([lmnprst])(?=[aeiouy])", r"\1\1"),
    (r"tion$", "sion"), (r"sion$", "tion"), (r"cial", "tial"), (r"tial", "cial"),
    (r"(?<=[a-z])a(?=[a-z]{2})", "e"), (r"(?<=[a-z])e(?=[a-z]{2})", "a"), (r"(?<=[a-z])i(?=[a-z]{2})", "e"),
    (r"(?<=[a-z])e(?=[a-z]{2})", "i"), (r"(?<=[a-z])o(?=[a-z]{2})", "a"),
    (r"y$", "ey"), (r"ey$", "y"), (r"ful$", "full"), (r"x", "ks"), (r"qu", "kw"),
    (r"ise$", "ize"), (r"ous$", "us"), (r"(?<=[a-z])e(?=ly$)", ""), (r"ea", "ee"), (r"ee", "ea"),
    (r"oo", "u"), (r"ou", "ow"), (r"au", "aw"), (r"our", "or"), (r"z", "s"), (r"s(?=[aeiou])", "z"),
]


def keyboard(word, rnd):
    spots = [i for i, c in enumerate(word) if c in NEAR]
    if not spots:
        return None
    i = rnd.choice(spots)
    return word[:i] + rnd.choice(NEAR[word[i]]) + word[i + 1:]


def swap(word, rnd):
    spots = [i for i in range(len(word) - 1) if word[i] != word[i + 1]]
    if not spots:
        return None
    i = rnd.choice(spots)
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def drop(word, rnd):
    doubled = [i for i in range(1, len(word)) if word[i] == word[i - 1]]
    if doubled and rnd.random() < 0.5:
        i = rnd.choice(doubled)
    else:
        i = rnd.randrange(1, len(word)) if len(word) > 3 and rnd.random() < 0.9 else rnd.randrange(len(word))
    return word[:i] + word[i + 1:]


def double(word, rnd):
    i = rnd.randrange(len(word))
    if not word[i].isalpha():
        return None
    return word[:i] + word[i] + word[i:]


def insert(word, rnd):
    i = rnd.randrange(len(word))
    if word[i] not in NEAR:
        return None
    extra = rnd.choice(NEAR[word[i]])
    return word[:i + 1] + extra + word[i + 1:] if rnd.random() < 0.5 else word[:i] + extra + word[i:]


def phonetic(word, rnd):
    rules = list(PHONETIC)
    rnd.shuffle(rules)
    for pattern, replacement in rules:
        matches = list(re.finditer(pattern, word))
        if not matches:
            continue
        m = rnd.choice(matches)
        changed = word[:m.start()] + m.expand(replacement) + word[m.end():]
        if changed != word:
            return changed
    return None


KINDS = [(keyboard, 22), (swap, 14), (drop, 18), (double, 10), (insert, 8), (phonetic, 28)]


def load_words(path, limit):
    words = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#"):
                continue
            word = line.split("\t")[0]
            if len(word) >= 3 and word.isalpha() and word.isascii():
                words.append(word)
            if len(words) >= limit:
                break
    return words


def hunspell_rejects(words, dictionary):
    """The subset of words that Hunspell does not accept."""
    result = subprocess.run(["hunspell", "-d", dictionary, "-l"], input="\n".join(words) + "\n",
                            capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--dictionary", default=os.path.join(ROOT, "dictionaries", "en_US"))
    parser.add_argument("--frequencies", default=os.path.join(ROOT, "dictionaries", "en.freq"))
    parser.add_argument("--pool", type=int, default=30000, help="draw from this many most frequent words")
    parser.add_argument("--output", default=os.path.join(ROOT, "bench", "data", "typos-en.tsv"))
    args = parser.parse_args()

    rnd = random.Random(args.seed)
    pool = load_words(args.frequencies, args.pool)
    rejected = hunspell_rejects(pool, args.dictionary)
    pool = [w for w in pool if w not in rejected]
    # Rank-weighted draw: common words more often, but the long tail is well represented.
    weights = [1.0 / (rank + 200) ** 0.6 for rank in range(len(pool))]

    candidates = []
    seen = set()
    kinds, kind_weights = zip(*KINDS)
    attempts = 0
    while len(candidates) < args.count * 2 and attempts < args.count * 50:
        attempts += 1
        word = rnd.choices(pool, weights)[0]
        kind = rnd.choices(kinds, kind_weights)[0]
        typo = kind(word, rnd)
        if not typo or typo == word or typo in seen:
            continue
        seen.add(typo)
        candidates.append((typo, word, kind.__name__))

    rejected = hunspell_rejects([t for t, _, _ in candidates], args.dictionary)
    pairs = [(t, w, k) for t, w, k in candidates if t in rejected][:args.count]
    rows = []
    for typo, word, kind in pairs:
        if rnd.random() < 0.05:
            typo, word = typo[:1].upper() + typo[1:], word[:1].upper() + word[1:]
        rows.append((typo, word, kind))
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        out.write("# misspelling<TAB>correct<TAB>kind, made by scripts/make-typos.py --seed %d\n" % args.seed)
        for typo, word, kind in rows:
            out.write("%s\t%s\t%s\n" % (typo, word, kind))
    counts = {}
    for _, _, kind in rows:
        counts[kind] = counts.get(kind, 0) + 1
    print("wrote %d pairs to %s: %s" % (len(rows), args.output, ", ".join("%s %d" % kv for kv in sorted(counts.items()))))


if __name__ == "__main__":
    main()
