//! `--format md`: a cmdhelp document rendered as markdown, from the same document as
//! `--format json` (spec §6: one source for both).
//!
//! Layout: a title (`# binary version`), the summary, then `## Global flags` as a table,
//! then `## Commands` with one `### \`binary path\`` section per command in document
//! order: summary, description, a usage line, tables of arguments, flags and exit codes,
//! the examples in one `sh` block each (a `note` becomes a `#` comment line above the
//! invocation), then stdin, stdout, see also, since and stability. `## Context` and
//! `## Schemas` close the page when present. Extension keys (`x-*`) are not rendered,
//! except `x-short` (a flag's short letter) and `x-error-codes` (the `error.code` values of
//! a rich exit-code entry). Table cells escape `|` and turn line breaks into `<br>`.

use super::examples::number;
use crate::cmdhelp::{Arg, Cmdhelp, Command, EnumValuesItem, ExitCode, Flag, FlagMap, TypeName};
use serde_json::Value;
use std::fmt::Write;

/// Renders `doc` as markdown. Deterministic: the same document gives the same text.
pub fn render(doc: &Cmdhelp) -> String {
    let mut out = String::new();
    let title = match &doc.version {
        Some(v) => format!("{} {v}", doc.binary),
        None => doc.binary.clone(),
    };
    line(&mut out, &format!("# {title}"));
    line(&mut out, "");
    if let Some(summary) = &doc.summary {
        line(&mut out, summary);
        line(&mut out, "");
    }
    let mut facts = vec![format!("cmdhelp {}", doc.cmdhelp_version)];
    if let Some(home) = &doc.homepage {
        facts.push(format!("homepage: <{home}>"));
    }
    line(&mut out, &format!("{}.", facts.join(" · ")));
    line(&mut out, "");

    if let Some(flags) = doc.global_flags.as_ref().filter(|f| !f.is_empty()) {
        line(&mut out, "## Global flags");
        line(&mut out, "");
        flag_table(&mut out, flags);
    }

    if !doc.commands.is_empty() {
        line(&mut out, "## Commands");
        line(&mut out, "");
        for (path, command) in &doc.commands {
            render_command(&mut out, doc, path, command);
        }
    }

    if let Some(context) = &doc.context {
        line(&mut out, "## Context");
        line(&mut out, "");
        let fields = [
            ("workspace", &context.workspace),
            ("profile", &context.profile),
            ("auth", &context.auth),
        ];
        for (name, value) in fields {
            if let Some(v) = value {
                line(&mut out, &format!("* {name}: {}", code(v)));
            }
        }
        line(&mut out, "");
    }

    if let Some(schemas) = doc.schemas.as_ref().filter(|s| !s.is_empty()) {
        line(&mut out, "## Schemas");
        line(&mut out, "");
        for (name, schema) in schemas {
            line(&mut out, &format!("### `{name}`"));
            line(&mut out, "");
            line(&mut out, "```json");
            line(
                &mut out,
                &serde_json::to_string_pretty(schema).unwrap_or_else(|_| schema.to_string()),
            );
            line(&mut out, "```");
            line(&mut out, "");
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

fn render_command(out: &mut String, doc: &Cmdhelp, path: &str, command: &Command) {
    let invoked = if path.is_empty() {
        doc.binary.clone()
    } else {
        format!("{} {path}", doc.binary)
    };
    line(out, &format!("### `{invoked}`"));
    line(out, "");
    line(out, &command.summary);
    line(out, "");
    if let Some(description) = &command.description {
        line(out, description);
        line(out, "");
    }
    line(out, &format!("Usage: {}", code(&usage(&invoked, command))));
    line(out, "");

    if let Some(args) = command.args.as_ref().filter(|a| !a.is_empty()) {
        line(out, "**Arguments**");
        line(out, "");
        line(
            out,
            "| Argument | Type | Required | Default | Description |",
        );
        line(out, "|---|---|---|---|---|");
        for arg in args {
            let name = if arg.repeatable == Some(true) {
                format!("<{}>...", arg.name)
            } else {
                format!("<{}>", arg.name)
            };
            let row = [
                code(&name),
                type_cell(
                    &arg.type_,
                    arg.format.as_deref(),
                    arg_enum(arg),
                    arg.enum_source.as_deref(),
                    false,
                ),
                if arg.required == Some(true) {
                    "yes"
                } else {
                    "no"
                }
                .to_owned(),
                arg.default.as_ref().map(value_cell).unwrap_or_default(),
                cell(arg.description.as_deref().unwrap_or("")),
            ];
            line(out, &format!("| {} |", row.join(" | ")));
        }
        line(out, "");
    }

    if let Some(flags) = command.flags.as_ref().filter(|f| !f.is_empty()) {
        line(out, "**Flags**");
        line(out, "");
        flag_table(out, flags);
    }

    if let Some(codes) = command.exit_codes.as_ref().filter(|c| !c.is_empty()) {
        line(out, "**Exit codes**");
        line(out, "");
        line(out, "| Code | Meaning | Recovery |");
        line(out, "|---|---|---|");
        for (code_, entry) in codes {
            let (when, recovery) = match entry {
                ExitCode::String(s) => (cell(s), String::new()),
                ExitCode::ExitCodeRich(rich) => {
                    let mut when = cell(&rich.when);
                    if let Some(Value::Object(codes)) = rich.extra.get("x-error-codes") {
                        let listed: Vec<String> = codes.keys().map(|k| code(k)).collect();
                        if !listed.is_empty() {
                            let _ = write!(when, "<br>`error.code`: {}", listed.join(", "));
                        }
                    }
                    (when, cell(rich.recovery.as_deref().unwrap_or("")))
                }
            };
            line(out, &format!("| {code_} | {when} | {recovery} |"));
        }
        line(out, "");
    }

    if let Some(examples) = command.examples.as_ref().filter(|e| !e.is_empty()) {
        line(out, "**Examples**");
        line(out, "");
        for example in examples {
            line(out, "```sh");
            if let Some(note) = &example.note {
                for l in note.lines() {
                    line(out, &format!("# {l}"));
                }
            }
            line(out, &example.cmd);
            line(out, "```");
            line(out, "");
        }
    }

    let mut facts = Vec::new();
    if let Some(stdin) = &command.stdin {
        let mut s = if stdin.accepted {
            "accepted".to_owned()
        } else {
            "not read".to_owned()
        };
        if let Some(f) = &stdin.format {
            let _ = write!(s, " ({})", code(f));
        }
        facts.push(format!("Stdin: {s}."));
    }
    if let Some(stdout) = &command.stdout {
        let mut parts = Vec::new();
        if let Some(t) = &stdout.text_template {
            parts.push(format!("text {}", code(t)));
        }
        if let Some(r) = &stdout.json_schema_ref {
            parts.push(format!("JSON {}", code(r)));
        }
        if !parts.is_empty() {
            facts.push(format!("Stdout: {}.", parts.join("; ")));
        }
    }
    if let Some(see) = command.see_also.as_ref().filter(|s| !s.is_empty()) {
        let listed: Vec<String> = see
            .iter()
            .map(|p| code(&format!("{} {p}", doc.binary)))
            .collect();
        facts.push(format!("See also: {}.", listed.join(", ")));
    }
    if let Some(since) = &command.since {
        facts.push(format!("Since: {since}."));
    }
    if let Some(stability) = &command.stability {
        facts.push(format!("Stability: {stability}."));
    }
    for fact in facts {
        line(out, &fact);
        line(out, "");
    }
}

fn usage(invoked: &str, command: &Command) -> String {
    let mut parts = vec![invoked.to_owned()];
    if command.flags.as_ref().is_some_and(|f| !f.is_empty()) {
        parts.push("[FLAGS]".to_owned());
    }
    for arg in command.args.iter().flatten() {
        let dots = if arg.repeatable == Some(true) {
            "..."
        } else {
            ""
        };
        if arg.required == Some(true) {
            parts.push(format!("<{}>{dots}", arg.name));
        } else {
            parts.push(format!("[<{}>{dots}]", arg.name));
        }
    }
    parts.join(" ")
}

fn flag_table(out: &mut String, flags: &FlagMap) {
    line(out, "| Flag | Type | Default | Description |");
    line(out, "|---|---|---|---|");
    for (key, flag) in flags {
        line(
            out,
            &format!(
                "| {} | {} | {} | {} |",
                flag_cell(key, flag),
                type_cell(
                    &flag.type_,
                    flag.format.as_deref(),
                    flag.enum_.as_deref(),
                    flag.enum_source.as_deref(),
                    flag.repeatable == Some(true),
                ),
                flag.default.as_ref().map(value_cell).unwrap_or_default(),
                description_cell(flag),
            ),
        );
    }
    line(out, "");
}

fn flag_cell(key: &str, flag: &Flag) -> String {
    let mut forms = Vec::new();
    if let Some(short) = flag.extra.get("x-short").and_then(Value::as_str) {
        forms.push(format!("-{short}"));
    }
    forms.push(super::examples::dashed(key));
    let mut shown = forms.join(", ");
    if flag.type_ != TypeName::Bool {
        let _ = write!(shown, " <{}>", type_name(&flag.type_));
    }
    let mut cell = code(&shown);
    if let Some(negate) = &flag.negate_flag {
        let _ = write!(cell, " / {}", code(negate));
    }
    cell
}

fn description_cell(flag: &Flag) -> String {
    let mut text = flag.description.clone().unwrap_or_default();
    if flag.required == Some(true) {
        text = if text.is_empty() {
            "Required.".to_owned()
        } else {
            format!("Required. {text}")
        };
    }
    cell(&text)
}

fn arg_enum(arg: &Arg) -> Option<&[EnumValuesItem]> {
    arg.enum_.as_deref()
}

fn type_cell(
    type_: &TypeName,
    format: Option<&str>,
    values: Option<&[EnumValuesItem]>,
    source: Option<&str>,
    repeatable: bool,
) -> String {
    let mut s = type_name(type_);
    if let Some(f) = format {
        let _ = write!(s, " ({})", code(f));
    }
    if let Some(values) = values.filter(|v| !v.is_empty()) {
        let listed: Vec<String> = values.iter().map(|v| code(&enum_text(v))).collect();
        let _ = write!(s, ": {}", listed.join(", "));
    }
    if let Some(source) = source {
        let _ = write!(s, " (from {})", code(source));
    }
    if repeatable {
        s.push_str(", repeatable");
    }
    cell(&s)
}

fn type_name(type_: &TypeName) -> String {
    match serde_json::to_value(type_) {
        Ok(Value::String(s)) => s,
        _ => "string".to_owned(),
    }
}

fn enum_text(v: &EnumValuesItem) -> String {
    match v {
        EnumValuesItem::String(s) => s.clone(),
        EnumValuesItem::Boolean(b) => b.to_string(),
        EnumValuesItem::Number(n) => number(*n),
    }
}

fn value_cell(v: &Value) -> String {
    match v {
        Value::String(s) => code(s),
        other => code(&other.to_string()),
    }
}

/// Inline code that survives backticks in the text.
fn code(text: &str) -> String {
    if text.contains('`') {
        format!("`` {} ``", cell(text))
    } else {
        format!("`{}`", cell(text))
    }
}

/// Table-cell-safe text.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
        .replace("\r\n", "<br>")
        .replace('\n', "<br>")
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}
