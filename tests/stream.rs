//! Streams against serde_json's `StreamDeserializer`: the same values, the same `byte_offset()`
//! after each, errors at the same value and of the same class; the reader form at random chunk
//! boundaries agreeing with the slice form; JSON Lines of order records written and read back;
//! top-level array streaming against `Vec<T>` decoding; and recovery, which serde_json lacks.
//! The gigabyte memory-bound test is a runtime unit test (`stream/tests.rs`), where the runtime
//! is optimised.

use std::io::Read;

use fastjson::FastJson;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One stream item as both libraries can show it: a value and the offset after it, or an
/// error's class and the offset after it.
#[derive(Debug, PartialEq)]
enum Item {
    Value(Value, usize),
    Error(&'static str, usize),
}

fn class(c: serde_json::error::Category) -> &'static str {
    use serde_json::error::Category as C;
    match c {
        C::Io => "io",
        C::Syntax => "syntax",
        C::Data => "data",
        C::Eof => "eof",
    }
}

fn our_class(c: fastjson::error::Category) -> &'static str {
    use fastjson::error::Category as C;
    match c {
        C::Io => "io",
        C::Syntax => "syntax",
        C::Data => "data",
        C::Eof => "eof",
    }
}

fn theirs(input: &[u8]) -> Vec<Item> {
    let mut stream = serde_json::Deserializer::from_slice(input).into_iter::<Value>();
    let mut out = Vec::new();
    while let Some(item) = stream.next() {
        out.push(match item {
            Ok(v) => Item::Value(v, stream.byte_offset()),
            Err(e) => Item::Error(class(e.classify()), stream.byte_offset()),
        });
    }
    out
}

fn ours<I: Iterator<Item = fastjson::Result<Value>>>(
    mut stream: I,
    offset: impl Fn(&I) -> usize,
) -> Vec<Item> {
    let mut out = Vec::new();
    while let Some(item) = stream.next() {
        out.push(match item {
            Ok(v) => Item::Value(v, offset(&stream)),
            Err(e) => Item::Error(our_class(e.classify()), offset(&stream)),
        });
    }
    out
}

/// A reader handing out 1..=`max` bytes per `read`, at random.
struct Choppy<'a> {
    data: &'a [u8],
    state: u64,
    max: usize,
}

impl Read for Choppy<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let n = (1 + (self.state % self.max as u64) as usize)
            .min(buf.len())
            .min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn choppy(data: &[u8], seed: u64, max: usize) -> Choppy<'_> {
    Choppy {
        data,
        state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        max,
    }
}

