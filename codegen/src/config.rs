//! The build layer: files in, files out. This is the only module that touches the file
//! system; the core ([`crate::generate`]) works on an in-memory [`SchemaSet`].
//!
//! From a build script it is one line:
//!
//! ```no_run
//! envgen_codegen::Config::new().schema("schemas/order.json").compile_or_exit();
//! ```
//!
//! and the crate includes the result with
//! `envgen_runtime::include_schema!("order");`.

use crate::error::{Error, Result};
use crate::load::{Draft, SchemaSet};
use crate::settings::Settings;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Adds every document `set` refers to but lacks, however indirectly: `fetch` adds the
/// resource at a URI (without fragment) and says whether it could. Each URI is asked for
/// once; those it could not add are left to `link`, whose error names the `$ref`. Each
/// caller's `fetch` asks the user's mapping first and, when it maps nothing there, the
/// built-in metaschemas ([`SchemaSet::add_builtin_metaschema`]).
pub(crate) fn add_missing(
    set: &mut SchemaSet,
    mut fetch: impl FnMut(&mut SchemaSet, &str) -> Result<bool>,
) -> Result<()> {
    let mut absent = std::collections::BTreeSet::new();
    loop {
        let missing: Vec<String> = set
            .missing_resources()
            .into_iter()
            .filter(|m| !absent.contains(m))
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        for m in missing {
            if !fetch(set, &m)? {
                absent.insert(m);
            }
        }
    }
}

/// The root document of [`Config::load_in_memory`].
#[derive(Debug, Clone)]
pub enum SchemaSource<'a> {
    /// JSON text: errors give the line and column of the value they are about.
    Text(&'a str),
    /// An already parsed document: errors give its JSON pointer only.
    Value(serde_json::Value),
}

/// One schema to generate, with its module name and settings.
#[derive(Debug, Clone)]
pub struct SchemaConfig {
    path: PathBuf,
    module: Option<String>,
    settings: Settings,
}

impl SchemaConfig {
    /// A schema file, relative to the [`Config`]'s base directory (the crate root in a
    /// build script).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        SchemaConfig {
            path: path.into(),
            module: None,
            settings: Settings::default(),
        }
    }

    setters! {
        /// The module (and output file) name; from the file stem when unset.
        module(name: impl Into<String>) => module = Some(name.into());

        /// Generation settings.
        settings(settings: Settings) => settings = settings;
    }

    /// The generation settings.
    pub fn settings_ref(&self) -> &Settings {
        &self.settings
    }

    /// The module name this schema generates.
    pub fn module_name(&self) -> String {
        match &self.module {
            Some(m) => m.clone(),
            None => {
                let stem = self
                    .path
                    .file_name()
                    .and_then(|s| s.to_str())
                    .unwrap_or("schema");
                let stem = stem.split('.').next().unwrap_or(stem);
                crate::ir::naming::module(stem)
            }
        }
    }

    /// The schema file path as configured.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The output for one schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The module name.
    pub module: String,
    /// The schema file as configured.
    pub schema: PathBuf,
    /// Every file read to generate it (the schema and the documents it refers to).
    pub inputs: Vec<PathBuf>,
    /// The formatted Rust source.
    pub code: String,
}

/// Generates Rust modules from schema files, in the style of `prost_build::Config`.
#[derive(Debug, Clone, Default)]
pub struct Config {
    schemas: Vec<SchemaConfig>,
    base_dir: Option<PathBuf>,
    out_dir: Option<PathBuf>,
    maps: Vec<(String, PathBuf)>,
    default_draft: Option<Draft>,
    refs_by_name: bool,
}

impl Config {
    /// An empty configuration.
    pub fn new() -> Self {
        Config::default()
    }

    setters! {
        /// Adds a schema file with default settings.
        schema(path: impl Into<PathBuf>) => schemas.push(SchemaConfig::new(path));

        /// Adds a schema file with its own module name and settings.
        schema_with(schema: SchemaConfig) => schemas.push(schema);

        /// The directory relative schema paths start from (default: the current directory,
        /// which is the crate root in a build script).
        base_dir(dir: impl Into<PathBuf>) => base_dir = Some(dir.into());

        /// Where [`Config::compile`] writes (default: `$OUT_DIR`).
        out_dir(dir: impl Into<PathBuf>) => out_dir = Some(dir.into());

        /// Maps remote `$ref` URIs starting with `prefix` to files under `dir`. Nothing is
        /// ever fetched from the network.
        map(prefix: impl Into<String>, dir: impl Into<PathBuf>) =>
            maps.push((prefix.into(), dir.into()));

        /// The draft for schemas without `$schema` (default 2020-12).
        default_draft(draft: Draft) => default_draft = Some(draft);

        /// Resolves dangling local `$ref`s by their last segment (typify's behaviour; off by
        /// default): see [`SchemaSet::with_refs_by_name`].
        refs_by_name(yes: bool) => refs_by_name = yes;
    }

