"""Real paragraphs per language from Debian's translated documentation, split into a tuning and a measurement half.

Shared by scripts/make-sentence-data.py (which learns the sentence lists from the
tuning half) and bench/sentences.py (which measures on the measurement half).

Sources (each a Debian package, free licences recorded in dictionaries/README.md):
manual pages (manpages, manpages-dev, manpages-l10n's manpages-<lang>), the
fortune files (fortunes, fortunes-min, fortunes-<lang>), maint-guide-<lang> and
debian-reference-<lang> (HTML). A document (a man page, an HTML file) or, in a
fortune file, a cookie goes wholly to one half, chosen by a stable hash of its
name, so no text is in both halves.
"""

import glob
import gzip
import hashlib
import html
import os
import re
import subprocess
import unicodedata

LANGUAGES = ["en", "de", "fr", "es", "it", "pt", "pl", "ru", "nl", "sv", "cs", "uk", "bg"]

MAN_FOLDERS = {"de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt_BR", "pl": "pl", "ru": "ru",
               "nl": "nl", "sv": "sv", "cs": "cs", "uk": "uk"}
FORTUNE_PACKAGES = {"en": ["fortunes", "fortunes-min"], "de": ["fortunes-de"], "es": ["fortunes-es"],
                    "it": ["fortunes-it"], "pt": ["fortunes-br"], "pl": ["fortunes-pl"], "ru": ["fortunes-ru"],
                    "cs": ["fortunes-cs"], "bg": ["fortunes-bg"]}
HTML_CODES = {"en": "en", "de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt-br", "ru": "ru"}

# The packages each language's text comes from (for headers and the README).
def packages(language):
    names = []
    names.append("manpages, manpages-dev" if language == "en" else f"manpages-{MAN_FOLDERS[language].lower().replace('_', '-')}"
                 if language in MAN_FOLDERS else None)
    names += FORTUNE_PACKAGES.get(language, [])
    if language in HTML_CODES:
        code = HTML_CODES[language]
        names.append("maint-guide" if language == "en" else f"maint-guide-{code}")
        names.append(f"debian-reference-{code}")
    return [n for n in names if n]


def half_of(name):
    """0 (tuning) or 1 (measurement), stable across runs and machines."""
    return hashlib.sha1(name.encode()).digest()[0] & 1


ACCENTS = {":": "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", ",": "\u0327", "~": "\u0303",
           "o": "\u030a", "v": "\u030c"}


def accented(match):
    """A roff special character for an accented letter (\\(:a is ä), or \\[u00E4]."""
    if match.group(1):
        return chr(int(match.group(1), 16))
    if match.group(4):
        return "ß"
    mark, letter = match.group(2), match.group(3)
    return unicodedata.normalize("NFC", letter + ACCENTS[mark])


ROFF_ACCENT = re.compile(r"\\\[u([0-9A-Fa-f]{4,5})\]|\\\(([:'`^,~ov])([A-Za-z])|\\\((s)(s)")
ROFF_ESCAPES = [(r"\\f(\(..|\[[^]]*\]|.)", ""), (r"\\\(aq", "'"), (r"\\\(lq|\\\(rq|\\\(dq", '"'),
                (r"\\\(Fo", "«"), (r"\\\(Fc", "»"), (r"\\\(em|\\\(en", "—"), (r"\\\(bu", "•"),
                (r"\\\(oq|\\\(cq", "'"), (r"\\\(co", "©"), (r"\\\(mu", "×"), (r"\\\(..", ""),
                (r"\\\[[^]]*\]", ""), (r"\\\*(\(..|\[[^]]*\]|.)", ""), (r"\\[-]", "-"), (r"\\e", "\\"),
                (r"\\[&%c:|^)/,]", ""), (r"\\ ", " "), (r"\\~", " "), (r"\\s[-+]?\d", ""),
                (r'\\".*$', ""), (r"\\.", "")]
ROFF_ESCAPES = [(re.compile(a), b) for a, b in ROFF_ESCAPES]
FONT_MACROS = {"B", "I", "BR", "RB", "IR", "RI", "BI", "IB", "SM", "SB"}


