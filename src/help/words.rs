//! Splitting an example's `cmd` into words, the way a POSIX shell would for the simple
//! commands examples are: blanks separate words, `'…'` quotes literally, `"…"` quotes with
//! `\` escaping `"`, `\`, `$` and `` ` ``, and a bare `\` escapes the next character.
//! [`split_pipeline`] also cuts at unquoted `|`, so `a | b` is two invocations. Expansions
//! and redirections are not interpreted.

use std::fmt;

/// Why a command line could not be split into words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// A `'` or `"` quote is never closed.
    UnterminatedQuote(char),
    /// The line ends with a lone `\`.
    TrailingBackslash,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::UnterminatedQuote(q) => write!(f, "the quote {q} is never closed"),
            SplitError::TrailingBackslash => f.write_str("the line ends with a lone backslash"),
        }
    }
}

/// Splits `line` into words (an unquoted `|` is an ordinary word here).
pub fn split(line: &str) -> Result<Vec<String>, SplitError> {
    Ok(split_pipeline_with(line, false)?
        .into_iter()
        .flatten()
        .collect())
}

/// Splits `line` into the words of each command of a pipeline: an unquoted `|` (alone or
/// touching words, as in `a|b`) separates commands.
pub fn split_pipeline(line: &str) -> Result<Vec<Vec<String>>, SplitError> {
    split_pipeline_with(line, true)
}

fn split_pipeline_with(line: &str, pipes: bool) -> Result<Vec<Vec<String>>, SplitError> {
    let mut commands = Vec::new();
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '|' if pipes => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
                commands.push(std::mem::take(&mut words));
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(SplitError::UnterminatedQuote('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(SplitError::UnterminatedQuote('"')),
                        },
                        Some(c) => word.push(c),
                        None => return Err(SplitError::UnterminatedQuote('"')),
                    }
                }
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(c) => {
                    in_word = true;
                    word.push(c);
                }
                None => return Err(SplitError::TrailingBackslash),
            },
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    commands.push(words);
    Ok(commands)
}

/// Quotes `word` for a POSIX shell, only when it needs it: the inverse of [`split`].
pub fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | '_' | '.' | '/' | ':' | '=' | ',' | '@' | '+' | '%')
        });
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Joins words into one command line, quoting where needed.
pub fn join<S: AsRef<str>>(words: &[S]) -> String {
    words
        .iter()
        .map(|w| quote(w.as_ref()))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Vec<String> {
        split(line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(ok("  a  b\tc "), ["a", "b", "c"]);
        assert_eq!(
            ok(r#"git commit -m "fix: a \"b\" \$c""#),
            ["git", "commit", "-m", r#"fix: a "b" $c"#]
        );
        assert_eq!(ok("echo 'it''s' x\\ y"), ["echo", "its", "x y"]);
        assert_eq!(ok(r#"a "" ''"#), ["a", "", ""]);
        assert_eq!(ok(r#"a "\n""#), ["a", r"\n"]);
        assert_eq!(ok(""), Vec::<String>::new());
    }

    #[test]
    fn pipelines_split_at_unquoted_bars() {
        let p = split_pipeline("a --x | b '|' \"c|d\"|e").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p, vec![vec!["a", "--x"], vec!["b", "|", "c|d"], vec!["e"]]);
        assert_eq!(ok("a | b"), ["a", "|", "b"]);
    }

    #[test]
    fn unbalanced_quotes_are_errors() {
        assert_eq!(split("a 'b"), Err(SplitError::UnterminatedQuote('\'')));
        assert_eq!(split("a \"b"), Err(SplitError::UnterminatedQuote('"')));
        assert_eq!(split("a b\\"), Err(SplitError::TrailingBackslash));
    }

    #[test]
    fn quote_round_trips_through_split() {
        let words = ["envgen", "a b", "it's", "", "--x=1", "$HOME", "ü"];
        assert_eq!(ok(&join(&words)), words);
        assert_eq!(
            join(&["envgen", "--schema", "x.json"]),
            "envgen --schema x.json"
        );
    }
}
