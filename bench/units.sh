#!/usr/bin/env bash
# Throughput of `textsvcd tokenize --by word` and `textsvcd find` against a raw
# ICU loop in C (bench/icu-units/icu_units.c) over the same bytes, side by side
# in one hyperfine run.
#
#   bench/units.sh [CORPUS]      default corpus: the fortunes files (about 2.6 MB of English)
#   PATTERN='...' bench/units.sh  the regex to search for (default: \b[Tt]he\b)
#   RUNS=10 bench/units.sh        runs per command (default 5)
#
# Needs gcc, pkg-config, libicu-dev, hyperfine and python3. Builds textsvcd in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
pattern=${PATTERN:-'\b[Tt]he\b'}
runs=${RUNS:-5}

corpus=${1:-}
if [ -z "$corpus" ]; then
    corpus=$out/corpus.txt
    fortunes=/usr/share/games/fortunes
    if [ ! -d "$fortunes" ]; then
        echo "no corpus given and $fortunes is missing (apt-get install fortunes)" >&2
        exit 2
    fi
    find "$fortunes" -maxdepth 1 -type f ! -name '*.dat' | LC_ALL=C sort | xargs cat > "$corpus"
fi

echo "== building (release)" >&2
scripts/release-build --product textsvcd >&2
bin="$(swift build -c release --show-bin-path)/textsvcd"
gcc -O2 -Wall -o "$out/icu_units" bench/icu-units/icu_units.c $(pkg-config --cflags --libs icu-i18n icu-uc)
icu="$out/icu_units"

echo "== checking that both sides do the same work" >&2
"$icu" words-print "$corpus" > "$out/icu-words.txt"
"$bin" tokenize --no-daemon --by word "$corpus" > "$out/textsvcd-words.txt"
if cmp -s "$out/icu-words.txt" "$out/textsvcd-words.txt"; then
    words_check="identical token lines ($(wc -l < "$out/icu-words.txt") tokens)"
else
    words_check="TOKEN OUTPUT DIFFERS (see $out/icu-words.txt and $out/textsvcd-words.txt)"
fi
icu_lines=$("$icu" find-print "$pattern" "$corpus" | wc -l)
svcd_lines=$("$bin" find --no-daemon "$pattern" "$corpus" | wc -l)
if [ "$icu_lines" = "$svcd_lines" ]; then
    find_check="same matching lines ($icu_lines)"
else
    find_check="MATCHING LINES DIFFER: ICU $icu_lines, textsvcd $svcd_lines"
fi

echo "== timing" >&2
hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$out/units.json" \
    -n "ICU C loop: word breaks, count" "$icu words $corpus" \
    -n "ICU C loop: word breaks, one token a line" "$icu words-print $corpus" \
    -n "textsvcd tokenize --by word" "$bin tokenize --no-daemon --by word $corpus" \
    -n "textsvcd tokenize --by word --format json" "$bin tokenize --no-daemon --by word --format json $corpus" \
    -n "ICU C loop: regex findNext, count" "$icu find '$pattern' $corpus" \
    -n "ICU C loop: regex, matching lines" "$icu find-print '$pattern' $corpus" \
    -n "textsvcd find" "$bin find --no-daemon '$pattern' $corpus" >&2

python3 - "$out/units.json" "$corpus" "$pattern" "$words_check" "$find_check" <<'PY'
import json, os, sys
results = json.load(open(sys.argv[1]))["results"]
size = os.path.getsize(sys.argv[2])
print(f"corpus: {sys.argv[2]}, {size / 1e6:.2f} MB; pattern: {sys.argv[3]}")
print(f"tokenize check: {sys.argv[4]}; find check: {sys.argv[5]}")
print()
print("| command | mean (s) | ± (s) | MB/s | vs C loop printing |")
print("|---|---:|---:|---:|---:|")
baseline = {}
for r in results:
    name = r["command"]
    if "one token a line" in name: baseline["tokenize"] = r["mean"]
    if "matching lines" in name: baseline["find"] = r["mean"]
for r in results:
    name, mean = r["command"], r["mean"]
    group = "tokenize" if ("word" in name and "regex" not in name) else "find"
    ratio = mean / baseline[group] if group in baseline else float("nan")
    print(f"| {name} | {mean:.3f} | {r['stddev']:.3f} | {size / 1e6 / mean:.1f} | {ratio:.2f}x |")
PY
