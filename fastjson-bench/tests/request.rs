//! Request mode refuses to report a concurrency that did not happen: with a zero-length window
//! most of 64 workers never start a transaction, and every 64-thread cell is flagged, with no
//! throughput or ratio reported. With a real window every worker of every cell does work.
//!
//! The two tests take turns (`ONE_AT_A_TIME`): run side by side, as the test harness does by
//! default, the 64 spinning workers of the first could keep one of the second's two workers
//! from being scheduled within its window on a 2-core machine, failing it for the harness's
//! reason, not the bench's.

use std::sync::Mutex;
use std::time::Duration;

use fastjson_bench::corpus::Corpus;
use fastjson_bench::run::{self, Mode, Options};
use fastjson_bench::workloads;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn run_requests(filter: &str, window: Duration) -> fastjson_bench::report::Report {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let opts = Options {
        mode: Mode::Default,
        filters: vec![filter.into()],
        window: Some(window),
        ..Options::smoke()
    };
    run::run(&opts, workloads::generated(), &Corpus::none())
}

#[test]
fn a_cell_where_a_worker_did_nothing_is_flagged_and_not_reported() {
    let r = run_requests("request/64/", Duration::ZERO);
    assert_eq!(
        r.requests.len(),
        4,
        "fastjson, serde_json, sonic-rs, simd-json at 64 threads"
    );
    for c in &r.requests {
        assert_eq!(c.threads, 64);
        assert!(c.flagged && c.max_idle_workers > 0, "{c:?}");
        assert_eq!(c.vs_serde_json, None, "a flagged cell has no ratio");
    }
    let md = fastjson_bench::report::render::markdown(&r);
    assert!(md.contains("this is not a 64-thread measurement"), "{md}");
    assert!(r.cells.is_empty(), "only request cells were selected");
}

#[test]
fn with_a_window_every_worker_works() {
    let r = run_requests("request/2/", Duration::from_millis(30));
    assert_eq!(r.requests.len(), 4);
    for c in &r.requests {
        assert!(
            !c.flagged && c.min_worker_transactions.unwrap() > 0,
            "{c:?}"
        );
        assert_eq!(c.throughput_rounds.len(), 3);
        assert!(c.p50_ns.unwrap() <= c.p99_ns.unwrap());
    }
}
