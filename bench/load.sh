#!/usr/bin/env bash
# Daemon load benchmark: N clients sending spell.check on ~4 KB English
# paragraphs in a closed loop, then the same paragraphs through `hunspell -a`
# pipes, side by side in one run.
#
#   bench/load.sh                      # 16 clients, 100k requests
#   CLIENTS=16 REQUESTS=1000000 bench/load.sh   # the memory-flatness run
#
# Issue 25's rows (TYPOS, default bench/data/typos-en-real-measure.tsv, the measurement half of real English
# misspellings; TYPOS= leaves them out): spell.check with guesses on ~4 KB paragraphs that each hold about 100 of
# them, spell.guesses of one misspelling a request, and the same words through hunspell -a pipes; then the
# daemon's PSS after 1000 guesses beside one hunspell -a's (bench/daemon_memory.py).
#
# Knobs (environment): CLIENTS (16), REQUESTS (100000), SECONDS_LIMIT (600),
# CHECKPOINT (10000: server memory is sampled after this many requests),
# GUESS_SECONDS (30: time budget of the spell.check+guesses row),
# HUNSPELL_SECONDS (30: time budget of the hunspell -a row), TYPO_SECONDS (30: each issue-25 row),
# ONLY_TYPOS=1 (only issue 25's rows), XDG_CACHE_HOME (where the daemon finds compiled forms), SKIP_BUILD=1.
# Needs: swift, gcc, hunspell, hunspell-en-us, fortunes (for the paragraphs).
set -euo pipefail
cd "$(dirname "$0")/.."

CLIENTS=${CLIENTS:-16}
REQUESTS=${REQUESTS:-100000}
SECONDS_LIMIT=${SECONDS_LIMIT:-600}
CHECKPOINT=${CHECKPOINT:-10000}
GUESS_SECONDS=${GUESS_SECONDS:-30}
HUNSPELL_SECONDS=${HUNSPELL_SECONDS:-30}
TYPO_SECONDS=${TYPO_SECONDS:-30}
TYPOS=${TYPOS-bench/data/typos-en-real-measure.tsv}

mkdir -p bench/out
if [[ -z "${SKIP_BUILD:-}" ]]; then
    scripts/release-build --product textsvcd >&2
fi
BIN=$(swift build -c release --show-bin-path)/textsvcd
gcc -O2 -Wall -pthread bench/load/loadgen.c -o bench/out/loadgen

WORK=$(mktemp -d /tmp/textsvcd-load-XXXXXX)
SOCKET=$WORK/textsvcd.sock
cleanup() {
    if [[ -n "${DAEMON:-}" ]] && kill -0 "$DAEMON" 2>/dev/null; then
        kill -TERM "$DAEMON"
        wait "$DAEMON" || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$WORK/cache}
# The daemon maps en_US's compiled form, as a user's daemon does after its first use.
"$BIN" dictionaries list 2>/dev/null | grep -q '^en_US .*compiled: ready' || "$BIN" dictionaries compile en_US >/dev/null
XDG_RUNTIME_DIR=$WORK XDG_DATA_HOME=$WORK/data HOME=$WORK \
    "$BIN" serve --socket "$SOCKET" --log-level warning 2>"$WORK/daemon.log" &
DAEMON=$!
for _ in $(seq 1 200); do [[ -S "$SOCKET" ]] && break; sleep 0.05; done
[[ -S "$SOCKET" ]] || { cat "$WORK/daemon.log" >&2; exit 1; }

echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -r), textsvcd release build, $CLIENTS clients"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
rows=()
if [[ -z "${ONLY_TYPOS:-}" ]]; then
    bench/out/loadgen --mode daemon --socket "$SOCKET" --pid "$DAEMON" --clients "$CLIENTS" \
        --requests "$REQUESTS" --seconds "$SECONDS_LIMIT" --checkpoint "$CHECKPOINT" | tee "$WORK/daemon.out" || status=1
    bench/out/loadgen --mode daemon --guesses --socket "$SOCKET" --pid "$DAEMON" --clients "$CLIENTS" \
        --requests "$REQUESTS" --seconds "$GUESS_SECONDS" --checkpoint 0 | tee "$WORK/guesses.out" || status=1
    bench/out/loadgen --mode hunspell --clients "$CLIENTS" --requests "$REQUESTS" --seconds "$HUNSPELL_SECONDS" \
        | tee "$WORK/hunspell.out" || status=1
    rows+=(daemon guesses hunspell)
fi
if [[ -n "$TYPOS" ]]; then
    typo_options=(--typos "$TYPOS" --paragraph-bytes 3550 --clients "$CLIENTS" --requests "$REQUESTS"
                  --seconds "$TYPO_SECONDS" --checkpoint 0)
    bench/out/loadgen --mode daemon --guesses --socket "$SOCKET" --pid "$DAEMON" "${typo_options[@]}" \
        | tee "$WORK/typo-check.out" || status=1
    bench/out/loadgen --mode daemon --method guesses --socket "$SOCKET" --pid "$DAEMON" "${typo_options[@]}" \
        | tee "$WORK/typo-guesses.out" || status=1
    bench/out/loadgen --mode hunspell --method guesses "${typo_options[@]}" | tee "$WORK/typo-hunspell.out" || status=1
    rows+=(typo-check typo-guesses typo-hunspell)
fi

echo
echo "| run | clients | requests | errors | req/s | p50 | p99 | daemon CPU per request | daemon RSS | daemon PSS at the end | load average at the end |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for file in "${rows[@]}"; do
    grep '^RESULT' "$WORK/$file.out" | awk '{
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        rss = v["rss_start_kib"] > 0 ? sprintf("%.1f MiB at start, %.1f MiB after %d requests, %.1f MiB at the end", v["rss_start_kib"]/1024, v["rss_checkpoint_kib"]/1024, v["checkpoint"], v["rss_end_kib"]/1024) : "-"
        if (v["checkpoint"] == 0 && v["rss_start_kib"] > 0) rss = sprintf("%.1f MiB at the end", v["rss_end_kib"]/1024)
        cpu = v["server_cpu_us"] > 0 ? sprintf("%.0f µs", v["server_cpu_us"]) : "-"
        pss = v["pss_end_kib"] > 0 ? sprintf("%.1f MiB", v["pss_end_kib"]/1024) : "-"
        mode = v["mode"]
        if (v["typos"] > 0 && mode == "daemon+guesses") mode = "daemon+guesses, ~100 real misspellings a paragraph"
        printf "| %s | %s | %s | %s | %.0f | %.2f ms | %.2f ms | %s | %s | %s | %s |\n", mode, v["clients"], v["requests"], v["errors"], v["rps"], v["p50_us"]/1000, v["p99_us"]/1000, cpu, rss, pss, v["load"]
    }'
done

if [[ -n "$TYPOS" ]]; then
    echo
    echo "## Memory after 1000 guesses (bench/daemon_memory.py)"
    python3 bench/daemon_memory.py --textsvcd "$BIN" ${XDG_CACHE_HOME:+--cache "$XDG_CACHE_HOME"} || status=1
fi
exit $status
