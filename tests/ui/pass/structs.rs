// Every struct shape: named (with field attributes), tuple, newtype, unit, transparent, tagged.
use fastjson::schema::Schema;
use fastjson::FastJson;

#[derive(FastJson, Debug, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Account {
    account_id: u64,
    #[serde(rename = "name", alias = "login")]
    display_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    #[serde(skip)]
    cache: Vec<u8>,
    #[serde(default)]
    tags: Vec<String>,
    #[fastjson(omitempty)]
    #[serde(default)]
    note: String,
}

#[derive(FastJson, Debug, PartialEq)]
struct Rgb(u8, u8, u8);

#[derive(FastJson, Debug, PartialEq)]
struct Meters(f64);

#[derive(FastJson, Debug, PartialEq)]
struct Unit;

#[derive(FastJson, Debug, PartialEq)]
#[serde(transparent)]
struct Id {
    value: u64,
}

#[derive(FastJson, Debug, PartialEq)]
#[serde(tag = "kind")]
struct Point {
    x: i32,
    y: i32,
}

fn round_trip<T>(value: T, json: &str)
where
    T: fastjson::Encode + fastjson::DecodeOwned + std::fmt::Debug + PartialEq,
{
    assert_eq!(fastjson::to_string(&value), json);
    assert_eq!(fastjson::from_str::<T>(json).unwrap(), value);
}

fn main() {
    round_trip(
        Account {
            account_id: 1,
            display_name: "Ada".into(),
            email: None,
            cache: Vec::new(),
            tags: vec!["x".into()],
            note: String::new(),
        },
        r#"{"accountId":1,"name":"Ada","tags":["x"]}"#,
    );
    round_trip(Rgb(1, 2, 3), "[1,2,3]");
    round_trip(Meters(1.5), "1.5");
    round_trip(Unit, "null");
    round_trip(Id { value: 9 }, "9");
    round_trip(Point { x: 1, y: 2 }, r#"{"kind":"Point","x":1,"y":2}"#);
    assert!(Account::schema().contains(r#""required":["accountId","name"]"#));
}