    /// The base directory relative paths are resolved against, if set.
    pub(crate) fn base_dir_ref(&self) -> Option<&Path> {
        self.base_dir.as_deref()
    }

    /// The configured schemas.
    pub fn schemas(&self) -> &[SchemaConfig] {
        &self.schemas
    }

    pub(crate) fn resolve_path(&self, p: &Path) -> PathBuf {
        match &self.base_dir {
            Some(b) if p.is_relative() => b.join(p),
            _ => p.to_path_buf(),
        }
    }

    /// Loads and links one schema with everything it refers to.
    pub fn load(
        &self,
        schema: &SchemaConfig,
    ) -> Result<(SchemaSet, crate::load::DocId, Vec<PathBuf>)> {
        let display = schema.path.to_string_lossy().replace('\\', "/");
        let path = self.resolve_path(&schema.path);
        let bytes = std::fs::read(&path).map_err(|e| {
            Error::new(
                display.clone(),
                "",
                format!("cannot read the schema file: {e}"),
            )
            .with_kind(crate::ErrorKind::NotFound)
        })?;
        let text = crate::load::utf8_text(&display, bytes)?;
        let abs = std::fs::canonicalize(&path).unwrap_or(path.clone());
        let uri = file_uri(&abs);
        let mut set = SchemaSet::new()
            .with_default_draft(self.default_draft.unwrap_or_default())
            .with_refs_by_name(self.refs_by_name);
        let doc = set.add_document(&display, &uri, &text)?;
        let mut inputs = vec![path];
        // Documents that could not be read, and why: the located error `link` gives for
        // the `$ref` naming them then says which local file was tried.
        let mut failed = BTreeMap::new();
        add_missing(&mut set, |set, m| match self.local_file_for(m) {
            Some(file) => match std::fs::read_to_string(&file) {
                Ok(text) => {
                    let shown = relative_display(&file, self.base_dir.as_deref());
                    set.add_document(&shown, m, &text)?;
                    inputs.push(file);
                    Ok(true)
                }
                Err(e) => {
                    let why = if m.starts_with("file:") {
                        format!(
                            "the file `{}` cannot be read ({e}); create it, or correct the path in `$ref` (it is relative to the referring file)",
                            relative_display(&file, self.base_dir.as_deref())
                        )
                    } else {
                        format!(
                            "`{m}` maps to the local file `{}`, which cannot be read ({e}); create it, or correct the `--map` prefix or directory",
                            relative_display(&file, self.base_dir.as_deref())
                        )
                    };
                    failed.insert(m.to_owned(), why);
                    Ok(false)
                }
            },
            None => set.add_builtin_metaschema(m),
        })?;
        // Unresolvable references are reported, located, by `link`.
        set.link().map_err(|mut e| {
            let tried = failed
                .iter()
                .find(|(uri, why)| !why.is_empty() && e.message.contains(&format!("`{uri}`")));
            if let Some((_, why)) = tried {
                e.help = Some(why.clone());
            }
            e
        })?;
        Ok((set, doc, inputs))
    }

    /// Loads and links a schema held in memory, reading no file: the root document
    /// (named `display` in errors, based at `uri`), and every document it refers to, however
    /// indirectly, looked up in `resources` by retrieval URI (no fragment). A URI that
    /// `resources` lacks is looked up in the built-in metaschemas
    /// ([`crate::metaschemas`]), and failing that left to `link`, whose error names
    /// the `$ref`. The draft for
    /// documents without `$schema` and the by-name resolution follow this `Config`.
    ///
    /// This is the loader of test harnesses and build scripts that hold their schemas
    /// already (a test suite's groups, a corpus's remote copies):
    ///
    /// ```
    /// # use envgen_codegen::{Config, SchemaSource};
    /// # use std::collections::BTreeMap;
    /// let root = r#"{"$ref": "http://example.com/item.json"}"#;
    /// let resources = BTreeMap::from([(
    ///     "http://example.com/item.json".to_owned(),
    ///     r#"{"type": "integer"}"#.to_owned(),
    /// )]);
    /// let (set, doc) = Config::new()
    ///     .load_in_memory("root.json", "http://example.com/root.json", SchemaSource::Text(root), &resources)
    ///     .unwrap();
    /// assert!(envgen_codegen::generate(&set, doc, &Default::default()).is_ok());
    /// ```
    pub fn load_in_memory(
        &self,
        display: &str,
        uri: &str,
        root: SchemaSource<'_>,
        resources: &BTreeMap<String, String>,
    ) -> Result<(SchemaSet, crate::load::DocId)> {
        let mut set = SchemaSet::new()
            .with_default_draft(self.default_draft.unwrap_or_default())
            .with_refs_by_name(self.refs_by_name);
        let doc = match root {
            SchemaSource::Text(text) => set.add_document(display, uri, text)?,
            SchemaSource::Value(value) => set.add_value(display, uri, value, None)?,
        };
        add_missing(&mut set, |set, m| match resources.get(m) {
            Some(text) => set.add_document(m, m, text).map(|_| true),
            None => set.add_builtin_metaschema(m),
        })?;
        set.link()?;
        Ok((set, doc))
    }

