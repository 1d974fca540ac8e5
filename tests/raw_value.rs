//! `fastjson::RawValue` against `serde_json::value::RawValue`: the text kept (top level,
//! `Box`, field, array element), what is refused, what is written (compact and pretty),
//! `from_string`, `to_raw_value`, `decode`, `Option`, `Debug`/`Display`, the extractor and the
//! schema. JSONTestSuite and the corpus from `../shared`; random documents with random
//! whitespace from a seeded generator.

mod shared_data;

use std::fs;

use fastjson::{FastJson, RawValue};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue as SjRaw;

/// What each side kept: the text, or that it refused.
type Kept = Result<String, ()>;

fn ours_top(bytes: &[u8]) -> Kept {
    fastjson::from_slice::<&RawValue>(bytes)
        .map(|raw| raw.get().to_owned())
        .map_err(drop)
}

fn ours_boxed(bytes: &[u8]) -> Kept {
    fastjson::from_slice::<Box<RawValue>>(bytes)
        .map(|raw| raw.get().to_owned())
        .map_err(drop)
}

fn theirs_top(bytes: &[u8]) -> Kept {
    serde_json::from_slice::<&SjRaw>(bytes)
        .map(|raw| raw.get().to_owned())
        .map_err(drop)
}

fn theirs_boxed(bytes: &[u8]) -> Kept {
    serde_json::from_slice::<Box<SjRaw>>(bytes)
        .map(|raw| raw.get().to_owned())
        .map_err(drop)
}

#[derive(FastJson)]
struct Field<'a> {
    v: &'a RawValue,
}

#[derive(Deserialize)]
struct SjField<'a> {
    #[serde(borrow)]
    v: &'a SjRaw,
}

/// `{"v":<text>}`: the text as a field, its whitespace around it kept in the document.
fn as_field(text: &[u8]) -> Vec<u8> {
    [&b"{\"v\":"[..], text, b"}"].concat()
}

fn ours_field(bytes: &[u8]) -> Kept {
    fastjson::from_slice::<Field>(&as_field(bytes))
        .map(|f| f.v.get().to_owned())
        .map_err(drop)
}

fn theirs_field(bytes: &[u8]) -> Kept {
    serde_json::from_slice::<SjField>(&as_field(bytes))
        .map(|f| f.v.get().to_owned())
        .map_err(drop)
}

