//! The example checker: every `examples[].cmd` of a cmdhelp document must resolve against
//! the command tree (the schema's description of `cmd`; spec §6).
//!
//! The tree is a [`Cmdhelp`] document. To check a CLI's examples against its *live* tree,
//! build the tree with [`from_clap`](crate::help::from_clap::from_clap) from the clap
//! command the binary parses with (that is what `envgen help` and its tests do).
//!
//! An invocation resolves when:
//!
//! * its first word is the document's `binary` (in a pipeline `a | b`, every command
//!   that starts with the binary is checked, and at least one must);
//! * the words that are not flags walk down an existing command path (`stash push`), and
//!   the path ends at a command of the document (not at a bare group like `stash`);
//! * every flag exists on that command or in `global_flags`: `--name` for a key longer than
//!   one character, `-n` for a one-character key or the `x-short` letter `from_clap` records,
//!   and a bool flag's `negate_flag` form;
//! * a flag of type `bool` is given no value (`--force=yes` breaks), any other flag is
//!   given one (`--name=v`, `--name v`, `-nv` or `-n v`; a next word starting with `-`
//!   is not a value, as in clap), and a value is one of the flag's `enum` unless the list
//!   is a snapshot of an `enum_source`;
//! * a flag that is not `repeatable` appears at most once;
//! * no `required` argument or flag is missing and there are no surplus positional words.
//!
//! Words after `--` are positional.

use super::words::{split_pipeline, SplitError};
use crate::cmdhelp::{Cmdhelp, EnumValuesItem, Flag, FlagMap, TypeName};
use std::collections::BTreeMap;
use std::fmt;

/// How one example invocation fails to resolve. `command` fields name the command as
/// invoked (`envgen validate`, or just `envgen` at the root).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExampleError {
    /// The invocation is not valid shell words (an unclosed quote).
    Unparseable(SplitError),
    /// The invocation is empty.
    Empty,
    /// The program is not the document's binary.
    WrongProgram {
        /// The document's `binary`.
        expected: String,
        /// The first word of the invocation.
        found: String,
    },
    /// A word names no subcommand of `command`.
    UnknownCommand {
        /// The command the word was looked up under.
        command: String,
        /// The word.
        word: String,
    },
    /// The path names a group of commands, not a command (`git stash` when only
    /// `stash push` and `stash pop` exist), or the binary alone when it is not runnable.
    IncompleteCommand {
        /// The group as invoked.
        command: String,
    },
    /// A flag exists neither on the command nor in `global_flags`.
    UnknownFlag {
        /// The command.
        command: String,
        /// The flag as written (`--nme`, `-x`).
        flag: String,
    },
    /// A flag that takes a value was given none.
    MissingValue {
        /// The command.
        command: String,
        /// The flag as written.
        flag: String,
    },
    /// A `bool` flag (or a negation) was given a value.
    UnexpectedValue {
        /// The command.
        command: String,
        /// The flag as written.
        flag: String,
        /// The value.
        value: String,
    },
    /// A value is not one of the flag's `enum` values.
    InvalidValue {
        /// The command.
        command: String,
        /// The flag as written.
        flag: String,
        /// The value.
        value: String,
        /// The allowed values.
        allowed: Vec<String>,
    },
    /// A flag that is not `repeatable` appears twice.
    RepeatedFlag {
        /// The command.
        command: String,
        /// The flag as written the second time.
        flag: String,
    },
    /// A required positional argument is missing.
    MissingArgument {
        /// The command.
        command: String,
        /// The argument's name.
        arg: String,
    },
    /// A required flag is missing.
    MissingRequiredFlag {
        /// The command.
        command: String,
        /// The flag, with its dashes.
        flag: String,
    },
    /// A positional word has no argument to go to.
    UnexpectedArgument {
        /// The command.
        command: String,
        /// The word.
        word: String,
    },
}

