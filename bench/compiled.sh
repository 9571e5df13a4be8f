#!/usr/bin/env bash
# Compiled dictionaries, side by side in one run (release build):
#   1. compile time, file size and peak memory per language;
#   2. checking the fortunes of each language (`dpkg -L`, not a glob): agreement with
#      `hunspell -l`, then the median of 3 wall-clock runs of hunspell -l, textsvcd with and
#      without its compiled form (TEXTSVCD_NO_COMPILED=1), aspell list (English), and for
#      English textsvcd through a running daemon;
#   3. first guess in a fresh process (bench/first_guess.py): textsvcd's ispell pipe beside hunspell -a.
# Usage: bench/compiled.sh            (compiles into a temporary cache)
#        TEXTSVCD_BENCH_CACHE=DIR bench/compiled.sh   (reuses compiled forms in DIR/textsvcd)
#        COMPILE_TAGS="en_US de_DE ..." COMPILE_TIMEOUT=SECONDS COMPILE_ONLY=1 bench/compiled.sh
#          (which languages part 1 compiles, the time each may take before it is reported as not finished,
#          and stopping after part 1; the load average is printed with each language)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/release-build --product textsvcd >&2
textsvcd=$(swift build -c release --show-bin-path)/textsvcd
work=$(mktemp -d)
daemon=
trap '[ -n "$daemon" ] && kill "$daemon" 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CACHE_HOME=${TEXTSVCD_BENCH_CACHE:-$work/cache} XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/run
mkdir -p "$XDG_RUNTIME_DIR"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

median3() { # command... -> median wall seconds of 3 runs
  local times=()
  for _ in 1 2 3; do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}

echo
echo "## Compiling (textsvcd dictionaries compile, one language at a time)"
echo "| language | seconds | file | peak RSS | peak / file | forms accepted / expanded | load average |"
echo "|---|---:|---:|---:|---:|---|---|"
for tag in ${COMPILE_TAGS:-en_US de_DE fr_FR pl_PL ru_RU it_IT}; do
  if [ -n "${TEXTSVCD_BENCH_CACHE:-}" ] && "$textsvcd" dictionaries list | grep -q "^$tag .*compiled: ready"; then
    echo "| $tag | (reused) | $("$textsvcd" dictionaries list | grep "^$tag " | sed 's/.*ready, \([0-9.]* MB\).*/\1/') | | |"
    continue
  fi
  load=$(cut -d' ' -f1 /proc/loadavg)
  if ! timeout "${COMPILE_TIMEOUT:-600}" /usr/bin/time -f '%M' -o "$work/rss" \
       "$textsvcd" dictionaries compile --force --format json "$tag" > "$work/compile.json"; then
    echo "| $tag | not finished in ${COMPILE_TIMEOUT:-600} s | | | | | $load-$(cut -d' ' -f1 /proc/loadavg) |"
    continue
  fi
  python3 - "$work/compile.json" "$(tail -n 1 "$work/rss")" "$tag" "$load-$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import json, sys
report = json.loads(open(sys.argv[1]).read().splitlines()[-1])
peak = int(sys.argv[2]) * 1024
print(f"| {sys.argv[3]} | {report['seconds']:.1f} | {report['bytes'] / 1e6:.1f} MB | {peak / 1e6:.0f} MB | "
      f"{peak / report['bytes']:.1f}x | {report['acceptedForms']:,} / {report['expandedForms']:,} | {sys.argv[4]} |")
PY
done
[ "${COMPILE_ONLY:-0}" = 1 ] && exit 0

corpus() { # packages... -> the files they install under /usr/share/games/fortunes, concatenated
  dpkg -L "$@" | grep '^/usr/share/games/fortunes/' | grep -v '\.dat$\|\.u8$' | while read -r f; do
    if [ -f "$f" ] && [ ! -L "$f" ]; then echo "$f"; fi
  done | sort | xargs cat
}
corpus fortunes fortunes-min > "$work/en_US.txt"
corpus fortunes-de > "$work/de_DE.txt"
corpus fortunes-ru > "$work/ru_RU.txt"
corpus fortunes-it > "$work/it_IT.txt"

echo
echo "## Checking the fortunes (--no-daemon --format list; median of 3 runs, wall time)"
echo "| language | MB | hunspell -l | textsvcd compiled | textsvcd without | aspell list | vs hunspell | vs aspell | only hunspell reports | only textsvcd reports |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"
for tag in en_US de_DE ru_RU it_IT; do
  text=$work/$tag.txt
  dic=$tag
  [ "$tag" = en_US ] && dic=dictionaries/en_US
  hunspell -d "$dic" -l < "$text" | sort -u > "$work/h.u"
  "$textsvcd" check --no-daemon --format list --lang "$tag" "$text" | sort -u > "$work/t.u" || true
  only_h=$(comm -23 "$work/h.u" "$work/t.u" | grep -c . || true)
  only_h_digits=$(comm -23 "$work/h.u" "$work/t.u" | grep -c '[0-9]' || true)
  only_t=$(comm -13 "$work/h.u" "$work/t.u" | grep -c . || true)
  comm -13 "$work/h.u" "$work/t.u" | head -20 > "$work/only_t_$tag"
  h=$(median3 sh -c "hunspell -d '$dic' -l < '$text'")
  t=$(median3 "$textsvcd" check --no-daemon --format list --lang "$tag" "$text")
  n=$(TEXTSVCD_NO_COMPILED=1 median3 "$textsvcd" check --no-daemon --format list --lang "$tag" "$text")
  a=-; vs_a=-
  if [ "$tag" = en_US ] && command -v aspell > /dev/null; then
    a=$(median3 sh -c "aspell --lang=en_US list < '$text'")
    vs_a=$(printf '%.2fx' "$(echo "$a / $t" | bc -l)")
    a=$(printf '%.3f s' "$a")
  fi
  printf '| %s | %.2f | %.3f s | %.3f s | %.3f s | %s | %.1fx | %s | %d (%d with digits) | %d |\n' "$tag" \
    "$(echo "$(wc -c < "$text") / 1000000" | bc -l)" "$h" "$t" "$n" "$a" "$(echo "$h / $t" | bc -l)" "$vs_a" \
    "$only_h" "$only_h_digits" "$only_t"
done
for tag in en_US de_DE ru_RU it_IT; do
  [ -s "$work/only_t_$tag" ] && echo "only textsvcd reports ($tag, first 20): $(tr '\n' ' ' < "$work/only_t_$tag")"
done

echo
echo "## English through a running daemon (compiled form mapped by the daemon)"
"$textsvcd" serve 2>/dev/null &
daemon=$!
for _ in $(seq 1 100); do [ -S "$XDG_RUNTIME_DIR/textsvcd/textsvcd.sock" ] && break; sleep 0.05; done
"$textsvcd" check --format list "$work/en_US.txt" > /dev/null || true
d=$(median3 "$textsvcd" check --format list "$work/en_US.txt")
printf 'textsvcd check, running daemon: %.3f s\n' "$d"
echo "daemon PSS after the runs: $(awk '/^Pss:/ {printf "%.1f MB", $2 / 1024}' "/proc/$daemon/smaps_rollup")"
"$textsvcd" call shutdown > /dev/null 2>&1 || true
wait "$daemon" 2>/dev/null || true
daemon=

echo
echo "## First guess in a fresh process (median of 5 runs)"
python3 bench/first_guess.py --textsvcd "$textsvcd" --en-dictionary dictionaries/en_US
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