/// Every way of reading `bytes`, fastjson's next to serde_json's: `(name, ours, theirs)`.
fn every_reading(bytes: &[u8]) -> [(&'static str, Kept, Kept); 3] {
    [
        ("&RawValue", ours_top(bytes), theirs_top(bytes)),
        ("Box<RawValue>", ours_boxed(bytes), theirs_boxed(bytes)),
        ("field", ours_field(bytes), theirs_field(bytes)),
    ]
}

/// Where fastjson's raw value deliberately refuses what serde_json's keeps: serde_json skips a
/// raw value without checking `\u` surrogates or nesting (its `ignore_value`), fastjson's
/// validating skipper checks both (the depth limit, 128, as for every value).
const DIFFERENT_I_FILES: &[&str] = &[
    "i_object_key_lone_2nd_surrogate.json",
    "i_string_1st_surrogate_but_2nd_missing.json",
    "i_string_1st_valid_surrogate_2nd_invalid.json",
    "i_string_incomplete_surrogate_and_escape_valid.json",
    "i_string_incomplete_surrogate_pair.json",
    "i_string_incomplete_surrogates_escape_valid.json",
    "i_string_invalid_lonely_surrogate.json",
    "i_string_invalid_surrogate.json",
    "i_string_inverted_surrogates_U+1D11E.json",
    "i_string_lone_second_surrogate.json",
    "i_structure_500_nested_arrays.json",
];

#[test]
fn jsontestsuite_y_kept_as_serde_json_keeps_n_refused_i_as_serde_json_but_the_listed() {
    let Some(shared) = shared_data::shared_dir("JSONTestSuite/test_parsing") else {
        return;
    };
    let mut entries: Vec<_> = fs::read_dir(shared.join("JSONTestSuite/test_parsing"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    let mut failures = Vec::new();
    let mut different_i = Vec::new();
    let (mut y, mut n, mut i) = (0, 0, 0);
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&path).unwrap();
        for (how, ours, theirs) in every_reading(&bytes) {
            match &name[..2] {
                "y_" => {
                    if ours.is_err() || ours != theirs {
                        failures.push(format!("{name} as {how}: {ours:?}, serde_json {theirs:?}"));
                    }
                }
                "n_" => {
                    if ours.is_ok() || theirs.is_ok() {
                        failures.push(format!("{name} as {how}: {ours:?}, serde_json {theirs:?}"));
                    }
                }
                _ => {
                    if ours != theirs {
                        if ours.is_ok() || !DIFFERENT_I_FILES.contains(&name.as_str()) {
                            failures
                                .push(format!("{name} as {how}: {ours:?}, serde_json {theirs:?}"));
                        }
                        different_i.push(name.clone());
                    }
                }
            }
        }
        match &name[..2] {
            "y_" => y += 1,
            "n_" => n += 1,
            _ => i += 1,
        }
    }
    different_i.dedup();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(different_i, DIFFERENT_I_FILES, "the i_ files that differ");
    assert!(y > 90 && n > 180 && i > 30, "{y} y_, {n} n_, {i} i_ files");
}

#[test]
fn corpus_documents_are_kept_whole_and_written_back_byte_for_byte() {
    let Some(shared) = shared_data::shared_dir("corpus/twitter.json") else {
        return;
    };
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let bytes = fs::read(shared.join("corpus").join(name)).unwrap();
        for (how, ours, theirs) in every_reading(&bytes) {
            let ours = ours.unwrap_or_else(|()| panic!("{name} as {how}: refused"));
            assert_eq!(Ok(&ours), theirs.as_ref(), "{name} as {how}");
            assert_eq!(ours.as_bytes(), bytes.trim_ascii(), "{name} as {how}");
        }
        let raw: &RawValue = fastjson::from_slice(&bytes).unwrap();
        let theirs: &SjRaw = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(fastjson::to_vec(&raw), serde_json::to_vec(theirs).unwrap());
        assert_eq!(
            fastjson::to_vec_pretty(&raw),
            serde_json::to_vec_pretty(theirs).unwrap()
        );
    }
}

#[derive(FastJson)]
struct Holder<'a> {
    id: u32,
    raw: &'a RawValue,
    list: Vec<Box<RawValue>>,
    maybe: Option<&'a RawValue>,
}

#[derive(Serialize, Deserialize)]
struct SjHolder<'a> {
    id: u32,
    #[serde(borrow)]
    raw: &'a SjRaw,
    list: Vec<Box<SjRaw>>,
    #[serde(borrow)]
    maybe: Option<&'a SjRaw>,
}

/// A seeded xorshift: the same documents on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64)]
    }
}

/// Random whitespace: none half the time.
fn space(rng: &mut Rng, out: &mut String) {
    for _ in 0..rng.below(4).saturating_sub(1) {
        out.push_str(rng.pick(&[" ", "\n", "\t", "\r", "  "]));
    }
}

/// A random JSON value as text, with random whitespace between tokens, escapes, non-ASCII and
/// numbers in every spelling, `depth` levels at most.
fn random_value(rng: &mut Rng, depth: u32, out: &mut String) {
    let kind = if depth == 0 {
        rng.below(4)
    } else {
        rng.below(6)
    };
    match kind {
        0 => out.push_str(rng.pick(&["null", "true", "false"])),
        1 => out.push_str(rng.pick(&[
            "0",
            "-0",
            "7",
            "-12",
            "1.5",
            "1e5",
            "1E+2",
            "-0.5e-3",
            "123456789012345678901",
            "3.141592653589793",
            "1e400",
            "-9223372036854775808",
        ])),
        2 | 3 => {
            out.push('"');
            for _ in 0..rng.below(5) {
                out.push_str(rng.pick(&[
                    "a",
                    "key",
                    "\\n",
                    "\\\"",
                    "\\\\",
                    "\\/",
                    "\\u00e9",
                    "\\uD83D\\uDE00",
                    "é",
                    "😀",
                    "\\t",
                    " ",
                    "\\b\\f\\r",
                    "</",
                    "&",
                    "\u{2028}",
                ]));
            }
            out.push('"');
        }
        4 => {
            out.push('[');
            let len = rng.below(4);
            for i in 0..len {
                if i > 0 {
                    out.push(',');
                }
                space(rng, out);
                random_value(rng, depth - 1, out);
                space(rng, out);
            }
            if len == 0 {
                space(rng, out);
            }
            out.push(']');
        }
        _ => {
            out.push('{');
            let len = rng.below(4);
            for i in 0..len {
                if i > 0 {
                    out.push(',');
                }
                space(rng, out);
                out.push_str(rng.pick(&["\"a\"", "\"b\"", "\"\\u0061\"", "\"é\""]));
                space(rng, out);
                out.push(':');
                space(rng, out);
                random_value(rng, depth - 1, out);
                space(rng, out);
            }
            if len == 0 {
                space(rng, out);
            }
            out.push('}');
        }
    }
}

