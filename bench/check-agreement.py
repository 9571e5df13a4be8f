#!/usr/bin/env python3
"""Agreement of `textsvcd check` with `hunspell -l` in languages other than English.

One command (builds nothing; run `swift build -c release` first, or use
bench/check-agreement.sh, which does):

    bench/check-agreement.py [--langs de_DE,it_IT,pl_PL,ru_RU,fr_FR] [--textsvcd PATH] [--show N]

For each language it checks one corpus of real prose from a Debian package
with `hunspell -d LANG -l` and `textsvcd check --no-daemon --lang LANG
--format list`, both on the system's dictionary (/usr/share/hunspell), and
compares what each reports line by line:

  - Each line of the corpus is followed by a sentinel line holding one
    nonsense word that both report, so their lists can be cut back into lines.
  - On each line, a word both report counts once for both. A word one reports
    that is a piece of a word the other reports (`Arbeits` in `Arbeits-`,
    `dell` in `dell'uomo`: pieces are cut at - . ' ’ _ /) also counts as the
    same flag, since the reader sees the same spot marked.
  - Hunspell's words that fall under the rules documented in docs/spelling.md
    are set aside and counted by reason: a digit in the word or in the token
    around it (a hyphen after a digit goes with the number), inside a URL,
    e-mail address, host name, file path, hex number or UUID, next to `@`,
    kana and ideographs, no letter at all (`--`), an ellipsis before the word
    (`...und`), an elision the dictionary accepts whole (`dell'uomo`, where
    hunspell -l flags `dell`; only where no apostrophe is in WORDCHARS), a
    hyphenated compound it accepts whole (`e-mails`, where hunspell -l flags
    `mails`; only where the hyphen is not in WORDCHARS), and an abbreviation
    it accepts with its period (Czech `str.`, where hunspell -l flags `str`).

Printed per language: the corpus size, hunspell's flags (total, set aside),
the recall (hunspell's remaining flags that textsvcd also reports), the words
only textsvcd reports as a fraction of the corpus's words (runs of letters),
and with --show N the most common words in each difference.

Corpora (from the packages `scripts/install-deps --with-bench` installs):
  de_DE: fortunes-de    it_IT: fortunes-it    pl_PL: fortunes-pl
  ru_RU: fortunes-ru    fr_FR: maint-guide-fr (plain-text edition)
  es_ES: fortunes-es    cs_CZ: fortunes-cs    bg_BG: fortunes-bg
  pt_BR: fortunes-br
Lines that are not valid UTF-8 are dropped (a few Polish fortunes hold
ISO-8859-2 text); fortune separator lines (`%`) are dropped.
"""
import argparse
import collections
import ctypes
import gzip
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

SENTINEL = "Qzxqvjwkqzx"

CORPORA = {
    "de_DE": ("fortunes-de", "fortunes"),
    "it_IT": ("fortunes-it", "fortunes"),
    "pl_PL": ("fortunes-pl", "fortunes"),
    "ru_RU": ("fortunes-ru", "fortunes"),
    "fr_FR": ("maint-guide-fr", "maint-guide"),
    "es_ES": ("fortunes-es", "fortunes"),
    "cs_CZ": ("fortunes-cs", "fortunes"),
    "bg_BG": ("fortunes-bg", "fortunes"),
    "pt_BR": ("fortunes-br", "fortunes"),
}
DEFAULT_LANGS = "de_DE,it_IT,pl_PL,ru_RU,fr_FR"


def package_files(package):
    listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
    if listing.returncode != 0:
        sys.exit("%s is not installed (scripts/install-deps --with-bench installs it)" % package)
    return sorted(listing.stdout.split("\n"))


def corpus_lines(package, kind):
    """The corpus's lines, in a stable order."""
    lines = []
    dropped = 0
    if kind == "fortunes":
        paths = [p for p in package_files(package)
                 if "/fortunes/" in p and os.path.isfile(p) and not os.path.islink(p)
                 and not p.endswith((".dat", ".u8"))]
    else:
        paths = [p for p in package_files(package) if p.endswith(".txt.gz")]
    for path in paths:
        raw = gzip.open(path).read() if path.endswith(".gz") else open(path, "rb").read()
        for line in raw.split(b"\n"):
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                dropped += 1
                continue
            text = text.replace("\r", "").replace("\f", "")
            if text.strip() in ("%", "%%") or not text.strip():
                continue
            lines.append(text)
    return lines, dropped


