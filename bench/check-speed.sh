#!/usr/bin/env bash
# Checking speed against aspell and hunspell (issue 25, item 3), side by side in one run (release build with the
# Swift runtime linked in, as scripts/install builds it).
# For each language, the same large real text through four checkers:
#   hunspell -d LANG -l, aspell --lang=LANG list, textsvcd check --no-daemon --format list (compiled form
#   mapped), and textsvcd check --format list through a running daemon (warm: one run before the timed ones).
# Each round runs the four once in turn (A B C D, so a load spike hits all of them), 3 rounds by default; the
# table gives medians of wall time, words a second (wc -w) and the ratios the issue's targets name, and the CPU
# seconds (user + system; for the daemon row the daemon's CPU plus the client's) with the same ratios by CPU: on a
# machine loaded by other jobs, wall time mostly measures the wait for a core, CPU time what each checker costs.
# Verdicts: textsvcd's list with and without the daemon must be the same bytes.
# Corpora: en_US fortunes + fortunes-min (dpkg -L, not a glob), de_DE/ru_RU/it_IT their fortunes packages,
# fr_FR the plain-text Debian Reference (debian-reference-fr; Debian 12 has no French fortunes).
# Usage: bench/check-speed.sh
#   LANGS="en_US de_DE"   which languages (default en_US de_DE ru_RU it_IT fr_FR)
#   ROUNDS=5              rounds (default 3)
#   TEXTSVCD_BENCH_CACHE=DIR   reuse compiled forms in DIR/textsvcd (compiled here when missing: minutes for
#                              fr_FR and it_IT on this machine)
#   SKIP_BUILD=1          use the last release build
#   PERF=DIR              also record `perf record -g` of the no-daemon check of each language into DIR
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${SKIP_BUILD:-0}" = 1 ] || scripts/release-build --product textsvcd >&2
textsvcd=$(swift build -c release --show-bin-path)/textsvcd
work=$(mktemp -d)
daemon=
trap '[ -n "$daemon" ] && kill "$daemon" 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CACHE_HOME=${TEXTSVCD_BENCH_CACHE:-$work/cache} XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/run \
  HOME=$work/home
mkdir -p "$XDG_RUNTIME_DIR" "$HOME"
langs=${LANGS:-en_US de_DE ru_RU it_IT fr_FR}
rounds=${ROUNDS:-3}
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "textsvcd: $textsvcd ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ', with changes'))"

fortunes() { # packages... -> the files they install under /usr/share/games/fortunes, concatenated
  dpkg -L "$@" | grep '^/usr/share/games/fortunes/' | grep -v '\.dat$\|\.u8$' | while read -r f; do
    if [ -f "$f" ] && [ ! -L "$f" ]; then echo "$f"; fi
  done | sort | xargs cat
}
corpus() { # tag -> the text on standard output
  case $1 in
    en_US) fortunes fortunes fortunes-min ;;
    de_DE) fortunes fortunes-de ;;
    ru_RU) fortunes fortunes-ru ;;
    it_IT) fortunes fortunes-it ;;
    fr_FR) zcat /usr/share/debian-reference/debian-reference.fr.txt.gz ;;
    *) echo "no corpus for $1" >&2; exit 2 ;;
  esac
}
hunspell_dictionary() { if [ "$1" = en_US ]; then echo dictionaries/en_US; else echo "$1"; fi; }

# Compiled forms: the no-daemon and daemon rows measure textsvcd as a user has it after its first use.
for tag in $langs; do
  if ! "$textsvcd" dictionaries list 2>/dev/null | grep -q "^$tag .*compiled: ready"; then
    echo "compiling $tag (not timed)..." >&2
    "$textsvcd" dictionaries compile "$tag" > /dev/null
  fi
done

"$textsvcd" serve --log-level warning 2>"$work/daemon.log" &
daemon=$!
for _ in $(seq 1 200); do [ -S "$XDG_RUNTIME_DIR/textsvcd/textsvcd.sock" ] && break; sleep 0.05; done
[ -S "$XDG_RUNTIME_DIR/textsvcd/textsvcd.sock" ] || { cat "$work/daemon.log" >&2; exit 1; }

