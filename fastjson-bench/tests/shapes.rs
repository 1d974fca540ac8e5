//! The `shapes` family: each document is generated deterministically (the same bytes twice;
//! digests pinned in `tests/generated.rs`), is 200–800 KB and is what its model writes (the
//! serde_json copy decodes it and writes the same bytes back, so no untagged or flattened
//! variant resolves to another). That every library passes the gate on each, with all its rows,
//! is checked by the smoke run (`tests/smoke.rs`), which runs every workload.

use fastjson_bench::copies::serde_json_copy::shapes;
use fastjson_bench::generate::{self, Generated};

const NAMES: [&str; 6] = [
    "shapes-events-value",
    "shapes-rows-pretty",
    "shapes-ci-metadata",
    "shapes-map-keyed",
    "shapes-short-strings",
    "shapes-enums",
];

#[test]
fn documents_are_deterministic_and_sized() {
    let first = generate::shapes::all();
    let again = generate::shapes::all();
    let names: Vec<&str> = first.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, NAMES);
    for ((name, a), (_, b)) in first.iter().zip(&again) {
        assert!(a == b, "{name}: two generations differ");
        assert!(
            (200 * 1024..800 * 1024).contains(&a.len()),
            "{name}: {} bytes",
            a.len()
        );
    }
    let shared: Vec<(&str, &[u8])> = Generated::get().shapes.clone();
    assert_eq!(shared.len(), first.len());
    for ((name, a), (_, b)) in shared.iter().zip(&first) {
        assert!(*a == b.as_slice(), "{name}: the shared copy differs");
    }
}

fn reencodes<T: serde::de::DeserializeOwned + serde::Serialize>(doc: &[u8], pretty: bool) {
    let value: T = serde_json::from_slice(doc).unwrap();
    let back = if pretty {
        serde_json::to_vec_pretty(&value)
    } else {
        serde_json::to_vec(&value)
    }
    .unwrap();
    assert!(back == doc, "{}", std::any::type_name::<T>());
}

#[test]
fn documents_are_what_their_models_write() {
    let docs: Vec<&[u8]> = Generated::get().shapes.iter().map(|(_, d)| *d).collect();
    reencodes::<shapes::EventPage>(docs[0], false);
    reencodes::<shapes::Scene>(docs[1], true);
    reencodes::<shapes::WorkflowRuns>(docs[2], false);
    reencodes::<shapes::Inventory>(docs[3], false);
    reencodes::<shapes::LabelCatalog>(docs[4], false);
    reencodes::<shapes::Dashboard>(docs[5], false);
    // rows-pretty is the pretty layout, two-space indent; the others are compact.
    assert!(docs[1].starts_with(b"{\n  \"frame\": "));
    assert!(docs
        .iter()
        .enumerate()
        .all(|(i, d)| i == 1 || !d.contains(&b'\n')));
}
