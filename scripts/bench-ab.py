#!/usr/bin/env python3
"""Same-run A/B of the bench binaries of an older revision and of this tree.

Usage (from the repository root):

    python3 scripts/bench-ab.py REV [--rounds N] [--errors REGEX] [--validate REGEX]
                                    [--worktree DIR] [--target DIR]

REV is checked out in a git worktree (default /tmp/envgen-ab), its `validate` and
`errors` benches are built there with their own target directory (default
target/bench-ab), this tree's are built as usual, and then the two binaries run in turn,
round after round, each on the criterion filters given (`--bench --noplot`, results in
separate `CRITERION_HOME`s). It prints, per benchmark, the mean of each side's criterion
means and the ratio after / before, and, for the `errors` groups, envgen's speed-up over
`jsonschema` on each side. `jsonschema` is the same code in both binaries: its own
after / before ratio shows how much binary layout alone moves a figure.

With `--instructions`, each envgen benchmark the filters select (`…/envgen_from_json_str`)
also runs once per side under `valgrind --tool=callgrind` (`--profile-time 1`), and the
script prints the instructions per call of `from_json_str_inflight` (inclusive: the parse,
the checks and any error), and after / before. Unlike times, which binary layout moves by
a few percent from one build to the next, the count moves by under 1% between runs of a binary (hash seeds);
it does not see cache or branch behaviour. `--rounds 0` skips the timing. Needs valgrind
(`apt-get install valgrind`).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ERRORS = (r"errors-(response_envelope-error_(extra_key|phase_enum|missing_code)"
          r"|response_envelope-meta_missing|meminit-(issue_missing_path|error_missing_message)"
          r"|tool_response-(error_extra_key|stats_time_negative))"
          r"/(envgen_from_json_str|jsonschema_first_error)$")
VALIDATE = r"(response_envelope_valid|tool_response_valid)/(envgen_from_json_str|serde_struct)$"
UNITS = {"ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def bench_binaries(cwd, target):
    """{bench name: executable} of `cargo bench --no-run` in `cwd`."""
    env = dict(os.environ)
    if target:
        env["CARGO_TARGET_DIR"] = target
    out = subprocess.run(["cargo", "bench", "--bench", "validate", "--bench", "errors",
                          "--no-run", "--message-format=json"], cwd=cwd, env=env,
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg.get("executable") \
                and "bench" in msg["target"]["kind"]:
            found[msg["target"]["name"]] = msg["executable"]
    return found


def run(cwd, exe, regex, home):
    """(benchmark, mean ns) of one run of `exe` on `regex`."""
    out = subprocess.run([exe, "--bench", "--noplot", regex], cwd=cwd,
                         env=dict(os.environ, CRITERION_HOME=home),
                         capture_output=True, text=True).stdout
    name, rows = None, []
    for line in out.splitlines():
        line = line.strip()
        m = re.match(r"time:\s+\[\S+ \S+ ([\d.]+) (\S+) ", line)
        if m and name:
            rows.append((name, float(m.group(1)) * UNITS[m.group(2)]))
            name = None
        elif line and not line.startswith(("time:", "change:", "Found", "Benchmarking",
                                            "Warning", "No change", "Performance",
                                            "Change within")) and "/" in line:
            name = line.split()[0]
    return rows


ENTRY = "envgen_runtime::__private::check::from_json_str_inflight"


def listed(exe, regex):
    """The benchmarks of `exe` whose names `regex` matches (criterion's `--list`)."""
    out = subprocess.run([exe, "--list"], capture_output=True, text=True, check=True).stdout
    names = [line.rsplit(": ", 1)[0] for line in out.splitlines() if line.endswith(": benchmark")]
    return [n for n in names if re.search(regex, n)]


def instructions(cwd, exe, name):
    """(calls, instructions per call) of ENTRY in one callgrind run of benchmark `name`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", exe,
                        "--bench", "--profile-time", "1", "^" + re.escape(name) + "$"],
                       cwd=cwd, capture_output=True, check=True)
        with open(out, encoding="utf-8") as f:
            lines = f.read().splitlines()
    # Callgrind names a function once, `(id) name`, and by `(id)` after that; a call to
    # it is `cfn=(id)`, then `calls=N …`, then the line holding its inclusive cost.
    names, calls, cost = {}, 0, 0
    for i, line in enumerate(lines):
        m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line)
        if not m:
            continue
        if m.group(3):
            names[m.group(2)] = m.group(3)
        if m.group(1) == "cfn" and names.get(m.group(2)) == ENTRY and i + 2 < len(lines):
            c = re.match(r"calls=(\d+)", lines[i + 1])
            if c:
                calls += int(c.group(1))
                cost += int(lines[i + 2].split()[1])
    return calls, cost / calls if calls else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rev")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--errors", default=ERRORS)
    ap.add_argument("--validate", default=VALIDATE)
    ap.add_argument("--worktree", default="/tmp/envgen-ab")
    ap.add_argument("--target", default=os.path.join(ROOT, "target", "bench-ab"))
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions per parse under callgrind")
    args = ap.parse_args()
    if not os.path.exists(args.worktree):
        subprocess.run(["git", "worktree", "add", "-q", "--detach", args.worktree, args.rev],
                       cwd=ROOT, check=True)
    shared = os.path.join(os.path.dirname(args.worktree), "shared")
    if not os.path.exists(shared) and os.path.exists(os.path.join(ROOT, "..", "shared")):
        os.symlink(os.path.realpath(os.path.join(ROOT, "..", "shared")), shared)
    sides = {"before": (args.worktree, bench_binaries(args.worktree, args.target)),
             "after": (ROOT, bench_binaries(ROOT, None))}
    means = collections.defaultdict(list)
    for r in range(args.rounds):
        for side, (cwd, exes) in sides.items():
            for bench, regex in (("errors", args.errors), ("validate", args.validate)):
                for name, ns in run(cwd, exes[bench], regex, f"/tmp/criterion-ab-{side}"):
                    means[(name, side)].append(ns)
                    print(f"round {r + 1} {side}: {name} {ns / 1e6:.3f} ms", file=sys.stderr)
    avg = {k: sum(v) / len(v) for k, v in means.items()}
    print(f"| benchmark | before ({args.rev}) | after | after / before |")
    print("|---|---:|---:|---:|")
    for name in sorted({n for n, _ in avg}):
        b, a = avg.get((name, "before")), avg.get((name, "after"))
        if b and a:
            print(f"| {name} | {b / 1e6:.3f} ms | {a / 1e6:.3f} ms | {a / b:.3f} |")
    groups = sorted({n.split("/")[0] for n, _ in avg if n.startswith("errors-")})
    if groups:
        print("\n| kind | speed-up over `jsonschema`, before | after |")
        print("|---|---:|---:|")
        for g in groups:
            cells = []
            for side in ("before", "after"):
                e = avg.get((g + "/envgen_from_json_str", side))
                j = avg.get((g + "/jsonschema_first_error", side))
                cells.append(f"{j / e:.2f}×" if e and j else "n/a")
            print(f"| {g[len('errors-'):]} | {cells[0]} | {cells[1]} |")
    if args.instructions:
        print(f"\n| benchmark | instructions per call of `from_json_str_inflight`, "
              f"before ({args.rev}) | after | after / before |")
        print("|---|---:|---:|---:|")
        for bench, regex in (("errors", args.errors), ("validate", args.validate)):
            for name in listed(sides["after"][1][bench], regex):
                if not name.endswith("/envgen_from_json_str"):
                    continue
                (_, b), (_, a) = (instructions(cwd, exes[bench], name)
                                  for cwd, exes in (sides["before"], sides["after"]))
                print(f"| {name} | {b:,.0f} | {a:,.0f} | {a / b:.4f} |")


if __name__ == "__main__":
    main()
