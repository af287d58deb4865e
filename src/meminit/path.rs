//! Paths (section 9.4): forward slashes, relative to `root`.
//!
//! [`Root`] is the envelope's `root` (section 4.3, an absolute path): separators become
//! `/`, `.` segments, repeated and trailing slashes go, `..` is resolved lexically, and a
//! drive letter is upper-cased (`c:\repo` → `C:/repo`). [`Root::relativize`] turns any
//! path into that form relative to the root: `docs\10-prd\x.md` → `docs/10-prd/x.md`,
//! `/repo/docs/x.md` → `docs/x.md` under root `/repo`, the root itself → `.`. A path
//! that would leave the root (absolute elsewhere, or `..` past it) is an error, not
//! silently kept: the contract says paths are relative to `root`.

use super::ContractError;

/// An absolute repository root, normalized.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Root {
    /// Normalized text: `/`, `/a/b`, `C:/`, `C:/a`, `//server/share`.
    text: String,
    /// Length of the anchor (`/`, `C:/`, `//`) in `text`.
    anchor: usize,
}

impl Root {
    /// Accepts an absolute path (`/…`, `C:\…` or `C:/…`, `\\server\…`).
    pub fn new(root: &str) -> Result<Root, ContractError> {
        let slashed = root.replace('\\', "/");
        let Some((anchor, rest)) = split_anchor(&slashed) else {
            return Err(ContractError::Root {
                value: root.to_owned(),
            });
        };
        let mut segments = Vec::new();
        for s in rest.split('/') {
            match s {
                "" | "." => {}
                ".." => {
                    segments.pop();
                }
                s => segments.push(s),
            }
        }
        let text = format!("{anchor}{}", segments.join("/"));
        Ok(Root {
            anchor: anchor.len(),
            text,
        })
    }

    /// The normalized root.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// `path` with forward slashes, relative to this root. `pointer` names where the path
    /// is, for the error.
    pub fn relativize_at(&self, pointer: &str, path: &str) -> Result<String, ContractError> {
        let fail = || ContractError::Path {
            pointer: pointer.to_owned(),
            path: path.to_owned(),
            root: self.text.clone(),
        };
        let slashed = path.replace('\\', "/");
        let relative = match split_anchor(&slashed) {
            Some((anchor, rest)) => {
                let absolute = Root::new(&format!("{anchor}{rest}"))?;
                if absolute.text == self.text {
                    return Ok(".".to_owned());
                }
                let prefix = if self.text.len() == self.anchor {
                    self.text.clone()
                } else {
                    format!("{}/", self.text)
                };
                match absolute.text.strip_prefix(&prefix) {
                    Some(rest) => rest.to_owned(),
                    None => return Err(fail()),
                }
            }
            None => slashed,
        };
        let mut segments: Vec<&str> = Vec::new();
        for s in relative.split('/') {
            match s {
                "" | "." => {}
                ".." => {
                    if segments.pop().is_none() {
                        return Err(fail());
                    }
                }
                s => segments.push(s),
            }
        }
        if segments.is_empty() {
            return Ok(".".to_owned());
        }
        Ok(segments.join("/"))
    }

    /// [`Self::relativize_at`] without a location.
    pub fn relativize(&self, path: &str) -> Result<String, ContractError> {
        self.relativize_at("", path)
    }
}

/// Splits an absolute, slash-normalized path into its anchor (`/`, `//`, `C:/`) and the
/// rest; `None` for a relative path.
fn split_anchor(path: &str) -> Option<(String, &str)> {
    let b = path.as_bytes();
    if let Some(rest) = path.strip_prefix("//") {
        return Some(("//".to_owned(), rest));
    }
    if let Some(rest) = path.strip_prefix('/') {
        return Some(("/".to_owned(), rest));
    }
    if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'/' {
        let drive = char::from(b[0].to_ascii_uppercase());
        return Some((format!("{drive}:/"), &path[3..]));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_normalize() {
        for (given, want) in [
            ("/repo", "/repo"),
            ("/repo/", "/repo"),
            ("/repo/./a/../b", "/repo/b"),
            ("/", "/"),
            ("c:\\work\\repo\\", "C:/work/repo"),
            ("C:\\", "C:/"),
            ("\\\\server\\share\\repo", "//server/share/repo"),
        ] {
            assert_eq!(
                Root::new(given).map(|r| r.as_str().to_owned()),
                Ok(want.to_owned()),
                "{given}"
            );
        }
        for bad in ["repo", "./repo", "", "C:repo", "docs\\x"] {
            assert!(
                matches!(Root::new(bad), Err(ContractError::Root { .. })),
                "{bad}"
            );
        }
    }
}
