//! The extract family: two or three paths read out of twitter.json, citm_catalog.json and the
//! order payload, paths near the document's start and near its end, by fastjson's `Extractor`
//! (validating the whole document, and with `stop_when_found`), sonic-rs's `get_many` (and its
//! `get_many_unchecked`, which does not validate), serde_json's full `Value` decode then
//! `pointer`, and fastjson's full typed decode. Gated first: every row finds the same values
//! as serde_json's `pointer`.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use sonic_rs::PointerTree;

use crate::copies::fastjson_copy::{citm, order, twitter};
use crate::gate::Verdict;
use crate::report::family::{self, FamilySection, Pending};
use crate::subjects::Op;
use crate::workloads::Role;

/// How much to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub rounds: usize,
    /// Target length of one sample (ignored in smoke: one operation per sample).
    pub sample: Duration,
    pub smoke: bool,
}

impl Plan {
    pub fn smoke() -> Plan {
        Plan {
            rounds: 1,
            sample: Duration::ZERO,
            smoke: true,
        }
    }

    /// The default run's form: 7 rounds of 20 ms samples.
    pub fn short() -> Plan {
        Plan {
            rounds: 7,
            sample: Duration::from_millis(20),
            smoke: false,
        }
    }

    /// `--full`: 21 rounds of 50 ms samples.
    pub fn full() -> Plan {
        Plan {
            rounds: 21,
            sample: Duration::from_millis(50),
            smoke: false,
        }
    }
}

/// A group: a document and the paths read from it, in fastjson's syntax (`$.a[0]["k"]`; keys
/// and positions only, so the JSON pointer is derived from it).
struct Case {
    group: &'static str,
    doc: &'static str,
    paths: &'static [&'static str],
}

const CASES: [Case; 6] = [
    Case {
        group: "twitter-start",
        doc: "twitter",
        paths: &["$.statuses[0].id", "$.statuses[0].user.screen_name"],
    },
    Case {
        group: "twitter-end",
        doc: "twitter",
        paths: &[
            "$.statuses[99].id",
            "$.search_metadata.count",
            "$.search_metadata.max_id",
        ],
    },
    Case {
        group: "citm_catalog-start",
        doc: "citm_catalog",
        paths: &[
            "$.areaNames[\"205705993\"]",
            "$.audienceSubCategoryNames[\"337100890\"]",
        ],
    },
    Case {
        group: "citm_catalog-end",
        doc: "citm_catalog",
        paths: &[
            "$.performances[242].start",
            "$.topicSubTopics[\"324846100\"][4]",
            "$.venueNames.PLEYEL_PLEYEL",
        ],
    },
    Case {
        group: "order-start",
        doc: "order",
        paths: &["$.id", "$.customer_id"],
    },
    Case {
        group: "order-end",
        doc: "order",
        paths: &["$.items[11].sku", "$.tags[2]", "$.metadata.user_agent"],
    },
];

/// Row labels.
pub mod label {
    pub const EXTRACTOR: &str = "fastjson Extractor";
    pub const EXTRACTOR_TWIN: &str = "fastjson Extractor (twin)";
    pub const EXTRACTOR_STOP: &str = "fastjson Extractor, stop_when_found";
    pub const TYPED: &str = "fastjson typed decode, all";
    pub const SERDE_JSON: &str = "serde_json Value + pointer";
    pub const SONIC_RS: &str = "sonic-rs get_many";
    pub const SONIC_RS_UNCHECKED: &str = "sonic-rs get_many_unchecked";
}

/// The JSON pointer of a path of [`CASES`].
fn json_pointer(path: &str) -> String {
    path.trim_start_matches('$')
        .replace("[\"", "/")
        .replace("\"]", "")
        .replace(['.', '['], "/")
        .replace(']', "")
}

/// The pointer's tokens, positions as numbers (sonic-rs tells keys from indices by type).
fn sonic_tree(paths: &[&str]) -> PointerTree {
    let mut tree = PointerTree::new();
    for p in paths {
        let ptr = json_pointer(p);
        let nodes: Vec<sonic_rs::PointerNode> = ptr
            .split('/')
            .skip(1)
            .map(|t| match t.parse::<usize>() {
                // citm's numeric keys are object keys: only a `[n]` step is a position.
                Ok(i) if p.contains(&format!("[{t}]")) => sonic_rs::PointerNode::Index(i),
                _ => sonic_rs::PointerNode::Key(sonic_rs::FastStr::new(t)),
            })
            .collect();
        tree.add_path(nodes.iter());
    }
    tree
}

type Found = Result<Vec<Option<String>>, String>;

/// A row: label, role, whether a peer, what it finds (for the gate) and its timed operation.
struct Row {
    label: &'static str,
    role: Role,
    peer: bool,
    found: Box<dyn Fn() -> Found>,
    op: Op,
}

