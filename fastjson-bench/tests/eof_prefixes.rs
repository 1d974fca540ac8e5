//! Every prefix of a valid document decoded as its typed model is an end-of-input error wherever
//! serde_json's decode of the same model says so: a stream reader asks for more input on EOF, so
//! a cut document must never read as broken. The corpus documents (every prefix of the first
//! 4 KB, then `RANDOM_CUTS` random cuts) and the generated order (every prefix). The same rule
//! for `serde_json::Value` and the skipper is checked in the facade's `tests/eof_prefixes.rs`.

use fastjson_bench::copies::{fastjson_copy, serde_json_copy};
use fastjson_bench::generate::rng::Rng;

/// Random cuts past the first 4 KB: both decoders run unoptimised in this test profile.
const RANDOM_CUTS: usize = 100;

fn cut_points(len: usize, seed: u64) -> Vec<usize> {
    let mut cuts: Vec<usize> = (0..len.min(4096)).collect();
    if len > 4096 {
        let mut rng = Rng::new(seed);
        cuts.extend((0..RANDOM_CUTS).map(|_| 4096 + rng.below(len as u64 - 4096) as usize));
    }
    cuts
}

/// The cuts at which serde_json says EOF and fastjson does not.
fn disagreements<Ours, Theirs>(name: &str, doc: &[u8], seed: u64) -> Vec<String>
where
    Ours: fastjson::DecodeOwned,
    Theirs: serde::de::DeserializeOwned,
{
    let mut out = Vec::new();
    for cut in cut_points(doc.len(), seed) {
        let prefix = &doc[..cut];
        let theirs_eof = serde_json::from_slice::<Theirs>(prefix)
            .err()
            .is_some_and(|e| e.is_eof());
        if !theirs_eof {
            continue;
        }
        if let Some(ours) = fastjson::from_slice::<Ours>(prefix)
            .err()
            .filter(|e| !e.is_eof())
        {
            out.push(format!(
                "{name}[..{cut}]: serde_json says EOF, we say {ours}"
            ));
        } else if fastjson::from_slice::<Ours>(prefix).is_ok() {
            out.push(format!("{name}[..{cut}]: serde_json says EOF, we accept"));
        }
    }
    out
}

fn corpus(name: &str) -> Option<&'static [u8]> {
    let corpus = fastjson_bench::corpus::load(None);
    let doc = corpus.get(name);
    if doc.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but the corpus is missing"
        );
        eprintln!("SKIPPED {name}: corpus missing; set FASTJSON_CORPUS to run it");
    }
    doc
}

#[test]
fn prefixes_of_the_typed_corpus_are_eof_where_serde_json_says_so() {
    let mut failures = Vec::new();
    if let Some(doc) = corpus("twitter") {
        failures.extend(disagreements::<
            fastjson_copy::twitter::Twitter,
            serde_json_copy::twitter::Twitter,
        >("twitter", doc, 11));
    }
    if let Some(doc) = corpus("citm_catalog") {
        failures.extend(disagreements::<
            fastjson_copy::citm::CitmCatalog,
            serde_json_copy::citm::CitmCatalog,
        >("citm_catalog", doc, 12));
    }
    if let Some(doc) = corpus("canada") {
        failures.extend(disagreements::<
            fastjson_copy::canada::FeatureCollection,
            serde_json_copy::canada::FeatureCollection,
        >("canada", doc, 13));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_prefix_of_the_order_is_eof_where_serde_json_says_so() {
    let order = fastjson_bench::generate::Generated::get().order;
    let failures = disagreements::<fastjson_copy::order::Order, serde_json_copy::order::Order>(
        "order", order, 14,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
