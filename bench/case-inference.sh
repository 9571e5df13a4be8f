#!/bin/sh
# Case inference against Hunspell on every installed Debian dictionary (issue 25, item 2): for every
# STRIDE-th .dic line of each dictionary in /usr/share/hunspell (regional aliases, which are symbolic
# links, once), the forms the expander makes within the compiled layer bounds are asked of Hunspell in all three spellings (as is,
# capitalised, in capitals) and compared with what the compiler infers (CaseInference: forbidden stems,
# 8-bit case tables proven letter by letter) and trusts without asking (PlainForms: plain forms as they are).
# The result must be zero differences.
# Usage: bench/case-inference.sh               (every 50th line of every dictionary)
#        STRIDE=10 TAGS="pl_PL cs_CZ" bench/case-inference.sh
# Runs the debug test build (swift build --build-tests first, or set BUILD=1).
set -eu
cd "$(dirname "$0")/.."
[ "${BUILD:-0}" = 1 ] && swift build --build-tests >&2
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
TEXTSVCD_INFERENCE_DICTIONARIES=${FOLDER:-/usr/share/hunspell} TEXTSVCD_INFERENCE_STRIDE=${STRIDE:-50} \
  TEXTSVCD_INFERENCE_TAGS=${TAGS:-} \
  swift test --skip-build --filter inferringCaseSpellingsGivesTheFlagsHunspellGivesOnSampledInstalledDictionaries 2>&1 |
  grep --line-buffered -E "case inference|differ|passed|failed|error"
