#!/usr/bin/env python3
"""Checks a real repository with textsvcd, typos and codespell side by side, with real misspellings seeded into it.

Usage:
  bench/repository.py --repo /work/.mirror/git+git/repo --set measure      # the figures (docs/benchmarks.md)
  bench/repository.py --repo /work/.mirror/redis+redis/repo --set tune --sweep   # tuning the vocabulary rule

The repository's HEAD is copied (`git archive`) into a temporary work tree,
real English misspellings (bench/data/typos-en-real-<set>.tsv) are seeded
into its docs and comments, one a line, each where the tree already uses the
correct word, and the copy is committed so that every tool sees a git work
tree. Then, in one run: `textsvcd check` (release, no daemon, whole tree,
default guesses) with the repository vocabulary rule and without it
(`--no-repository-words`, the behaviour before the rule), `typos` and
`codespell`. For each: median wall time, files/s and MB/s over the files git
lists, distinct words flagged (case-folded), seeded misspellings found (the
word reported on its line), and the CLI's peak RSS (/usr/bin/time). With
--sweep, the rule's thresholds are evaluated on the flags of the run without
the rule (the rule is a pure function of them), for tuning.
"""
import argparse
import collections
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC_EXTENSIONS = {".txt", ".adoc", ".md", ".rst"}
C_EXTENSIONS = {".c", ".h"}
HASH_EXTENSIONS = {".sh", ".pl", ".perl", ".py", ".tcl", ".rb"}
WORD = re.compile(r"[A-Za-z]+")


