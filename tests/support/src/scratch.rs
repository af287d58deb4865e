//! Scratch directories: one fresh directory per use, under the system's temporary
//! directory, removed when the [`Scratch`] is dropped (a failing test's panic included).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh, empty directory, removed on drop.
#[derive(Debug)]
pub struct Scratch {
    dir: PathBuf,
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

impl Scratch {
    /// A new directory named after `tag`, this process and a counter, so that tests running
    /// in parallel (threads or processes) never share one.
    pub fn new(tag: &str) -> Scratch {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("envgen-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        Scratch { dir }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Writes `bytes` to `name` under the directory (creating its parents) and returns the
    /// file's path.
    pub fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let p = self.dir.join(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
        }
        std::fs::write(&p, bytes).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        p
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.dir
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
