#!/usr/bin/env python3
"""Learns each language's sentence abbreviations, initials rule, ordinals and sentence starters from real text.

Usage: scripts/make-sentence-data.py [--out dictionaries/sentences] [--cache bench/out/sentences] [--ud FOLDER]
                                    [--libreoffice AUTOCORR] [--hunspell [FOLDER]] [--pysbd FOLDER]
                                    [--languagetool SRX] [LANG...]

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
  start a sentence (a lower-case word, a number, a non-starter capital), and
  that ends less than 30% of the paragraphs it is seen in, or fewer than three (`usw.`, `osv.`,
  `ecc.` close lists and so end sentences: left out, they still join a
  lower-case word, as Unicode's SB8 rules); a *title* abbreviation ("Dr",
  "vgl", "Mr") is one seen at most 5% of the time before a starter (one the text also writes
  in lower case: a starter never seen so is a name, `Mr. Spock`, which says
  nothing about a sentence start, Punkt's orthographic evidence) and seen
  before at least three different words (Spanish `Inc.` only before the `Licencia` of copyright
  notices is no evidence), so it joins whatever follows;
- a language *writes ordinals* ("am 21. Januar") when a number of one to
  three digits with a period, right after a lower-case word (so not a
  list's "1."), is followed by a lower-case word or a non-starter capital
  often enough.

With `--libreoffice FOLDER` (LibreOffice's `autocorr` folder, from the
Debian package libreoffice-common: `apt-get download libreoffice-common &&
dpkg-deb -x libreoffice-common_*.deb DIR`, then DIR/usr/lib/libreoffice/share/autocorr),
each language's `SentenceExceptList.xml` (the abbreviations after which
LibreOffice Writer does not capitalise a sentence start, MPL-2.0) adds
abbreviations: an entry (and, when written in lower case, its capitalised
form) is kept unless the tuning half sees the word without a period more
than three times as often as with one (English `in.`, `no.`, German `Art.`
are ordinary words), or, seen at least three times with its period, mostly
before a sentence starter (Spanish `etc.` ends sentences) or at a paragraph's
end as often as a learned abbreviation may be. Single letters
are left to the runtime's rules.

With `--hunspell FOLDER` (default /usr/share/hunspell when given without
a value), the entries of the language's Hunspell dictionary that end in a
period (`Abk.`, `atd.`, `bijv.`, `bl.a.`: the dictionary's own spelling of
an abbreviation) are added the same way (cs_CZ, de_DE, nl, sv_SE hold them).

With `--languagetool SRX` (LanguageTool's
languagetool-core/src/main/resources/org/languagetool/resource/segment.srx,
LGPL-2.1, at commit d24cd528a777 of 2026-05-16: PyPI's choppa-srx 1.0.0
ships it unmodified as choppa/data/srx/languagetool_segment.srx, so `pip
download choppa-srx==1.0.0 --no-deps` and `unzip` bring it), the words of
the language's rules that keep a sentence going after a period (Polish
`przyp.`, Ukrainian `вул.`, `ім.`) are added the same way (a word whose
rule keeps it going before a capital only, Ukrainian `проф.`, becomes a
title where the tuning half never writes it without its period) (English, German,
French, Spanish, Italian, Portuguese, Polish, Russian, Dutch, Swedish,
Ukrainian).

With `--ud FOLDER` (Universal Dependencies treebanks, scripts/ud_corpus.py),
their tuning half (dev and train files, a PUD's tuning documents) adds what people marked: a token
with a period *inside* a sentence at least twice, and at a sentence's end at
most a quarter as often, is an abbreviation (a title when never seen at an
end, at least three times); a capitalised word that starts at least 30% of
its occurrences (at least three) is a starter. Only treebanks whose licence
allows commercial use are read (LICENSE.txt without "NonCommercial"), so the
lists stay free for any use; each file's header names those it used.
"""

