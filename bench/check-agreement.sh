#!/bin/sh
# Agreement of `textsvcd check` with `hunspell -l` in German, Italian, Polish, Russian and French
# (bench/check-agreement.py; extra arguments go to it, for example --langs es_ES,cs_CZ --show 20).
# Builds textsvcd in release mode first.
set -eu
cd "$(dirname "$0")/.."
scripts/release-build --product textsvcd >&2
exec python3 bench/check-agreement.py --textsvcd "$(swift build -c release --show-bin-path)/textsvcd" "$@"