fn typed_found(doc: &'static [u8], name: &str, pointers: &[String]) -> Found {
    let reencoded = match name {
        "twitter" => fastjson::from_slice::<twitter::Twitter>(doc).map(|v| fastjson::to_vec(&v)),
        "citm_catalog" => {
            fastjson::from_slice::<citm::CitmCatalog>(doc).map(|v| fastjson::to_vec(&v))
        }
        _ => fastjson::from_slice::<order::Order>(doc).map(|v| fastjson::to_vec(&v)),
    }
    .map_err(|e| e.to_string())?;
    let value: Value = serde_json::from_slice(&reencoded).map_err(|e| e.to_string())?;
    Ok(pointers
        .iter()
        .map(|p| value.pointer(p).map(Value::to_string))
        .collect())
}

fn typed_op(doc: &'static [u8], name: &str) -> Op {
    match name {
        "twitter" => Box::new(move || {
            black_box(fastjson::from_slice::<twitter::Twitter>(black_box(doc)).is_ok()) as usize
        }),
        "citm_catalog" => Box::new(move || {
            black_box(fastjson::from_slice::<citm::CitmCatalog>(black_box(doc)).is_ok()) as usize
        }),
        _ => Box::new(move || {
            black_box(fastjson::from_slice::<order::Order>(black_box(doc)).is_ok()) as usize
        }),
    }
}

fn rows(case: &Case, doc: &'static [u8]) -> Result<Vec<Row>, String> {
    let full =
        Arc::new(fastjson::Extractor::new(case.paths.iter().copied()).map_err(|e| e.to_string())?);
    let early = Arc::new((*full).clone().stop_when_found(true));
    let tree = Arc::new(sonic_tree(case.paths));
    let pointers: Arc<Vec<String>> = Arc::new(case.paths.iter().map(|p| json_pointer(p)).collect());
    let extractor = |label, role, ex: &Arc<fastjson::Extractor>| {
        let (a, b) = (Arc::clone(ex), Arc::clone(ex));
        Row {
            label,
            role,
            peer: false,
            found: Box::new(move || {
                let got = a.extract(doc).map_err(|e| e.to_string())?;
                Ok((0..a.len()).map(|i| got.raw(i).map(String::from)).collect())
            }),
            op: Box::new(move || {
                b.extract(black_box(doc))
                    .map_or(0, |f| f.raw(0).map_or(0, str::len))
            }),
        }
    };
    let sonic = |label, checked: bool| {
        let (a, b) = (Arc::clone(&tree), Arc::clone(&tree));
        let get = move |t: &PointerTree| {
            if checked {
                sonic_rs::get_many(doc, t)
            } else {
                // SAFETY: `get_many_unchecked` requires valid JSON; every document of this
                // family is checked valid by serde_json (the gate's reference) before any row
                // runs, and a row runs only after its own gate passed.
                unsafe { sonic_rs::get_many_unchecked(doc, t) }
            }
        };
        Row {
            label,
            role: Role::Contender,
            peer: true,
            found: Box::new(move || {
                let got = get(&a).map_err(|e| e.to_string())?;
                Ok(got
                    .iter()
                    .map(|v| v.as_ref().map(|v| v.as_raw_str().to_string()))
                    .collect())
            }),
            op: Box::new(move || get(black_box(&b)).map_or(0, |v| v.len())),
        }
    };
    let (p1, p2) = (Arc::clone(&pointers), Arc::clone(&pointers));
    let name = case.doc;
    Ok(vec![
        extractor(label::EXTRACTOR, Role::Contender, &full),
        extractor(label::EXTRACTOR_TWIN, Role::NoiseTwin, &full),
        extractor(label::EXTRACTOR_STOP, Role::Contender, &early),
        Row {
            label: label::TYPED,
            role: Role::Contender,
            peer: false,
            found: Box::new(move || typed_found(doc, name, &p1)),
            op: typed_op(doc, name),
        },
        Row {
            label: label::SERDE_JSON,
            role: Role::Baseline,
            peer: true,
            found: Box::new(move || {
                let v: Value = serde_json::from_slice(doc).map_err(|e| e.to_string())?;
                Ok(p2
                    .iter()
                    .map(|p| v.pointer(p).map(Value::to_string))
                    .collect())
            }),
            op: Box::new(move || {
                let v: Value = serde_json::from_slice(black_box(doc)).unwrap_or(Value::Null);
                pointers
                    .iter()
                    .filter(|p| black_box(v.pointer(p)).is_some())
                    .count()
            }),
        },
        sonic(label::SONIC_RS, true),
        sonic(label::SONIC_RS_UNCHECKED, false),
    ])
}

