//! Errors that point: for every kind of error, the category, message, line, column and JSON
//! path are pinned (the `Display` form carries all of them), and a wrong type deep inside
//! twitter.json is reported at its path and line.

mod shared_data;

use std::collections::BTreeMap;

use fastjson::error::Category;
use fastjson::FastJson;

#[derive(FastJson, Debug)]
#[allow(dead_code)]
struct Account {
    id: u64,
    name: String,
    tags: Vec<String>,
    limits: Option<Limits>,
}

#[derive(FastJson, Debug)]
#[allow(dead_code)]
struct Limits {
    daily: u8,
    pair: (u8, bool),
}

#[derive(FastJson, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Strict {
    a: u8,
    b: u8,
}

#[derive(FastJson, Debug)]
#[allow(dead_code)]
enum Shape {
    Circle { radius: f64 },
    Square(f64),
    Empty,
}

#[derive(FastJson, Debug)]
#[serde(tag = "type")]
#[allow(dead_code)]
enum Event {
    Click { x: i32 },
    Key { code: u16 },
}

#[derive(FastJson, Debug)]
#[serde(untagged)]
#[allow(dead_code)]
enum Loose {
    Number(u8),
    Text(String),
}

/// `(category, Display)` of decoding `input` as `T`.
fn error_of<T: for<'de> fastjson::Decode<'de> + std::fmt::Debug>(
    input: &str,
) -> (Category, String) {
    let err = fastjson::from_str::<T>(input).expect_err("must fail");
    (err.classify(), err.to_string())
}

macro_rules! pin {
    ($ty:ty, $input:expr, $category:ident, $display:expr) => {
        assert_eq!(
            error_of::<$ty>($input),
            (Category::$category, String::from($display)),
            "input: {}",
            $input
        );
    };
}

#[test]
fn syntax_errors() {
    pin!(
        Account,
        "",
        Eof,
        "unexpected end of input at $ (line 1, column 1)"
    );
    pin!(
        Account,
        "{\"id\": 1,",
        Eof,
        "unexpected end of input at $ (line 1, column 10)"
    );
    pin!(
        Account,
        "{\"id\" 1}",
        Syntax,
        "expected `:` at $ (line 1, column 7)"
    );
    pin!(
        Account,
        "{\"id\":1 \"name\":\"x\"}",
        Syntax,
        "expected `,` or `}` at $ (line 1, column 9)"
    );
    pin!(
        Account,
        "{\"id\":1,}",
        Syntax,
        "trailing comma at $ (line 1, column 8)"
    );
    pin!(
        Account,
        "{id:1}",
        Syntax,
        "object key must be a string at $ (line 1, column 2)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"x\",\"tags\":[\"a\",]}",
        Syntax,
        "trailing comma at $.tags (line 1, column 31)"
    );
    pin!(
        Account,
        "{\"id\":01}",
        Syntax,
        "invalid number at $.id (line 1, column 8)"
    );
    pin!(
        Account,
        "{\"id\":tru}",
        Syntax,
        "invalid literal at $.id (line 1, column 10)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"a\\qb\"}",
        Syntax,
        "invalid escape at $.name (line 1, column 18)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"\\ud800\"}",
        Syntax,
        "lone surrogate in \\u escape at $.name (line 1, column 17)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"a\tb\"}",
        Syntax,
        "control character (U+0000 to U+001F) in string at $.name (line 1, column 18)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"x\",\"tags\":[]} x",
        Syntax,
        "trailing characters after the value at $ (line 1, column 31)"
    );
    let deep = format!(
        "{{\"id\":1,\"name\":\"x\",\"tags\":[],\"extra\":{}}}",
        "[".repeat(200)
    );
    pin!(
        Account,
        &deep,
        Syntax,
        "nesting deeper than the limit of 128 at $ (line 1, column 164)"
    );
    let err = fastjson::from_slice::<Account>(b"{\"id\":1,\"name\":\"\xff\"}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid UTF-8 in string at $.name (line 1, column 17)"
    );
}

