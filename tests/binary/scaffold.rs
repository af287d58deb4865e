//! `envgen --schema … --crate DIR`: the scaffolded crate builds on its own, warning-free,
//! and its `examples/validate.rs` prints `envgen validate`'s lines and exit status, for
//! every kind of root type: a struct, a newtype (`tags.json`), and a struct with a type
//! parameter (`api-description.json`, whose `$dynamicRef: "#meta"` makes `Meta` one).
//!
//! The crate is written to `target/scaffold-test/crate` and built with its own target
//! directory beside it (kept between runs, so only the first run compiles the
//! dependencies). Offline: it uses only crates this workspace already fetched.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

use crate::envgen_in_process as envgen;

fn cargo() -> Command {
    let mut c = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    c.env(
        "CARGO_TARGET_DIR",
        root().join("target/scaffold-test/target"),
    )
    // The outer `cargo test` may set flags meant for this workspace.
    .env_remove("RUSTFLAGS")
    .env_remove("CARGO_ENCODED_RUSTFLAGS");
    c
}

fn scaffold(dir: &Path) {
    scaffold_with(dir, &[]);
}

fn scaffold_with(dir: &Path, extra: &[&str]) {
    let dir = dir.to_string_lossy();
    let runtime = root().join("runtime");
    let runtime = runtime.to_string_lossy();
    let mut args = vec![
        "--schema",
        "tests/scaffold/order.json",
        "--schema",
        "tests/scaffold/customer-profile.json",
        "--schema",
        "tests/scaffold/tags.json",
        "--schema",
        "tests/scaffold/api-description.json",
        "--crate",
        &dir,
        "--runtime-dep-path",
        &runtime,
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = envgen(&args);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn the_scaffolded_crate_has_exactly_the_needed_files_and_dependencies() {
    let dir = root().join("target/scaffold-test/files");
    let _ = std::fs::remove_dir_all(&dir);
    // Relative schema paths resolve from the current directory: the workspace root.
    std::env::set_current_dir(root()).unwrap_or_else(|e| panic!("{e}"));
    scaffold(&dir);
    let read =
        |p: &str| std::fs::read_to_string(dir.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let toml = read("Cargo.toml");
    let deps: Vec<&str> = toml
        .split("[dependencies]")
        .nth(1)
        .unwrap_or("")
        .lines()
        .filter_map(|l| l.split(" = ").next())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(deps, ["envgen-runtime", "serde", "serde_json"], "{toml}");
    assert!(toml.contains("name = \"files\""), "{toml}");
    assert_eq!(
        envgen::cli::scaffold::package_name(Path::new("x/crate")),
        "schemas-crate",
        "a keyword is no library name"
    );
    assert_eq!(
        envgen::cli::scaffold::package_name(Path::new("My Schemas")),
        "my-schemas"
    );
    assert!(toml.contains("envgen-runtime = { path = "), "{toml}");
    let lib = read("src/lib.rs");
    assert!(lib.contains("pub mod order;"), "{lib}");
    assert!(lib.contains("pub mod customer_profile;"), "{lib}");
    assert!(read("src/order.rs").contains("pub fn validate_value("));
    assert!(read("src/customer_profile.rs").contains("pub struct CustomerProfile"));
    let example = read("examples/validate.rs");
    // The example parses with the root type and asserts formats as the module does.
    assert!(
        example.contains("files::order::Order::from_json_str_with(text, options)"),
        "{example}"
    );
    assert!(
        example.contains("files::order::ASSERT_FORMATS"),
        "{example}"
    );
    // A root with a type parameter is named as a type, which takes the parameter's default:
    // `ApiDescription::from_json_str_with` would leave `Meta` to inference (E0283).
    assert!(
        example.contains(
            "<files::api_description::ApiDescription>::from_json_str_with(text, options)"
        ),
        "{example}"
    );
    assert!(
        lib.contains("[`api_description::ApiDescription`],\n/// generic over `Meta`"),
        "{lib}"
    );
    // A root made generic by `--generic` (`Settings::generic`) is named the same way.
    let generic = root().join("target/scaffold-test/files-generic");
    let _ = std::fs::remove_dir_all(&generic);
    let (code, out, err) = envgen(&[
        "--schema",
        "tests/scaffold/order.json",
        "--generic",
        "/properties/tags=Tags",
        "--crate",
        &generic.to_string_lossy(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(r#""root":"Order","generics":["Tags"]"#),
        "{out}"
    );
    let example = std::fs::read_to_string(generic.join("examples/validate.rs"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        example.contains("<files_generic::order::Order>::from_json_str_with(text, options)"),
        "{example}"
    );
    // A version dependency instead of a path.
    let (code, out, err) = envgen(&[
        "--schema",
        "tests/scaffold/order.json",
        "--crate",
        &dir.to_string_lossy(),
        "--runtime-version",
        "0.1.0",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(read("Cargo.toml").contains("envgen-runtime = \"0.1.0\""));
    // Both ways of depending on the runtime at once is a usage error.
    let (code, _, _) = envgen(&[
        "--schema",
        "tests/scaffold/order.json",
        "--crate",
        "x",
        "--runtime-version",
        "1",
        "--runtime-dep-path",
        "runtime",
    ]);
    assert_eq!(code, 3);
}

#[test]
fn the_scaffolded_crate_builds_and_its_example_validates_like_envgen_validate() {
    let dir: PathBuf = root().join("target/scaffold-test/demo");
    std::env::set_current_dir(root()).unwrap_or_else(|e| panic!("{e}"));
    scaffold(&dir);
    // The workspace's lock file pins the same versions this workspace already fetched, so
    // the offline build resolves on a fresh CI machine too (cargo drops unused entries).
    std::fs::copy(root().join("Cargo.lock"), dir.join("Cargo.lock"))
        .unwrap_or_else(|e| panic!("cannot copy Cargo.lock: {e}"));
    let build = cargo()
        .args([
            "build",
            "--offline",
            "--examples",
            "--message-format",
            "short",
        ])
        .current_dir(&dir)
        .output()
        .unwrap_or_else(|e| panic!("cannot run cargo: {e}"));
    let log = String::from_utf8_lossy(&build.stderr);
    assert!(build.status.success(), "cargo build failed:\n{log}");
    assert!(
        !log.contains("warning"),
        "the generated crate has warnings:\n{log}"
    );

    let docs = dir.join("docs");
    std::fs::create_dir_all(&docs).unwrap_or_else(|e| panic!("{e}"));
    let write = |name: &str, text: &str| {
        let p = docs.join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        p.to_string_lossy().into_owned()
    };
    let ok = write(
        "ok.json",
        r#"{"id": "ord-7", "quantity": 3, "tags": {"a": "b"}}"#,
    );
    let bad = write("bad.json", r#"{"id": "ord-7", "quantity": 0}"#);
    let run = |args: &[&str]| {
        let o = cargo()
            .args(["run", "-q", "--offline", "--example", "validate", "--"])
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap_or_else(|e| panic!("cannot run cargo: {e}"));
        (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into_owned(),
        )
    };
    let (code, out) = run(&[&ok]);
    assert_eq!((code, out.as_str()), (0, format!("{ok}: valid\n").as_str()));
    let (code, out) = run(&[&ok, &bad]);
    let expected = format!("{ok}: valid\n{bad}: invalid at /quantity: 0 is less than minimum 1\n");
    assert_eq!((code, out.as_str()), (1, expected.as_str()));
    // `envgen validate`'s line for the same error, from its own formatter.
    let verdict = envgen::cli::validate::Verdict::Invalid(vec![envgen::ValidationError::new(
        "/quantity",
        "minimum",
        "",
        "0 is less than minimum 1",
    )]);
    assert_eq!(
        format!("{}\n", verdict.line(&bad)),
        out.lines()
            .nth(1)
            .map(|l| format!("{l}\n"))
            .unwrap_or_default()
    );
    // The second module, chosen by name; formats asserted on request.
    let email = write("email.json", r#"{"name": "Ada", "email": "not an email"}"#);
    let (code, out) = run(&["--schema", "customer_profile", &email]);
    assert_eq!(
        (code, out.as_str()),
        (0, format!("{email}: valid\n").as_str())
    );
    let (code, out) = run(&["--schema", "customer_profile", "--formats", &email]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!("{email}: invalid at /email: ")),
        "{out}"
    );
    let (code, _) = run(&["--schema", "nope", &email]);
    assert_eq!(code, 3);
    // A module whose root is not a struct (an array: its root type is a newtype)
    // validates too.
    let tags = write("tags.json", r#"["a", ""]"#);
    let (code, out) = run(&["--schema", "tags", &tags]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!("{tags}: invalid at /1: ")),
        "{out}"
    );
    // A module whose root is generic (`ApiDescription<Meta = serde_json::Value>`): its
    // schema objects, reached through `$dynamicRef`, are any JSON Schema by default.
    let api = write(
        "api.json",
        r##"{"apiVersion": "1.0.0", "info": {"title": "Pets", "version": "2"},
            "paths": {"/pets": {"get": {
                "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}],
                "responses": {"200": {"description": "The pets.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
            "components": {"schemas": {"Pet": {"type": "object"}, "Anything": true}}}"##,
    );
    let (code, out) = run(&["--schema", "api_description", &api]);
    assert_eq!(
        (code, out.as_str()),
        (0, format!("{api}: valid\n").as_str())
    );
    let not_a_schema = write(
        "not-a-schema.json",
        r#"{"apiVersion": "1.0.0", "info": {"title": "Pets", "version": "2"},
            "components": {"schemas": {"Pet": 7}}}"#,
    );
    let (code, out) = run(&["--schema", "api_description", &not_a_schema]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!(
            "{not_a_schema}: invalid at /components/schemas/Pet: "
        )),
        "{out}"
    );
    let bad_parameter = write(
        "bad-parameter.json",
        r#"{"apiVersion": "1.0.0", "info": {"title": "Pets", "version": "2"},
            "paths": {"/p": {"get": {"responses": {"200": {"description": "x"}},
                "parameters": [{"name": "a", "in": "body"}]}}}}"#,
    );
    let (code, out) = run(&["--schema", "api_description", &bad_parameter]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!(
            "{bad_parameter}: invalid at /paths/~1p/get/parameters/0/in: "
        )),
        "{out}"
    );
    // Generated with `--assert-formats`, the example asserts formats by default, and
    // `--no-formats` turns them off.
    scaffold_with(&dir, &["--assert-formats"]);
    let (code, out) = run(&["--schema", "customer_profile", &email]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(&format!("{email}: invalid at /email: ")),
        "{out}"
    );
    let (code, out) = run(&["--schema", "customer_profile", "--no-formats", &email]);
    assert_eq!(
        (code, out.as_str()),
        (0, format!("{email}: valid\n").as_str())
    );
}
