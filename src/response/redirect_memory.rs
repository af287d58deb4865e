//! [`RedirectMemory`]: permanent redirects (old command → new command), kept across
//! sessions in a file.

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The `version` written to and required in a redirect memory file.
pub const FORMAT_VERSION: u64 = 1;

/// Permanent redirects learned from REDIRECTED (13) responses with
/// `redirect.permanent: true`, applied to every later call.
///
/// Commands are matched exactly, as whole invocation strings: the ResponseEnvelope spec's
/// redirect command is "the exact replacement invocation", so no prefix or argument
/// rewriting is guessed. Chains are flattened when recorded (`a → b` then `b → c` stores
/// `a → c`, `b → c`), and the newest mapping wins over one that would close a cycle.
///
/// # File format
///
/// UTF-8 JSON, pretty-printed, keys sorted, one trailing newline:
///
/// ```json
/// {
///   "version": 1,
///   "redirects": {
///     "tool user create": "tool users add --name alice"
///   }
/// }
/// ```
///
/// Every change is written atomically: the whole file goes to a temporary file in the
/// same directory, which is flushed to disk (`sync_all`) and then renamed over the old
/// file. A crash mid-write leaves the previous file intact (and at worst a stray
/// `.<name>.tmp-*` file, which is never read).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RedirectMemory {
    path: Option<PathBuf>,
    redirects: BTreeMap<String, String>,
}

/// A redirect memory file could not be read or written.
#[derive(Debug)]
pub enum RedirectMemoryError {
    /// Reading, writing or renaming failed.
    Io {
        /// The memory file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// The file is not a redirect memory (bad JSON, wrong version, non-string command).
    Format {
        /// The memory file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for RedirectMemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RedirectMemoryError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            RedirectMemoryError::Format { path, message } => {
                write!(f, "{}: not a redirect memory: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for RedirectMemoryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RedirectMemoryError::Io { source, .. } => Some(source),
            RedirectMemoryError::Format { .. } => None,
        }
    }
}

impl RedirectMemory {
    /// A memory that lives for this session only.
    pub fn in_memory() -> RedirectMemory {
        RedirectMemory::default()
    }

    /// Opens the memory kept at `path`: empty if the file does not exist yet (it is
    /// created on the first [`record`](RedirectMemory::record)), an error if it exists
    /// but cannot be read or is not a redirect memory (never silently forgotten).
    pub fn open(path: impl Into<PathBuf>) -> Result<RedirectMemory, RedirectMemoryError> {
        let path = path.into();
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(RedirectMemory {
                    path: Some(path),
                    redirects: BTreeMap::new(),
                })
            }
            Err(source) => return Err(RedirectMemoryError::Io { path, source }),
        };
        match parse(&text) {
            Ok(redirects) => Ok(RedirectMemory {
                path: Some(path),
                redirects,
            }),
            Err(message) => Err(RedirectMemoryError::Format { path, message }),
        }
    }

    /// The file this memory persists to, if any.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The command to run instead of `command`: its recorded replacement, or `command`
    /// itself.
    pub fn resolve<'a>(&'a self, command: &'a str) -> &'a str {
        let mut current = command;
        // Recorded chains are flat; a hand-edited file may not be. Bounded: no cycle hangs.
        for _ in 0..=self.redirects.len() {
            match self.redirects.get(current) {
                Some(next) if next != current => current = next,
                _ => break,
            }
        }
        current
    }

    /// The replacement recorded for exactly `old`.
    pub fn get(&self, old: &str) -> Option<&str> {
        self.redirects.get(old).map(String::as_str)
    }

    /// Every mapping, old command → new command, sorted by old command.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.redirects
            .iter()
            .map(|(old, new)| (old.as_str(), new.as_str()))
    }

    /// How many mappings are recorded.
    pub fn len(&self) -> usize {
        self.redirects.len()
    }

    /// Whether no mapping is recorded.
    pub fn is_empty(&self) -> bool {
        self.redirects.is_empty()
    }

    /// Records `old → new` and, for a file-backed memory, persists it atomically before
    /// returning. If persisting fails the mapping still applies for this session and the
    /// error is returned.
    pub fn record(&mut self, old: &str, new: &str) -> Result<(), RedirectMemoryError> {
        if old == new {
            return Ok(());
        }
        let target = self.resolve(new).to_string();
        let target = if target == old {
            new.to_string()
        } else {
            target
        };
        self.redirects.remove(new);
        for value in self.redirects.values_mut() {
            if value == old {
                value.clone_from(&target);
            }
        }
        self.redirects.insert(old.to_string(), target);
        self.save()
    }

    /// Writes the memory to its file (atomically; see the type's docs). A no-op for an
    /// [`in_memory`](RedirectMemory::in_memory) memory.
    pub fn save(&self) -> Result<(), RedirectMemoryError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        write_atomic(path, self.to_json().as_bytes()).map_err(|source| RedirectMemoryError::Io {
            path: path.clone(),
            source,
        })
    }

    /// The file contents [`save`](RedirectMemory::save) writes.
    pub fn to_json(&self) -> String {
        let redirects: Map<String, Value> = self
            .redirects
            .iter()
            .map(|(old, new)| (old.clone(), Value::String(new.clone())))
            .collect();
        let mut root = Map::new();
        root.insert("version".into(), Value::from(FORMAT_VERSION));
        root.insert("redirects".into(), Value::Object(redirects));
        let mut text = serde_json::to_string_pretty(&Value::Object(root))
            .unwrap_or_else(|_| String::from("{}"));
        text.push('\n');
        text
    }
}

fn parse(text: &str) -> Result<BTreeMap<String, String>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let version = value.get("version").and_then(Value::as_u64);
    if version != Some(FORMAT_VERSION) {
        return Err(format!("\"version\" must be {FORMAT_VERSION}"));
    }
    let Some(redirects) = value.get("redirects").and_then(Value::as_object) else {
        return Err("\"redirects\" must be an object".into());
    };
    redirects
        .iter()
        .map(|(old, new)| match new.as_str() {
            Some(new) => Ok((old.clone(), new.to_string())),
            None => Err(format!("redirects[{old:?}] is not a string")),
        })
        .collect()
}

/// Writes `bytes` to `path` so that a reader sees either the old or the new contents:
/// temporary file in the same directory, `sync_all`, rename, then (Unix) sync the
/// directory so the rename itself survives a power cut.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "redirects".into());
    let tmp = dir.join(format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
        return result;
    }
    #[cfg(unix)]
    if let Ok(dir) = fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_are_flattened_and_cycles_broken() {
        let mut m = RedirectMemory::in_memory();
        m.record("a", "b").unwrap_or_else(|e| panic!("{e}"));
        m.record("b", "c").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(m.get("a"), Some("c"));
        assert_eq!(m.resolve("a"), "c");
        m.record("c", "a").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(m.resolve("c"), "a");
        assert_eq!(m.resolve("a"), "a");
        assert_eq!(m.resolve("b"), "a");
        assert_eq!(m.resolve("unknown"), "unknown");
    }

    #[test]
    fn parse_rejects_other_files() {
        assert!(parse("{\"version\": 2, \"redirects\": {}}").is_err());
        assert!(parse("{\"version\": 1, \"redirects\": {\"a\": 1}}").is_err());
        assert!(parse("not json").is_err());
        let ok = parse("{\"version\": 1, \"redirects\": {\"a\": \"b\"}}");
        assert_eq!(ok.map(|m| m.len()), Ok(1));
    }
}