/// The gate of one row: each path found, and its value (parsed by serde_json) equal to
/// `want`'s.
fn check(found: Found, want: &[Value]) -> Verdict {
    let found = match found {
        Ok(f) => f,
        Err(e) => return Verdict::Failed(e),
    };
    if found.len() != want.len() {
        return Verdict::Failed(format!("{} answers for {} paths", found.len(), want.len()));
    }
    for (i, (got, want)) in found.iter().zip(want).enumerate() {
        match got.as_deref().map(serde_json::from_str::<Value>) {
            Some(Ok(v)) if v == *want => {}
            Some(Ok(v)) => return Verdict::Failed(format!("path {i}: {v}, expected {want}")),
            Some(Err(e)) => return Verdict::Failed(format!("path {i}: not JSON: {e}")),
            None => return Verdict::Failed(format!("path {i}: not found")),
        }
    }
    Verdict::Pass(None)
}

/// Runs the family (ids `extract/GROUP/LABEL`, `extract/twitter-end/fastjson Extractor`; a
/// group with any selected row keeps them all). The corpus documents' groups are skipped, with
/// a note, when the corpus is missing.
pub fn run(
    plan: &Plan,
    corpus: &crate::corpus::Corpus,
    selects: &dyn Fn(&str) -> bool,
    say: &dyn Fn(&str),
) -> FamilySection {
    let start = Instant::now();
    let mut cells = Vec::new();
    let mut notes = Vec::new();
    for case in &CASES {
        let labels = [
            label::EXTRACTOR,
            label::EXTRACTOR_TWIN,
            label::EXTRACTOR_STOP,
            label::TYPED,
            label::SERDE_JSON,
            label::SONIC_RS,
            label::SONIC_RS_UNCHECKED,
        ];
        if !labels
            .iter()
            .any(|l| selects(&format!("extract/{}/{l}", case.group)))
        {
            continue;
        }
        let doc = match case.doc {
            "order" => crate::generate::Generated::get().order,
            name => match corpus.get(name) {
                Some(doc) => doc,
                None => {
                    notes.push(format!(
                        "{}: {name}.json not in the corpus, not run",
                        case.group
                    ));
                    continue;
                }
            },
        };
        say(&format!("extract/{}: gating", case.group));
        let reference: Result<Vec<Value>, String> = serde_json::from_slice::<Value>(doc)
            .map_err(|e| e.to_string())
            .and_then(|v| {
                case.paths
                    .iter()
                    .map(|p| {
                        v.pointer(&json_pointer(p))
                            .cloned()
                            .ok_or(format!("{p} not in the document"))
                    })
                    .collect()
            });
        let (want, rows) = match reference.and_then(|w| Ok((w, rows(case, doc)?))) {
            Ok(x) => x,
            Err(e) => {
                notes.push(format!("FAILED {}: no reference: {e}", case.group));
                continue;
            }
        };
        let pending: Vec<Pending> = rows
            .into_iter()
            .map(|row| {
                let mut cell =
                    family::cell(case.group, row.label, row.role, row.peer, doc.len(), 1);
                cell.verdict = check((row.found)(), &want);
                let op = cell.verdict.passed().then_some(row.op);
                Pending { cell, op }
            })
            .collect();
        notes.push(format!(
            "{}: {} (`{}`)",
            case.group,
            case.doc,
            case.paths.join("`, `")
        ));
        let sample = (!plan.smoke).then_some(plan.sample);
        cells.extend(family::time_group(pending, plan.rounds, sample, say));
    }
    FamilySection {
        family: "extract".into(),
        rounds: plan.rounds,
        sample_ms: if plan.smoke { 0.0 } else { plan.sample.as_secs_f64() * 1e3 },
        about: "Two or three paths read out of one document, near its start (`-start`) or near its end (`-end`). `fastjson Extractor` reads and validates the whole document; `stop_when_found` stops once every path is found (the rest is neither read nor validated); `sonic-rs get_many` validates, `get_many_unchecked` does not (valid input is the caller's promise); `serde_json Value + pointer` decodes the whole document into a `Value` first; `fastjson typed decode, all` decodes the whole document into its typed model (what extraction saves). Every row must find the values serde_json's `pointer` finds before it is timed. Allocations are per extraction.".into(),
        cells,
        notes,
        elapsed_s: start.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_and_the_gate() {
        assert_eq!(
            json_pointer("$.areaNames[\"205705993\"]"),
            "/areaNames/205705993"
        );
        assert_eq!(json_pointer("$.statuses[99].id"), "/statuses/99/id");
        let want = [serde_json::json!(1), serde_json::json!("a")];
        assert!(check(Ok(vec![Some("1".into()), Some("\"a\"".into())]), &want).passed());
        assert!(!check(Ok(vec![Some("1".into()), None]), &want).passed());
        assert!(!check(Ok(vec![Some("2".into()), Some("\"a\"".into())]), &want).passed());
        assert!(!check(Ok(vec![Some("1".into())]), &want).passed());
    }
}
