#!/usr/bin/env python3
"""Memory of editor doors: N language-server sessions sharing one daemon, against N that each work alone.

For each language, side by side in one run:
  shared  a daemon, then N `textsvcd lsp` sessions (they use it)
  alone   N `textsvcd lsp --no-daemon` sessions (each loads its own dictionary and index)
Every session opens the same document of that language, gets its diagnostics
and asks for quick fixes (so guesses, and their index, are needed). Memory is
PSS (/proc/PID/smaps_rollup), which splits pages shared between processes
(the binary, the libraries, a mapped compiled dictionary) fairly among them.
Also reported: one daemon that did the same work alone, and what one thin
door costs by itself.

Usage: bench/doors.py [--textsvcd .build/release/textsvcd] [--sessions 8] [--lang en_US fr_FR]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

TEXTS = {
    "en": "The quick brwon fox jumps over the lazy dog. Speling misteaks are comon in quick notes.\n",
    "fr": "Le petit chat dort sur le tapis. Les fautes d'ortografe sont fréquantes dans les notes rapides.\n",
    "de": "Der schnelle braune Fuchs springt über den faulen Hund. Rechtschreibfeler sind häufig.\n",
    "ru": "Быстрая коричневая лиса прыгает через ленивую собаку. Ашибки бывают часто.\n",
    "pl": "Szybki brązowy lis skacze nad leniwym psem. Błendy ortograficzne są częste.\n",
}


def pss_kib(pid):
    try:
        with open("/proc/%d/smaps_rollup" % pid) as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Session:
    """One `textsvcd lsp` process driven as an editor drives it."""

    def __init__(self, binary, arguments, environment):
        self.process = subprocess.Popen([binary, "lsp"] + arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=environment)
        self.next_id = 1
        self.buffer = b""

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += os.read(self.process.stdout.fileno(), 65536)
        header, rest = self.buffer.split(b"\r\n\r\n", 1)
        length = int([line for line in header.split(b"\r\n") if line.lower().startswith(b"content-length")][0].split(b":")[1])
        while len(rest) < length:
            rest += os.read(self.process.stdout.fileno(), 65536)
        self.buffer = rest[length:]
        return json.loads(rest[:length])

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == ident:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def work(self, language, text):
        self.request("initialize", {"capabilities": {}, "initializationOptions": {"languages": [language]}})
        self.notify("initialized", {})
        self.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///tmp/doc.txt", "languageId": "plaintext",
                                                               "version": 1, "text": text}})
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics":
                diagnostics = message["params"]["diagnostics"]
                break
        for diagnostic in diagnostics[:3]:
            self.request("textDocument/codeAction", {"textDocument": {"uri": "file:///tmp/doc.txt"},
                                                     "range": diagnostic["range"], "context": {"diagnostics": []}})
        return len(diagnostics)

    def finish(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=30)


def environment(root):
    env = dict(os.environ)
    for key in ["TEXTSVCD_SOCKET", "DICPATH", "LISTEN_PID", "LISTEN_FDS"]:
        env.pop(key, None)
    for folder in ["run", "data", "state", "cache", "home"]:
        os.makedirs(os.path.join(root, folder), exist_ok=True)
    env.update(XDG_RUNTIME_DIR=root + "/run", XDG_DATA_HOME=root + "/data", XDG_STATE_HOME=root + "/state",
               XDG_CACHE_HOME=root + "/cache", HOME=root + "/home")
    return env


def run_sessions(binary, arguments, env, count, language, text):
    sessions = [Session(binary, arguments, env) for _ in range(count)]
    found = [session.work(language, text) for session in sessions]
    pids = [session.process.pid for session in sessions]
    doors = [pss_kib(pid) for pid in pids]
    return sessions, found, doors


def daemon_pid(env):
    lock = os.path.join(env["XDG_RUNTIME_DIR"], "textsvcd", "textsvcd.sock.lock")
    with open(lock) as handle:
        return int(handle.read().strip())


def measure(binary, language, count, cache):
    text = TEXTS[language.split("_")[0]]
    results = {}
    with tempfile.TemporaryDirectory(prefix="textsvcd-doors-") as root:
        env = environment(root)
        if cache:
            env["XDG_CACHE_HOME"] = cache
        # One daemon doing the work of one session, alone: the yardstick.
        serve = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        one, found, _ = run_sessions(binary, [], env, 1, language, text)
        results["oneDaemonKiB"] = pss_kib(serve.pid)
        for session in one:
            session.finish()
        shared, found, doors = run_sessions(binary, [], env, count, language, text)
        results["misspellings"] = found[0]
        results["sharedDoorsKiB"] = sum(doors)
        results["sharedDaemonKiB"] = pss_kib(serve.pid)
        results["sharedTotalKiB"] = results["sharedDoorsKiB"] + results["sharedDaemonKiB"]
        results["oneDoorKiB"] = doors[0]
        for session in shared:
            session.finish()
        serve.terminate()
        serve.wait(timeout=30)
        alone, found, doors = run_sessions(binary, ["--no-daemon"], env, count, language, text)
        results["aloneTotalKiB"] = sum(doors)
        for session in alone:
            session.finish()
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--textsvcd", default=os.path.join(ROOT, ".build", "release", "textsvcd"))
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--lang", nargs="+", default=["en_US", "fr_FR"])
    parser.add_argument("--cache", help="XDG_CACHE_HOME to use (compiled dictionaries made beforehand)")
    args = parser.parse_args()
    if not os.access(args.textsvcd, os.X_OK):
        sys.exit("no textsvcd at %s (swift build -c release)" % args.textsvcd)
    print("Memory (PSS) of %d editor sessions of `textsvcd lsp` (%s), load %s" % (
        args.sessions, time.strftime("%Y-%m-%d"), open("/proc/loadavg").read().split()[0]))
    print()
    print("| language | %d doors + daemon | %d doors alone | alone / shared | one daemon doing one session's work | shared / one daemon | one thin door |" % (args.sessions, args.sessions))
    print("|---|---:|---:|---:|---:|---:|---:|")
    for language in args.lang:
        r = measure(args.textsvcd, language, args.sessions, args.cache)
        mib = lambda kib: "%.1f MiB" % (kib / 1024)
        print("| %s | %s | %s | %.1fx | %s | %.2fx | %s |" % (
            language, mib(r["sharedTotalKiB"]), mib(r["aloneTotalKiB"]), r["aloneTotalKiB"] / r["sharedTotalKiB"],
            mib(r["oneDaemonKiB"]), r["sharedTotalKiB"] / r["oneDaemonKiB"], mib(r["oneDoorKiB"])))


if __name__ == "__main__":
    main()