/// Checks one input: slice stream against serde_json, reader stream against the slice stream.
fn check(input: &[u8], seed: u64) {
    let want = theirs(input);
    let slice = ours(
        fastjson::from_slice_iter::<Value>(input),
        fastjson::stream::SliceStream::byte_offset,
    );
    assert_eq!(
        slice,
        want,
        "slice stream of {:?}",
        String::from_utf8_lossy(input)
    );
    for max in [1, 3, 16, 1 << 20] {
        let reader = ours(
            fastjson::from_reader_iter::<_, Value>(choppy(input, seed, max)),
            fastjson::stream::ReaderStream::byte_offset,
        );
        assert_eq!(
            reader,
            want,
            "reader stream of {:?}, reads of at most {max}",
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn serde_json_stream_tests_agree() {
    for input in [
        "{\"x\":39} {\"x\":40}{\"x\":41}\n{\"x\":42}",
        "{\"x\":42} \t\n",
        "{\"x\":40}\n{\"x\":",
        "{\"x\":4.",
        "{\"x\":-",
        "{\"x\":4e",
        "",
        "{} true{}1[]\nfalse\"hey\"2 ",
        "truefalse",
        "1true",
        "true wrong false",
    ] {
        check(input.as_bytes(), 1);
    }
}

#[test]
fn adjacent_values_split_as_serde_json_splits_them() {
    for input in [
        "1 2",
        "12",
        "[1][2]",
        "1[2]",
        "1{}",
        "1\"a\"",
        "\"a\"1",
        "1,2",
        "1:2",
        "1]",
        "1}",
        "null1",
        "-0 -1",
        "1.5e3x",
        "[1]x",
        "\"\\u00e9\"\"\\uD83C\"",
        "nul",
        "1 ",
        " 1",
        "[1,]",
        "{\"a\"}",
        "\"\\uD83C\\uDF09\" [\"é\"]",
    ] {
        check(input.as_bytes(), 2);
    }
}

/// Random sequences of values, broken values and separators: every item, offset and error
/// class as serde_json has them.
#[test]
fn random_streams_agree_with_serde_json() {
    const PIECES: &[&str] = &[
        "1",
        "12",
        "-0.5",
        "1e3",
        "true",
        "null",
        "false",
        "\"s\"",
        "\"\\n\\u00e9\"",
        "[]",
        "[1,2]",
        "{\"a\":[{}]}",
        "{}",
        "tru",
        "1x",
        "]",
        ",",
        "\"open",
        "[1,",
        "{\"a\"",
        "\"\\uD83C\"",
        "\"é\"",
        "0",
        "-",
        "[[[]]]",
    ];
    const SEPARATORS: &[&str] = &["", " ", "\n", "\t", "  \r\n"];
    let mut state = 0x5EED_u64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for round in 0..400 {
        let mut input = String::new();
        for _ in 0..1 + next(6) {
            input.push_str(SEPARATORS[next(SEPARATORS.len())]);
            input.push_str(PIECES[next(PIECES.len())]);
        }
        input.push_str(SEPARATORS[next(SEPARATORS.len())]);
        check(input.as_bytes(), round);
    }
}

/// Typed and borrowed values: the same items as serde_json's stream of the same type.
#[test]
fn typed_and_borrowed_streams_agree() {
    let input = br#"["a", "b"] ["c"] [1] "x" ["d"]"#;
    let want: Vec<Result<Vec<String>, &str>> = serde_json::Deserializer::from_slice(input)
        .into_iter::<Vec<String>>()
        .map(|r| r.map_err(|e| class(e.classify())))
        .collect();
    let got: Vec<Result<Vec<String>, &str>> = fastjson::from_slice_iter::<Vec<String>>(input)
        .map(|r| r.map_err(|e| our_class(e.classify())))
        .collect();
    assert_eq!(got, want);
    assert_eq!(
        want.len(),
        3,
        "stops at the data error, as serde_json's does"
    );

    let words: Vec<&str> = fastjson::from_slice_iter::<&str>(b"\"ab\" \"cd\"\n\"ef\"")
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(words, ["ab", "cd", "ef"]);
}

#[derive(FastJson, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct LineItem {
    sku: String,
    quantity: u32,
    price: f64,
}

#[derive(FastJson, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Status {
    Pending,
    Paid,
    Shipped,
}

#[derive(FastJson, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Order {
    id: String,
    customer_id: u64,
    status: Status,
    items: Vec<LineItem>,
    total: f64,
    tags: Vec<String>,
    note: Option<String>,
}

fn orders(n: u64) -> Vec<Order> {
    (0..n)
        .map(|i| Order {
            id: format!("ord-{i:06}"),
            customer_id: i * 7919 % 100_003,
            status: [Status::Pending, Status::Paid, Status::Shipped][(i % 3) as usize].clone(),
            items: (0..1 + i % 4)
                .map(|j| LineItem {
                    sku: format!("SKU-{j}-\u{e9}\t"),
                    quantity: (j + 1) as u32,
                    price: (i * 100 + j) as f64 / 7.0,
                })
                .collect(),
            total: i as f64 * 1.25,
            tags: (0..i % 3).map(|t| format!("t{t}")).collect(),
            note: (i % 5 == 0).then(|| "fragile \"box\"\n".to_string()),
        })
        .collect()
}

/// Orders as JSON Lines: written by `to_writer_lines` exactly as serde_json writes each value
/// and a newline, then read back by every form, in order.
#[test]
fn order_records_round_trip_as_json_lines() {
    let records = orders(500);
    let mut written = Vec::new();
    fastjson::to_writer_lines(&mut written, &records).unwrap();
    let mut expected = Vec::new();
    for r in &records {
        serde_json::to_writer(&mut expected, r).unwrap();
        expected.push(b'\n');
    }
    assert!(
        written == expected,
        "to_writer_lines differs from serde_json"
    );
    let mut appended = b"".to_vec();
    fastjson::encode_lines_into(&mut appended, records.iter());
    assert!(appended == expected, "encode_lines_into differs");

    let from_slice: Vec<Order> = fastjson::from_slice_iter(&written)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(from_slice, records);
    for max in [1, 100, 5000] {
        let from_reader: Vec<Order> = fastjson::from_reader_iter(choppy(&written, 9, max))
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(from_reader, records, "reads of at most {max}");
    }
    let theirs: Vec<Order> = serde_json::Deserializer::from_slice(&written)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(theirs, records);
}

