//! Checked-in mode ([`Config::ensure_checked_in`]): generated code kept in the source
//! tree, and a check that it is what envgen generates now.

use crate::config::{relative_display, write_if_changed, Config};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

impl Config {
    /// Checked-in mode: the generated code lives in the source tree (`dir`, e.g.
    /// `src/generated`, relative to the base directory), where IDEs and code review see it,
    /// instead of in `OUT_DIR`. Call it from a test:
    ///
    /// ```no_run
    /// #[test]
    /// fn generated_code_is_fresh() {
    ///     let config = envgen_codegen::Config::new().schema("schemas/release-note.json");
    ///     config.ensure_checked_in("src/generated").unwrap_or_else(|e| panic!("{e}"));
    /// }
    /// ```
    ///
    /// It generates every schema and compares each `<dir>/<module>.rs` with the result.
    /// When they agree, it writes nothing. When a file is missing or stale, it fails with
    /// an error naming the file, the schema and the command that regenerates it
    /// (`ENVGEN_BLESS=1 cargo test`); with `ENVGEN_BLESS=1` set, it writes the files
    /// instead (only those that changed) and succeeds. Returns the files it checked.
    ///
    /// A module whose root type has type parameters (`Settings::generic`, a `$dynamicRef`
    /// to a placeholder) is checked in like any other; its callers name the root with the
    /// parameters' defaults as a type, `<Root>::from_json_str`, since `Root::from_json_str`
    /// leaves them to inference (error E0283).
    pub fn ensure_checked_in(&self, dir: impl AsRef<Path>) -> Result<Vec<PathBuf>> {
        let bless = std::env::var("ENVGEN_BLESS").as_deref() == Ok("1");
        self.checked_in(dir.as_ref(), bless)
    }

    /// The build-script half of checked-in mode: with `ENVGEN_BLESS=1`, writes the files
    /// of `dir` as a blessed [`Config::ensure_checked_in`] does; otherwise it writes nothing
    /// and leaves the check to the test. A build script runs before its crate is compiled,
    /// so `ENVGEN_BLESS=1 cargo build` regenerates checked-in code that no longer compiles,
    /// such as code naming a runtime item an envgen upgrade renamed, which the test cannot
    /// do, since its crate must compile first. Tells cargo to rerun the script when
    /// `ENVGEN_BLESS` changes. Returns the files it wrote or found fresh (none without
    /// `ENVGEN_BLESS=1`).
    ///
    /// ```no_run
    /// // In build.rs's `main`:
    /// let config = envgen_codegen::Config::new().schema("schemas/release-note.json");
    /// config.bless_checked_in("src/generated").unwrap_or_else(|e| panic!("{e}"));
    /// ```
    pub fn bless_checked_in(&self, dir: impl AsRef<Path>) -> Result<Vec<PathBuf>> {
        if std::env::var_os("OUT_DIR").is_some() {
            println!("cargo:rerun-if-env-changed=ENVGEN_BLESS");
        }
        let bless = std::env::var("ENVGEN_BLESS").as_deref() == Ok("1");
        self.bless_checked_in_if(dir.as_ref(), bless)
    }

    /// [`Config::bless_checked_in`], blessing only when `bless` says so.
    fn bless_checked_in_if(&self, dir: &Path, bless: bool) -> Result<Vec<PathBuf>> {
        if bless {
            self.checked_in(dir, true)
        } else {
            Ok(Vec::new())
        }
    }

