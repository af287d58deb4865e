#!/usr/bin/env python3
"""Where a generated crate's debug build spends its code generation: the LLVM IR lines of
every function of the crate, grouped by what the function is and by the deserializer type
a `Deserialize` impl is instantiated with.

Debug builds of generated code spend most of their time in LLVM (`-Z time-passes`:
`codegen_crate`), roughly in proportion to the IR a crate emits, so IR lines per family
say what to cut.

Usage (the crate: `envgen --schema S --crate DIR`):

    cd DIR && CARGO_INCREMENTAL=0 cargo rustc --lib -- --emit=llvm-ir -C codegen-units=1
    python3 scripts/ir-lines.py DIR/target/debug/deps/NAME-*.ll

Symbols are demangled with `rustfilt` when it is on PATH (`cargo install rustfilt`);
without it the mangled names are matched, which still name the types.
"""
import collections
import re
import shutil
import subprocess
import sys

FAMILIES = [
    ("validators", lambda d: "validators::" in d),
    ("builders", lambda d: "builder" in d.lower()),
    ("deserialize", lambda d: any(k in d for k in ("Deserialize", "Visitor", "visit_", "deserialize"))),
    ("serialize", lambda d: "Serialize" in d or "serialize" in d),
    ("typed checks", lambda d: "check_n" in d),
]
READERS = ["serde_path_to_error", "StrRead", "SliceRead", "serde_json::value::Value",
           "MapAccessDeserializer", "SeqAccessDeserializer", "inflight", "de::value::"]


def functions(path):
    """(symbol, IR lines) of every function defined in the `.ll` file."""
    counts = collections.Counter()
    current, n = None, 0
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("define "):
                m = re.search(r'@("?)([^\s(]+)\1\(', line)
                current, n = (m.group(2) if m else "?"), 0
            elif current is not None:
                n += 1
                if line.startswith("}"):
                    counts[current] += n
                    current = None
    return counts


def demangle(symbols):
    if not shutil.which("rustfilt"):
        return symbols
    out = subprocess.run(["rustfilt"], input="\n".join(symbols), capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return out[:len(symbols)]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    counts = functions(sys.argv[1])
    # `target/debug/deps/NAME-HASH.ll`: the crate's items are `NAME::...`.
    own = re.sub(r"-[0-9a-f]+\.ll$", "", sys.argv[1].rsplit("/", 1)[-1]) + "::"
    symbols = list(counts)
    names = demangle(symbols)
    total = sum(counts.values())
    family = collections.Counter()
    reader = collections.Counter()
    for s, d in zip(symbols, names):
        fam = next((name for name, test in FAMILIES if test(d)), "other")
        # Whose code: the generated crate's (its items appear in the symbol, as the
        # function or as a type parameter of a library function) or a library's alone.
        where = "generated" if own in d else "libraries"
        family[f"{fam} ({where})"] += counts[s]
        if fam == "deserialize":
            reader[", ".join(r for r in READERS if r in d) or "(none)"] += counts[s]
    print(f"{total:,} IR lines in {len(counts):,} functions")
    print("\nby family:")
    for k, v in family.most_common():
        print(f"{v:>10,} {100 * v / total:5.1f}%  {k}")
    print("\ndeserialize, by the reader types in the instance:")
    for k, v in reader.most_common(12):
        print(f"{v:>10,} {100 * v / total:5.1f}%  {k}")


if __name__ == "__main__":
    main()