/// A bad record in the middle of JSON Lines: serde_json's stream (and ours by default) ends
/// there; with `skip_invalid` ours reports it with its line and reads the rest.
#[test]
fn recovery_reports_the_bad_records_lines_and_reads_the_rest() {
    let records = orders(20);
    let mut lines: Vec<String> = records.iter().map(fastjson::to_string).collect();
    lines[4] = lines[4].replace("\"paid\"", "\"lost\""); // data: unknown variant
    lines[9] = lines[9].replacen(',', ",,", 1); // syntax
    lines[13] = lines[13].replace("\"customer_id\":", "\"customer_id\":-"); // data: negative u64
    let text = lines.join("\n") + "\n";
    let theirs = serde_json::Deserializer::from_str(&text)
        .into_iter::<Order>()
        .count();
    let plain = fastjson::from_slice_iter::<Order>(text.as_bytes()).count();
    assert_eq!((plain, theirs), (5, 5), "both end at the first bad record");

    let mut good = Vec::new();
    let mut bad = Vec::new();
    for record in fastjson::from_slice_iter::<Order>(text.as_bytes()).skip_invalid() {
        match record {
            Ok(order) => good.push(order),
            Err(err) => bad.push((err.line(), our_class(err.classify()))),
        }
    }
    assert_eq!(bad, [(5, "data"), (10, "syntax"), (14, "data")]);
    let expect: Vec<Order> = records
        .iter()
        .enumerate()
        .filter(|(i, _)| ![4, 9, 13].contains(i))
        .map(|(_, r)| r.clone())
        .collect();
    assert_eq!(good, expect);

    let mut via_reader_bad = Vec::new();
    let mut via_reader_good = 0;
    for record in
        fastjson::from_reader_iter::<_, Order>(choppy(text.as_bytes(), 3, 50)).skip_invalid()
    {
        match record {
            Ok(_) => via_reader_good += 1,
            Err(err) => via_reader_bad.push((err.line(), our_class(err.classify()))),
        }
    }
    assert_eq!((via_reader_good, via_reader_bad), (expect.len(), bad));
}

/// Array streaming yields exactly the elements `Vec<T>` decoding holds, and fails wherever it
/// fails; the reader form agrees at any chunking.
#[test]
fn array_streams_agree_with_vec_decoding() {
    let records = orders(50);
    let array = fastjson::to_vec(&records);
    let streamed: Vec<Order> = fastjson::from_slice_array_iter(&array)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(streamed, records);
    let from_reader: Vec<Order> = fastjson::from_reader_array_iter(choppy(&array, 4, 300))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(from_reader, records);

    for input in [
        "[]",
        " [1, 2 ,3]\n",
        "[1 2]",
        "[1,]",
        "[,1]",
        "{\"a\":1}",
        "1",
        "",
        "[1, 2",
        "[1] 2",
        "[1]]",
        "[\"x\"]",
        "[[1]]",
        "[1, 1e400]",
        "[1]\n\t ",
    ] {
        let theirs = serde_json::from_str::<Vec<Value>>(input).map_err(|e| class(e.classify()));
        let slice: Result<Vec<Value>, &str> = fastjson::from_slice_array_iter(input.as_bytes())
            .collect::<Result<_, _>>()
            .map_err(|e| our_class(e.classify()));
        assert_eq!(slice, theirs, "{input:?}");
        for max in [1, 2, 64] {
            let reader: Result<Vec<Value>, &str> =
                fastjson::from_reader_array_iter(choppy(input.as_bytes(), 5, max))
                    .collect::<Result<_, _>>()
                    .map_err(|e| our_class(e.classify()));
            assert_eq!(reader, theirs, "{input:?}, reads of at most {max}");
        }
    }
}

/// An element's error names its index, and the stream ends after it.
#[test]
fn array_stream_errors_name_the_element() {
    let input = br#"[{"n": 1}, {"n": "two"}, {"n": 3}]"#;
    let mut stream =
        fastjson::from_slice_array_iter::<std::collections::BTreeMap<String, u8>>(input);
    assert!(stream.next().unwrap().is_ok());
    let err = stream.next().unwrap().unwrap_err();
    assert_eq!(err.path(), "$[1].n");
    assert!(stream.next().is_none());
}
