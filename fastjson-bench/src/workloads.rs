//! The workloads and their rows: every typed workload gets one row per implementation (each with
//! its own stamped copy of the type), the serde_json twin (noise floor), and the two floors.

use serde_json::Value;

use crate::subjects::{DecodeSubject, EncodeSubject, Reference, TransactionSubject};

/// Row labels.
pub mod label {
    pub const FASTJSON: &str = "fastjson";
    pub const FASTJSON_INTO: &str = "fastjson encode_into";
    pub const SERDE_JSON: &str = "serde_json";
    pub const SERDE_JSON_TWIN: &str = "serde_json (twin)";
    pub const SONIC_RS: &str = "sonic-rs";
    pub const SIMD_JSON: &str = "simd-json";
    pub const SIMD_JSON_REUSED: &str = "simd-json reused buffers";
    pub const NOOP: &str = "no-op floor";
    pub const MEMCPY: &str = "memcpy ceiling";
}

/// What a row is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// A library under comparison.
    Contender,
    /// serde_json: the ratios' denominator.
    Baseline,
    /// serde_json registered a second time: its difference from `Baseline` is the noise floor.
    NoiseTwin,
    /// A floor or ceiling (no-op, memcpy): not gated, not a library.
    Floor,
}

/// One row of one direction.
pub struct Row<S: ?Sized> {
    pub label: &'static str,
    pub role: Role,
    pub subject: Box<S>,
}

/// A document and the rows that decode and encode it.
pub struct Workload {
    /// `twitter`, `order`, `ladder-3k`, ...
    pub name: String,
    /// `corpus`, `order`, `micro` or `ladder`.
    pub family: &'static str,
    pub input: &'static [u8],
    pub reference: Box<dyn Reference>,
    pub decoders: Vec<Row<dyn DecodeSubject>>,
    pub encoders: Vec<Row<dyn EncodeSubject>>,
    pub transactions: Vec<Row<dyn TransactionSubject>>,
}

impl Workload {
    /// The exactly parsed document (the gate's reference text).
    pub fn exact(&self) -> Result<Value, String> {
        crate::exact::parse(self.input)
    }
}

/// Builds a decode row.
pub fn decoder(
    label: &'static str,
    role: Role,
    s: impl DecodeSubject + 'static,
) -> Row<dyn DecodeSubject> {
    Row {
        label,
        role,
        subject: Box::new(s),
    }
}

/// Builds an encode row.
pub fn encoder(
    label: &'static str,
    role: Role,
    s: impl EncodeSubject + 'static,
) -> Row<dyn EncodeSubject> {
    Row {
        label,
        role,
        subject: Box::new(s),
    }
}

/// Builds a request-mode row.
pub fn transaction(
    label: &'static str,
    role: Role,
    s: impl TransactionSubject + 'static,
) -> Row<dyn TransactionSubject> {
    Row {
        label,
        role,
        subject: Box::new(s),
    }
}

