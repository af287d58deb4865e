//! [`from_clap`]: a cmdhelp document built from a live clap command tree (feature `clap`).
//!
//! How the clap tree maps to cmdhelp:
//!
//! * `binary` is the root command's name, `version` and `summary` its version and `about`.
//! * `commands` holds every visible subcommand, depth first in declaration order, keyed by
//!   its path joined with spaces (`remote add`). A subcommand that cannot run by itself
//!   (it has subcommands and sets `subcommand_required` or `arg_required_else_help`, as
//!   clap derive does for a non-`Option` subcommand field) is a *group*: it has no entry,
//!   only its children do. The root follows the same rule under the key `""`: a CLI whose
//!   root runs by itself (no subcommands, or an optional one, like `envgen --schema x`)
//!   has a `""` command.
//! * `summary` is the command's `about` (the first line of `long_about` without one, and
//!   `"(no summary)"` without either: the schema requires a non-empty summary);
//!   `description` is `long_about` when it says more than `about`.
//! * Positional arguments become `args` in order, with `required` always stated and
//!   `repeatable` when they take several values. Options become `flags`, keyed by the long
//!   name (or the short letter when there is no long name); a flag with both records its
//!   short letter as `"x-short": "o"`.
//! * `type`: `bool` for switches (`SetTrue`, `SetFalse`, `Count`), `enum` when the value
//!   parser has possible values (listed in `enum`), `int` and `float` for the integer and
//!   float parsers, `path` for `PathBuf`, `string` otherwise.
//! * `default` is typed by the flag's type (`false`, `0`, `"text"`); a `Count` switch has
//!   none. `repeatable` is set for `ArgAction::Append` and `ArgAction::Count`.
//! * Negation: a bool switch `--x` and a bool switch `--no-x` on the same command are one
//!   flag `x` with `negate_flag: "--no-x"` (the `--no-x` switch may be hidden, as it often
//!   is). A lone `--no-x` stays an ordinary flag: cmdhelp only knows negations of flags.
//! * Arguments marked `global` on the root are `global_flags` and are not repeated on
//!   each command; globals declared further down are listed on each command they reach.
//! * Left out: hidden commands and arguments, clap's generated `help` subcommand and its
//!   `--help` / `--version` flags (the document *is* the help), and aliases.
//! * Exit codes, examples, stdin, stdout, see-also, `since`, `stability` and the homepage
//!   come from the caller's [`Extension`]: clap knows none of them. The extension may
//!   also replace a command's summary.
//!
//! The output depends only on the clap tree and the extension: the same input gives the
//! same document, byte for byte once serialized.

use super::CMDHELP_VERSION;
use crate::cmdhelp::{
    Arg, Cmdhelp, Command, CommandStdin, CommandStdout, EnumValuesItem, Example, ExitCode, Flag,
    FlagMap, TypeName,
};
use crate::runtime::IndexMap;
use clap::{ArgAction, Command as ClapCommand};
use serde_json::{Map, Value};
use std::any::TypeId;
use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

/// What clap does not know, supplied by the caller of [`from_clap_with`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Extension {
    /// The document's `homepage`.
    pub homepage: Option<String>,
    /// Exit codes every command shares; a command's own entries override them.
    pub exit_codes: BTreeMap<u8, ExitCode>,
    /// Per-command additions, keyed by command path (`""` is the root command).
    pub commands: BTreeMap<String, CommandExtension>,
}

/// The additions for one command.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CommandExtension {
    /// Replaces the summary clap gives (useful for the root command, whose `about`
    /// describes the binary rather than what running it alone does).
    pub summary: Option<String>,
    /// Exit codes of this command, on top of [`Extension::exit_codes`].
    pub exit_codes: BTreeMap<u8, ExitCode>,
    /// Canonical examples.
    pub examples: Vec<Example>,
    /// What the command reads from stdin.
    pub stdin: Option<CommandStdin>,
    /// What the command prints.
    pub stdout: Option<CommandStdout>,
    /// Related command paths; each must exist in the tree.
    pub see_also: Vec<String>,
    /// The version that introduced the command.
    pub since: Option<String>,
    /// The stability promise.
    pub stability: Option<String>,
}

