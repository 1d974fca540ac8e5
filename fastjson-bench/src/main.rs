//! The `fastjson-bench` binary: parses the command line, runs the comparison, prints the table
//! and writes `report.md`, `report.json` and the charts.

use fastjson_bench::{alloc_count::CountingAlloc, cli, corpus, report, run, workloads};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

fn main() {
    let args = match cli::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(msg) => {
            eprintln!("{msg}");
            std::process::exit(if msg == cli::USAGE { 0 } else { 2 });
        }
    };
    if let Some(dir) = &args.summarize_default_vs_native {
        match report::default_vs_native::write(dir) {
            Ok((path, text)) => {
                print!("{text}");
                println!("\nwrote {}", path.display());
                return;
            }
            Err(e) => {
                eprintln!("default-vs-native summary of {}: {e}", dir.display());
                std::process::exit(1);
            }
        }
    }
    let corpus = corpus::load(args.corpus.as_deref());
    let opts = run::Options {
        mode: args.mode,
        filters: args.filters,
        progress: !args.quiet,
        window: args.window_ms.map(std::time::Duration::from_millis),
        rows: args.rows,
    };
    let report = run::run(&opts, workloads::all(&corpus), &corpus);
    print!("{}", report::render::terminal(&report));
    let out = args.out.unwrap_or_else(cli::default_out);
    match report::write(&report, &out) {
        Ok(files) => {
            println!();
            for f in files {
                println!("wrote {}", f.display());
            }
        }
        Err(e) => {
            eprintln!("could not write the report to {}: {e}", out.display());
            std::process::exit(1);
        }
    }
    let base = cli::default_out();
    let base = if base.ends_with("native") {
        base.parent().map(Into::into).unwrap_or(base)
    } else {
        base
    };
    if let Ok(true) = report::compare::write(&base) {
        println!("wrote {}", base.join("compare.md").display());
    }
    let failed = report.cells.iter().any(|c| !c.verdict.passed())
        || report.requests.iter().any(|c| !c.verdict.passed())
        || report.guard.iter().any(|g| !g.clean);
    if failed {
        eprintln!("some rows FAILED the gate or the guard (see the report)");
        std::process::exit(1);
    }
}
