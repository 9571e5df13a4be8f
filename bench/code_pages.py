#!/usr/bin/env python3
"""Which pages of its binary and of en_US's compiled form a daemon has mapped after N guesses, by owner and section.

Starts `textsvcd serve` as bench/daemon_memory.py does (the bundled en_US,
its compiled form in --cache), waits until start-up's pages are given back,
asks `spell.guesses` for the first N misspellings of bench/data/typos-en.tsv
and reads /proc/PID/pagemap (a page is counted when it is present):

- the binary, by ELF section (resident pages of each);
- its `.text`, `.rodata` and `.data.rel.ro`, by owner: each resident
  page's bytes shared among the symbols that cover them (`nm -S`), and each
  symbol given to an owner by its name (a Swift symbol by its module, a C
  or C++ one by its prefix or namespace; a page of many small symbols is
  shared among them all, read or not); also how many 64 KB windows hold a
  resident page and where the first and last lie;
- the compiled form (`.tsvdict`), by section of its table.

Usage: bench/code_pages.py --textsvcd BIN --cache ABSDIR [--words 1000] [--top 25]
(--words 0: the daemon as start-up and one connection leave it)
(with the binary's symbols: a release build before `strip`). Nothing else
should run the binary meanwhile (shared pages are present all the same, but
the other process's use would fault in pages this one never ran).
"""
import argparse
import bisect
import collections
import json
import os
import re
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import daemon_memory  # noqa: E402

PAGE = 4096
WINDOW = 65536
DICTIONARY_SECTIONS = {
    1: "metadata", 10: "storeBytes", 11: "storeOffsets", 12: "storeZipf", 13: "storeFlags", 14: "variantEntries",
    15: "variantBytes", 16: "variantOffsets", 17: "variantSuggestible", 18: "storeKeySlots", 20: "groupStarts",
    21: "bucketOffsets", 22: "bucketGroups", 30: "phoneticHashes", 31: "phoneticEntries", 40: "acceptSlots",
    41: "acceptBytes", 50: "rejectRules", 51: "stemSlots", 52: "stemBytes"}

OURS = {"TextServices", "TextServicesJSON", "TextServicesIO", "TextServicesProtocol", "TextServicesDaemon",
        "TextServicesCLI", "LanguageServer", "Ispell", "CheckDoor", "TOMLReader", "textsvcd", "CPlatform", "CICU"}
MODULE_OWNERS = [
    (re.compile(r"^_?NIO|^CNIO"), "swift-nio"),
    (re.compile(r"^ArgumentParser"), "swift-argument-parser"),
    (re.compile(r"^Logging$"), "swift-log"),
    (re.compile(r"^(ServiceLifecycle|UnixSignals|AsyncAlgorithms)"), "service-lifecycle, async-algorithms"),
    (re.compile(r"^SystemPackage$"), "swift-system"),
    (re.compile(r"Collections|^_RopeModule|^InternalCollectionsUtilities|^HeapModule|^DequeModule"), "swift-collections"),
    (re.compile(r"^_?Atomics"), "swift-atomics"),
    (re.compile(r"^TOMLKit$"), "TOMLKit"),
    (re.compile(r"^Foundation"), "Foundation"),
    (re.compile(r"^_FoundationICU"), "Foundation's ICU"),
    (re.compile(r"^(_StringProcessing|_RegexParser)$"), "Swift regex (_StringProcessing, _RegexParser)"),
    (re.compile(r"^(Swift|_Concurrency|_SwiftConcurrencyShims|Synchronization)$"), "Swift stdlib, concurrency"),
    (re.compile(r"^Dispatch$"), "Dispatch"),
]
C_PREFIXES = [
    (re.compile(r"^(_ZN\d*__swift|_ZN5swift|_ZNK5swift|_ZL|swift_(?!u[a-z]*_|u_)|_swift_|__swift|swift::)"), "Swift runtime"),
    (re.compile(r"^(swift_u|_ZN\w*icu_\d+|_ZNK\w*icu_\d+|icu_)"), "Foundation's ICU"),
    (re.compile(r"^(_?_?dispatch|_dispatch|_os_|_firehose|DISPATCH)"), "Dispatch"),
    (re.compile(r"^(_?_?CF|CF|_CF|__CF|objc|_objc|_NS|NS)"), "CoreFoundation"),
    (re.compile(r"^(_ZN4toml|_ZNK4toml|_ZN\w*toml)"), "TOMLKit"),
    (re.compile(r"^(CNIO|c_nio|CNIOLinux|CNIOPosix)"), "swift-nio"),
    (re.compile(r"^(_Block|block_|_Z?\w*Block)"), "BlocksRuntime"),
    (re.compile(r"^(tsv_|textsvcd_|cplatform_|cicu_)"), "ours"),
    (re.compile(r"^(_ZNSt|_ZSt|_ZNKSt|_ZN9__gnu|_Z)"), "C++ (other)"),
]