import argparse
import html
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sentence_corpus as corpus  # noqa: E402
import ud_corpus  # noqa: E402

# Thresholds, tuned on the tuning half with bench/sentences.py --half tune.
MINIMUM_ABBREVIATION_COUNT = 3
PERIOD_RATIO = 0.75          # with period / all occurrences of the token
CONTINUED_RATIO = 0.5        # followers that do not start a sentence
TITLE_STARTER_RATIO = 0.05   # at most this share of followers are starters
MINIMUM_STARTER_COUNT = 3
STARTER_RATIO = 0.3          # after a clear end / all capitalised occurrences
MAXIMUM_ABBREVIATION_LETTERS = 4  # in each period-separated part
ORDINAL_RATIO = 0.4          # numbers with a period followed by a non-start
MINIMUM_INSIDE_COUNT = 2     # UD: periods inside a marked sentence
FINAL_RATIO = 0.25           # UD: at a sentence end / inside
LIBREOFFICE_WITHOUT_RATIO = 3  # LibreOffice: drop an entry seen this many times as often without its period
LIBREOFFICE_LOCALES = {"en": "en-US", "de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt-BR", "pl": "pl-PL",
                       "ru": "ru-RU", "nl": "nl-NL", "sv": "sv-SE", "cs": "cs-CZ", "bg": "bg-BG"}
MINIMUM_UD_TITLE_COUNT = 3   # UD: never at an end, seen this often inside
MINIMUM_TITLE_FOLLOWERS = 3  # distinct words after a title (`Inc. License` repeated in every copyright line is one)
PARAGRAPH_END_RATIO = 0.3    # an abbreviation that ends this share of its paragraphs ends sentences (`usw.`, `osv.`)


def learn(paragraphs):
    counts = corpus.Counts(elisions=True)
    for paragraph in paragraphs:
        counts.add(paragraph)
    starts = corpus.sentence_starts(paragraphs, counts)
    starters = sorted(word for word, count in starts.items()
                      if count >= MINIMUM_STARTER_COUNT and word[:1].isupper()
                      and count >= STARTER_RATIO * max(counts.capitalised.get(word, 0), count))
    starter_set = set(starters)

    def continues(word):
        return bool(word) and not (word[0].isupper() and word in starter_set)

    def tells(word):
        """Whether a follower says anything about the period before it: a word or a number, not a dash or a quote."""
        return bool(word) and (word[0].isalpha() or word[0].isdigit())

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
        if ends_paragraphs(counts, key):
            continue
        followers = [word for word in counts.followers[key] if tells(word)]
        if not followers:
            continue
        continued = sum(1 for word in followers if continues(word))
        if continued < CONTINUED_RATIO * len(followers):
            continue
        # A starter the text never writes in lower case is a name (`Mr. Spock`, `Mr. Paul`): after a title it says
        # nothing about a sentence start (Punkt's orthographic evidence).
        before_starter = sum(1 for word in followers if word in starter_set and counts.without_period.get(word.lower(), 0))
        if len(followers) >= 5 and before_starter <= TITLE_STARTER_RATIO * len(followers) \
                and len(set(followers)) >= MINIMUM_TITLE_FOLLOWERS:
            titles.append(key)
        else:
            abbreviations.append(key)

    numbers = [word for digits, word in counts.ordinal_followers if digits <= 3 and word and word[0].isalpha()]
    ordinal_share = sum(1 for word in numbers if continues(word)) / max(1, len(numbers))
    return {"starters": starters, "abbreviations": sorted(abbreviations), "titles": sorted(titles),
            "ordinals": ordinal_share >= ORDINAL_RATIO, "ordinal_share": ordinal_share,
            "numbers": len(numbers), "paragraphs": len(paragraphs), "counts": counts}


