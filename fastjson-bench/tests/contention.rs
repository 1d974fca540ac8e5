//! The contention-probe line: a run whose rounds found the core shared is flagged in report.md,
//! on the terminal and in the default-vs-native summary; a quiet one says how many rounds it
//! probed; a smoke run (no rounds to probe) says nothing. Each group's section gives its own
//! count when any of its rounds ran contended.

mod common;

use fastjson_bench::report::{default_vs_native, render, Report};

fn with_probes(report: &Report, probes: &[f64]) -> Report {
    let mut r = report.clone();
    r.round_probes_ns = probes.to_vec();
    r
}

#[test]
fn a_smoke_run_probes_nothing_and_says_nothing() {
    let r = common::small_smoke_report();
    assert!(r.round_probes_ns.is_empty());
    assert_eq!(r.contended_rounds(), None);
    let md = render::markdown(&r);
    assert!(
        !md.contains("contention probe") && !md.contains("core was shared"),
        "{md}"
    );
}

#[test]
fn quiet_rounds_are_counted_and_shared_ones_flagged() {
    let base = common::small_smoke_report();
    // Ten probes within 12% of the fastest: quiet.
    let quiet = with_probes(
        &base,
        &[
            1.0e6, 1.05e6, 1.1e6, 1.12e6, 1.0e6, 1.02e6, 1.04e6, 1.08e6, 1.0e6, 1.01e6,
        ],
    );
    assert_eq!(quiet.contended_rounds(), Some((0, 10)));
    let md = render::markdown(&quiet);
    assert!(
        md.contains(
            "contention probe: 0 of 10 timed rounds over 25% slower than the run's fastest"
        ),
        "{md}"
    );
    assert!(!md.contains("core was shared"), "{md}");

    // Two of ten at 1.7×: a fifth of the rounds, over the 10% warning share.
    let shared = with_probes(
        &base,
        &[
            1.0e6, 1.7e6, 1.1e6, 1.7e6, 1.0e6, 1.02e6, 1.04e6, 1.08e6, 1.0e6, 1.01e6,
        ],
    );
    assert_eq!(shared.contended_share(), Some(0.2));
    let md = render::markdown(&shared);
    assert!(
        md.contains("- **the core was shared: 2 of 10 timed rounds ran their contention probe"),
        "{md}"
    );
    let term = render::terminal(&shared);
    assert!(
        term.contains("host: WARNING: the core was shared: 2 of 10 timed rounds"),
        "{term}"
    );
    // One in eleven is under the warning share: reported, not flagged.
    let mut probes = vec![1.0e6; 10];
    probes.push(2.0e6);
    let md = render::markdown(&with_probes(&base, &probes));
    assert!(
        md.contains("contention probe: 1 of 11 timed rounds"),
        "{md}"
    );
}

/// Old reports (written before the contention probe) have no probes and still load.
#[test]
fn reports_without_probes_load() {
    let r = common::small_smoke_report();
    let mut json: serde_json::Value = serde_json::to_value(&r).unwrap();
    json.as_object_mut().unwrap().remove("round_probes_ns");
    let back: Report = serde_json::from_value(json).unwrap();
    assert!(back.round_probes_ns.is_empty());
}

#[test]
fn the_default_vs_native_summary_gives_the_contended_share_per_run() {
    let base = common::small_smoke_report();
    let quiet = with_probes(&base, &[1.0e6, 1.1e6, 1.0e6, 1.05e6]);
    let shared = with_probes(&base, &[1.0e6, 1.9e6, 1.0e6, 1.05e6]);
    let pairs = vec![(quiet.clone(), quiet.clone()), (quiet, shared)];
    let (series, missing) = default_vs_native::series(&pairs);
    let summary = default_vs_native::summarize(&series);
    let md = default_vs_native::markdown(&pairs, &summary, &missing);
    assert!(
        md.contains("contention probe ran over 25% slower than its run's fastest: 0.0%–25.0% (**a busy host**"),
        "{md}"
    );
}

#[test]
fn a_group_names_its_contended_rounds_in_its_heading() {
    let mut r = common::small_smoke_report();
    for c in r.cells.iter_mut() {
        c.contended_rounds = if c.workload == "order" && c.direction == "decode" {
            Some((19, 33))
        } else {
            Some((0, 33))
        };
    }
    let md = render::markdown(&r);
    let heading = md
        .lines()
        .find(|l| l.starts_with("### decode / order ("))
        .expect("the order decode section");
    assert!(
        heading.ends_with("; 19 of 33 rounds on a shared core)"),
        "{heading}"
    );
    let quiet = md
        .lines()
        .find(|l| l.starts_with("### encode / order ("))
        .expect("the order encode section");
    assert!(!quiet.contains("shared core"), "{quiet}");
}