fn random_document(rng: &mut Rng) -> String {
    let mut text = String::new();
    space(rng, &mut text);
    random_value(rng, 4, &mut text);
    space(rng, &mut text);
    text
}

#[test]
fn random_documents_are_kept_as_serde_json_keeps_them() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let text = random_document(&mut rng);
        for (how, ours, theirs) in every_reading(text.as_bytes()) {
            assert!(ours.is_ok(), "{text:?} as {how}: refused");
            assert_eq!(ours, theirs, "{text:?} as {how}");
            assert_eq!(ours.unwrap(), text.trim_ascii(), "{text:?} as {how}");
        }
        // serde_json's own compact and pretty forms of the value, kept as they are.
        // `1e400` is a valid raw value but no `Value` (out of range).
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
            assert!(text.contains("1e400"), "{text}");
            continue;
        };
        for form in [
            serde_json::to_string(&value).unwrap(),
            serde_json::to_string_pretty(&value).unwrap(),
        ] {
            let raw: &RawValue = fastjson::from_str(&form).unwrap();
            assert_eq!(raw.get(), form);
            assert_eq!(fastjson::to_string(&raw), form);
        }
    }
}

#[test]
fn holders_encode_as_serde_json_encodes_them_compact_and_pretty() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    for _ in 0..1000 {
        let (a, b, c) = (
            random_document(&mut rng),
            random_document(&mut rng),
            random_document(&mut rng),
        );
        let maybe = match rng.below(3) {
            0 => String::new(),
            1 => ",\"maybe\": null".to_owned(),
            _ => format!(",\"maybe\":{}", random_document(&mut rng)),
        };
        let doc = format!("{{\"id\":1,\"raw\":{a},\"list\":[{b},{c}]{maybe}}}");
        let ours: Holder = fastjson::from_str(&doc).unwrap_or_else(|e| panic!("{doc}: {e}"));
        let theirs: SjHolder = serde_json::from_str(&doc).unwrap();
        assert_eq!(ours.maybe.is_none(), theirs.maybe.is_none(), "{doc}");
        assert_eq!(
            fastjson::to_string(&ours),
            serde_json::to_string(&theirs).unwrap(),
            "{doc}"
        );
        assert_eq!(
            fastjson::to_string_pretty(&ours),
            serde_json::to_string_pretty(&theirs).unwrap(),
            "{doc}"
        );
        // HTML-safe: the unsafe characters escaped (they stand only inside strings), the
        // meaning the same.
        let html_safe = fastjson::to_vec_with(&ours, fastjson::HtmlSafe(fastjson::Compact));
        let text = String::from_utf8(html_safe).unwrap();
        assert!(
            !text.contains(['<', '>', '&', '\u{2028}', '\u{2029}']),
            "{text}"
        );
        let meaning = |json: &str| serde_json::from_str::<serde_json::Value>(json).ok();
        assert_eq!(
            meaning(&text),
            meaning(&fastjson::to_string(&ours)),
            "{doc}"
        );
    }
}

#[test]
fn whitespace_around_the_value_is_not_kept_and_trailing_text_is_refused() {
    for (input, kept) in [
        (" 1 ", Some("1")),
        ("\n\t\r [ 1 ,\n2 ] \n", Some("[ 1 ,\n2 ]")),
        ("\"a b\"  ", Some("\"a b\"")),
        ("{ }", Some("{ }")),
        ("", None),
        ("   ", None),
        ("1 2", None),
        ("[1] x", None),
        ("[1", None),
        ("\u{feff}1", None),
        ("nul", None),
        ("01", None),
    ] {
        let ours = ours_top(input.as_bytes());
        assert_eq!(ours, theirs_top(input.as_bytes()), "{input:?}");
        assert_eq!(ours.ok().as_deref(), kept, "{input:?}");
    }
}

