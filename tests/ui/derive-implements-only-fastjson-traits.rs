// The derive implements fastjson's traits for the annotated type and nothing else: serde_json
// cannot encode it, and the foreign field type it reads `with` a module stays unencodable.
use std::time::Duration;

use fastjson::FastJson;

mod seconds {
    use fastjson::{Decode, Encode, Format, Lexer, Writer};
    use std::time::Duration;

    pub fn encode<F: Format>(value: &Duration, w: &mut Writer<'_, F>) {
        value.as_secs().encode(w);
    }

    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<Duration> {
        u64::decode(lex).map(Duration::from_secs)
    }
}

#[derive(FastJson)]
struct Job {
    #[serde(with = "seconds")]
    timeout: Duration,
}

fn main() {
    let job = Job { timeout: Duration::from_secs(5) };
    assert_eq!(fastjson::to_string(&job), r#"{"timeout":5}"#);
    let _ = serde_json::to_string(&job);
    let _ = fastjson::to_string(&job.timeout);
}
