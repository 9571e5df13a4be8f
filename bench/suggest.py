#!/usr/bin/env python3
"""Spelling guesses of textsvcd beside hunspell and aspell, language by language.

One command, from the repository's root (bench/suggest.sh builds textsvcd in
release mode first and passes its arguments on):

    bench/suggest.sh                         # every language, measurement sets, 500 pairs each
    bench/suggest.sh --langs de,fr,en-real   # some of them
    bench/suggest.sh --sample 0              # every pair (1000 a language; slower)
    bench/suggest.sh --without-frequencies   # also textsvcd with no .freq file but en's (Hunspell's order)
    bench/suggest.sh --typos FILE --lang TAG # any misspelling<TAB>correct file
    bench/suggest.sh --in-process            # the English in-process figures: completions, memory

For each language it reads bench/data/typos-<lang>-measure.tsv (the
measurement set: never tune on it; `--set tune` takes the tuning set; see
bench/data/README.md) and asks, one word at a time:

  - textsvcd: a fresh `textsvcd serve --socket ...` daemon per language
    (isolated XDG folders, except the cache of compiled dictionaries, kept in
    .build/bench-cache; dictionaries: the bundled en_US, else the system's
    /usr/share/hunspell), measured by `textsvcd-bench suggest --socket` (the
    same Swift client `textsvcd-bench suggest --no-daemon` uses in process):
    after a warm-up that loads and indexes the dictionary, `spell.guesses`
    requests with `limit` 5, then completions of 500 prefixes. Latency is the
    client's round trip; the daemon's own p50 and p99 come from its `stats`
    method (they include the warm-up requests).
  - hunspell: `hunspell -a -i utf-8 -d TAG` on the same dictionary.
  - aspell: `aspell -a --sug-mode=normal` with its own dictionary for the
    language, where Debian has one (skipped otherwise).
  - nuspell, with --peers hunspell,aspell,nuspell: `nuspell -d TAG`.

Figures: first guess right (the correct word, exactly, first), right in the
top 5, and the median and 99th percentile time per word in milliseconds.
Rows are run side by side in one run; the date, the machine's load average
and the core count are printed with them.
"""
import argparse
import glob
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(HERE, "data")

# Language of a typo set -> the dictionary tag textsvcd and hunspell use, and aspell's name for it.
TAGS = {
    "en": ("en_US", "en_US"), "en-real": ("en_US", "en_US"), "bg": ("bg_BG", "bg"), "bn": ("bn_BD", None),
    "bs": ("bs_BA", None), "ca": ("ca", "ca"), "cs": ("cs_CZ", "cs"), "da": ("da_DK", "da"), "de": ("de_DE", "de_DE"),
    "el": ("el_GR", "el"), "es": ("es_ES", "es"), "fr": ("fr_FR", "fr"), "he": ("he_IL", "he"), "hi": ("hi_IN", None),
    "hr": ("hr_HR", "hr"), "hu": ("hu_HU", "hu"), "id": ("id_ID", None), "is": ("is_IS", "is"), "it": ("it_IT", "it"),
    "lt": ("lt_LT", "lt"), "lv": ("lv_LV", "lv"), "nb": ("nb_NO", "nb"), "nl": ("nl_NL", "nl"), "pl": ("pl_PL", "pl"),
    "pt": ("pt_BR", "pt_BR"), "ro": ("ro_RO", "ro"), "ru": ("ru_RU", "ru"), "sk": ("sk_SK", "sk"), "sl": ("sl_SI", "sl"),
    "sr": ("sr_RS", None), "sv": ("sv_SE", "sv"), "tr": ("tr_TR", None), "uk": ("uk_UA", "uk"), "vi": ("vi_VN", None),
}


def load_pairs(path, sample):
    pairs = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 2:
                pairs.append((fields[0], fields[1]))
    return pairs[:sample] if sample else pairs