def ends_paragraphs(counts, key):
    """Whether a key with its period ends at least PARAGRAPH_END_RATIO of the paragraph places it is seen in, and at least three (`usw.`, `osv.`, `ecc.`).

    Such a word closes lists and ends its sentence as often as not; left out
    of the lists, it still joins a lower-case word (Unicode's SB8) and ends
    before a capital.
    """
    followers = counts.followers.get(key, [])
    ends = followers.count("")
    return ends >= MINIMUM_ABBREVIATION_COUNT and ends >= PARAGRAPH_END_RATIO * len(followers)


def libreoffice_entries(folder, language):
    """The abbreviations of LibreOffice's SentenceExceptList.xml for a language (keys without the final period), or []."""
    import xml.etree.ElementTree as ElementTree
    import zipfile
    locale = LIBREOFFICE_LOCALES.get(language)
    path = os.path.join(folder, f"acor_{locale}.dat") if locale else ""
    if not path or not os.path.exists(path):
        return []
    with zipfile.ZipFile(path) as archive:
        if "SentenceExceptList.xml" not in archive.namelist():
            return []
        root = ElementTree.fromstring(archive.read("SentenceExceptList.xml"))
    names = [value for element in root.iter() for name, value in element.attrib.items() if name.endswith("abbreviated-name")]
    return [name[:-1] for name in names if name.endswith(".") and " " not in name and not name.endswith("..")]


HUNSPELL_DICTIONARIES = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_BR",
                         "pl": "pl_PL", "ru": "ru_RU", "nl": "nl", "sv": "sv_SE", "cs": "cs_CZ", "uk": "uk_UA", "bg": "bg_BG"}


def hunspell_entries(folder, language):
    """The words of a language's Hunspell dictionary written with a final period (keys without it), or []."""
    name = HUNSPELL_DICTIONARIES.get(language)
    path = os.path.join(folder, f"{name}.dic") if name else ""
    if not path or not os.path.exists(path):
        return []
    encoding = "utf-8"
    aff = path[:-4] + ".aff"
    if os.path.exists(aff):
        for line in open(aff, "rb"):
            if line.startswith(b"SET "):
                encoding = line.split()[1].decode("ascii", "replace")
                break
    entries = []
    with open(path, encoding=encoding, errors="replace") as dictionary:
        next(dictionary, None)  # the word count
        for line in dictionary:
            word = line.split("/", 1)[0].split("\t", 1)[0].strip()
            if word.endswith(".") and " " not in word and not word.endswith(".."):
                entries.append(word[:-1])
    return entries


PYSBD_MODULES = {"en": ("english", "English"), "de": ("deutsch", "Deutsch"), "fr": ("french", "French"),
                 "es": ("spanish", "Spanish"), "it": ("italian", "Italian"), "pl": ("polish", "Polish"),
                 "ru": ("russian", "Russian"), "nl": ("dutch", "Dutch"), "bg": ("bulgarian", "Bulgarian")}


def pysbd_entries(folder, language):
    """The abbreviations of pySBD's list for a language (`ABBREVIATIONS` and `NUMBER_ABBREVIATIONS`, keys without a final period), or []."""
    if language not in PYSBD_MODULES:
        return []
    import importlib
    sys.path.insert(0, folder)
    try:
        module, name = PYSBD_MODULES[language]
        abbreviation = getattr(importlib.import_module(f"pysbd.lang.{module}"), name).Abbreviation
    finally:
        sys.path.remove(folder)
    entries = []
    for entry in list(abbreviation.ABBREVIATIONS) + list(abbreviation.NUMBER_ABBREVIATIONS):
        entry = entry.strip().rstrip(".")
        if entry and " " not in entry and "/" not in entry and all(part.isalpha() for part in entry.split(".")):
            entries.append(entry)
    return entries


LANGUAGETOOL_RULES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian",
                      "pt": "Portuguese", "pl": "Polish", "ru": "Russian", "nl": "Dutch", "sv": "Swedish", "uk": "Ukrainian"}
