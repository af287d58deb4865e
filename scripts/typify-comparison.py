#!/usr/bin/env python3
"""Side-by-side record of typify 0.8's API and envgen's, on typify's own test schemas.

For each schema of ../shared/corpus/typify/ (typify/tests/schemas/*.json,
typify-impl/tests/{github,vega}.json, example.json, extension-schema.json) this runs

    cargo typify SCHEMA -o WORK/typify/STEM.rs          (builders on: the CLI's default)
    target/debug/envgen --schema SCHEMA -o WORK/envgen/STEM.rs

reads both generated files as Rust source text (prettyplease/rustfmt layout: top-level
items start at column 0), and compares them feature by feature: for each type typify
generates and each piece of API it offers (derives, trait impls, the builder, field-type
features such as tuples, integer widths, `Option`, `Box`, maps, typed `format` values, serde
defaults, an enum's serde tag), envgen's counterpart as found in envgen's output, or a
reason from REASONS below (a "gap:" where envgen lacks something a Rust user may want), or
"TODO".

It writes docs/typify-comparison.md: versions, totals, a feature summary across all
schemas (per feature: how many typify types offer it, how many have an envgen counterpart,
its most common form, the reasons where there is none), the reasons, and per schema the
same summary plus one row per type (features grouped) for schemas with at most
DETAIL_MAX_TYPES typify types. The per-type rows of larger schemas (github.json) go to
WORK/detail/STEM.md, which is not committed.

Nothing about envgen's API is hard-coded: every counterpart is looked up in the file
envgen generated during this run. The one exception is what the runtime's item macros
expand to: envgen writes some impls through top-level calls of `envgen_runtime`'s
`document!` (the entry points `from_json_str`, `from_json_str_with`, `validate`,
`validate_with` and `impl Document`), `string_enum!` (a string enum's `as_str`, `Display`,
`FromStr`, `TryFrom<&str>`/`TryFrom<String>` or, with a catch-all, `From<&str>`/
`From<String>`; with `serde(..)` also `Serialize` and `Deserialize`),
`de::deserialize_map!` (a struct's `Deserialize` through its `ReadMap` impl) and
`de::uninhabited!` (both serde impls of an enum of no variants);
`expand_runtime_macros` writes those impls out as stubs before the file is read (per
runtime/src/private/), and warns about a call of any other runtime macro.

envgen-specific readings: a field envgen does not store because its schema admits one
string (a required `const`/one-value `enum` property: the struct's associated const
`T::TYPE` gives it) is "implied by the variant"; a Rust tuple typify makes is compared with
envgen's tuple struct `T(A, B)` (`prefixItems` whose `minItems` covers them).

Standard library only. Usage:

    cargo install cargo-typify --version 0.8.0
    python3 scripts/typify-comparison.py [--out PATH] [--work DIR] [--envgen PATH]

It takes about half a minute (two binaries over 24 schemas; github.json and vega.json are
most of it).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = "../shared/corpus/typify"  # relative to REPO; printed as is in the document

# --------------------------------------------------------------------------------------
# Reasons. A feature of typify's output with no counterpart in envgen's output takes one of
# these, chosen by what the script finds in both outputs (see `compare`); id -> (status,
# title, text). Status "gap" marks something envgen lacks that a Rust user may want. A
# feature no rule explains is left "TODO".
# --------------------------------------------------------------------------------------
REASONS = {
    "builder-typestate": ("reason", "builders start from `T::builder()`",
        "envgen's builders start from `T::builder()`: a typestate builder where the struct has "
        "required fields (one not set is a compile error), else a wrapper around the struct "
        "with every field unset; a built or parsed value is changed through its public fields, "
        "so no builder is made from a value"),
    "format-string": ("reason", "`format` held as `String`",
        "envgen holds `String` for a string `format` by default, so that generated code and "
        "its runtime need no chrono/uuid; `--map-format date-time=::chrono::DateTime<::chrono::Utc>` "
        "(`Settings::map_format`) gives the same types (docs/type-mapping.md, \"Choosing a Rust "
        "type\")"),
    "option-field": ("reason", "optional fields stay `Option`",
        "envgen keeps an optional field `Option` (`Option<Vec<_>>`, `Option<Map>`, `Option<()>` "
        "for a `null` schema) so that an absent key and `[]` (or `null`) stay distinct and a "
        "round trip writes back what was read; where the schema gives a `default` such as "
        "`[]`, an accessor returns it (`&[T]`)"),
    "default-no-accessor": ("reason", "default kept out of the value",
        "envgen keeps the field `Option`, so a round trip writes back exactly what was read "
        "(typify writes the default into output whose input never had it); an accessor gives "
        "the default only for the defaults docs/type-mapping.md lists (booleans, integers that "
        "fit, numbers, strings, enum literals, `[]`, `null`); this one is not among them"),
    "union-from-dup": ("reason", "`From` would conflict",
        "envgen generates `From<T>` on a union only for a variant whose Rust type no other "
        "variant holds (two impls for one type would conflict); here another variant holds the "
        "same type"),
    "union-from-unit": ("reason", "no `From<()>`",
        "envgen generates no `From<T>` for a variant holding `()`, a generic parameter, a "
        "mapped type or the enum itself"),
    "issue43-union": ("reason", "no string parsing of unions",
        "a union is built from its variants (`From<T>`) or parsed from JSON (`from_json_str`), "
        "and checked by `validate()`; it has no `FromStr`/`TryFrom<&str>`, as which variant a "
        "string becomes is not the schema's choice (`\"5\"` fits a `string` branch, `5` an "
        "`integer` one); `Display` only where every variant holds a string, a number, a "
        "boolean or a string enum (docs/type-mapping.md, \"Unions from their variants\")"),
    "issue43-newtype": ("reason", "validating newtypes on request",
        "by default envgen holds the plain type (`String`, or the union) and checks the "
        "constraints in `validate()`, the builder and the typed parse; "
        "`--validating-newtypes` gives a constrained string a newtype with `new`, `FromStr`, "
        "`TryFrom`, `Deref<Target = str>` and `Display` that checks its schema "
        "(docs/type-mapping.md, \"Constrained strings and numbers\")"),
    "inner-type": ("reason", "none needed: no wrapper",
        "none needed: envgen's type is the inner type (a type alias, or the field holds it "
        "directly), so there is nothing to deref or convert"),
    "newtype-struct": ("reason", "public newtype field",
        "envgen's newtype `struct T(pub I)` has `Deref`, `DerefMut` and `From<I>`; its field is "
        "public (`value.0`), and it has no `From<T> for I`"),
    "derives-literal": ("reason", "derives on literal enums only",
        "envgen derives `Copy`, `Eq`, `Hash`, `PartialOrd`, `Ord` only on enums whose every "
        "variant is a literal; other types derive `Debug, Clone, PartialEq` (and `Default` where "
        "every field can take a value): a struct holding an `f64` or a `serde_json::Value` "
        "cannot have them, and one rule keeps a type's derives from changing with an unrelated "
        "schema change"),
    "alias-traits": ("reason", "the aliased type's traits",
        "envgen's type is a plain Rust type (a type alias, or the field holds it), which brings "
        "its own traits; it lacks this one"),
    "default-rule": ("reason", "`Default` only without a caller's value",
        "envgen implements `Default` only where every field can take a value without the "
        "caller (docs/type-mapping.md, \"Default\"); envgen's type is not such a struct"),
    "f64": ("reason", "`number` is `f64`",
        "envgen holds `number` as `f64` (every JSON number a schema accepts is held as closely "
        "as `f64` can); `--map-format float=f32` narrows on request"),
    "int-bounds": ("reason", "integer width from bounds",
        "envgen narrows integers by their bounds (`minimum`..`maximum`, e.g. 0..=255 → `u8`), "
        "never by `format` alone (an annotation in JSON Schema); `--map-format int32=i32` "
        "narrows on request. typify's `NonZeroU*` for `minimum: 1` is not used (literals like "
        "`.port(8080)` stay plain)"),
    "tuple-short": ("reason", "a tuple only where `minItems` covers the items",
        "envgen makes a tuple struct of `prefixItems` (array-form `items` before 2020-12) only "
        "where `minItems` is at least their number: `prefixItems` alone accepts shorter arrays, "
        "which a tuple could not hold (docs/soundness.md); this array stays "
        "`Vec<serde_json::Value>`, its items checked by `validate()`, the builder and the typed "
        "parse"),
    "literal-enum": ("reason", "enum of literals",
        "envgen generates an enum of the schema's literals (`BlockSize::V512`, …), not a "
        "wrapper around the literal's type: there is no inner value to deref"),
    "null-not-listed": ("reason", "`null` not in the `enum`",
        "the schema's `enum` does not list `null`, so the value is never null: envgen's type is "
        "the enum itself, where typify wraps it in `Option`"),
    "allof-null": ("reason", "`allOf` narrowing checked",
        "`allOf` narrows the base schema's value to `null`; envgen's field keeps the base "
        "schema's type (`Option<E>`) and checks that it is null in `validate()`, the builder "
        "and the typed parse"),
    "type-list-union": ("reason", "a variant per listed type",
        "envgen generates an enum with a variant per type the schema lists (`Boolean(bool)`, "
        "`Object(Map)`, …, each with `From`), not a wrapper around `serde_json::Value`"),
    "x-rust-type": ("reason", "`x-rust-type` honoured",
        "envgen uses the type the schema's `x-rust-type` names (`std::path::PathBuf`), which "
        "has no `Display` (its `.display()` formats it); typify wraps a `String`"),
    "not-any-value": ("reason", "`not` accepts any other value",
        "envgen holds `serde_json::Value`: a `not` schema accepts every value it does not "
        "exclude, numbers and objects included (typify's newtype holds a `String`); the "
        "exclusion is checked by `validate()`, the builder and the typed parse"),
    "map-not-struct": ("reason", "object without properties is a map",
        "the schema declares no `properties` (only `required`): envgen holds the object as a "
        "map (`serde_json::Map<String, Value>`), whose required keys `validate()` and the typed "
        "parse of the type holding it check; a map needs no builder"),
    "draft04-const": ("reason", "draft-04 has no `const`",
        "the schema declares draft-04, where `const` is no keyword (it came with draft-06): "
        "`{\"const\": …}` accepts every value, so envgen holds a `oneOf`/`anyOf` branch "
        "`{\"const\": …}` as a `serde_json::Value` variant (and a string that another branch "
        "also accepts fails `oneOf`), and a property `{\"const\": …}` as a field, not as a tag "
        "implied by the variant; typify reads `const` whatever the draft"),
    "JsonSchema": ("reason", "schemars on request",
        "envgen derives `schemars::JsonSchema` with `--schemars` (not used for this run)"),
    "literal-conv": ("gap", "no conversion of non-integer literals",
        "gap: an enum of literals that are not all strings or all integers (objects, numbers "
        "with a fraction, mixed kinds) has no conversion from or to the literal's value; only "
        "serde reads and writes it (an enum of integers has `From<E> for i64` and "
        "`TryFrom<i64>`)"),
    "never": ("gap", "no uninhabited type",
        "gap: a schema that accepts no value (`false`, `not: true`, `enum: []`) is held as "
        "`serde_json::Value`, which the containing type's parse refuses, not as an uninhabited "
        "enum, so it has none of the derives typify's empty enum has"),
    "literal-oneof": ("gap", "`oneOf` of literals is no string enum",
        "gap: a `oneOf` of single-literal branches (`{\"const\": \"A\"}`, "
        "`{\"enum\": [\"B\"]}`) is a union of one-variant enums (`E::A(EA)`), not one string "
        "enum with `Display`, `FromStr` and the literal derives"),
    "tuple-rest": ("gap", "further items stay a `Vec`",
        "gap: envgen's tuple struct has a field per `prefixItems` (array-form `items`) item; "
        "the items after them are its last field, a `Vec`, even where `minItems`/`maxItems` fix "
        "their number (checked by `validate()`, the builder and the typed parse), where typify "
        "makes a tuple element of each"),
    "array-len": ("gap", "a length fixed through `allOf` stays a `Vec`",
        "gap: an array schema whose items share one schema and whose `minItems` = `maxItems` "
        "fix its length is a struct of `[T; N]`, but where a property's length is fixed by "
        "another `allOf` member than the one its field's type comes from, the field keeps "
        "that member's `Vec<T>` (the length checked by `validate()`, the builder and the typed "
        "parse)"),
}
TODO = "TODO"

# Traits a plain Rust type brings along, for envgen types that are aliases of it.
_PRIM_ALL = {"Clone", "Copy", "Debug", "Default", "Eq", "Hash", "Ord", "PartialEq",
             "PartialOrd", "Display", "FromStr", "Serialize", "Deserialize"}
PRIM_TRAITS = {
    "String": (_PRIM_ALL - {"Copy"}) | {"TryFrom<&str>", "TryFrom<String>", "From<String>",
                                         "From<&str>"},
    "bool": _PRIM_ALL,
    "f64": {"Clone", "Copy", "Debug", "Default", "PartialEq", "PartialOrd", "Display",
            "FromStr", "Serialize", "Deserialize"},
    "serde_json::Value": {"Clone", "Debug", "Default", "PartialEq", "Eq", "Hash", "Display",
                          "FromStr", "Serialize", "Deserialize"},
    "()": _PRIM_ALL - {"Display", "FromStr"},
    "&'static str": _PRIM_ALL - {"FromStr"},
    "std::path::PathBuf": {"Clone", "Debug", "Default", "Eq", "Hash", "Ord", "PartialEq",
                           "PartialOrd", "Serialize", "Deserialize", "FromStr", "From<String>"},
}
for _w in ("i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128"):
    PRIM_TRAITS[_w] = _PRIM_ALL
COLLECTION_TRAITS = {"Clone", "Debug", "PartialEq", "Eq", "Hash", "Ord", "PartialOrd",
                     "Serialize", "Deserialize"}

INT_RE = re.compile(r"\b(?:i8|i16|i32|i128|isize|u8|u16|u32|u128|usize|NonZero\w*)\b")
MAP_RE = re.compile(r"\b(?:HashMap|BTreeMap|IndexMap|serde_json::Map)<")
FORMAT_RE = re.compile(r"\b(?:chrono::[\w:]+|uuid::Uuid|Ipv4Addr|Ipv6Addr|IpAddr|SocketAddr)\b")
ANSI_RE = re.compile(r"\x1b\[[0-9;]*m")


# ======================================================================================
# Rust source text: comments and literals blanked, items split at column 0
# ======================================================================================

_LEX = re.compile(r"//|/\*|b?r#*\"|b?\"|'")
_IDENT_CHAR = re.compile(r"[A-Za-z0-9_]")


def blank(src):
    """Same length as src, newlines kept; comments and the insides of string and char
    literals are spaces, so brackets can be counted on it."""
    out = []
    pos = 0
    n = len(src)

    def spaces(a, b):
        return re.sub(r"[^\n]", " ", src[a:b])

    i = 0
    while True:
        m = _LEX.search(src, i)
        if not m:
            break
        s = m.start()
        tok = m.group()
        if tok[0] in "br" and s > 0 and _IDENT_CHAR.match(src[s - 1]):
            i = s + 1  # part of an identifier (`for"`, `bar"` cannot happen; be safe)
            continue
        if tok == "//":
            e = src.find("\n", s)
            e = n if e < 0 else e
            out.append(src[pos:s]); out.append(spaces(s, e)); pos = i = e
        elif tok == "/*":
            depth, j = 1, s + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth += 1; j += 2
                elif src.startswith("*/", j):
                    depth -= 1; j += 2
                else:
                    j += 1
            out.append(src[pos:s]); out.append(spaces(s, j)); pos = i = j
        elif tok.endswith('"') and "r" in tok:
            hashes = tok.count("#")
            close = '"' + "#" * hashes
            e = src.find(close, m.end())
            e = n if e < 0 else e
            out.append(src[pos:m.end()]); out.append(spaces(m.end(), e)); pos = i = e
        elif tok.endswith('"'):
            j = m.end()
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append(src[pos:m.end()]); out.append(spaces(m.end(), j)); pos = j; i = j + 1
        else:  # ' : char literal or lifetime
            if s + 1 < n and src[s + 1] == "\\":
                j = s + 2
                while j < n and src[j] != "'":
                    j += 1
                if j == s + 2:  # '\''
                    j = src.find("'", s + 3)
                out.append(src[pos:s + 1]); out.append(spaces(s + 1, j)); pos = j; i = j + 1
            elif s + 2 < n and src[s + 2] == "'":
                out.append(src[pos:s + 1]); out.append(" "); pos = s + 2; i = s + 3
            else:
                i = s + 1  # lifetime
    out.append(src[pos:])
    res = "".join(out)
    assert len(res) == len(src)
    return res


_OPEN = {"(": ")", "[": "]", "{": "}"}


def match_close(b, i):
    """Index of the bracket closing the one at b[i] ((, [ or {)."""
    depth = 0
    for j in range(i, len(b)):
        c = b[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return len(b) - 1


def skip_angle(b, i):
    """b[i] == '<': index just past the matching '>'."""
    depth = 0
    j = i
    while j < len(b):
        c = b[j]
        if c == "<":
            depth += 1
        elif c == ">" and b[j - 1] not in "-=":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return j


def split_top(b, lo, hi, sep=","):
    """Ranges of b[lo:hi] separated by sep outside every bracket (angle ones too)."""
    ranges, depth, start = [], 0, lo
    for j in range(lo, hi):
        c = b[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "<":
            depth += 1
        elif c == ">" and b[j - 1] not in "-=":
            depth -= 1
        elif c == sep and depth == 0:
            ranges.append((start, j)); start = j + 1
    ranges.append((start, hi))
    return [(a, z) for a, z in ranges if b[a:z].strip()]


START_WORDS = {"pub", "impl", "fn", "mod", "struct", "enum", "type", "const", "static",
               "use", "trait", "unsafe", "extern", "macro_rules!", "async"}


class Src:
    """A piece of source: original text and its blanked twin, same length."""
    __slots__ = ("o", "b")

    def __init__(self, o, b=None):
        self.o = o
        self.b = blank(o) if b is None else b

    def sub(self, a, z):
        return Src(self.o[a:z], self.b[a:z])

    def dedent(self, k=4):
        oo, bb = [], []
        for lo, lb in zip(self.o.split("\n"), self.b.split("\n")):
            m = len(lo) - len(lo.lstrip(" "))
            d = min(k, m)
            oo.append(lo[d:]); bb.append(lb[d:])
        return Src("\n".join(oo), "\n".join(bb))


def split_items(src):
    """Top-level items of src (each a Src), split where a line at column 0 and bracket
    depth 0 starts an item: an attribute, a doc comment, or an item keyword."""
    olines = src.o.split("\n")
    blines = src.b.split("\n")
    starts = []
    depth = 0
    for k, (lo, lb) in enumerate(zip(olines, blines)):
        if depth == 0 and lo and not lo[0].isspace():
            if lb.startswith("#") or lo.startswith("//") or lo.startswith("/*"):
                starts.append(k)
            else:
                w = re.match(r"[A-Za-z_!]+", lb)
                if w and w.group() in START_WORDS:
                    starts.append(k)
        depth += (lb.count("(") + lb.count("[") + lb.count("{")
                  - lb.count(")") - lb.count("]") - lb.count("}"))
    items = []
    # An item is its run of attribute/doc lines plus the code after them.
    group = []
    for idx, s in enumerate(starts):
        e = starts[idx + 1] if idx + 1 < len(starts) else len(olines)
        group.append((s, e))
        code = blines[s]
        if code.startswith("#") or not code.strip():
            # attribute or doc line: belongs to the next code start unless it is a
            # complete item on its own (inner attribute `#![..]`)
            if code.startswith("#!"):
                group = []
            continue
        a = group[0][0]
        items.append(Src("\n".join(olines[a:e]), "\n".join(blines[a:e])))
        group = []
    return items


def take_attrs(src):
    """(attrs, docs, code_start): leading `#[..]` attributes (original text), doc lines
    (from `///` comments and `#[doc = ".."]`), index where the code starts."""
    b, o = src.b, src.o
    attrs, docs = [], []
    i = 0
    n = len(b)
    while True:
        while i < n and b[i].isspace():
            i += 1
        if i < n and b[i] == "#" and b.startswith("[", i + 1):
            e = match_close(b, i + 1)
            a = o[i:e + 1]
            md = re.match(r'#\[doc\s*=\s*r?"(.*)"\]$', a, re.S)
            if md:
                docs.append(md.group(1).strip())
            else:
                attrs.append(a)
            i = e + 1
            continue
        break
    for line in o[:i].split("\n"):
        s = line.strip()
        if s.startswith("///"):
            docs.append(s[3:].strip())
    return attrs, docs, i


def norm_ty(s):
    """A Rust type or path, one line, std/core/alloc paths shortened, leading `::`,
    `super::`, `self::` and `envgen_runtime::` removed."""
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r"\s*::\s*", "::", s)
    s = re.sub(r"\s*<\s*", "<", s)
    s = re.sub(r"\s*>", ">", s)
    s = re.sub(r"\s*,\s*", ", ", s)
    s = re.sub(r",\s*>", ">", s)
    s = re.sub(r"\(\s+", "(", s)
    s = re.sub(r"\s+\)", ")", s)
    s = re.sub(r",\s*\)", ")", s)
    s = re.sub(r",\s*$", "", s)
    s = re.sub(r"(?<![\w:])::", "", s)
    s = re.sub(r"\b(?:std|core|alloc)::(?!path::)(?:[a-z_0-9]+::)*", "", s)
    s = re.sub(r"\b(?:super|self)::", "", s)
    s = re.sub(r"\benvgen_runtime::", "", s)
    s = re.sub(r"(\d+)usize\b", r"\1", s)
    s = re.sub(r"&\s+", "&", s)
    return s


def trait_key(raw):
    """`::std::convert::TryFrom<&str>` -> `TryFrom<&str>`; `serde::Deserialize<'de>` ->
    `Deserialize`."""
    t = norm_ty(raw)
    t = re.sub(r"<'\w+>", "", t)
    t = re.sub(r"<'\w+, ", "<", t)
    lt = t.find("<")
    path, gen = (t, "") if lt < 0 else (t[:lt], t[lt:])
    return path.split("::")[-1] + gen


def base_name(ty):
    """`ResponseEnvelope<T>` -> `ResponseEnvelope`; `builder::X` -> `builder::X`."""
    t = norm_ty(ty)
    lt = t.find("<")
    return t if lt < 0 else t[:lt]


# --------------------------------------------------------------------------------------
# Parsed model
# --------------------------------------------------------------------------------------

class Slot:
    """A place holding a value of some type: a field, a newtype's `.0`, an alias target,
    an enum variant's payload."""

    def __init__(self, label, key, ty_raw, attrs=()):
        self.label = label          # what the document prints: `port`, `.0`, `Variant.0`
        self.key = key              # what is matched across the two outputs
        self.raw = ty_raw
        self.ty = norm_ty(ty_raw)
        self.attrs = list(attrs)


class Fn:
    def __init__(self, name, params, ret, vis):
        self.name = name
        self.params = params
        self.ret = ret
        self.pub = vis

    def receiver(self):
        p = self.params.strip()
        m = re.match(r"(&\s*(?:'\w+\s+)?(?:mut\s+)?self|mut\s+self|self)\b", p)
        return re.sub(r"\s+", " ", m.group(1)) if m else None

    def sig(self):
        r = f" -> {self.ret}" if self.ret else ""
        return f"fn {self.name}({self.params}){r}"


class Impl:
    def __init__(self, module, trait_raw, self_raw, fns, assoc, text, consts=None):
        self.module = module
        self.consts = consts or {}  # pub associated consts: name -> (type, value text)
        self.trait_raw = trait_raw
        self.trait = trait_key(trait_raw) if trait_raw else None
        self.self_raw = self_raw
        self.fns = fns
        self.assoc = assoc          # {"Target": "..."}
        self.text = text            # original text of the whole impl


class TypeDef:
    def __init__(self, module, name, kind):
        self.module = module
        self.name = name
        self.kind = kind            # struct | tuple | unit | enum | alias
        self.generics = ""
        self.derives = []
        self.attrs = []
        self.docs = []
        self.slots = []             # Slot
        self.variants = []          # (name, kind)
        self.alias = None
        self.impls = []             # Impl with this as Self (trait impls)
        self.inherent = []          # Fn (pub) in `impl Self { .. }`
        self.outgoing = []          # Impl `From<Self> for Foreign`
        self.consts = {}            # pub associated consts in `impl Self`: name -> (ty, value)
        self.lines = 0

    @property
    def qual(self):
        return f"{self.module}::{self.name}" if self.module else self.name


class Crate:
    def __init__(self, text):
        self.text = text
        self.lines = text.count("\n") + (0 if text.endswith("\n") else 1)
        self.types = {}             # qual -> TypeDef
        self.impls = []
        self.fns = {}               # "defaults::name" -> Fn  (module-level fns)
        self.modules = set()
        self._parse(Src(text), "")
        self._attach()

    # -- parsing ------------------------------------------------------------------------
    def _parse(self, src, module):
        for item in split_items(src):
            attrs, docs, i = take_attrs(item)
            b = item.b
            m = re.compile(r"\s*(pub(?:\s*\([^)]*\))?\s+)?((?:(?:const|async|unsafe)\s+)*)"
                           r"(struct|enum|type|fn|impl|mod|const|static|use|trait)\b").match(b, i)
            if not m:
                continue
            vis = bool(m.group(1))
            kw = m.group(3)
            j = m.end()
            if kw == "mod":
                mn = re.compile(r"\s*(\w+)\s*").match(b, j)
                name = mn.group(1)
                k = mn.end()
                if k < len(b) and b[k] == "{" and vis:
                    e = match_close(b, k)
                    sub = module + "::" + name if module else name
                    self.modules.add(sub)
                    self._parse(item.sub(k + 1, e).dedent(), sub)
            elif kw in ("struct", "enum", "type"):
                self._parse_type(item, attrs, docs, j, kw, module)
            elif kw == "impl":
                self._parse_impl(item, j, module)
            elif kw == "fn" and module:
                f = parse_fn(item, j, vis)
                if f:
                    self.fns[f"{module}::{f.name}"] = f

    def _parse_type(self, item, attrs, docs, j, kw, module):
        b, o = item.b, item.o
        mn = re.compile(r"\s*(?:r#)?(\w+)").match(b, j)
        name = mn.group(1)
        k = mn.end()
        gen = ""
        if k < len(b) and b[k] == "<":
            e = skip_angle(b, k)
            gen = norm_ty(o[k:e]); k = e
        t = TypeDef(module, name, None)
        t.generics = gen
        t.docs = docs
        t.lines = item.o.count("\n") + 1
        for a in attrs:
            md = re.match(r"#\[derive\((.*)\)\]$", a, re.S)
            if md:
                t.derives += [trait_key(d) for d in split_plain(md.group(1))]
            else:
                t.attrs.append(re.sub(r"\s+", " ", a))
        while k < len(b) and b[k].isspace():
            k += 1
        if b.startswith("where", k):
            k = b.find("{", k) if b.find("{", k) >= 0 else b.find(";", k)
        if kw == "type":
            e = b.find(";", k)
            t.kind = "alias"
            t.alias = norm_ty(o[k + 1:e])
            t.slots.append(Slot("=", "=", o[k + 1:e]))
        elif kw == "struct":
            if k < len(b) and b[k] == "{":
                t.kind = "struct"
                e = match_close(b, k)
                for a, z in split_top(b, k + 1, e):
                    fs = item.sub(a, z)
                    fattrs, _, fi = take_attrs(fs)
                    mf = re.compile(r"\s*(?:pub(?:\s*\([^)]*\))?\s+)?(?:r#)?(\w+)\s*:").match(fs.b, fi)
                    if mf:
                        t.slots.append(Slot(mf.group(1), mf.group(1), fs.o[mf.end():], fattrs))
            elif k < len(b) and b[k] == "(":
                t.kind = "tuple"
                e = match_close(b, k)
                for idx, (a, z) in enumerate(split_top(b, k + 1, e)):
                    fs = item.sub(a, z)
                    fattrs, _, fi = take_attrs(fs)
                    mt = re.compile(r"\s*(?:pub(?:\s*\([^)]*\))?\s+)?").match(fs.b, fi)
                    t.slots.append(Slot(f".{idx}", f".{idx}", fs.o[mt.end():], fattrs))
            else:
                t.kind = "unit"
        else:
            t.kind = "enum"
            e = match_close(b, k)
            for a, z in split_top(b, k + 1, e):
                vs = item.sub(a, z)
                vattrs, _, vi = take_attrs(vs)
                mv = re.compile(r"\s*(\w+)\s*").match(vs.b, vi)
                if not mv:
                    continue
                vname = mv.group(1)
                r = mv.end()
                if r < len(vs.b) and vs.b[r] == "(":
                    ve = match_close(vs.b, r)
                    parts = split_top(vs.b, r + 1, ve)
                    t.variants.append((vname, "tuple"))
                    for idx, (pa, pz) in enumerate(parts):
                        lab = f"{vname}.{idx}" if len(parts) > 1 else vname
                        t.slots.append(Slot(lab, lab, vs.o[pa:pz], vattrs))
                elif r < len(vs.b) and vs.b[r] == "{":
                    ve = match_close(vs.b, r)
                    t.variants.append((vname, "struct"))
                    for pa, pz in split_top(vs.b, r + 1, ve):
                        fs = vs.sub(pa, pz)
                        fattrs, _, fi = take_attrs(fs)
                        mf = re.compile(r"\s*(?:r#)?(\w+)\s*:").match(fs.b, fi)
                        if mf:
                            lab = f"{vname}.{mf.group(1)}"
                            t.slots.append(Slot(lab, lab, fs.o[mf.end():], fattrs))
                else:
                    t.variants.append((vname, "unit"))
        self.types[t.qual] = t

    def _parse_impl(self, item, j, module):
        b, o = item.b, item.o
        k = j
        while k < len(b) and b[k].isspace():
            k += 1
        if k < len(b) and b[k] == "<":
            k = skip_angle(b, k)
        body = b.find("{", k)
        if body < 0:
            return
        head = o[k:body]
        hb = b[k:body]
        # drop a where clause, then split `Trait for Type` outside angle brackets
        w = re.search(r"\bwhere\b", hb)
        if w:
            head, hb = head[:w.start()], hb[:w.start()]
        trait_raw, self_raw = None, head
        depth = 0
        for p in range(len(hb)):
            c = hb[p]
            if c == "<":
                depth += 1
            elif c == ">" and hb[p - 1] not in "-=":
                depth -= 1
            elif depth == 0 and hb.startswith("for", p) and (p == 0 or hb[p - 1].isspace()) \
                    and p + 3 < len(hb) and hb[p + 3].isspace():
                trait_raw, self_raw = head[:p], head[p + 3:]
                break
        e = match_close(b, body)
        inner = item.sub(body + 1, e).dedent()
        fns, assoc, consts = [], {}, {}
        for it in split_items(inner):
            _, _, i = take_attrs(it)
            mc = re.compile(r"\s*pub\s+const\s+(\w+)\s*:").match(it.b, i)
            if mc:
                parts = split_top(it.b, mc.end(), len(it.b), ";")
                if parts:
                    a, z = parts[0]
                    ty, _, val = it.o[a:z].partition("=")
                    consts[mc.group(1)] = (norm_ty(ty), val.strip())
                continue
            m = re.compile(r"\s*(pub(?:\s*\([^)]*\))?\s+)?((?:(?:const|async|unsafe)\s+)*)"
                           r"(fn|type)\b").match(it.b, i)
            if not m:
                continue
            if m.group(3) == "fn":
                f = parse_fn(it, m.end(), bool(m.group(1)))
                if f:
                    fns.append(f)
            else:
                ma = re.compile(r"\s*(\w+)\s*=\s*").match(it.b, m.end())
                if ma:
                    parts = split_top(it.b, ma.end(), len(it.b), ";")
                    if parts:
                        a, z = parts[0]
                        assoc[ma.group(1)] = norm_ty(it.o[a:z])
        self.impls.append(Impl(module, trait_raw, self_raw, fns, assoc, o, consts))

    # -- linking impls to types -----------------------------------------------------------
    def resolve(self, raw, module):
        """The qualified name of a generated type a path names, seen from module."""
        t = norm_ty(raw).lstrip("&")
        lt = t.find("<")
        path = t if lt < 0 else t[:lt]
        raw_s = re.sub(r"\s+", "", raw).lstrip("&")
        if raw_s.startswith("::") or re.match(r"(?:std|core|alloc)::", raw_s):
            return None  # an absolute path: std, serde_json, chrono, ...; never generated
        if "super::" in raw_s:
            return path.split("::")[-1]
        if module and "::" not in path and f"{module}::{path}" in self.types:
            return f"{module}::{path}"
        if path in self.types:
            return path
        return None

    def _attach(self):
        for im in self.impls:
            if im.module and im.trait:
                mg = re.match(r"(\w+)<(.*)>$", im.trait)
                if mg:
                    q = self.resolve(re.search(r"<(.*)>\s*$", im.trait_raw.strip(), re.S).group(1),
                                     im.module)
                    if q and "::" in q:
                        im.trait = f"{mg.group(1)}<{q}>"
            q = self.resolve(im.self_raw, im.module)
            if q is None:
                # `impl From<X> for Foreign`: a conversion out of X
                if im.trait and im.trait_raw:
                    mg = re.search(r"<(.*)>\s*$", im.trait_raw.strip(), re.S)
                    if mg:
                        x = self.resolve(mg.group(1), im.module)
                        if x:
                            self.types[x].outgoing.append(im)
                continue
            if im.trait and im.trait_raw and not im.module:
                # `impl From<X> for Y` where X is a newtype around Y: X's conversion out
                mg = re.match(r"From<(.*)>$", im.trait)
                x = self.resolve(re.search(r"<(.*)>\s*$", im.trait_raw.strip(), re.S).group(1),
                                 im.module) if mg else None
                xt = self.types.get(x) if x else None
                if xt is not None and xt.kind == "tuple" and len(xt.slots) == 1 \
                        and base_name(xt.slots[0].ty) == q:
                    xt.outgoing.append(im)
                    continue
            if im.trait:
                self.types[q].impls.append(im)
            else:
                self.types[q].inherent += [f for f in im.fns if f.pub]
                self.types[q].consts.update(im.consts)

    def root_types(self):
        return {t.name: t for t in self.types.values() if not t.module}


def split_plain(s):
    return [p.strip() for p in s.split(",") if p.strip()]


def parse_fn(it, j, vis):
    b, o = it.b, it.o
    mn = re.compile(r"\s*(?:r#)?(\w+)\s*").match(b, j)
    if not mn:
        return None
    k = mn.end()
    if k < len(b) and b[k] == "<":
        k = skip_angle(b, k)
    p = b.find("(", k)
    if p < 0:
        return None
    pe = match_close(b, p)
    params = norm_ty(o[p + 1:pe])
    rest_b = b[pe + 1:]
    ret = ""
    mr = re.match(r"\s*->", rest_b)
    if mr:
        # up to `where` or the body's `{` outside brackets
        q = pe + 1 + mr.end()
        depth = 0
        z = q
        while z < len(b):
            c = b[z]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif c == "<":
                depth += 1
            elif c == ">" and b[z - 1] not in "-=":
                depth -= 1
            elif depth == 0 and (c == "{" or c == ";" or b.startswith("where", z)):
                break
            z += 1
        ret = norm_ty(o[q:z])
    return Fn(mn.group(1), params, ret, vis)


# ======================================================================================
# Running the tools
# ======================================================================================

def sh(cmd, cwd=REPO, env=None):
    e = dict(os.environ)
    if env:
        e.update(env)
    p = subprocess.run(cmd, cwd=cwd, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, errors="replace")
    return p.returncode, p.stdout, p.stderr


def first_error_line(text):
    text = ANSI_RE.sub("", text)
    lines = [l.rstrip() for l in text.splitlines() if l.strip()]
    msg = next((l for l in lines if l.startswith("Message:")), None)
    if msg:
        loc = next((l for l in lines if l.startswith("Location:")), "")
        loc = re.sub(r".*/(typify[\w-]*-\d[\w.]*/src/\S+)", r"\1", loc.replace("Location:", "").strip())
        msg = re.sub(r"^Message:\s*", "", msg)
        return f"panicked: {clip(msg)}" + (f" (at `{loc}`)" if loc else "")
    err = next((l for l in lines if l.lower().startswith("error")), lines[0] if lines else "")
    return clip(err)


def clip(s, n=400):
    s = s.strip()
    return s if len(s) <= n else s[:n - 1] + "…"


def schemas():
    base = REPO / CORPUS
    found = sorted((base / "typify/tests/schemas").glob("*.json"))
    found += [base / "typify-impl/tests/github.json", base / "typify-impl/tests/vega.json",
              base / "example.json", base / "extension-schema.json"]
    rel = []
    for p in found:
        if p.exists():
            rel.append(os.path.relpath(p, REPO))
    return sorted(rel, key=lambda r: (os.path.basename(r), r))


def declares_draft04(schema):
    """Whether the schema file's `$schema` is draft-04 (where `const` is no keyword)."""
    try:
        doc = json.loads((REPO / schema).read_text())
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and "draft-04" in str(doc.get("$schema", ""))


def run_typify(schema, out):
    out.unlink(missing_ok=True)
    rc, so, se = sh(["cargo", "typify", schema, "-o", str(out)],
                    env={"NO_COLOR": "1", "RUST_BACKTRACE": "0"})
    ok = rc == 0 and out.exists()
    return {"rc": rc, "ok": ok, "msg": "" if ok else first_error_line(se + so)}


def run_envgen(envgen, schema, out, help_text):
    """Plain first; after a dangling-ref error add --refs-by-name (typify resolves such refs
    by name), after a draft error add --draft 7 (only applies when the schema declares no
    draft). Every attempt is recorded."""
    flags = []
    attempts = []
    while True:
        out.unlink(missing_ok=True)
        rc, so, se = sh([envgen, *flags, "--schema", schema, "-o", str(out)])
        ok = rc == 0 and out.exists()
        attempts.append({"flags": list(flags), "rc": rc, "ok": ok,
                         "msg": "" if ok else first_error_line(se + so)})
        if ok:
            break
        text = se + so
        nxt = None
        if "cannot resolve `$ref`" in text and "--refs-by-name" not in flags \
                and "--refs-by-name" in help_text:
            nxt = ["--refs-by-name"]
        elif re.search(r"draft-0?4", text) and "--draft" not in flags and "--draft" in help_text:
            nxt = ["--draft", "7"]
        if not nxt:
            break
        flags += nxt
    final = attempts[-1]
    return {"ok": final["ok"], "rc": final["rc"], "flags": final["flags"],
            "attempts": attempts, "msg": final["msg"]}


# ======================================================================================
# Comparison
# ======================================================================================

def normkey(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


DEF_RE = re.compile(r"Generated from `[^`#]*#/(?:definitions|\$defs|components/schemas)/([^/`]+)`")


def def_key(t):
    for d in t.docs:
        m = DEF_RE.search(d)
        if m:
            return m.group(1).replace("~1", "/").replace("~0", "~")
    return None


def slot_index(t):
    """A type's slots by key, by loose key, and `.0` and `=` taken as the same place (a
    newtype's inner value is an alias's target)."""
    idx = {}
    if t is None:
        return idx
    for s in t.slots:
        idx.setdefault(s.key, s)
        idx.setdefault(normkey(s.key), s)
    if t.kind == "alias" and t.slots:
        idx.setdefault(".0", t.slots[0])
    if t.kind == "tuple" and len(t.slots) == 1:
        idx.setdefault("=", t.slots[0])
    return idx


def find_slot(idx, s):
    return idx.get(s.key) or idx.get(normkey(s.key)) or \
        (idx.get("=") if s.key == ".0" else None) or (idx.get(".0") if s.key == "=" else None)


def variant_map(t, e):
    """typify variant name -> envgen variant name: the same name first; then, of the
    variants left, by position when as many are left on both sides, else the variants
    with a payload by position when as many of those are left (typify's `Null` unit
    variant is envgen's `Option` around the enum)."""
    tv, ev = list(t.variants), list(e.variants)
    enames = {x for x, _ in ev}
    res = {x: x for x, _ in tv if x in enames}
    lt = [(x, k) for x, k in tv if x not in res]
    le = [(x, k) for x, k in ev if x not in res.values()]
    if len(lt) == len(le):
        res.update({a[0]: b[0] for a, b in zip(lt, le)})
    else:
        pt = [x for x, k in lt if k != "unit"]
        pe = [x for x, k in le if k != "unit"]
        if len(pt) == len(pe):
            res.update(dict(zip(pt, pe)))
    return res


PTR_RE = re.compile(r"Generated from `[^`#]*#([^`]*)`")


def def_pointer(t):
    """The JSON pointer envgen's doc comment says a type comes from (`/definitions/A/oneOf/0`)."""
    for d in t.docs:
        m = PTR_RE.search(d)
        if m:
            return m.group(1)
    return None


def implied_const(t, e, s, etypes):
    """Where slot s of typify's type t is a field envgen does not store because its schema
    admits one string (the value is implied by the struct, an associated const names it):
    (envgen's struct, the const's name), else None. e is envgen's type for t (its object
    view for a struct); for typify's struct variant `V { f }`, the struct envgen's variant
    holds is looked at."""
    if e is None:
        return None
    holder, field = e, s.label
    if e.kind == "enum":
        if t.kind != "enum" or "." not in s.label:
            return None
        v, _, field = s.label.partition(".")
        if field.isdigit():
            return None
        ev = variant_map(t, e).get(v)
        vs = slot_index(e).get(ev) if ev else None
        holder = etypes.get(base_name(vs.ty)) if vs is not None else None
        if holder is not None and holder.kind == "enum":
            objs = [etypes.get(base_name(x.ty)) for x in holder.slots if "." not in x.label]
            objs = [o for o in objs if o is not None and o.kind == "struct"]
            holder = objs[0] if len(objs) == 1 else None
    if holder is None or holder.kind != "struct":
        return None
    for c, (ty, _) in holder.consts.items():
        if normkey(c) == normkey(field) and "str" in ty:
            return holder, c
    return None


def find_slot_in(t, e, s, etypes):
    """The slot of envgen's type e that holds what slot s of typify's type t holds. Beyond
    the same key: an enum variant found by `variant_map`; and typify's struct variant
    `V { f }` against envgen's `V(VStruct)` (or `V(VEnum)` whose one object variant holds
    `VStruct`), whose field `f` it is."""
    if e is None:
        return None
    idx = slot_index(e)
    found = find_slot(idx, s)
    if found is not None or t.kind != "enum" or e.kind != "enum" or s.label.startswith("."):
        return found
    v, _, rest = s.label.partition(".")
    ev = variant_map(t, e).get(v)
    if ev is None:
        return None
    if ev != v:
        found = find_slot(idx, Slot(ev + ("." + rest if rest else ""),
                                    ev + ("." + rest if rest else ""), "_"))
        if found is not None:
            return found
    if rest and not rest.isdigit():
        vs = idx.get(ev)
        inner_t = etypes.get(base_name(vs.ty)) if vs is not None else None
        if inner_t is not None and inner_t.kind == "enum":
            objs = [etypes.get(base_name(x.ty)) for x in inner_t.slots if "." not in x.label]
            objs = [o for o in objs if o is not None and o.kind == "struct"]
            inner_t = objs[0] if len(objs) == 1 else inner_t
        if inner_t is not None:
            return find_slot(slot_index(inner_t), Slot(rest, rest, "_"))
    return None


def refs(raw, names, bare_only):
    """Names of generated types a slot's type mentions, in order. typify names std types
    by full path, so only bare names count there."""
    pat = r"(?<![\w:])([A-Za-z_]\w*)\b" if bare_only else r"\b([A-Za-z_]\w*)\b"
    return [m for m in re.findall(pat, raw) if m in names]


def match_types(ts, es):
    """typify name -> (envgen name, how). By definition key (envgen's doc comment says
    which `#/definitions/KEY` a type comes from), then by exact name, then ignoring case
    and punctuation, then by position: the types the same field of two matched types
    holds. A type matched by position may be one envgen already matched: envgen generates
    one type for identical schemas where typify generates one each."""
    tt, et = ts.types, es.types
    used, res = set(), {}
    by_def = defaultdict(list)
    for n, t in et.items():
        k = def_key(t)
        if k is not None:
            by_def[normkey(k)].append(n)
    for n in sorted(tt):
        cands = [c for c in by_def.get(normkey(n), []) if c not in used]
        if cands:
            c = n if n in cands else sorted(cands)[0]
            res[n] = (c, "definition key"); used.add(c)
    for n in sorted(tt):
        if n not in res and n in et and n not in used:
            res[n] = (n, "name"); used.add(n)
    loose = defaultdict(list)
    for n in et:
        loose[normkey(n)].append(n)
    for n in sorted(tt):
        if n in res:
            continue
        cands = sorted(c for c in loose.get(normkey(n), []) if c not in used)
        if cands:
            res[n] = (cands[0], "name, ignoring case"); used.add(cands[0])
    queue = sorted(res)
    while queue:
        n = queue.pop(0)
        t, e = tt[n], et[res[n][0]]
        ov = es.object_view(e) if t.kind == "struct" else None
        if ov:
            e = ov[0]
        for s in t.slots:
            es_ = find_slot_in(t, e, s, et)
            if es_ is None:
                continue
            a = refs(s.raw, tt, True)
            b = refs(es_.ty, et, False)
            if len(a) != len(b):
                continue
            for x, y in zip(a, b):
                if x in res:
                    continue
                how = f"position: `{n}` → `{s.label}`"
                if y in used:
                    # envgen generated one type for schemas typify gave a type each
                    others = sorted(k for k, v in res.items() if v[0] == y)
                    how += f"; envgen's type also stands for typify's `{others[0]}`" + \
                        (f" and {len(others) - 1} more" if len(others) > 1 else "")
                res[x] = (y, how); used.add(y)
                queue.append(x)
    for n, (y, _) in list(res.items()):
        t, e = tt[n], et[y]
        if t.kind == "struct":
            ov = es.object_view(e)
            if ov:
                used.add(ov[0].name)
        if t.kind == "enum" and e.kind == "enum":
            # typify's struct variant `V { .. }` is envgen's `V(VStruct)`: VStruct is matched
            for v, k in t.variants:
                if k != "struct":
                    continue
                first = next((s for s in t.slots if s.label.startswith(v + ".")), None)
                if first is None:
                    continue
                tv = [x for x, _ in t.variants]
                ev = [x for x, _ in e.variants]
                v2 = v if v in ev else (ev[tv.index(v)] if len(tv) == len(ev) else None)
                vs = slot_index(e).get(v2) if v2 else None
                if vs is not None and base_name(vs.ty) in et:
                    used.add(base_name(vs.ty))
    return res, used


class Side:
    """One tool's output for one schema."""

    def __init__(self, crate):
        self.crate = crate
        roots = crate.root_types()
        self.builder_of = {}       # builder qual -> type name
        self.builder = {}          # type name -> (builder qual, setters)
        for n, t in roots.items():
            for f in t.inherent:
                if f.name == "builder" and not f.params.strip():
                    bq = crate.resolve(f.ret, "") or base_name(f.ret)
                    self.builder_of[bq] = n
        for bq, n in self.builder_of.items():
            bt = crate.types.get(bq)
            setters = sorted({f.name for f in bt.inherent if f.name != "build"}) if bt else []
            self.builder[n] = (bq, setters)
        self.types = {n: t for n, t in roots.items() if n not in self.builder_of}

    def shape(self, t):
        if t.kind == "alias":
            return f"`type {t.name} = {t.alias}`"
        if t.kind == "tuple":
            inner = ", ".join(s.ty for s in t.slots)
            return f"`struct {t.name}({inner})`"
        if t.kind == "struct":
            return f"`struct {t.name}` ({plural(len(t.slots), 'field')})"
        if t.kind == "unit":
            return f"`struct {t.name};`"
        kinds = defaultdict(int)
        for _, k in t.variants:
            kinds[k] += 1
        serde = [a for a in t.attrs if a.startswith("#[serde(")]
        tag = ""
        for a in serde:
            if "untagged" in a:
                tag = ", untagged"
            mt = re.search(r'tag\s*=\s*"([^"]*)"', a)
            if mt:
                tag = f', tag `{mt.group(1)}`'
        desc = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items()))
        if not t.variants:
            return f"`enum {t.name}` (no variants{tag})"
        word = "variant" if len(t.variants) == 1 else "variants"
        return f"`enum {t.name}` ({desc} {word}{tag})"

    def unalias(self, ty, depth=0):
        """A type with generated aliases replaced by what they alias."""
        t = self.types.get(ty.strip())
        if t is not None and t.kind == "alias" and depth < 20:
            return self.unalias(t.alias, depth + 1)
        return ty.strip()

    def object_view(self, e):
        """For an enum with exactly one variant holding a generated struct (envgen's
        `enum X { Object(XObject), Other(Value) }` for an object schema that does not
        require `type: object`): (that struct, the variant's name)."""
        if e is None or e.kind != "enum":
            return None
        hits = []
        for s in e.slots:
            st = self.types.get(base_name(s.ty))
            if st is not None and st.kind == "struct" and "." not in s.label:
                hits.append((st, s.label))
        return hits[0] if len(hits) == 1 else None

    def traits_of(self, ty, seen=None):
        """Traits a type is known to have: a generated type's derives and impls, or the
        table for plain Rust types."""
        seen = seen or set()
        ty = ty.strip()
        if ty in PRIM_TRAITS:
            return set(PRIM_TRAITS[ty])
        m = re.match(r"(Vec|Option|Box|IndexMap|BTreeMap|HashMap|serde_json::Map)<(.*)>$", ty)
        if m:
            args = [a.strip() for a in split_plain_top(m.group(2))]
            inner = set(COLLECTION_TRAITS)
            for a in args:
                inner &= self.traits_of(a, seen)
            if m.group(1) in ("IndexMap", "HashMap", "serde_json::Map"):
                inner -= {"Ord", "PartialOrd", "Hash"}
            return inner | {"Default"} if m.group(1) != "Box" else inner
        t = self.types.get(ty)
        if t is None or ty in seen:
            return set()
        seen.add(ty)
        out = set(t.derives) | {i.trait for i in t.impls}
        if t.kind == "alias":
            out |= self.traits_of(t.alias, seen)
        return out


def plural(k, word):
    return f"{k} {word}" + ("" if k == 1 else "s")


def split_plain_top(s):
    b = s
    return [s[a:z] for a, z in split_top(b, 0, len(b))]


def ty_has_tuple(ty):
    t = re.sub(r"\(\)", "", ty)
    return bool(re.search(r"\(|\[[^\]]*;", t))


MAP_NAMES = ("HashMap", "IndexMap", "BTreeMap")


def ty_tree(s):
    """A type as (name, [args]): `IndexMap<String, Vec<X>>` -> ('IndexMap', [('String', []),
    ('Vec', [('X', [])])]); a tuple is ('()', parts), an array ('[]', [item])."""
    s = s.strip().lstrip("&").strip()
    if s.startswith("(") and s.endswith(")") and s != "()":
        return ("()", [ty_tree(p) for p in split_plain_top(s[1:-1])])
    if s.startswith("[") and s.endswith("]"):
        inner = s[1:-1]
        parts = split_top(inner, 0, len(inner), ";")
        return ("[]", [ty_tree(inner[parts[0][0]:parts[0][1]])] if parts else [])
    lt = s.find("<")
    if lt < 0 or not s.endswith(">"):
        return (s, [])
    return (s[:lt], [ty_tree(p) for p in split_plain_top(s[lt + 1:-1])])


def tree_str(t):
    name, args = t[0], t[1]
    if name == "()":
        return "(" + ", ".join(tree_str(a) for a in args) + ")"
    if name == "[]":
        return "[" + ", ".join(tree_str(a) for a in args) + "]"
    return name + ("<" + ", ".join(tree_str(a) for a in args) + ">" if args else "")


def parallel(tt, et, name):
    """In typify's type tree tt, the place holding generated type `name`; envgen's subtree
    at the same place in et (a `Box` or an envgen `Option` on one side only looked
    through; maps of any kind alike)."""
    if tt[0] == name:
        return et
    if tt[0] == "Box" and et[0] != "Box" and tt[1]:
        return parallel(tt[1][0], et, name)
    if et[0] in ("Box", "Option") and tt[0] != et[0] and et[1]:
        return parallel(tt, et[1][0], name)
    same = tt[0] == et[0] or (tt[0] in MAP_NAMES and et[0] in MAP_NAMES)
    if not same or len(tt[1]) != len(et[1]):
        return None
    for a, b in zip(tt[1], et[1]):
        r = parallel(a, b, name)
        if r is not None:
            return r
    return None


def tuple_places(tt, et, es):
    """For each Rust tuple `('()', parts)` or fixed-size array `('[]', ..)` in typify's type
    tree tt: (that node, envgen's node at the same place in et, or None). envgen's
    generated tuple struct is read as ('()', its fields, its name); a `Box` or an envgen
    `Option` on one side only is looked through; maps of any kind alike."""
    out = []

    def expand(n):
        if n is None or n[1]:
            return n
        t = es.types.get(n[0])
        if t is not None and t.kind == "alias":
            return expand(ty_tree(es.unalias(t.alias)))
        if t is not None and t.kind == "tuple" and len(t.slots) > 1:
            return ("()", [ty_tree(x.ty) for x in t.slots], t.name)
        if t is not None and t.kind == "tuple" and len(t.slots) == 1:
            inner = ty_tree(t.slots[0].ty)
            if inner[0] == "[]":
                return ("[]", inner[1], t.name)
        return n

    def walk(a, b):
        b = expand(b)
        if a[0] in ("()", "[]"):
            out.append((a, b))
            return
        if b is not None:
            if a[0] == "Box" and b[0] != "Box" and a[1]:
                return walk(a[1][0], b)
            if b[0] in ("Box", "Option") and a[0] != b[0] and b[1]:
                return walk(a, b[1][0])
        same = b is not None and (a[0] == b[0] or (a[0] in MAP_NAMES and b[0] in MAP_NAMES)) \
            and len(a[1]) == len(b[1])
        for i, x in enumerate(a[1]):
            walk(x, b[1][i] if same else None)

    walk(tt, et)
    return out


def ty_equiv(a, b):
    """typify's type a (names already envgen's) and envgen's type b hold the same: maps of
    any kind alike, and a typed `format` (chrono, uuid) is envgen's `String`."""
    def n(x):
        x = re.sub(r"\b(?:HashMap|BTreeMap|IndexMap)<", "IndexMap<", x)
        x = FORMAT_RE.sub("String", x)
        x = re.sub(r"\bString<[^<>]*>", "String", x)
        return x.replace(" ", "")
    return n(a) == n(b)


def generic_form(text, *names):
    """A counterpart's text with the type's own names replaced by `T`, for the summary."""
    for nm in sorted({x for x in names if x}, key=len, reverse=True):
        text = re.sub(r"(?<![\w:])" + re.escape(nm) + r"\b", "T", text)
    return text


STATUS_RANK = {"counterpart": 0, "reason": 1, "gap": 2, "todo": 3, "failed": 4}


class Row:
    __slots__ = ("schema", "tname", "kind", "group", "order", "item", "eitem", "form",
                 "status", "rid", "detail")

    def __init__(self, tname, kind, group, order, item, status, eitem="", form="", rid=None,
                 detail=""):
        self.schema = ""
        self.tname, self.kind, self.group, self.order = tname, kind, group, order
        self.item, self.eitem, self.form = item, eitem, form
        self.status, self.rid, self.detail = status, rid, detail


class Pseudo:
    """envgen has no type for a typify type: the field that holds its value in envgen's
    output, seen as an alias of that field's type."""

    def __init__(self, name, target, where):
        self.module = ""
        self.name = name
        self.kind = "alias"
        self.alias = target
        self.derives, self.impls, self.inherent, self.outgoing = [], [], [], []
        self.slots = [Slot("=", "=", target)]
        self.variants = []
        self.attrs, self.docs, self.generics = [], [], ""
        self.consts = {}
        self.where = where


def via_macro(im):
    """The runtime macro an impl was written by (`string_enum`, ...), or None."""
    m = re.search(r"// via (\w+)!", im.text)
    return m.group(1) if m else None


def is_literal_enum(t):
    return t is not None and t.kind == "enum" and bool(t.variants) and \
        all(k == "unit" for _, k in t.variants)


def compare(ty_side, en_side, schemars_flag, envgen_failed, common=frozenset(), draft04=False):
    """Rows for one schema: for each typify type and each feature of its API, envgen's
    counterpart or a reason from REASONS (status counterpart / reason / gap / todo /
    failed), plus a row per envgen type no typify type was matched to."""
    rows = []
    tt, et = ty_side.types, (en_side.types if en_side else {})
    matches, used = match_types(ty_side, en_side) if en_side else ({}, set())
    matches = dict(matches)

    # typify's newtype around a generated type whose envgen type is no wrapper (envgen's
    # enum is typify's `Option<Inner>` newtype): typify's inner type is envgen's type too
    changed = True
    while changed and en_side:
        changed = False
        for n in sorted(tt):
            t = tt[n]
            if n not in matches or t.kind != "tuple" or len(t.slots) != 1:
                continue
            e = et[matches[n][0]]
            if e.kind in ("alias", "tuple"):
                continue
            inner = refs(t.slots[0].raw, tt, True)
            if len(inner) == 1 and inner[0] not in matches:
                matches[inner[0]] = (e.name, f"typify's newtype `{n}` wraps it; envgen's "
                                             f"`{e.name}` is it")
                changed = True

    # a typify type for a field envgen does not store (its schema admits one string: the
    # struct's associated const gives it): envgen's type for that property's schema, which
    # parsing reads it through (def pointer `STRUCT/properties/FIELD`), else the const
    implied = {}
    if en_side and not envgen_failed:
        for x in sorted(set(tt) - set(matches)):
            for p in sorted(matches):
                pt, pe = tt[p], et[matches[p][0]]
                ov = en_side.object_view(pe) if pt.kind == "struct" else None
                holder = ov[0] if ov else pe
                s = next((s for s in pt.slots if s.ty == x), None)
                ic = implied_const(pt, holder, s, et) if s is not None else None
                if ic is None:
                    continue
                st, c = ic
                note = f"the field is implied by the variant (associated const `{st.name}::{c}`)"
                ptr = def_pointer(st)
                prop = (ptr or "") + "/properties/"
                cands = sorted(n for n, y in et.items() if ptr
                               and (def_pointer(y) or "").startswith(prop)
                               and normkey(def_pointer(y)[len(prop):])
                               == normkey(s.label.split(".")[-1]))
                if cands:
                    matches[x] = (cands[0], f"the property's schema: {note}")
                else:
                    implied[x] = Pseudo(x, "&'static str",
                                        f"the associated const `{st.name}::{c}` ({note})")
                break

    # a typify type envgen has no type for: the envgen field that holds it
    inline = {}
    if en_side and not envgen_failed:
        for x in sorted(set(tt) - set(matches) - set(implied)):
            for p in sorted(matches):
                pt, pe = tt[p], et[matches[p][0]]
                holder = pe
                ov = en_side.object_view(pe) if pt.kind == "struct" else None
                if ov:
                    holder = ov[0]
                for s in pt.slots:
                    if x not in refs(s.raw, {x}, True):
                        continue
                    es_ = find_slot_in(pt, holder, s, et)
                    sub = parallel(ty_tree(s.ty), ty_tree(es_.ty), x) if es_ is not None else None
                    if sub is None and pe.kind == "alias":
                        sub, es_ = ty_tree(en_side.unalias(pe.alias)), None
                    if sub is not None:
                        where = (f"`{holder.name}.{es_.label}`" if es_ is not None
                                 and not es_.label.startswith(("=", "."))
                                 else f"`{pe.name}`")
                        inline[x] = Pseudo(x, tree_str(sub), where)
                        break
                if x in inline:
                    break

    inline.update(implied)
    rename = {k: v[0] for k, v in matches.items() if k != v[0]}
    for x, ps in inline.items():
        rename[x] = ps.alias
    rename_re = re.compile(r"(?<![\w:])(" + "|".join(
        re.escape(k) for k in sorted(rename, key=len, reverse=True)) + r")\b") if rename else None

    def subst(raw):
        """typify names its generated types bare and std ones by full path: give the bare
        names of matched types envgen's names (or the type envgen's field holds)."""
        return rename_re.sub(lambda m: rename[m.group(1)], raw) if rename_re else raw

    for n in sorted(tt):
        t = tt[n]
        m = matches.get(n)
        e = et[m[0]] if m else inline.get(n)
        pseudo = isinstance(e, Pseudo)
        rows += compare_type(n, t, e, m, pseudo, ty_side, en_side, subst, schemars_flag,
                             envgen_failed, common, draft04)

    # -- envgen-only types ----------------------------------------------------------------
    if en_side and not envgen_failed:
        used = set(used) | {v[0] for v in matches.values()}
        for x in list(used):
            ov = en_side.object_view(et[x]) if x in et else None
            if ov:
                used.add(ov[0].name)
        for n in sorted(set(et) - used):
            rows.append(Row(n, "envgen-only type", "type", 0, "—", "envgen-only",
                            en_side.shape(et[n])))
    rows.sort(key=lambda r: (r.tname.lower(), r.tname, r.order, r.kind, r.item))
    return rows, matches


def compare_type(n, t, e, m, pseudo, ty_side, en_side, subst, schemars_flag, envgen_failed,
                 common, draft04):
    rows = []
    es = en_side

    def add(kind, group, order, item, status, eitem="", form="", rid=None, detail=""):
        if envgen_failed:
            status, eitem, form, rid, detail = "failed", "", "", None, ""
        if rid is not None and status in ("reason", "gap"):
            status = REASONS[rid][0]
        if status == "todo" and not detail and e is not None:
            detail = f"envgen: {eshape()}"
        rows.append(Row(n, kind, group, order, item, status, eitem, form, rid, detail))

    newtype = t.kind == "tuple" and len(t.slots) == 1
    inner = t.slots[0].ty if newtype else None
    strenum = is_literal_enum(t)
    never = t.kind == "enum" and not t.variants
    union = t.kind == "enum" and not strenum and not never
    ctx = "newtype" if newtype else "string enum" if strenum else "union" if union \
        else "empty enum" if never else "struct" if t.kind == "struct" else t.kind
    t_traits = {i.trait for i in t.impls}
    validating = newtype and not any(k == f"From<{inner}>" for k in t_traits) and (
        f"TryFrom<{inner}>" in t_traits or "FromStr" in t_traits)

    # envgen's side
    ekind = None
    target = None
    if e is not None:
        if e.kind == "alias":
            ekind = "alias"
            target = es.unalias(e.alias) if not pseudo else e.alias
        elif e.kind == "tuple" and len(e.slots) == 1:
            ekind = "newtype"
        elif is_literal_enum(e):
            ekind = "literal enum"
        elif e.kind == "enum":
            ekind = "union"
        else:
            ekind = e.kind
    e_traits = (set(e.derives) | {i.trait for i in e.impls}) if e is not None else set()
    a_traits = es.traits_of(target) if target is not None else set()
    holder, via = e, ""
    if e is not None and not pseudo and t.kind == "struct" and e.kind == "enum":
        ov = es.object_view(e)
        if ov:
            holder = ov[0]
            via = f" (`{e.name}::{ov[1]}` holds `{holder.name}`)"
    ename = e.name if e is not None else ""

    def eshape():
        if e is None:
            return "no envgen type"
        if pseudo:
            return f"no type of its own: {e.where} holds `{e.alias}`"
        return es.shape(e)

    def form_of(text):
        return generic_form(text, n, ename)

    # a reason for everything a newtype offers about its inner value, where envgen's type
    # is no wrapper of that value
    def newtype_reason(k):
        """(status, rid, detail) or None."""
        if not newtype or e is None:
            return None
        out_conv = k in ("Deref", "From<inner>", "From<Self> for inner", "slot")
        if ekind == "alias":
            if k == "TryFrom<inner>" and validating:
                return ("reason", "issue43-newtype", "")
            if target == "serde_json::Value" and inner == "String" and validating:
                return ("reason", "not-any-value", "")
            # a Rust tuple or array where envgen holds a `Vec`: the tuple's reason
            if out_conv and k != "slot" and ty_tree(target)[0] == "Vec":
                shape_ = ty_tree(inner)[0]
                if shape_ == "()":
                    return ("reason", "tuple-short", f"envgen: `{target}`")
                if shape_ == "[]":
                    return ("gap", "array-len", f"envgen: `{target}`")
            if out_conv or k == "TryFrom<inner>":
                return ("reason", "inner-type", "")
            return None
        if ekind == "literal enum":
            if inner == "()":
                return ("reason", "allof-null", "")
            if inner.startswith("Option<"):
                return ("reason", "null-not-listed", "")
            if k in ("Deref", "slot"):
                return ("reason", "literal-enum", "")
            return ("gap", "literal-conv", "")
        if ekind == "union":
            if draft04 and any(s.ty == "serde_json::Value" for s in e.slots):
                return ("reason", "draft04-const", "")
            if inner == "serde_json::Value":
                return ("reason", "type-list-union", "")
        if ekind == "newtype" and k == "From<Self> for inner":
            has = sorted(x for x in e_traits if x in ("Deref", "DerefMut") or
                         x.startswith("From<"))
            return ("reason", "newtype-struct",
                    f"envgen: `struct {e.name}(pub {e.slots[0].ty})` with "
                    + ", ".join(f"`{x}`" for x in has))
        return None

    # -- the type itself ----------------------------------------------------------------
    if e is None:
        add("the type", "type", 0, ty_side.shape(t), "todo",
            detail="no envgen type matched by definition key, name or position")
        if envgen_failed:
            pass
        else:
            return rows
    elif pseudo:
        add("the type", "type", 0, ty_side.shape(t), "counterpart", eshape(),
            "no type of its own: a field holds the value")
    else:
        how = "" if e.name == n and not m[1].startswith("position") \
            else f" (matched by {m[1]})"
        meths = sorted({f.name for f in e.inherent} - set(common) - {"builder"})
        extra = f"; also {', '.join(f'`{x}`' for x in meths[:8])}" \
            f"{', …' if len(meths) > 8 else ''}" if meths else ""
        word = {"alias": "a type alias", "newtype": "a newtype struct", "struct": "a struct",
                "literal enum": "an enum of literals", "union": "an enum with payloads",
                "unit": "a unit struct", "tuple": "a tuple struct"}.get(ekind, ekind)
        add("the type", "type", 0, ty_side.shape(t), "counterpart", eshape() + how + extra,
            word)

    # -- derives ------------------------------------------------------------------------
    for d in sorted(set(t.derives)):
        kind = f"derive {d}"
        if e is None:
            add(kind, "derive", 1, d, "todo")
            continue
        if d in e.derives:
            add(kind, "derive", 1, d, "counterpart", d, f"`#[derive({d})]`")
        elif d in ("Serialize", "Deserialize") and d in e_traits:
            mac = next((via_macro(i) for i in e.impls if i.trait == d and via_macro(i)), None)
            add(kind, "derive", 1, d, "counterpart",
                f"{d} (`{mac}!`)" if mac else f"{d} (impl)",
                (f"`impl {d}` written by the runtime's `{mac}!`" if mac
                 else f"hand-written `impl {d}`")
                + (" (validating)" if d == "Deserialize" else ""))
        elif d in e_traits:
            add(kind, "derive", 1, d, "counterpart", f"{d} (impl)", f"`impl {d}`")
        elif ekind == "alias" and d in a_traits:
            add(kind, "derive", 1, d, "counterpart", f"{d} (`{target}`'s own)",
                "the aliased type's own")
        elif never:
            add(kind, "derive", 1, d, "gap", rid="never")
        elif strenum and ekind == "union":
            if draft04 and any(s.ty == "serde_json::Value" for s in e.slots):
                add(kind, "derive", 1, d, "reason", rid="draft04-const")
            else:
                add(kind, "derive", 1, d, "gap", rid="literal-oneof")
        elif ekind == "alias" and target == "serde_json::Value" and newtype and inner == "String":
            add(kind, "derive", 1, d, "reason", rid="not-any-value")
        elif ekind == "alias":
            add(kind, "derive", 1, d, "reason", rid="alias-traits")
        elif d in ("Copy", "Eq", "Hash", "PartialOrd", "Ord") and ekind != "literal enum":
            add(kind, "derive", 1, d, "reason", rid="derives-literal")
        elif d == "Default":
            add(kind, "derive", 1, d, "reason", rid="default-rule")
        elif d == "JsonSchema" and schemars_flag:
            add(kind, "derive", 1, d, "reason", rid="JsonSchema")
        else:
            add(kind, "derive", 1, d, "todo")

    # -- trait impls ----------------------------------------------------------------------
    seen = set()
    impls = [(im.trait, im, False) for im in t.impls if not im.trait.startswith("TryFrom<builder::")]
    impls += [(im.trait, im, True) for im in t.outgoing
              if im.trait and "builder" not in (im.self_raw or "")]
    for k, im, out in sorted(impls, key=lambda x: (x[2], x[0])):
        foreign = norm_ty(im.self_raw) if out else None
        key = (k, foreign)
        if key in seen:
            continue
        seen.add(key)
        mg = re.match(r"(\w+)<(.*)>$", k)
        tname, arg = (mg.group(1), mg.group(2)) if mg else (k, "")
        if out:
            if newtype and foreign == inner:
                kind, nk = "impl From<Self> for inner (newtype)", "From<Self> for inner"
            else:
                kind, nk = "impl From<Self> for T", None
            item = f"`From<{n}> for {foreign}`"
        else:
            item = f"`{k}`"
            nk = None
            if k == "Deref":
                kind, nk = "impl Deref (newtype)", "Deref"
                item = f"`Deref<Target = {im.assoc.get('Target', '?')}>`"
            elif newtype and arg == inner and tname == "From":
                kind, nk = "impl From<inner> (newtype)", "From<inner>"
            elif newtype and arg == inner and tname == "TryFrom":
                kind, nk = "impl TryFrom<inner> (validating newtype)", "TryFrom<inner>"
            elif tname in ("From", "TryFrom") and arg not in ("&str", "String"):
                kind = f"impl {tname}<T> ({'union variant' if t.kind == 'enum' else ctx})"
            else:
                kind = f"impl {k} ({ctx})"
        g = "impl"

        if e is None:
            add(kind, g, 2, item, "todo")
            continue
        ek = trait_key(subst(im.trait_raw))
        # 1. the same trait on envgen's type
        if not out and (ek in e_traits or k in e_traits):
            hit = ek if ek in e_traits else k
            add(kind, g, 2, item, "counterpart", f"`{hit}`",
                "`impl From<V>` for the variant's type `V`" if t.kind == "enum" and tname == "From"
                else form_of(f"`impl {hit}`"))
            continue
        if out and any(o.trait == ek and norm_ty(o.self_raw) == norm_ty(subst(foreign))
                       for o in e.outgoing):
            add(kind, g, 2, item, "counterpart", f"`{ek} for {foreign}`",
                form_of(f"`impl {ek} for {foreign}`"))
            continue
        # 2. the same conversion, typify's types being envgen's (maps, `format` strings)
        mk = re.match(r"(\w+)<(.*)>$", ek)
        if not out and mk:
            twin = next((x for x in sorted(e_traits) if x.startswith(mk.group(1) + "<")
                         and ty_equiv(mk.group(2), x[len(mk.group(1)) + 1:-1])), None)
            if twin:
                note = " (the `format` held as `String`)" if FORMAT_RE.search(arg) else ""
                add(kind, g, 2, item, "counterpart", f"`{twin}`{note}",
                    "`impl From<V>` for the variant's type `V`" if t.kind == "enum" and
                    mk.group(1) == "From" else form_of(f"`impl {twin}`"))
                continue
        # 3. a union's `From<variant type>`: envgen's variant for typify's
        if not out and tname == "From" and t.kind == "enum" and e.kind == "enum":
            tv = next((s for s in t.slots if "." not in s.label and s.ty == arg), None)
            evn = variant_map(t, e).get(tv.label) if tv is not None else None
            evs = next((s for s in e.slots if s.label == evn), None) if evn else None
            if evs is not None:
                y = evs.ty
                if f"From<{y}>" in e_traits:
                    add(kind, g, 2, item, "counterpart",
                        f"`From<{y}>`" + (f" (variant `{evn}`)" if y != arg else ""),
                        "`impl From<V>` for the variant's type `V`")
                    continue
                others = [s for s in e.slots if s is not evs and "." not in s.label
                          and es.unalias(s.ty) == es.unalias(y)]
                if others:
                    add(kind, g, 2, item, "reason", rid="union-from-dup",
                        detail=f"variant `{evn}({y})`; also `{others[0].label}({others[0].ty})`")
                elif y in ("()", e.name, f"Box<{e.name}>") or \
                        re.search(r"(?<![\w:])(" + "|".join(
                            re.escape(g_) for g_ in re.findall(r"\w+", e.generics)) + r")\b", y) \
                        and e.generics:
                    add(kind, g, 2, item, "reason", rid="union-from-unit",
                        detail=f"variant `{evn}({y})`")
                else:
                    add(kind, g, 2, item, "todo",
                        detail=f"envgen gap: variant `{evn}({y})` has no `From`")
                continue
        # 4. typify's newtype around a Rust tuple where envgen's type is a tuple struct
        if nk and newtype and ekind == "tuple" and ty_tree(inner)[0] == "()":
            tparts = ty_tree(subst(inner))[1]
            eparts = [ty_tree(x.ty) for x in e.slots]
            if ty_equiv(tree_str(("()", tparts)), tree_str(("()", eparts))):
                if nk == "Deref":
                    add(kind, g, 2, item, "counterpart",
                        "no `Deref` needed: public "
                        + ", ".join(f"`.{i}`" for i in range(len(eparts))),
                        "none needed: the tuple struct's own public fields (`.0`, `.1`, …)")
                    continue
            elif eparts[-1][0] == "Vec" and len(eparts) - 1 < len(tparts):
                add(kind, g, 2, item, "gap", rid="tuple-rest", detail=f"envgen: {es.shape(e)}")
                continue
        # 5. typify's newtype around an integer where envgen's type is an enum of integers:
        # envgen's `From<E> for i64` and `TryFrom<i64>` (`u64` beyond `i64`)
        if nk in ("From<Self> for inner", "TryFrom<inner>") and ekind == "literal enum" \
                and re.fullmatch(r"(std::num::)?(Non[Zz]ero)?[IiUu](8|16|32|64|128|size)", inner):
            ints = [x for x in ("i64", "u64") if f"TryFrom<{x}>" in e_traits]
            if ints and nk == "TryFrom<inner>":
                add(kind, g, 2, item, "counterpart", f"`TryFrom<{ints[0]}>`",
                    "an integer enum's `TryFrom<i64>` (`u64` beyond `i64`)")
                continue
            if ints and any(o.trait == f"From<{e.name}>" and norm_ty(o.self_raw) == ints[0]
                            for o in e.outgoing):
                add(kind, g, 2, item, "counterpart", f"`From<{e.name}> for {ints[0]}`",
                    "an integer enum's `From<E> for i64` (`u64` beyond `i64`)")
                continue
        # 6. the newtype's conversions where envgen has no wrapper
        if nk or (out and newtype):
            r = newtype_reason(nk or "From<Self> for inner")
            if r:
                add(kind, g, 2, item, r[0], rid=r[1], detail=r[2])
                continue
        # 7. envgen's type is a plain Rust type (alias, or held in the field)
        if ekind == "alias":
            mf = re.match(r"From<(.*)>$", ek)
            if mf and es.unalias(mf.group(1)) == target:
                add(kind, g, 2, item, "counterpart",
                    f"`{mf.group(1)}` is `{target}`: the identity `From`", "the identity `From`")
                continue
            if validating and k in ("FromStr", "TryFrom<&str>", "TryFrom<String>", "Display"):
                if target == "serde_json::Value" and inner == "String":
                    add(kind, g, 2, item, "reason", rid="not-any-value")
                else:
                    add(kind, g, 2, item, "reason", rid="issue43-newtype")
                continue
            if ek in a_traits and k == "Deserialize" and validating:
                add(kind, g, 2, item, "counterpart", f"`{ek}` (`{target}`'s own)",
                    "the aliased type's own (the constraints checked by `validate()` and the "
                    "typed parse)")
                continue
            if ek in a_traits:
                add(kind, g, 2, item, "counterpart", f"`{ek}` (`{target}`'s own)",
                    "the aliased type's own")
                continue
            if k in ("TryFrom<&str>", "TryFrom<String>") and "FromStr" in a_traits:
                add(kind, g, 2, item, "counterpart", f"`str::parse` (`{target}: FromStr`)",
                    "`str::parse` (the aliased type's `FromStr`)")
                continue
            if k == "Display" and "::" in target and not target.startswith("serde_json"):
                add(kind, g, 2, item, "reason", rid="x-rust-type")
                continue
        if tname == "From" and FORMAT_RE.search(arg):
            add(kind, g, 2, item, "reason", rid="format-string")
            continue
        if strenum and ekind == "union":
            if draft04 and any(s.ty == "serde_json::Value" for s in e.slots):
                add(kind, g, 2, item, "reason", rid="draft04-const")
            else:
                add(kind, g, 2, item, "gap", rid="literal-oneof")
            continue
        if k in ("Display", "FromStr", "TryFrom<&str>", "TryFrom<String>") and \
                (union or ekind == "union" or (newtype and validating)):
            rid = "issue43-union" if (union or ekind == "union") and not validating \
                else "issue43-newtype"
            add(kind, g, 2, item, "reason", rid=rid)
            continue
        if k == "Default" and e is not None:
            add(kind, g, 2, item, "reason", rid="default-rule")
            continue
        add(kind, g, 2, item, "todo")

    # -- builder --------------------------------------------------------------------------
    if n in ty_side.builder:
        bq, setters = ty_side.builder[n]
        tb = ty_side.crate.types.get(bq)
        item = "`builder()`"
        if e is None:
            add("builder", "builder", 4, item, "todo")
        elif holder is not None and not pseudo and holder.name in es.builder:
            ebq, esetters = es.builder[holder.name]
            bf = next((f for f in es.crate.types[ebq].inherent if f.name == "build"), None) \
                if ebq in es.crate.types else None
            missing = [s for s in setters if s not in esetters]
            # a field envgen does not store (implied by the struct) needs no setter
            consts = {}
            for x in missing:
                ts = next((y for y in t.slots if normkey(y.label) == normkey(x)), None)
                ic = implied_const(t, holder, ts, es.types) if ts is not None else None
                if ic:
                    consts[x] = f"`{ic[0].name}::{ic[1]}`"
            missing = [x for x in missing if x not in consts]
            notes = ""
            if missing:
                notes += f" (no setter named {', '.join(missing)})"
            if consts:
                notes += (f" (no setter needed for {', '.join(consts)}: implied by the variant, "
                          f"associated const {', '.join(consts.values())})")
            env = f"`{holder.name}::builder()` → `{ebq}`"
            if bf is not None:
                env += f", `build()` → `{bf.ret}`"
            env += notes
            if holder is not e:
                conv = any(i.trait == f"From<{holder.name}>" for i in e.impls)
                env += via + (f", `impl From<{holder.name}> for {e.name}`" if conv else "")
            short = f"`{holder.name}::builder()` → `{ebq}`" + notes
            if holder is not e:
                short += via
            if holder is e:
                form = form_of(generic_form(env.replace(ebq, "TBuilder"), holder.name)) \
                    .split(" (no setter")[0]
            else:
                form = ("the builder of the struct envgen's enum holds in its object variant "
                        "(`TObject::builder()`)" + (", and `impl From<TObject> for T`"
                                                    if "impl From<" in env else ""))
            add("builder", "builder", 4, item, "counterpart", short, form)
        elif ekind == "alias" and re.match(r"(?:IndexMap|serde_json::Map|HashMap|BTreeMap)<",
                                            target or ""):
            add("builder", "builder", 4, item, "reason", rid="map-not-struct")
        else:
            add("builder", "builder", 4, item, "todo")
        if tb is not None and any(i.trait and i.trait.startswith("From<") for i in tb.impls):
            item2 = f"`From<{n}> for builder::{n}`"
            ebq = es.builder[holder.name][0] if (es and holder is not None and not pseudo
                                                 and holder.name in es.builder) else None
            ebt = es.crate.types.get(ebq) if ebq else None
            if ebt is not None and any(i.trait and i.trait.startswith(f"From<{holder.name}")
                                       for i in ebt.impls):
                add("builder from a value", "builder", 5, item2, "counterpart",
                    f"`From<{holder.name}> for {ebq}`", "`impl From<T> for TBuilder`")
            elif e is None:
                add("builder from a value", "builder", 5, item2, "todo")
            else:
                add("builder from a value", "builder", 5, item2, "reason",
                    rid="builder-typestate")

    # -- slots: fields, newtype inner, alias target, variant payloads -------------------
    def eslot(s):
        if pseudo or ekind == "alias":
            return Slot("=", "=", target)
        return find_slot_in(t, holder, s, es.types) if es else None

    def tuple_rows(hits, item, order, flabel):
        """typify's Rust tuples and fixed-size arrays, one row per place: envgen's tuple
        struct with the same items, or a reason."""
        for s in hits:
            if newtype and ekind == "tuple" and s.label == ".0":
                etree, where = ("()", [ty_tree(x.ty) for x in e.slots], e.name), es.shape(e)
            else:
                x = eslot(s)
                if x is None:
                    add(flabel, "field", order, item, "todo",
                        detail=f"no `{s.label}` in {eshape()}")
                    continue
                etree, where = ty_tree(x.ty), slot_text(ename, x)
            for a, b in tuple_places(ty_tree(subst(s.ty)), etree, es):
                ta = tree_str(a)
                # envgen's struct of one fixed-size array, as the newtype row reads it
                if b is not None and b[0] == "()" and len(b[1]) == 1 and b[1][0][0] == "[]":
                    b = ("[]", b[1][0][1]) + tuple(b[2:])
                # A fixed-size array for a fixed-size array: the items' own types are
                # other features' rows (an enum of the one literal `"*"` for a `String`).
                if a[0] == "[]" and b is not None and b[0] == "[]":
                    held = f"struct {b[2]}({tree_str(b)})" if len(b) > 2 else tree_str(b)
                    add(flabel, "field", order, item, "counterpart",
                        f"`{held}` for `{ta}`",
                        "a struct of the array `T([A; N])` with `From<[A; N]>`, back, and "
                        "`Deref` to it")
                elif a[0] == "()" and b is not None and b[0] == "()" and \
                        ty_equiv(ta, tree_str(b)):
                    held = f"struct {b[2]}{tree_str(b)}" if len(b) > 2 else tree_str(b)
                    add(flabel, "field", order, item, "counterpart",
                        f"`{held}` for `{ta}`",
                        "a tuple struct `T(A, B)` with `From<(A, B)>` and back")
                elif a[0] == "()" and b is not None and b[0] == "()" and b[1] and \
                        b[1][-1][0] == "Vec" and len(b[1]) - 1 < len(a[1]):
                    add(flabel, "field", order, item, "gap", rid="tuple-rest",
                        detail=f"envgen: {where}")
                elif a[0] == "()" and b is not None and b[0] == "Vec":
                    add(flabel, "field", order, item, "reason", rid="tuple-short",
                        detail=f"envgen: {where}")
                elif a[0] == "[]" and b is not None and b[0] == "Vec":
                    add(flabel, "field", order, item, "gap", rid="array-len",
                        detail=f"envgen: {where}")
                else:
                    add(flabel, "field", order, item, "todo",
                        detail=f"`{ta}`; envgen: {where}")

    feats = [
        ("tuple", "tuple field", lambda ty: ty_has_tuple(ty)),
        ("int", "integer width (not `i64`)",
         lambda ty: bool(INT_RE.search(ty)) or bool(re.search(r"\bu64\b", ty))),
        ("option", "`Option` field", lambda ty: ty.startswith("Option<")),
        ("box", "`Box` field", lambda ty: "Box<" in ty),
        ("map", "map field", lambda ty: bool(MAP_RE.search(ty))),
        ("format", "typed `format` value", lambda ty: bool(FORMAT_RE.search(ty))),
        ("float", "`f32` width", lambda ty: bool(re.search(r"\bf32\b", ty))),
    ]
    int_re = re.compile(r"\b(?:i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize|NonZero\w*)\b")
    for order, (fk, flabel, pred) in enumerate(feats):
        hits = [s for s in t.slots if pred(s.ty)]
        if not hits:
            continue
        item = ", ".join(slot_text(n, s) for s in hits)
        if e is None:
            add(flabel, "field", 10 + order, item, "todo")
            continue
        nr = newtype_reason("slot") if newtype and ekind not in ("alias", "newtype", "tuple") \
            else None
        if nr:
            add(flabel, "field", 10 + order, item, nr[0], rid=nr[1], detail=nr[2])
            continue
        if fk == "tuple":
            tuple_rows(hits, item, 10 + order, flabel)
            continue
        parts, bad, missing = [], [], []
        for s in hits:
            x = eslot(s)
            ic = implied_const(t, holder, s, es.types) if x is None and not pseudo else None
            if ic:
                parts.append(f"`{s.label}`: implied by the variant (associated const "
                             f"`{ic[0].name}::{ic[1]}`)")
                continue
            if x is None:
                missing.append(s.label)
                continue
            good = pred(x.ty)
            if fk == "int":
                good = sorted(int_re.findall(x.ty)) == sorted(int_re.findall(s.ty))
            if fk == "float":
                good = "f32" in x.ty
            if fk == "format":
                good = sorted(FORMAT_RE.findall(x.ty)) == sorted(FORMAT_RE.findall(s.ty))
            if fk == "box" and not good:
                good = "Box<" not in x.ty and not pseudo  # envgen needs no box there
            (parts if good else bad).append(slot_text(ename, x))
        env = ", ".join(parts + bad)
        if missing:
            add(flabel, "field", 10 + order, item, "todo",
                detail=f"no {', '.join(f'`{x}`' for x in missing)} in {eshape()}")
        elif not bad:
            form = {"map": "`IndexMap`/`serde_json::Map` field",
                    "option": "`Option` field", "box": "`Box` (or none needed)"}.get(fk, env)
            add(flabel, "field", 10 + order, item, "counterpart", env, form)
        else:
            rid = {"tuple": "tuple", "int": "int-bounds", "format": "format-string",
                   "float": "f64"}.get(fk)
            if rid:
                add(flabel, "field", 10 + order, item, "reason", rid=rid,
                    detail=f"envgen: {env}")
            else:
                add(flabel, "field", 10 + order, item, "todo", detail=f"envgen: {env}")

    # -- an internally tagged enum's tag --------------------------------------------------
    mtag = next((re.search(r'\btag\s*=\s*"([^"]*)"', a) for a in t.attrs
                 if a.startswith("#[serde(") and re.search(r'\btag\s*=\s*"', a)), None)
    if t.kind == "enum" and mtag:
        tag = mtag.group(1)
        kind, item = "serde tag (`#[serde(tag = ..)]`)", f"`{tag}`"
        for v, _ in t.variants:
            probe = Slot(f"{v}.{tag}", f"{v}.{tag}", "_")
            ic = implied_const(t, e, probe, es.types) if e is not None and not pseudo else None
            x = find_slot_in(t, e, probe, es.types) if e is not None and not pseudo else None
            if e is None:
                add(kind, "field", 9, item, "todo")
            elif ic:
                add(kind, "field", 9, item, "counterpart", f"`{ic[0].name}::{ic[1]}`",
                    "implied by the variant (associated const `T::TAG` of the struct it holds)")
            elif x is not None and draft04:
                add(kind, "field", 9, item, "reason", rid="draft04-const",
                    detail=f"envgen: variant `{v}`'s `{x.label}: {x.ty}`")
            else:
                add(kind, "field", 9, item, "todo",
                    detail=f"variant `{v}`: no associated const for `{tag}`")

    # -- serde defaults -------------------------------------------------------------------
    def accessor(x):
        if holder is None or pseudo or x is None:
            return None
        return next((f for f in holder.inherent if f.name in (x.label, f"{x.label}_or_default")
                     and f.receiver() and f.receiver().startswith("&")), None)

    for s in t.slots:
        d = next((re.search(r'default\s*=\s*"([^"]+)"', a) for a in s.attrs
                  if re.search(r'default\s*=\s*"', a)), None)
        plain = any(re.search(r"serde\((?:[^)]*,\s*)?default\s*[,)]", a) for a in s.attrs)
        if d:
            kind, item = "field default via `#[serde(default = ..)]`", f"`{s.label}`"
        elif plain and not s.ty.startswith("Option<") and \
                re.match(r"(?:Vec|HashMap|BTreeMap|IndexMap|serde_json::Map)<", s.ty):
            kind, item = "absent collection read as empty (`#[serde(default)]`)", f"`{s.label}`"
        elif plain and not s.ty.startswith("Option<"):
            kind, item = "absent field read as its `Default` (`#[serde(default)]`)", f"`{s.label}`"
        else:
            continue
        if e is None:
            add(kind, "default", 20, item, "todo")
            continue
        x = eslot(s)
        acc = accessor(x)
        if acc is not None:
            add(kind, "default", 20, item, "counterpart",
                f"`{x.label}: {x.ty}` + `{acc.sig()}`",
                "the field keeps what was read; an accessor gives the default")
        elif x is not None and x.ty == s.ty:
            add(kind, "default", 20, item, "counterpart", f"`{x.label}: {x.ty}`",
                "the same field type")
        elif x is not None and "absent" in kind:
            add(kind, "default", 20, item, "reason", rid="option-field",
                detail=f"envgen: `{x.label}: {x.ty}`")
        elif x is not None:
            add(kind, "default", 20, item, "reason", rid="default-no-accessor",
                detail=f"envgen: `{x.label}: {x.ty}`")
        elif implied_const(t, holder, s, es.types) and not pseudo:
            ic = implied_const(t, holder, s, es.types)
            add(kind, "default", 20, item, "counterpart",
                f"implied by the variant (associated const `{ic[0].name}::{ic[1]}`)",
                "implied by the variant (associated const `T::NAME`)")
        else:
            add(kind, "default", 20, item, "todo", detail=f"no `{s.label}` in {eshape()}")
    return rows


def slot_text(owner, s):
    if s.label == "=":
        return f"`{s.ty}`"
    if s.label == ".0":
        return f"`.0: {s.ty}`"
    return f"`{s.label}: {s.ty}`"


# ======================================================================================
# Document
# ======================================================================================

DETAIL_MAX_TYPES = 60   # schemas with more typify types get their per-type rows in a file
GROUPS = [("type", ""), ("derive", "derives"), ("impl", "impls"), ("builder", ""),
          ("field", ""), ("default", "defaults")]


def cell(s):
    return s.replace("|", "\\|").replace("\n", " ")


RNUM = {}   # reason id -> "R<n>", numbered over the reasons this run uses (set by main)


def rnum(rid):
    return RNUM.get(rid) or f"R{list(REASONS).index(rid) + 1}"


def rref(rid):
    return f"{rnum(rid)} ({REASONS[rid][1]})"


def type_status(rows):
    """One status per (type, feature kind): the worst of its rows."""
    return max((r.status for r in rows), key=lambda s: STATUS_RANK.get(s, 0))


def feature_table(rows, full, w):
    shown = set()
    """The feature summary: one row per feature kind, over the (type, kind) pairs of rows."""
    by_kind = defaultdict(lambda: defaultdict(list))
    for r in rows:
        if r.status == "envgen-only":
            continue
        by_kind[r.kind][(r.schema, r.tname)].append(r)
    if not by_kind:
        return
    failed_any = any(r.status == "failed" for r in rows)
    if all(r.status == "failed" for r in rows if r.status != "envgen-only"):
        w("| feature typify offers | types |")
        w("| --- | ---: |")
        order = {}
        for r in rows:
            order.setdefault(r.kind, (r.order, r.kind))
        for kind in sorted(by_kind, key=lambda k: (order[k], k)):
            w(f"| {cell(kind)} | {len(by_kind[kind])} |")
        return
    head = "| feature typify offers | types | counterpart | reason | gap | TODO |"
    sep = "| --- | ---: | ---: | ---: | ---: | ---: |"
    if failed_any:
        head += " envgen failed |"
        sep += " ---: |"
    head += " envgen's counterpart (most common form) | why none (reasons) |"
    sep += " --- | --- |"
    w(head)
    w(sep)
    order = {}
    for r in rows:
        order.setdefault(r.kind, (r.order, r.kind))
    for kind in sorted(by_kind, key=lambda k: (order[k], k)):
        pairs = by_kind[kind]
        st = defaultdict(int)
        forms = defaultdict(int)
        rids = defaultdict(set)
        for key, rs in pairs.items():
            st[type_status(rs)] += 1
            for r in rs:
                if r.status == "counterpart" and r.form:
                    forms[r.form] += 1
                if r.rid:
                    rids[r.rid].add(key)
                elif r.status == "todo":
                    rids["TODO"].add(key)
        if forms:
            best = sorted(forms, key=lambda f: (-forms[f], f))
            form = "; ".join(f"{clip(f, 160)} ({forms[f]})" for f in best[:2])
            if len(best) > 2:
                form += (f"; {plural(len(best) - 2, 'other form')} "
                         f"({sum(forms[f] for f in best[2:])})")
        else:
            form = "—"
        why = []
        for rid in sorted(rids, key=lambda x: (-len(rids[x]), x)):
            if rid == "TODO":
                why.append(f"TODO ({len(rids[rid])})")
            elif full and rid not in shown:
                shown.add(rid)
                why.append(f"**{rnum(rid)}** ({len(rids[rid])}): {REASONS[rid][2]}")
            elif full:
                why.append(f"**{rnum(rid)}** ({len(rids[rid])}): see above")
            else:
                why.append(f"{rref(rid)}" + (f" ×{len(rids[rid])}" if len(rids) > 1 else ""))
        line = (f"| {cell(kind)} | {len(pairs)} | {st['counterpart']} | {st['reason']} | "
                f"{st['gap']} | {st['todo']} |")
        if failed_any:
            line += f" {st['failed']} |"
        line += f" {cell(form)} | {cell('; '.join(why)) or '—'} |"
        w(line)


def type_table(rows, w):
    """One row per typify type: what typify offers, envgen's counterparts, and why the
    rest has none; features grouped."""
    by_type = defaultdict(list)
    for r in rows:
        by_type[(r.tname, r.status == "envgen-only")].append(r)
    w("| type | typify offers | envgen's counterpart | no counterpart: why |")
    w("| --- | --- | --- | --- |")
    for key in sorted(by_type, key=lambda x: (x[0].lower(), x[0], x[1])):
        tn = key[0]
        rs = sorted(by_type[key], key=lambda r: (r.order, r.kind, r.item))
        if rs[0].status == "envgen-only":
            w(f"| `{cell(tn)}` | — | {cell(rs[0].eitem)} (envgen only: no typify type "
              "matched to it) | — |")
            continue
        offer, env, why = [], [], []
        for g, label in GROUPS:
            gr = [r for r in rs if r.group == g]
            if not gr:
                continue
            pre = (label + " ") if label else ""
            if g in ("field", "default"):
                offer.append("; ".join(f"{k}: " + ", ".join(dict.fromkeys(r.item for r in gr
                                                                         if r.kind == k))
                                       for k in dict.fromkeys(r.kind for r in gr)))
                ok = [r for r in gr if r.status == "counterpart"]
                if ok:
                    env.append("; ".join(f"{k}: " + ", ".join(dict.fromkeys(
                        r.eitem for r in ok if r.kind == k)) for k in dict.fromkeys(r.kind for r in ok)))
                continue
            offer.append(pre + ", ".join(dict.fromkeys(r.item for r in gr)))
            ok = [r.eitem for r in gr if r.status == "counterpart"]
            if ok:
                env.append(pre + group_suffixes(ok))
        groups = defaultdict(list)
        for r in rs:
            if r.status in ("counterpart",):
                continue
            if r.status == "failed":
                groups[("failed", "")].append(r)
                continue
            tag = rref(r.rid) if r.rid else "TODO"
            groups[(tag, "")].append(r)
        for (tag, _), gr in groups.items():
            if tag == "failed":
                why.append("envgen generated nothing for this schema")
                continue
            names = ", ".join(dict.fromkeys(
                (r.item if r.group not in ("field", "default") else r.kind) for r in gr))
            dets = list(dict.fromkeys(r.detail for r in gr if r.detail))
            if len(dets) > 1 and all(d.startswith("envgen: ") for d in dets):
                dets = ["envgen: " + ", ".join(d[len("envgen: "):] for d in dets)]
            det = "; ".join(dets)
            why.append(f"{names}: {tag}" + (f" — {det}" if det else ""))
        w(f"| `{cell(tn)}` | {cell('; '.join(offer))} | {cell('; '.join(env)) or '—'} | "
          f"{cell('; '.join(why)) or '—'} |")


def group_suffixes(items):
    """`Clone (`u64`'s own)`, `Debug (`u64`'s own)` -> `Clone, Debug (`u64`'s own)`."""
    by = defaultdict(list)
    for it in dict.fromkeys(items):
        m = re.match(r"(.*?)( \(`[^`]*`'s own\))$", it)
        by[m.group(2) if m else ""].append(m.group(1) if m else it)
    return ", ".join(", ".join(v) + k for k, v in by.items())


def count(rows, st):
    return sum(1 for r in rows if r.status == st)


RUNTIME_MACRO = re.compile(r"^::envgen_runtime::__private::(?:\w+::)*(\w+)!\(", re.M)


def _expand_string_enum(args):
    """`Name { A = "a", ... }` or `Name { A = "a", ...; Other }`, optionally followed by
    `serde("expecting", "keyword")`."""
    m = re.match(r"\s*(\w+)\s*\{(.*?)\}\s*(serde\s*\(.*\))?\s*$", args, re.S)
    if not m:
        return None
    name, body, serde = m.group(1), m.group(2), m.group(3)
    _, _, other = body.partition(";")
    out = [f"impl {name} {{\n    pub fn as_str(&self) -> &str {{ todo() }}\n}}",
           f"impl ::core::fmt::Display for {name} {{\n    fn fmt(&self) {{}}\n}}",
           f"impl ::core::str::FromStr for {name} {{\n    fn from_str(value: &str) {{}}\n}}"]
    if other.strip():
        out += [f"impl ::core::convert::From<&str> for {name} {{\n    fn from(value: &str) -> Self {{}}\n}}",
                f"impl ::core::convert::From<String> for {name} {{\n    fn from(value: String) -> Self {{}}\n}}"]
    else:
        out += [f"impl ::core::convert::TryFrom<&str> for {name} {{\n    fn try_from(value: &str) {{}}\n}}",
                f"impl ::core::convert::TryFrom<String> for {name} {{\n    fn try_from(value: String) {{}}\n}}"]
    if serde:
        out += [f"impl ::serde::Serialize for {name} {{\n    fn serialize<S>(&self, serializer: S) {{}}\n}}",
                f"impl<'de> ::serde::Deserialize<'de> for {name} {{\n    fn deserialize<D>(deserializer: D) {{}}\n}}"]
    return out


def _expand_document(args):
    """`Name` (no validators: `from_json_str` only) or `Name, node, check, direct,
    FORMATS` (the four entry points and `impl Document`)."""
    parts = [x.strip() for x in args.split(",") if x.strip()]
    if not parts or not re.fullmatch(r"\w+", parts[0]):
        return None
    name = parts[0]
    err = "::core::result::Result<Self, ::envgen_runtime::ValidationErrors>"
    verr = "::core::result::Result<(), ::envgen_runtime::ValidationErrors>"
    if len(parts) == 1:
        return [f"impl {name} {{\n    pub fn from_json_str(input: &str) -> {err} {{}}\n}}"]
    opts = "options: &::envgen_runtime::Options"
    return [f"impl {name} {{\n"
            f"    pub fn from_json_str(input: &str) -> {err} {{}}\n"
            f"    pub fn from_json_str_with(input: &str, {opts}) -> {err} {{}}\n"
            f"    pub fn validate(&self) -> {verr} {{}}\n"
            f"    pub fn validate_with(&self, {opts}) -> {verr} {{}}\n}}",
            f"impl ::envgen_runtime::Document for {name} {{\n"
            f"    fn from_json_str_with(input: &str, {opts}) -> {err} {{}}\n"
            f"    fn validate_with(&self, {opts}) -> {verr} {{}}\n}}"]


def _expand_deserialize_map(args):
    """`Name`: `impl Deserialize` through the struct's `ReadMap` impl (`deserialize_map!`,
    `deserialize_boxed!`) or the union's `ReadAny` impl (`deserialize_any!`)."""
    name = args.strip()
    if not re.fullmatch(r"\w+", name):
        return None
    return [f"impl<'de> ::serde::Deserialize<'de> for {name} {{\n"
            f"    fn deserialize<D>(deserializer: D) -> ::core::result::Result<Self, D::Error> {{}}\n}}"]


def _expand_serialize(args):
    """`Name` (`ser::serialize_map!`, through the struct's `WriteMap` impl) or
    `Name { A, B }` (`ser::serialize_union!`): `impl Serialize`."""
    m = re.match(r"\s*(\w+)\s*(\{[\w\s,]*\})?\s*$", args)
    if not m:
        return None
    return [f"impl ::serde::Serialize for {m.group(1)} {{\n"
            f"    fn serialize<S>(&self, serializer: S) {{}}\n}}"]


def _expand_uninhabited(args):
    """`Name` (`de::uninhabited!`, an enum of no variants): `impl Serialize` (no value to
    write) and `impl Deserialize` (every value refused)."""
    ser, de = _expand_serialize(args), _expand_deserialize_map(args)
    return ser + de if ser and de else None


RUNTIME_MACROS = {"string_enum": _expand_string_enum, "document": _expand_document,
                  "uninhabited": _expand_uninhabited,
                  "deserialize_map": _expand_deserialize_map,
                  "deserialize_boxed": _expand_deserialize_map,
                  "deserialize_any": _expand_deserialize_map,
                  "serialize_map": _expand_serialize, "serialize_union": _expand_serialize}


def expand_runtime_macros(text, unknown):
    """envgen writes some impls through the runtime's item macros, each a top-level
    `::envgen_runtime::__private::…::NAME!(…);` call: `string_enum!` (a string enum's
    `as_str`, `Display`, `FromStr`, `TryFrom<&str>`/`TryFrom<String>`, or with a catch-all
    `From<&str>`/`From<String>`; with `serde(..)` also `Serialize` and `Deserialize`),
    `document!` (`from_json_str`, `from_json_str_with`, `validate`, `validate_with` and
    `impl Document`; `document!(Name)` only `from_json_str`), `de::deserialize_map!`
    (`impl Deserialize` through the struct's `ReadMap` impl) and `de::uninhabited!` (both
    serde impls of an enum of no variants). The impls each expands to
    (per runtime/src/private/) are written out here as stubs, so that they are read like
    any other impl; each stub's body starts with the comment `// via NAME!`. A call of
    another macro, or one whose arguments are not understood,
    is left as it is and counted in `unknown` (macro name -> count)."""
    b = blank(text)
    out, pos = [], 0
    for m in RUNTIME_MACRO.finditer(b):
        if m.start() < pos:
            continue
        name = m.group(1)
        close = match_close(b, m.end() - 1)
        end = close + 1
        if end < len(b) and b[end] == ";":
            end += 1
        fn = RUNTIME_MACROS.get(name)
        items = fn(b[m.end():close]) if fn else None  # literals blanked: names only
        if items is None:
            unknown[name] = unknown.get(name, 0) + 1
            continue
        out.append(text[pos:m.start()])
        # each stub says where it comes from (`Impl.text`, see `via_macro`)
        out.append("\n".join(x.replace("{\n", f"{{\n    // via {name}!\n", 1) for x in items))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="docs/typify-comparison.md",
                    help="the document to write (default docs/typify-comparison.md)")
    ap.add_argument("--work", default="target/typify-comparison",
                    help="where both tools' outputs are kept, and the per-type detail of large "
                         "schemas in detail/ (default target/typify-comparison)")
    ap.add_argument("--envgen", default=None,
                    help="envgen binary (default target/debug/envgen, built with cargo if missing)")
    args = ap.parse_args()
    t0 = time.time()

    out = (REPO / args.out) if not os.path.isabs(args.out) else Path(args.out)
    work = (REPO / args.work) if not os.path.isabs(args.work) else Path(args.work)
    for d in ("typify", "envgen", "detail"):
        (work / d).mkdir(parents=True, exist_ok=True)

    envgen = Path(args.envgen) if args.envgen else REPO / "target/debug/envgen"
    if not envgen.is_absolute():
        envgen = REPO / envgen
    if not envgen.exists():
        if args.envgen:
            sys.exit(f"no envgen binary at {envgen}")
        print("building envgen: nice -n 10 cargo build -q --bin envgen", file=sys.stderr)
        rc, so, se = sh(["nice", "-n", "10", "cargo", "build", "-q", "--bin", "envgen"])
        if rc != 0 or not envgen.exists():
            sys.exit(f"building envgen failed:\n{se}")

    newest = max((p.stat().st_mtime for d in ("src", "codegen/src", "runtime/src")
                  for p in (REPO / d).rglob("*.rs")), default=0)
    stale = newest > envgen.stat().st_mtime
    if stale:
        print(f"warning: {os.path.relpath(envgen, REPO)} is older than the sources; "
              "rebuild it (nice -n 10 cargo build -q --bin envgen) for a current record",
              file=sys.stderr)

    rc, tv, se = sh(["cargo", "typify", "--version"])
    if rc != 0:
        sys.exit("cargo typify is not installed: cargo install cargo-typify --version 0.8.0")
    typify_version = tv.strip()
    rustc_version = sh(["rustc", "--version"])[1].strip()
    envgen_version = sh([str(envgen), "--version"])[1].strip()
    head = sh(["git", "rev-parse", "--short", "HEAD"])[1].strip()
    # a binary given with --envgen, or older than the sources, may not be the tree at HEAD
    dirty = bool(sh(["git", "status", "--porcelain", "--untracked-files=no"])[1].strip()) \
        or stale or bool(args.envgen)
    help_text = sh([str(envgen), "--help"])[1]
    schemars_flag = "--schemars" if re.search(r"--schemars\b", help_text) else None
    md = re.search(r"--draft <\w+>\s*\n\s*(.+)", help_text)
    draft_help = md.group(1).strip() if md else ""

    runs = []
    unknown_macros = {}
    for schema in schemas():
        stem = Path(schema).stem
        print(f"{schema} ...", file=sys.stderr, flush=True)
        tout, eout = work / "typify" / f"{stem}.rs", work / "envgen" / f"{stem}.rs"
        ty = run_typify(schema, tout)
        en = run_envgen(str(envgen), schema, eout, help_text)
        ty_side = Side(Crate(tout.read_text())) if ty["ok"] else None
        en_side = Side(Crate(expand_runtime_macros(eout.read_text(), unknown_macros))) \
            if en["ok"] else None
        runs.append((schema, ty, en, ty_side, en_side))
    for name, k in sorted(unknown_macros.items()):
        print(f"warning: {k} call(s) of the runtime macro `{name}!` not expanded (unknown to "
              "the script): impls it writes are not seen", file=sys.stderr)

    # Methods (nearly) every envgen type has are said once, not in every row.
    per_type = [{f.name for f in t.inherent} for r in runs if r[4] for t in r[4].types.values()]
    tally = defaultdict(int)
    for ms in per_type:
        for m in ms:
            tally[m] += 1
    common = sorted(m for m, c in tally.items() if per_type and c >= 0.9 * len(per_type))

    allrows, summary = [], []
    for schema, ty, en, ty_side, en_side in runs:
        rows = []
        if ty_side:
            rows, _ = compare(ty_side, en_side, schemars_flag, not en["ok"], common,
                              declares_draft04(schema))
        for r in rows:
            r.schema = schema
        allrows += rows
        summary.append((schema, ty, en, ty_side, en_side, rows))
    elapsed = time.time() - t0

    n = len(summary)
    ty_ok = sum(1 for s in summary if s[1]["ok"])
    en_ok = sum(1 for s in summary if s[2]["ok"])
    feats = [r for r in allrows if r.status != "envgen-only"]
    used_rids = defaultdict(set)
    for r in feats:
        if r.rid:
            used_rids[r.rid].add((r.schema, r.tname, r.kind))
    for rid in REASONS:
        if rid in used_rids:
            RNUM[rid] = f"R{len(RNUM) + 1}"
    L = []
    w = L.append
    w("# typify 0.8's API and envgen's, on typify's own test schemas")
    w("")
    w("<!-- Written by scripts/typify-comparison.py; edit the script, not this file. -->")
    w("")
    w("For each schema typify tests itself with (the copies in "
      f"`{CORPUS}/`, see its `PROVENANCE`), this lists the API typify's output offers and "
      "envgen's counterpart as found in the code envgen generates for the same schema, or, "
      "where envgen has none, why (a reason, R1… below; \"gap\" where envgen lacks something a "
      "Rust user may want). Both outputs are read as Rust source text; nothing about either "
      "tool's API is written into the script except the reasons and what envgen's runtime "
      "macros expand to (`document!`, `string_enum!`, `de::deserialize_map!`: top-level calls "
      "in envgen's output, whose impls the script writes out before reading it).")
    w("")
    w("Regenerate with")
    w("")
    w("```sh")
    w("cargo install cargo-typify --version 0.8.0")
    w("python3 scripts/typify-comparison.py")
    w("```")
    w("")
    w("The script runs `cargo typify SCHEMA -o OUT.rs` (the CLI's defaults, struct builders on; "
      "not the settings typify's own test harness adds, which `PROVENANCE` lists) and "
      "`envgen --schema SCHEMA -o OUT.rs` (types, serde impls, validators, builders), keeps "
      f"both outputs in `{args.work}/{{typify,envgen}}/`, and writes this file. envgen is run "
      "without flags first; after an unresolvable `$ref` it is run again with `--refs-by-name` "
      "(typify's way of resolving such refs), after a draft-04 error with `--draft 7`"
      + (f" (`envgen --help`: \"{draft_help}\")" if draft_help else "")
      + "; the flags used are shown per schema.")
    w("")
    w("typify's types are matched to envgen's by definition key first (envgen's doc comment "
      "`Generated from FILE#/definitions/KEY`), then by exact name, then by name ignoring case "
      "and punctuation, then by position: the types the same field of two matched types holds "
      "(several typify types may meet one envgen type, since envgen generates one type for "
      "identical inline schemas where typify generates one each). A typify newtype around a "
      "generated type whose envgen type is no wrapper lends its match to the inner type. A "
      "typify type for a field envgen does not store (a required property whose schema admits "
      "one string: envgen's struct names it by an associated const, `T::TYPE`, and writes it "
      "when serializing) is matched to envgen's type for that property's schema, which parsing "
      "reads it through. A typify type still unmatched is compared with the type envgen's "
      "field holds in its place. The `defaults`, `builder` and `error` modules of typify's "
      "output count with the type they serve.")
    w("")
    w("A *feature* is one piece of API one typify type offers: a derive, a trait impl, the "
      "builder, a kind of field type, a serde default, an enum's serde tag. The tables count "
      "(type, feature) pairs; "
      "a type whose feature has several instances (a `From<T>` per union variant, several "
      "fields) counts once, under the worst status of its instances (TODO, gap, reason, "
      "counterpart). Where typify derives `Serialize`/`Deserialize`, envgen writes these impls "
      "out, or a runtime macro writes them (`string_enum!` for an enum of strings, "
      "`deserialize_map!` for a struct, through its `ReadMap` impl); its `Deserialize` "
      "validates while deserializing. "
      + (f"Nearly every envgen type (at least 90%) also has the inherent methods "
         f"{', '.join(f'`{m}`' for m in common)}; a type row lists only the others. "
         if common else "").rstrip())
    w("")
    w("## Versions")
    w("")
    w("| component | version |")
    w("| --- | --- |")
    w(f"| rustc | {rustc_version} |")
    w(f"| cargo-typify | {typify_version} |")
    w(f"| envgen | {envgen_version}, built from the tree at commit {head}"
      f"{' plus uncommitted changes' if dirty else ''} |")
    w("")

    # ---- totals ------------------------------------------------------------------------
    def pairs_by_status(rows):
        groups = defaultdict(list)
        for r in rows:
            if r.status != "envgen-only":
                groups[(r.schema, r.tname, r.kind)].append(r)
        c = defaultdict(int)
        for rs in groups.values():
            c[type_status(rs)] += 1
        return c, len(groups)

    w("## Totals")
    w("")
    w("| | typify | envgen |")
    w("| --- | --- | --- |")
    w(f"| schemas generated | {ty_ok} of {n} | {en_ok} of {n} |")
    w(f"| types (all schemas) | {sum(len(s[3].types) for s in summary if s[3])} | "
      f"{sum(len(s[4].types) for s in summary if s[4])} |")
    w("")
    c, tot = pairs_by_status(allrows)
    w("| features of typify's types (type × feature) | count |")
    w("| --- | ---: |")
    w(f"| with envgen's counterpart | {c['counterpart']} |")
    w(f"| with a reason envgen has none | {c['reason']} |")
    w(f"| gap: envgen lacks it | {c['gap']} |")
    w(f"| TODO: neither a counterpart nor a reason | {c['todo']} |")
    w(f"| envgen generated nothing for the schema | {c['failed']} |")
    w(f"| **all** | {tot} |")
    w(f"| envgen types no typify type was matched to (not counted above) | "
      f"{count(allrows, 'envgen-only')} |")
    w("")
    w("| schema | typify | envgen | features | counterpart | reason | gap | TODO | envgen failed |")
    w("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for schema, ty, en, ts, es, rows in summary:
        tcol = plural(len(ts.types), "type") if ts else f"**failed** (exit {ty['rc']})"
        ecol = plural(len(es.types), "type") if es else f"**failed** (exit {en['rc']})"
        if en["flags"] and en["ok"]:
            ecol += f" (`{' '.join(en['flags'])}`)"
        c, tot = pairs_by_status(rows)
        w(f"| [{os.path.basename(schema)}](#{anchor(os.path.basename(schema))}) | {tcol} | "
          f"{ecol} | {tot} | {c['counterpart']} | {c['reason']} | {c['gap']} | {c['todo']} | "
          f"{c['failed']} |")
    w("")

    # ---- feature summary across schemas ------------------------------------------------------
    w("## Features across all schemas")
    w("")
    w("Counts are typify types offering the feature, by envgen's answer; the number after a "
      "form counts its instances. A reason's full text is given at its first mention and "
      "under [Reasons](#reasons).")
    w("")
    feature_table(allrows, True, w)
    w("")

    # ---- reasons -----------------------------------------------------------------------------
    w("## Reasons")
    w("")
    w("Features without a counterpart, by reason; \"types\" counts (type, feature) pairs.")
    w("")
    w("| | reason | types |")
    w("| --- | --- | ---: |")
    for rid in REASONS:
        if rid in used_rids:
            w(f"| {rnum(rid)} | **{REASONS[rid][1]}**: {cell(REASONS[rid][2])} | "
              f"{len(used_rids[rid])} |")
    w("")
    todo = [r for r in feats if r.status == "todo"]
    w("## TODO: features with neither a counterpart nor a reason")
    w("")
    if todo:
        w("Each needs a counterpart in envgen or a rule and reason in the script.")
        w("")
        w("| schema | type | feature | detail |")
        w("| --- | --- | --- | --- |")
        for r in sorted(todo, key=lambda r: (os.path.basename(r.schema), r.tname, r.kind)):
            w(f"| {os.path.basename(r.schema)} | `{cell(r.tname)}` | {cell(r.kind)}: "
              f"{cell(r.item)} | {cell(r.detail) or '—'} |")
    else:
        w("None.")
    w("")

    fails = [(s, ty, en) for s, ty, en, *_ in summary if not ty["ok"] or not en["ok"] or en["flags"]]
    if fails:
        w("## Where a tool failed or needed a flag")
        w("")
        w("| schema | typify | envgen |")
        w("| --- | --- | --- |")
        for s, ty, en in fails:
            tc = "generated" if ty["ok"] else f"exit {ty['rc']}: {ty['msg']}"
            ec = "; ".join(attempt_text(a) for a in en["attempts"])
            w(f"| `{s}` | {cell(tc)} | {cell(ec)} |")
        w("")

    # ---- per schema --------------------------------------------------------------------------
    w("## Schemas")
    detail_dir = work / "detail"
    for old in detail_dir.glob("*.md"):
        old.unlink()
    for schema, ty, en, ts, es, rows in summary:
        stem = Path(schema).stem
        w("")
        w(f"### {os.path.basename(schema)}")
        w("")
        w(f"`{schema}`")
        w("")
        if ts:
            nd = len([f for f in ts.crate.fns if f.startswith("defaults::")])
            tline = (f"typify: {plural(len(ts.types), 'type')}, {ts.crate.lines} lines"
                     + (f", {nd} functions in `defaults`" if nd else "")
                     + (f", builders for {len(ts.builder)}" if ts.builder else ""))
        else:
            tline = f"typify: **failed**, exit {ty['rc']}: {ty['msg']}"
        if es:
            eline = (f"envgen: {plural(len(es.types), 'type')}, {es.crate.lines} lines"
                     + (f", builders for {len(es.builder)}" if es.builder else "")
                     + (f", run with `{' '.join(en['flags'])}`" if en["flags"] else ""))
            if len(en["attempts"]) > 1:
                eline += " (without it: " + clip(en["attempts"][0]["msg"], 300) + ")"
        else:
            eline = "envgen: **failed**: " + "; ".join(attempt_text(a) for a in en["attempts"])
        w(f"- {cell(tline)}")
        w(f"- {cell(eline)}")
        w("")
        if not ts:
            w("Nothing to compare: typify generated nothing.")
            continue
        if not rows:
            w("Nothing to compare: typify's output has no types.")
            continue
        feature_table(rows, False, w)
        w("")
        if len(ts.types) <= DETAIL_MAX_TYPES:
            type_table(rows, w)
        else:
            D = []
            D.append(f"# {os.path.basename(schema)}: typify's types and envgen's, type by type")
            D.append("")
            D.append(f"<!-- Written by scripts/typify-comparison.py for `{schema}`; not "
                     "committed. Reasons R1… are listed in docs/typify-comparison.md. -->")
            D.append("")
            type_table(rows, D.append)
            path = detail_dir / f"{stem}.md"
            path.write_text("\n".join(D) + "\n")
            w(f"Per-type rows ({plural(len(ts.types), 'typify type')}, more than "
              f"{DETAIL_MAX_TYPES}) are not in this file: the script writes them to "
              f"`{args.work}/detail/{stem}.md` (not committed).")

    text = "\n".join(L) + "\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    c, tot = pairs_by_status(allrows)
    print(f"wrote {os.path.relpath(out, REPO)} ({len(text) // 1024} KB; {tot} features: "
          f"{c['counterpart']} counterpart, {c['reason']} reason, {c['gap']} gap, "
          f"{c['todo']} TODO, {c['failed']} envgen failed) in {elapsed:.0f} s",
          file=sys.stderr)


def attempt_text(a):
    f = f"`{' '.join(a['flags'])}`: " if a["flags"] else "no flags: "
    return f + ("generated" if a["ok"] else f"exit {a['rc']}: {a['msg']}")


def anchor(s):
    return re.sub(r"[^a-z0-9_ -]", "", s.lower()).replace(" ", "-")


if __name__ == "__main__":
    main()
