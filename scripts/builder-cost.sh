#!/usr/bin/env bash
# Compile cost of generated builders: generates the four envelope schemas into a scratch
# crate twice (default settings, then --no-builders), and times a clean build of just that
# crate (dependencies are built once, first). Prints a Markdown table for BENCHMARKS.md.
#
#   scripts/builder-cost.sh            # debug builds, 3 runs each, median
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="${TMPDIR:-/tmp}/envgen-builder-cost"
runs="${RUNS:-3}"
rm -rf "$work" && mkdir -p "$work/src"
cargo build -q --bin envgen
bin="$root/target/debug/envgen"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "envgen-builder-cost"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
envgen-runtime = { path = "$root/runtime" }
serde = "1"
serde_json = { version = "1", features = ["preserve_order"] }
[workspace]
TOML
schemas=(schemas/response-envelope.json schemas/tool-response.json schemas/cmdhelp.schema.json schemas/meminit-output-envelope.json)
args=()
for s in "${schemas[@]}"; do args+=(--schema "$s"); done
export CARGO_TARGET_DIR="$work/target"
measure() { # $1 label, rest: extra envgen flags
  local label="$1"; shift
  "$bin" "${args[@]}" "$@" -o "$work/src/lib.rs"
  local lines; lines=$(wc -l <"$work/src/lib.rs")
  (cd "$work" && cargo build -q 2>/dev/null) # dependencies
  local times=()
  for _ in $(seq "$runs"); do
    (cd "$work" && cargo clean -q -p envgen-builder-cost)
    local t0 t1; t0=$(date +%s.%N)
    (cd "$work" && cargo build -q)
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc)")
  done
  local median; median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  echo "$label $lines $median"
}
a=$(measure with-builders)
b=$(measure without-builders --no-builders)
read -r _ la ta <<<"$a"
read -r _ lb tb <<<"$b"
echo "| generated code (4 envelopes) | lines | clean \`cargo build\` of the generated crate (median of $runs) |"
echo "|---|---|---|"
printf '| with builders | %s | %.2f s |\n' "$la" "$ta"
printf '| without builders (`--no-builders`) | %s | %.2f s |\n' "$lb" "$tb"
printf '| ratio with / without | %.2f× | %.2f× |\n' "$(echo "$la / $lb" | bc -l)" "$(echo "$ta / $tb" | bc -l)"