def percentile(values, fraction):
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(-(-len(ordered) * fraction // 1)) - 1))
    return ordered[index]


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def score(pairs, answers, times):
    top1 = sum(1 for (_, correct), guesses in zip(pairs, answers) if guesses[:1] == [correct])
    top5 = sum(1 for (_, correct), guesses in zip(pairs, answers) if correct in guesses[:5])
    return {"top1": top1 / len(pairs), "top5": top5 / len(pairs),
            "p50Millis": percentile(times, 0.5), "p99Millis": percentile(times, 0.99)}


# --- Peers in their pipe modes ---

class Pipe:
    """A speller in a line-based pipe mode; `ask` returns the reply lines for one word."""

    def __init__(self, command, env=None):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, bufsize=0, env=env)
        self.buffer = b""

    def read_block(self, timeout=120):
        """Reads up to and including the next blank line."""
        deadline = time.time() + timeout
        while b"\n\n" not in self.buffer and not self.buffer.startswith(b"\n"):
            remaining = deadline - time.time()
            if remaining <= 0:
                raise TimeoutError("no answer from %s" % self.process.args[0])
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise EOFError("%s exited" % self.process.args[0])
                self.buffer += chunk
        if self.buffer.startswith(b"\n"):
            block, self.buffer = b"", self.buffer[1:]
        else:
            block, _, self.buffer = self.buffer.partition(b"\n\n")
        return block.decode("utf-8", "replace").split("\n")

    def ask(self, line):
        self.process.stdin.write(line.encode("utf-8") + b"\n")
        return self.read_block()

    def close(self):
        self.process.kill()
        self.process.wait()


def ispell_guesses(lines):
    for line in lines:
        if line.startswith("& "):
            return [g.strip() for g in line.split(": ", 1)[1].split(", ")]
    return []


def nuspell_guesses(lines):
    for line in lines:
        if "How about: " in line:
            return [g.strip() for g in line.split("How about: ", 1)[1].split(", ")]
    return []


def hunspell_dictionary(tag):
    bundled = os.path.join(ROOT, "dictionaries", tag)
    return bundled if os.path.exists(bundled + ".dic") else tag


def run_peer(name, pairs, tag, aspell_name):
    if name == "hunspell":
        if not shutil.which("hunspell"):
            return None
        pipe = Pipe(["hunspell", "-i", "utf-8", "-d", hunspell_dictionary(tag), "-a"],
                    env=dict(os.environ, LC_ALL="C.UTF-8"))
        ask = lambda word: ispell_guesses(pipe.ask("^" + word))
        pipe.ask("^hello")  # the banner and a warm-up
    elif name == "aspell":
        if not shutil.which("aspell") or not aspell_name:
            return None
        pipe = Pipe(["aspell", "-a", "--lang=" + aspell_name, "--sug-mode=normal", "--encoding=utf-8"])
        ask = lambda word: ispell_guesses(pipe.ask("^" + word))
        pipe.ask("^hello")
    elif name == "nuspell":
        if not shutil.which("nuspell"):
            return None
        dictionary = hunspell_dictionary(tag)
        pipe = Pipe(["nuspell", "-d", dictionary + ".aff" if "/" in dictionary else dictionary])
        ask = lambda word: nuspell_guesses(pipe.ask(word))
        ask("hello")
    else:
        raise SystemExit("unknown peer %s" % name)
    answers, times = [], []
    for typo, _ in pairs:
        start = time.perf_counter()
        answers.append(ask(typo))
        times.append((time.perf_counter() - start) * 1000)
    result = score(pairs, answers, times)
    result["rssKB"] = rss_kb(pipe.process.pid)
    pipe.close()
    return result


# --- textsvcd through its daemon ---

class Daemon:
    """A `textsvcd serve` on a private socket, with isolated XDG folders.

    The cache folder (compiled dictionaries) is shared by every run, in
    .build/bench-cache, so a daemon answers from compiled forms as it does
    once a user's dictionaries are compiled; pass cache=None for a cold one.
    """

    def __init__(self, binary, bundled=None, cache=os.path.join(ROOT, ".build", "bench-cache")):
        self.binary = binary
        self.folder = tempfile.mkdtemp(prefix="textsvcd-bench-")
        self.path = os.path.join(self.folder, "textsvcd.sock")
        env = dict(os.environ, XDG_RUNTIME_DIR=self.folder, XDG_DATA_HOME=os.path.join(self.folder, "data"),
                   XDG_CONFIG_HOME=os.path.join(self.folder, "config"),
                   XDG_CACHE_HOME=cache or os.path.join(self.folder, "cache"))
        env.pop("TEXTSVCD_SOCKET", None)
        env.pop("DICPATH", None)
        # The repository's dictionaries (en_US and the .freq files), wherever the binary is.
        env["TEXTSVCD_BUNDLED_DICTIONARIES"] = bundled or os.path.join(ROOT, "dictionaries")
        self.env = env
        self.process = subprocess.Popen([binary, "serve", "--socket", self.path], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while not os.path.exists(self.path):
            if time.time() > deadline or self.process.poll() is not None:
                raise SystemExit("textsvcd serve did not start")
            time.sleep(0.02)

    def call(self, method, params):
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(self.path)
        with connection, connection.makefile("rb") as reader:
            message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
            connection.sendall(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
            answer = json.loads(reader.readline())
        if "error" in answer:
            raise SystemExit("%s failed: %s" % (method, answer["error"]))
        return answer["result"]

    def close(self):
        try:
            self.call("shutdown", {})
        except (OSError, ValueError, SystemExit):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def bench_binary(textsvcd):
    return os.path.join(os.path.dirname(textsvcd), "textsvcd-bench")


def run_textsvcd(binary, path, pairs, tag, prefixes, bundled=None):
    """textsvcd's row: `textsvcd-bench suggest --socket` against a fresh daemon (the one measuring path).

    textsvcd-bench warms up (a check, a completion and a guess: loading and
    indexing the dictionary), then times each `spell.guesses` request (limit
    5) as a client sees it, then completions of 2-4 letter prefixes; the
    daemon's own p50 and p99 come from its `stats` method and include the
    warm-up.
    """
    daemon = Daemon(binary, bundled)
    try:
        command = [bench_binary(binary), "suggest", "--socket", daemon.path, "--json", "--typos", path,
                   "--lang", tag, "--sample", str(len(pairs)), "--prefixes", str(prefixes)]
        run = subprocess.run(command, capture_output=True, text=True, env=daemon.env)
        if run.returncode != 0:
            raise SystemExit("textsvcd-bench suggest failed for %s: %s" % (tag, run.stderr.strip()))
        result = json.loads(run.stdout.strip().splitlines()[-1])
        stats = daemon.call("stats", {})["methods"].get("spell.guesses", {})
        result.update({"daemonP50Millis": stats.get("p50Micros", 0) / 1000,
                       "daemonP99Millis": stats.get("p99Micros", 0) / 1000,
                       "warmUpMillis": result.get("buildMillis", 0)})
        return result
    finally:
        daemon.close()


def english_only_bundle():
    """A bundled-dictionaries folder with en_US and en.freq only: every other language loses its .freq file."""
    folder = tempfile.mkdtemp(prefix="textsvcd-bundle-")
    for name in ("en_US.aff", "en_US.dic", "en.freq"):
        os.symlink(os.path.join(ROOT, "dictionaries", name), os.path.join(folder, name))
    return folder


# --- The English in-process figures (completions and memory), as before ---

def run_in_process(args):
    pairs = load_pairs(args.typos or os.path.join(DATA, "typos-en.tsv"), args.sample)
    typos = args.typos or os.path.join(DATA, "typos-en.tsv")
    env = dict(os.environ, DICPATH=os.path.join(ROOT, "dictionaries"))
    command = [bench_binary(args.textsvcd), "suggest", "--no-daemon", "--json", "--typos", typos, "--lang", "en_US",
               "--sample", str(len(pairs))]
    own = json.loads(subprocess.run(command, check=True, capture_output=True, text=True, env=env)
                     .stdout.strip().splitlines()[-1])
    rows = [("textsvcd", own)]
    for name in [p for p in args.peers.split(",") if p]:
        result = run_peer(name, pairs, "en_US", "en_US")
        if result is not None:
            rows.append((name, result))
    print("Guesses for %d misspellings from %s (en_US), one word at a time, in process:" % (
        len(pairs), os.path.relpath(typos, ROOT)))
    print()
    print("| speller | first guess right | right in top 5 | median ms/word | p99 ms/word |")
    print("|---|---:|---:|---:|---:|")
    for name, r in rows:
        print("| %s | %.1f%% | %.1f%% | %.3f | %.3f |" % (name, r["top1"] * 100, r["top5"] * 100, r["p50Millis"],
                                                       r["p99Millis"]))
    print()
    print("Completions (textsvcd, %d prefixes of 2-4 letters, limit 10): median %.3f ms, p99 %.3f ms."
          % (own["completionPrefixes"], own["completionP50Millis"], own["completionP99Millis"]))
    print("Index build on first use (word forms, frequencies, deletion index): %.0f ms." % own["buildMillis"])
    hunspell = dict(rows).get("hunspell")
    line = "Resident memory: textsvcd with en_US and its indexes loaded %.1f MB" % (own["rssKB"] / 1024)
    if hunspell:
        line += "; one `hunspell -d en_US` process %.1f MB; ratio %.2f (target at most 3)." % (
            hunspell["rssKB"] / 1024, own["rssKB"] / hunspell["rssKB"])
    print(line)


# --- Main ---

def sets(args):
    """(language, tag, aspell name, path) for each typo set to run."""
    if args.typos:
        tag = args.lang or "en_US"
        language = tag.split("_")[0]
        return [(language, tag, TAGS.get(language, (tag, None))[1], args.typos)]
    available = {}
    for path in sorted(glob.glob(os.path.join(DATA, "typos-*-%s.tsv" % args.set))):
        language = os.path.basename(path)[len("typos-"):-len("-%s.tsv" % args.set)]
        available[language] = path
    wanted = args.langs.split(",") if args.langs else sorted(available)
    chosen = []
    for language in wanted:
        if language not in available or language not in TAGS:
            raise SystemExit("no %s set for %s in %s" % (args.set, language, DATA))
        tag, aspell_name = TAGS[language]
        chosen.append((language, tag, aspell_name, available[language]))
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--set", choices=["measure", "tune"], default="measure")
    parser.add_argument("--langs", help="comma-separated set names (de, fr, en, en-real...); default: every set")
    parser.add_argument("--sample", type=int, default=500, help="the first N pairs of each set (0: all; default 500)")
    parser.add_argument("--peers", default="hunspell,aspell", help="any of hunspell, aspell, nuspell")
    parser.add_argument("--without-frequencies", action="store_true",
                        help="add a textsvcd row with no frequency file for any language but English")
    parser.add_argument("--bundled", metavar="FOLDER",
                        help="add a textsvcd row whose bundled dictionaries folder is FOLDER (other .freq files, say)")
    parser.add_argument("--typos", help="one misspelling<TAB>correct file instead of the sets")
    parser.add_argument("--lang", help="its dictionary tag (default en_US)")
    parser.add_argument("--in-process", action="store_true",
                        help="the English figures in process (`textsvcd-bench suggest --no-daemon`): completions, memory")
    parser.add_argument("--prefixes", type=int, default=500, help="completion prefixes timed per language (default 500)")
    parser.add_argument("--json", help="also write every figure to this file")
    args = parser.parse_args()
    if not os.access(args.textsvcd, os.X_OK):
        raise SystemExit("no textsvcd at %s (run bench/suggest.sh, which builds it)" % args.textsvcd)
    if args.in_process:
        run_in_process(args)
        return

    started = time.strftime("%Y-%m-%d %H:%M")
    load_start = os.getloadavg()[0]
    bundle = english_only_bundle() if args.without_frequencies else None
    peers = [p for p in args.peers.split(",") if p]
    results = []
    for language, tag, aspell_name, path in sets(args):
        pairs = load_pairs(path, args.sample)
        row = {"set": language, "tag": tag, "pairs": len(pairs), "file": os.path.relpath(path, ROOT)}
        row["textsvcd"] = run_textsvcd(args.textsvcd, path, pairs, tag, args.prefixes)
        if bundle:
            row["textsvcd, no .freq"] = run_textsvcd(args.textsvcd, path, pairs, tag, args.prefixes, bundle)
        if args.bundled:
            row["textsvcd, " + args.bundled] = run_textsvcd(args.textsvcd, path, pairs, tag, args.prefixes, args.bundled)
        for peer in peers:
            result = run_peer(peer, pairs, tag, aspell_name)
            if result is not None:
                row[peer] = result
        row["load"] = os.getloadavg()[0]
        results.append(row)
        print("%s: %s" % (language, ", ".join("%s %.1f%%" % (k, v["top1"] * 100) for k, v in row.items()
                                               if isinstance(v, dict))), file=sys.stderr, flush=True)
    if bundle:
        shutil.rmtree(bundle, ignore_errors=True)

    spellers = (["textsvcd"] + (["textsvcd, no .freq"] if bundle else [])
                + (["textsvcd, " + args.bundled] if args.bundled else []) + peers)
    print("Suggestion benchmark, %s set, run %s on %d cores; load average %.1f at the start, %.1f at the end."
          % (args.set, started, os.cpu_count(), load_start, os.getloadavg()[0]))
    print("textsvcd: %s" % args.textsvcd)
    print()
    print("First guess right / right in the top 5:")
    print()
    print("| set | dictionary | pairs | " + " | ".join(spellers) + " |")
    print("|---|---|---:|" + "---:|" * len(spellers))
    for row in results:
        cells = ["%.1f%% / %.1f%%" % (row[s]["top1"] * 100, row[s]["top5"] * 100) if s in row else "-" for s in spellers]
        print("| %s | %s | %d | %s |" % (row["set"], row["tag"], row["pairs"], " | ".join(cells)))
    print()
    print("Time per word in ms, median / p99 (textsvcd: client round trip; daemon: its own `stats`, warm-up included;")
    print("completion: textsvcd's `spell.complete` for 2-4 letter prefixes, limit 10):")
    print()
    print("| set | textsvcd | textsvcd daemon | completion | warm-up | " + " | ".join(spellers[1:]) + " |")
    print("|---|---:|---:|---:|---:|" + "---:|" * len(spellers[1:]))
    for row in results:
        own = row["textsvcd"]
        cells = ["%.2f / %.2f" % (row[s]["p50Millis"], row[s]["p99Millis"]) if s in row else "-" for s in spellers[1:]]
        print("| %s | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.0f | %s |" % (
            row["set"], own["p50Millis"], own["p99Millis"], own["daemonP50Millis"], own["daemonP99Millis"],
            own.get("completionP50Millis", 0), own.get("completionP99Millis", 0), own["warmUpMillis"],
            " | ".join(cells)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"started": started, "set": args.set, "rows": results}, out, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
