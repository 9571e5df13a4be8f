#!/bin/sh
# Spelling-guess benchmark: textsvcd beside hunspell, aspell and nuspell (those installed).
# Builds textsvcd in release mode, then runs bench/suggest.py; extra arguments go to it
# (for example --sample 500).
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product textsvcd >&2
swift build -c release --product textsvcd-bench >&2
exec python3 bench/suggest.py --textsvcd "$(swift build -c release --show-bin-path)/textsvcd" "$@"