LANGUAGETOOL_COMMIT = "d24cd528a777df04b2ea0e5e0ad6990e9a2e9d3a"  # the segment.srx that choppa-srx 1.0.0 ships
# What may follow the `\.` of an abbreviation's rule: spaces, closing brackets, and their quantifiers.
SRX_TAIL = re.compile(r"(\[[^\]]*\]|\\s|\\h|\\v|\\p\{\w+\}|[ ?*+]|\{\d+(,\d+)?\})*")
SRX_EXPANSIONS = 400         # LanguageTool: give up on a pattern that spells more words than this


def srx_branches(core):
    """The top-level alternatives of a pattern: the branches of one group that spans it all, or the pattern itself."""
    if core.startswith("(?:"):
        core = "(" + core[3:]
    if not (core.startswith("(") and core.endswith(")")):
        return [core]
    depth, parts, start, escaped = 0, [], 1, False
    for index, char in enumerate(core):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0 and index != len(core) - 1:
                return [core]
        elif char == "|" and depth == 1:
            parts.append(core[start:index])
            start = index + 1
    parts.append(core[start:-1])
    return parts


def srx_expand(pattern):
    r"""The words a pattern of letters, `\.`, `[letters]`, `(a|b)` groups and `?` spells, or None when it holds anything else."""
    position = 0

    def alternatives():
        nonlocal position
        branches, current = [], [""]
        while position < len(pattern) and pattern[position] != ")":
            char = pattern[position]
            if char == "|":
                branches.append(current)
                current = [""]
                position += 1
                continue
            if char == "(":
                position += 1
                if pattern.startswith("?:", position):
                    position += 2
                elif pattern.startswith("?", position):
                    return None  # a look-around or a flag group
                inner = alternatives()
                if inner is None or position >= len(pattern):
                    return None
                position += 1
                piece = inner
            elif char == "[":
                end = pattern.find("]", position)
                body = pattern[position + 1:end]
                if end < 0 or body.startswith("^") or "\\" in body or "-" in body:
                    return None
                piece = list(body)
                position = end + 1
            elif char == "\\" and pattern[position + 1:position + 2] == ".":
                piece = ["."]
                position += 2
            elif char in "\\*+{}^$.":
                return None
            else:
                piece = [char]
                position += 1
            if position < len(pattern) and pattern[position] == "?":
                piece = piece + [""]
                position += 1
            current = [left + right for left in current for right in piece]
            if len(current) > SRX_EXPANSIONS:
                return None
        branches.append(current)
        return [word for branch in branches for word in branch]

    words = alternatives()
    return words if words is not None and position == len(pattern) else None


def languagetool_entries(path, language):
    """The abbreviations LanguageTool's segmentation rules (segment.srx) keep a sentence going after, for a language, or [].

    Each comes as (key, title): a title's rule keeps the sentence going
    before a capital (Ukrainian `проф.`, `вул.`).

    Each `break="no"` rule of the language whose `beforebreak` is a word
    boundary, a word spelled by letters, classes, groups and `?`, a period
    and spaces is read; its words are the abbreviations. A rule whose
    `afterbreak` names what must follow (a word, a group: `Prof.` before
    `Dr`) says nothing general and is skipped, and so is any other pattern.
    """
    name = LANGUAGETOOL_RULES.get(language)
    if not name or not path:
        return []
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    found = {}
    for body in re.findall(r'<languagerule languagerulename="%s">(.*?)</languagerule>' % re.escape(name), text, re.S):
        rules = re.findall(r'<rule break="no">\s*<beforebreak>(.*?)</beforebreak>\s*<afterbreak>(.*?)</afterbreak>', body, re.S)
        for before, after in rules:
            before = html.unescape(before)
            ignores_case = "(?i" in before
            before = re.sub(r"\(\?[iuU]+\)", "", before)
            before = re.sub(r"\(\?<[!=](?:[^()]|\([^()]*\))*\)", "", before)  # look-behinds say where, not what
            after = re.sub(r"\(\?[iuU]+\)", "", html.unescape(after)).strip()
            if after[:1].isalpha() or after.startswith("("):
                continue
            if "\\." not in before:
                continue
            period = before.rindex("\\.")
            if not SRX_TAIL.fullmatch(before[period + 2:]) or "\\b" not in before[:period]:
                continue
            core = before[:period]
            core = core[core.rindex("\\b") + 2:]
            # No break before a capital (`проф. Грицько`): a title, written before names.
            title = bool(re.fullmatch(r"(\[\\h\\v\]\*)?(\[[^\]^]*A-Z[^\]]*\]|\\p\{Lu\})", after))
            for branch in srx_branches(core):
                for word in srx_expand(branch) or []:
                    if word and not any(char.isdigit() for char in word):
                        forms = [word] + ([word[0].upper() + word[1:]] if ignores_case and word.islower() else [])
                        for form in forms:
                            found[form] = found.get(form, False) or title
    return sorted(found.items())


