#!/usr/bin/env python3
"""Flags that `--lang auto` puts in the wrong language, in folders written in one language.

Usage: monolingual.py TEXTSVCD FOLDER:TAG [FOLDER:TAG ...] [--cache DIR] [--details FILE]

For each folder (a whole tree written in one language, such as a project's
English docs/), runs `textsvcd check --no-daemon --guesses 0 --format json`
with `--lang auto` and with `--lang TAG`, and counts the flags by the
language they were checked in. Every flag of another language is a range
the detection gave to the wrong language: its words were checked in a
dictionary that does not hold them, and the same text's real misspellings
were not looked for. A perfect detection gives the same flags both ways.
`--details FILE` writes each such flag (folder, path, line, word, the
language it was checked in, and its line of text) to FILE as JSON lines.
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
        found.append((record["path"], record["word"], record.get("language", lang), record["line"]))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary"), parser.add_argument("folders", nargs="+")
    parser.add_argument("--cache")
    parser.add_argument("--details")
    args = parser.parse_args()
    env = dict(os.environ)
    if args.cache:
        env["XDG_CACHE_HOME"] = args.cache
    details = open(args.details, "w") if args.details else None
    print("| folder | language | flags, language given | flags, auto | of them in another language | distinct files with one |")
    print("|---|---|---:|---:|---:|---:|")
    for item in args.folders:
        folder, tag = item.rsplit(":", 1)
        given = flags(args.binary, folder, tag, env)
        auto = flags(args.binary, folder, "auto", env)
        wrong = [flag for flag in auto if flag[2] != tag]
        print(f"| {folder} | {tag} | {len(given)} | {len(auto)} | {len(wrong)} | {len({flag[0] for flag in wrong})} |", flush=True)
        for language, count in collections.Counter(flag[2] for flag in wrong).most_common():
            print(f"|  | {language} | | | {count} | |", flush=True)
        if details:
            for path, word, language, line in wrong:
                with open(os.path.join(folder, path), encoding="utf-8", errors="replace") as file:
                    text = file.read().split("\n")[line - 1]
                details.write(json.dumps({"folder": folder, "path": path, "line": line, "word": word, "language": language,
                                          "text": text}, ensure_ascii=False) + "\n")
            details.flush()


if __name__ == "__main__":
    main()
