//! `context` (ToolResponse spec, section 1.1) and the project-root sandbox.
//!
//! * `cwd` is relative to the project root: `"."` at the root, otherwise a POSIX relative
//!   path (`"src"`, `"packages/app"`), on every OS; a `\` in a given path is read as a
//!   separator everywhere (`src\app` → `src/app`), so no reported path holds one;
//! * `params_input` is kept verbatim;
//! * `path_resolved` is the resolved path relative to the root, POSIX;
//! * a path that escapes the root is refused with `ACCESS_DENIED`: by `..`, by being an
//!   absolute path elsewhere, or through a symbolic link (also a dangling one) whose target
//!   is outside.
//!
//! Resolution is lexical first (`.` and `..` are folded, a `..` above the root is refused),
//! then every symbolic link on the way is followed and its target checked. The relative
//! path reported is the lexical one (links inside the root stay as named), which is the
//! path the tool should use.

use super::error_code::{ErrorCode, ToolFailure};
use crate::tool_response::ToolContext;
use serde_json::{Map, Value};
use std::fs;
use std::path::{Component, Path, PathBuf};

/// Links followed while resolving one path before giving up (as the OS's `ELOOP`).
const MAX_LINKS: usize = 40;

/// A path inside the project root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The absolute path (under the canonical root, `.`/`..` folded, links as named).
    pub absolute: PathBuf,
    /// The path relative to the root, POSIX; `"."` for the root itself.
    pub relative: String,
}

/// The project root all tool paths are confined to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectRoot {
    root: PathBuf,
}

impl ProjectRoot {
    /// The root at `dir` (canonicalized). Fails with the I/O error's code if `dir` cannot
    /// be resolved.
    pub fn new(dir: impl AsRef<Path>) -> Result<Self, ToolFailure> {
        let dir = dir.as_ref();
        let root = fs::canonicalize(dir)
            .map_err(|e| ToolFailure::io(format!("project root '{}'", dir.display()), &e))?;
        Ok(Self { root })
    }

    /// The canonical root directory.
    pub fn path(&self) -> &Path {
        &self.root
    }

    /// Resolves `path` (absolute, or relative to `cwd`, itself absolute or relative to
    /// the root). `ACCESS_DENIED` if either escapes the root; `INVALID_PARAM` if the path
    /// is not valid UTF-8. The path need not exist.
    pub fn resolve(&self, cwd: &str, path: &str) -> Result<Resolved, ToolFailure> {
        let base = self.resolve_in(&self.root, cwd)?;
        self.resolve_in(&base.absolute, path)
    }

    fn resolve_in(&self, base: &Path, path: &str) -> Result<Resolved, ToolFailure> {
        // `\` is a separator on every OS: the paths reported must be POSIX (section 1.1).
        let path = &path.replace('\\', "/");
        let normal = normalize(&base.join(path)); // an absolute `path` replaces `base`
        let inside = self.lexically_inside(&normal).ok_or_else(|| escape(path))?;
        self.check_links(&inside, path, 0)?;
        let relative =
            posix(inside.strip_prefix(&self.root).unwrap_or(Path::new(""))).ok_or_else(|| {
                ToolFailure::new(
                    ErrorCode::InvalidParam,
                    format!("path '{path}' is not UTF-8"),
                )
            })?;
        Ok(Resolved {
            absolute: inside,
            relative,
        })
    }

    /// `cwd` for `context`: `dir` (absolute, or relative to the root) as a POSIX path
    /// relative to the root, `"."` at the root.
    pub fn cwd(&self, dir: &str) -> Result<String, ToolFailure> {
        self.resolve(".", dir).map(|r| r.relative)
    }

    /// A checked `context`: `cwd` made relative to the root, `params_input` verbatim, and
    /// `path_resolved` when the tool resolved a `path` (relative to `cwd`).
    pub fn context(
        &self,
        cwd: &str,
        params_input: Value,
        path: Option<&str>,
    ) -> Result<ToolContext, ToolFailure> {
        let cwd = self.cwd(cwd)?;
        let path_resolved = match path {
            Some(path) => Some(self.resolve(&cwd, path)?.relative),
            None => None,
        };
        Ok(ToolContext {
            cwd,
            params_input,
            path_resolved,
            truncation_skip: None,
            extra: Map::new(),
        })
    }

    /// The normalized absolute path re-rooted under the canonical root, if it is inside
    /// it lexically. An absolute path spelled through a link to the root (for example
    /// `/tmp` → `/private/tmp`) is accepted through its deepest existing ancestor.
    fn lexically_inside(&self, normal: &Path) -> Option<PathBuf> {
        if normal.starts_with(&self.root) {
            return Some(normal.to_path_buf());
        }
        let mut existing = normal;
        let mut rest = Vec::new();
        while fs::symlink_metadata(existing).is_err() {
            rest.push(existing.file_name()?);
            existing = existing.parent()?;
        }
        let mut real = fs::canonicalize(existing).ok()?;
        if !real.starts_with(&self.root) {
            return None;
        }
        real.extend(rest.iter().rev());
        Some(real)
    }

    /// Follows every link on `inside` (below the root) and refuses a target outside.
    fn check_links(&self, inside: &Path, shown: &str, depth: usize) -> Result<(), ToolFailure> {
        if depth > MAX_LINKS {
            return Err(ToolFailure::new(
                ErrorCode::InvalidParam,
                format!("path '{shown}' has too many levels of symbolic links"),
            ));
        }
        let Ok(below) = inside.strip_prefix(&self.root) else {
            return Err(escape(shown));
        };
        let mut current = self.root.clone();
        for part in below.components() {
            let next = current.join(part);
            let Ok(meta) = fs::symlink_metadata(&next) else {
                return Ok(()); // the rest does not exist: no more links
            };
            if !meta.file_type().is_symlink() {
                current = next;
                continue;
            }
            current = match fs::canonicalize(&next) {
                Ok(real) if real.starts_with(&self.root) => real,
                Ok(_) => return Err(escape(shown)),
                // Dangling (or looping) link: check where it points, lexically.
                Err(_) => {
                    let target = fs::read_link(&next).map_err(|_| escape(shown))?;
                    let target = normalize(&current.join(target));
                    let target = self
                        .lexically_inside(&target)
                        .ok_or_else(|| escape(shown))?;
                    self.check_links(&target, shown, depth + 1)?;
                    target
                }
            };
        }
        Ok(())
    }
}

fn escape(path: &str) -> ToolFailure {
    ToolFailure::new(
        ErrorCode::AccessDenied,
        format!("path '{path}' is outside the project root"),
    )
}

/// Folds `.` and `..` without touching the file system; `..` at the file-system root
/// stays there.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(part);
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// `path` (relative, normalized) with `/` separators; `"."` when empty.
fn posix(path: &Path) -> Option<String> {
    let parts: Option<Vec<&str>> = path.components().map(|c| c.as_os_str().to_str()).collect();
    let parts = parts?;
    Some(if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    })
}

/// A path relative to the project root, POSIX: `"."` for the root itself. `None` when it
/// is not under `root` (lexically) or not UTF-8.
pub fn relative_posix(root: &Path, path: &Path) -> Option<String> {
    posix(normalize(path).strip_prefix(normalize(root)).ok()?)
}
