#!/usr/bin/env python3
"""Mixed-language documents: `check --lang auto` against each paragraph checked with its own dictionary, and the union.

Usage: mixed.py SETS TEXTSVCD [--per 30] [--seed 22] [--half measure] [--wrap COLUMNS]
(SETS from make-sets.py; only the measurement half is read unless --half says otherwise.)

From HALF-paragraphs.tsv it draws up to PER paragraphs of each of the 13
languages (three real sentences each), shuffles them into one document (a
paragraph a line, blank lines between) and seeds misspellings in it: in each
paragraph two words of at least four letters get one realistic edit each (two
adjacent letters swapped, a letter left out, a letter doubled, or for Latin
letters a neighbouring QWERTY key hit instead). The document is then checked
three ways in one run, in process (`--no-daemon`), without guesses:

  reference  each paragraph with its true dictionary (13 runs, one per language,
             on copies of the document where the other paragraphs are blank lines,
             so every line keeps its number)
  auto       `check --lang auto:<the 13 tags>` on the whole document
  union      `check --lang <the 13 tags>` on the whole document

With --wrap, each paragraph is hard-wrapped at COLUMNS (a space becomes a line
break, as in a plain-text or Markdown file written in an editor), so a
paragraph is several lines and its last line may hold a word or two.

A flag is (line, column, word). Recall is the share of the seeded misspellings
the reference flags that the way flags too; false flags are flags that are not
seeded misspellings. Targets (issue 22): auto's recall at least 98% of the
reference's, its false flags at most 2% above the reference's.
"""
import argparse, collections, json, os, random, re, subprocess, sys, tempfile, time

TAGS = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_BR", "pl": "pl_PL",
        "ru": "ru_RU", "nl": "nl_NL", "sv": "sv_SE", "cs": "cs_CZ", "uk": "uk_UA", "bg": "bg_BG"}
ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def neighbours():
    place = {key: (r, i) for r, row in enumerate(ROWS) for i, key in enumerate(row)}
    near = {}
    for key, (r, i) in place.items():
        near[key] = [k for k, (r2, i2) in place.items() if k != key and abs(r2 - r) <= 1 and abs(i2 - i) <= 1]
    return near


NEAR = neighbours()


def edit(word, rng):
    """One realistic slip in `word` (never its first letter); None when no edit changes it."""
    kinds = ["swap", "drop", "double"] + (["keyboard", "keyboard"] if word.isascii() else [])
    for _ in range(10):
        kind = rng.choice(kinds)
        i = rng.randrange(1, len(word))
        if kind == "swap" and i < len(word) - 1 and word[i] != word[i + 1]:
            result = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        elif kind == "drop":
            result = word[:i] + word[i + 1:]
        elif kind == "double":
            result = word[:i] + word[i] + word[i:]
        elif kind == "keyboard" and word[i].lower() in NEAR:
            result = word[:i] + rng.choice(NEAR[word[i].lower()]) + word[i + 1:]
        else:
            continue
        if result != word:
            return result
    return None


def seed(paragraph, rng, count=2):
    """The paragraph with `count` words misspelled, and the (character column from 1, misspelling) of each."""
    words = [m for m in WORD.finditer(paragraph) if len(m.group()) >= 4 and "'" not in m.group() and "’" not in m.group()]
    chosen = sorted(rng.sample(words, min(count, len(words))), key=lambda m: m.start())
    result, seeded, shift, last = "", [], 0, 0
    for match in chosen:
        wrong = edit(match.group(), rng)
        if wrong is None:
            continue
        result += paragraph[last:match.start()]
        seeded.append((len(result) + 1, wrong))
        result += wrong
        last = match.end()
    return result + paragraph[last:], seeded


def wrapped(paragraph, columns):
    """The paragraph's lines when wrapped at `columns` (each break replaces one space, so offsets keep)."""
    if not columns:
        return [paragraph]
    lines, start, last_space = [], 0, -1
    for index, character in enumerate(paragraph):
        if character == " ":
            if index - start > columns and last_space > start:
                lines.append(paragraph[start:last_space])
                start = last_space + 1
            last_space = index
    if len(paragraph) - start > columns and last_space > start:
        lines.append(paragraph[start:last_space])
        start = last_space + 1
    lines.append(paragraph[start:])
    return lines