/// Why [`from_clap_with`] refused an extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromClapError {
    /// [`Extension::commands`] names a path that is not a command of the tree.
    UnknownCommand(String),
    /// A `see_also` entry of `command` names a path that is not a command of the tree.
    UnknownSeeAlso {
        /// The command whose `see_also` it is.
        command: String,
        /// The missing path.
        target: String,
    },
}

impl fmt::Display for FromClapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromClapError::UnknownCommand(path) => {
                write!(
                    f,
                    "the extension describes {path:?}, which is not a command of the tree"
                )
            }
            FromClapError::UnknownSeeAlso { command, target } => write!(
                f,
                "see_also of {command:?} names {target:?}, which is not a command of the tree"
            ),
        }
    }
}

impl std::error::Error for FromClapError {}

/// The cmdhelp document of a clap command tree, with no exit codes or examples.
pub fn from_clap(cmd: &ClapCommand) -> Cmdhelp {
    build(cmd, &Extension::default())
}

/// The cmdhelp document of a clap command tree, completed by `extension`. Fails when the
/// extension names a command the tree does not have, so a renamed command cannot silently
/// lose its examples.
pub fn from_clap_with(cmd: &ClapCommand, extension: &Extension) -> Result<Cmdhelp, FromClapError> {
    let doc = build(cmd, extension);
    for path in extension.commands.keys() {
        if !doc.commands.contains_key(path) {
            return Err(FromClapError::UnknownCommand(path.clone()));
        }
    }
    for (path, ext) in &extension.commands {
        for target in &ext.see_also {
            if !doc.commands.contains_key(target) {
                return Err(FromClapError::UnknownSeeAlso {
                    command: path.clone(),
                    target: target.clone(),
                });
            }
        }
    }
    Ok(doc)
}

fn build(cmd: &ClapCommand, extension: &Extension) -> Cmdhelp {
    let mut root = cmd.clone();
    root.build();
    let globals: BTreeSet<String> = root
        .get_arguments()
        .filter(|a| a.is_global_set())
        .map(|a| a.get_id().to_string())
        .collect();
    let global_flags = flags(&root, |a| a.is_global_set());
    let mut commands = IndexMap::new();
    if !is_group(&root) {
        commands.insert(String::new(), command(&root, "", &globals, extension));
    }
    walk(&root, "", &globals, extension, &mut commands);
    Cmdhelp {
        cmdhelp_version: CMDHELP_VERSION.to_owned(),
        binary: root.get_name().to_owned(),
        version: root.get_version().map(str::to_owned),
        summary: root.get_about().map(|s| s.to_string()),
        homepage: extension.homepage.clone(),
        global_flags: (!global_flags.is_empty()).then_some(global_flags),
        commands,
        schemas: None,
        context: None,
        extra: Map::new(),
    }
}

fn visible_subcommands(cmd: &ClapCommand) -> impl Iterator<Item = &ClapCommand> {
    let generated_help = !cmd.is_disable_help_subcommand_set();
    cmd.get_subcommands()
        .filter(move |s| !(s.is_hide_set() || (generated_help && s.get_name() == "help")))
}

fn has_visible_subcommands(cmd: &ClapCommand) -> bool {
    visible_subcommands(cmd).next().is_some()
}

/// A command that cannot run by itself: it has subcommands and requires one.
fn is_group(cmd: &ClapCommand) -> bool {
    has_visible_subcommands(cmd)
        && (cmd.is_subcommand_required_set() || cmd.is_arg_required_else_help_set())
}

fn walk(
    cmd: &ClapCommand,
    path: &str,
    globals: &BTreeSet<String>,
    extension: &Extension,
    out: &mut IndexMap<String, Command>,
) {
    for sub in visible_subcommands(cmd) {
        let sub_path = if path.is_empty() {
            sub.get_name().to_owned()
        } else {
            format!("{path} {}", sub.get_name())
        };
        if !is_group(sub) {
            out.insert(
                sub_path.clone(),
                command(sub, &sub_path, globals, extension),
            );
        }
        walk(sub, &sub_path, globals, extension, out);
    }
}

