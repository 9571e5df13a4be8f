#!/usr/bin/env python3
"""Builds dictionaries/<lang>.freq, textsvcd's compact word-frequency files.

English (en.freq, tuned for textsvcd's guesses) comes from the frequency list
that ships in the symspellpy package on PyPI
(symspellpy/frequency_dictionary_en_82_765.txt, MIT licence; counts from the
Google Books Ngram corpus intersected with SCOWL word lists).

Every other language comes from wordfreq (https://github.com/rspeer/wordfreq,
code Apache-2.0, data CC BY-SA 4.0; attribution in
dictionaries/wordfreq.LICENSE): its "large" list where it has one, else its
"small" list. Only words that one of the language's Debian Hunspell
dictionaries accepts (in lower case, or capitalised as German nouns are) are
kept, so numbers, names in other scripts and words no dictionary of the
language could offer are dropped, and words below --min-zipf are cut. Two
repairs undo wordfreq's case folding: German `ss` becomes `ß` where a
dictionary spells the word so (both forms are kept when both are accepted),
and a Greek word-final `σ` becomes `ς`. Serbian gets its Cyrillic forms
transliterated from wordfreq's Latin-script list (wordfreq merges Serbian,
Croatian and Bosnian as `sh`).

Usage:
    scripts/make-frequencies.py                  # en.freq from symspellpy (downloads it with pip)
    scripts/make-frequencies.py --source FILE    # en.freq from a local "word count" file
    scripts/make-frequencies.py --wordfreq       # every language in LANGUAGES (needs `pip install wordfreq==3.1.1`
                                                 # and the hunspell-* packages scripts/install-deps lists)
    scripts/make-frequencies.py --wordfreq de fr # only these

Output format (UTF-8 text, read by WordFrequencies.swift):
    # comment lines
    word<TAB>zipf
one line per word, most frequent first, where zipf = log10(occurrences per
billion words). Words are lower-case. The wordfreq lists use the compact form
of the same format: zipf with one decimal (the loader keeps tenths), given
once for a run of words by a line holding a tab and the value:
    <TAB>7.5
    der
    die
    <TAB>7.4
    und
"""
import argparse
import glob
import math
import os
import subprocess
import sys
import tempfile
import zipfile

from hunspell_dictionary import HunspellDictionary

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PACKAGE = "symspellpy==6.10.1"
MEMBER = "symspellpy/frequency_dictionary_en_82_765.txt"
WORDFREQ_VERSION = "3.1.1"
HUNSPELL_FOLDER = "/usr/share/hunspell"

# language -> (wordfreq code, Debian Hunspell dictionaries that decide which words to keep)
LANGUAGES = {
    "bg": ("bg", ["bg_BG"]),
    "bn": ("bn", ["bn_BD"]),
    "bs": ("sh", ["bs_BA"]),
    "ca": ("ca", ["ca", "ca_ES-valencia"]),
    "cs": ("cs", ["cs_CZ"]),
    "da": ("da", ["da_DK"]),
    "de": ("de", ["de_DE", "de_AT", "de_CH"]),
    "el": ("el", ["el_GR"]),
    "es": ("es", ["es_ES", "es_MX", "es_AR"]),
    "fr": ("fr", ["fr_FR"]),
    "he": ("he", ["he_IL"]),
    "hi": ("hi", ["hi_IN"]),
    "hr": ("sh", ["hr_HR"]),
    "hu": ("hu", ["hu_HU"]),
    "id": ("id", ["id_ID"]),
    "is": ("is", ["is_IS"]),
    "it": ("it", ["it_IT"]),
    "lt": ("lt", ["lt_LT"]),
    "lv": ("lv", ["lv_LV"]),
    "nb": ("nb", ["nb_NO"]),
    "nl": ("nl", ["nl_NL"]),
    "pl": ("pl", ["pl_PL"]),
    "pt": ("pt", ["pt_BR", "pt_PT"]),
    "ro": ("ro", ["ro_RO"]),
    "ru": ("ru", ["ru_RU"]),
    "sk": ("sk", ["sk_SK"]),
    "sl": ("sl", ["sl_SI"]),
    "sr": ("sh", ["sr_Latn_RS", "sr_RS"]),
    "sv": ("sv", ["sv_SE"]),
    "tr": ("tr", ["tr_TR"]),
    "uk": ("uk", ["uk_UA"]),
    "vi": ("vi", ["vi_VN"]),
}
# A language whose dictionaries accept fewer of wordfreq's words than this is skipped: its
# dictionary spells words another way than wordfreq's tokens (Korean, Arabic here).
MINIMUM_ACCEPTED = 0.05