impl fmt::Display for ExampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExampleError::Unparseable(e) => write!(f, "not a valid command line: {e}"),
            ExampleError::Empty => f.write_str("the invocation is empty"),
            ExampleError::WrongProgram { expected, found } => {
                write!(f, "runs `{found}`, not `{expected}`")
            }
            ExampleError::UnknownCommand { command, word } => {
                write!(f, "`{command}` has no subcommand `{word}`")
            }
            ExampleError::IncompleteCommand { command } => {
                write!(
                    f,
                    "`{command}` is not a command by itself; it needs a subcommand"
                )
            }
            ExampleError::UnknownFlag { command, flag } => {
                write!(f, "`{command}` has no flag `{flag}`")
            }
            ExampleError::MissingValue { command, flag } => {
                write!(
                    f,
                    "`{flag}` of `{command}` takes a value, and none is given"
                )
            }
            ExampleError::UnexpectedValue {
                command,
                flag,
                value,
            } => write!(
                f,
                "`{flag}` of `{command}` takes no value, but is given {value:?}"
            ),
            ExampleError::InvalidValue {
                command,
                flag,
                value,
                allowed,
            } => write!(
                f,
                "{value:?} is not a value of `{flag}` of `{command}` (allowed: {})",
                allowed.join(", ")
            ),
            ExampleError::RepeatedFlag { command, flag } => {
                write!(
                    f,
                    "`{flag}` of `{command}` is not repeatable but appears twice"
                )
            }
            ExampleError::MissingArgument { command, arg } => {
                write!(f, "`{command}` requires the argument <{arg}>")
            }
            ExampleError::MissingRequiredFlag { command, flag } => {
                write!(f, "`{command}` requires the flag `{flag}`")
            }
            ExampleError::UnexpectedArgument { command, word } => {
                write!(
                    f,
                    "`{command}` takes no further argument, but is given {word:?}"
                )
            }
        }
    }
}

impl std::error::Error for ExampleError {}

/// A broken example: where it is listed, what it says, and how it breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExampleFailure {
    /// The key of the command whose `examples` list holds it (`""` is the root command).
    pub command: String,
    /// Its index in that list.
    pub index: usize,
    /// The invocation.
    pub cmd: String,
    /// How it breaks.
    pub error: ExampleError,
}

impl fmt::Display for ExampleFailure {
    /// `commands["validate"].examples[1] `envgen validat x`: `envgen` has no subcommand …`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "commands[{:?}].examples[{}] `{}`: {}",
            self.command, self.index, self.cmd, self.error
        )
    }
}

/// Checks every example of every command, in document order; empty when all resolve.
pub fn check_examples(doc: &Cmdhelp) -> Vec<ExampleFailure> {
    let mut failures = Vec::new();
    for (key, command) in &doc.commands {
        for (index, example) in command.examples.iter().flatten().enumerate() {
            if let Err(error) = check_example(doc, &example.cmd) {
                failures.push(ExampleFailure {
                    command: key.clone(),
                    index,
                    cmd: example.cmd.clone(),
                    error,
                });
            }
        }
    }
    failures
}

/// Checks one invocation against the document's command tree.
pub fn check_example(doc: &Cmdhelp, cmd: &str) -> Result<(), ExampleError> {
    let pipeline = split_pipeline(cmd).map_err(ExampleError::Unparseable)?;
    if pipeline.iter().all(Vec::is_empty) {
        return Err(ExampleError::Empty);
    }
    let mut checked = false;
    let mut first_other = None;
    for words in &pipeline {
        match words.first() {
            Some(program) if *program == doc.binary => {
                ExampleWalk::new(doc).run(&words[1..])?;
                checked = true;
            }
            Some(program) => {
                first_other.get_or_insert_with(|| program.clone());
            }
            None => return Err(ExampleError::Empty),
        }
    }
    if checked {
        Ok(())
    } else {
        Err(ExampleError::WrongProgram {
            expected: doc.binary.clone(),
            found: first_other.unwrap_or_default(),
        })
    }
}

/// One walk through the tree.
struct ExampleWalk<'a> {
    doc: &'a Cmdhelp,
    /// The command path so far (`""` is the root).
    path: String,
    positionals: Vec<String>,
    /// How often each flag was given: (is global, key) → count.
    seen: BTreeMap<(bool, String), usize>,
}

/// A flag found in scope.
struct Found<'a> {
    key: &'a str,
    flag: &'a Flag,
    global: bool,
    /// Found by its `negate_flag` form.
    negated: bool,
}

