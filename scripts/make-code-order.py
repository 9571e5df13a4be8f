#!/usr/bin/env python3
"""Writes the linker's code order for textsvcd (linker/textsvcd.order): the functions a serving daemon runs, first.

A long-lived daemon keeps mapped only the pages of its code that it runs
(start-up's are given back, `CodePages.releaseStartupPages`), but the kernel
maps 64 KB around every code fault, so what counts is how many 64 KB windows
the functions it runs are spread over. A release build (scripts/release-build)
gives every function of the project and of its dependencies its own section
(`-function-sections`), and Package.swift hands this file, one symbol a
line, to lld (`--symbol-ordering-file`), which places the sections holding
them first, in its order, and the rest after them. The toolchain's archives
are only partly split: a function in an object's one `.text` section (much
of the standard library's, `_RegexParser`'s, CoreFoundation's) moves with
its whole file.

The profile: a release `textsvcd serve` under valgrind's callgrind, given the
bundled en_US (its compiled form in --cache), dumps its counts once it listens
(start-up) and again after a workload of the tuning sets and fortunes prose
(serving): `spell.guesses` of bench/data/typos-en-tune.tsv and
typos-en-real-tune.tsv (never the sets the memory bench measures on),
`spell.check` with and without guesses, `spell.checkWords`, `spell.complete`
and `text.tokenize`, over eight connections in turn, so that a new
connection's set-up counts as serving's work. The order: the functions serving ran, most instructions
first, those with a section of their own before those in a whole file's (so
that the files do not push them apart), then those only start-up ran, in the
same way. Functions that neither ran keep the linker's order, after them.

Run it again when the code has changed much (a function it does not name is
placed with the rest, so a stale order costs memory, never correctness), with
a release build of the current code:

    scripts/release-build --product textsvcd
    scripts/make-code-order.py --textsvcd .build/release/textsvcd --cache /tmp/order-cache

Needs valgrind and the fortunes package (scripts/install-deps --with-bench).
"""
import argparse
import collections
import glob
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FORTUNES = "/usr/share/games/fortunes"
FORTUNE_FILES = ["literature", "wisdom", "people", "science", "work"]


