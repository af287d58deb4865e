#!/usr/bin/env python3
"""Generated-crate quality over ../shared/corpus: every schema through the real CLI.

For each SchemaStore and typify schema, `envgen --schema … --crate DIR` writes a standalone
crate (types, serde impls, validators and builders: the full default output), and
`cargo clippy --all-targets -- -D warnings` must pass on it (rustc warnings included, so
this is also "compiles under #![deny(warnings)]"). Crates share one target directory, so
dependencies build once.

    python3 scripts/corpus-typed.py            # all schemas; rewrites the table in CORPUS.md
    python3 scripts/corpus-typed.py --check    # same, exit 1 if a generated crate fails
    python3 scripts/corpus-typed.py github     # only schemas whose name contains "github";
                                               # the other rows of the table are kept

Not run by .ci/run: the typed code of 47 real schemas is ~70 MB of Rust, several minutes
of clippy on 2 cores (measured times are in the table). CI compiles every corpus schema's
validators under #![deny(warnings)] and clippy in the envgen-corpus crate instead.
"""

import json
import os
import pathlib
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import markers  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()
WORK = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / "envgen-corpus-typed"
BLOCK = "corpus-typed"
# Typify test schemas that declare draft-04 but use boolean schemas (see PROVENANCE).
DRAFT7 = {"merged-schemas.json", "various-enums.json"}


def schemas():
    out = []
    for d in sorted((CORPUS / "schemastore").iterdir()):
        if not d.is_dir():
            continue
        maps = []
        meta = json.loads((d / "meta.json").read_text())
        for uri, f in sorted((meta.get("remote_refs") or {}).items()):
            prefix = uri[: uri.rfind("/") + 1]
            target = (d / f).parent
            maps.append(f"{prefix}={target}/")
        out.append((f"schemastore/{d.name}", d / "schema.json", sorted(set(maps)), []))
    typify = sorted(p for p in (CORPUS / "typify").rglob("*.json"))
    for p in typify:
        # typify resolves dangling `$ref`s by their last segment; its schemas rely on it.
        extra = ["--refs-by-name"] + (["--draft", "7"] if p.name in DRAFT7 else [])
        out.append((f"typify/{p.relative_to(CORPUS / 'typify')}", p, [], extra))
    return out


def crate_name(name):
    return "c_" + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def previous_rows():
    """The rows of the table CORPUS.md holds now, by schema name."""
    table = markers.read_block((ROOT / "CORPUS.md").read_text(), BLOCK)
    if table is None:
        return {}
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) == 6 and "/" in cells[0] and not cells[0].startswith("-"):
            rows[cells[0]] = tuple(cells)
    return rows


def main():
    check = "--check" in sys.argv
    only = [a for a in sys.argv[1:] if not a.startswith("--")]
    kept = previous_rows() if only else {}
    if not CORPUS.is_dir():
        print(f"skipped: {CORPUS} is absent", file=sys.stderr)
        return 0
    subprocess.run(["cargo", "build", "-q", "--bin", "envgen"], cwd=ROOT, check=True)
    envgen = ROOT / "target" / "debug" / "envgen"
    WORK.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CARGO_TARGET_DIR=str(WORK / "target"))
    rows = []
    failures = 0
    for name, path, maps, extra in schemas():
        if only and not any(o in name for o in only):
            if name in kept:
                row = kept[name]
                rows.append(row)
                failures += row[2] == "**no**"
            continue
        crate = WORK / crate_name(name)
        subprocess.run(["rm", "-rf", str(crate)], check=True)
        cmd = [str(envgen), "--schema", str(path), "--crate", str(crate),
               "--runtime-dep-path", str(ROOT / "runtime")] + extra
        for m in maps:
            cmd += ["--map", m]
        g = subprocess.run(cmd, capture_output=True, text=True)
        if g.returncode != 0:
            first = (g.stderr.strip().splitlines() or ["?"])[0]
            rows.append((name, "no", "", "", "", first[:140]))
            continue
        lines = sum(p.read_text().count("\n") for p in (crate / "src").glob("*.rs"))
        t0 = time.monotonic()
        c = subprocess.run(["cargo", "clippy", "-q", "--all-targets", "--", "-D", "warnings"],
                           cwd=crate, env=env, capture_output=True, text=True)
        secs = time.monotonic() - t0
        ok = c.returncode == 0
        if not ok:
            failures += 1
            errs = [l for l in c.stderr.splitlines() if l.startswith(("error", "warning"))]
            note = "; ".join(sorted(set(errs))[:3])[:140]
        else:
            note = ""
        rows.append((name, "yes", "yes" if ok else "**no**", f"{lines:,}", f"{secs:.1f} s", note))
        print(f"{name}: {'ok' if ok else 'FAILED'} ({lines} lines, {secs:.1f} s)", flush=True)
    generated = sum(1 for r in rows if r[1] == "yes")
    clean = sum(1 for r in rows if r[2] == "yes")
    table = [
        f"Full default output (types, serde impls, validators, builders) of each schema, as "
        f"`envgen --schema … --crate DIR` writes it, under `cargo clippy --all-targets -- -D warnings`: "
        f"**{generated}/{len(rows)} generate, {clean}/{generated} of those compile warning- and "
        f"clippy-clean** ({clean}/{len(rows)} overall). Refusals are the located errors listed "
        f"above. Reproduce: `python3 scripts/corpus-typed.py` (clippy times are one run on 2 "
        f"cores, dependencies prebuilt).",
        "",
        "| schema | generated | clippy -D warnings | lines of Rust | clippy time | note |",
        "|---|---|---|---:|---:|---|",
    ]
    for r in rows:
        table.append("| " + " | ".join(x.replace("|", "\\|") for x in r) + " |")
    markers.splice(ROOT / "CORPUS.md", BLOCK, "\n".join(table),
                   heading="Generated crates: types and builders, clippy-clean")
    print(f"{clean}/{generated} generated crates clippy-clean; CORPUS.md updated")
    return 1 if (check and failures) else 0


if __name__ == "__main__":
    sys.exit(main())
