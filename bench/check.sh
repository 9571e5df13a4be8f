#!/usr/bin/env bash
# Compares `textsvcd check --format list` with `hunspell -l` (and `aspell list`)
# on the same prose, side by side in one run: agreement and throughput.
# Usage: bench/check.sh [FILE]   (default: Debian's fortunes, about 2.6 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/release-build >/dev/null
textsvcd=.build/release/textsvcd
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus=${1:-}
if [ -z "$corpus" ]; then
  corpus=$work/fortunes.txt
  # The English packages' files only: fortunes-it and others install into the same folder.
  dpkg -L fortunes fortunes-min | grep '^/usr/share/games/fortunes/' | grep -v '\.dat$\|\.u8$' | while read -r f; do
    if [ -f "$f" ] && [ ! -L "$f" ]; then echo "$f"; fi
  done | sort | xargs cat > "$corpus"
fi
dic=dictionaries/en_US
bytes=$(wc -c < "$corpus")
echo "corpus: $corpus ($bytes bytes, $(wc -w < "$corpus") words)"

# Median wall time of 3 runs, in seconds.
time_it() {
  local times=()
  for _ in 1 2 3; do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}

hunspell -d "$dic" -l "$corpus" > "$work/hunspell.txt"
"$textsvcd" check --no-daemon --format list "$corpus" > "$work/textsvcd.txt" || [ $? -eq 1 ]
h_total=$(wc -l < "$work/hunspell.txt"); t_total=$(wc -l < "$work/textsvcd.txt")
sort -u "$work/hunspell.txt" > "$work/h.u"; sort -u "$work/textsvcd.txt" > "$work/t.u"
only_h=$(comm -23 "$work/h.u" "$work/t.u"); only_t=$(comm -13 "$work/h.u" "$work/t.u")
only_h_digits=$(printf '%s\n' "$only_h" | grep -c '[0-9]' || true)
echo
echo "## Agreement with hunspell -l (same dictionary: $dic)"
echo "misspellings reported: hunspell $h_total, textsvcd $t_total"
echo "distinct words: hunspell $(wc -l < "$work/h.u"), textsvcd $(wc -l < "$work/t.u")"
echo "reported by hunspell only: $(printf '%s' "$only_h" | grep -c . || true) distinct ($only_h_digits contain digits)"
echo "  without digits: $(printf '%s\n' "$only_h" | grep -v '[0-9]' | tr '\n' ' ')"
echo "reported by textsvcd only: $(printf '%s' "$only_t" | grep -c . || true) distinct: $(printf '%s\n' "$only_t" | tr '\n' ' ')"

echo
echo "## Throughput (median of 3 runs, wall time)"
h=$(time_it hunspell -d "$dic" -l "$corpus")
t=$(time_it "$textsvcd" check --no-daemon --format list "$corpus")
printf '%-36s %8.3f s  %7.1f MB/s\n' "hunspell -l" "$h" "$(echo "$bytes / $h / 1000000" | bc -l)"
if command -v aspell >/dev/null; then
  a=$(time_it sh -c "aspell --lang=en_US list < '$corpus'")
  printf '%-36s %8.3f s  %7.1f MB/s\n' "aspell list" "$a" "$(echo "$bytes / $a / 1000000" | bc -l)"
fi
printf '%-36s %8.3f s  %7.1f MB/s\n' "textsvcd check --format list" "$t" "$(echo "$bytes / $t / 1000000" | bc -l)"
printf 'textsvcd is %.1fx faster than hunspell -l' "$(echo "$h / $t" | bc -l)"
[ -n "${a:-}" ] && printf ', %.2fx the speed of aspell list' "$(echo "$a / $t" | bc -l)"
echo

# The same through a running daemon (dictionary loaded and caches warm from one earlier run).
export XDG_RUNTIME_DIR=$work/run XDG_DATA_HOME=$work/data
mkdir -p "$XDG_RUNTIME_DIR"
"$textsvcd" serve 2>/dev/null &
daemon=$!
for _ in $(seq 1 100); do [ -S "$XDG_RUNTIME_DIR/textsvcd/textsvcd.sock" ] && break; sleep 0.05; done
"$textsvcd" check --format list "$corpus" > /dev/null || true
d=$(time_it "$textsvcd" check --format list "$corpus")
printf '%-36s %8.3f s  %7.1f MB/s  (%.1fx hunspell -l)\n' "textsvcd check, running daemon" "$d" \
  "$(echo "$bytes / $d / 1000000" | bc -l)" "$(echo "$h / $d" | bc -l)"

echo
echo "## Start-up: one short line (median of 3 runs)"
printf 'The quick brown fox jumpd over the lazy dog.\n' > "$work/small.txt"
hs=$(time_it hunspell -d "$dic" -l "$work/small.txt")
ds=$(time_it "$textsvcd" check --format list "$work/small.txt")
"$textsvcd" call shutdown > /dev/null
wait "$daemon" 2>/dev/null || true
ns=$(time_it "$textsvcd" check --no-daemon --format list "$work/small.txt")
printf '%-36s %8.3f s\n' "hunspell -l" "$hs" "textsvcd check --no-daemon" "$ns" "textsvcd check, running daemon" "$ds"