#[test]
fn data_errors_name_the_field_or_tag() {
    pin!(
        Account,
        "{\"id\":\"7\"}",
        Data,
        "expected u64, found string at $.id (line 1, column 7)"
    );
    pin!(
        Account,
        "{\"id\":1.5}",
        Data,
        "expected u64, found floating point number at $.id (line 1, column 7)"
    );
    pin!(
        Account,
        "{\"id\":-1}",
        Data,
        "number out of range for u64 at $.id (line 1, column 7)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"x\"}",
        Data,
        "missing field `tags` at $ (line 1, column 19)"
    );
    pin!(
        Account,
        "{\"id\":1,\"id\":2}",
        Data,
        "duplicate field `id` at $ (line 1, column 9)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"x\",\"tags\":[],\"limits\":{\"daily\":300,\"pair\":[1,true]}}",
        Data,
        "number out of range for u8 at $.limits.daily (line 1, column 48)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"x\",\"tags\":[],\"limits\":{\"daily\":3,\"pair\":[1]}}",
        Data,
        "invalid length 1, expected a tuple of size 2 at $.limits.pair (line 1, column 59)"
    );
    pin!(
        Account,
        "{\"id\":1,\"name\":\"x\",\"tags\":[\"a\",2]}",
        Data,
        "expected a string, found number at $.tags[1] (line 1, column 32)"
    );
    // The sequence form serde also accepts for structs: positions, not names, in the path.
    pin!(
        Account,
        "[1,\"x\",[\"a\",2],null]",
        Data,
        "expected a string, found number at $[2][1] (line 1, column 13)"
    );
    pin!(
        Limits,
        "[1]",
        Data,
        "invalid length 1, expected struct Limits with 2 elements at $ (line 1, column 3)"
    );
    pin!(
        Limits,
        "[1,[2,false],3]",
        Syntax,
        "trailing characters after the value at $ (line 1, column 14)"
    );
    pin!(
        Limits,
        "[300,[2,false]]",
        Data,
        "number out of range for u8 at $[0] (line 1, column 2)"
    );
    // serde_json's split: an integer a 64-bit-or-smaller type cannot hold is data (422 in
    // axum), a float past f64 and a 128-bit overflow are syntax (400).
    pin!(
        f64,
        "1e400",
        Syntax,
        "number out of range for f64 at $ (line 1, column 1)"
    );
    pin!(
        u128,
        "340282366920938463463374607431768211456",
        Syntax,
        "number out of range for u128 at $ (line 1, column 1)"
    );
    pin!(
        i8,
        "-129",
        Data,
        "number out of range for i8 at $ (line 1, column 1)"
    );
    pin!(
        Strict,
        "{\"a\":1,\"c\":2}",
        Data,
        "unknown field `c`, expected `a` or `b` at $ (line 1, column 8)"
    );
    pin!(Shape, "\"Hexagon\"", Data, "unknown variant `Hexagon`, expected one of `Circle`, `Square`, `Empty` at $ (line 1, column 1)");
    pin!(
        Shape,
        "{\"Circle\":{\"radius\":\"x\"}}",
        Data,
        "expected f64, found string at $.Circle.radius (line 1, column 21)"
    );
    pin!(
        Event,
        "{\"type\":\"Scroll\"}",
        Data,
        "unknown variant `Scroll`, expected `Click` or `Key` at $.type (line 1, column 9)"
    );
    pin!(
        Event,
        "{\"x\":1}",
        Data,
        "missing field `type` at $ (line 1, column 7)"
    );
    pin!(
        Loose,
        "[1]",
        Data,
        "data did not match any variant of untagged enum Loose at $ (line 1, column 1)"
    );
}

/// Untagged variants are tried with errors made unplaced (their line and column are not counted:
/// they are thrown away); every error that reaches the caller still has its place, whether it
/// comes after an untagged value decoded, inside one, or from one nested in another.
#[test]
fn errors_around_untagged_attempts_keep_their_place() {
    pin!(
        Vec<Loose>,
        "[\"a\", 7,\n 300]",
        Data,
        "data did not match any variant of untagged enum Loose at $[2] (line 2, column 2)"
    );
    pin!(
        Vec<Loose>,
        "[\"a\", 7, x]",
        Syntax,
        "expected a JSON value at $[2] (line 1, column 10)"
    );
    pin!(
        Vec<Vec<Loose>>,
        "[[\"a\"], [7, [1]]]",
        Data,
        "data did not match any variant of untagged enum Loose at $[1][1] (line 1, column 13)"
    );
    pin!(
        Vec<Loose>,
        "[\"a\",\n \"\\ud800\"]",
        Syntax,
        "lone surrogate in \\u escape at $[1] (line 2, column 3)"
    );
}