/// A workload over the model type `$model::$ty`, with every implementation's own copy of it.
#[macro_export]
macro_rules! typed_workload {
    ($name:expr, $family:expr, $input:expr, $model:ident :: $ty:ident) => {{
        use $crate::codecs::{FastjsonCodec, SerdeJsonCodec, SimdJsonCodec, SonicRsCodec};
        use $crate::copies::{fastjson_copy, serde_json_copy, simd_json_copy, sonic_rs_copy};
        use $crate::subjects::{MemcpyFloor, NoopFloor, SerdeReference, Typed};
        use $crate::workloads::{decoder, encoder, label, transaction, Role, Workload};
        type Fj = fastjson_copy::$model::$ty;
        type Sj = serde_json_copy::$model::$ty;
        type So = sonic_rs_copy::$model::$ty;
        type Si = simd_json_copy::$model::$ty;
        Workload {
            name: ::std::string::String::from($name),
            family: $family,
            input: $input,
            reference: Box::new(SerdeReference::<Sj>::default()),
            decoders: vec![
                decoder(
                    label::FASTJSON,
                    Role::Contender,
                    Typed::<_, Fj>::new(FastjsonCodec::ToVec),
                ),
                decoder(
                    label::SERDE_JSON,
                    Role::Baseline,
                    Typed::<_, Sj>::new(SerdeJsonCodec),
                ),
                decoder(
                    label::SERDE_JSON_TWIN,
                    Role::NoiseTwin,
                    Typed::<_, Sj>::new(SerdeJsonCodec),
                ),
                decoder(
                    label::SONIC_RS,
                    Role::Contender,
                    Typed::<_, So>::new(SonicRsCodec),
                ),
                decoder(
                    label::SIMD_JSON,
                    Role::Contender,
                    Typed::<_, Si>::new(SimdJsonCodec::FromSlice),
                ),
                decoder(
                    label::SIMD_JSON_REUSED,
                    Role::Contender,
                    Typed::<_, Si>::new(SimdJsonCodec::ReusedBuffers),
                ),
                decoder(label::NOOP, Role::Floor, NoopFloor),
                decoder(label::MEMCPY, Role::Floor, MemcpyFloor),
            ],
            encoders: vec![
                encoder(
                    label::FASTJSON,
                    Role::Contender,
                    Typed::<_, Fj>::new(FastjsonCodec::ToVec),
                ),
                encoder(
                    label::FASTJSON_INTO,
                    Role::Contender,
                    Typed::<_, Fj>::new(FastjsonCodec::EncodeInto),
                ),
                encoder(
                    label::SERDE_JSON,
                    Role::Baseline,
                    Typed::<_, Sj>::new(SerdeJsonCodec),
                ),
                encoder(
                    label::SERDE_JSON_TWIN,
                    Role::NoiseTwin,
                    Typed::<_, Sj>::new(SerdeJsonCodec),
                ),
                encoder(
                    label::SONIC_RS,
                    Role::Contender,
                    Typed::<_, So>::new(SonicRsCodec),
                ),
                encoder(
                    label::SIMD_JSON,
                    Role::Contender,
                    Typed::<_, Si>::new(SimdJsonCodec::FromSlice),
                ),
                encoder(label::NOOP, Role::Floor, NoopFloor),
                encoder(label::MEMCPY, Role::Floor, MemcpyFloor),
            ],
            transactions: vec![
                transaction(
                    label::FASTJSON,
                    Role::Contender,
                    Typed::<_, Fj>::new(FastjsonCodec::ToVec),
                ),
                transaction(
                    label::SERDE_JSON,
                    Role::Baseline,
                    Typed::<_, Sj>::new(SerdeJsonCodec),
                ),
                transaction(
                    label::SONIC_RS,
                    Role::Contender,
                    Typed::<_, So>::new(SonicRsCodec),
                ),
                transaction(
                    label::SIMD_JSON,
                    Role::Contender,
                    Typed::<_, Si>::new(SimdJsonCodec::FromSlice),
                ),
            ],
        }
    }};
}

/// The guard over every payload root: each copy's tree must be clean. Returns one line per root
/// and copy, or the findings.
pub fn guard_all() -> Vec<(String, Result<usize, Vec<crate::guard::Finding>>)> {
    macro_rules! roots {
        ($($model:ident :: $ty:ident),*) => {{
            use crate::copies::{fastjson_copy, serde_json_copy, simd_json_copy, sonic_rs_copy};
            use crate::guard::check;
            vec![$(
                (format!("serde_json::{}", stringify!($ty)), check::<serde_json_copy::$model::$ty>()),
                (format!("sonic-rs::{}", stringify!($ty)), check::<sonic_rs_copy::$model::$ty>()),
                (format!("simd-json::{}", stringify!($ty)), check::<simd_json_copy::$model::$ty>()),
                (format!("fastjson::{}", stringify!($ty)), check::<fastjson_copy::$model::$ty>()),
            )*]
        }};
    }
    roots!(
        twitter::Twitter,
        citm::CitmCatalog,
        canada::FeatureCollection,
        order::Order,
        micro::Login,
        micro::Reading,
        ladder::Ladder,
        shapes::EventPage,
        shapes::Scene,
        shapes::WorkflowRuns,
        shapes::Inventory,
        shapes::LabelCatalog,
        shapes::Dashboard
    )
}

/// The corpus workloads in the report's order, each present when its document is.
const CORPUS_WORKLOADS: [&str; 4] = ["twitter", "twitter-sorted-keys", "citm_catalog", "canada"];

