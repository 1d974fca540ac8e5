//! `--smoke` end to end, as CI runs it through `cargo test`: every row once, gate included, over
//! every workload (the corpus too when present), and the report files written.

use fastjson_bench::run::{self, Options};
use fastjson_bench::{corpus, report, workloads};

#[test]
fn smoke_runs_every_row_and_writes_the_report() {
    let corpus = corpus::load(None);
    if corpus.docs.len() < 3 {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but the corpus is missing"
        );
        eprintln!("corpus missing: smoke covers the generated workloads only");
    }
    let opts = Options::smoke();
    let r = run::run(&opts, workloads::all(&corpus), &corpus);
    assert!(r.guard.iter().all(|g| g.clean), "{:?}", r.guard);
    for c in &r.cells {
        assert!(c.verdict.passed(), "{}: {:?}", c.id(), c.verdict);
        assert_eq!(c.samples_ns.len(), 1, "{}", c.id());
    }
    // twitter.json also runs with its keys sorted, decode rows only.
    let reordered = usize::from(corpus.get("twitter").is_some());
    // 7 generated workloads, and the shapes family's 6.
    assert_eq!(r.workloads.len(), corpus.docs.len() + reordered + 7 + 6);
    assert_eq!(r.cells.len(), r.workloads.len() * 16 - reordered * 8);
    // The shapes family, in its order, with every library's decode and encode rows.
    let shapes: Vec<&str> = r
        .workloads
        .iter()
        .filter(|w| w.family == "shapes")
        .map(|w| w.name.as_str())
        .collect();
    assert_eq!(
        shapes,
        [
            "shapes-events-value",
            "shapes-rows-pretty",
            "shapes-ci-metadata",
            "shapes-map-keyed",
            "shapes-short-strings",
            "shapes-enums",
        ]
    );
    for name in shapes {
        for lib in ["fastjson", "serde_json", "sonic-rs", "simd-json"] {
            for dir in ["decode", "encode"] {
                let id = format!("{dir}/{name}/{lib}");
                assert!(r.cells.iter().any(|c| c.id() == id), "{id} missing");
            }
        }
    }
    if reordered == 1 {
        let sorted_rows = r
            .cells
            .iter()
            .filter(|c| c.workload == "twitter-sorted-keys")
            .count();
        assert_eq!(sorted_rows, 8, "decode rows only");
    }
    assert_eq!(r.requests.len(), 4 * 4);
    for q in &r.requests {
        assert!(!q.flagged && q.min_worker_transactions == Some(1), "{q:?}");
    }
    let dir = std::env::temp_dir().join(format!("fastjson-bench-smoke-{}", std::process::id()));
    let files = report::write(&r, &dir).unwrap();
    assert!(files.iter().any(|f| f.ends_with("report.md")));
    assert!(files.iter().any(|f| f.ends_with("order.svg")));
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("Results vary by hardware"));
    // On Linux the run's steal time is measured and reported, busy host or not.
    if cfg!(target_os = "linux") {
        let steal = r
            .header
            .steal_percent
            .expect("steal time measured on Linux");
        assert!((0.0..=100.0).contains(&steal), "{steal}");
        assert!(
            md.contains("stolen by the hypervisor while the rows"),
            "{md}"
        );
    }
    let back: report::Report =
        serde_json::from_slice(&std::fs::read(dir.join("report.json")).unwrap()).unwrap();
    assert_eq!(back.cells.len(), r.cells.len());
    // (Within a rounding error: serde_json's default float parsing may be 1 ulp off.)
    match (back.header.steal_percent, r.header.steal_percent) {
        (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{a} vs {b}"),
        (a, b) => assert_eq!(a, b),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_filter_keeps_the_baselines_and_floors_of_its_group() {
    let opts = Options {
        filters: vec!["decode/micro-login/fastjson".into()],
        ..Options::smoke()
    };
    let r = run::run(&opts, workloads::generated(), &corpus::Corpus::none());
    let ids: Vec<String> = r.cells.iter().map(|c| c.id()).collect();
    assert_eq!(
        ids,
        [
            "decode/micro-login/fastjson",
            "decode/micro-login/serde_json",
            "decode/micro-login/serde_json (twin)",
            "decode/micro-login/sonic-rs",
            "decode/micro-login/no-op floor",
            "decode/micro-login/memcpy ceiling",
        ]
    );
    assert!(r.requests.is_empty());
}

/// `--rounds` and `--sample-ms` replace the mode's plan: every timed row has exactly that many
/// samples, and the report says so.
#[test]
fn the_plan_overrides_set_rounds_and_sample_length() {
    let opts = Options {
        mode: run::Mode::Default,
        filters: vec!["decode/micro-login/fastjson".into()],
        rounds: Some(3),
        sample: Some(std::time::Duration::from_millis(2)),
        ..Options::smoke()
    };
    let r = run::run(&opts, workloads::generated(), &corpus::Corpus::none());
    assert_eq!((r.rounds, r.sample_ms), (3, 2.0));
    let timed: Vec<_> = r.cells.iter().filter(|c| c.median_ns.is_some()).collect();
    assert_eq!(timed.len(), 6, "every row of the group is timed");
    for c in timed {
        assert_eq!(c.samples_ns.len(), 3, "{}", c.id());
        // Every row of the group carries the group's count of contended rounds, out of 3.
        assert_eq!(c.contended_rounds.map(|(_, n)| n), Some(3), "{}", c.id());
    }
    // One contention probe before each round of the one timed group.
    assert_eq!(r.round_probes_ns.len(), 3);
    assert!(r.round_probes_ns.iter().all(|&p| p > 0.0));
    assert_eq!(r.contended_rounds().map(|(_, all)| all), Some(3));
}

/// The binary itself: exit status, files, and the counting allocator installed (allocation
/// figures present). Every row is smoke-run in process above; the binary runs one workload's
/// rows and the families it alone runs (HTTP, stream, extract), which keeps this test at a
/// third of a full binary smoke run.
#[test]
fn the_binary_smoke_run_passes_and_writes_its_files() {
    let dir = std::env::temp_dir().join(format!("fastjson-bench-bin-{}", std::process::id()));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fastjson-bench"))
        .args(["--smoke", "--quiet", "--filter", "decode/order"])
        .args([
            "--filter", "http", "--filter", "stream", "--filter", "extract", "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("speedup over serde_json"), "{stdout}");
    let back: report::Report =
        serde_json::from_slice(&std::fs::read(dir.join("report.json")).unwrap()).unwrap();
    let fastjson_decode = back
        .cells
        .iter()
        .find(|c| c.id() == "decode/order/fastjson")
        .unwrap();
    assert!(
        fastjson_decode.allocs_per_op.unwrap() > 0.0,
        "the counting allocator is installed"
    );
    let memcpy = back
        .cells
        .iter()
        .find(|c| c.id() == "decode/order/memcpy ceiling")
        .unwrap();
    assert_eq!(memcpy.allocs_per_op, Some(0.0));
    // `--smoke` covers the HTTP family too, with the whole process's allocations counted.
    let http = back.http.expect("--smoke runs the HTTP family");
    assert!(http.cells.len() >= 12, "{:?}", http.notes);
    for c in &http.cells {
        assert!(c.verdict.passed(), "{}: {:?}", c.id(), c.verdict);
        assert!(c.allocs_per_request.unwrap() > 0.0, "{}", c.id());
        assert!(c.json_allocs_per_request.unwrap() > 0.0, "{}", c.id());
    }
    // And the stream and extract families, every row gated and run once.
    let stream = back.stream.expect("--smoke runs the stream family");
    assert_eq!(stream.cells.len(), 2 * 6, "lines and pretty, six rows each");
    let extract = back.extract.expect("--smoke runs the extract family");
    assert!(extract.cells.len() >= 2 * 7, "at least the order's groups");
    for f in [&stream, &extract] {
        for c in &f.cells {
            assert!(c.verdict.passed(), "{}: {:?}", c.id(&f.family), c.verdict);
            assert_eq!(c.samples_ns.len(), 1, "{}", c.id(&f.family));
            assert!(c.allocs_per_unit.unwrap() > 0.0, "{}", c.id(&f.family));
        }
    }
    assert!(stdout.contains("stream family"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--filter stream` and `--filter extract` select one family each, and nothing else.
#[test]
fn a_family_filter_selects_that_family_only() {
    use fastjson_bench::{extract, stream};
    let opts = Options {
        filters: vec!["stream".into()],
        stream: Some(stream::Plan::smoke()),
        extract: Some(extract::Plan::smoke()),
        ..Options::smoke()
    };
    let r = run::run(&opts, workloads::generated(), &corpus::Corpus::none());
    assert!(r.cells.is_empty() && r.requests.is_empty());
    assert!(r.extract.is_none());
    let stream = r.stream.expect("selected");
    assert!(stream.cells.iter().all(|c| c.verdict.passed()));
    assert_eq!(stream.cells.len(), 12);
    let opts = Options {
        filters: vec!["extract/order-end".into()],
        ..opts
    };
    let r = run::run(&opts, workloads::generated(), &corpus::Corpus::none());
    assert!(r.stream.is_none() && r.cells.is_empty());
    let md = report::render::markdown(&r);
    assert!(md.contains("## Field extraction"), "{md}");
    let extract = r.extract.expect("selected");
    let groups: std::collections::BTreeSet<&str> =
        extract.cells.iter().map(|c| c.group.as_str()).collect();
    assert_eq!(groups.into_iter().collect::<Vec<_>>(), ["order-end"]);
    assert_eq!(extract.cells.len(), 7);
}

/// Groups timed in fresh processes (`--processes`): each child times its group's rows with its
/// share of the rounds, the parent pools them (two processes of one round: two samples per
/// row), computes the ratios over the pooled medians and says so in the report.
#[test]
fn the_binary_times_each_group_in_fresh_processes_and_pools_their_samples() {
    let dir = std::env::temp_dir().join(format!("fastjson-bench-iso-{}", std::process::id()));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fastjson-bench"))
        .args([
            "--quiet",
            "--fastjson-and-serde-json-only",
            "--filter",
            "/micro-login/",
            "--processes",
            "2",
            "--rounds",
            "2",
            "--sample-ms",
            "1",
            "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let back: report::Report =
        serde_json::from_slice(&std::fs::read(dir.join("report.json")).unwrap()).unwrap();
    assert_eq!((back.processes_per_group, back.rounds), (2, 2));
    let ids: Vec<String> = back.cells.iter().map(|c| c.id()).collect();
    assert_eq!(
        ids,
        [
            "decode/micro-login/fastjson",
            "decode/micro-login/serde_json",
            "decode/micro-login/serde_json (twin)",
            "encode/micro-login/fastjson",
            "encode/micro-login/fastjson encode_into",
            "encode/micro-login/serde_json",
            "encode/micro-login/serde_json (twin)",
        ]
    );
    for c in &back.cells {
        assert!(c.verdict.passed(), "{}: {:?}", c.id(), c.verdict);
        assert_eq!(c.samples_ns.len(), 2, "{}", c.id());
        assert!(
            c.vs_serde_json.is_some() && c.tie_band.is_some(),
            "{}",
            c.id()
        );
        assert!(c.allocs_per_op.is_some(), "{}", c.id());
        assert_eq!(c.contended_rounds.map(|(_, n)| n), Some(2), "{}", c.id());
    }
    // The children's probes reach the parent: two groups, two processes, one round each.
    assert_eq!(back.round_probes_ns.len(), 4);
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        md.contains("each group in 2 fresh processes of 1 rounds"),
        "{md}"
    );
    assert!(md.contains("timed rounds"), "the probe line: {md}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A child that exits with an error fails every row of its group (and so the run: the binary
/// exits non-zero when any row failed). The "bench binary" here is this test executable, which
/// rejects the child's command line.
#[test]
fn a_failing_group_child_fails_its_rows() {
    let opts = Options {
        mode: run::Mode::Default,
        filters: vec!["decode/micro-login/fastjson".into()],
        rounds: Some(2),
        sample: Some(std::time::Duration::from_millis(1)),
        isolation: Some(fastjson_bench::isolate::Isolation {
            exe: std::env::current_exe().unwrap(),
            processes: 2,
            corpus: None,
        }),
        ..Options::smoke()
    };
    let r = run::run(&opts, workloads::generated(), &corpus::Corpus::none());
    assert_eq!(r.cells.len(), 6, "the group's rows are all reported");
    for c in &r.cells {
        match &c.verdict {
            fastjson_bench::gate::Verdict::Failed(why) => {
                assert!(why.contains("child process failed"), "{}: {why}", c.id())
            }
            v => panic!("{}: {v:?}", c.id()),
        }
        assert!(c.median_ns.is_none(), "{}", c.id());
    }
}
