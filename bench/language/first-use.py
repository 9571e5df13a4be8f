#!/usr/bin/env python3
"""A fresh user's first `check --lang auto`: without and with an install's compiled language model.

Usage: first-use.py TEXTSVCD FILE [--rounds 3] [--bundled DIR]

Compiles the model of every bundled word list into a temporary folder (as
scripts/install does, `dictionaries compile --language-model`), then runs,
in turn, a fresh user (empty cache) checking FILE with `--no-daemon --lang
auto --guesses 0` without that folder and with it (`TEXTSVCD_SYSTEM_COMPILED`).
Prints wall and CPU time, the flags, and whether the user's cache got a model
of its own. Background compiles the runs start are stopped after each run.
"""

import argparse
import os
import resource
import shutil
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def stop_background_compiles():
    subprocess.run(["pkill", "-f", "dictionaries compile --queue"], stderr=subprocess.DEVNULL)


def fresh_run(binary, file, bundled, system, scratch):
    stop_background_compiles()
    home = os.path.join(scratch, "home")
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(os.path.join(home, "run"), mode=0o700)
    environment = dict(os.environ, HOME=home, XDG_CACHE_HOME=home + "/.cache", XDG_RUNTIME_DIR=home + "/run",
                       TEXTSVCD_BUNDLED_DICTIONARIES=bundled, TEXTSVCD_SYSTEM_COMPILED=system)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    output = subprocess.run([binary, "check", "--no-daemon", "--lang", "auto", "--guesses", "0", "--format", "json", file],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment).stdout
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cache = os.path.join(home, ".cache", "textsvcd")
    built = [name for name in os.listdir(cache) if name.endswith(".tsvlang")] if os.path.isdir(cache) else []
    stop_background_compiles()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, len(output.splitlines()), len(built)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("file")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bundled", default=os.path.join(ROOT, "dictionaries"))
    arguments = parser.parse_args()
    binary, file = os.path.abspath(arguments.binary), os.path.abspath(arguments.file)
    with tempfile.TemporaryDirectory(prefix="textsvcd-first-use-") as scratch:
        system = os.path.join(scratch, "compiled")
        os.makedirs(system)
        environment = dict(os.environ, TEXTSVCD_BUNDLED_DICTIONARIES=arguments.bundled)
        started = time.perf_counter()
        compiled = subprocess.run([binary, "dictionaries", "compile", "--language-model", "--compiled-folder", system],
                                  capture_output=True, text=True, env=environment, check=True)
        print(f"{compiled.stdout.strip()} (wall {time.perf_counter() - started:.1f} s)")
        print(f"load average {os.getloadavg()[0]:.1f}")
        print("| run | wall s | CPU s | flags | models built in the user's cache |")
        print("|---|---:|---:|---:|---:|")
        for _ in range(arguments.rounds):
            for label, folder in [("no install model", os.path.join(scratch, "none")), ("the install's model", system)]:
                wall, cpu, flags, built = fresh_run(binary, file, arguments.bundled, folder, scratch)
                print(f"| {label} | {wall:.2f} | {cpu:.2f} | {flags} | {built} |")
        print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
