// The derive implements fastjson's traits for the annotated type and nothing else: serde_json
// cannot encode it, and the foreign field type it reads `with` a module stays unencodable.
use std::time::SystemTime;

use fastjson::FastJson;

mod epoch_seconds {
    use fastjson::{Decode, Encode, Format, Lexer, Writer};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    pub fn encode<F: Format>(value: &SystemTime, w: &mut Writer<'_, F>) {
        let seconds = value.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        seconds.encode(w);
    }

    pub fn decode(lex: &mut Lexer<'_>) -> fastjson::Result<SystemTime> {
        u64::decode(lex).map(|seconds| UNIX_EPOCH + Duration::from_secs(seconds))
    }
}

#[derive(FastJson)]
struct Job {
    #[serde(with = "epoch_seconds")]
    started: SystemTime,
}

fn main() {
    let job = Job { started: SystemTime::UNIX_EPOCH };
    assert_eq!(fastjson::to_string(&job), r#"{"started":0}"#);
    let _ = serde_json::to_string(&job);
    let _ = fastjson::to_string(&job.started);
}