def add_libreoffice(learned, entries, source="libreoffice", titles=frozenset()):
    """The learned lists with the abbreviations of a list (LibreOffice's, a Hunspell dictionary's) the tuning text does not contradict.

    An entry in `titles` that the tuning half never writes without its
    period becomes a title (it joins whatever follows).
    """
    counts = learned["counts"]
    starters = set(learned["starters"])
    known = set(learned["titles"]) | set(learned["abbreviations"])
    added, promoted = set(), set()
    for entry in entries:
        forms = [entry]
        if entry.islower() and len(entry.replace(".", "")) >= 2:
            forms.append(entry[0].upper() + entry[1:])
        for key in forms:
            parts = key.split(".")
            if any(not part.isalpha() for part in parts) or all(len(part) == 1 for part in parts) and len(parts) == 1:
                continue  # single letters: the runtime's rules for initials and lower-case letters
            without = counts.without_period.get(key, 0)
            if without > LIBREOFFICE_WITHOUT_RATIO * max(1, counts.with_period.get(key, 0)):
                continue  # mostly an ordinary word here ("in", "no", "Art")
            if ends_paragraphs(counts, key):
                continue  # ends sentences here (`osv.`, `usw.` closing a list)
            followers = [word for word in counts.followers.get(key, []) if word and (word[0].isalpha() or word[0].isdigit())]
            before_starters = sum(1 for word in followers if word[0].isupper() and word in starters)
            if len(followers) >= MINIMUM_ABBREVIATION_COUNT and before_starters > (1 - CONTINUED_RATIO) * len(followers):
                continue  # mostly ends sentences here (`etc. Cristo`, `itp. Zapłaciliśmy`), as Punkt's test for learned ones
            if entry in titles and not without and key not in learned["titles"]:
                promoted.add(key)
            elif key not in known:
                added.add(key)
    merged = dict(learned)
    merged["titles"] = sorted(set(learned["titles"]) | promoted)
    merged["abbreviations"] = sorted((set(learned["abbreviations"]) | added) - promoted)
    merged[source] = len(added | promoted)
    return merged


def usable_treebanks(folder, language, noncommercial=False):
    """The treebanks of a language whose licence allows any use (no NonCommercial clause unless asked), with their commits."""
    found = []
    for treebank in ud_corpus.treebanks(folder, language):
        licence = open(os.path.join(treebank, "LICENSE.txt"), encoding="utf-8", errors="replace").read() \
            if os.path.exists(os.path.join(treebank, "LICENSE.txt")) else ""
        # Creative Commons' NonCommercial clause (the GPL's text says "noncommercially" of something else).
        if not noncommercial and any(clause in licence for clause in ("NonCommercial", "Non-Commercial", "BY-NC")):
            continue
        if not ud_corpus.files(treebank, 0):
            continue  # no tuning file
        commit_path = os.path.join(treebank, "COMMIT")
        commit = open(commit_path).read().strip() if os.path.exists(commit_path) else "unknown"
        found.append((treebank, commit))
    return found