def roff_paragraphs(source):
    """Running-text paragraphs of a roff manual page (requests and code blocks dropped)."""
    paragraphs, current, literal = [], [], False
    for line in source.splitlines():
        if line.startswith((".", "'")):
            parts = line[1:].strip().split(None, 1)
            macro = parts[0] if parts else ""
            if macro in ("nf", "EX"):
                literal = True
            elif macro in ("fi", "EE"):
                literal = False
            if macro in FONT_MACROS and len(parts) > 1 and not literal:
                args = re.findall(r'"([^"]*)"|(\S+)', parts[1])
                current.append(("" if macro.endswith("R") or macro.startswith("R") else " ").join(a or b for a, b in args))
                continue
            if current:
                paragraphs.append(" ".join(current))
            current = []
            continue
        if literal:
            continue
        if not line.strip():
            if current:
                paragraphs.append(" ".join(current))
            current = []
            continue
        current.append(line.strip())
    if current:
        paragraphs.append(" ".join(current))
    cleaned = []
    for paragraph in paragraphs:
        paragraph = ROFF_ACCENT.sub(accented, paragraph)
        for pattern, replacement in ROFF_ESCAPES:
            paragraph = pattern.sub(lambda _m, r=replacement: r, paragraph)
        cleaned.append(re.sub(r"\s+", " ", paragraph).strip())
    return cleaned


def html_paragraphs(source):
    """The text of each <p> element of an HTML page, with <pre> and code left out."""
    out = []
    for body in re.findall(r"<p\b[^>]*>(.*?)</p>", source, flags=re.S | re.I):
        if re.search(r"<(pre|code|tt|kbd|literal)\b", body, flags=re.I):
            body = re.sub(r"<(pre|code|tt|kbd)\b.*?</\1>", " CODE ", body, flags=re.S | re.I)
        text = html.unescape(re.sub(r"<[^>]+>", "", body))
        out.append(re.sub(r"\s+", " ", text).strip())
    return out


def fortune_cookies(path):
    """Each cookie of a fortune file as paragraphs (attribution lines dropped, with their indented continuations)."""
    raw = open(path, "rb").read()
    text = raw.decode("utf-8", errors="replace")
    for number, cookie in enumerate(re.split(r"^%\s*$", text, flags=re.M)):
        lines, attribution = [], False
        for line in cookie.splitlines():
            if re.match(r"^\s*(--|—|-- )", line):
                attribution = True
            elif not (attribution and line[:1].isspace() and line.strip()):
                attribution = False
                lines.append(line)
        block, paragraphs = [], []
        for line in lines + [""]:
            if line.strip():
                block.append(line.strip())
            elif block:
                paragraphs.append(re.sub(r"\s+", " ", " ".join(block)))
                block = []
        yield f"{path}#{number}", paragraphs


def package_files(package):
    try:
        listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True, check=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return []
    return [p for p in listing.splitlines() if os.path.isfile(p)]


def documents(language):
    """(name, paragraphs) for every document of a language."""
    if language == "en":
        pages = sorted(p for package in ("manpages", "manpages-dev") for p in package_files(package)
                       if re.search(r"/man/man[1-8]/[^/]*\.gz$", p))
    elif language in MAN_FOLDERS:
        pages = sorted(glob.glob(f"/usr/share/man/{MAN_FOLDERS[language]}/man[1-8]/*.gz"))
    else:
        pages = []
    for page in pages:
        try:
            source = gzip.open(page, "rb").read().decode("utf-8", errors="replace")
        except OSError:
            continue
        if source.startswith(".so "):
            continue
        yield page, roff_paragraphs(source)
    for package in FORTUNE_PACKAGES.get(language, []):
        for path in package_files(package):
            if "/fortunes" not in path or path.endswith((".dat", ".u8")) or "/doc/" in path:
                continue
            yield from fortune_cookies(path)
    if language in HTML_CODES:
        code = HTML_CODES[language]
        folders = [f"/usr/share/debian-reference/*.{code}.html",
                   f"/usr/share/doc/maint-guide{'' if language == 'en' else '-' + code}/html/*.{code}.html"]
        for pattern in folders:
            for path in sorted(glob.glob(pattern)):
                yield path, html_paragraphs(open(path, encoding="utf-8", errors="replace").read())


def usable(paragraph):
    """Running prose: mostly letters, no replacement characters, not a code line."""
    if len(paragraph) < 20 or "\ufffd" in paragraph:
        return False
    letters = sum(1 for c in paragraph if c.isalpha())
    return letters >= 0.6 * len(paragraph)


