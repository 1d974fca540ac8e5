// A field whose type comes from another crate and has no fastjson impl: the error points at the
// field's type and suggests `with`. (`SystemTime`: serde writes one that is before the epoch as
// an error, which fastjson's infallible encoding cannot do, so it has no impl.)
use std::time::SystemTime;

use fastjson::FastJson;

#[derive(FastJson)]
struct Job {
    name: String,
    started: SystemTime,
}

fn main() {}
