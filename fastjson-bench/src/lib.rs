//! fastjson-bench: fastjson against serde_json, sonic-rs and simd-json on the same workloads,
//! with the guards of `../shared/BENCHMARKING.md` (private stamped types, a contamination guard,
//! a correctness gate before timing, floors in the same run).

pub mod alloc_count;
pub mod cli;
pub mod codecs;
pub mod contention;
pub mod copies;
pub mod corpus;
pub mod debug_diff;
pub mod exact;
pub mod extract;
pub mod first_call;
pub mod gate;
pub mod generate;
pub mod guard;
pub mod http;
pub mod isolate;
pub mod models;
pub mod report;
pub mod request;
pub mod run;
pub mod stream;
pub mod subjects;
pub mod timing;
pub mod workloads;

/// The crates the stamping macros name, so that expansions work from any crate.
#[doc(hidden)]
pub mod __deps {
    pub use fastjson;
    pub use serde;
}
