#!/bin/sh
# Suggestion benchmark: textsvcd beside hunspell and aspell, language by language, on the measurement
# sets of bench/data (see bench/suggest.py for the options: --langs, --sample, --without-frequencies...).
# Builds textsvcd in release mode, then runs bench/suggest.py with the arguments given.
set -eu
cd "$(dirname "$0")/.."
scripts/release-build --product textsvcd >&2
scripts/release-build --product textsvcd-bench >&2
exec python3 bench/suggest.py --textsvcd "$(swift build -c release --show-bin-path)/textsvcd" "$@"
