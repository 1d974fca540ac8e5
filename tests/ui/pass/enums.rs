// Every enum representation, with unit, newtype, tuple and struct variants where serde allows,
// and `#[serde(untagged)]` variants after tagged ones.
use fastjson::FastJson;

#[derive(FastJson, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum External {
    Empty,
    Circle(f64),
    Rect(u32, u32),
    Polygon { sides: u8 },
}

#[derive(FastJson, Debug, PartialEq)]
struct Header {
    id: u32,
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    Ping,
    Text { body: String },
    Meta(Header),
    #[serde(other)]
    Unknown,
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Stop,
    Move(i32, i32),
    Say(String),
    Jump { height: u8 },
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Nothing,
    Number(f64),
    Named { name: String },
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "type")]
enum WithFallbacks {
    Ping,
    Text { body: String },
    #[serde(untagged)]
    Raw(String),
    #[serde(untagged)]
    Count(u64),
    #[serde(untagged)]
    Nothing,
}

fn round_trip<T>(value: T, json: &str)
where
    T: fastjson::Encode + fastjson::DecodeOwned + std::fmt::Debug + PartialEq,
{
    assert_eq!(fastjson::to_string(&value), json);
    assert_eq!(fastjson::from_str::<T>(json).unwrap(), value);
}

fn main() {
    round_trip(External::Empty, r#""empty""#);
    round_trip(External::Circle(1.5), r#"{"circle":1.5}"#);
    round_trip(External::Rect(1, 2), r#"{"rect":[1,2]}"#);
    round_trip(External::Polygon { sides: 5 }, r#"{"polygon":{"sides":5}}"#);
    round_trip(Internal::Ping, r#"{"type":"Ping"}"#);
    round_trip(Internal::Text { body: "hi".into() }, r#"{"type":"Text","body":"hi"}"#);
    round_trip(Internal::Meta(Header { id: 3 }), r#"{"type":"Meta","id":3}"#);
    assert_eq!(fastjson::from_str::<Internal>(r#"{"type":"New"}"#).unwrap(), Internal::Unknown);
    round_trip(Adjacent::Stop, r#"{"t":"Stop"}"#);
    round_trip(Adjacent::Move(1, -1), r#"{"t":"Move","c":[1,-1]}"#);
    round_trip(Adjacent::Say("x".into()), r#"{"t":"Say","c":"x"}"#);
    round_trip(Adjacent::Jump { height: 2 }, r#"{"t":"Jump","c":{"height":2}}"#);
    round_trip(Untagged::Nothing, "null");
    round_trip(Untagged::Number(2.5), "2.5");
    round_trip(Untagged::Named { name: "n".into() }, r#"{"name":"n"}"#);
    round_trip(WithFallbacks::Ping, r#"{"type":"Ping"}"#);
    round_trip(WithFallbacks::Text { body: "hi".into() }, r#"{"type":"Text","body":"hi"}"#);
    round_trip(WithFallbacks::Raw("Ping".into()), r#""Ping""#);
    round_trip(WithFallbacks::Count(2), "2");
    round_trip(WithFallbacks::Nothing, "null");
}
