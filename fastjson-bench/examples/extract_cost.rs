//! Field extraction's cost: three paths read out of a corpus document by fastjson's `Extractor`
//! (the whole document read and validated, or stopping once every path is found), against
//! fastjson's full typed decode of the same document, serde_json's way (`Value`, then
//! `pointer`) and sonic-rs's `get_many`. The answers are checked equal before anything is timed;
//! the implementations take turns in every round (order rotated), and the medians and their
//! ratio to serde_json are printed with the rounds' spread.
//!
//! `cargo run --release -p fastjson-bench --example extract_cost [iterations]`

use std::hint::black_box;
use std::time::Instant;

use fastjson_bench::copies::fastjson_copy::{citm, twitter};
use fastjson_bench::timing::stats;
use sonic_rs::{pointer, JsonValueTrait, PointerNode, PointerTree};

/// One timed implementation: its label and one call.
type Row<'a> = (&'static str, Box<dyn Fn() + 'a>);

/// A document and the paths read from it, in fastjson's syntax and as sonic-rs pointers.
struct Case {
    name: &'static str,
    paths: [&'static str; 3],
    pointers: [Vec<PointerNode>; 3],
}

fn cases() -> [Case; 2] {
    [
        Case {
            name: "twitter",
            paths: [
                "$.search_metadata.count",
                "$.statuses[0].id",
                "$.statuses[50].user.screen_name",
            ],
            pointers: [
                pointer!["search_metadata", "count"].to_vec(),
                pointer!["statuses", 0, "id"].to_vec(),
                pointer!["statuses", 50, "user", "screen_name"].to_vec(),
            ],
        },
        Case {
            name: "citm_catalog",
            paths: [
                "$.areaNames[\"205705993\"]",
                "$.events[\"138586341\"].name",
                "$.performances[242].start",
            ],
            pointers: [
                pointer!["areaNames", "205705993"].to_vec(),
                pointer!["events", "138586341", "name"].to_vec(),
                pointer!["performances", 242, "start"].to_vec(),
            ],
        },
    ]
}

/// The JSON pointer of one of [`Case::paths`] (keys and positions only, no escapes needed).
fn json_pointer(path: &str) -> String {
    path.trim_start_matches('$')
        .replace("[\"", "/")
        .replace("\"]", "")
        .replace(['.', '['], "/")
        .replace(']', "")
}

fn main() {
    let iterations: u32 = std::env::args()
        .nth(1)
        .map_or(200, |n| n.parse().expect("iterations"));
    let corpus = fastjson_bench::corpus::load(None);
    for case in cases() {
        let doc = corpus.get(case.name).unwrap_or_else(|| {
            panic!(
                "corpus document `{}` not found (set FASTJSON_CORPUS)",
                case.name
            )
        });
        let full = fastjson::Extractor::new(case.paths).expect("the paths parse");
        let early = full.clone().stop_when_found(true);
        let mut tree = PointerTree::new();
        for p in &case.pointers {
            tree.add_path(p.iter());
        }

        // The gate: every implementation finds the same three values.
        let ours = full.extract(doc).expect("fastjson extracts");
        let ours_early = early
            .extract(doc)
            .expect("fastjson extracts, stopping early");
        let value: serde_json::Value = serde_json::from_slice(doc).expect("serde_json parses");
        let sonic = sonic_rs::get_many(doc, &tree).expect("sonic-rs extracts");
        for (i, path) in case.paths.iter().enumerate() {
            let raw = ours.raw(i).unwrap_or_else(|| panic!("{path} not found"));
            assert_eq!(ours_early.raw(i), Some(raw), "{path}");
            let expected = value
                .pointer(&json_pointer(path))
                .expect("serde_json finds it");
            assert_eq!(
                &serde_json::from_str::<serde_json::Value>(raw).unwrap(),
                expected
            );
            let theirs = sonic[i].as_ref().expect("sonic-rs finds it");
            assert_eq!(theirs.as_raw_str(), raw, "{path}");
            assert!(theirs.is_number() || theirs.is_str());
        }
        // What each one checks after the last path: trailing garbage.
        let mut tail = doc.to_vec();
        tail.extend_from_slice(b" x");
        println!(
            "{}: {} bytes; after the last path, trailing garbage is refused by: Extractor {}, \
             stop_when_found {}, serde_json {}, sonic-rs get_many {}",
            case.name,
            doc.len(),
            full.extract(&tail).is_err(),
            early.extract(&tail).is_err(),
            serde_json::from_slice::<serde_json::Value>(&tail).is_err(),
            sonic_rs::get_many(tail.as_slice(), &tree).is_err(),
        );

        let decode_typed: Box<dyn Fn()> = match case.name {
            "twitter" => Box::new(|| {
                let v: twitter::Twitter = fastjson::from_slice(black_box(doc)).unwrap();
                black_box(v);
            }),
            _ => Box::new(|| {
                let v: citm::CitmCatalog = fastjson::from_slice(black_box(doc)).unwrap();
                black_box(v);
            }),
        };
        let rows: Vec<Row<'_>> = vec![
            ("serde_json Value + pointer", {
                let paths: Vec<String> = case.paths.iter().map(|p| json_pointer(p)).collect();
                Box::new(move || {
                    let v: serde_json::Value = serde_json::from_slice(black_box(doc)).unwrap();
                    for p in &paths {
                        black_box(v.pointer(p));
                    }
                })
            }),
            ("sonic-rs get_many", {
                let tree = &tree;
                Box::new(move || {
                    black_box(sonic_rs::get_many(black_box(doc), tree).unwrap());
                })
            }),
            ("fastjson typed decode, all", decode_typed),
            ("fastjson Extractor", {
                let full = &full;
                Box::new(move || {
                    black_box(full.extract(black_box(doc)).unwrap());
                })
            }),
            ("fastjson Extractor, stop", {
                let early = &early;
                Box::new(move || {
                    black_box(early.extract(black_box(doc)).unwrap());
                })
            }),
        ];
        let rounds = 11;
        let mut times = vec![Vec::new(); rows.len()];
        for round in 0..rounds {
            for k in 0..rows.len() {
                let row = (k + round) % rows.len();
                let start = Instant::now();
                for _ in 0..iterations {
                    (rows[row].1)();
                }
                times[row].push(start.elapsed().as_secs_f64() * 1e6 / f64::from(iterations));
            }
        }
        let serde_median = stats(&times[0]).expect("timed").median;
        for ((what, _), t) in rows.iter().zip(&times) {
            let s = stats(t).expect("timed");
            println!(
                "  {what:28} median {:9.1} us  min {:9.1} us  spread {:4.1}%  {:6.2}x serde_json",
                s.median,
                s.min,
                100.0 * (s.median / s.min - 1.0),
                serde_median / s.median
            );
        }
    }
}