def paragraphs(language, half, cache=None):
    """The usable paragraphs of a language in one half (0 tuning, 1 measurement), one a line in `cache` if given."""
    if cache:
        path = os.path.join(cache, f"{language}-{'tune' if half == 0 else 'measure'}.txt")
        if os.path.exists(path):
            return open(path, encoding="utf-8").read().splitlines()
    found = []
    for name, items in documents(language):
        if half_of(name) != half:
            continue
        for paragraph in items:
            paragraph = unicodedata.normalize("NFC", paragraph)
            if usable(paragraph):
                found.append(paragraph)
    if cache:
        os.makedirs(cache, exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(found) + "\n")
    return found


# ---- tokens, as the runtime (Sources/TextServices/TextUnits/SentenceAbbreviations.swift) sees them ----

APOSTROPHES = "'’ʼ"
WORD = re.compile(r"[^\W\d_]+(?:\.[^\W\d_]+)*")
TRAILING = re.compile(r"(?:[^\W\d_]|\.)+$")


def key_before_period(text, period):
    """The abbreviation key of the token that ends with the period at `period`, as the runtime builds it.

    The letters and inner periods right before the period ("Dr", "p.m", "z.B");
    a short word preceded by "x. " joins it ("z. B." gives "z.B"). Digits give
    "#" plus the digit count; anything else gives None.
    """
    start = period
    while start > 0 and (text[start - 1].isalpha() or text[start - 1] == "."):
        start -= 1
    token = text[start:period].lstrip(".")
    if not token:
        digits = period
        while digits > 0 and text[digits - 1].isdigit():
            digits -= 1
        if digits < period and (digits == 0 or text[digits - 1].isspace() or text[digits - 1] in "([\"'«„“‘"):
            return "#%d" % (period - digits)
        return None
    if start > 0 and text[start - 1].isdigit():
        return None
    if "." not in token and len(token) <= 2 and start >= 3 and text[start - 1] == " " and text[start - 2] == ".":
        first = start - 2
        while first > 0 and text[first - 1].isalpha():
            first -= 1
        previous = text[first:start - 2]
        if 1 <= len(previous) <= 3 and (first == 0 or not text[first - 1].isalnum()):
            return previous + "." + token
    return token


# ---- counts over a text, and the list-free "clear boundary" rule ----

OPENERS = "\"'«»„“”‘‚‹›([{¿¡—–-"
CLOSERS = "\"'»«”“’‘›‹)]}"
SENTENCE_OPENERS = "\"'«»„“”‘‚‹›([¿¡"
PARAGRAPH_CLOSERS = ")]\"'»”’"
# A space may stand before a closing quote after the mark (French: `« Tu viens ? » Il part`).
BOUNDARY = re.compile(r"([.!?…])(?:[" + re.escape(CLOSERS) + r"]|[ \u00a0\u202f](?=[»”]))*(\s+)")


class Counts:
    """How often each key ends with a period and each word appears without one, and what follows."""

    def __init__(self, elisions=False):
        """`elisions`: do not count the part before an apostrophe as a word seen without its period (`ім` of `ім'я`)."""
        self.elisions = elisions
        self.with_period = {}
        self.without_period = {}
        self.capitalised = {}
        self.followers = {}
        self.ordinal_followers = []  # (digits, next word) for numbers with a period right after a lower-case word

    def add(self, paragraph):
        for match in WORD.finditer(paragraph):
            word = match.group()
            end = match.end()
            if end < len(paragraph) and paragraph[end] == ".":
                continue
            if self.elisions and paragraph[end:end + 1] in APOSTROPHES and paragraph[end + 1:end + 2].isalpha():
                continue  # the first part of a word with an apostrophe (Ukrainian `ім'я`, not the abbreviation `ім.`)
            self.without_period[word] = self.without_period.get(word, 0) + 1
            if word[0].isupper():
                self.capitalised[word] = self.capitalised.get(word, 0) + 1
        for match in BOUNDARY.finditer(paragraph + " "):
            if match.group(1) != "." or match.start(1) != match.end(1) - 1 or match.end(1) != match.start(2):
                continue
            key = key_before_period(paragraph, match.start(1))
            if key is None:
                continue
            self.with_period[key] = self.with_period.get(key, 0) + 1
            self.followers.setdefault(key, []).append(next_word(paragraph, match.end()))
            if key.startswith("#"):
                before = paragraph[:match.start(1) - int(key[1:])].rstrip()
                if before and before[-1].islower():
                    self.ordinal_followers.append((int(key[1:]), next_word(paragraph, match.end())))


