#!/usr/bin/env python3
"""Writes BENCHMARKS.md from the criterion results of `cargo bench --bench validate`.

Usage: cargo bench --bench validate --bench errors && python3 scripts/bench-report.py

`--typed` rewrites only the typed-payload block (between the `typed-kinds` markers) from
the per-kind groups of `benches/errors.rs`, leaving the rest of BENCHMARKS.md as it is:
for a run of just those groups, e.g.
`cargo bench --bench errors -- 'errors-(response_envelope|tool_response)'`.

Every ratio compares two engines measured in the same `cargo bench` run, on the same
documents: speed-up = baseline time / envgen time (above 1.0 means envgen is faster).
"""
import json
import os
import platform
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import markers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRIT = os.path.join(ROOT, "target", "criterion")


NAMES = {"response_envelope": "ResponseEnvelope", "tool_response": "ToolResponse",
         "meminit": "Meminit"}


def mean_ns(group, bench):
    for sub in (bench, os.path.join(bench, "300")):
        p = os.path.join(CRIT, group, sub, "new", "estimates.json")
        if os.path.exists(p):
            with open(p) as f:
                return json.load(f)["mean"]["point_estimate"]
    return None


def fmt_time(ns):
    if ns is None:
        return "n/a"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} µs"
    return f"{ns:.0f} ns"


def table(group, per, engines, envgen="envgen_from_json_str"):
    e = mean_ns(group, envgen)
    rows = [f"| engine | time per batch | per document | envgen speed-up |", "|---|---:|---:|---:|"]
    for name, label in engines:
        t = mean_ns(group, name)
        if t is None:
            continue
        ratio = "—" if name == envgen or e is None else f"**{t / e:.2f}×**"
        rows.append(f"| {label} | {fmt_time(t)} | {fmt_time(t / per)} | {ratio} |")
    return "\n".join(rows)


def ratio(group, baseline):
    b, e = mean_ns(group, baseline), mean_ns(group, "envgen_from_json_str")
    return None if b is None or e is None else b / e


def verdict(r, goal):
    if r is None:
        return "not measured"
    return f"{r:.2f}× ({'met' if r >= goal else 'not met'})"


def goals():
    """The validators' speed targets, judged from this run's numbers."""
    js = [(g, ratio(g, "jsonschema_is_valid") or ratio(g, "jsonschema_first_error"))
          for g in ("response_envelope_valid", "tool_response_valid", "meminit_valid",
                    "cmdhelp_300_commands")]
    hand = ratio("response_envelope_valid", "serde_struct")
    inv = [(g, ratio(g, "jsonschema_first_error"))
           for g in ("response_envelope_invalid", "tool_response_invalid")]
    lines = [
        "## Against the targets",
        "",
        "* Valid documents, envgen ≥ 1.2× `jsonschema`: "
        + "; ".join(f"`{g}` {verdict(r, 1.2)}" for g, r in js) + ".",
        f"* Valid documents, envgen ≥ 1.0× the hand-written struct (ResponseEnvelope): "
        f"{verdict(hand, 1.0)}.",
    ]
    if hand is not None and hand >= 1.0:
        lines += [
            "  In this run. The ratio moves by several percent from run to run on code whose",
            "  instruction count does not move: see \"Valid documents: times and instructions\"",
            "  below.",
        ]
    if hand is not None and hand < 1.0:
        lines += [
            "  The hand-written struct checks nothing. envgen's parse does the same work (the",
            "  `data` object is a `Value` in both, and is half of a document) and reads each",
            "  property through the in-flight reader (its type's own deserializer, plus where",
            "  its key stands, for a failure to be judged: docs/decisions.md, D113); on these",
            "  documents its typed check has nothing left to do after such a parse (D131).",
            "  In instructions envgen is below the struct (\"Valid documents: times and",
            "  instructions\" below); in time the ratio moves by several percent from run to",
            "  run, and a same-run A/B is in \"Figures behind the decisions\" (D131).",
        ]
    lines += [
        "* Invalid documents (first error with its path), envgen ≥ 1.5× `jsonschema`: "
        + "; ".join(f"`{g}` {verdict(r, 1.5)}" for g, r in inv) + ".",
        "  Errors are reported in flight (runtime `inflight`): no invalid document of these",
        "  workloads is parsed twice (pinned by `tests/mapping/src/inflight_tests.rs`). What an",
        "  error costs beyond the parse is serde_json's error value and the located",
        "  `ValidationError` (four strings).",
        "",
    ]
    return lines