# --- The documented skips of docs/spelling.md (SkipRules.swift), for setting hunspell's words aside. ---

TLDS = set("""com org net edu gov mil int io dev app info biz xyz ai co me tv cc us uk de fr it es nl be ch at se no
dk fi pl cz ru ua jp cn kr in au nz ca br mx ar eu onion local localhost internal arpa sh ly gg is im fm to tech cloud
online site""".split())
OPENING = "([{<\"'`*"
CLOSING = ")]}>\"'`*.,;:!?"


def is_url(c):
    low = c.lower()
    if low.startswith("www.") and len(c) > 4:
        return True
    if any(low.startswith(p) and len(c) > len(p) for p in ("mailto:", "urn:", "file:", "data:", "tel:")):
        return True
    return re.match(r"[A-Za-z][A-Za-z0-9+.\-]*://", c) is not None


def is_email(c):
    at = c.find("@")
    if at <= 0:
        return False
    domain = c[at + 1:]
    return len(domain) >= 3 and "." in domain and "@" not in domain and not domain.startswith(".") and not domain.endswith(".")


def is_path(c):
    slashes, backslashes = c.count("/"), c.count("\\")
    if c.startswith(("~/", "./", "../")):
        return True
    if c.startswith("/") and len(c) > 1 and not c.startswith("//"):
        return True
    if c.startswith("\\\\"):
        return True
    if len(c) > 3 and c[0].isascii() and c[0].isalpha() and c[1] == ":" and c[2] in "\\/":
        return True
    if slashes >= 2 and (not c.endswith("/") or slashes >= 3):
        return True
    if slashes == 1 and "." in c and c.index("/") < c.rindex("."):
        ext = c[c.rindex(".") + 1:]
        return 1 <= len(ext) <= 5 and re.fullmatch(r"[A-Za-z0-9]+", ext) is not None
    if backslashes >= 1 and not c.startswith("\\") and not c.endswith("\\"):
        return len([p for p in c.split("\\") if p]) >= 2
    return False


def is_uuid(c):
    return re.fullmatch(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}", c) is not None


def is_hex(c):
    if re.fullmatch(r"0[xX][0-9A-Fa-f_]+", c):
        return True
    if c.startswith("#"):
        body = c[1:]
        return len(body) in (3, 4, 6, 8) and re.fullmatch(r"[0-9A-Fa-f]+", body) is not None and (
            len(body) >= 6 or re.search(r"[0-9]", body) is not None)
    return len(c) >= 7 and re.fullmatch(r"[0-9A-Fa-f]+", c) is not None and re.search(r"[0-9]", c) is not None


def is_host(c):
    labels = c.split(".")
    if len(labels) < 2 or any(not label or len(label) > 63 for label in labels):
        return False
    if not re.fullmatch(r"[a-z0-9.\-]+", c) or not labels[-1].isalpha():
        return False
    if len(labels) >= 3 and all(len(label) >= 2 for label in labels):
        return True
    return labels[-1] in TLDS


def skipped_chunk(chunk):
    c = chunk.lstrip(OPENING).rstrip(CLOSING)
    if not c:
        return False
    return is_url(c) or is_email(c) or is_path(c) or is_uuid(c) or is_hex(c) or is_host(c)


def occurrences(word, text):
    """Where `word` stands in `text` as a whole word (not inside a longer run of letters)."""
    return [m.start() for m in re.finditer(r"(?<![^\W\d_])" + re.escape(word) + r"(?![^\W\d_])", text)]


ICU_LIKE_TOKEN = re.compile(r"\w+(?:[.'’:]\w+)*")