def next_word(text, position):
    """The word starting at `position` ("" at the end, or the non-letter character there)."""
    if position >= len(text):
        return ""
    match = WORD.match(text, position)
    return match.group() if match else text[position]


def is_clear_end(paragraph, terminator, counts):
    """Whether a terminator is a sentence end no abbreviation list is needed to see (used for gold and starters)."""
    mark = paragraph[terminator]
    if mark in "!?…":
        return True
    if terminator > 0 and paragraph[terminator - 1] in PARAGRAPH_CLOSERS:
        return True
    start = terminator
    while start > 0 and not paragraph[start - 1].isspace():
        start -= 1
    raw = paragraph[start:terminator].lstrip(OPENERS)
    if raw and not raw.isdigit() and not all(c.isalpha() or c == "." for c in raw):
        return True  # an identifier, a path, a version, a number with a unit: no abbreviation looks like that
    key = key_before_period(paragraph, terminator)
    if key is None:
        return False
    if key.startswith("#"):
        digits = terminator - int(key[1:])
        return int(key[1:]) >= 4 or (digits > 0 and paragraph[digits - 1] in ".,")
    if "." in key:
        return max(len(part) for part in key.split(".")) >= 4
    if len(key) == 1:
        return False
    with_period = counts.with_period.get(key, 0)
    without = counts.without_period.get(key, 0)
    if len(key) >= 4:
        # Long words often end sentences (German puts the verb last): only a word that is also
        # mostly followed by a lower-case word or a number looks like an abbreviation.
        followers = counts.followers.get(key, [])
        continued = sum(1 for word in followers if word and (word[0].islower() or word[0].isdigit()))
        return not (with_period >= 2 and with_period * 2 > without and continued * 3 >= len(followers))
    return without >= 1 and without >= 2 * with_period


DASHES = "-–—"
# Chat logs and interviews in the fortunes: `> Bardzo`, `** Nie.`, `+++ Opowiedz`, `<Mallem> Jestem`.
CHAT_MARKS = "*>+<"
CHAT_NICK = re.compile(r"<[^\s<>]{1,20}>")


def clear_splits(paragraph, counts, starts=None, dialogue=False, lower=False):
    """The paragraph cut at its clear sentence ends (each followed by an upper-case letter).

    With `lower`, a clear end at a period is also cut before a lower-case
    letter (`... object. req indicates`, `... wirkten. tolle`): a sentence
    that starts with a command's or a variable's name, or in chat written
    without capitals, starts there too (docs/spelling.md "Sentences").

    With `starts` (how often each capitalised word follows a clear end), an
    unclear end is also cut when the word after it is one that mostly starts
    sentences in this same text (seen capitalised at least 3 times, at least
    half of them right after a clear end). With `dialogue`, a dash and a
    space before the upper-case letter (`polany. - Jasiu`) are passed over
    too: the treebanks' people cut a line of dialogue there; so are the
    marks of a chat log or an interview (`? ** Nie.`, `! > Bardzo`, `.
    <Mallem> Jestem`, `+++ Opowiedz`), which start a line of their own.
    """
    pieces, start = [], 0
    for match in BOUNDARY.finditer(paragraph):
        after = match.end()
        probe = after
        while probe < len(paragraph) and (paragraph[probe] in OPENERS or (dialogue and (
                paragraph[probe] in CHAT_MARKS or (paragraph[probe] == " " and probe > after
                                                   and paragraph[probe - 1] in DASHES + CHAT_MARKS + ">")))):
            if dialogue and paragraph[probe] == "<":
                nick = CHAT_NICK.match(paragraph, probe)
                if not nick:
                    break
                probe = nick.end()
                continue
            probe += 1
        if probe >= len(paragraph):
            continue
        if lower and paragraph[probe].islower() and match.group(1) == "." and match.end(1) == match.start(2) \
                and all(c in SENTENCE_OPENERS for c in paragraph[after:probe]) \
                and not (match.start(1) > 0 and paragraph[match.start(1) - 1] == "."):
            if is_clear_end(paragraph, match.start(1), counts):
                pieces.append(paragraph[start:match.start(2)])
                start = after
            continue
        if not (paragraph[probe].isupper() or paragraph[probe].isdigit()):
            continue
        cut = is_clear_end(paragraph, match.start(1), counts)
        if not cut and starts is not None and paragraph[probe].isupper():
            word = next_word(paragraph, probe)
            seen = counts.capitalised.get(word, 0)
            cut = seen >= 3 and starts.get(word, 0) * 2 >= seen
            cut = cut or plain_end(paragraph, match.start(1), word, counts)
        if cut:
            label = list_label_before(paragraph, match.start(1), start)
            if label is not None:
                # A list's label starts the sentence after it (`Christenthum. 26. Was nennen`): cut before it, not after.
                if label > start and paragraph[start:label].strip():
                    pieces.append(paragraph[start:label].rstrip())
                    start = label
                continue
            pieces.append(paragraph[start:match.start(2)])
            start = after
    pieces.append(paragraph[start:])
    return pieces