fn nested(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

#[test]
fn nesting_is_bounded_by_the_depth_limit_where_serde_json_skips_without_a_bound() {
    // As for `serde_json::Value`: 127 levels, not 128.
    assert_eq!(ours_top(nested(127).as_bytes()), Ok(nested(127)));
    let err = fastjson::from_str::<&RawValue>(&nested(128)).unwrap_err();
    assert!(
        err.to_string().starts_with("nesting deeper than the limit"),
        "{err}"
    );
    assert!(serde_json::from_str::<serde_json::Value>(&nested(128)).is_err());
    // The field's object counts too.
    assert_eq!(ours_field(nested(126).as_bytes()), Ok(nested(126)));
    assert!(ours_field(nested(127).as_bytes()).is_err());
    // Deep enough to overflow a recursive skipper's stack: an error, not a crash.
    assert!(ours_top(nested(1_000_000).as_bytes()).is_err());
    // The documented difference (guide::serde_differences): serde_json keeps it.
    assert_eq!(theirs_top(nested(129).as_bytes()), Ok(nested(129)));
    let mut decoder = fastjson::Decoder::new().with_max_depth(3);
    assert!(decoder.decode::<&RawValue>(b"[[]]").is_ok());
    assert!(decoder.decode::<&RawValue>(b"[[[]]]").is_err());
}

#[test]
fn from_string_trims_and_validates_as_serde_json_does() {
    for input in [
        "1",
        " 1 ",
        "{\"a\" : [ 1 ] }\n",
        "\"x\"",
        "",
        "  ",
        "[1,2",
        "1 2",
        "\u{feff}null",
        "[\"\\ud800\"]",
        "tru",
        "{\"a\":1,}",
    ] {
        let ours = RawValue::from_string(input.to_owned()).map(|raw| raw.get().to_owned());
        let theirs = SjRaw::from_string(input.to_owned()).map(|raw| raw.get().to_owned());
        if input.contains("\\ud800") {
            // A lone surrogate: refused by fastjson's skipper, kept by serde_json's.
            assert!(ours.is_err() && theirs.is_ok(), "{input:?}");
        } else {
            assert_eq!(ours.ok(), theirs.ok(), "{input:?}");
        }
    }
    // Without whitespace around it the string is kept, not copied.
    let json = String::from("[1, 2]");
    let at = json.as_ptr();
    assert_eq!(RawValue::from_string(json).unwrap().get().as_ptr(), at);
    let trimmed = RawValue::from_string(" [1] ".to_owned()).unwrap();
    assert_eq!(Box::<str>::from(trimmed).as_ref(), "[1]");
}

#[derive(FastJson, Debug, PartialEq)]
struct Order<'a> {
    sku: &'a str,
    quantity: u32,
}

#[test]
fn decode_finishes_the_value_later_borrowing_from_the_raw_text() {
    let raw: Box<RawValue> = fastjson::from_str(r#" {"sku": "a1", "quantity": 2} "#).unwrap();
    let order: Order = raw.decode().unwrap();
    assert_eq!(
        order,
        Order {
            sku: "a1",
            quantity: 2
        }
    );
    let range = raw.get().as_bytes().as_ptr_range();
    assert!(
        range.contains(&order.sku.as_ptr()),
        "borrowed from the raw text"
    );
    // Errors are placed in the raw text, as serde_json's `from_str(raw.get())` places them.
    let raw: &RawValue = fastjson::from_str("{\"sku\": \"a\",\n \"quantity\": -1}").unwrap();
    let err = raw.decode::<Order>().unwrap_err();
    let theirs = serde_json::from_str::<u32>("-1").unwrap_err();
    assert_eq!(
        (err.line(), err.column()),
        (2, 14),
        "{err} (serde_json: {theirs})"
    );
    assert_eq!(raw.decode::<serde_json::Value>().unwrap()["quantity"], -1);
}

#[derive(FastJson)]
struct Optional<'a> {
    #[serde(default)]
    a: Option<&'a RawValue>,
    #[serde(default)]
    b: Option<Box<RawValue>>,
}

#[derive(Deserialize)]
struct SjOptional<'a> {
    #[serde(borrow, default)]
    a: Option<&'a SjRaw>,
    #[serde(default)]
    b: Option<Box<SjRaw>>,
}