def per_kind():
    """The per-kind tables of `benches/errors.rs` (invalid documents by kind of error), from the manifest the bench writes; nothing when it has not run."""
    manifest = os.path.join(CRIT, "errors-kinds.json")
    if not os.path.exists(manifest):
        return []
    with open(manifest) as f:
        rows = json.load(f)
    out = [
        "## Invalid documents by kind of error (`benches/errors.rs`)",
        "",
        "One criterion group per contract and kind of error: 1,000 documents that break the",
        "same rule (`tests/support/src/mutations.rs`; valid documents carry `data` lists of 0–8",
        "objects). Times are per document. `jsonschema`: parse to `Value` + `validate` (first",
        "error, with its path);",
        "envgen: `from_json_str` (first error, with its pointer, keyword, schema location and",
        "message). Reproduce: `cargo bench --bench errors && python3 scripts/bench-report.py`.",
        "`tests/envelopes/errors_inflight.rs` checks on the same kinds that every error is one the `Value`",
        "validator reports, found while parsing (no second parse).",
        "",
    ]
    worst, valid, ceilings, budgets = [], [], {}, {}
    untyped_payload = ("response_envelope", "tool_response")
    for contract in ("response_envelope", "tool_response", "meminit"):
        kinds = [r for r in rows if r["contract"] == contract]
        if not kinds:
            continue
        out += [f"### {NAMES[contract]}", "",
                "| documents | parse to `Value` only | `data` alone to `Value` | `jsonschema` first error | envgen `from_json_str` | envgen speed-up | ceiling |",
                "|---|---:|---:|---:|---:|---:|---:|"]
        for r in kinds:
            v = mean_ns(r["group"], "serde_value_only")
            d = mean_ns(r["group"], "data_value_only")
            j = mean_ns(r["group"], "jsonschema_first_error")
            e = mean_ns(r["group"], "envgen_from_json_str")
            ratio = None if j is None or e is None else j / e
            ceiling = None
            # Only where `data` is a real part of the document (not `null` or a string).
            if contract in untyped_payload and j is not None and d and d >= 0.1 * j:
                ceiling = j / d
                ceilings[(contract, r["kind"])] = ceiling
                budgets[(contract, r["kind"])] = ((j / 1.5 - d) / 1000, (e - d) / 1000 if e else None)
            if contract not in untyped_payload:
                d = None
            label = "valid" if r["kind"] == "valid" else f"`{r['kind']}`: {r['rule']}"
            shown = "n/a" if ratio is None else f"**{ratio:.2f}×**"
            cshown = "—" if ceiling is None else f"{ceiling:.2f}×"
            per = [fmt_time(x / 1000 if x else None) for x in (v, d, j, e)]
            out.append(f"| {label} | {per[0]} | {per[1]} | {per[2]} | {per[3]} | {shown} | {cshown} |")
            if ratio is not None:
                (valid if r["kind"] == "valid" else worst).append((ratio, contract, r["kind"]))
        out.append("")
    if worst:
        below = sorted(w for w in worst if w[0] < 1.5)
        low = min(worst)
        capped = [w for w in below if ceilings.get((w[1], w[2]), 99) < 1.5]
        out += [
            "**Against the targets for invalid documents**, this run:",
            "",
            f"* Every kind of error, envgen ≥ 1.5× `jsonschema`: "
            + ("met" if not below else f"not met for {len(below)} of {len(worst)} kinds: "
               + ", ".join(f"{c}/{k} {r:.2f}×" for r, c, k in below))
            + f" (lowest {low[0]:.2f}×, {low[1]}/{low[2]}).",
            "* Valid documents, envgen ≥ 1.2× `jsonschema`: "
            + "; ".join(f"{c} {r:.2f}× ({'met' if r >= 1.2 else 'not met'})"
                        for r, c, _ in valid) + ".",
            f"* Of the kinds below 1.5×, {len(capped)} have a ceiling below 1.5×"
            + (": " + ", ".join(f"{c}/{k} ({ceilings[(c, k)]:.3f}×)" for _, c, k in capped)
               if capped else "") + ".",
            "* Each row here times `jsonschema` for its whole measurement, then envgen: a",
            "  drift of this shared machine's speed between the two lands in the ratio, by",
            "  up to a third. \"Same-moment pairs\" below times the same rows batch by batch",
            "  (`scripts/paired.py`); the floor of every kind ≥ 1.0× `jsonschema` is judged",
            "  there.",
        ]
        rest = [(c, k) for _, c, k in below if (c, k) in budgets and (c, k) not in
                {(c2, k2) for _, c2, k2 in capped}]
        if rest:
            out.append("* The others below 1.5× all read an untyped `data` first. What 1.5× leaves for "
                       "everything but building `data` (the rest of the document, the checks, the "
                       "error), against what envgen spends on it: "
                       + "; ".join(f"{c}/{k} {fmt_time(budgets[(c, k)][0])} vs "
                                   f"{fmt_time(budgets[(c, k)][1])}" for c, k in rest) + ".")
        out += [
            "",
            "**The ceiling.** For ResponseEnvelope and ToolResponse, `data` is untyped",
            "(`ResponseEnvelope<T = Value>`, `ToolResponse<D = Value>`), so envgen returns it as a",
            "`serde_json::Value`, and `jsonschema` parses it into one. The column \"`data` alone",
            "to `Value`\" times only that: each document's `data` member, read by the faster of",
            "the two `Value` readers here (`payload::AnyValue`, see \"Untyped JSON\" below).",
            "A reader that returns `data` as a `Value` spends at least that on a document, even",
            "if the rest of the document and the error cost it nothing, so `jsonschema` ÷ that",
            "time (\"ceiling\") is the largest speed-up any such reader can show on the row.",
            "Where the ceiling is below 1.5×, the goal cannot be met with an untyped",
            "`data`: the time is in building the `Value` (allocation and the object map's",
            "hashing), not in validation or errors. Kinds whose error comes before `data` (`ok`,",
            "`status`, a string `error` or `data`) stop before reading it. The errors inside",
            "`error` (a union) were 0.72–0.99× in an earlier independent measurement, when they",
            "were validated by a second parse. How near the ceiling a reader comes that reads",
            "the document in order and checks nothing: \"Instructions per document\" below.",
            "",
        ] + deferral(rows)
    return out


