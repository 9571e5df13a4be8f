#!/usr/bin/env bash
# The first commands of a fresh user after a fresh install, with no daemon (issue 25's acceptance):
# scripts/install into a temporary prefix (release build), then for each of RUNS fresh users (own HOME and
# XDG folders, nothing compiled in their cache) the wall time of the first `textsvcd check --no-daemon` of a
# small file and of the first `textsvcd suggest --no-daemon` in each bundled language, beside
# `hunspell -l` / `hunspell -a` on the same input. Prints the median and the load average.
# Usage: bench/first-use.sh            RUNS=5 by default; SKIP_BUILD=1 uses the last release build.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${SKIP_BUILD:-0}" = 1 ] || scripts/release-build --product textsvcd >&2
binary=$(swift build -c release --show-bin-path)/textsvcd
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=${RUNS:-5}
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
env HOME="$work/installer" XDG_DATA_HOME="$work/installer/data" scripts/install --prefix "$work/prefix" --binary "$binary" \
  --no-enable > "$work/install.log"
textsvcd="$work/prefix/bin/textsvcd"
# A small file: the first 5 KB of README.md.
head -c 5000 README.md > "$work/small.txt"

wall() { # command... -> wall seconds
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

languages=$(ls dictionaries/*.aff | xargs -n1 basename | sed 's/\.aff$//')
echo "| command | language | textsvcd median (s) | peer | peer median (s) | runs | load average |"
echo "|---|---|---:|---|---:|---:|---|"
for tag in $languages; do
  check=() suggest=() peer_check=() peer_suggest=()
  load=$(cut -d' ' -f1 /proc/loadavg)
  for run in $(seq "$runs"); do
    user="$work/user-$tag-$run"
    mkdir -p "$user/home" "$user/run"
    fresh=(env -i PATH=/usr/bin:/bin HOME="$user/home" XDG_RUNTIME_DIR="$user/run" LANG=C.UTF-8)
    check+=("$(wall "${fresh[@]}" "$textsvcd" check --no-daemon --lang "$tag" "$work/small.txt")")
    suggest+=("$(wall "${fresh[@]}" "$textsvcd" suggest --no-daemon --lang "$tag" recieve)")
    if ls "$user/home/.cache/textsvcd/"*.tsvdict > /dev/null 2>&1; then echo "note: a fresh user compiled $tag" >&2; fi
    peer_check+=("$(wall hunspell -d "$work/prefix/share/textsvcd/dictionaries/$tag" -l "$work/small.txt")")
    peer_suggest+=("$(wall sh -c "echo recieve | hunspell -d '$work/prefix/share/textsvcd/dictionaries/$tag' -a")")
  done
  load="$load-$(cut -d' ' -f1 /proc/loadavg)"
  echo "| check (5 KB) | $tag | $(printf '%s\n' "${check[@]}" | median) | hunspell -l | $(printf '%s\n' "${peer_check[@]}" | median) | $runs | $load |"
  echo "| suggest recieve | $tag | $(printf '%s\n' "${suggest[@]}" | median) | hunspell -a | $(printf '%s\n' "${peer_suggest[@]}" | median) | $runs | $load |"
done
