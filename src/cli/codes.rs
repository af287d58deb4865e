//! The stable `error.code` values of envgen's JSON output, with their exit codes (the
//! ResponseEnvelope spec).
//!
//! These strings never change between versions: agents branch on them. They are listed in
//! docs/cli.md and, per command and exit code, in `envgen help --format json` (as
//! `x-error-codes` in the rich exit-code entries).

use crate::response::ExitCode;

/// One `error.code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErrorCodeEntry {
    /// The code, e.g. `SCHEMA_NOT_FOUND`.
    pub code: &'static str,
    /// The exit code that goes with it.
    pub exit: ExitCode,
    /// When it happens.
    pub meaning: &'static str,
}

/// A schema file named by `--schema` cannot be read, or `validate --schema` names no
/// built-in.
pub const SCHEMA_NOT_FOUND: ErrorCodeEntry = ErrorCodeEntry {
    code: "SCHEMA_NOT_FOUND",
    exit: ExitCode::ARG_ERROR,
    meaning: "The schema named by --schema does not exist: an unreadable file (generation) or an unknown built-in name (validate).",
};
/// A schema is malformed: invalid JSON, a bad keyword value, an unresolvable `$ref`.
pub const SCHEMA_INVALID: ErrorCodeEntry = ErrorCodeEntry {
    code: "SCHEMA_INVALID",
    exit: ExitCode::GENERAL_ERROR,
    meaning: "A schema is malformed (invalid JSON, a bad keyword value, an unresolvable $ref); error.detail names file#pointer, line and column.",
};
/// A schema uses a keyword envgen does not support.
pub const UNSUPPORTED_KEYWORD: ErrorCodeEntry = ErrorCodeEntry {
    code: "UNSUPPORTED_KEYWORD",
    exit: ExitCode::GENERAL_ERROR,
    meaning: "A schema uses a keyword envgen does not support ($dynamicRef, unevaluatedProperties, ...); error.suggestion says what to write instead.",
};
/// The output could not be produced or written.
pub const OUTPUT_WRITE_FAILED: ErrorCodeEntry = ErrorCodeEntry {
    code: "OUTPUT_WRITE_FAILED",
    exit: ExitCode::GENERAL_ERROR,
    meaning: "The output could not be written (the -o file, or the help document).",
};
/// `envgen` was run with no schema and no subcommand.
pub const NOTHING_TO_DO: ErrorCodeEntry = ErrorCodeEntry {
    code: "NOTHING_TO_DO",
    exit: ExitCode::ARG_ERROR,
    meaning: "Neither --schema nor a subcommand was given.",
};
/// At least one document is invalid (or does not round-trip).
pub const INSTANCE_INVALID: ErrorCodeEntry = ErrorCodeEntry {
    code: "INSTANCE_INVALID",
    exit: ExitCode::GENERAL_ERROR,
    meaning: "At least one document is invalid, unreadable, or (with --roundtrip) does not serialize back unchanged; error.detail holds every file's verdict as JSON.",
};
/// A word names no subcommand, and no similar one exists.
pub const UNKNOWN_COMMAND: ErrorCodeEntry = ErrorCodeEntry {
    code: "UNKNOWN_COMMAND",
    exit: ExitCode::ARG_ERROR,
    meaning: "A word names no command and no similar command exists.",
};
/// A misspelt subcommand with one obvious correction: `error.redirect` holds it.
pub const COMMAND_MISSPELT: ErrorCodeEntry = ErrorCodeEntry {
    code: "COMMAND_MISSPELT",
    exit: ExitCode::REDIRECTED,
    meaning: "The subcommand is misspelt and a similar one exists: error.redirect.command is the corrected invocation (reason typo_corrected, permanent false).",
};
/// An unknown flag, or a surplus argument.
pub const UNKNOWN_ARGUMENT: ErrorCodeEntry = ErrorCodeEntry {
    code: "UNKNOWN_ARGUMENT",
    exit: ExitCode::ARG_ERROR,
    meaning: "An unknown flag or a surplus argument; error.suggestion names a similar flag when one exists.",
};
/// A value is not allowed for its flag or argument.
pub const INVALID_VALUE: ErrorCodeEntry = ErrorCodeEntry {
    code: "INVALID_VALUE",
    exit: ExitCode::ARG_ERROR,
    meaning: "A value is not allowed for its flag or argument (not one of the listed values, or malformed).",
};
/// A required flag, argument or value is missing.
pub const MISSING_ARGUMENT: ErrorCodeEntry = ErrorCodeEntry {
    code: "MISSING_ARGUMENT",
    exit: ExitCode::ARG_ERROR,
    meaning: "A required argument, flag or flag value is missing.",
};
/// Two arguments that exclude each other were both given.
pub const ARGUMENT_CONFLICT: ErrorCodeEntry = ErrorCodeEntry {
    code: "ARGUMENT_CONFLICT",
    exit: ExitCode::ARG_ERROR,
    meaning: "Two arguments that exclude each other were given, or a flag was repeated.",
};
/// Any other malformed invocation.
pub const ARG_INVALID: ErrorCodeEntry = ErrorCodeEntry {
    code: "ARG_INVALID",
    exit: ExitCode::ARG_ERROR,
    meaning: "Any other malformed invocation.",
};
/// `--format md` on a command other than `help`.
pub const FORMAT_UNSUPPORTED: ErrorCodeEntry = ErrorCodeEntry {
    code: "FORMAT_UNSUPPORTED",
    exit: ExitCode::ARG_ERROR,
    meaning: "--format md was given to a command other than help.",
};

/// `envgen diff`: some change breaks the side(s) `--fail-on` selects.
pub const BREAKING_CHANGE: ErrorCodeEntry = ErrorCodeEntry {
    code: "BREAKING_CHANGE",
    exit: ExitCode::GENERAL_ERROR,
    meaning: "envgen diff found a change that breaks producers or consumers (as --fail-on selects); error.detail holds every change as JSON.",
};

/// Every code, in the order docs/cli.md lists them.
pub const ALL: [ErrorCodeEntry; 15] = [
    SCHEMA_NOT_FOUND,
    SCHEMA_INVALID,
    UNSUPPORTED_KEYWORD,
    OUTPUT_WRITE_FAILED,
    NOTHING_TO_DO,
    INSTANCE_INVALID,
    UNKNOWN_COMMAND,
    COMMAND_MISSPELT,
    UNKNOWN_ARGUMENT,
    INVALID_VALUE,
    MISSING_ARGUMENT,
    ARGUMENT_CONFLICT,
    ARG_INVALID,
    FORMAT_UNSUPPORTED,
    BREAKING_CHANGE,
];

/// The argument errors every command can return (exit 3).
pub const ARGUMENT_ERRORS: [ErrorCodeEntry; 6] = [
    UNKNOWN_ARGUMENT,
    INVALID_VALUE,
    MISSING_ARGUMENT,
    ARGUMENT_CONFLICT,
    ARG_INVALID,
    FORMAT_UNSUPPORTED,
];
