#!/usr/bin/env python3
"""Splits folders of real text into a tuning half and a measurement half, file by file, by a fixed hash.

Usage: halves.py SRC OUT

Every file under SRC/FOLDER/ goes to OUT/tune/FOLDER/ when the first hex
digit of the SHA-1 of "FOLDER/PATH" (PATH relative to SRC/FOLDER, UTF-8) is
0-7, else to OUT/measure/FOLDER/, keeping its path. The split depends only
on the names, so it is fixed before any result is read, and a file keeps
its half when files are added.
"""
import hashlib, os, shutil, sys


def main():
    source, out = sys.argv[1], sys.argv[2]
    counts = {}
    for folder in sorted(os.listdir(source)):
        root = os.path.join(source, folder)
        if not os.path.isdir(root):
            continue
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                path = os.path.relpath(os.path.join(directory, name), root)
                digit = hashlib.sha1(f"{folder}/{path}".encode()).hexdigest()[0]
                half = "tune" if digit in "01234567" else "measure"
                target = os.path.join(out, half, folder, path)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(os.path.join(directory, name), target)
                counts[(folder, half)] = counts.get((folder, half), 0) + 1
    for folder in sorted({folder for folder, _ in counts}):
        print(f"{folder}: tune {counts.get((folder, 'tune'), 0)}, measure {counts.get((folder, 'measure'), 0)} files")


if __name__ == "__main__":
    main()
