//! The HTTP family in-process, bounded: `--smoke`'s plan gates and runs every cell (a few
//! requests per connection, loopback only, every network wait under a timeout), and a window
//! closed at once flags every cell instead of reporting a concurrency that did not happen.

use std::time::{Duration, Instant};

use fastjson_bench::http::{self, Plan};
use fastjson_bench::run::{self, Options};
use fastjson_bench::{corpus, workloads};

fn http_only(plan: Plan, filters: Vec<String>) -> fastjson_bench::report::Report {
    let corpus = corpus::load(None);
    let opts = Options {
        http: Some(plan),
        http_only: true,
        filters,
        ..Options::smoke()
    };
    run::run(&opts, workloads::all(&corpus), &corpus)
}

#[test]
fn smoke_gates_and_runs_every_cell() {
    let started = Instant::now();
    let r = http_only(Plan::smoke(), Vec::new());
    assert!(r.cells.is_empty() && r.requests.is_empty(), "HTTP only");
    let section = r.http.expect("the family ran");
    let large = corpus::load(None).get("twitter").is_some();
    let workloads = if large { 2 } else { 1 };
    assert_eq!(
        section.cells.len(),
        workloads * 3 * 4,
        "{:?}",
        section.notes
    );
    for c in &section.cells {
        assert!(c.verdict.passed(), "{}: {:?}", c.id(), c.verdict);
        assert!(!c.flagged, "{}", c.id());
        // Every connection sent exactly its budget: two requests.
        assert_eq!(c.min_connection_requests, Some(2), "{}", c.id());
        assert_eq!(c.requests, 2 * c.connections as u64, "{}", c.id());
        assert!(c.p50_ns.unwrap() <= c.p99_ns.unwrap(), "{}", c.id());
        assert_eq!(c.vs_axum_json, None, "smoke reports no ratio");
    }
    let md = fastjson_bench::report::render::markdown(&fastjson_bench::report::Report {
        http: Some(section),
        ..r
    });
    assert!(md.contains("## HTTP: the same axum service"), "{md}");
    assert!(
        md.contains("| order | 16 | axum::Json + serde_json |"),
        "{md}"
    );
    assert!(started.elapsed() < Duration::from_secs(120), "bounded");
}

#[test]
fn a_window_closed_at_once_flags_every_cell() {
    let plan = Plan {
        rounds: 2,
        window: Duration::ZERO,
        warmup: Duration::ZERO,
        per_connection: 1_000,
        smoke: false,
    };
    let r = http_only(plan, vec!["http/order/2/".into()]);
    let section = r.http.expect("the family ran");
    let ids: Vec<String> = section.cells.iter().map(|c| c.id()).collect();
    assert_eq!(
        ids,
        [
            "http/order/2/fastjson",
            "http/order/2/fastjson (twin)",
            "http/order/2/axum::Json + serde_json",
            "http/order/2/serde_json, no path tracking",
        ]
    );
    for c in &section.cells {
        assert!(c.verdict.passed(), "{}: {:?}", c.id(), c.verdict);
        assert!(c.flagged && c.max_idle_connections == 2, "{c:?}");
        assert_eq!(c.vs_axum_json, None, "a flagged cell has no ratio");
        assert_eq!(c.throughput_rounds.len(), 2);
    }
    let table = http::report::table(&section);
    assert!(table.contains("not a 2-connection measurement"), "{table}");
}

#[test]
fn a_filter_outside_the_family_runs_nothing() {
    let r = http_only(Plan::smoke(), vec!["decode/order/".into()]);
    let section = r.http.expect("--http always reports its section");
    assert!(section.cells.is_empty());
    assert_eq!(section.notes, ["no HTTP cell selected"]);
}