#[test]
fn options_are_none_for_null_and_missing_as_in_serde_json() {
    for doc in [
        r#"{}"#,
        r#"{"a":null,"b":null}"#,
        r#"{"a": null ,"b":[null]}"#,
        r#"{"a":[1],"b":"null"}"#,
        r#"{"a":nul}"#,
    ] {
        let ours = fastjson::from_str::<Optional>(doc)
            .map(|o| (o.a.map(RawValue::get), o.b.map(|b| b.get().to_owned())))
            .map_err(drop);
        let theirs = serde_json::from_str::<SjOptional>(doc)
            .map(|o| (o.a.map(SjRaw::get), o.b.map(|b| b.get().to_owned())))
            .map_err(drop);
        assert_eq!(ours, theirs, "{doc}");
    }
    assert!(fastjson::from_str::<Option<&RawValue>>(" null ")
        .unwrap()
        .is_none());
}

#[test]
fn debug_display_clone_default_and_to_raw_value_as_serde_json() {
    let text = r#"{"a": [1, "\u00e9"]}"#;
    let ours: &RawValue = fastjson::from_str(text).unwrap();
    let theirs: &SjRaw = serde_json::from_str(text).unwrap();
    assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
    assert_eq!(format!("{ours}"), format!("{theirs}"));
    let boxed = ours.to_owned();
    assert_eq!(boxed.clone().get(), text);
    assert_eq!(
        Box::<RawValue>::default().get(),
        Box::<SjRaw>::default().get()
    );
    assert_eq!(
        (
            RawValue::NULL.get(),
            RawValue::TRUE.get(),
            RawValue::FALSE.get()
        ),
        ("null", "true", "false")
    );
    let order = Order {
        sku: "é\"</",
        quantity: 3,
    };
    #[derive(Serialize)]
    struct SjOrder<'a> {
        sku: &'a str,
        quantity: u32,
    }
    let sj_order = SjOrder {
        sku: order.sku,
        quantity: 3,
    };
    assert_eq!(
        fastjson::to_raw_value(&order).get(),
        serde_json::value::to_raw_value(&sj_order).unwrap().get()
    );
    let floats = [1e25, -0.0, 0.1, f64::NAN];
    assert_eq!(
        fastjson::to_raw_value(&floats[..]).get(),
        serde_json::value::to_raw_value(&floats[..]).unwrap().get()
    );
}