def deferral(rows):
    """What putting off the build of `data` would trade, from this run's valid rows."""
    out = []
    for contract, label in (("response_envelope", "ResponseEnvelope"),
                            ("tool_response", "ToolResponse")):
        g = next((r["group"] for r in rows
                  if r["contract"] == contract and r["kind"] == "valid"), None)
        if g is None:
            continue
        d, k = mean_ns(g, "data_value_only"), mean_ns(g, "data_skim_only")
        e = mean_ns(g, "envgen_from_json_str")
        if None in (d, k, e):
            continue
        out.append(f"{label}: skimming `data` takes {fmt_time(k / 1000)} a valid document, "
                   f"{100 * k / e:.0f}% of envgen's {fmt_time(e / 1000)}; building it takes "
                   f"{fmt_time(d / 1000)}.")
    if not out:
        return []
    return [
        "**Why `data` is built as it is read.** A reader could skim `data` for syntax,",
        "validate the rest, and build the `Value` only when the document passed: an invalid",
        "document whose error follows `data` would then skip the build, but every valid",
        "document would pay the skim on top of it (the `data_skim_only` bench):",
        "",
    ] + [f"* {line}" for line in out] + [
        "",
        "The two targets (every kind ≥ 1.5×, and valid documents fast) pull apart there: deferring would lift those rows above their",
        "ceiling and slow every valid document by the share above. Valid documents are what",
        "a receiver mostly reads, so envgen builds `data` as it reads it.",
        "",
    ]


TYPED_NOTE = "written by scripts/bench-report.py"