def check(binary, path, languages):
    """The flags of one `check` run as {(line, column, word): language} and its seconds."""
    command = [binary, "check", "--no-daemon", "--guesses", "0", "--format", "json", "--lang", languages, path]
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if run.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)}: exit {run.returncode}: {run.stderr}")
    flags = {}
    for line in run.stdout.splitlines():
        found = json.loads(line)
        flags[(found["line"], found["column"], found["word"])] = found.get("language")
    return flags, seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sets"), parser.add_argument("binary")
    parser.add_argument("--per", type=int, default=30), parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--half", default="measure")
    parser.add_argument("--wrap", type=int, default=0, help="hard-wrap each paragraph at this many columns")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    by_language = collections.defaultdict(list)
    for row in open(f"{args.sets}/{args.half}-paragraphs.tsv", encoding="utf-8"):
        language, text = row.rstrip("\n").split("\t", 1)
        by_language[language].append(text)
    paragraphs = []
    for language in TAGS:
        texts = by_language.get(language, [])
        rng.shuffle(texts)
        paragraphs += [(language, text) for text in texts[:args.per]]
    rng.shuffle(paragraphs)
    lines, truth, seeded = [], {}, {}
    for language, text in paragraphs:
        misspelled, found = seed(text, rng)
        first = len(lines) + 1
        pieces = wrapped(misspelled, args.wrap)
        starts = [sum(len(piece) + 1 for piece in pieces[:i]) for i in range(len(pieces))]
        lines += pieces + [""]
        for offset in range(len(pieces)):
            truth[first + offset] = language
        for column, word in found:
            piece = max(i for i, start in enumerate(starts) if start <= column - 1)
            seeded[(first + piece, column - starts[piece], word)] = language
    folder = tempfile.mkdtemp(prefix="mixed-")
    document = f"{folder}/mixed.txt"
    open(document, "w", encoding="utf-8").write("\n".join(lines) + "\n")
    words = {language: 0 for language in TAGS}
    for number, language in truth.items():
        words[language] += len(WORD.findall(lines[number - 1]))

    reference, reference_seconds = {}, 0.0
    for language, tag in TAGS.items():
        if language not in truth.values():
            continue
        own = [line if truth.get(index + 1) == language else "" for index, line in enumerate(lines)]
        path = f"{folder}/only-{language}.txt"
        open(path, "w", encoding="utf-8").write("\n".join(own) + "\n")
        flags, seconds = check(args.binary, path, tag)
        reference.update(flags)
        reference_seconds += seconds
    auto, auto_seconds = check(args.binary, document, "auto:" + ",".join(TAGS.values()))
    union, union_seconds = check(args.binary, document, ",".join(TAGS.values()))

    def score(flags):
        per = {}
        for language in TAGS:
            mine = {key for key in flags if truth.get(key[0]) == language}
            expected = {key for key in reference if truth.get(key[0]) == language and key in seeded}
            false = {key for key in mine if key not in seeded}
            per[language] = (len(mine & expected), len(expected), len(false))
        found = sum(v[0] for v in per.values())
        expected = sum(v[1] for v in per.values())
        false = sum(v[2] for v in per.values())
        return found, expected, false, per

    total_words = sum(words.values())
    print(f"document: {len(paragraphs)} paragraphs ({len(truth)} lines), {total_words} words, {len(seeded)} seeded misspellings "
          f"({sum(1 for k in seeded if k in reference)} flagged by the reference); half {args.half}, seed {args.seed}"
          + (f", wrapped at {args.wrap} columns" if args.wrap else ""))
    print("| way | seeded found (of the reference's) | recall vs reference | false flags | per 1,000 words | vs reference | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    ref_found, ref_expected, ref_false, _ = score(reference)
    for name, flags, seconds in (("reference (true dictionary)", reference, reference_seconds),
                                 ("auto (13 candidates)", auto, auto_seconds), ("union (13 dictionaries)", union, union_seconds)):
        found, expected, false, _ = score(flags)
        recall = found / expected if expected else 1.0
        above = (false - ref_false) / ref_false if ref_false else 0.0
        print(f"| {name} | {found} / {expected} | {100 * recall:.2f}% | {false} | {1000 * false / total_words:.2f} | "
              f"{100 * above:+.1f}% | {seconds:.1f} |")
    print()
    print("| language | paragraphs | words | reference: seeded / false | auto: seeded / false | union: seeded / false |")
    print("|---|---:|---:|---:|---:|---:|")
    _, _, _, ref_per = score(reference)
    _, _, _, auto_per = score(auto)
    _, _, _, union_per = score(union)
    for language in TAGS:
        count = sum(1 for p in paragraphs if p[0] == language)
        if not count:
            continue
        r, a, u = ref_per[language], auto_per[language], union_per[language]
        print(f"| {language} | {count} | {words[language]} | {r[0]} / {r[2]} | {a[0]} / {a[2]} | {u[0]} / {u[2]} |")
    missed = [(key, truth[key[0]]) for key in reference if key in seeded and key not in auto]
    extra = [(key, truth[key[0]], auto[key]) for key in auto if key not in seeded and key not in reference]
    if missed:
        print("\nseeded misspellings auto missed:", "; ".join(f"{k[2]} ({l})" for k, l in missed[:20]), file=sys.stderr)
    if extra:
        print("auto's false flags the reference has not:", "; ".join(f"{k[2]} ({l}, checked as {c})" for k, l, c in extra[:40]),
              file=sys.stderr)


main()
