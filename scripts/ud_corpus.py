"""Sentences marked by people: the Universal Dependencies treebanks' `# text` lines, as a tuning and a measurement half.

Shared by bench/sentences.py (the human-annotated gold, beside the Debian one)
and scripts/make-sentence-data.py (which learns from the tuning half too).

The folder given holds one sub-folder per treebank, named as its repository
(`UD_English-EWT`, `UD_Polish-PDB`, ...), with its `.conllu` files; every
treebank of a language found there is used. The tuning half is the dev and
train files, the measurement half the test files, except in the PUD
treebanks, which have a test file only: their documents are split into the
halves by a stable hash of the document's id (`half_of`, the one
scripts/sentence_corpus.py splits Debian's documents by), the same split in
every language, since the PUDs are translations of the same 1,000 sentences
(`n01001`, `w01003`, ...: 207 of the 397 documents tune, 190 measure). A
document starts at `# newdoc` (or `# newdoc_id`); a treebank without those
marks groups its sentences by the document part of `# orig_file_sentence`,
or of a Dutch `sent_id` (`wiki-135.p.4.s.2`), and otherwise counts the file
as one document in its order (Polish PUD: there, each run of consecutive
sentences whose documents, named by their `sent_id`, `n01001011`, fall in
one half is a document of that half). A paragraph starts at `# newpar` where the treebank
marks them. Nothing is copied into the repository: licences vary (each
treebank's LICENSE.txt; docs/benchmarks.md names them and their commits).
"""

import glob
import os
import random
import re
import unicodedata

from sentence_corpus import half_of  # the split of Debian's documents, used for the PUDs' too

NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "pt": "Portuguese",
         "pl": "Polish", "ru": "Russian", "nl": "Dutch", "sv": "Swedish", "cs": "Czech", "uk": "Ukrainian",
         "bg": "Bulgarian"}
CLOSERS = "\"'»«”“’‘›‹)]}"
DUTCH_DOCUMENT = re.compile(r"^(?:.*\\)?([^\\]+?)\.p\.\d+\.s\.\d+$")
PUD_SENTENCE = re.compile(r"^([nw]\d{5})\d{3}$")


def treebanks(folder, language):
    """The treebank folders of a language in `folder` (`UD_German-GSD`, ...), sorted."""
    return sorted(path for path in glob.glob(os.path.join(folder, f"UD_{NAMES[language]}-*")) if os.path.isdir(path))


def is_pud(treebank):
    """Whether a treebank is one of the Parallel UD treebanks (a test file only, split into both halves by document)."""
    return os.path.basename(treebank.rstrip(os.sep)).endswith("-PUD")


def files(treebank, half):
    """The .conllu files of one half (0 tuning: dev and train; 1 measurement: test; a PUD's test file in both)."""
    found = sorted(glob.glob(os.path.join(treebank, "*.conllu")))
    if half == 1 or is_pud(treebank):
        return [path for path in found if re.search(r"-test\.conllu$", path)]
    return [path for path in found if re.search(r"-(dev|train)(-[a-z])?\.conllu$", path)]


def half_documents(treebank, half):
    """The documents of one half of a treebank (as `documents`): its half's files, or a PUD's documents of that half."""
    for path in files(treebank, half):
        for part, document in documents_with_parts(path):
            if not is_pud(treebank) or part == half:
                yield document


def documents(path):
    """The documents of one .conllu file: lists of (sentence text, starts a paragraph)."""
    return [document for _, document in documents_with_parts(path)]


