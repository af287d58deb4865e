#!/usr/bin/env bash
# Proof that a no-op rebuild reruns no build script and recompiles nothing: builds twice
# with `cargo build -v` and prints what the second build did. Every unit must be `Fresh`
# (cargo prints `Dirty`/`Compiling`/`Running` for work it does). Exit 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --workspace
log="$(cargo build -v --workspace 2>&1)"
fresh=$(grep -c '^ *Fresh ' <<<"$log" || true)
work=$(grep -E '^ *(Compiling|Running|Dirty) ' <<<"$log" || true)
echo "second \`cargo build -v --workspace\`: $fresh units Fresh"
grep -E '^ *Fresh (envgen|envgen-goldens|envgen-jsts|envgen-corpus|envgen-codegen|envgen-runtime) ' <<<"$log" || true
if [ -n "$work" ]; then
  echo "work done on a no-op rebuild:" >&2
  echo "$work" >&2
  exit 1
fi
echo "ok: no build script ran and nothing was compiled"
