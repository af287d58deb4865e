#!/usr/bin/env bash
# Runs the four cargo-fuzz targets one after another, each for SECONDS (default 600),
# on one core, and keeps each run's log in fuzz/logs/. Not run by CI. See FUZZING.md.
#
# Usage: scripts/fuzz-all.sh [SECONDS] [TARGET...]
# Needs: rustup nightly, `cargo install cargo-fuzz`.
set -uo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(codegen from_json differential modes)
target_dir="${CARGO_TARGET_DIR:-target}"
mkdir -p logs corpus/codegen corpus/from_json corpus/differential corpus/modes
# Seeds: the schemas for codegen, the test documents for the parsers.
cp ../schemas/*.json ../schemas/tool-data/*.json corpus/codegen/ 2>/dev/null
find ../tests/documents -name '*.json' -exec cp {} corpus/from_json/ \; 2>/dev/null
cargo +nightly fuzz build -s none --target-dir "$target_dir" || exit 1
for t in "${targets[@]}"; do
  extra=()
  [ "$t" = codegen ] && extra=(-dict=codegen.dict)
  echo "== $t for ${secs}s" >&2
  cargo +nightly fuzz run -s none --target-dir "$target_dir" "$t" -- \
    -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=16384 \
    -print_final_stats=1 "${extra[@]}" >"logs/$t.log" 2>&1
  echo "   exit $? ; $(grep -E 'stat::number_of_executed_units|Done ' "logs/$t.log" | tr '\n' ' ')" >&2
done
