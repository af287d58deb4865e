//! `envgen --schema x.json --crate DIR`: a complete crate around the generated modules.
//!
//! It writes
//! * `Cargo.toml`: the runtime crate (`--runtime-dep-path DIR` for a path dependency,
//!   else `--runtime-version V`, default this envgen's version), `serde`, `serde_json`,
//!   and `schemars` only with `--schemars`: nothing else. An empty `[workspace]` table
//!   keeps the crate standalone even inside another workspace's directory.
//! * `src/lib.rs`: one `pub mod` per schema, named after its file stem (or `--module`),
//!   each module's code in `src/<module>.rs`.
//! * `examples/validate.rs`: `cargo run --example validate -- [--schema MODULE]
//!   [--all-errors] [--formats | --no-formats] FILE...` validates each file with the root
//!   type's checked parser (`Root::from_json_str_with`; `<Root>::from_json_str_with` when
//!   the root has type parameters, which names it with their defaults), formats asserted
//!   as the module was generated (`ASSERT_FORMATS`) unless a flag says otherwise, printing
//!   `envgen validate`'s line format with its exit status (0 all valid, 1 otherwise, 3 on a
//!   usage error).
//!
//! Files are written only when their content changed. Nothing else in DIR is touched.

use envgen_codegen::{Config, Generated, SchemaConfig};
use std::path::{Path, PathBuf};

/// How the scaffolded crate depends on `envgen-runtime`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuntimeDep {
    /// `envgen-runtime = { path = "…" }`.
    Path(PathBuf),
    /// `envgen-runtime = "…"`.
    Version(String),
}

impl RuntimeDep {
    /// From `--runtime-dep-path` (made absolute when it exists) or `--runtime-version`;
    /// this envgen's own version when neither is given.
    pub fn from_args(path: Option<&Path>, version: Option<&str>) -> Self {
        match (path, version) {
            (Some(p), _) => {
                RuntimeDep::Path(std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()))
            }
            (None, Some(v)) => RuntimeDep::Version(v.to_owned()),
            (None, None) => RuntimeDep::Version(env!("CARGO_PKG_VERSION").to_owned()),
        }
    }
}

/// One schema's module in the crate: its name, its root type, its code.
#[derive(Debug, Clone)]
pub struct CrateModule {
    /// The module name.
    pub module: String,
    /// The root type's Rust name.
    pub root: String,
    /// The root type's type parameters, in order (from a `$dynamicRef` to a placeholder or
    /// a generic-property setting); every one has a default.
    pub generics: Vec<String>,
    /// The schema file, as given.
    pub schema: PathBuf,
    /// The generated code.
    pub code: String,
}

/// The modules of `config`'s schemas, with their root type names.
pub fn modules(
    config: &Config,
    generated: Vec<Generated>,
) -> envgen_codegen::Result<Vec<CrateModule>> {
    let mut out = Vec::with_capacity(generated.len());
    for (g, sc) in generated.into_iter().zip(config.schemas()) {
        let (root, generics) = root_type(config, sc)?;
        out.push(CrateModule {
            root,
            generics,
            module: g.module,
            schema: g.schema,
            code: g.code,
        });
    }
    Ok(out)
}

/// The root type's name and type parameters.
fn root_type(config: &Config, sc: &SchemaConfig) -> envgen_codegen::Result<(String, Vec<String>)> {
    let (set, doc, _) = config.load(sc)?;
    let types = envgen_codegen::RustTypes::lower(&set, doc, sc.settings_ref())?;
    Ok(match types.root_name() {
        Some(name) => (name.to_owned(), types.root_generics().to_vec()),
        None => (String::new(), Vec::new()),
    })
}

impl CrateModule {
    /// The root type as a path from outside the crate, usable where a type's associated
    /// function is called: `krate::module::Root`, or `<krate::module::Root>` when the root
    /// has type parameters. Written as a type (`<…>`), the path takes every parameter's
    /// default, resolved where the module declares it; `Root::from_json_str_with` would
    /// leave them to inference, which has nothing to go on (E0283).
    pub fn root_path(&self, krate: &str) -> String {
        let path = format!("{krate}::{}::{}", self.module, self.root);
        if self.generics.is_empty() {
            path
        } else {
            format!("<{path}>")
        }
    }
}

/// A Cargo package name from a directory name: lowercase ASCII letters, digits, `-`, `_`.
pub fn package_name(dir: &Path) -> String {
    let raw = dir
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("generated");
    let mut s: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    // The library is `use`d by the example under its snake-case name: not a keyword.
    let ident = s.replace('-', "_");
    let keyword = envgen_codegen::rust_field_name(&ident) == format!("{ident}_");
    if s.is_empty() || keyword || s.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        s.insert_str(0, "schemas-");
    }
    s
}

