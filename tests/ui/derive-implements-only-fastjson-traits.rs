// The derive implements fastjson's traits for the annotated type and nothing else: serde_json
// cannot encode it, and the foreign field type it reads `with` a module stays unencodable.
use std::ffi::OsString;

use fastjson::FastJson;

mod lossy_text {
    use fastjson::{Decode, Encode, Format, Lexer, Writer};
    use std::ffi::OsString;

    pub fn encode<F: Format>(value: &OsString, w: &mut Writer<'_, F>) {
        value.to_string_lossy().encode(w);
    }

    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<OsString> {
        String::decode(lex).map(OsString::from)
    }
}

#[derive(FastJson)]
struct Job {
    #[serde(with = "lossy_text")]
    program: OsString,
}

fn main() {
    let job = Job { program: OsString::from("ls") };
    assert_eq!(fastjson::to_string(&job), r#"{"program":"ls"}"#);
    let _ = serde_json::to_string(&job);
    let _ = fastjson::to_string(&job.program);
}
