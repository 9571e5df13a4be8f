#!/usr/bin/env python3
"""Flags that `--lang auto` puts in the wrong language, in folders written in one language.

Usage: monolingual.py TEXTSVCD FOLDER:TAG [FOLDER:TAG ...] [--cache DIR]

For each folder (a whole tree written in one language, such as a project's
English docs/), runs `textsvcd check --no-daemon --guesses 0 --format json`
with `--lang auto` and with `--lang TAG`, and counts the flags by the
language they were checked in. Every flag of another language is a range
the detection gave to the wrong language: its words were checked in a
dictionary that does not hold them, and the same text's real misspellings
were not looked for. A perfect detection gives the same flags both ways.
"""
import argparse, collections, json, os, subprocess


def flags(binary, folder, lang, env):
    result = subprocess.run([binary, "check", "--no-daemon", "--guesses", "0", "--format", "json", "--lang", lang, "."],
                            cwd=folder, capture_output=True, env=env)
    if result.returncode not in (0, 1):
        raise SystemExit(f"{binary} failed in {folder}: {result.stderr.decode()[:400]}")
    found = []
    for line in result.stdout.decode().splitlines():
        record = json.loads(line)
        found.append((record["path"], record["word"], record.get("language", lang)))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary"), parser.add_argument("folders", nargs="+")
    parser.add_argument("--cache")
    args = parser.parse_args()
    env = dict(os.environ)
    if args.cache:
        env["XDG_CACHE_HOME"] = args.cache
    print("| folder | language | flags, language given | flags, auto | of them in another language | distinct files with one |")
    print("|---|---|---:|---:|---:|---:|")
    for item in args.folders:
        folder, tag = item.rsplit(":", 1)
        given = flags(args.binary, folder, tag, env)
        auto = flags(args.binary, folder, "auto", env)
        wrong = [flag for flag in auto if flag[2] != tag]
        print(f"| {folder} | {tag} | {len(given)} | {len(auto)} | {len(wrong)} | {len({f for f, _, _ in wrong})} |")
        for language, count in collections.Counter(language for _, _, language in wrong).most_common():
            print(f"|  | {language} | | | {count} | |")


if __name__ == "__main__":
    main()