#[test]
fn errors_inside_maps_and_lines_after_newlines() {
    let input = "{\n  \"a\": 1,\n  \"b\": \"x\"\n}";
    let err = fastjson::from_str::<BTreeMap<String, u8>>(input).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected u8, found string at $.b (line 3, column 8)"
    );
    assert_eq!((err.line(), err.column(), err.offset()), (3, 8, 19));
    assert_eq!(err.path(), "$.b");
}

/// Structs, `Vec`s and maps check the end of the input where their closing bracket is read
/// (so that the value is returned without a copy); the error is the one checking after the
/// value gave, at the same place, and
/// only the outermost bracket checks.
#[test]
fn trailing_characters_after_a_closing_bracket() {
    pin!(
        Vec<u8>,
        "[1,2]\n  ]",
        Syntax,
        "trailing characters after the value at $ (line 2, column 3)"
    );
    pin!(
        BTreeMap<String, Vec<u8>>,
        "{\"a\":[1]} {}",
        Syntax,
        "trailing characters after the value at $ (line 1, column 11)"
    );
    pin!(
        Box<Limits>,
        "{\"daily\":1,\"pair\":[2,true]}\t1",
        Syntax,
        "trailing characters after the value at $ (line 1, column 29)"
    );
    pin!(
        Vec<u8>,
        "[1,2]   3",
        Syntax,
        "trailing characters after the value at $ (line 1, column 9)"
    );
    // Inner brackets end nothing: the outer array goes on.
    assert_eq!(
        fastjson::from_str::<Vec<Vec<u8>>>(" [[1],[],[2,3]] \n").unwrap(),
        vec![vec![1], vec![], vec![2, 3]]
    );
    // Both wrong: the object is missing a field and characters follow it. The bracket's check
    // comes first, so the trailing characters are reported (serde_json reports the missing
    // field, which it finds first).
    pin!(
        Limits,
        "{\"daily\":1} x",
        Syntax,
        "trailing characters after the value at $ (line 1, column 13)"
    );
    // A value that is not an array or object is checked after it is read.
    pin!(
        Option<Vec<u8>>,
        "null x",
        Syntax,
        "trailing characters after the value at $ (line 1, column 6)"
    );
    // The pooled decoder: each document is checked at its own end, and one document's check
    // does not carry over to the next.
    let mut decoder = fastjson::Decoder::new();
    assert!(decoder.decode::<Vec<u8>>(b"[1] [2]").is_err());
    assert_eq!(decoder.decode::<Vec<u8>>(b"[1] ").unwrap(), vec![1]);
    assert_eq!(decoder.decode::<u8>(b" 7 ").unwrap(), 7);
}

mod twitter {
    use fastjson::FastJson;

    #[derive(FastJson, Debug)]
    pub struct Twitter {
        pub statuses: Vec<Status>,
    }

    #[derive(FastJson, Debug)]
    pub struct Status {
        pub user: User,
    }

    #[derive(FastJson, Debug)]
    #[allow(dead_code)]
    pub struct User {
        pub followers_count: u64,
    }
}

#[test]
fn a_wrong_type_deep_in_twitter_json_is_reported_at_its_path_and_line() {
    let Some(shared) = shared_data::shared_dir("corpus/twitter.json") else {
        return;
    };
    let text = std::fs::read_to_string(shared.join("corpus/twitter.json")).unwrap();
    assert!(fastjson::from_str::<twitter::Twitter>(&text).is_ok());
    // Turn the 58th status's user's followers_count (statuses[57]) into a string.
    let mut search_from = 0;
    let mut at = 0;
    for _ in 0..58 {
        let user = search_from + text[search_from..].find("\"user\": {").unwrap();
        at = user
            + text[user..].find("\"followers_count\": ").unwrap()
            + "\"followers_count\": ".len();
        // Skip past this status's user (and any retweeted status nested in it).
        search_from = at;
        if let Some(next) = text[at..].find("\n    },\n    {\n      \"metadata\"") {
            search_from = at + next;
        }
    }
    let mut broken = text.clone();
    broken.insert(at, '"');
    let end = at + 1 + broken[at + 1..].find(',').unwrap();
    broken.insert(end, '"');
    let line = 1 + text[..at].matches('\n').count();
    let err = fastjson::from_str::<twitter::Twitter>(&broken).unwrap_err();
    assert_eq!(err.path(), "$.statuses[57].user.followers_count");
    assert_eq!(err.line(), line);
    assert_eq!(err.classify(), Category::Data);
    assert!(
        err.to_string().starts_with(
            "expected u64, found string at $.statuses[57].user.followers_count (line "
        ),
        "{err}"
    );
}
