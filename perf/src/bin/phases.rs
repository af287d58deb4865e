//! `phases [--front-only] FILE... | --synthetic N`: per-stage times of envgen's pipeline,
//! one line each (tab-separated: input, bytes in, load, lower, emit, parse, unparse ms,
//! bytes out). `--front-only` stops after lowering (load and lower columns only): for
//! inputs whose generated source would not fit in memory.

use envgen_perf::{front, phases, synthetic};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut inputs: Vec<(String, String)> = Vec::new();
    let mut it = args.iter();
    let mut front_only = false;
    while let Some(a) = it.next() {
        if a == "--front-only" {
            front_only = true;
        } else if a == "--synthetic" {
            let n: usize = it.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
            inputs.push((format!("synthetic-{n}"), synthetic(n)));
        } else {
            match std::fs::read_to_string(a) {
                Ok(t) => inputs.push((a.clone(), t)),
                Err(e) => {
                    eprintln!("error: {a}: {e}");
                    std::process::exit(2);
                }
            }
        }
    }
    let settings = envgen_codegen::Settings::new();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    for (name, text) in inputs {
        if front_only {
            match front(&text, &settings) {
                Ok((load, lower)) => {
                    println!("{name}\t{}\t{:.1}\t{:.1}", text.len(), ms(load), ms(lower))
                }
                Err(e) => println!("{name}\t{}\terror: {e}", text.len()),
            }
            continue;
        }
        match phases(&text, &settings) {
            Ok(p) => println!(
                "{name}\t{}\t{:.1}\t{:.1}\t{:.1}\t{:.1}\t{:.1}\t{}",
                text.len(),
                ms(p.load),
                ms(p.lower),
                ms(p.emit),
                ms(p.parse),
                ms(p.unparse),
                p.bytes
            ),
            Err(e) => println!("{name}\t{}\terror: {e}", text.len()),
        }
    }
}