impl<'a> ExampleWalk<'a> {
    fn new(doc: &'a Cmdhelp) -> ExampleWalk<'a> {
        ExampleWalk {
            doc,
            path: String::new(),
            positionals: Vec::new(),
            seen: BTreeMap::new(),
        }
    }

    /// The command as invoked: `envgen validate`.
    fn shown(&self) -> String {
        if self.path.is_empty() {
            self.doc.binary.clone()
        } else {
            format!("{} {}", self.doc.binary, self.path)
        }
    }

    fn child(&self, word: &str) -> Option<String> {
        let candidate = if self.path.is_empty() {
            word.to_owned()
        } else {
            format!("{} {word}", self.path)
        };
        if candidate.is_empty() {
            return None;
        }
        let prefix = format!("{candidate} ");
        self.doc
            .commands
            .keys()
            .any(|k| *k == candidate || k.starts_with(&prefix))
            .then_some(candidate)
    }

    fn has_children(&self) -> bool {
        let prefix = format!("{} ", self.path);
        self.doc
            .commands
            .keys()
            .any(|k| !k.is_empty() && (self.path.is_empty() || k.starts_with(&prefix)))
    }

    fn own_flags(&self) -> Option<&'a FlagMap> {
        self.doc
            .commands
            .get(&self.path)
            .and_then(|c| c.flags.as_ref())
    }

    fn scopes(&self) -> [(bool, Option<&'a FlagMap>); 2] {
        [
            (false, self.own_flags()),
            (true, self.doc.global_flags.as_ref()),
        ]
    }

    fn find_long(&self, name: &str) -> Option<Found<'a>> {
        let negation = format!("--{name}");
        for (global, flags) in self.scopes() {
            for (key, flag) in flags.into_iter().flatten() {
                if key.chars().count() > 1 && key == name {
                    return Some(Found {
                        key,
                        flag,
                        global,
                        negated: false,
                    });
                }
                if flag.negate_flag.as_deref() == Some(negation.as_str()) {
                    return Some(Found {
                        key,
                        flag,
                        global,
                        negated: true,
                    });
                }
            }
        }
        None
    }