#[test]
fn extracted_values_are_raw_values_of_the_document() {
    let doc = br#"{"user": {"id": 7, "tags": [ "a" ]}, "n": 1}"#;
    let paths = fastjson::Extractor::new(["$.user", "$.user.tags", "$.missing"]).unwrap();
    let found = paths.extract(doc).unwrap();
    let user = found.raw_value(0).unwrap();
    assert_eq!(user.get(), r#"{"id": 7, "tags": [ "a" ]}"#);
    assert_eq!(found.raw_value(1).unwrap().get(), r#"[ "a" ]"#);
    assert!(found.raw_value(2).is_none());
    assert!(found.raw_value(3).is_none());
    let theirs: serde_json::Value = serde_json::from_slice(doc).unwrap();
    assert_eq!(user.decode::<serde_json::Value>().unwrap(), theirs["user"]);
}

#[test]
fn the_schema_of_a_raw_value_is_any_value() {
    use fastjson::schema::Schema;
    assert_eq!(<RawValue as Schema>::schema(), "{}");
    let schema: serde_json::Value = serde_json::from_str(Holder::schema()).unwrap();
    assert_eq!(schema["properties"]["raw"], serde_json::json!({}));
    assert_eq!(schema["properties"]["list"]["items"], serde_json::json!({}));
}

/// Raw values as elements and map values, read in one pass with the rest.
#[test]
fn raw_values_in_collections() {
    let doc = r#"{"a": [1, {"b": 2}], "c" : "x"}"#;
    let map: std::collections::BTreeMap<&str, &RawValue> = fastjson::from_str(doc).unwrap();
    let theirs: std::collections::BTreeMap<&str, &SjRaw> = serde_json::from_str(doc).unwrap();
    assert_eq!(
        fastjson::to_string(&map),
        serde_json::to_string(&theirs).unwrap()
    );
    let items: Vec<Box<RawValue>> = fastjson::from_str("[ 1 , [2] ,{} ]").unwrap();
    let texts: Vec<&str> = items.iter().map(|raw| raw.get()).collect();
    assert_eq!(texts, ["1", "[2]", "{}"]);
}

/// serde's spelling (`#[serde(borrow)]`), two lifetimes, and a generic struct holding one.
#[derive(FastJson)]
struct Explicit<'a, 'b> {
    #[serde(borrow)]
    a: &'a RawValue,
    b: &'b str,
    c: Option<&'b RawValue>,
}

#[derive(FastJson)]
struct Generic<'a, T> {
    raw: &'a RawValue,
    value: T,
}

#[test]
fn structs_with_borrowed_raw_values_derive() {
    let e: Explicit = fastjson::from_str(r#"{"a":[1 ],"b":"x","c":{ }}"#).unwrap();
    assert_eq!(
        (e.a.get(), e.b, e.c.map(RawValue::get)),
        ("[1 ]", "x", Some("{ }"))
    );
    assert_eq!(fastjson::to_string(&e), r#"{"a":[1 ],"b":"x","c":{ }}"#);
    let g: Generic<u8> = fastjson::from_str(r#"{"raw":true,"value":1}"#).unwrap();
    assert_eq!((g.raw.get(), g.value), ("true", 1));
}

#[derive(FastJson)]
struct Flattened {
    id: u32,
    #[serde(flatten)]
    rest: std::collections::BTreeMap<String, Box<RawValue>>,
}

#[derive(Deserialize)]
struct SjFlattened {
    #[allow(dead_code)]
    id: u32,
    #[serde(flatten)]
    #[allow(dead_code)]
    rest: std::collections::BTreeMap<String, Box<SjRaw>>,
}

/// serde buffers a flattened field's entries into its `Content`, from which a `RawValue`
/// cannot be made, so serde_json refuses what fastjson reads (it reads the input, not a
/// buffer): a documented addition.
#[test]
fn flattened_maps_of_raw_values_read_where_serde_cannot() {
    let doc = r#"{"id":1,"a":[1, 2],"b":{"c" : null}}"#;
    let ours: Flattened = fastjson::from_str(doc).unwrap();
    assert_eq!(ours.id, 1);
    assert_eq!(ours.rest["a"].get(), "[1, 2]");
    assert_eq!(ours.rest["b"].get(), r#"{"c" : null}"#);
    assert_eq!(
        fastjson::to_string(&ours),
        r#"{"id":1,"a":[1, 2],"b":{"c" : null}}"#
    );
    let theirs = serde_json::from_str::<SjFlattened>(doc);
    assert!(
        theirs.is_err(),
        "serde_json reads it now: drop the difference from the docs"
    );
}

#[test]
fn owned_raw_values_come_from_readers() {
    let raw: Box<RawValue> = fastjson::from_reader(&b" [1, 2]\n"[..]).unwrap();
    assert_eq!(raw.get(), "[1, 2]");
}

/// Random documents with one byte changed: fastjson refuses what serde_json refuses and keeps
/// the same text where both accept; where only serde_json accepts, the reason is a lone
/// surrogate escape (the documented difference).
#[test]
fn mutated_documents_are_refused_as_serde_json_refuses_them() {
    const BYTES: &[u8] = b"\"\\,:]}[{ u0-e.x\x00\x1f\xff\xc3";
    let mut rng = Rng(0x5851_F42D_4C95_7F2D);
    let (mut refused, mut lone) = (0, 0);
    for _ in 0..20_000 {
        let mut bytes = random_document(&mut rng).into_bytes();
        let at = rng.below(bytes.len() as u64);
        bytes[at] = BYTES[rng.below(BYTES.len() as u64)];
        let (ours, theirs) = (ours_top(&bytes), theirs_top(&bytes));
        if ours.is_err() && theirs.is_ok() {
            let err = fastjson::from_slice::<&RawValue>(&bytes).unwrap_err();
            assert!(
                err.to_string().contains("surrogate"),
                "{}: {err}",
                bytes.escape_ascii()
            );
            lone += 1;
            continue;
        }
        assert_eq!(ours, theirs, "{}", bytes.escape_ascii());
        refused += usize::from(ours.is_err());
    }
    assert!(
        refused > 5000 && lone > 0,
        "{refused} refused, {lone} lone surrogates"
    );
}