    /// [`Config::ensure_checked_in`], blessing (writing) or not as `bless` says.
    fn checked_in(&self, dir: &Path, bless: bool) -> Result<Vec<PathBuf>> {
        let dir = self.resolve_path(dir);
        let mut files = Vec::new();
        let mut stale = Vec::new();
        for g in self.generate()? {
            let file = dir.join(format!("{}.rs", g.module));
            let current = std::fs::read_to_string(&file).ok();
            if current.as_deref() != Some(g.code.as_str()) {
                if bless {
                    std::fs::create_dir_all(&dir).map_err(|e| {
                        Error::new(
                            dir.display().to_string(),
                            "",
                            format!("cannot create the directory: {e}"),
                        )
                        .with_kind(crate::ErrorKind::Output)
                    })?;
                    write_if_changed(&file, &g.code)?;
                } else {
                    let what = if current.is_some() {
                        "is stale"
                    } else {
                        "is missing"
                    };
                    stale.push(format!(
                        "`{}` {what}: it is not what envgen generates from `{}` now",
                        relative_display(&file, self.base_dir_ref()),
                        g.schema.display()
                    ));
                }
            }
            files.push(file);
        }
        if stale.is_empty() {
            return Ok(files);
        }
        Err(Error::new(
            relative_display(&dir, self.base_dir_ref()),
            "",
            format!(
                "checked-in generated code is out of date: {}",
                stale.join("; ")
            ),
        )
        .with_kind(crate::ErrorKind::Stale)
        .with_help(
            "regenerate it with `ENVGEN_BLESS=1 cargo test`, review the diff, and commit it",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    const SCHEMA: &str =
        r#"{"title": "Note", "type": "object", "properties": {"text": {"type": "string"}}}"#;

    /// A scratch directory holding `schemas/note.json`, and a `Config` based there.
    fn scratch(name: &str) -> (PathBuf, Config) {
        let dir =
            std::env::temp_dir().join(format!("envgen-checked-in-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("schemas")).unwrap();
        std::fs::write(dir.join("schemas/note.json"), SCHEMA).unwrap();
        let config = Config::new().base_dir(&dir).schema("schemas/note.json");
        (dir, config)
    }

    #[test]
    fn the_build_script_half_rewrites_code_that_does_not_compile_only_when_blessing() {
        let (dir, config) = scratch("build");
        let file = dir.join("src/generated/note.rs");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        // Checked-in code naming a runtime item that no longer exists.
        let broken = "pub struct Note; fn f() { ::envgen_runtime::__private::renamed(); }\n";
        std::fs::write(&file, broken).unwrap();
        let none = config
            .bless_checked_in_if(Path::new("src/generated"), false)
            .unwrap();
        assert!(none.is_empty());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), broken);
        let written = config
            .bless_checked_in_if(Path::new("src/generated"), true)
            .unwrap();
        assert_eq!(written, vec![file.clone()]);
        let code = std::fs::read_to_string(&file).unwrap();
        assert!(code.starts_with("// @generated by envgen"), "{code}");
        assert!(config.checked_in(Path::new("src/generated"), false).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn missing_then_blessed_then_fresh_then_stale() {
        let (dir, config) = scratch("cycle");
        let file = dir.join("src/generated/note.rs");
        let e = config
            .checked_in(Path::new("src/generated"), false)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Stale);
        let shown = e.to_string();
        assert!(
            shown.contains("`src/generated/note.rs` is missing"),
            "{shown}"
        );
        assert!(shown.contains("schemas/note.json"), "{shown}");
        assert!(shown.contains("ENVGEN_BLESS=1 cargo test"), "{shown}");
        assert!(!file.exists(), "a check without blessing writes nothing");

        let files = config.checked_in(Path::new("src/generated"), true).unwrap();
        assert_eq!(files, vec![file.clone()]);
        let written = std::fs::read_to_string(&file).unwrap();
        assert!(written.starts_with("// @generated by envgen"), "{written}");
        assert!(written.contains("pub struct Note"), "{written}");

        assert!(config.checked_in(Path::new("src/generated"), false).is_ok());

        std::fs::write(&file, written.replace("pub text", "pub txt")).unwrap();
        let e = config
            .checked_in(Path::new("src/generated"), false)
            .unwrap_err();
        assert!(
            e.to_string().contains("`src/generated/note.rs` is stale"),
            "{e}"
        );
        config.checked_in(Path::new("src/generated"), true).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_schema_error_is_reported_not_blessed() {
        let (dir, config) = scratch("bad");
        std::fs::write(dir.join("schemas/note.json"), "{\"type\": 5}").unwrap();
        let e = config
            .checked_in(Path::new("src/generated"), true)
            .unwrap_err();
        assert_ne!(e.kind, ErrorKind::Stale);
        assert!(e.to_string().contains("schemas/note.json"), "{e}");
        assert!(!dir.join("src/generated/note.rs").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
