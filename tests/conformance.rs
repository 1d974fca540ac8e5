//! JSONTestSuite (`../shared/JSONTestSuite/test_parsing`): every `y_` file accepted with
//! serde_json's value, every `n_` rejected with an error, each `i_` decision pinned in
//! `tests/data/jsontestsuite-i-decisions.txt`. Run through `serde_json::Value` decoding, the
//! validating skipper and a typed target.

mod shared_data;

use std::collections::BTreeMap;
use std::fs;

use serde_json::Value;

/// What fastjson decided for one file, by each entry point.
#[derive(Debug, PartialEq)]
struct Decision {
    value: bool,
    skip: bool,
    typed: bool,
}

fn decide(bytes: &[u8]) -> (Decision, Option<Value>) {
    let value = fastjson::from_slice::<Value>(bytes);
    let mut lex = fastjson::Lexer::new(bytes);
    let skip = lex.skip_value().and_then(|()| lex.end());
    let typed = fastjson::from_slice::<TypedDocument>(bytes);
    let decision = Decision {
        value: value.is_ok(),
        skip: skip.is_ok(),
        typed: typed.is_ok(),
    };
    (decision, value.ok())
}

/// A typed target that accepts any JSON document: exercises the std impls (`Option`, `Vec`,
/// `BTreeMap`, `String`, `f64`, `bool`) rather than `Value`.
#[derive(Debug)]
#[allow(dead_code)] // the payloads are there to be decoded, and shown by `Debug` on failure
enum TypedDocument {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<TypedDocument>),
    Object(BTreeMap<String, TypedDocument>),
}

impl<'de> fastjson::Decode<'de> for TypedDocument {
    fn decode(lex: &mut fastjson::Lexer<'de>) -> fastjson::Result<Self> {
        Ok(match lex.peek()? {
            b'n' => {
                <()>::decode(lex)?;
                TypedDocument::Null
            }
            b't' | b'f' => TypedDocument::Bool(bool::decode(lex)?),
            b'"' => TypedDocument::String(String::decode(lex)?),
            b'[' => TypedDocument::Array(Vec::decode(lex)?),
            b'{' => TypedDocument::Object(BTreeMap::decode(lex)?),
            _ => TypedDocument::Number(f64::decode(lex)?),
        })
    }
}

fn verdict(accept: bool) -> &'static str {
    if accept {
        "accept"
    } else {
        "reject"
    }
}

/// One line of the pinned table: `name value=<verdict> skip=<verdict> typed=<verdict>`.
fn table_line(name: &str, decision: &Decision) -> String {
    format!(
        "{name} value={} skip={} typed={}",
        verdict(decision.value),
        verdict(decision.skip),
        verdict(decision.typed)
    )
}

fn pinned_decisions() -> Vec<String> {
    include_str!("data/jsontestsuite-i-decisions.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn jsontestsuite_y_accepted_n_rejected_i_pinned() {
    let Some(shared) = shared_data::shared_dir("JSONTestSuite/test_parsing") else {
        return;
    };
    let dir = shared.join("JSONTestSuite/test_parsing");
    let pinned = pinned_decisions();
    let mut seen_i = Vec::new();
    let mut failures = Vec::new();
    let (mut y, mut n) = (0, 0);
    let mut entries: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&path).unwrap();
        // A 1,000,000-deep file must fail cleanly, not overflow the stack: run on a thread
        // with the default 2 MiB stack, as a user's would be.
        let (decision, value) = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn({
                let bytes = bytes.clone();
                move || decide(&bytes)
            })
            .unwrap()
            .join()
            .unwrap_or_else(|_| panic!("{name}: panicked"));
        // The skipper checks syntax only, as serde_json's `IgnoredAny` does, so it may accept
        // a number out of range (an `i_` case); on `y_`/`n_` files all three must agree.
        let all_same = decision.value == decision.skip && decision.skip == decision.typed;
        if !all_same && !name.starts_with("i_") {
            failures.push(format!("{name}: entry points disagree: {decision:?}"));
        }
        match &name[..2] {
            "y_" => {
                y += 1;
                if !decision.value || !all_same {
                    failures.push(format!("{name}: rejected valid JSON ({decision:?})"));
                } else {
                    let theirs: Value = serde_json::from_slice(&bytes).unwrap();
                    if value.as_ref() != Some(&theirs) {
                        failures.push(format!("{name}: {value:?} != serde_json's {theirs:?}"));
                    }
                }
            }
            "n_" => {
                n += 1;
                if decision.value || decision.skip || decision.typed {
                    failures.push(format!("{name}: accepted invalid JSON ({decision:?})"));
                }
            }
            "i_" => {
                seen_i.push(table_line(&name, &decision));
            }
            _ => failures.push(format!("{name}: unexpected file")),
        }
    }
    assert!(y > 90 && n > 180, "suite looks incomplete: {y} y_, {n} n_");
    if seen_i != pinned {
        failures.push(format!(
            "i_ decisions differ from tests/data/jsontestsuite-i-decisions.txt; now:\n{}",
            seen_i.join("\n")
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!(
        "JSONTestSuite: {y} y_ accepted, {n} n_ rejected, {} i_ pinned",
        seen_i.len()
    );
}
