//! Replays the fuzz targets' checks (`fuzz/src/checks.rs`) over their seeds, every crash input
//! kept in `fuzz/regressions/`, and JSONTestSuite when present, so `cargo test` guards what the
//! fuzzers found. The fuzzers themselves run with `cargo xtask fuzz`.

#[path = "../fuzz/src/checks.rs"]
#[allow(dead_code)]
mod checks;

mod shared_data;

use std::path::Path;

fn files_in(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut count = 0;
    for dir in ["seeds", "regressions"] {
        for file in files_in(&root.join(dir).join(target)) {
            let bytes = std::fs::read(&file).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&bytes));
            assert!(
                outcome.is_ok(),
                "{target}: {} fails its check",
                file.display()
            );
            count += 1;
        }
    }
    count
}

#[test]
fn decode_typed_seeds_and_regressions() {
    assert!(replay("decode_typed", checks::decode_typed) >= 4);
}

#[test]
fn differential_seeds_and_regressions() {
    assert!(replay("differential", checks::differential) >= 2);
}

#[test]
fn roundtrip_seeds_and_regressions() {
    assert!(replay("roundtrip", checks::roundtrip) >= 2);
}

#[test]
fn jsontestsuite_through_the_fuzz_checks() {
    let Some(shared) = shared_data::shared_dir("JSONTestSuite/test_parsing") else {
        return;
    };
    let files = files_in(&shared.join("JSONTestSuite/test_parsing"));
    assert!(files.len() > 300);
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        checks::differential(&bytes);
        checks::decode_typed(&bytes);
    }
}

/// The seeds of the models for variant functions, remote mirrors (an enum, a struct with
/// getters), flattened enums and maps, identifiers and converted map keys are documents both libraries accept, so the differential starts from values it
/// compares, not from two refusals.
#[test]
fn model_seeds_decode_in_both_libraries() {
    use std::collections::BTreeMap;

    use checks::dispatch::foreign::{Paint, Window};
    use checks::dispatch::{Action, Dispatch, Mode, Query};

    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/differential");
    let mut paints = Vec::new();
    let mut windows = Vec::new();
    let mut actions = Vec::new();
    let mut extras = Vec::new();
    let mut credentials = Vec::new();
    for name in [
        "typed-dispatch",
        "typed-dispatch-rgb",
        "typed-dispatch-none",
        "typed-dispatch-window",
        "typed-dispatch-flatten",
        "typed-dispatch-flatten-map",
        "typed-dispatch-hidden",
    ] {
        let bytes = std::fs::read(seeds.join(format!("{name}.json"))).unwrap();
        let ours: Dispatch = fastjson::from_slice(&bytes).unwrap();
        let theirs: Dispatch = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(ours, theirs, "{name}");
        assert_eq!(
            fastjson::to_vec(&ours),
            serde_json::to_vec(&ours).unwrap(),
            "{name}"
        );
        paints.push(ours.paint);
        windows.push(ours.window);
        actions.push((ours.action, ours.mode));
        extras.push((ours.extra, ours.limits, ours.target));
        credentials.push(ours.credentials);
    }
    assert_eq!(
        paints,
        [
            Paint::Named {
                name: "teal".into(),
                alpha: Some(200)
            },
            Paint::Rgb(1, 2, 3),
            Paint::None,
            Paint::Gray(7),
            Paint::None,
            Paint::None,
            Paint::None,
        ]
    );
    // The untagged enum is not handed `ops` (the struct's own key) nor `mode` (taken by the
    // adjacently tagged enum before it).
    assert_eq!(
        credentials[6],
        Some(checks::dispatch::Credentials::Login {
            user: "ann".into(),
            pass: None,
            mode: None
        })
    );
    assert_eq!(
        actions[6],
        (
            Some(Action::Wrap(checks::dispatch::Wrapped { depth: 2 })),
            Some(Mode::Fast)
        )
    );
    // The flattened map, declared before the others, reads every key they read too.
    let (extra, limits, target) = &extras[5];
    assert_eq!(
        extra.keys().map(String::as_str).collect::<Vec<_>>(),
        ["kind", "pair", "retries", "timeout", "url", "z"]
    );
    assert_eq!((limits.retries, limits.timeout), (3, Some(9)));
    assert_eq!(
        *target,
        Some(checks::dispatch::Target::Url("http://x".into()))
    );
    assert_eq!(actions[5], (Some(Action::Close), None));
    assert_eq!(
        actions[4],
        (
            Some(Action::Open {
                path: "/tmp/a b".into(),
                line: 0
            }),
            Some(Mode::Tuned { level: -2 })
        )
    );
    assert_eq!(actions[0], (None, None));
    assert_eq!(windows[0], Window::default());
    assert_eq!(
        windows[3],
        Window::new("main \"view\"".into(), (800, 600), true)
    );
    let bytes = std::fs::read(seeds.join("typed-converted-keys.json")).unwrap();
    let ours: checks::typed::Converted = fastjson::from_slice(&bytes).unwrap();
    let theirs: checks::typed::Converted = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours.by_handle.as_ref().map(BTreeMap::len), Some(2));
    assert_eq!(fastjson::to_vec(&ours), serde_json::to_vec(&ours).unwrap());
    let bytes = std::fs::read(seeds.join("typed-query.json")).unwrap();
    let ours: Query = fastjson::from_slice(&bytes).unwrap();
    let theirs: Query = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours.columns.len(), 4);
}