/// Whether an argument is documented: visible, and not clap's `--help` / `--version`.
fn shown(arg: &clap::Arg) -> bool {
    !arg.is_hide_set() && !is_meta(arg)
}

fn is_meta(arg: &clap::Arg) -> bool {
    matches!(
        arg.get_action(),
        ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version
    )
}

fn command(
    cmd: &ClapCommand,
    path: &str,
    globals: &BTreeSet<String>,
    extension: &Extension,
) -> Command {
    let about = cmd.get_about().map(|s| s.to_string());
    let long_about = cmd.get_long_about().map(|s| s.to_string());
    let summary = about
        .clone()
        .filter(|s| !s.trim().is_empty())
        .or_else(|| {
            long_about
                .as_deref()
                .and_then(|l| l.lines().next())
                .filter(|l| !l.trim().is_empty())
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "(no summary)".to_owned());
    let ext = extension.commands.get(path);
    let summary = ext
        .and_then(|e| e.summary.clone())
        .filter(|s| !s.trim().is_empty())
        .unwrap_or(summary);
    let description = long_about.filter(|l| Some(l) != about.as_ref() && l.trim() != summary);
    let args: Vec<Arg> = cmd
        .get_positionals()
        .filter(|a| shown(a))
        .map(positional)
        .collect();
    let flags = flags(cmd, |a| !globals.contains(a.get_id().as_str()));
    let mut exit_codes = extension.exit_codes.clone();
    if let Some(ext) = ext {
        exit_codes.extend(ext.exit_codes.clone());
    }
    let exit_codes: IndexMap<String, ExitCode> = exit_codes
        .into_iter()
        .map(|(code, entry)| (code.to_string(), entry))
        .collect();
    Command {
        summary,
        description,
        args: (!args.is_empty()).then_some(args),
        flags: (!flags.is_empty()).then_some(flags),
        stdin: ext.and_then(|e| e.stdin.clone()),
        stdout: ext.and_then(|e| e.stdout.clone()),
        exit_codes: (!exit_codes.is_empty()).then_some(exit_codes),
        examples: ext.map(|e| e.examples.clone()).filter(|e| !e.is_empty()),
        see_also: ext.map(|e| e.see_also.clone()).filter(|s| !s.is_empty()),
        since: ext.and_then(|e| e.since.clone()),
        stability: ext.and_then(|e| e.stability.clone()),
        extra: Map::new(),
    }
}

fn positional(arg: &clap::Arg) -> Arg {
    let type_ = type_of(arg);
    let values = enum_values(arg, &type_);
    let multiple = matches!(arg.get_action(), ArgAction::Append)
        || arg.get_num_args().is_some_and(|r| r.max_values() > 1);
    Arg {
        name: arg.get_id().to_string(),
        default: default(arg, &type_),
        type_,
        required: Some(arg.is_required_set()),
        description: help(arg),
        format: None,
        repeatable: multiple.then_some(true),
        enum_: values,
        enum_source: None,
        extra: Map::new(),
    }
}

/// The options of `cmd` that `keep` selects, keyed by name, with negations folded in.
fn flags(cmd: &ClapCommand, keep: impl Fn(&clap::Arg) -> bool) -> FlagMap {
    let options: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| !a.is_positional() && !is_meta(a) && keep(a))
        .collect();
    let longs: BTreeMap<&str, &clap::Arg> = options
        .iter()
        .filter_map(|a| a.get_long().map(|l| (l, *a)))
        .collect();
    let mut negations: BTreeMap<String, String> = BTreeMap::new();
    let mut folded: BTreeSet<String> = BTreeSet::new();
    for arg in &options {
        let Some(long) = arg.get_long() else { continue };
        if !is_switch(arg) || arg.is_hide_set() {
            continue;
        }
        let negation = format!("no-{long}");
        if let Some(neg) = longs.get(negation.as_str()).filter(|n| is_switch(n)) {
            negations.insert(arg.get_id().to_string(), format!("--{negation}"));
            folded.insert(neg.get_id().to_string());
        }
    }
    let mut map = FlagMap::new();
    for arg in options {
        let id = arg.get_id().to_string();
        if arg.is_hide_set() || folded.contains(&id) {
            continue;
        }
        let key = match (arg.get_long(), arg.get_short()) {
            (Some(long), _) => long.to_owned(),
            (None, Some(short)) => short.to_string(),
            (None, None) => continue,
        };
        let mut extra = Map::new();
        if let (Some(_), Some(short)) = (arg.get_long(), arg.get_short()) {
            extra.insert("x-short".to_owned(), Value::String(short.to_string()));
        }
        let type_ = type_of(arg);
        let repeatable = matches!(arg.get_action(), ArgAction::Append | ArgAction::Count);
        let flag = Flag {
            enum_: enum_values(arg, &type_),
            default: default(arg, &type_),
            type_,
            required: arg.is_required_set().then_some(true),
            description: help(arg),
            format: None,
            repeatable: repeatable.then_some(true),
            enum_source: None,
            negate_flag: negations.get(&id).cloned(),
            extra,
        };
        map.insert(key, flag);
    }
    map
}