/// The files of the crate, as (path relative to the crate directory, content).
pub fn files(
    name: &str,
    modules: &[CrateModule],
    runtime: &RuntimeDep,
    schemars: bool,
) -> Vec<(PathBuf, String)> {
    let mut out = vec![
        (
            PathBuf::from("Cargo.toml"),
            cargo_toml(name, runtime, schemars),
        ),
        (PathBuf::from("src/lib.rs"), lib_rs(modules)),
        (
            PathBuf::from("examples/validate.rs"),
            example(name, modules),
        ),
    ];
    for m in modules {
        out.push((
            PathBuf::from(format!("src/{}.rs", m.module)),
            m.code.clone(),
        ));
    }
    out
}

fn toml_str(s: &str) -> String {
    let escaped = s.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{escaped}\"")
}

fn cargo_toml(name: &str, runtime: &RuntimeDep, schemars: bool) -> String {
    let rt = match runtime {
        RuntimeDep::Path(p) => format!("{{ path = {} }}", toml_str(&p.to_string_lossy())),
        RuntimeDep::Version(v) => toml_str(v),
    };
    let mut s = format!(
        "# @generated by envgen {}: `envgen --schema … --crate …` rewrites this file.\n\
         [package]\n\
         name = {}\n\
         version = \"0.1.0\"\n\
         edition = \"2021\"\n\
         publish = false\n\
         \n\
         # Standalone, even inside another workspace's directory.\n\
         [workspace]\n\
         \n\
         [dependencies]\n\
         envgen-runtime = {rt}\n\
         serde = {{ version = \"1\", features = [\"derive\"] }}\n\
         serde_json = {{ version = \"1\", features = [\"preserve_order\", \"float_roundtrip\"] }}\n",
        env!("CARGO_PKG_VERSION"),
        toml_str(name),
    );
    if schemars {
        s.push_str("schemars = { version = \"1\", features = [\"indexmap2\"] }\n");
    }
    s
}

fn lib_rs(modules: &[CrateModule]) -> String {
    let mut s =
        String::from("//! @generated by envgen: types and validators, one module per schema.\n\n");
    for m in modules {
        let params = if m.generics.is_empty() {
            String::new()
        } else {
            format!(
                ",\n/// generic over {} (`<{}::{}>` is the type with {})",
                backticked(&m.generics),
                m.module,
                m.root,
                defaults(&m.generics)
            )
        };
        let schema = m.schema.display().to_string().replace('\\', "/");
        if m.root.is_empty() {
            // An OpenAPI document: its types are its named schemas, the document has none.
            s.push_str(&format!(
                "/// Generated from `{schema}`: one type per `components/schemas` entry.\npub mod {};\n",
                m.module
            ));
            continue;
        }
        s.push_str(&format!(
            "/// Generated from `{schema}`; the root type is [`{}::{}`]{params}.\npub mod {};\n",
            m.module, m.root, m.module
        ));
    }
    s
}

/// Type parameter names for a comment: `` `A` ``, `` `A`, `B` ``.
fn backticked(params: &[String]) -> String {
    let names: Vec<String> = params.iter().map(|p| format!("`{p}`")).collect();
    names.join(", ")
}

/// "its default" or "their defaults".
fn defaults(params: &[String]) -> &'static str {
    if params.len() == 1 {
        "its default"
    } else {
        "their defaults"
    }
}

fn example(name: &str, modules: &[CrateModule]) -> String {
    let krate = name.replace('-', "_");
    // Modules without a root type (OpenAPI documents) have nothing to validate a file as.
    let modules: Vec<&CrateModule> = modules.iter().filter(|m| !m.root.is_empty()).collect();
    let table: String = modules
        .iter()
        .map(|m| {
            let note = if m.generics.is_empty() {
                String::new()
            } else {
                format!(
                    "        // `{}` is generic over {}: `<{}>` takes {}.\n",
                    m.root,
                    backticked(&m.generics),
                    m.root,
                    defaults(&m.generics)
                )
            };
            format!(
                "    (\n        {:?},\n{note}        |text, options| {root}::from_json_str_with(text, options).map(|_| ()),\n        {krate}::{m}::ASSERT_FORMATS,\n    ),\n",
                m.module,
                m = m.module,
                root = m.root_path(&krate),
            )
        })
        .collect();
    EXAMPLE.replace("__TABLE__", &table).replace(
        "__DEFAULT__",
        &format!(
            "{:?}",
            modules.first().map(|m| m.module.as_str()).unwrap_or("")
        ),
    )
}

const EXAMPLE: &str = r#"//! @generated by envgen: validates JSON files with the generated types.
//!
//! `cargo run --example validate -- [--schema MODULE] [--all-errors] [--formats | --no-formats] FILE...`
//!
//! Each file goes through its module's root type, `Root::from_json_str_with`: the checked
//! typed parse a program using this crate calls (`<Root>::from_json_str_with` for a root
//! with type parameters: the type with their defaults). One line per file, the format of
//! `envgen validate`: `PATH: valid`, or `PATH: invalid at <instance pointer>: <message>`
//! (the root shown as `(root)`; with `--all-errors` every error, joined by `; `). `-`
//! reads standard input. Formats are asserted as the module was generated
//! (`ASSERT_FORMATS`, from `envgen --assert-formats`) unless `--formats` or `--no-formats`
//! says otherwise. Exit status 0 when every file is valid, 1 otherwise, 3 on a usage error.

