#!/usr/bin/env python3
"""Check the JSON test documents against their schemas with Python's jsonschema.

Layout (relative to this file):
    <schema>/*.json                 documents that must be VALID
    <schema>/invalid/*.json         documents that must be INVALID
    <schema>/invalid/manifest.json  file name -> {"pointer", "keyword", "rule"}

For every invalid document the manifest's (pointer, keyword) must be one of
the errors jsonschema reports (error.absolute_path as a JSON pointer,
error.validator as the keyword), and jsonschema must report exactly one
top-level error, so that each document breaks exactly one rule.

Format checking is off. Valid documents must be free of duplicate keys and,
except the pretty-printed ones listed in PRETTY, be compact single-line JSON
(json.dumps(obj, separators=(',', ':'), ensure_ascii=False)) plus one "\n".
Valid meminit documents must also follow the array ordering of spec section 9.

Usage: python3 tests/documents/check.py      (needs: pip install jsonschema)
Exit status: 0 when every document agrees, 1 otherwise.
"""
import json
import os
import sys

import jsonschema
from jsonschema.validators import validator_for

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "..", "..", "schemas")

SCHEMA_FILES = {
    "response-envelope": "response-envelope.json",
    "tool-response": "tool-response.json",
    "cmdhelp": "cmdhelp.schema.json",
    "meminit": "meminit-output-envelope.json",
}

PRETTY = {("cmdhelp", "git-like.json")}


def pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    dups = sorted({k for k in keys if keys.count(k) > 1})
    if dups:
        raise ValueError("duplicate keys: %s" % ", ".join(dups))
    return dict(pairs)


def load(path):
    with open(path, encoding="utf-8", newline="") as fh:
        raw = fh.read()
    return raw, json.loads(raw, object_pairs_hook=no_duplicates)


def make_validator(schema_name):
    with open(os.path.join(SCHEMAS, SCHEMA_FILES[schema_name]), encoding="utf-8") as fh:
        schema = json.load(fh)
    cls = validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)  # no format_checker: format checking is off


def meminit_order_problems(doc):
    """Section 9 ordering of warnings, violations and advice."""
    problems = []
    keys = {
        "warnings": lambda i: (i.get("path", ""), i.get("line", 0), i.get("message", "")),
        "violations": lambda i: (i.get("path", ""), i.get("code", ""), i.get("severity", "")),
        "advice": lambda i: (i.get("code", ""), i.get("message", "")),
    }
    for field, key in keys.items():
        items = doc.get(field)
        if isinstance(items, list) and all(isinstance(i, dict) for i in items):
            if items != sorted(items, key=key):
                problems.append("%s not sorted per section 9" % field)
    return problems


def check_valid(schema_name, validator, name, path):
    raw, doc = load(path)
    problems = []
    for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        problems.append("%s at %r: %s" % (err.validator, pointer(err.absolute_path), err.message))
    if (schema_name, name) not in PRETTY:
        if raw != json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n":
            problems.append("not compact one-line JSON followed by a single newline")
    elif not raw.endswith("\n") or raw.endswith("\n\n"):
        problems.append("must end with exactly one newline")
    if schema_name == "meminit":
        problems.extend(meminit_order_problems(doc))
    return problems


def check_invalid(validator, path, expect):
    _, doc = load(path)
    errors = list(validator.iter_errors(doc))
    if not errors:
        return ["is VALID but should be invalid"], ""
    reported = [(pointer(e.absolute_path), e.validator) for e in errors]
    problems = []
    want = (expect.get("pointer"), expect.get("keyword"))
    if want not in reported:
        problems.append("manifest expects %s at %r but jsonschema reports %s" % (
            want[1], want[0], ", ".join("%s at %r" % (k, p) for p, k in reported)))
    if len(errors) != 1:
        problems.append("breaks %d rules, expected exactly one" % len(errors))
    if not isinstance(expect.get("rule"), str) or not expect["rule"]:
        problems.append("manifest entry has no rule sentence")
    best = jsonschema.exceptions.best_match(errors)
    return problems, "%s at %r (best_match: %s at %r)" % (
        errors[0].validator, pointer(errors[0].absolute_path), best.validator, pointer(best.absolute_path))


def main():
    failures = 0
    total = 0
    for schema_name in sorted(SCHEMA_FILES):
        directory = os.path.join(HERE, schema_name)
        if not os.path.isdir(directory):
            print("FAIL %s/: directory missing" % schema_name)
            failures += 1
            continue
        validator = make_validator(schema_name)

        for name in sorted(os.listdir(directory)):
            path = os.path.join(directory, name)
            if not name.endswith(".json") or not os.path.isfile(path):
                continue
            total += 1
            try:
                problems = check_valid(schema_name, validator, name, path)
            except ValueError as exc:
                problems = ["unreadable: %s" % exc]
            label = "%s/%s" % (schema_name, name)
            if problems:
                failures += 1
                print("FAIL valid   %-55s %s" % (label, "; ".join(problems)))
            else:
                print("ok   valid   %s" % label)

        inv_dir = os.path.join(directory, "invalid")
        manifest_path = os.path.join(inv_dir, "manifest.json")
        if not os.path.isfile(manifest_path):
            print("FAIL %s/invalid/manifest.json missing" % schema_name)
            failures += 1
            continue
        with open(manifest_path, encoding="utf-8") as fh:
            manifest = json.load(fh)
        files = sorted(n for n in os.listdir(inv_dir) if n.endswith(".json") and n != "manifest.json")
        for name in sorted(set(manifest) - set(files)):
            failures += 1
            print("FAIL invalid %s/invalid/%s: listed in manifest but missing" % (schema_name, name))
        for name in files:
            total += 1
            label = "%s/invalid/%s" % (schema_name, name)
            if name not in manifest:
                failures += 1
                print("FAIL invalid %-55s not listed in manifest.json" % label)
                continue
            try:
                problems, summary = check_invalid(validator, os.path.join(inv_dir, name), manifest[name])
            except ValueError as exc:
                problems, summary = ["unreadable: %s" % exc], ""
            if problems:
                failures += 1
                print("FAIL invalid %-55s %s" % (label, "; ".join(problems)))
            else:
                print("ok   invalid %-55s %s" % (label, summary))

    print("%d documents checked, %d failed" % (total, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
