//! `synth N`: prints the synthetic schema with N definitions (see `envgen_perf::synthetic`).

fn main() {
    let n: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        Some(Ok(n)) => n,
        _ => {
            eprintln!("usage: synth N");
            std::process::exit(2);
        }
    };
    println!("{}", envgen_perf::synthetic(n));
}