def learn_marked(treebanks):
    """Abbreviations, titles and starters from sentences people marked (the treebanks' tuning half: dev and train files, a PUD's tuning documents)."""
    inside, final, capitalised, starts = {}, {}, {}, {}
    for treebank, _ in treebanks:
        for document in ud_corpus.half_documents(treebank, 0):
            for text, _ in document:
                text = text.strip()
                for match in corpus.BOUNDARY.finditer(text):
                    if match.group(1) != "." or match.end(1) != match.start(2) or match.end() >= len(text):
                        continue
                    if match.start(1) > 0 and text[match.start(1) - 1] == ".":
                        continue
                    key = corpus.key_before_period(text, match.start(1))
                    if key and not key.startswith("#"):
                        inside[key] = inside.get(key, 0) + 1
                stripped = text.rstrip(corpus.CLOSERS)
                if stripped.endswith(".") and not stripped.endswith(".."):
                    key = corpus.key_before_period(stripped, len(stripped) - 1)
                    if key and not key.startswith("#"):
                        final[key] = final.get(key, 0) + 1
                for match in corpus.WORD.finditer(text):
                    if match.group()[0].isupper():
                        capitalised[match.group()] = capitalised.get(match.group(), 0) + 1
                first = corpus.next_word(text.lstrip(corpus.OPENERS), 0)
                if first[:1].isupper():
                    starts[first] = starts.get(first, 0) + 1
    titles, abbreviations = [], []
    for key, count in inside.items():
        parts = key.split(".")
        if count < MINIMUM_INSIDE_COUNT or max(len(part) for part in parts) > MAXIMUM_ABBREVIATION_LETTERS:
            continue
        if all(len(part) == 1 and part.isupper() for part in parts):
            continue  # initials: the runtime's rule covers them
        ends = final.get(key, 0)
        if ends > FINAL_RATIO * count:
            continue
        (titles if ends == 0 and count >= MINIMUM_UD_TITLE_COUNT else abbreviations).append(key)
    starters = [word for word, count in starts.items()
                if count >= MINIMUM_STARTER_COUNT and count >= STARTER_RATIO * capitalised.get(word, count)]
    return {"titles": titles, "abbreviations": abbreviations, "starters": starters}


def merge(learned, marked, treebanks):
    """The Debian-learned lists with what the treebanks add (a treebank's title stays an abbreviation where Debian saw it before starters)."""
    titles = set(learned["titles"]) | (set(marked["titles"]) - set(learned["abbreviations"]))
    abbreviations = (set(learned["abbreviations"]) | set(marked["abbreviations"])) - titles
    merged = dict(learned)
    merged.update({"titles": sorted(titles), "abbreviations": sorted(abbreviations),
                   "starters": sorted(set(learned["starters"]) | set(marked["starters"])),
                   "treebanks": [(os.path.basename(path), commit) for path, commit in treebanks],
                   "added": (len(titles) - len(learned["titles"]), len(abbreviations - set(learned["abbreviations"])))})
    return merged


