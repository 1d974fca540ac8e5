// A field whose type comes from another crate and has no fastjson impl: the error points at the
// field's type and suggests `with`. (`Instant`: a point on this process's own clock, which serde
// does not implement either.)
use std::time::Instant;

use fastjson::FastJson;

#[derive(FastJson)]
struct Job {
    name: String,
    started: Instant,
}

fn main() {}
