#!/usr/bin/env python3
"""Builds the language-identification test sets from real text installed here.

Sources (scripts/install-deps --with-bench): Debian's translated manual pages
(/usr/share/man/LANG) for de fr es it pt(_BR) pl ru nl sv cs uk, the fortunes
packages for English (fortunes, fortunes-min) and Bulgarian (fortunes-bg).
Sentences are cut with a simple rule (., ! or ? then a space and a capital),
kept when they have 5 to 40 words, look like prose (few /, =, _, digits) and the
language's own Hunspell dictionary accepts 85% of their words (translated manual
pages keep many English sentences).
Each source file goes wholly to the tuning half or the measurement half (by a
hash of its path), so no sentence of the measurement half was tuned on.

Writes OUT/{tune,measure}-sentences.tsv (LANG<TAB>sentence) and
OUT/{tune,measure}-paragraphs.tsv (LANG<TAB>three consecutive sentences of one file).
Usage: make-sets.py OUT [PER_LANGUAGE]
"""
import glob, gzip, hashlib, os, random, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from hunspell_dictionary import HunspellDictionary

OUT = sys.argv[1]
PER = int(sys.argv[2]) if len(sys.argv) > 2 else 400
MAN = {"de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt_BR", "pl": "pl", "ru": "ru", "nl": "nl",
       "sv": "sv", "cs": "cs", "uk": "uk"}

def troff_text(data):
    paragraphs, current = [], []
    for line in data.splitlines():
        if line.startswith(".") or line.startswith("'"):
            if re.match(r"^\.(PP|LP|P|SH|SS|TP|IP|sp|br|HP|RS|RE|nf|fi|EX|EE)\b", line) or line.strip() == ".":
                if current: paragraphs.append(" ".join(current)); current = []
            continue
        line = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", line)
        line = re.sub(r"\\\*(\[[^\]]*\]|\(..|.)", "", line)
        line = re.sub(r"\\\((..)", " ", line)
        line = re.sub(r"\\\[[^\]]*\]", " ", line)
        line = line.replace("\\-", "-").replace("\\&", "").replace("\\e", "\\").replace("\\ ", " ").replace("\\%", "")
        line = re.sub(r"\\.", "", line)
        if not line.strip():
            if current: paragraphs.append(" ".join(current)); current = []
            continue
        current.append(line.strip())
    if current: paragraphs.append(" ".join(current))
    return paragraphs

def fortune_text(data):
    return [" ".join(part.split()) for part in data.split("\n%\n")]

SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-ÞА-ЯЁЇІЄҐ])")

def prose(sentence):
    words = sentence.split()
    if not 5 <= len(words) <= 40: return False
    if sum(c in "/=_<>{}[]|#@$*\\" for c in sentence) > 1: return False
    if sum(c.isdigit() for c in sentence) > 3: return False
    letters = sum(c.isalpha() for c in sentence)
    if letters < 0.7 * len(sentence.replace(" ", "")): return False
    return sentence[-1] in ".!?" and sentence[0].isupper()

DICTIONARY = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_BR", "pl": "pl_PL",
              "ru": "ru_RU", "nl": "nl_NL", "sv": "sv_SE", "cs": "cs_CZ", "uk": "uk_UA", "bg": "bg_BG"}

def in_language(language, texts):
    """Which texts are really in the language: its Hunspell dictionary (libhunspell, scripts/hunspell_dictionary.py) accepts 85% of their words.

    Translated manual pages keep many English sentences; this drops them (and other mislabelled text)
    with a judge that is neither detector. uk_UA accepts any Latin word, so Ukrainian text must be Cyrillic too.
    """
    if not texts: return []
    dictionary = HunspellDictionary(f"/usr/share/hunspell/{DICTIONARY[language]}.aff")
    keep = []
    for text in texts:
        words = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text)
        good = sum(dictionary.accepts(w) or dictionary.accepts(w.lower()) for w in words)
        latin = sum("a" <= c.lower() <= "z" for c in text)
        if words and good >= 0.85 * len(words) and not (language in ("uk", "ru", "bg") and latin > 0.1 * len(text)):
            keep.append(text)
    return keep

def files(language):
    if language == "en":
        paths = subprocess.run(["dpkg", "-L", "fortunes", "fortunes-min"], capture_output=True, text=True).stdout.split()
        return [p for p in paths if p.startswith("/usr/share/games/fortunes/") and os.path.isfile(p)
                and not p.endswith((".dat", ".u8")) and "/off/" not in p], fortune_text
    if language == "bg":
        return [p for p in glob.glob("/usr/share/games/fortunes/bg/*") if not p.endswith(".dat")], fortune_text
    return sorted(glob.glob(f"/usr/share/man/{MAN[language]}/man*/*.gz")), troff_text

def read(path):
    raw = gzip.open(path).read() if path.endswith(".gz") else open(path, "rb").read()
    return raw.decode("utf-8", "replace")

def main():
    os.makedirs(OUT, exist_ok=True)
    halves = {h: {"sentences": [], "paragraphs": []} for h in ("tune", "measure")}
    for language in ["en", "de", "fr", "es", "it", "pt", "pl", "ru", "nl", "sv", "cs", "uk", "bg"]:
        paths, parse = files(language)
        found = {"tune": ([], []), "measure": ([], [])}
        for path in paths:
            half = "tune" if hashlib.sha1(path.encode()).digest()[0] % 2 == 0 else "measure"
            for paragraph in parse(read(path)):
                sentences = [s.strip() for s in SPLIT.split(paragraph)]
                good = [s for s in sentences if prose(s)]
                found[half][0].extend(good)
                run = []
                for s in sentences:
                    if prose(s):
                        run.append(s)
                        if len(run) == 3: found[half][1].append(" ".join(run)); run = []
                    else:
                        run = []
        rng = random.Random(language)
        for half in ("tune", "measure"):
            sentences = sorted(set(found[half][0])); rng.shuffle(sentences)
            paragraphs = sorted(set(found[half][1])); rng.shuffle(paragraphs)
            sentences = in_language(language, sentences[:3 * PER])
            paragraphs = in_language(language, paragraphs[:3 * PER])
            halves[half]["sentences"] += [(language, s) for s in sentences[:PER]]
            halves[half]["paragraphs"] += [(language, p) for p in paragraphs[:PER // 2]]
            print(f"{language} {half}: {min(PER, len(sentences))} of {len(sentences)} sentences, "
                  f"{min(PER // 2, len(paragraphs))} of {len(paragraphs)} paragraphs", file=sys.stderr)
    for half, sets in halves.items():
        for kind, rows in sets.items():
            with open(f"{OUT}/{half}-{kind}.tsv", "w") as out:
                for language, text in rows: out.write(f"{language}\t{text}\n")

main()