def write(language, learned, folder):
    path = os.path.join(folder, f"{language}.txt")
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# Sentence-boundary data for '{language}', made by scripts/make-sentence-data.py\n")
        out.write(f"# from the tuning half ({learned['paragraphs']} paragraphs) of the Debian packages: "
                  f"{', '.join(corpus.packages(language))}.\n")
        out.write("# Their licences (GPL, BSD-style, public domain, free documentation) are listed in dictionaries/README.md.\n")
        if learned.get("libreoffice"):
            out.write("# Also abbreviations from LibreOffice's autocorrect SentenceExceptList.xml (Debian package "
                      "libreoffice-common 4:7.4.7, MPL-2.0), where the tuning half does not mostly see them as words.\n")
        if learned.get("hunspell"):
            out.write(f"# Also abbreviations from the Hunspell dictionary {HUNSPELL_DICTIONARIES[language]} (its words written "
                      "with a period; licence in dictionaries/README.md), where the tuning half does not mostly see them as words.\n")
        if learned.get("pysbd"):
            out.write("# Also abbreviations from pySBD 0.3.4's lists (PyPI package pysbd, MIT), where the tuning half "
                      "does not mostly see them as words.\n")
        if learned.get("languagetool"):
            out.write(f"# Also abbreviations from LanguageTool's segmentation rules (segment.srx at {LANGUAGETOOL_COMMIT[:12]}, "
                      "LGPL-2.1), where the tuning half does not mostly see them as words.\n")
        if learned.get("treebanks"):
            out.write("# Also from the dev files of the Universal Dependencies treebanks (sentences marked by people): "
                      + ", ".join(f"{name} at {commit[:12]}" for name, commit in learned["treebanks"])
                      + "; their licences (CC BY-SA, LGPL-LR, GPL-3.0) are listed in dictionaries/README.md.\n")
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
    parser.add_argument("--ud", default=None, help="a folder of fetched Universal Dependencies treebanks to learn from too")
    parser.add_argument("--noncommercial", action="store_true",
                        help="also learn from treebanks under a NonCommercial licence (not for the bundled data)")
    parser.add_argument("--libreoffice", default=None,
                        help="LibreOffice's autocorr folder (acor_*.dat) to take abbreviations from too")
    parser.add_argument("--hunspell", nargs="?", const="/usr/share/hunspell", default=None,
                        help="a folder of Hunspell dictionaries whose words with a final period are abbreviations")
    parser.add_argument("--pysbd", default=None,
                        help="a folder holding the pysbd package (the PyPI wheel pysbd 0.3.4, unpacked) to take abbreviations from too")
    parser.add_argument("--languagetool", default=None,
                        help="LanguageTool's segment.srx to take abbreviations from too (see the docstring)")
    parser.add_argument("languages", nargs="*", default=corpus.LANGUAGES)
    arguments = parser.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    for language in arguments.languages:
        learned = learn(corpus.paragraphs(language, 0, cache=arguments.cache))
        treebanks = usable_treebanks(arguments.ud, language, arguments.noncommercial) if arguments.ud else []
        if treebanks:
            learned = merge(learned, learn_marked(treebanks), treebanks)
            print(f"{language}: the treebanks add {learned['added'][0]} titles, {learned['added'][1]} abbreviations "
                  f"({', '.join(name for name, _ in learned['treebanks'])})", file=sys.stderr)
        if arguments.libreoffice:
            # After the treebanks, so that LibreOffice's entry adds to what people marked and never demotes a title.
            learned = add_libreoffice(learned, libreoffice_entries(arguments.libreoffice, language))
            print(f"{language}: LibreOffice adds {learned['libreoffice']} abbreviations", file=sys.stderr)
        if arguments.hunspell:
            learned = add_libreoffice(learned, hunspell_entries(arguments.hunspell, language), source="hunspell")
            print(f"{language}: Hunspell adds {learned['hunspell']} abbreviations", file=sys.stderr)
        if arguments.pysbd:
            learned = add_libreoffice(learned, pysbd_entries(arguments.pysbd, language), source="pysbd")
            print(f"{language}: pySBD adds {learned['pysbd']} abbreviations", file=sys.stderr)
        if arguments.languagetool:
            entries = languagetool_entries(arguments.languagetool, language)
            learned = add_libreoffice(learned, [key for key, _ in entries], source="languagetool",
                                      titles={key for key, title in entries if title})
            print(f"{language}: LanguageTool adds {learned['languagetool']} abbreviations", file=sys.stderr)
        path = write(language, learned, arguments.out)
        print(f"{language}: {len(learned['titles'])} titles, {len(learned['abbreviations'])} abbreviations, "
              f"{len(learned['starters'])} starters, ordinals {learned['ordinals']} "
              f"({learned['ordinal_share']:.2f} of {learned['numbers']}) -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