fn is_switch(arg: &clap::Arg) -> bool {
    matches!(arg.get_action(), ArgAction::SetTrue | ArgAction::SetFalse)
}

fn help(arg: &clap::Arg) -> Option<String> {
    arg.get_help()
        .or_else(|| arg.get_long_help())
        .map(|s| s.to_string())
        .filter(|s| !s.trim().is_empty())
}

fn type_of(arg: &clap::Arg) -> TypeName {
    if matches!(
        arg.get_action(),
        ArgAction::SetTrue | ArgAction::SetFalse | ArgAction::Count
    ) {
        return TypeName::Bool;
    }
    if arg.get_possible_values().iter().any(|p| !p.is_hide_set()) {
        return TypeName::Enum;
    }
    let id = arg.get_value_parser().type_id();
    let is = |t: TypeId| id == t;
    if is(TypeId::of::<String>()) || is(TypeId::of::<OsString>()) {
        TypeName::String
    } else if is(TypeId::of::<PathBuf>()) {
        TypeName::Path
    } else if [
        TypeId::of::<i8>(),
        TypeId::of::<i16>(),
        TypeId::of::<i32>(),
        TypeId::of::<i64>(),
        TypeId::of::<i128>(),
        TypeId::of::<isize>(),
        TypeId::of::<u8>(),
        TypeId::of::<u16>(),
        TypeId::of::<u32>(),
        TypeId::of::<u64>(),
        TypeId::of::<u128>(),
        TypeId::of::<usize>(),
    ]
    .into_iter()
    .any(is)
    {
        TypeName::Int
    } else if is(TypeId::of::<f32>()) || is(TypeId::of::<f64>()) {
        TypeName::Float
    } else {
        TypeName::String
    }
}

fn enum_values(arg: &clap::Arg, type_: &TypeName) -> Option<Vec<EnumValuesItem>> {
    if *type_ != TypeName::Enum {
        return None;
    }
    Some(
        arg.get_possible_values()
            .iter()
            .filter(|p| !p.is_hide_set())
            .map(|p| EnumValuesItem::String(p.get_name().to_owned()))
            .collect(),
    )
}

fn default(arg: &clap::Arg, type_: &TypeName) -> Option<Value> {
    if matches!(arg.get_action(), ArgAction::Count) {
        return None;
    }
    let values: Vec<Value> = arg
        .get_default_values()
        .iter()
        .map(|v| typed(&v.to_string_lossy(), type_))
        .collect();
    match values.len() {
        0 => None,
        1 => values.into_iter().next(),
        _ => Some(Value::Array(values)),
    }
}

fn typed(text: &str, type_: &TypeName) -> Value {
    let parsed = match type_ {
        TypeName::Bool => text.parse::<bool>().ok().map(Value::Bool),
        TypeName::Int => text
            .parse::<i64>()
            .ok()
            .map(Value::from)
            .or_else(|| text.parse::<u64>().ok().map(Value::from)),
        TypeName::Float => text
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number),
        _ => None,
    };
    parsed.unwrap_or_else(|| Value::String(text.to_owned()))
}