def module_of(name):
    """The Swift module a mangled symbol belongs to, or None."""
    m = re.match(r"^_?\$[sS]", name)
    if not m:
        return None
    rest = name[m.end():]
    if rest.startswith("s") or re.match(r"^S[a-zA-Z]", rest) and not rest.startswith("So"):
        return "Swift"
    if rest.startswith("So") or rest.startswith("SC"):
        return "__C"
    digits = re.match(r"^(\d+)", rest)
    if not digits:
        return "Swift"
    length = int(digits.group(1))
    return rest[len(digits.group(1)):len(digits.group(1)) + length]


def owner_of(name):
    module = module_of(name)
    if module is not None:
        if module in OURS:
            return "ours"
        for pattern, owner in MODULE_OWNERS:
            if pattern.search(module):
                return owner
        return "Swift: " + module
    for pattern, owner in C_PREFIXES:
        if pattern.search(name):
            return owner
    return "C (other)"


def symbols(binary):
    out = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwWrRdDvV":
            found.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    found.sort()
    return found


def elf_sections(binary):
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("[") or "]" not in line:
            continue
        rest = line.split("]", 1)[1].split()
        if len(rest) < 6 or rest[0] == "Name":
            continue
        name, address, size = rest[0], int(rest[2], 16), int(rest[4], 16)
        if address and size and rest[1] != "NOBITS":
            found.append((name, address, size))
    return found