def tune_words():
    words = []
    for name in ("typos-en-tune.tsv", "typos-en-real-tune.tsv"):
        with open(os.path.join(ROOT, "bench", "data", name), encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("#") or not line.strip():
                    continue
                words.append(line.split("\t")[0])
    return words


def paragraphs(count, size=4000):
    """Paragraphs of about `size` bytes of fortunes prose, whitespace folded."""
    found, current = [], []
    for name in FORTUNE_FILES:
        path = os.path.join(FORTUNES, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as handle:
            for fortune in handle.read().split("\n%\n"):
                current.append(" ".join(fortune.split()))
                if sum(len(part) + 1 for part in current) >= size:
                    found.append(" ".join(current))
                    current = []
                    if len(found) == count:
                        return found
    if not found:
        sys.exit("no fortunes under %s (install the fortunes package)" % FORTUNES)
    return found


class Client:
    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX)
        self.socket.connect(path)
        self.reader = self.socket.makefile("rb")
        self.next_id = 0

    def call(self, method, params):
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.socket.sendall(json.dumps(request).encode() + b"\n")
        answer = json.loads(self.reader.readline())
        if "result" not in answer:
            sys.exit("%s failed: %s" % (method, answer))
        return answer["result"]

    def close(self):
        self.reader.close()
        self.socket.close()


def workload(path, connections=8):
    """The serving workload, shared out over `connections` connections in turn, as editors and commands come and go
    (a new connection's set-up is serving's work too, not only start-up's)."""
    words = tune_words()
    texts = paragraphs(40)
    calls = [("spell.guesses", {"word": word}) for word in words]
    for index, text in enumerate(texts):
        calls.append(("spell.check", {"text": text, "guesses": index % 2 == 0}))
        calls.append(("text.tokenize", {"text": text[:400], "granularity": "word", "wordsOnly": True}))
    calls += [("spell.checkWords", {"words": words[start:start + 50]}) for start in range(0, len(words), 50)]
    calls += [("spell.complete", {"prefix": word[:4], "limit": 5}) for word in words[:200]]
    share = -(-len(calls) // connections)
    for start in range(0, len(calls), share):
        client = Client(path)
        client.call("initialize", {"client": "make-code-order", "positionEncoding": "utf-8"})
        for method, params in calls[start:start + share]:
            client.call(method, params)
        client.close()


def costs(path, binary):
    """Instructions run per function of `binary` (its own, not a call's) in one callgrind dump, by symbol.

    The dump is written with --compress-strings=no: `ob=`/`fn=` name the
    object and function the cost lines after them belong to, and the line
    after a `calls=` line is that call's inclusive cost, not the function's.
    """
    totals = collections.Counter()
    ours, function, skip = False, None, False
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if skip:
                skip = False
            elif line.startswith("ob="):
                ours = os.path.realpath(line[3:].strip()) == binary
            elif line.startswith("fn="):
                # The profile names a recursive call's deeper levels SYMBOL'2, SYMBOL'3, ...
                function = re.sub(r"'[0-9]+$", "", line[3:].strip())
            elif line.startswith("calls="):
                skip = True
            elif ours and function and line[:1] in "0123456789+-*":
                parts = line.split()
                if len(parts) >= 2 and parts[1].isdigit():
                    totals[function] += int(parts[1])
    return totals


def toolchain_archives():
    """The static archives of the Swift toolchain that `--static-swift-stdlib` links (the runtime, Foundation, ...)."""
    swift = subprocess.run(["which", "swift"], capture_output=True, text=True).stdout.strip()
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "swift_static", "linux")
    return sorted(glob.glob(os.path.join(folder, "*.a")))


def whole_file_functions(archives):
    """Names of the functions that lie in an object's one `.text` section rather than one of their own, in `archives`.

    The toolchain's archives are built partly without function sections
    (`_RegexParser`, parts of the standard library, Foundation and
    CoreFoundation); the release build gives every other target its own.
    """
    names = set()
    for archive in archives:
        listing = subprocess.run(["readelf", "-SsW", archive], capture_output=True, text=True, errors="replace").stdout
        sections = {}
        for line in listing.splitlines():
            if line.startswith("File:"):
                sections = {}
                continue
            header = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)", line)
            if header:
                sections[header.group(1)] = header.group(2)
                continue
            parts = line.split()
            if (len(parts) >= 8 and parts[0].endswith(":") and parts[0][:-1].isdigit() and parts[3] == "FUNC"
                    and sections.get(parts[6]) == ".text"):
                names.add(parts[7])
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--cache", required=True, help="XDG_CACHE_HOME for en_US's compiled form (compiled if absent)")
    parser.add_argument("--output", default=os.path.join(ROOT, "linker", "textsvcd.order"))
    args = parser.parse_args()
    binary = os.path.realpath(args.textsvcd)
    env = {key: value for key, value in os.environ.items()
           if key not in ("TEXTSVCD_SOCKET", "DICPATH", "LISTEN_PID", "LISTEN_FDS")}
    env.setdefault("TEXTSVCD_BUNDLED_DICTIONARIES", os.path.join(ROOT, "dictionaries"))
    env["XDG_CACHE_HOME"] = os.path.abspath(args.cache)
    listed = subprocess.run([binary, "dictionaries", "list"], env=env, capture_output=True, text=True).stdout
    if not any(line.startswith("en_US ") and "compiled: ready" in line for line in listed.splitlines()):
        subprocess.run([binary, "dictionaries", "compile", "en_US"], env=env, check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory(prefix="textsvcd-order-") as root:
        # Valgrind 3.19 cannot read the DWARF 5 of Swift 6's toolchain; the symbols are all the profile needs.
        profiled = root + "/textsvcd"
        subprocess.run(["objcopy", "--strip-debug", binary, profiled], check=True)
        env.update(XDG_RUNTIME_DIR=root, XDG_DATA_HOME=root + "/data", HOME=root)
        path = root + "/textsvcd.sock"
        out = root + "/callgrind.out"
        daemon = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                                   "--callgrind-out-file=" + out, profiled, "serve", "--socket", path,
                                   "--log-level", "warning"],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            client = None
            for _ in range(6000):
                if daemon.poll() is not None:
                    break
                try:
                    client = Client(path)
                    break
                except OSError:
                    time.sleep(0.1)
            if client is None:
                sys.exit("the daemon under valgrind did not listen")
            client.call("stats", {})
            subprocess.run(["callgrind_control", "--dump=start-up", str(daemon.pid)], check=True,
                           stdout=subprocess.DEVNULL)
            workload(path)
            subprocess.run(["callgrind_control", "--dump=serving", str(daemon.pid)], check=True,
                           stdout=subprocess.DEVNULL)
        finally:
            daemon.terminate()
            daemon.wait(timeout=600)
        dumps = sorted(glob.glob(out + ".*"), key=lambda name: int(name.rsplit(".", 1)[1]))
        if len(dumps) < 2:
            sys.exit("callgrind wrote %d dumps, not 2" % len(dumps))
        start_up, serving = costs(dumps[0], profiled), costs(dumps[1], profiled)
    whole = whole_file_functions(toolchain_archives())
    served = [name for name, _ in serving.most_common()]
    started = [name for name, _ in start_up.most_common() if name not in serving]
    # A function in a whole file's `.text` moves with the whole file: after those with a section of their own, so
    # that the files do not push the functions serving runs apart.
    names = [name for name in served if name not in whole] + [name for name in served if name in whole]
    names += [name for name in started if name not in whole] + [name for name in started if name in whole]
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as handle:
        for name in names:
            handle.write(name + "\n")
    print("%s: %d functions serving ran (%d of them in a whole file's section), then %d only start-up ran" % (
        args.output, len(served), sum(name in whole for name in served), len(started)))


if __name__ == "__main__":
    main()
