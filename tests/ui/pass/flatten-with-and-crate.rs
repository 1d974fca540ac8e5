// Flattened structs, options and maps; `with`, `serialize_with`, `deserialize_with`; and
// `crate = "..."` for a runtime reached through another path.
use std::collections::BTreeMap;
use std::time::Duration;

use fastjson::FastJson;

#[derive(FastJson, Debug, PartialEq)]
struct Paging {
    page: u32,
}

#[derive(FastJson, Debug, PartialEq)]
struct Request {
    id: u64,
    #[serde(flatten)]
    paging: Option<Paging>,
    #[serde(flatten)]
    extra: BTreeMap<String, String>,
}

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

fn write_doubled<F: fastjson::Format>(value: &u32, w: &mut fastjson::Writer<'_, F>) {
    fastjson::Encode::encode(&(value * 2), w);
}

fn read_halved(lex: &mut fastjson::Lexer<'_>) -> fastjson::Result<u32> {
    <u32 as fastjson::Decode>::decode(lex).map(|v| v / 2)
}

#[derive(FastJson, Debug, PartialEq)]
struct Job {
    #[fastjson(with = "seconds")]
    timeout: Duration,
    #[fastjson(serialize_with = "write_doubled", deserialize_with = "read_halved")]
    retries: u32,
}

mod reexport {
    pub use fastjson_runtime as json;
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(crate = "reexport::json")]
struct Small {
    a: u8,
}

fn main() {
    let request = Request {
        id: 1,
        paging: Some(Paging { page: 2 }),
        extra: BTreeMap::from([("q".to_owned(), "x".to_owned())]),
    };
    let json = fastjson::to_string(&request);
    assert_eq!(json, r#"{"id":1,"page":2,"q":"x"}"#);
    assert_eq!(fastjson::from_str::<Request>(&json).unwrap(), request);

    let job = Job { timeout: Duration::from_secs(3), retries: 2 };
    let json = fastjson::to_string(&job);
    assert_eq!(json, r#"{"timeout":3,"retries":4}"#);
    assert_eq!(fastjson::from_str::<Job>(&json).unwrap(), job);

    assert_eq!(fastjson::to_string(&Small { a: 1 }), r#"{"a":1}"#);
}
