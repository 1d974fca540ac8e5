//! The `fastjson-bench` binary: parses the command line, runs the comparison, prints the table
//! and writes `report.md`, `report.json` and the charts.

use fastjson_bench::{
    alloc_count::CountingAlloc, cli, corpus, first_call, isolate, report, run, workloads,
};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.first().map(String::as_str) == Some(first_call::CHILD_FLAG) {
        first_call_child(&argv[1..]);
    }
    let args = match cli::parse(argv) {
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
    let processes = args.processes.unwrap_or(isolate::processes(args.mode));
    let isolation = if args.group_child.is_some() || processes == 0 {
        None
    } else {
        match std::env::current_exe() {
            Ok(exe) => Some(isolate::Isolation {
                exe,
                processes,
                corpus: corpus.dir.as_ref().map(|(dir, _)| dir.clone()),
            }),
            Err(e) => {
                eprintln!("cannot time groups in fresh processes: no path to this binary ({e})");
                std::process::exit(1);
            }
        }
    };
    let http = args.http_plan();
    let (stream, extract) = (args.stream_plan(), args.extract_plan());
    let opts = run::Options {
        mode: args.mode,
        filters: args.filters,
        progress: !args.quiet && args.group_child.is_none(),
        window: args.window_ms.map(std::time::Duration::from_millis),
        rounds: args.rounds,
        sample: args.sample_ms.map(std::time::Duration::from_millis),
        rows: args.rows,
        isolation,
        group: args.group_child.clone(),
        http,
        http_only: args.http,
        stream,
        extract,
    };
    let mut report = run::run(&opts, workloads::all(&corpus), &corpus);
    if args.group_child.is_some() {
        // The parent reads this report from stdout and pools it with the group's other
        // processes (`isolate::run_group`).
        match serde_json::to_string(&report) {
            Ok(json) => {
                println!("{json}");
                std::process::exit(0);
            }
            Err(e) => {
                eprintln!("the group's report does not serialize: {e}");
                std::process::exit(1);
            }
        }
    }
    // The default-vs-native comparison's runs (fastjson and serde_json rows only) compare
    // steady state; the first-call table belongs to the comparison itself.
    if args.rows != run::Rows::All {
        report
            .notes
            .push("first call not measured: rows restricted to fastjson and serde_json".into());
    } else if args.http {
        report
            .notes
            .push("first call not measured: --http runs the HTTP family only".into());
    } else {
        match std::env::current_exe() {
            Ok(exe) => {
                let corpus_dir = corpus.dir.as_ref().map(|(dir, _)| dir.as_path());
                let quiet = args.quiet;
                report.first_calls = first_call::measure(
                    &exe,
                    &report,
                    corpus_dir,
                    first_call::samples(args.mode),
                    |line| {
                        if !quiet {
                            eprintln!("{line}");
                        }
                    },
                );
            }
            Err(e) => report.notes.push(format!(
                "first call not measured: no path to this binary ({e})"
            )),
        }
    }
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
    // The two builds' reports sit in `DIR` and `DIR/native` (the defaults, or `--out` as
    // `cargo xtask bench --both` passes it): compared where this run wrote.
    let base = if out.ends_with("native") {
        out.parent().map(Into::into).unwrap_or(out)
    } else {
        out
    };
    if let Ok(true) = report::compare::write(&base) {
        println!("wrote {}", base.join("compare.md").display());
    }
    let failed = report.cells.iter().any(|c| !c.verdict.passed())
        || report.first_calls.iter().any(|c| c.error.is_some())
        || report.requests.iter().any(|c| !c.verdict.passed())
        || report.http.as_ref().is_some_and(|h| {
            h.cells.iter().any(|c| !c.verdict.passed())
                || h.notes.iter().any(|n| n.starts_with("FAILED"))
        })
        || report.families().any(|f| {
            f.cells.iter().any(|c| !c.verdict.passed())
                || f.notes.iter().any(|n| n.starts_with("FAILED"))
        })
        || report.guard.iter().any(|g| !g.clean);
    if failed {
        eprintln!("some rows FAILED the gate or the guard (see the report)");
        std::process::exit(1);
    }
}

/// `--first-call-child ROW [--corpus DIR]`: one fresh process's first two decodes of ROW,
/// printed for the parent (see `first_call`); exits.
fn first_call_child(args: &[String]) -> ! {
    let (row, corpus_dir) = match args {
        [row] => (row, None),
        [row, flag, dir] if flag == "--corpus" => (row, Some(std::path::Path::new(dir))),
        _ => {
            eprintln!(
                "usage: fastjson-bench {} ROW [--corpus DIR]",
                first_call::CHILD_FLAG
            );
            std::process::exit(2);
        }
    };
    let corpus = corpus::load(corpus_dir);
    match first_call::child(row, &corpus) {
        Ok(sample) => {
            println!("{}", sample.line());
            std::process::exit(0);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
