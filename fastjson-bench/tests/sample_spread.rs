//! The report's sample-spread line: a run on a contended host is flagged from its own samples
//! (in report.md and on the terminal), floors do not count, and a smoke run (one sample per
//! row) says nothing.

mod common;

use fastjson_bench::report::{header::SPREAD_WARNING_FRACTION, render, Report};
use fastjson_bench::workloads::Role;

/// Every row gets seven samples whose median is `1 + spread` times its fastest; the floors
/// get a spread of 100%, which must not count.
fn with_spread(report: &Report, spread: impl Fn(usize) -> f64) -> Report {
    let mut r = report.clone();
    for (i, c) in r.cells.iter_mut().enumerate() {
        let s = if c.role == Role::Floor {
            1.0
        } else {
            spread(i)
        };
        let min = 100.0;
        let median = min * (1.0 + s);
        c.samples_ns = vec![min, median, median, median, median * 1.5, median * 2.0, min];
        c.min_ns = Some(min);
        c.median_ns = Some(median);
    }
    r
}

#[test]
fn a_smoke_run_has_no_spread_line() {
    let r = common::small_smoke_report();
    assert_eq!(r.sample_spread(), None);
    let md = render::markdown(&r);
    assert!(
        !md.contains("sample spread") && !md.contains("contended"),
        "{md}"
    );
}

#[test]
fn the_spread_is_the_median_over_library_rows_and_floors_do_not_count() {
    let base = common::small_smoke_report();
    let floors = base.cells.iter().filter(|c| c.role == Role::Floor).count();
    assert!(floors > 0, "the smoke run times floors");

    let quiet = with_spread(&base, |_| 0.03);
    let spread = quiet.sample_spread().expect("seven samples per row");
    assert!((spread - 0.03).abs() < 1e-9, "{spread}");
    let md = render::markdown(&quiet);
    assert!(
        md.contains("sample spread: a typical row's median is 3.0% above its fastest sample"),
        "{md}"
    );
    assert!(!md.contains("contended"), "{md}");

    // Two rows in three far off their fastest sample: the median row is, and the run is flagged.
    let contended = with_spread(&base, |i| if i % 3 == 0 { 0.02 } else { 0.20 });
    let spread = contended.sample_spread().unwrap();
    assert!((spread - 0.20).abs() < 1e-9, "{spread}");
    assert!(spread >= SPREAD_WARNING_FRACTION);
    let md = render::markdown(&contended);
    assert!(
        md.contains("- **the host was contended: a typical row's median is 20.0% above"),
        "{md}"
    );
    // The terminal, where `cargo run -p fastjson-bench` is read, says it too.
    let term = render::terminal(&contended);
    assert!(
        term.contains("host: WARNING: the host was contended: a typical row's median is 20.0%"),
        "{term}"
    );
    assert!(
        render::terminal(&quiet).contains("host: sample spread: a typical row's median is 3.0%"),
        "{}",
        render::terminal(&quiet)
    );

    // Rows with fewer than five samples say nothing about the host.
    let mut few = quiet.clone();
    for c in &mut few.cells {
        c.samples_ns.truncate(4);
    }
    assert_eq!(few.sample_spread(), None);

    // Only the floors keep their samples: still nothing to say.
    let mut floors_only = quiet.clone();
    for c in &mut floors_only.cells {
        if c.role != Role::Floor {
            c.samples_ns.truncate(1);
        }
    }
    assert_eq!(floors_only.sample_spread(), None);
}