def documents_with_parts(path):
    """The documents of one .conllu file, each with the PUD half its sentences' documents fall in (None outside the PUDs).

    A document is also cut where that half changes, so that each is wholly
    in one half.
    """
    result, parts, current, key, paragraph, part = [], [], [], None, True, None
    pending = {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.startswith("#"):
            if not line and "text" in pending:
                document = pending.get("doc")
                if document is not None and document != key or pending.get("part", part) != part:
                    if current:
                        result.append(current)
                        parts.append(part)
                    current, key, paragraph = [], document if document is not None else key, True
                    part = pending.get("part", part)
                current.append((unicodedata.normalize("NFC", pending["text"]), paragraph or pending.get("par", False)))
                paragraph = False
                pending = {}
            continue
        name, _, value = line[1:].strip().partition("=")
        name, value = name.strip(), value.strip()
        if name == "text":
            pending["text"] = value
        elif name in ("newdoc", "newdoc id", "newdoc_id") or name.startswith("newdoc"):
            pending["doc"] = ("newdoc", value or len(result) + len(current))
        elif name.startswith("newpar"):
            pending["par"] = True
        elif name == "orig_file_sentence" or line.startswith("# orig_file_sentence "):
            pending.setdefault("doc", ("file", (value or line.split()[-1]).split("#")[0]))
        elif name == "sent_id":
            match = DUTCH_DOCUMENT.match(value)
            if match:
                pending.setdefault("doc", ("file", match.group(1)))
            match = PUD_SENTENCE.match(value)
            if match:
                pending["part"] = half_of(match.group(1))
    if current:
        result.append(current)
        parts.append(part)
    return list(zip(parts, (labels_with_their_items(document) for document in result)))


CONTINUATION = re.compile(r"^(?:,(?!,)|;|[»”] )")
LABEL_ALONE = re.compile(r"^\d{1,4}\.$")
LABEL_AFTER = re.compile(r"^(.*(?:\w{4}[.!?]|[!?" + re.escape(CLOSERS) + r"]))\s+(\d{1,4}\.)$")


def labels_with_their_items(document):
    """A document's sentences with each list label joined to the item it opens, as the segmenter and the Debian gold keep it, and cut continuations mended.

    A sentence that starts with a comma (not Dutch `,,` quotes), a semicolon
    or a closing quote and a space (`лимузини. | , тъжи се`, BTB; `pilotes. | » Déjà`, French GSD)
    is the end of the one before, cut where people did not: it is joined to it.
    Ukrainian IU marks a label as a sentence of its own (`апдейт. | 1. | При
    підйомі`) or at the end of the sentence before (`правдою). 2. | Із
    Замкової`); the other treebanks keep it with its item. A number at a
    sentence's end is taken for a label only after a word of four letters or
    more and its terminator, or after a closing mark (not `art. 12.`).
    """
    result, carried = [], None
    for text, starts in document:
        text = text.strip()
        if result and carried is None and CONTINUATION.match(text):
            # `лимузини. | , тъжи се`, `pilotes. | » Déjà`: a comma or a spaced closing quote starts no sentence.
            previous, previous_starts = result.pop()
            text, starts = previous + " " + text, previous_starts
        if carried is not None:
            text, starts, carried = carried[0] + " " + text, carried[1] or starts, None
        if LABEL_ALONE.match(text):
            carried = (text, starts)
            continue
        match = LABEL_AFTER.match(text)
        if match:
            result.append((match.group(1), starts))
            carried = (match.group(2), False)
            continue
        result.append((text, starts))
    if carried is not None:
        result.append(carried)
    return result


def ends_sentence(text):
    """Whether a sentence ends in `.`, `!` or `?`, closing quotes or brackets allowed after it."""
    stripped = text.rstrip().rstrip(CLOSERS)
    return bool(stripped) and stripped[-1] in ".!?"


def triples(folder, language, half, count, seed=None):
    """Up to `count` triples of consecutive sentences of one document, each ending in . ! or ?, after a seeded shuffle."""
    found = []
    for treebank in treebanks(folder, language):
        for document in half_documents(treebank, half):
            texts = [text.strip() for text, _ in document]
            index = 0
            while index + 3 <= len(texts):
                window = texts[index:index + 3]
                if all(ends_sentence(text) for text in window):
                    found.append(window)
                    index += 3
                else:
                    index += 1
    random.Random(seed or f"ud-sentences-{language}").shuffle(found)
    return found[:count]


def paragraphs(folder, language, half):
    """Running text rebuilt from one half: a paragraph's sentences joined with a space (ten at most where none are marked)."""
    result = []
    for treebank in treebanks(folder, language):
        for document in half_documents(treebank, half):
            current = []
            for text, starts in document:
                if current and (starts or len(current) >= 10):
                    result.append(" ".join(current))
                    current = []
                current.append(text.strip())
            if current:
                result.append(" ".join(current))
    return result


def sentences(folder, language, half):
    """Documents of one half as lists of sentence texts (for learning from marked ends)."""
    return [[text.strip() for text, _ in document]
            for treebank in treebanks(folder, language)
            for document in half_documents(treebank, half)]