SERBIAN_CYRILLIC = [("lj", "љ"), ("nj", "њ"), ("dž", "џ"), ("a", "а"), ("b", "б"), ("c", "ц"), ("č", "ч"), ("ć", "ћ"),
                    ("d", "д"), ("đ", "ђ"), ("e", "е"), ("f", "ф"), ("g", "г"), ("h", "х"), ("i", "и"), ("j", "ј"),
                    ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"), ("r", "р"), ("s", "с"),
                    ("š", "ш"), ("t", "т"), ("u", "у"), ("v", "в"), ("z", "з"), ("ž", "ж")]


# --- English, from symspellpy ---

def fetch_symspell(workdir):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", workdir, PACKAGE],
                   check=True)
    wheels = glob.glob(os.path.join(workdir, "symspellpy-*.whl"))
    if not wheels:
        sys.exit("pip did not download symspellpy")
    with zipfile.ZipFile(wheels[0]) as wheel:
        return wheel.read(MEMBER).decode("utf-8")


def make_english(source, output):
    if source:
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
    else:
        with tempfile.TemporaryDirectory() as workdir:
            text = fetch_symspell(workdir)
    counts = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 2 or not parts[1].isdigit():
            continue
        word = parts[0].lower()
        counts[word] = counts.get(word, 0) + int(parts[1])
    total = sum(counts.values())
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    with open(output, "w", encoding="utf-8", newline="\n") as out:
        out.write("# textsvcd word frequencies for en: word<TAB>zipf (log10 occurrences per billion words)\n")
        out.write("# generated by scripts/make-frequencies.py from %s %s (MIT licence)\n" % (PACKAGE, MEMBER))
        for word, count in rows:
            zipf = math.log10(count / total * 1e9)
            out.write("%s\t%.2f\n" % (word, zipf))
    print("wrote %d words to %s" % (len(rows), output))


# --- Other languages, from wordfreq ---

class Dictionary(HunspellDictionary):
    """A system Hunspell dictionary by name, with the Debian package that installed it."""

    def __init__(self, name):
        super().__init__(os.path.join(HUNSPELL_FOLDER, name + ".aff"))
        self.name = name
        self.package = package_of(os.path.join(HUNSPELL_FOLDER, name + ".dic"))


def package_of(path):
    """The Debian package and version that installed `path`, for the file header."""
    owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
    if owner.returncode != 0:
        return "?"
    package = owner.stdout.split(":")[0]
    version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True).stdout
    return "%s %s" % (package, version)


def accepted(word, dictionaries):
    forms = {word, word[:1].upper() + word[1:]}
    return any(d.accepts(form) for d in dictionaries for form in forms)


def spellings(word, lang):
    """The spellings of a wordfreq word to try: wordfreq folds `ß` to `ss` and a final `ς` to `σ`."""
    if lang == "de" and "ss" in word:
        variants = {""}
        index = 0
        while index < len(word):
            if word.startswith("ss", index):
                variants = {v + "ss" for v in variants} | {v + "ß" for v in variants}
                index += 2
            else:
                variants = {v + word[index] for v in variants}
                index += 1
            if len(variants) > 8:
                return [word]
        return sorted(variants)
    if lang == "el" and word.endswith("σ"):
        return [word[:-1] + "ς"]
    if lang == "sr":
        cyrillic = word
        for latin, letter in SERBIAN_CYRILLIC:
            cyrillic = cyrillic.replace(latin, letter)
        return [word, cyrillic]
    return [word]


