// The derive implements fastjson's traits for the annotated type and nothing else: serde_json
// cannot encode it, and the foreign field type it reads `with` a module stays unencodable.
use std::time::Instant;

use fastjson::FastJson;

mod seconds_ago {
    use fastjson::{Decode, Encode, Format, Lexer, Writer};
    use std::time::{Duration, Instant};

    pub fn encode<F: Format>(value: &Instant, w: &mut Writer<'_, F>) {
        value.elapsed().as_secs().encode(w);
    }

    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<Instant> {
        let secs = u64::decode(lex)?;
        let now = Instant::now();
        Ok(now.checked_sub(Duration::from_secs(secs)).unwrap_or(now))
    }
}

#[derive(FastJson)]
struct Job {
    #[fastjson(with = "seconds_ago")]
    started: Instant,
}

fn main() {
    let job = Job { started: Instant::now() };
    assert_eq!(fastjson::to_string(&job), r#"{"started":0}"#);
    let _ = serde_json::to_string(&job);
    let _ = fastjson::to_string(&job.started);
}