    fn find_short(&self, c: char) -> Option<Found<'a>> {
        let letter = c.to_string();
        for (global, flags) in self.scopes() {
            for (key, flag) in flags.into_iter().flatten() {
                let short = flag.extra.get("x-short").and_then(|v| v.as_str());
                if *key == letter || short == Some(letter.as_str()) {
                    return Some(Found {
                        key,
                        flag,
                        global,
                        negated: false,
                    });
                }
            }
        }
        None
    }

    fn run(mut self, words: &[String]) -> Result<(), ExampleError> {
        let mut i = 0;
        let mut only_positional = false;
        while i < words.len() {
            let word = &words[i];
            i += 1;
            if only_positional {
                self.positional(word)?;
            } else if word == "--" {
                only_positional = true;
            } else if let Some(long) = word.strip_prefix("--") {
                let (name, inline) = match long.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_owned())),
                    None => (long, None),
                };
                let found = self
                    .find_long(name)
                    .ok_or_else(|| ExampleError::UnknownFlag {
                        command: self.shown(),
                        flag: format!("--{name}"),
                    })?;
                let shown = format!("--{name}");
                self.flag(&found, &shown, inline, words, &mut i)?;
            } else if word.len() > 1 && word.starts_with('-') {
                let cluster: Vec<char> = word.chars().skip(1).collect();
                for (j, c) in cluster.iter().enumerate() {
                    let found = self
                        .find_short(*c)
                        .ok_or_else(|| ExampleError::UnknownFlag {
                            command: self.shown(),
                            flag: format!("-{c}"),
                        })?;
                    let shown = format!("-{c}");
                    if takes_value(found.flag) && !found.negated {
                        let rest: String = cluster[j + 1..].iter().collect();
                        let rest = rest.strip_prefix('=').map(str::to_owned).unwrap_or(rest);
                        let inline = (!rest.is_empty()).then_some(rest);
                        self.flag(&found, &shown, inline, words, &mut i)?;
                        break;
                    }
                    self.flag(&found, &shown, None, words, &mut i)?;
                }
            } else if self.positionals.is_empty() {
                match self.child(word) {
                    Some(path) => {
                        self.path = path;
                        self.seen.retain(|(global, _), _| *global);
                    }
                    None => self.positional(word)?,
                }
            } else {
                self.positional(word)?;
            }
        }
        self.finish()
    }

    fn positional(&mut self, word: &str) -> Result<(), ExampleError> {
        let has_args = self
            .doc
            .commands
            .get(&self.path)
            .and_then(|c| c.args.as_ref())
            .is_some_and(|a| !a.is_empty());
        if !has_args && self.positionals.is_empty() && self.has_children() {
            return Err(ExampleError::UnknownCommand {
                command: self.shown(),
                word: word.to_owned(),
            });
        }
        self.positionals.push(word.to_owned());
        Ok(())
    }

    /// One occurrence of a flag; `inline` is a value attached to it (`--x=v`, `-xv`).
    fn flag(
        &mut self,
        found: &Found<'a>,
        shown: &str,
        inline: Option<String>,
        words: &[String],
        i: &mut usize,
    ) -> Result<(), ExampleError> {
        let command = self.shown();
        if !found.negated {
            let count = self
                .seen
                .entry((found.global, found.key.to_owned()))
                .or_insert(0);
            *count += 1;
            if *count > 1 && found.flag.repeatable != Some(true) {
                return Err(ExampleError::RepeatedFlag {
                    command,
                    flag: shown.to_owned(),
                });
            }
        }
        if found.negated || !takes_value(found.flag) {
            return match inline {
                Some(value) => Err(ExampleError::UnexpectedValue {
                    command,
                    flag: shown.to_owned(),
                    value,
                }),
                None => Ok(()),
            };
        }
        let value = match inline {
            Some(v) => v,
            None => match words.get(*i) {
                Some(next) if next == "-" || !next.starts_with('-') => {
                    *i += 1;
                    next.clone()
                }
                _ => {
                    return Err(ExampleError::MissingValue {
                        command,
                        flag: shown.to_owned(),
                    })
                }
            },
        };
        let allowed = enum_strings(found.flag);
        if found.flag.enum_source.is_none() && !allowed.is_empty() && !allowed.contains(&value) {
            return Err(ExampleError::InvalidValue {
                command,
                flag: shown.to_owned(),
                value,
                allowed,
            });
        }
        Ok(())
    }

    fn finish(self) -> Result<(), ExampleError> {
        let command = self.shown();
        let Some(node) = self.doc.commands.get(&self.path) else {
            return Err(ExampleError::IncompleteCommand { command });
        };
        let mut remaining = self.positionals.iter();
        for arg in node.args.iter().flatten() {
            let taken = if arg.repeatable == Some(true) {
                remaining.by_ref().count()
            } else {
                usize::from(remaining.next().is_some())
            };
            if taken == 0 && arg.required == Some(true) {
                return Err(ExampleError::MissingArgument {
                    command,
                    arg: arg.name.clone(),
                });
            }
        }
        if let Some(word) = remaining.next() {
            return Err(ExampleError::UnexpectedArgument {
                command,
                word: word.clone(),
            });
        }
        for (global, flags) in self.scopes() {
            for (key, flag) in flags.into_iter().flatten() {
                if flag.required == Some(true) && !self.seen.contains_key(&(global, key.clone())) {
                    return Err(ExampleError::MissingRequiredFlag {
                        command,
                        flag: dashed(key),
                    });
                }
            }
        }
        Ok(())
    }
}

/// Whether a flag takes a value: every type but `bool` does.
fn takes_value(flag: &Flag) -> bool {
    flag.type_ != TypeName::Bool
}

/// The flag with its dashes: `--name`, or `-n` for a one-character key.
pub fn dashed(key: &str) -> String {
    if key.chars().count() == 1 {
        format!("-{key}")
    } else {
        format!("--{key}")
    }
}

/// A flag's `enum` values as they are written on a command line.
fn enum_strings(flag: &Flag) -> Vec<String> {
    flag.enum_
        .iter()
        .flatten()
        .map(|v| match v {
            EnumValuesItem::String(s) => s.clone(),
            EnumValuesItem::Boolean(b) => b.to_string(),
            EnumValuesItem::Number(n) => number(*n),
        })
        .collect()
}

/// A number as a command line writes it: `256`, not `256.0`.
pub(crate) fn number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{n:.0}")
    } else {
        n.to_string()
    }
}
