#!/usr/bin/env python3
"""Language identification: textsvcd against Lingua, side by side on the same sentences and paragraphs.

Usage: accuracy.py SETS HALF TEXTSVCD   (SETS from make-sets.py; HALF tune or measure)
Needs `pip install lingua-language-detector` (high-accuracy mode, the same 13 candidates).
textsvcd reads every sample as a paragraph of one file (`tokenize --by paragraph --language`,
in process, the model already built); its time is that run's minus an empty run's.
"""
import json, os, subprocess, sys, tempfile, time

SETS, HALF, BINARY = sys.argv[1], sys.argv[2], sys.argv[3]
TAGS = {"en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "it": "it_IT", "pt": "pt_BR", "pl": "pl_PL",
        "ru": "ru_RU", "nl": "nl_NL", "sv": "sv_SE", "cs": "cs_CZ", "uk": "uk_UA", "bg": "bg_BG"}
CANDIDATES = "auto:" + ",".join(TAGS.values())

def load(kind):
    rows = [line.rstrip("\n").split("\t", 1) for line in open(f"{SETS}/{HALF}-{kind}.tsv", encoding="utf-8")]
    return [(language, text) for language, text in rows]

def textsvcd(samples):
    """The language textsvcd gives each sample (the one covering most of its bytes) and the seconds it took."""
    folder = tempfile.mkdtemp()
    path = f"{folder}/samples.txt"
    offsets, position, data = [], 0, b""
    for _, text in samples:
        encoded = text.encode("utf-8")
        offsets.append((position, position + len(encoded)))
        data += encoded + b"\n\n"
        position += len(encoded) + 2
    open(path, "wb").write(data)
    open(f"{folder}/empty.txt", "w").write("a\n")
    command = [BINARY, "tokenize", "--no-daemon", "--by", "paragraph", "--language", "--format", "json",
               "--position-encoding", "utf-8", "--lang", CANDIDATES]
    subprocess.run(command + [f"{folder}/empty.txt"], capture_output=True, check=True)  # builds the model once
    start = time.perf_counter()
    subprocess.run(command + [f"{folder}/empty.txt"], capture_output=True, check=True)
    startup = time.perf_counter() - start
    start = time.perf_counter()
    output = subprocess.run(command + [path], capture_output=True, check=True, text=True).stdout
    seconds = time.perf_counter() - start - startup
    ranges = [json.loads(line) for line in output.splitlines()]
    answers = []
    index = 0
    for low, high in offsets:
        covered = {}
        while index < len(ranges) and ranges[index]["range"]["start"] < high:
            r = ranges[index]
            overlap = min(high, r["range"]["end"]) - max(low, r["range"]["start"])
            if overlap > 0: covered[r["language"]] = covered.get(r["language"], 0) + overlap
            if r["range"]["end"] <= high: index += 1
            else: break
        answers.append(max(covered, key=covered.get).split("_")[0] if covered else None)
    return answers, seconds

def lingua(samples):
    from lingua import Language, LanguageDetectorBuilder
    names = {"en": "ENGLISH", "de": "GERMAN", "fr": "FRENCH", "es": "SPANISH", "it": "ITALIAN", "pt": "PORTUGUESE",
             "pl": "POLISH", "ru": "RUSSIAN", "nl": "DUTCH", "sv": "SWEDISH", "cs": "CZECH", "uk": "UKRAINIAN",
             "bg": "BULGARIAN"}
    detector = LanguageDetectorBuilder.from_languages(*[getattr(Language, n) for n in names.values()]) \
        .with_preloaded_language_models().build()
    codes = {getattr(Language, n): c for c, n in names.items()}
    detector.detect_language_of("warm up")
    start = time.perf_counter()
    answers = [codes.get(detector.detect_language_of(text)) for _, text in samples]
    return answers, time.perf_counter() - start

def report(kind, samples, name, answers, seconds):
    right = sum(a == l for (l, _), a in zip(samples, answers))
    per = {}
    for (l, _), a in zip(samples, answers):
        per.setdefault(l, [0, 0]); per[l][1] += 1; per[l][0] += a == l
    worst = sorted(per.items(), key=lambda kv: kv[1][0] / kv[1][1])[:3]
    print(f"{kind:10} {name:9} {100 * right / len(samples):6.2f}% of {len(samples)}  "
          f"{len(samples) / seconds:9.0f}/s  worst: " +
          ", ".join(f"{l} {100 * r / n:.1f}%" for l, (r, n) in worst))

for kind in ("sentences", "paragraphs"):
    samples = load(kind)
    ours, ours_seconds = textsvcd(samples)
    report(kind, samples, "textsvcd", ours, ours_seconds)
    theirs, their_seconds = lingua(samples)
    report(kind, samples, "Lingua", theirs, their_seconds)
    if os.environ.get("SHOW_ERRORS"):
        for (l, text), a in zip(samples, ours):
            if a != l: print(f"  {l}->{a}: {text[:120]}")
