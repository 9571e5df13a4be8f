#!/bin/bash
# A/B of `textsvcd check --format list` through a warm daemon: two builds, each with its own daemon on its own socket.
#
# usage: bench/check-daemon-ab.sh NEW_BINARY BASE_BINARY LANG TEXT [RUNS]
#
# Both daemons are started (same XDG folders, so the same compiled forms), each answers one check first (warm-up,
# and the two lists must be the same bytes), then farm-bench runs the two clients in turn (A = NEW, B = BASE) and
# prints wall, CPU and peak with A/B pair by pair; the daemons' own CPU per check is read from /proc before and after
# (farm-bench counts only the client). Run it from the repository (the bundled dictionaries are found from there).
set -euo pipefail
new=$1 base=$2 lang=$3 text=$4 runs=${5:-11}
work=$(mktemp -d)
A= B=
trap '[ -n "$A" ] && kill "$A" 2>/dev/null; [ -n "$B" ] && kill "$B" 2>/dev/null; rm -rf "$work"' EXIT
"$new" serve --socket "$work/a.sock" --log-level warning 2>/dev/null & A=$!
"$base" serve --socket "$work/b.sock" --log-level warning 2>/dev/null & B=$!
for _ in $(seq 1 200); do [ -S "$work/a.sock" ] && [ -S "$work/b.sock" ] && break; sleep 0.05; done
"$new" check --socket "$work/a.sock" --format list --lang "$lang" "$text" > "$work/a.out" || true
"$base" check --socket "$work/b.sock" --format list --lang "$lang" "$text" > "$work/b.out" || true
if cmp -s "$work/a.out" "$work/b.out"; then echo "same list: $(wc -l < "$work/a.out") lines"; else echo "note: the lists differ" >&2; fi
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
a0=$(cpu "$A") b0=$(cpu "$B")
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
farm-bench -n "$runs" --warmup 1 --vs "$base check --socket $work/b.sock --format list --lang $lang $text" -- \
  "$new" check --socket "$work/a.sock" --format list --lang "$lang" "$text"
a1=$(cpu "$A") b1=$(cpu "$B")
checks=$((runs + 1))
echo "daemon CPU per check ($checks checks each, the warm-up included): A $(echo "scale=3; ($a1 - $a0) / 100 / $checks" | bc) s, B $(echo "scale=3; ($b1 - $b0) / 100 / $checks" | bc) s"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