# Timed by bench/timed-run.py to the microsecond: time(1)'s 10 ms is a tenth of a fast English check.
timer=bench/timed-run.py
timed() { # name command... -> appends "wall cpu" to $work/NAME.times
  local name=$1; shift
  "$timer" -- "$@" >> "$work/$name.times"
}
timed_daemon() { # name command... -> appends "wall cpu" (the daemon's and the client's) to $work/NAME.times
  local name=$1; shift
  "$timer" --daemon "$daemon" -- "$@" >> "$work/$name.times"
}
median() { # file column -> median
  awk -v c="$2" '{ print $c }' "$1" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo
echo "| language | corpus | MB | words | checker | wall (median of $rounds) | CPU | words/s (wall) | vs hunspell -l (wall, CPU) | vs aspell list (wall, CPU) | load average |"
echo "|---|---|---:|---:|---|---:|---:|---:|---:|---:|---|"
for tag in $langs; do
  text=$work/$tag.txt
  # iconv -c drops bytes that are not UTF-8 (a few fortunes) and then exits 1.
  corpus "$tag" | iconv -f UTF-8 -t UTF-8 -c > "$text" || [ -s "$text" ]
  bytes=$(wc -c < "$text"); words=$(wc -w < "$text")
  dic=$(hunspell_dictionary "$tag")
  aspell_lang=${tag%_*}
  [ "$tag" = en_US ] && aspell_lang=en_US
  rm -f "$work"/*.times
  # Warm the page cache and the daemon's dictionary; compare the two textsvcd outputs.
  "$textsvcd" check --no-daemon --format list --lang "$tag" "$text" > "$work/local.out" || true
  "$textsvcd" check --format list --lang "$tag" "$text" > "$work/daemon.out" || true
  cmp -s "$work/local.out" "$work/daemon.out" || echo "note: $tag: the daemon's list differs from the no-daemon list" >&2
  load=$(cut -d' ' -f1 /proc/loadavg)
  for _ in $(seq "$rounds"); do
    timed hunspell sh -c "hunspell -d '$dic' -l < '$text'"
    timed aspell sh -c "aspell --lang='$aspell_lang' --encoding=utf-8 list < '$text'"
    timed local "$textsvcd" check --no-daemon --format list --lang "$tag" "$text"
    timed_daemon daemon "$textsvcd" check --format list --lang "$tag" "$text"
  done
  load="$load-$(cut -d' ' -f1 /proc/loadavg)"
  h=$(median "$work/hunspell.times" 1); a=$(median "$work/aspell.times" 1)
  hc=$(median "$work/hunspell.times" 2); ac=$(median "$work/aspell.times" 2)
  corpus_name=$( [ "$tag" = fr_FR ] && echo debian-reference-fr || echo fortunes )
  for name in hunspell aspell local daemon; do
    w=$(median "$work/$name.times" 1); c=$(median "$work/$name.times" 2)
    case $name in
      hunspell) label="hunspell -l" ;;
      aspell) label="aspell list" ;;
      local) label="textsvcd check --no-daemon" ;;
      daemon) label="textsvcd check, daemon (its CPU)" ;;
    esac
    printf '| %s | %s | %.2f | %d | %s | %.3f s | %.3f s | %.0f | %.2fx, %.2fx | %.2fx, %.2fx | %s |\n' "$tag" "$corpus_name" \
      "$(echo "$bytes / 1000000" | bc -l)" "$words" "$label" "$w" "$c" "$(echo "$words / $w" | bc -l)" \
      "$(echo "$h / $w" | bc -l)" "$(echo "$hc / $c" | bc -l)" "$(echo "$a / $w" | bc -l)" "$(echo "$ac / $c" | bc -l)" "$load"
  done
  if [ -n "${PERF:-}" ]; then
    mkdir -p "$PERF"
    perf record -g -o "$PERF/$tag.data" -- "$textsvcd" check --no-daemon --format list --lang "$tag" "$text" \
      > /dev/null 2>&1 || true
  fi
done
echo
echo "daemon PSS at the end: $(awk '/^Pss:/ { printf "%.1f MB", $2 / 1024 }' "/proc/$daemon/smaps_rollup")"
"$textsvcd" call shutdown > /dev/null 2>&1 || true
wait "$daemon" 2>/dev/null || true
daemon=
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
