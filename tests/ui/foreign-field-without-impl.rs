// A field whose type comes from another crate and has no fastjson impl: the error points at the
// field's type and names the ways out (derive, `#[fastjson(serde)]`, `with`); under
// `serde_fallback`, a type with neither fastjson's nor serde's impls says so. (`Instant`: a point on this process's own clock, which serde
// does not implement either.)
use std::time::Instant;

use fastjson::FastJson;

#[derive(FastJson)]
struct Job {
    name: String,
    started: Instant,
}

#[derive(FastJson)]
#[fastjson(serde_fallback)]
struct Fallback {
    name: String,
    started: Instant,
}

fn main() {}