def make_wordfreq(lang, output, min_zipf, max_words):
    import wordfreq

    code, names = LANGUAGES[lang]
    dictionaries = []
    for name in names:
        try:
            dictionaries.append(Dictionary(name))
        except FileNotFoundError:
            print("%s: no %s dictionary in %s; skipped it" % (lang, name, HUNSPELL_FOLDER), file=sys.stderr)
    if not dictionaries:
        print("%s: no dictionary installed, no list written" % lang, file=sys.stderr)
        return None
    wordlist = "large" if code in wordfreq.available_languages("large") else "small"
    frequencies = wordfreq.get_frequency_dict(code, wordlist)
    rows = {}
    tried = 0
    for word, frequency in frequencies.items():
        zipf = round(math.log10(frequency * 1e9), 1)
        if zipf < min_zipf:
            continue
        if not word or any(c.isdigit() for c in word) or not any(c.isalpha() for c in word):
            continue
        tried += 1
        for spelling in spellings(word, lang):
            if spelling not in rows and accepted(spelling, dictionaries):
                rows[spelling] = zipf
    if tried == 0 or len(rows) < tried * MINIMUM_ACCEPTED:
        print("%s: the dictionaries accept %d of %d words; no list written" % (lang, len(rows), tried), file=sys.stderr)
        return None
    ordered = sorted(rows.items(), key=lambda item: (-item[1], item[0]))
    if len(ordered) > max_words:
        # Cut between two zipf values, so that no word is kept while another as common is dropped.
        floor = ordered[max_words][1]
        ordered = [row for row in ordered if row[1] > floor]
        min_zipf = floor + 0.1
    with open(output, "w", encoding="utf-8", newline="\n") as out:
        out.write("# textsvcd word frequencies for %s: word<TAB>zipf (log10 occurrences per billion words)\n" % lang)
        out.write("# generated by scripts/make-frequencies.py from wordfreq %s (%s list for '%s'), "
                  "https://github.com/rspeer/wordfreq\n" % (WORDFREQ_VERSION, wordlist, code))
        out.write("# data licence: CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); sources and "
                  "credits: dictionaries/wordfreq.LICENSE\n")
        out.write("# changed: only words %s accept, zipf >= %.1f, rounded to one decimal\n"
                  % (", ".join("%s (%s)" % (d.name, d.package) for d in dictionaries), min_zipf))
        group = None
        for word, zipf in ordered:
            if zipf != group:
                out.write("\t%.1f\n" % zipf)
                group = zipf
            out.write(word + "\n")
    print("%s: wrote %d words (%d KB) to %s" % (lang, len(ordered), os.path.getsize(output) // 1024, output))
    return len(ordered)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", help="a local 'word count' file for en.freq (default: download symspellpy)")
    parser.add_argument("--output", help="the file to write (one language only; default dictionaries/<lang>.freq)")
    parser.add_argument("--wordfreq", nargs="*", metavar="LANG",
                        help="build these languages (all of LANGUAGES when none given) from wordfreq")
    parser.add_argument("--min-zipf", type=float, default=2.0,
                        help="drop words rarer than this (default 2.0: once in ten million words)")
    parser.add_argument("--max-words", type=int, default=150000,
                        help="keep at most this many words per language, the most frequent (default 150000)")
    args = parser.parse_args()

    if args.wordfreq is None:
        make_english(args.source, args.output or os.path.join(ROOT, "dictionaries", "en.freq"))
        return
    try:
        import wordfreq
    except ImportError:
        sys.exit("pip install wordfreq==%s first" % WORDFREQ_VERSION)
    if wordfreq.__dict__.get("__version__", WORDFREQ_VERSION) != WORDFREQ_VERSION:
        print("warning: wordfreq %s is not %s; the lists will differ" % (wordfreq.__version__, WORDFREQ_VERSION),
              file=sys.stderr)
    languages = args.wordfreq or sorted(LANGUAGES)
    unknown = [lang for lang in languages if lang not in LANGUAGES]
    if unknown:
        sys.exit("no wordfreq source configured for: %s" % ", ".join(unknown))
    if args.output and len(languages) != 1:
        sys.exit("--output needs exactly one language")
    for lang in languages:
        make_wordfreq(lang, args.output or os.path.join(ROOT, "dictionaries", lang + ".freq"), args.min_zipf,
                      args.max_words)


if __name__ == "__main__":
    main()