/// Every workload: the corpus documents found (see `corpus`) and the generated ones.
pub fn all(corpus: &crate::corpus::Corpus) -> Vec<Workload> {
    let mut out: Vec<Workload> = CORPUS_WORKLOADS
        .iter()
        .filter_map(|name| corpus_workload(name, corpus))
        .collect();
    out.extend(generated());
    out
}

/// One workload by name, built alone: a generated one's document is generated by itself
/// (`generate::one`), without the others.
pub fn named(name: &str, corpus: &crate::corpus::Corpus) -> Option<Workload> {
    corpus_workload(name, corpus).or_else(|| {
        let (name, doc) = crate::generate::one(name)?;
        Some(generated_workload(name, doc))
    })
}

/// A corpus workload, when `corpus` holds its document.
fn corpus_workload(name: &str, corpus: &crate::corpus::Corpus) -> Option<Workload> {
    Some(match name {
        "twitter" => crate::typed_workload!(
            "twitter",
            "corpus",
            corpus.get("twitter")?,
            twitter::Twitter
        ),
        "twitter-sorted-keys" => twitter_sorted_keys(corpus.get("twitter")?),
        "citm_catalog" => crate::typed_workload!(
            "citm_catalog",
            "corpus",
            corpus.get("citm_catalog")?,
            citm::CitmCatalog
        ),
        "canada" => crate::typed_workload!(
            "canada",
            "corpus",
            corpus.get("canada")?,
            canada::FeatureCollection
        ),
        _ => return None,
    })
}

/// twitter.json with every object's keys sorted (scalars as written, the same two-space
/// pretty layout): the order a producer that sorts keys writes, against structs declared in
/// twitter's own order. Decode only: the value, and so every encoder's output, is twitter's.
fn twitter_sorted_keys(doc: &[u8]) -> Workload {
    use crate::generate::reorder::{reorder_keys, KeyOrder};
    // twitter.json is valid JSON (its own workload's gate checks it in the same run); a
    // corpus file this reader cannot follow is a broken corpus, said loudly.
    let sorted = reorder_keys(doc, KeyOrder::Sorted, 2)
        .unwrap_or_else(|e| panic!("twitter.json: cannot rewrite its keys sorted: {e}"));
    let sorted: &'static [u8] = Box::leak(sorted.into_boxed_slice());
    let mut w =
        crate::typed_workload!("twitter-sorted-keys", "reordered", sorted, twitter::Twitter);
    w.encoders.clear();
    w.transactions.clear();
    w
}

/// The generated workloads (always present, deterministic; see `generate`).
pub fn generated() -> Vec<Workload> {
    crate::generate::Generated::get()
        .named()
        .into_iter()
        .map(|(name, doc)| generated_workload(name, doc))
        .collect()
}

/// A generated document's workload, against its model; the `shapes` family has one workload
/// per document shape the corpora lack (`generate::shapes`).
fn generated_workload(name: &'static str, doc: &'static [u8]) -> Workload {
    match name {
        "order" => crate::typed_workload!(name, "order", doc, order::Order),
        "micro-login" => crate::typed_workload!(name, "micro", doc, micro::Login),
        "micro-reading" => crate::typed_workload!(name, "micro", doc, micro::Reading),
        rung if rung.starts_with("ladder-") => {
            crate::typed_workload!(name, "ladder", doc, ladder::Ladder)
        }
        "shapes-events-value" => crate::typed_workload!(name, "shapes", doc, shapes::EventPage),
        "shapes-rows-pretty" => crate::typed_workload!(name, "shapes", doc, shapes::Scene),
        "shapes-ci-metadata" => {
            crate::typed_workload!(name, "shapes", doc, shapes::WorkflowRuns)
        }
        "shapes-map-keyed" => crate::typed_workload!(name, "shapes", doc, shapes::Inventory),
        "shapes-short-strings" => {
            crate::typed_workload!(name, "shapes", doc, shapes::LabelCatalog)
        }
        "shapes-enums" => crate::typed_workload!(name, "shapes", doc, shapes::Dashboard),
        other => unreachable!("generate has no model for {other}"),
    }
}