def sh(command, cwd=None, check=True):
    return subprocess.run(command, cwd=cwd, check=check, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def copy_tree(repo, tree):
    commit = sh(["git", "-C", repo, "rev-parse", "HEAD"]).stdout.strip()
    os.makedirs(tree)
    archive = subprocess.Popen(["git", "-C", repo, "archive", "HEAD"], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", tree], stdin=archive.stdout, check=True)
    archive.wait()
    return commit


def prose_lines(tree):
    """(path, line index) of lines that are docs or comments, by file type."""
    found = []
    for folder, folders, files in os.walk(tree):
        folders[:] = [f for f in folders if not f.startswith(".")]
        for name in files:
            path = os.path.join(folder, name)
            extension = os.path.splitext(name)[1]
            if extension not in DOC_EXTENSIONS | C_EXTENSIONS | HASH_EXTENSIONS:
                continue
            try:
                lines = open(path, encoding="utf-8").read().split("\n")
            except (UnicodeDecodeError, OSError):
                continue
            for index, line in enumerate(lines):
                stripped = line.lstrip()
                if extension in DOC_EXTENSIONS:
                    ok = bool(stripped) and not line.startswith(("\t", "    "))
                elif extension in C_EXTENSIONS:
                    ok = stripped.startswith(("* ", "/* ", "// "))
                else:
                    ok = stripped.startswith("# ")
                if ok:
                    found.append((os.path.relpath(path, tree), index, line))
    return found


def seed(tree, pairs, count, rng):
    """Replaces a correct word by its misspelling on `count` lines; returns [(path, line number, misspelling)]."""
    by_word = collections.defaultdict(list)
    for path, index, line in prose_lines(tree):
        for word in set(WORD.findall(line)):
            by_word[word].append((path, index))
    rng.shuffle(pairs)
    used = set()
    seeded = []
    edits = collections.defaultdict(dict)
    for wrong, right in pairs:
        if len(seeded) == count:
            break
        places = [place for place in by_word.get(right, []) if place not in used]
        if not places:
            continue
        place = rng.choice(sorted(places))
        used.add(place)
        edits[place[0]][place[1]] = (right, wrong)
        seeded.append((place[0], place[1] + 1, wrong, right))
    for path, changes in edits.items():
        full = os.path.join(tree, path)
        lines = open(full, encoding="utf-8").read().split("\n")
        for index, (right, wrong) in changes.items():
            lines[index] = re.sub(r"\b%s\b" % re.escape(right), wrong, lines[index], count=1)
        open(full, "w", encoding="utf-8").write("\n".join(lines))
    return seeded


def read_pairs(name):
    pairs = []
    for line in open(os.path.join(ROOT, "bench", "data", name), encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        wrong, right = line.rstrip("\n").split("\t")[:2]
        if WORD.fullmatch(wrong) and WORD.fullmatch(right):
            pairs.append((wrong, right))
    return pairs


def timed(command, cwd, runs):
    """(median seconds, stdout of the last run, peak RSS in MB of the last run, median CPU seconds: user + system)."""
    times = []
    cpus = []
    for _ in range(runs):
        start = time.monotonic()
        result = subprocess.run(["/usr/bin/time", "-f", "%M %U %S"] + command, cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        times.append(time.monotonic() - start)
        # typos exits 2 when it found typos, codespell 65; textsvcd's 2 is an error.
        allowed = (0, 1, 65) + ((2,) if os.path.basename(command[0]) == "typos" else ())
        if result.returncode not in allowed:
            sys.exit("%s failed (%d): %s" % (command[0], result.returncode, result.stderr[-2000:]))
        rss, user, system = result.stderr.strip().split("\n")[-1].split()
        cpus.append(float(user) + float(system))
    return statistics.median(times), result.stdout, int(rss) / 1024, statistics.median(cpus)


def flags_textsvcd(output):
    found = []
    for line in output.splitlines():
        match = re.match(r"(.+?):(\d+):\d+: (\S+)", line)
        if match:
            found.append((os.path.normpath(match[1]), int(match[2]), match[3]))
    return found


def flags_typos(output):
    found = []
    for line in output.splitlines():
        match = re.match(r"(.+?):(\d+):\d+: \w+: `([^`]+)`", line)
        if match:
            found.append((os.path.normpath(match[1]), int(match[2]), match[3]))
    return found


def flags_codespell(output):
    found = []
    for line in output.splitlines():
        match = re.match(r"(.+?):(\d+): (.+?) ==>", line)
        if match:
            found.append((os.path.normpath(match[1]), int(match[2]), match[3]))
    return found


def guessed(output, seeded):
    """Seeded misspellings found with their intended word as the first guess, and among the guesses shown."""
    shown = {}
    for line in output.splitlines():
        match = re.match(r"(.+?):(\d+):\d+: (\S+) -> (.+)$", line)
        if match:
            shown[(os.path.normpath(match[1]), int(match[2]), match[3])] = match[4].split(", ")
    first = among = 0
    for path, line, wrong, right in seeded:
        guesses = shown.get((path, line, wrong), [])
        first += bool(guesses) and guesses[0] == right
        among += right in guesses
    return first, among


def score(flags, seeded):
    at = {(path, line, word.lower()) for path, line, word in flags}
    found = sum((path, line, wrong.lower()) in at for path, line, wrong, _ in seeded)
    return len({word.lower() for _, _, word in flags}), found


def vocabulary(flags, files, occurrences, minimum_files=20):
    """The words the repository vocabulary rule learns from a run's flags (RepositoryVocabulary in Swift)."""
    in_files = collections.defaultdict(set)
    count = collections.Counter()
    for path, _, word in flags:
        in_files[word.lower()].add(path)
        count[word.lower()] += 1
    return {word for word in count if len(in_files[word]) >= files or count[word] >= occurrences}


def kinds(flags, seeded, tree):
    """Distinct flagged words by kind: seeded misspellings, identifier parts, other words."""
    seeded_words = {wrong.lower() for _, _, wrong, _ in seeded}
    result = collections.Counter()
    for word in {w.lower() for _, _, w in flags}:
        if word in seeded_words:
            result["seeded misspellings"] += 1
        else:
            result["other"] += 1
    # Identifier parts: a flag inside a longer run of identifier characters (foo_bar, fooBar, foo2).
    parts = set()
    cache = {}
    for path, line, word in flags:
        if word.lower() in seeded_words:
            continue
        if path not in cache:
            try:
                cache[path] = open(os.path.join(tree, path), encoding="utf-8", errors="replace").read().split("\n")
            except OSError:
                cache[path] = []
        text = cache[path][line - 1] if 0 < line <= len(cache[path]) else ""
        for token in re.findall(r"[A-Za-z0-9_]+", text):
            if word in token and token != word:
                parts.add(word.lower())
                break
    result["identifier parts"] = len(parts)
    result["other"] -= len(parts)
    return dict(result)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", required=True, help="a git repository (its HEAD is copied)")
    parser.add_argument("--set", choices=["tune", "measure"], required=True, help="which half of the real misspellings")
    parser.add_argument("--count", type=int, default=200, help="misspellings to seed")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--runs", type=int, default=3, help="timed runs per tool (median)")
    parser.add_argument("--sweep", action="store_true", help="evaluate the rule's thresholds (tuning)")
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--keep", help="keep the seeded tree in this folder")
    parser.add_argument("--baseline", help="another textsvcd build (an older one) to run `check` with, side by side")
    args = parser.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="textsvcd-repobench-")
    tree = os.path.join(work, "tree")
    commit = copy_tree(args.repo, tree)
    seeded = seed(tree, read_pairs("typos-en-real-%s.tsv" % args.set), args.count, random.Random(args.seed))
    sh(["git", "init", "-q"], cwd=tree)
    sh(["git", "add", "-A"], cwd=tree)
    sh(["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-q", "-m", "seeded"], cwd=tree)
    files = sh(["git", "ls-files", "-z"], cwd=tree).stdout.split("\0")
    files = [f for f in files if f]
    megabytes = sum(os.path.getsize(os.path.join(tree, f)) for f in files if os.path.isfile(os.path.join(tree, f))) / 1e6
    print("repository: %s at %s: %d files, %.1f MB; %d misspellings seeded from typos-en-real-%s.tsv (seed %d)"
          % (args.repo, commit, len(files), megabytes, len(seeded), args.set, args.seed))
    print("load before: %s" % open("/proc/loadavg").read().strip())
    # The bundled dictionary for every build, a baseline outside the checkout too.
    env = dict(os.environ, LANG="en_US.UTF-8", TEXTSVCD_BUNDLED_DICTIONARIES=os.path.join(ROOT, "dictionaries"))
    os.environ.update(env)
    tools = [
        ("textsvcd check", [args.textsvcd, "check", "--no-daemon"], flags_textsvcd),
        ("textsvcd check --no-repository-words", [args.textsvcd, "check", "--no-daemon", "--no-repository-words"],
         flags_textsvcd),
    ]
    if args.baseline:
        tools.append(("textsvcd check (baseline)", [args.baseline, "check", "--no-daemon"], flags_textsvcd))
    tools += [
        ("typos", ["typos", "--format", "brief", "."], flags_typos),
        ("codespell", ["codespell", "-S", "./.git", "."], flags_codespell),
    ]
    rows = []
    outputs = {}
    texts = {}
    for name, command, parse in tools:
        seconds, output, rss, cpu = timed(command, tree, args.runs)
        flags = parse(output)
        outputs[name] = flags
        texts[name] = output
        distinct, found = score(flags, seeded)
        rows.append((name, seconds, cpu, len(files) / seconds, megabytes / seconds, distinct, found, rss))
    print("load after: %s" % open("/proc/loadavg").read().strip())
    print()
    print("| tool | wall s (median of %d) | CPU s (user + system) | files/s | MB/s | distinct words flagged | seeded found (of %d) "
          "| peak RSS MB |" % (args.runs, len(seeded)))
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, seconds, cpu, fps, mbps, distinct, found, rss in rows:
        print("| `%s` | %.2f | %.2f | %.0f | %.1f | %d | %d (%.1f%%) | %.0f |"
              % (name, seconds, cpu, fps, mbps, distinct, found, 100.0 * found / max(1, len(seeded)), rss))
    print()
    for name in ("textsvcd check", "textsvcd check --no-repository-words"):
        print("%s, distinct flags by kind: %s" % (name, kinds(outputs[name], seeded, tree)))
    print()
    print("| textsvcd run | seeded found | intended word first guess | intended word among the guesses |")
    print("|---|---:|---:|---:|")
    for name in texts:
        if name.startswith("textsvcd"):
            first, among = guessed(texts[name], seeded)
            found = score(outputs[name], seeded)[1]
            print("| `%s` | %d | %d | %d |" % (name, found, first, among))
    missed = [s for s in seeded if (s[0], s[1], s[2].lower()) not in
              {(p, l, w.lower()) for p, l, w in outputs["textsvcd check"]}]
    if args.set == "tune":
        print("missed by textsvcd check:", missed)
    else:
        print("missed by textsvcd check: %d (not listed: measurement set)" % len(missed))
    if args.sweep:
        baseline = outputs["textsvcd check --no-repository-words"]
        print()
        print("| files | occurrences | distinct flagged | share of no-rule | seeded found |")
        print("|---:|---:|---:|---:|---:|")
        total = len({w.lower() for _, _, w in baseline})
        for files_needed in (2, 3, 4):
            for occurrences in (2, 3, 4, 5, 10):
                learned = vocabulary(baseline, files_needed, occurrences)
                kept = [f for f in baseline if f[2].lower() not in learned]
                distinct, found = score(kept, seeded)
                print("| %d | %d | %d | %.2f | %d |" % (files_needed, occurrences, distinct, distinct / total, found))
    if not args.keep:
        subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    main()
