#!/usr/bin/env bash
# Measures `cargo build` (debug) and `cargo check` of the crates `envgen --crate` generates
# for the largest corpus schemas (types, serde impls, builders and validators).
# Usage: scripts/corpus-build-time.sh [SCHEMASTORE-NAME...]   (default: the two largest)
# Needs ../shared/corpus. Dependencies are built first with a tiny crate, so the times
# are the generated crate alone. Results are printed; docs/corpus-build-time.md records a run.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="../shared/corpus/schemastore"
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(jfrog-pipelines claude-code-settings)
out="target/scaffold-test/bench"
cargo build -q --bin envgen
envgen="$PWD/target/debug/envgen"
export CARGO_TARGET_DIR="$PWD/target/scaffold-test/target"
"$envgen" --schema tests/scaffold/order.json --crate "$out/warm" --runtime-dep-path runtime >/dev/null
(cd "$out/warm" && cargo build -q --offline --lib)
for n in "${names[@]}"; do
  "$envgen" --draft 7 --schema "$corpus/$n/schema.json" --crate "$out/$n" --runtime-dep-path runtime >/dev/null
  size=$(wc -c <"$out/$n/src/schema.rs")
  # Cold: the crate's own artifacts (and incremental caches) removed first.
  (cd "$out/$n" && cargo clean -q --offline -p "$n" \
    && s=$(date +%s.%N) && cargo build -q --offline --lib 2>/dev/null && e=$(date +%s.%N) \
    && printf '%s: %s bytes of Rust; cargo build (debug, cold) %.1f s' "$n" "$size" "$(echo "$e - $s" | bc)" \
    && cargo clean -q --offline -p "$n" \
    && s=$(date +%s.%N) && cargo check -q --offline --lib 2>/dev/null && e=$(date +%s.%N) \
    && printf '; cargo check (cold) %.1f s\n' "$(echo "$e - $s" | bc)")
done
