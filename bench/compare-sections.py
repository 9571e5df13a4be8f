#!/usr/bin/env python3
"""Which sections two compiled dictionaries (.tsvdict) differ in, by the checksums in their section tables.

Usage: bench/compare-sections.py A.tsvdict B.tsvdict      or      bench/compare-sections.py DIR_A DIR_B
(two folders: every TAG.tsvdict in both, as bench/compile.sh's COMPILE_KEEP leaves them).
The metadata always differs (it holds the time of compiling); the reject index's rules and stems
(rejectRules, stemSlots, stemBytes) may differ between two runs of one binary (their order is not
fixed). Every other section equal means the same accepted spellings, store and guess indexes.
"""
import os, struct, sys

NAMES = {1: "metadata", 10: "storeBytes", 11: "storeOffsets", 12: "storeZipf", 13: "storeFlags", 14: "variantEntries",
         15: "variantBytes", 16: "variantOffsets", 17: "variantSuggestible", 18: "storeKeySlots", 20: "groupStarts",
         21: "bucketOffsets", 22: "bucketGroups", 30: "phoneticHashes", 31: "phoneticEntries", 40: "acceptSlots",
         41: "acceptBytes", 50: "rejectRules", 51: "stemSlots", 52: "stemBytes"}


def sections(path):
    with open(path, "rb") as f:
        head = f.read(64 + 64 * 32)
    count = struct.unpack_from("<I", head, 12)[0]
    table = {}
    for i in range(count):
        sid, _, _, length, checksum = struct.unpack_from("<IIQQQ", head, 64 + 32 * i)
        table[sid] = (length, checksum)
    return table


def compare(a, b):
    x, y = sections(a), sections(b)
    return [NAMES.get(k, str(k)) for k in sorted(set(x) | set(y)) if x.get(k) != y.get(k)]


a, b = sys.argv[1], sys.argv[2]
if os.path.isdir(a):
    for name in sorted(set(os.listdir(a)) & set(os.listdir(b))):
        if name.endswith(".tsvdict"):
            print(f"{name[:-8]}: differing sections: {', '.join(compare(os.path.join(a, name), os.path.join(b, name))) or 'none'}")
else:
    print(f"differing sections: {', '.join(compare(a, b)) or 'none'}")