    fn local_file_for(&self, uri: &str) -> Option<PathBuf> {
        for (prefix, dir) in &self.maps {
            if let Some(rest) = uri.strip_prefix(prefix.as_str()) {
                return Some(self.resolve_path(dir).join(rest.trim_start_matches('/')));
            }
        }
        uri.strip_prefix("file://")
            .map(|p| PathBuf::from(crate::uri::percent_decode(p)))
    }

    /// Generates every configured schema, without writing anything. Runs on a thread of
    /// its own with a large stack (`load::GENERATOR_STACK`), so deep schemas generate
    /// whatever the caller's stack.
    pub fn generate(&self) -> Result<Vec<Generated>> {
        crate::load::on_generator_stack(|| self.generate_here())
    }

    fn generate_here(&self) -> Result<Vec<Generated>> {
        let mut out = Vec::with_capacity(self.schemas.len());
        for schema in &self.schemas {
            let (set, doc, inputs) = self.load(schema)?;
            let source = schema
                .settings
                .source_name
                .clone()
                .unwrap_or_else(|| schema.path.to_string_lossy().replace('\\', "/"));
            let code = crate::generate_printed(&set, doc, &schema.settings, &source)?;
            out.push(Generated {
                module: schema.module_name(),
                schema: schema.path.clone(),
                inputs,
                code,
            });
        }
        Ok(out)
    }

    /// Generates every schema and writes `<module>.rs` into the output directory, only
    /// where the content changed (so a no-op build recompiles nothing). Prints
    /// `cargo:rerun-if-changed` for every input when run from a build script.
    pub fn compile(&self) -> Result<Vec<Generated>> {
        let out_dir = match &self.out_dir {
            Some(d) => d.clone(),
            None => PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| {
                Error::new(
                    "",
                    "",
                    "OUT_DIR is not set: call Config::out_dir, or run from a build script",
                )
            })?),
        };
        let generated = self.generate();
        let in_build_script = std::env::var_os("CARGO_MANIFEST_DIR").is_some()
            && std::env::var_os("OUT_DIR").is_some();
        if in_build_script {
            // Even on failure, rerun when the schemas change.
            for s in &self.schemas {
                println!(
                    "cargo:rerun-if-changed={}",
                    self.resolve_path(&s.path).display()
                );
            }
        }
        let generated = generated?;
        std::fs::create_dir_all(&out_dir).map_err(|e| {
            Error::new(
                out_dir.display().to_string(),
                "",
                format!("cannot create the output directory: {e}"),
            )
        })?;
        for g in &generated {
            if in_build_script {
                for input in g.inputs.iter().skip(1) {
                    println!("cargo:rerun-if-changed={}", input.display());
                }
            }
            let file = out_dir.join(format!("{}.rs", g.module));
            write_if_changed(&file, &g.code)?;
        }
        Ok(generated)
    }

    /// [`Config::compile`] for build scripts: on error, prints the located message
    /// (not a panic backtrace) and exits with status 1.
    pub fn compile_or_exit(&self) {
        if let Err(e) = self.compile() {
            eprintln!("error: envgen: {e}");
            std::process::exit(1);
        }
    }
}

/// Writes `content` to `path` unless the file already holds exactly that.
pub fn write_if_changed(path: &Path, content: &str) -> Result<bool> {
    if let Ok(existing) = std::fs::read(path) {
        if existing == content.as_bytes() {
            return Ok(false);
        }
    }
    std::fs::write(path, content).map_err(|e| {
        Error::new(path.display().to_string(), "", format!("cannot write: {e}"))
            .with_kind(crate::ErrorKind::Output)
    })?;
    Ok(true)
}

fn file_uri(abs: &Path) -> String {
    let s = abs.to_string_lossy().replace('\\', "/");
    let s = s
        .replace('%', "%25")
        .replace(' ', "%20")
        .replace('#', "%23");
    if s.starts_with('/') {
        format!("file://{s}")
    } else {
        format!("file:///{s}")
    }
}

pub(crate) fn relative_display(file: &Path, base: Option<&Path>) -> String {
    let cwd = std::env::current_dir().ok();
    let base = base.map(Path::to_path_buf).or(cwd);
    if let Some(b) = base {
        let b = std::fs::canonicalize(&b).unwrap_or(b);
        let f = std::fs::canonicalize(file).unwrap_or(file.to_path_buf());
        if let Ok(rel) = f.strip_prefix(&b) {
            return rel.to_string_lossy().replace('\\', "/");
        }
    }
    file.to_string_lossy().replace('\\', "/")
}