use envgen_runtime::{Options, ValidationError, ValidationErrors};
use std::io::Read;

/// A root type's checked parse, the parsed value dropped.
type Parse = fn(&str, &Options) -> Result<(), ValidationErrors>;

fn check(bytes: &[u8], options: &Options, parse: Parse) -> Result<(), Vec<ValidationError>> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        vec![ValidationError::new("", "syntax", "", format!("the document is not UTF-8 ({e})"))]
    })?;
    parse(text, options).map_err(|errors| errors.into_iter().collect())
}

/// Every module: its name, its root type's parse, and whether it asserts formats.
const SCHEMAS: &[(&str, Parse, bool)] = &[
__TABLE__];

fn line(path: &str, result: &Result<(), Vec<ValidationError>>) -> String {
    match result {
        Ok(()) => format!("{path}: valid"),
        Err(errors) => {
            let parts: Vec<String> = errors
                .iter()
                .map(|e| {
                    let at = if e.instance_path.is_empty() {
                        "(root)"
                    } else {
                        &e.instance_path
                    };
                    format!("at {at}: {}", e.message)
                })
                .collect();
            format!("{path}: invalid {}", parts.join("; "))
        }
    }
}

fn read(path: &str) -> std::io::Result<Vec<u8>> {
    if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(path)
    }
}

fn usage(message: &str) -> ! {
    let names: Vec<&str> = SCHEMAS.iter().map(|(n, _, _)| *n).collect();
    eprintln!("error: {message}");
    eprintln!(
        "usage: validate [--schema {}] [--all-errors] [--formats | --no-formats] FILE...",
        names.join("|")
    );
    std::process::exit(3)
}

fn main() {
    let mut schema: &str = __DEFAULT__;
    let mut all_errors = false;
    let mut formats: Option<bool> = None;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--schema" => match args.next() {
                Some(s) => match SCHEMAS.iter().find(|(n, _, _)| *n == s) {
                    Some((n, _, _)) => schema = n,
                    None => usage(&format!("unknown schema module {s:?}")),
                },
                None => usage("--schema needs a module name"),
            },
            "--all-errors" => all_errors = true,
            "--formats" => formats = Some(true),
            "--no-formats" => formats = Some(false),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        usage("no files given");
    }
    let Some((_, parse, assert_formats)) = SCHEMAS.iter().find(|(n, _, _)| *n == schema) else {
        usage("no schema module")
    };
    let options = Options::new()
        .all_errors(all_errors)
        .formats(formats.unwrap_or(*assert_formats));
    let mut invalid = 0;
    for path in &files {
        let result = match read(path) {
            Ok(bytes) => check(&bytes, &options, *parse),
            Err(e) => Err(vec![ValidationError::new(
                "",
                "io",
                "",
                format!("cannot read the file: {e}"),
            )]),
        };
        if result.is_err() {
            invalid += 1;
        }
        println!("{}", line(path, &result));
    }
    std::process::exit(if invalid == 0 { 0 } else { 1 })
}
"#;

/// Writes the crate's files under `dir`; returns each file and whether it changed.
pub fn write(
    dir: &Path,
    files: &[(PathBuf, String)],
) -> envgen_codegen::Result<Vec<(PathBuf, bool)>> {
    let mut out = Vec::with_capacity(files.len());
    for (rel, content) in files {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                envgen_codegen::Error::new(
                    parent.display().to_string(),
                    "",
                    format!("cannot create the directory: {e}"),
                )
                .with_kind(envgen_codegen::ErrorKind::Output)
            })?;
        }
        let changed = envgen_codegen::write_if_changed(&path, content)?;
        out.push((path, changed));
    }
    Ok(out)
}

/// `--crate DIR`: writes the crate; the reply lists the files.
pub fn run(
    runtime: RuntimeDep,
    schemars: bool,
    dir: &Path,
    config: &Config,
    generated: Vec<Generated>,
) -> super::output::Reply {
    use super::output::{codegen_failure, Reply};
    let modules = match modules(config, generated) {
        Ok(m) => m,
        Err(e) => return Reply::failure(codegen_failure(&e)),
    };
    let name = package_name(&std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()));
    let files = files(&name, &modules, &runtime, schemars);
    let written = match write(dir, &files) {
        Ok(w) => w,
        Err(e) => return Reply::failure(codegen_failure(&e)),
    };
    let mut text = String::new();
    for (path, changed) in &written {
        text.push_str(&format!(
            "{} {}\n",
            if *changed { "wrote    " } else { "unchanged" },
            path.display()
        ));
    }
    let data = serde_json::json!({
        "crate": dir.display().to_string(),
        "package": name,
        "modules": modules.iter().map(|m| serde_json::json!({"module": m.module, "root": m.root, "generics": m.generics, "schema": m.schema.display().to_string()})).collect::<Vec<_>>(),
        "files": written.iter().map(|(p, c)| serde_json::json!({"path": p.display().to_string(), "written": c})).collect::<Vec<_>>(),
    });
    Reply::success(data, text)
}
