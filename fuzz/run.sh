#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for a set time.
# Usage: fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
#        fuzz/run.sh TARGET FILE...      (replay saved inputs, e.g. a crash)
#   TARGET: requests | answers | scanner | tokenizer | regex | compiled | config | directives (an entry file fuzz/<Target>.swift)
# SwiftPM builds the library with coverage and AddressSanitizer into .build-fuzz;
# swiftc links the entry file against its objects (SwiftPM cannot link a
# libFuzzer executable itself). The seed corpus fuzz/corpus/TARGET is read,
# new inputs go to fuzz/out/corpus-TARGET, crashes to fuzz/out/artifacts-TARGET.
# Prints the number of executions and what was found; exits 1 if it crashed.
# FUZZ_REUSE=1 links against the library already in .build-fuzz without building it
# (for a new entry file while the library is unchanged for it: a sanitized release
# build of TextServices takes many minutes on a loaded machine).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh TARGET SECONDS [libFuzzer flags...]}
seconds=${2:?usage: fuzz/run.sh TARGET SECONDS [libFuzzer flags...]}
shift 2
entry="fuzz/$(tr '[:lower:]' '[:upper:]' <<<"${target:0:1}")${target:1}.swift"
[ -f "$entry" ] || { echo "no entry file $entry" >&2; exit 2; }

scratch=.build-fuzz
build=$scratch/release
out=fuzz/out
binary=$out/fuzz-$target
mkdir -p "$out/corpus-$target" "$out/artifacts-$target"

if [ "${FUZZ_REUSE:-0}" != 1 ]; then
  echo "== building TextServices with -sanitize=fuzzer,address" >&2
  swift build -c release --scratch-path "$scratch" --target TextServicesProtocol \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing \
    -Xcc -fsanitize=fuzzer-no-link,address >&2
fi
# The domain, the JSON stack, the protocol layer and what they link: the C shims, TOMLKit, swift-system and swift-collections.
shopt -s nullglob
objects=()
# A Swift module's objects are those of the sources its last build listed (`sources`): an object left from a file
# since deleted or moved would otherwise be linked too (its symbols are gone). C modules have no list: all their objects.
for module in TextServices TextServicesJSON TextServicesProtocol TOMLReader TOMLKit CICU CPlatform SystemPackage CSystem \
              OrderedCollections InternalCollectionsUtilities; do
  if [ -f "$build/$module.build/sources" ]; then
    while IFS= read -r source; do
      source=${source#\'}; source=${source%\'}   # a path with spaces is listed in single quotes
      objects+=("$build/$module.build/$(basename "$source").o")
    done <"$build/$module.build/sources"
  else
    objects+=("$build/$module.build"/*.o)
  fi
done
objects+=("$build/CTOML.build/Sources"/*.o)   # TOMLKit's C++ side (toml++), under TOMLReader
shopt -u nullglob
newest=$(ls -t "${objects[@]}" "$entry" fuzz/FuzzSupport.swift | sed -n 1p)
if [ ! -x "$binary" ] || [ "$newest" -nt "$binary" ]; then
  echo "== linking $binary" >&2
  swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld \
    -I "$build/Modules" \
    -Xcc -fmodule-map-file=Sources/CHunspell/module.modulemap \
    -Xcc -fmodule-map-file="$build/CICU.build/module.modulemap" \
    -Xcc -fmodule-map-file="$build/CPlatform.build/module.modulemap" \
    -Xcc -fmodule-map-file="$build/CTOML.build/module.modulemap" \
    -Xcc -fmodule-map-file="$scratch/checkouts/swift-system/Sources/CSystem/include/module.modulemap" \
    -Xcc -ISources/CPlatform/include -Xcc -I"$scratch/checkouts/swift-system/Sources/CSystem/include" \
    -Xcc -I/usr/include/hunspell -Xcc -ISources/CICU/include \
    fuzz/FuzzSupport.swift "$entry" "${objects[@]}" \
    $(pkg-config --libs hunspell) -licui18n -licuuc -licudata -lstdc++ \
    -o "$binary"
fi

# Swift's own crash reporter fights AddressSanitizer's; let libFuzzer report.
export SWIFT_BACKTRACE=enable=no
if [ -f "$seconds" ]; then
  exec "$binary" -rss_limit_mb=2048 "$seconds" "$@"
fi

flags=(-max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1
       -artifact_prefix="$out/artifacts-$target/")
[ -f "fuzz/$target.dict" ] && flags+=(-dict="fuzz/$target.dict")
[ -f "fuzz/$target.options" ] && read -r -a extra <"fuzz/$target.options" && flags+=("${extra[@]}")
log=$out/$target.log
echo "== fuzzing $target for ${seconds}s (log: $log)" >&2
status=0
"$binary" "${flags[@]}" "$@" "$out/corpus-$target" "fuzz/corpus/$target" >"$log" 2>&1 || status=$?
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
corpus=$(find "$out/corpus-$target" -type f | wc -l)
cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
echo "$target: ${runs:-?} executions in ${seconds}s, $cov, $corpus new corpus files, exit $status"
if [ "$status" -ne 0 ]; then
  grep -E 'ERROR|FUZZ INVARIANT|Fatal error|SUMMARY|Test unit written' "$log" | head -20
  exit 1
fi
