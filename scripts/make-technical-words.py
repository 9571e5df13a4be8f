#!/usr/bin/env python3
"""Learns the English words of software that en_US lacks, from the manual pages and documents Debian installs.

A word goes in when it is written in lower case in the English manual pages
or documentation (`/usr/share/man/man1`-`man8`, READMEs and text files in
`/usr/share/doc`; a document counts when three quarters of its distinct words
are in the bundled English frequency list) of at least --packages distinct
Debian packages, the en_US
dictionary rejects it (`hunspell -l`), and no misspelling list of codespell
names it. Packages given with --exclude (the repositories the benchmarks
measure on, such as git) are not read. The output is one word a line,
sorted, or with --swift the source of `CodeVocabulary.learned`:

    scripts/make-technical-words.py --packages 4 --exclude 'git*' --exclude 'redis*' \
        --swift > Sources/TextServices/SourceText/CodeVocabulary+Learned.swift
"""
import argparse
import fnmatch
import glob
import gzip
import os
import re
import subprocess
import sys
from collections import defaultdict

WORD = re.compile(r"(?<![\w'./@-])([a-z]+(?:'[a-z]+)?)(?![\w@]|\.[a-z0-9])")
ROFF_ESCAPE = re.compile(r"\\(f(\(..|\[[^]]*\]|.)|\(..|\[[^]]*\]|\*(\(..|\[[^]]*\]|.)|s[-+]?\d+|.)")


def owners():
    """Maps each installed file to its package, from dpkg's file lists."""
    result = {}
    for listing in glob.glob("/var/lib/dpkg/info/*.list"):
        package = os.path.basename(listing)[:-5].split(":")[0]
        with open(listing, errors="replace") as handle:
            for line in handle:
                result[line.rstrip("\n")] = package
    return result


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", errors="replace") as handle:
            return handle.read(2_000_000)
    except (OSError, EOFError):
        return ""


def roff_text(source):
    lines = []
    for line in source.splitlines():
        if line.startswith((".", "'")):
            # Prose macros keep their text; other requests are dropped.
            parts = line[1:].split(None, 1)
            if parts and parts[0] in ("SH", "SS", "B", "I", "BR", "IR", "RB", "RI", "IP") and len(parts) > 1:
                line = parts[1]
            else:
                continue
        lines.append(ROFF_ESCAPE.sub(" ", line))
    return "\n".join(lines)


def documents(owner_of):
    for section in range(1, 9):
        for path in glob.glob(f"/usr/share/man/man{section}/*"):
            real = os.path.realpath(path)
            package = owner_of.get(path) or owner_of.get(real)
            if package:
                yield package, roff_text(read(real))
    for folder in glob.glob("/usr/share/doc/*"):
        package = os.path.basename(folder)
        for root, _, files in os.walk(folder):
            for name in files:
                lower = name.lower()
                if "changelog" in lower or "copyright" in lower:
                    continue  # maintainers' names and licence boilerplate
                if lower.startswith("readme") or lower.endswith((".md", ".txt", ".md.gz", ".txt.gz", ".rst", ".rst.gz")):
                    yield package, read(os.path.join(root, name))


def english_words(path="dictionaries/en.freq"):
    with open(path) as handle:
        return {line.split("\t", 1)[0] for line in handle if not line.startswith("#")}


def is_english(words, common):
    """Whether most of a document's words are common English words (manual pages and READMEs in other languages are not)."""
    return len(words) >= 20 and sum(word in common for word in words) >= 0.75 * len(words)


def misspellings():
    import codespell_lib
    folder = os.path.join(os.path.dirname(codespell_lib.__file__), "data")
    known = set()
    for path in glob.glob(os.path.join(folder, "dictionary*.txt")):
        with open(path) as handle:
            for line in handle:
                known.add(line.split("->", 1)[0].strip().lower())
    return known


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--packages", type=int, default=8, help="distinct packages a word must be written in")
    parser.add_argument("--exclude", action="append", default=[], help="package name pattern not to read")
    parser.add_argument("--dictionary", default="dictionaries/en_US", help="Hunspell dictionary (without .dic/.aff)")
    parser.add_argument("--counts", help="also write 'word packages' lines to this file")
    parser.add_argument("--swift", action="store_true", help="write the Swift source of CodeVocabulary.learned")
    arguments = parser.parse_args()
    seen = defaultdict(set)
    common = english_words()
    for package, text in documents(owners()):
        if any(fnmatch.fnmatch(package, pattern) for pattern in arguments.exclude):
            continue
        words = {word for word in WORD.findall(text) if len(word) >= 3}
        if not is_english(words, common):
            continue
        for word in words:
            seen[word].add(package)
    candidates = sorted(word for word, packages in seen.items() if len(packages) >= arguments.packages)
    rejected = subprocess.run(["hunspell", "-d", arguments.dictionary, "-l"], input="\n".join(candidates),
                              capture_output=True, text=True, check=True).stdout.split()
    known = misspellings()
    # `aren`, `wouldn`: contractions whose apostrophe an escape (`\(aq`) took away.
    words = sorted(word for word in set(rejected) - known if word + "'t" not in common)
    if arguments.counts:
        with open(arguments.counts, "w") as handle:
            for word in words:
                handle.write(f"{word} {len(seen[word])}\n")
    print(f"{len(seen)} words read, {len(candidates)} in {arguments.packages}+ packages, "
          f"{len(rejected)} rejected by en_US, {len(words)} not known misspellings", file=sys.stderr)
    if not arguments.swift:
        sys.stdout.write("".join(word + "\n" for word in words))
        return
    packages = len({package for packages in seen.values() for package in packages})
    command = "scripts/make-technical-words.py --packages %d%s --swift" % (
        arguments.packages, "".join(" --exclude '%s'" % pattern for pattern in arguments.exclude))
    lines, line = [], "       "
    for word in words:
        item = ' "%s",' % word
        if len(line) + len(item) > 120:
            lines.append(line)
            line = "       "
        line += item
    lines.append(line)
    print("// Generated by %s; do not edit." % command)
    print("// From the English manual pages and documents of %d Debian 12 packages installed here." % packages)
    print()
    print("extension CodeVocabulary {")
    print("    /// Words of software in lower case that en_US rejects, written in the English manual pages or documents of at")
    print("    /// least %d Debian packages, less codespell's misspellings (`scripts/make-technical-words.py`)." % arguments.packages)
    print("    static let learned: Set<String> = [")
    print("\n".join(lines))
    print("    ]")
    print("}")


if __name__ == "__main__":
    main()