class Hunspell:
    """Hunspell_spell on whole words, through libhunspell (the `hunspell` program would cut them first)."""

    def __init__(self, lang):
        self.library = ctypes.CDLL("libhunspell-1.7.so.0")
        self.library.Hunspell_create.restype = ctypes.c_void_p
        self.library.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self.library.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        base = os.path.realpath("/usr/share/hunspell/%s.aff" % lang)[:-4]
        self.handle = self.library.Hunspell_create((base + ".aff").encode(), (base + ".dic").encode())
        self.charset = "utf-8"
        self.word_characters = ""
        with open(base + ".aff", "rb") as aff:
            for raw in aff:
                raw = raw.lstrip(b"\xef\xbb\xbf")
                if raw.startswith(b"SET") and len(raw.split()) > 1:
                    self.charset = raw.split()[1].decode()
                elif raw.startswith(b"WORDCHARS") and len(raw.split()) > 1:
                    self.word_characters = raw.split()[1].decode(self.charset, "replace")

    def spell(self, word):
        try:
            encoded = word.replace("’", "'").encode(self.charset)
        except (UnicodeEncodeError, LookupError):
            return False
        return self.library.Hunspell_spell(self.handle, encoded) != 0

    @property
    def apostrophes_join(self):
        return "'" in self.word_characters or "’" in self.word_characters


def skip_reason(word, line, hunspell):
    """Why textsvcd leaves this word of `line` unchecked by a documented rule, or None."""
    if re.search(r"\d", word):
        return "digit"
    if not re.search(r"[^\W\d_]", word):
        return "no letters"
    if word.startswith(".."):
        return "ellipsis"
    if re.search(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]", word):
        return "kana/ideograph"
    core = word.strip("-.'’")
    spots = occurrences(core, line) if core else []
    if not spots:
        return None
    reasons = set()
    for spot in spots:
        start = line.rfind(" ", 0, spot) + 1
        end = line.find(" ", spot)
        chunk = line[start:] if end < 0 else line[start:end]
        # The ICU-like token (letters, digits, underscores, joined by . ' ’ :) around the word.
        token = next((m.group() for m in ICU_LIKE_TOKEN.finditer(line) if m.start() <= spot < m.end()), core)
        before = line[:spot - (len(word) - len(word.lstrip("-.'’")))]
        after = line[spot + len(core) + (len(word) - len(word.rstrip("-.'’"))):]
        apostrophe_token = next((m.group() for m in re.finditer(r"[^\W\d_]+(?:['’][^\W\d_]+)+", line)
                                 if m.start() <= spot < m.end()), None)
        hyphen_token = next((m.group() for m in re.finditer(r"[^\W\d_]+(?:[-‐][^\W\d_]+)+", line)
                             if m.start() <= spot < m.end()), None)
        if re.search(r"@[\w.\-]*$", line[:spot]) or re.match(r"[\w.\-]*@", line[spot:]):
            reasons.add("address")
        elif (word.startswith("-") and re.search(r"\d$", before)) or (word.endswith("-") and re.match(r"\d", after)):
            reasons.add("digit")
        elif apostrophe_token and not hunspell.apostrophes_join and hunspell.spell(apostrophe_token):
            reasons.add("elision accepted whole")
        elif hyphen_token and "-" not in hunspell.word_characters and hunspell.spell(hyphen_token):
            reasons.add("compound accepted whole")
        elif word == core and line[spot + len(core):spot + len(core) + 1] == "." and hunspell.spell(core + "."):
            reasons.add("abbreviation")
        elif skipped_chunk(chunk.replace("\t", " ").strip()):
            reasons.add("url/path/host")
        elif re.search(r"\d", token):
            reasons.add("digit")
        else:
            return None
    return sorted(reasons)[0]


# --- Comparison ---

PIECE = re.compile(r"[-.'’_/]+")
COMPOUND_PIECE = re.compile(r"[-._/]+")


def normalise(word):
    return word.replace("’", "'")


def pieces(word):
    word = normalise(word)
    return {p for p in PIECE.split(word) + COMPOUND_PIECE.split(word) if p}


def same_spot(a, b):
    """Whether two reported words mark the same spot: equal but for edge punctuation, or one is a piece of the other."""
    a, b = normalise(a), normalise(b)
    return a.strip("-.'") == b.strip("-.'") or a.strip("-.'") in pieces(b) or b.strip("-.'") in pieces(a)


def split_by_sentinel(words, expected):
    groups = [[]]
    for word in words:
        if word == SENTINEL:
            groups.append([])
        else:
            groups[-1].append(word)
    if len(groups) != expected + 1:
        sys.exit("sentinel count mismatch: %d groups for %d lines" % (len(groups) - 1, expected))
    return groups[:-1]