def present(pid, start, end):
    with open("/proc/%d/pagemap" % pid, "rb") as handle:
        handle.seek(start // PAGE * 8)
        data = handle.read((end - start) // PAGE * 8)
    return [bool(struct.unpack_from("<Q", data, i * 8)[0] >> 63) for i in range(len(data) // 8)]


def load_base(pid, path):
    real = os.path.realpath(path)
    for line in open("/proc/%d/maps" % pid):
        parts = line.split()
        if len(parts) >= 6 and os.path.realpath(parts[5]) == real:
            start = int(parts[0].split("-")[0], 16)
            return start - int(parts[2], 16)
    return None


def attribute(resident, syms):
    """Each resident page's bytes shared among the symbols covering them: (bytes by owner, bytes by symbol)."""
    starts = [s[0] for s in syms]
    by_owner = collections.Counter()
    by_symbol = collections.Counter()
    for page in resident:
        covered = 0
        i = max(bisect.bisect_right(starts, page) - 1, 0)
        while i < len(syms) and syms[i][0] < page + PAGE:
            start, length, name = syms[i]
            overlap = min(start + length, page + PAGE) - max(start, page)
            if overlap > 0:
                by_owner[owner_of(name)] += overlap
                by_symbol[name] += overlap
                covered += overlap
            i += 1
        by_owner["(no symbol)"] += max(PAGE - covered, 0)
    return by_owner, by_symbol


def binary_report(pid, binary, syms, top):
    base = load_base(pid, binary)
    lines = ["The binary's resident pages by section:"]
    detailed = {}
    for name, address, size in elf_sections(binary):
        first, last = (base + address) // PAGE * PAGE, (base + address + size + PAGE - 1) // PAGE * PAGE
        pages = present(pid, first, last)
        if sum(pages):
            lines.append("  %-28s %6d of %6d pages (%.1f MiB)" % (name, sum(pages), len(pages), sum(pages) / 256))
        if name in (".text", ".rodata", ".data.rel.ro"):
            detailed[name] = (address, size, [first - base + i * PAGE for i, p in enumerate(pages) if p])
    for name, (address, size, resident) in detailed.items():
        by_owner, by_symbol = attribute(resident, syms)
        windows = sorted({page // WINDOW for page in resident})
        lines.append("")
        lines.append("%s: %d resident pages (%.1f MiB) in %d 64 KB windows; first at +%.1f MB, last at +%.1f MB of %.1f MB" % (
            name, len(resident), len(resident) / 256, len(windows), (resident[0] - address) / 1e6 if resident else 0,
            (resident[-1] - address) / 1e6 if resident else 0, size / 1e6))
        lines.append("Resident %s by owner (bytes of the resident pages each owner's symbols cover):" % name)
        for owner, count in by_owner.most_common():
            if count >= 4096:
                lines.append("  %-48s %7.2f MiB" % (owner, count / 1048576))
        lines.append("The %d symbols covering most resident bytes:" % top)
        for symbol, count in by_symbol.most_common(top):
            lines.append("  %6.0f KiB  %-22s %s" % (count / 1024, owner_of(symbol), symbol[:100]))
    return lines


def dictionary_report(pid):
    for line in open("/proc/%d/maps" % pid):
        parts = line.split()
        if len(parts) > 5 and parts[5].endswith(".tsvdict"):
            start, end = (int(x, 16) for x in parts[0].split("-"))
            path, offset = parts[5], int(parts[2], 16)
            break
    else:
        return ["(no compiled form mapped)"]
    pages = present(pid, start, end)
    with open(path, "rb") as handle:
        head = handle.read(64 + 64 * 32)
    lines = ["The compiled form's resident pages by section (%s):" % os.path.basename(path)]
    for i in range(struct.unpack_from("<I", head, 12)[0]):
        sid, _, where, length, _ = struct.unpack_from("<IIQQQ", head, 64 + 32 * i)
        first, last = (where - offset) // PAGE, (where - offset + length + PAGE - 1) // PAGE
        lines.append("  %-20s %6d of %6d pages" % (DICTIONARY_SECTIONS.get(sid, sid), sum(pages[first:last]), last - first))
    lines.append("  all: %d of %d pages (%.1f MiB)" % (sum(pages), len(pages), sum(pages) / 256))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--textsvcd", required=True)
    parser.add_argument("--cache", required=True, help="XDG_CACHE_HOME holding en_US's compiled form")
    parser.add_argument("--words", type=int, default=1000)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    syms = symbols(args.textsvcd)
    words = daemon_memory.misspellings(args.words) if args.words > 0 else []
    with daemon_memory.served(args.textsvcd, args.cache, "textsvcd-pages-") as (daemon, client, reader):
        time.sleep(1)
        for index, word in enumerate(words):
            request = {"jsonrpc": "2.0", "id": index, "method": "spell.guesses", "params": {"word": word}}
            client.sendall(json.dumps(request).encode() + b"\n")
            reader.readline()
        pss, rss = daemon_memory.memory(daemon.pid)
        print("After %d guesses: PSS %.1f MiB, RSS %.1f MiB" % (len(words), pss, rss))
        print("\n".join(binary_report(daemon.pid, args.textsvcd, syms, args.top)))
        print("\n".join(dictionary_report(daemon.pid)))


if __name__ == "__main__":
    main()
