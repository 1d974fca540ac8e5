// A field whose type comes from another crate and has no fastjson impl: the error points at the
// field's type and suggests `with`. (`OsString`: serde writes it as an enum of platform
// encodings, `{"Unix":[bytes]}`, which fastjson does not implement.)
use std::ffi::OsString;

use fastjson::FastJson;

#[derive(FastJson)]
struct Job {
    name: String,
    program: OsString,
}

fn main() {}