def run(command, text_path, env):
    result = subprocess.run(command + [text_path], capture_output=True, env=env)
    if result.returncode not in (0, 1):
        sys.exit("%s failed: %s" % (command[0], result.stderr.decode("utf-8", "replace")))
    return result.stdout.decode("utf-8").split("\n")[:-1]


def measure(lang, textsvcd, show):
    package, kind = CORPORA[lang]
    lines, dropped = corpus_lines(package, kind)
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "corpus.txt")
        with open(path, "w", encoding="utf-8") as out:
            for line in lines:
                out.write(line + "\n" + SENTINEL + "\n")
        hunspell = split_by_sentinel(run(["hunspell", "-i", "utf-8", "-d", lang, "-l"], path, env), len(lines))
        ours = split_by_sentinel(run([textsvcd, "check", "--no-daemon", "--lang", lang, "--format", "list"], path, env),
                                 len(lines))
    words = sum(len(re.findall(r"[^\W\d_]+", line)) for line in lines)
    speller = Hunspell(lang)
    set_aside = collections.Counter()
    missed = collections.Counter()
    extra = collections.Counter()
    examples = {}
    considered = matched = hunspell_total = 0
    for line, h_words, t_words in zip(lines, hunspell, ours):
        hunspell_total += len(h_words)
        # A flag of one side is matched when the other side flags the same spot on the line.
        t_used = [False] * len(t_words)
        for h in h_words:
            partners = [i for i, t in enumerate(t_words) if same_spot(h, t)]
            for i in partners:
                t_used[i] = True
            reason = skip_reason(h, line, speller)
            if reason:
                set_aside[reason] += 1
                continue
            considered += 1
            if partners:
                matched += 1
            else:
                missed[h] += 1
                examples.setdefault(("missed", h), line)
        for t, used in zip(t_words, t_used):
            if not used:
                extra[t] += 1
                examples.setdefault(("extra", t), line)
    result = {
        "lang": lang, "corpus": package, "lines": len(lines), "dropped": dropped, "words": words,
        "hunspell": hunspell_total, "set_aside": sum(set_aside.values()), "reasons": set_aside,
        "considered": considered, "recall": matched / considered if considered else 1.0,
        "missed": sum(missed.values()), "extra": sum(extra.values()),
        "extra_fraction": sum(extra.values()) / words if words else 0.0,
    }
    if show:
        print("## %s: missed (hunspell only), most common first" % lang)
        for word, count in missed.most_common(show):
            print("  %d\t%s\t%s" % (count, word, examples[("missed", word)].strip()[:150]))
        print("## %s: extra (textsvcd only), most common first" % lang)
        for word, count in extra.most_common(show):
            print("  %d\t%s\t%s" % (count, word, examples[("extra", word)].strip()[:150]))
        print()
    return result


def main():
    started = os.getloadavg()[0]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--langs", default=DEFAULT_LANGS, help="comma-separated; any of " + ", ".join(CORPORA))
    parser.add_argument("--show", type=int, default=0, help="print the N most common words of each difference")
    args = parser.parse_args()
    rows = [measure(lang, args.textsvcd, args.show) for lang in args.langs.split(",") if lang]
    print("%s, %s, Hunspell dictionaries from /usr/share/hunspell, load average %.1f at the start, %.1f at the end"
          % (time.strftime("%Y-%m-%d"), args.textsvcd, started, os.getloadavg()[0]))
    print()
    print("| language | corpus | words | hunspell flags | set aside (documented skips) | recall of the rest | "
          "missed | extra (textsvcd only) | extra / words |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print("| %s | %s | %d | %d | %d | %.4f | %d | %d | %.3f%% |" % (
            r["lang"], r["corpus"], r["words"], r["hunspell"], r["set_aside"], r["recall"], r["missed"], r["extra"],
            r["extra_fraction"] * 100))
    print()
    for r in rows:
        reasons = ", ".join("%s %d" % kv for kv in sorted(r["reasons"].items()))
        print("%s: set aside: %s%s" % (r["lang"], reasons or "none",
                                        "; %d lines not UTF-8 dropped" % r["dropped"] if r["dropped"] else ""))


if __name__ == "__main__":
    main()
