#!/usr/bin/env bash
# Compiling every installed Debian hunspell dictionary, one process each (release build):
# wall time and peak RSS (/usr/bin/time -v) beside the dictionary's files and the compiled file,
# against issue 25's targets (at most 20 s, peak memory at most 3x the compiled file).
# Each dictionary in /usr/share/hunspell is compiled once (symlinked region variants such as
# es_AR -> es_ES are skipped), from that folder, into a temporary cache.
# Usage: bench/compile.sh
#        COMPILE_TAGS="en_US de_DE ..." bench/compile.sh    (only these)
#        COMPILE_TIMEOUT=SECONDS bench/compile.sh           (a compile still running then is reported as not finished; default 120)
#        TEXTSVCD=path/to/textsvcd bench/compile.sh         (skip the build; compare another binary)
#        COMPILE_KEEP=DIR bench/compile.sh                  (keep each compiled file in DIR, named for its tag, to compare
#                                                            two binaries' files section by section: bench/compare-sections.py)
# Install the dictionaries with scripts/install-deps --with-bench.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEXTSVCD:-}" ]; then
  scripts/release-build --product textsvcd >&2
  TEXTSVCD=$(swift build -c release --show-bin-path)/textsvcd
fi
folder=/usr/share/hunspell
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME=$work/cache XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/run
mkdir -p "$XDG_RUNTIME_DIR"
timeout_seconds=${COMPILE_TIMEOUT:-120}

tags=${COMPILE_TAGS:-}
if [ -z "$tags" ]; then
  # One tag per distinct pair of files: symlinks (regional aliases) are left out.
  tags=$(find "$folder" -maxdepth 1 -name '*.dic' -type f -printf '%f\n' | sed 's/\.dic$//' | sort)
fi
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg); binary: $TEXTSVCD"
echo
echo "| dictionary | .dic + .aff | seconds (wall) | CPU seconds (user + system) | peak RSS | compiled file | peak / file | forms accepted / expanded | load (1 min, before-after) | targets |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"
total=0; met=0
for tag in $tags; do
  [ -f "$folder/$tag.dic" ] && [ -f "$folder/$tag.aff" ] || { echo "| $tag | (no .dic/.aff in $folder) ||||||||"; continue; }
  source_bytes=$(( $(stat -Lc %s "$folder/$tag.dic") + $(stat -Lc %s "$folder/$tag.aff") ))
  load=$(cut -d' ' -f1 /proc/loadavg)
  rm -rf "$XDG_CACHE_HOME"
  status=0
  # time outside timeout: a compile cut short still reports the CPU time it used.
  /usr/bin/time -v -o "$work/time" timeout "$timeout_seconds" \
    "$TEXTSVCD" dictionaries compile --dictionary-path "$folder" --force --format json "$tag" \
    > "$work/compile.json" 2> "$work/stderr" || status=$?
  total=$((total + 1))
  if [ "$status" -ne 0 ]; then
    why="failed (exit $status): $(tail -n 1 "$work/stderr")"
    [ "$status" -eq 124 ] && why="not finished in $timeout_seconds s"
    used=$(awk -F': ' '/User time|System time/ {sum += $2} END {printf "%.1f so far", sum}' "$work/time" 2>/dev/null || true)
    printf '| %s | %.1f MB | %s | %s |||||%s-%s | missed |\n' "$tag" "$(echo "$source_bytes / 1000000" | bc -l)" "$why" \
      "$used" "$load" "$(cut -d' ' -f1 /proc/loadavg)"
    continue
  fi
  if [ -n "${COMPILE_KEEP:-}" ]; then mkdir -p "$COMPILE_KEEP"; cp "$XDG_CACHE_HOME"/textsvcd/*.tsvdict "$COMPILE_KEEP/$tag.tsvdict"; fi
  peak_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")
  cpu=$(awk -F': ' '/User time|System time/ {sum += $2} END {print sum}' "$work/time")
  line=$(python3 - "$work/compile.json" "$peak_kb" "$wall" "$source_bytes" "$tag" "$load-$(cut -d' ' -f1 /proc/loadavg)" "$cpu" <<'PY'
import json, sys
report = json.loads(open(sys.argv[1]).read().splitlines()[-1])
peak = int(sys.argv[2]) * 1024
# /usr/bin/time prints m:ss.ss or h:mm:ss
parts = [float(p) for p in sys.argv[3].split(":")]
seconds = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
ratio = peak / report["bytes"]
ok = seconds <= 20 and ratio <= 3
misses = [m for m, bad in (("time", seconds > 20), ("memory", ratio > 3)) if bad]
print(f"| {sys.argv[5]} | {int(sys.argv[4]) / 1e6:.1f} MB | {seconds:.1f} | {float(sys.argv[7]):.1f} | {peak / 1e6:.0f} MB | {report['bytes'] / 1e6:.1f} MB | "
      f"{ratio:.1f}x | {report['acceptedForms']:,} / {report['expandedForms']:,} | {sys.argv[6]} | "
      f"{'met' if ok else 'missed: ' + ', '.join(misses)} |")
PY
)
  echo "$line"
  case "$line" in *"| met |") met=$((met + 1)) ;; esac
done
echo
echo "targets met: $met of $total; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