ROMAN = set("IVXLCDM")


def plain_end(paragraph, terminator, word, counts):
    """Whether a period before the capitalised `word` ends a sentence, by what the gold alone can see (no list).

    A period after an option or a negative number (`-l.`, `-X.`, `-1.`), or
    after a word in capitals (`FTP.`, `GUI.`; not a Roman numeral,
    `Ludwig XIV.`), ends a sentence: no abbreviation is written so. So does
    one before a capitalised word of three letters or more that this half
    sees in lower case at least as often (`jest 50. Zob`, `до 4. Типовою`,
    `klawisz x. Czyni`): its capital comes from the sentence start, not from a
    name or a month; a single capital before it is left alone (an initial),
    and so is a word this half mostly writes with its period (`np.`, `zob.`).
    """
    if paragraph[terminator] != ".":
        return False
    start = terminator
    while start > 0 and not paragraph[start - 1].isspace():
        start -= 1
    raw = paragraph[start:terminator].lstrip(SENTENCE_OPENERS)
    if len(raw) >= 2 and raw[0] == "-" and raw[1].isalnum():
        return True
    key = key_before_period(paragraph, terminator)
    if key is None and not raw.isdigit():
        return False
    if key and len(key) >= 2 and key.isalpha() and key.isupper() and not set(key) <= ROMAN:
        return True
    if key and len(key) == 1 and key.isupper():
        return False
    if len(word) < 3 or not word.isalpha():
        return False
    if key and not key.startswith("#") and counts.with_period.get(key, 0) >= counts.without_period.get(key, 0):
        return False  # mostly written with its period here: an abbreviation (`np.`, `zob.`), as Punkt's type test
    lower = counts.without_period.get(word.lower(), 0)
    return lower >= 2 and lower >= counts.capitalised.get(word, 0)


def list_label_before(paragraph, terminator, start):
    """Where the list label ending at the period `terminator` starts (`1.` at the piece's start or after a sentence end), or None."""
    if paragraph[terminator] != ".":
        return None
    label = terminator
    while label > start and paragraph[label - 1].isdigit():
        label -= 1
    if not 1 <= terminator - label <= 4:
        return None
    before = label
    while before > start and paragraph[before - 1].isspace():
        before -= 1
    if before == start or (before < label and paragraph[before - 1] in ".!?" + CLOSERS):
        return label
    return None


def gold_sentences(paragraphs_list):
    """Sentences of real paragraphs, cut only at clear ends, that start upper-case and end in . ! or ?."""
    paragraphs_list = [p for p in paragraphs_list if "CODE" not in p]
    counts = Counts()
    for paragraph in paragraphs_list:
        counts.add(paragraph)
    starts = sentence_starts(paragraphs_list, counts)
    sentences = []
    for paragraph in paragraphs_list:
        for piece in clear_splits(paragraph, counts, starts, dialogue=True, lower=True):
            piece = piece.strip()
            stripped = piece.rstrip(CLOSERS)
            if not (20 <= len(piece) <= 400) or not stripped or stripped[-1] not in ".!?":
                continue
            first = re.sub(r"^[" + DASHES + r"]{1,3} ", "", piece).lstrip(SENTENCE_OPENERS)
            if re.search(r"(\.\.|…)[^.…]", piece):
                continue  # an ellipsis inside: whether it ends a sentence is anyone's guess
            if first and first[0].isupper():
                sentences.append(piece)
    return sentences


def sentence_starts(paragraphs_list, counts):
    """How often each capitalised word starts a paragraph or comes right after a clear sentence end."""
    starts = {}
    for paragraph in paragraphs_list:
        for piece in clear_splits(paragraph, counts):
            word = next_word(piece.lstrip(OPENERS), 0)
            starts[word] = starts.get(word, 0) + 1
    return starts