def typed_kinds():
    """Typed payloads against `jsonschema` per kind, and each untyped row against its
    ceiling (`benches/errors.rs`, bench `envgen_typed_from_json_str`); nothing when they
    have not run. Returns the block with its markers, or None."""
    manifest = os.path.join(CRIT, "errors-kinds.json")
    if not os.path.exists(manifest):
        return None
    with open(manifest) as f:
        rows = json.load(f)
    payload = {"response_envelope": "`ResponseEnvelope<Page>`",
               "tool_response": "`ToolResponse<Listing>`"}
    out = ["## Invalid documents by kind of error, typed payloads",
           "",
           "The per-kind groups of `benches/errors.rs` once more, with one more reader: envgen's",
           "`from_json_str` with a typed payload, as a consumer that knows its command reads it",
           "(`ResponseEnvelope<Page>`, `ToolResponse<Listing>`: plain serde structs of the",
           "documents' `data`, `benches/support/payloads.rs`). Before timing, the bench asserts",
           "that the typed reader gives each document the untyped reader's verdict and first",
           "error (instance pointer, keyword, schema location, message), and that on the valid",
           "documents the typed `data`, written",
           "back, is the untyped `data`. Same documents, same run; times per document;",
           "speed-up = `jsonschema` first error ÷ envgen. \"of ceiling\" = the untyped speed-up ÷",
           "the row's ceiling (as in the untyped tables above, from this run: `jsonschema` ÷ building `data` alone",
           "as a `Value`), where the row reads `data`; above 100%, the error comes before",
           "`data` and the reader never builds it. \"`data` alone, typed\" times each document's",
           "`data` member read as the typed payload (`data_typed_only`), where the row reads it.",
           "Reproduce: `cargo bench --bench errors -- 'errors-(response_envelope|tool_response)'",
           "&& python3 scripts/bench-report.py --typed` (the bench's default 0.5 s warm-up and",
           "2 s measurement per engine, 10 samples).",
           ""]
    typed_all, near, costs, valid_rows = [], [], [], []
    measured = False
    for contract in ("response_envelope", "tool_response"):
        kinds = [r for r in rows if r["contract"] == contract]
        lines = []
        for r in kinds:
            j = mean_ns(r["group"], "jsonschema_first_error")
            e = mean_ns(r["group"], "envgen_from_json_str")
            t = mean_ns(r["group"], "envgen_typed_from_json_str")
            d = mean_ns(r["group"], "data_value_only")
            dt = mean_ns(r["group"], "data_typed_only")
            dv = mean_ns(r["group"], "data_typed_to_value")
            if None in (j, e, t):
                continue
            if r["kind"] == "valid" and None not in (dt, dv):
                costs.append((contract, dt, dv, t))
            if r["kind"] == "valid":
                valid_rows.append((contract, e, t))
            measured = True
            ceiling = j / d if d and d >= 0.1 * j else None
            of = None if ceiling is None else (j / e) / ceiling
            label = "valid" if r["kind"] == "valid" else f"`{r['kind']}`"
            lines.append(
                f"| {label} | {fmt_time(j / 1000)} | {fmt_time(e / 1000)} | {fmt_time(t / 1000)} | "
                + ("—" if not d or d < 0.1 * j or dt is None else f"{fmt_time(dt / 1000)}") + " | "
                f"{j / e:.2f}× | **{j / t:.2f}×** | "
                + ("—" if ceiling is None else f"{ceiling:.2f}×") + " | "
                + ("—" if of is None else f"{100 * of:.0f}%") + " |")
            if r["kind"] != "valid":
                typed_all.append((j / t, contract, r["kind"]))
                if of is not None:
                    near.append((of, contract, r["kind"]))
        if lines:
            out += [f"### {NAMES[contract]}, typed: {payload[contract]}", "",
                    "| documents | `jsonschema` first error | envgen, untyped | envgen, typed | `data` alone, typed | untyped speed-up | typed speed-up | ceiling (untyped) | untyped, of ceiling |",
                    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"] + lines + [""]
    if not measured:
        return None
    below = sorted(x for x in typed_all if x[0] < 1.5)
    low = min(typed_all)
    far = sorted(x for x in near if x[0] < 0.9)
    out += ["**Against the targets**, this run:", "",
            "* With typed payloads, every kind of error ≥ 1.5× `jsonschema`: "
            + ("met" if not below else f"not met for {len(below)} of {len(typed_all)} kinds: "
               + ", ".join(f"{c}/{k} {r:.2f}×" for r, c, k in below))
            + f" (lowest {low[0]:.2f}×, {low[1]}/{low[2]}).",
            "* Untyped rows that read `data`, each within 10% of its ceiling (≥ 90%): "
            + ("met" if not far else f"not met for {len(far)} of {len(near)} rows: "
               + ", ".join(f"{c}/{k} {100 * r:.0f}%" for r, c, k in far)) + ".",
            ]
    if valid_rows:
        slower = [(c, e, t) for c, e, t in valid_rows if t > e]
        out.append("* Valid documents, typed at least as fast as untyped: "
                   + ("met" if not slower else "not met")
                   + " (" + "; ".join(f"{NAMES[c]} {fmt_time(t / 1000)} typed, "
                                      f"{fmt_time(e / 1000)} untyped"
                                      for c, e, t in valid_rows) + ").")
    for contract, dt, dv, t in costs:
        out.append(f"* {NAMES[contract]}, valid documents: reading `data` typed alone takes "
                   f"{fmt_time(dt / 1000)} a document; writing it to a `Value` then (what the "
                   f"check of a typed generic payload does when its node asks more than a JSON "
                   f"kind, `check::generic`) would take {fmt_time((dv - dt) / 1000)} more, "
                   f"{100 * (dv - dt) / t:.0f}% of the typed reader's {fmt_time(t / 1000)}; "
                   f"here the check decides the kind without it (`check::generic_kinds`).")
    out += [
        "",
        "How the typed reader does without `Value`s (`runtime/src/private/check.rs`,",
        "`probe.rs`): a typed generic payload has no typed check of its own, but the schema",
        "nodes of these payloads ask no more than a JSON kind (ResponseEnvelope's `data`: null,",
        "object or array; ToolResponse's: an object) and, of an object, about a few named",
        "properties (under `status: success`, `truncated`, `fallback`, `failed_items`,",
        "`applied`). The generated check passes those kinds and names from the validation plan",
        "to `check::generic_kinds`, which finds the kind of the payload's JSON form with a",
        "serializer into nothing and writes the payload to a `Value` (`check::generic` →",
        "`fallback`) only when the node may fail on it. A `data` of the wrong JSON type fails",
        "in the payload's own `Deserialize`; within an in-flight session that failure is",
        "resolved when the error is taken: the value at its location is read again (a scalar",
        "only), and the schema's errors on it are the error, as the untyped reader reports",
        "them, without a second parse of the document (`check::slow_path`)."]
    return markers.block("typed-kinds", "\n".join(out), TYPED_NOTE)


def write_typed_only():
    """`--typed`: replaces the typed block of BENCHMARKS.md (or puts it before the floats
    block), nothing else."""
    block = typed_kinds()
    if block is None:
        sys.exit("bench-report: no typed-payload results in target/criterion "
                 "(run `cargo bench --bench errors` first)")
    markers.write(os.path.join(ROOT, "BENCHMARKS.md"), "typed-kinds", block,
                  before="<!-- floats:begin")
    print("wrote the typed-payload block of BENCHMARKS.md")


def untyped():
    """`payload::AnyValue` against serde_json's `Value` reader (`benches/errors.rs`,
    groups `untyped-*`); nothing when they have not run."""
    rows = []
    for contract, label in NAMES.items():
        g = f"untyped-{contract}"
        s, a = mean_ns(g, "serde_json_value"), mean_ns(g, "envgen_any_value")
        if s is None or a is None:
            continue
        rows.append(f"| {label} | {fmt_time(s / 1000)} | {fmt_time(a / 1000)} | **{s / a:.2f}×** |")
    if not rows:
        return []
    return [
        "## Untyped JSON: `payload::AnyValue` against `serde_json`'s `Value` reader",
        "",
        "Generated deserializers read a `serde_json::Value` property, an undeclared property",
        "kept whole, and a generic payload of the default type (`ResponseEnvelope<T = Value>`)",
        "through `envgen_runtime::__private::payload::AnyValue`: the same `Value` (asserted on every",
        "document before timing), each array and object allocated once at its final size.",
        "Each contract's 1,000 valid documents of the per-kind groups, read whole as untyped",
        "JSON; times per document. Reproduce: `cargo bench --bench errors` (groups",
        "`untyped-*`), then `python3 scripts/bench-report.py`.",
        "",
        "| documents | `serde_json::from_str::<Value>` | `AnyValue` | speed-up |",
        "|---|---:|---:|---:|",
    ] + rows + [""]


def main():
    if "--typed" in sys.argv[1:]:
        return write_typed_only()
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    engines = [
        ("serde_struct", "hand-written `#[derive(Deserialize)]` struct, no validation"),
        ("jsonschema_is_valid", "`jsonschema`: parse to `Value` + `is_valid`"),
        ("jsonschema_first_error", "`jsonschema`: parse to `Value` + first error (`validate`)"),
        ("naive_value_then_typed", "naive envgen: parse to `Value`, `validate_value`, `from_value`"),
        ("envgen_from_json_str", "**envgen `from_json_str`** (typed parse + typed checks)"),
        ("serde_value_only", "parse to `serde_json::Value` only, no validation"),
    ]
    out = [
        "# Benchmarks",
        "",
        "Reproduce: `cargo bench --bench validate --bench errors && python3 scripts/bench-report.py` (this file is",
        "written by the script from criterion's results; every ratio compares engines measured in the",
        "same run, on the same documents). Speed-up = baseline time / envgen time.",
        "",
        f"Machine: {cpu}, {os.cpu_count()} cores; {rustc}; release profile. The bench sources are",
        "`benches/validate.rs` and `benches/errors.rs`; documents are generated with a fixed seed,",
        "and every engine's verdict is asserted before timing.",
        "",
        "## ResponseEnvelope, 10,000 valid documents",
        "",
        table("response_envelope_valid", 10_000, engines),
        "",
        "## ResponseEnvelope, 10,000 invalid documents (one broken rule each)",
        "",
        "Rules broken in turn: negative `duration_ms`, `schema_version` pattern, unknown top-level",
        "key, non-object `data`, non-string warning, missing `error`, non-boolean `ok`, missing",
        "`duration_ms`. envgen returns the first error with its instance pointer, keyword and schema",
        "location; `jsonschema_first_error` likewise returns its first error with a path.",
        "",
        table("response_envelope_invalid", 10_000, engines),
        "",
        "## ToolResponse, 10,000 valid documents",
        "",
        table("tool_response_valid", 10_000, engines),
        "",
        "## ToolResponse, 10,000 invalid documents (one broken rule each)",
        "",
        "Rules broken in turn: negative `stats.time_ms`, unknown `status`, unknown top-level key,",
        "non-scalar extra stat, `status: error` without `error` (the schema's `if`/`then`), missing",
        "`context.params_input`.",
        "",
        table("tool_response_invalid", 10_000, engines),
        "",
        "## Meminit, 200 valid documents (0–19 issues each)",
        "",
        table("meminit_valid", 200, engines),
        "",
        "## cmdhelp, one document of 300 commands",
        "",
        table("cmdhelp_300_commands", 1, engines),
        "",
    ] + goals() + per_kind() + untyped() + [
        "Timings on this shared 2-core machine vary from run to run by up to 2× (other load);",
        "ratios within one run are stable to about ±15%.",
        "",
    ]
    # Keep the blocks written elsewhere: the codegen block (scripts/codegen-perf.py), the
    # builder compile-cost block (scripts/builder-cost.sh), the no-op rebuild check
    # (scripts/noop-rebuild.sh), the before/after table of the validation plan
    # (scripts/bench-compare.py), the compile-cost table (scripts/compile-cost.py) with
    # the hand-written analysis after it (`compile-where`), the instruction counts per
    # document (scripts/instructions.py), the same-moment pairs (scripts/paired.py) and the figures behind docs/decisions.md
    # (`decisions`, hand-written, last). The typed-payload block is written from this run
    # when it measured one, else kept.
    path = os.path.join(ROOT, "BENCHMARKS.md")
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
        typed = typed_kinds()
        if typed is not None:
            out += [typed, ""]
        for name in ("typed-kinds", "instructions", "paired", "valid-spread", "floats", "codegen", "codegen-goals",
                     "builders", "rebuild", "plan", "scale", "compile-cost", "typed-api-lines",
                     "compile-where", "decisions"):
            if name == "typed-kinds" and typed is not None:
                continue
            kept = markers.read_block(old, name)
            if kept is not None:
                out += [kept, ""]
    with open(path, "w") as f:
        f.write("\n".join(out))
    print("wrote BENCHMARKS.md")


if __name__ == "__main__":
    sys.exit(main())
