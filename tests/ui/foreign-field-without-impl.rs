// A field whose type comes from another crate and has no fastjson impl: the error points at the
// field's type and suggests `with`.
use std::time::Duration;

use fastjson::FastJson;

#[derive(FastJson)]
struct Job {
    name: String,
    timeout: Duration,
}

fn main() {}
