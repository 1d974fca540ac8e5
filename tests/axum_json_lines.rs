#![cfg(feature = "axum")]
//! `fastjson::axum::JsonLines` against axum-extra's `JsonLines` on the same handlers: the same
//! items (values, and errors in the same places) for bodies cut into chunks at random places
//! (inside multi-byte characters and inside `\r\n`), byte-identical responses; and what is
//! fastjson's own: the line cap, the end of the stream at a body error, and the buffer that
//! stays at one line however long the body.

use std::convert::Infallible;
use std::io;

use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, Request};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use bytes::Bytes;
use fastjson::FastJson;
use futures_util::stream::{self, Stream, StreamExt};
use http_body_util::BodyExt;
use serde::{Deserialize, Serialize};
use tower::ServiceExt;

#[derive(FastJson, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Record {
    id: u64,
    name: String,
    #[serde(default)]
    tags: Vec<String>,
}

/// One line per item: `ok` and the value as serde_json writes it, or `error`.
async fn summarize<S, T, E>(mut items: S) -> String
where
    S: Stream<Item = Result<T, E>> + Unpin,
    T: Serialize,
{
    let mut out = String::new();
    while let Some(item) = items.next().await {
        match item {
            Ok(value) => out += &format!("ok {}\n", serde_json::to_string(&value).unwrap()),
            Err(_) => out += "error\n",
        }
    }
    out
}

/// The same handler text under both `JsonLines` types.
macro_rules! handlers {
    ($module:ident, $lines:path) => {
        mod $module {
            use super::*;
            use $lines as L;

            pub async fn records(lines: L<Record>) -> String {
                summarize(lines).await
            }

            pub async fn values(lines: L<serde_json::Value>) -> String {
                summarize(lines).await
            }

            pub fn router() -> Router {
                Router::new()
                    .route("/records", post(records))
                    .route("/values", post(values))
            }
        }
    };
}

handlers!(fast, fastjson::axum::JsonLines);
handlers!(reference, axum_extra::json_lines::JsonLines);

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

/// A small deterministic generator (xorshift64*): the same cases on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A body of `chunks`, each its own frame.
fn chunked(chunks: Vec<Vec<u8>>) -> Body {
    Body::from_stream(stream::iter(chunks.into_iter().map(Ok::<_, Infallible>)))
}

async fn post_text(router: Router, path: &str, body: Body) -> String {
    let response = router
        .oneshot(Request::post(path).body(body).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8(body.to_vec()).unwrap()
}

/// Lines of every kind: records, non-ASCII text, empty and blank lines, a lone `\r`, syntax and
/// data errors, trailing characters, invalid UTF-8 inside a string.
const LINES: &[&[u8]] = &[
    br#"{"id":1,"name":"a"}"#,
    "{\"id\":2,\"name\":\"\u{e9} \u{fc} \u{1f600} \u{65e5}\u{672c}\"}".as_bytes(),
    br#"{"id":3,"name":"x","tags":["a\nb","\u00e9"]}"#,
    b"",
    b"   ",
    b"\r",
    b"{\"id\":11,\r\"name\":\"q\"}",
    br#"{"id":-1,"name":"z"}"#,
    br#"{"id":5,"name":"#,
    br#"{"id":6,"name":"w"} x"#,
    "{\"id\":7,\"name\":\"v\",\"extra\":{\"deep\":[1,2.5e3,{\"k\":\"\u{1f600}\"}]}}".as_bytes(),
    br#"[8,"arr"]"#,
    b"null",
    br#"{"id":9,"name":"\ud800"}"#,
    b"{\"id\":10,\"name\":\"\xff\"}",
    b"{\"id\":12,\"name\":\"\xe6\x97\"}",
    // Invalid UTF-8 in a skipped field: axum-extra's line reader rejects the line, fastjson's
    // skipper validates the string.
    b"{\"id\":14,\"name\":\"a\",\"x\":[\"\xff\"]}",
    br#"{"id":13,"name":"t","tags":[]}  "#,
    b"[1, 2.5, -0, 1e400]",
    br#""text""#,
];

/// A body of random lines joined by `\n` or `\r\n`, with or without a final line end.
fn random_body(rng: &mut Rng) -> Vec<u8> {
    let mut body = Vec::new();
    let count = 1 + rng.below(12);
    for i in 0..count {
        body.extend_from_slice(LINES[rng.below(LINES.len())]);
        if i + 1 < count || rng.below(2) == 0 {
            body.extend_from_slice(if rng.below(2) == 0 { b"\n" } else { b"\r\n" });
        }
    }
    body
}

/// The ways a body is cut: whole, one byte a frame, and random cuts.
fn chunkings(body: &[u8], rng: &mut Rng) -> Vec<Vec<Vec<u8>>> {
    let mut out = vec![vec![body.to_vec()], body.iter().map(|&b| vec![b]).collect()];
    for _ in 0..4 {
        let mut chunks = Vec::new();
        let mut rest = body;
        while !rest.is_empty() {
            let len = (1 + rng.below(9)).min(rest.len());
            chunks.push(rest[..len].to_vec());
            rest = &rest[len..];
        }
        out.push(chunks);
    }
    out
}

#[test]
fn every_body_gives_axum_extras_items() {
    runtime().block_on(async {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut bodies: Vec<Vec<u8>> = (0..120).map(|_| random_body(&mut rng)).collect();
        // Every line on its own, with each ending, and the edge bodies.
        for line in LINES {
            for end in [&b""[..], b"\n", b"\r\n", b"\n\n"] {
                bodies.push([*line, end].concat());
            }
        }
        bodies.extend([
            b"".to_vec(),
            b"\n".to_vec(),
            b"\r\n".to_vec(),
            b"\n\n\n".to_vec(),
            b"1\r\r\n2".to_vec(),
        ]);
        let mut checked = 0;
        for body in &bodies {
            for chunks in chunkings(body, &mut rng) {
                for path in ["/records", "/values"] {
                    let ours = post_text(fast::router(), path, chunked(chunks.clone())).await;
                    let theirs =
                        post_text(reference::router(), path, chunked(chunks.clone())).await;
                    assert_eq!(
                        ours,
                        theirs,
                        "{path}, body {:?} in {} chunks",
                        String::from_utf8_lossy(body),
                        chunks.len()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1500, "{checked}");
    });
}

/// Some items of the summary, to prove the comparison sees what it should.
#[test]
fn items_are_what_each_line_holds() {
    runtime().block_on(async {
        let body = "{\"id\":1,\"name\":\"\u{e9}\"}\r\n\n{\"id\":-1,\"name\":\"z\"}\n{\"id\":2,\"name\":\"b\"}";
        let chunks = body.as_bytes().iter().map(|&b| vec![b]).collect();
        let ours = post_text(fast::router(), "/records", chunked(chunks)).await;
        assert_eq!(
            ours,
            "ok {\"id\":1,\"name\":\"\u{e9}\",\"tags\":[]}\nerror\nerror\nok {\"id\":2,\"name\":\"b\",\"tags\":[]}\n"
        );
    });
}

/// An item's error has fastjson's error as its source, as axum-extra's has serde_json's.
#[test]
fn a_decode_error_item_carries_fastjsons_error() {
    async fn first_error(lines: fastjson::axum::JsonLines<Record>) -> String {
        let mut lines = lines;
        let error = lines.next().await.unwrap().unwrap_err();
        let source = std::error::Error::source(&error).unwrap();
        let error = source.downcast_ref::<fastjson::Error>().unwrap();
        format!("{} {}", error.path(), error.column())
    }
    runtime().block_on(async {
        let router = Router::new().route("/", post(first_error));
        let text = post_text(router, "/", Body::from(r#"{"id":"x","name":"a"}"#)).await;
        assert_eq!(text, "$.id 7");
    });
}

/// The pool a router sets as an extension is the one lines decode through (its depth limit).
#[test]
fn lines_decode_through_the_routers_pool() {
    runtime().block_on(async {
        let router = fast::router().layer(axum::Extension(
            fastjson::DecodePool::new().with_max_depth(3),
        ));
        let text = post_text(router, "/values", Body::from("[[1]]\n[[[1]]]\n[]")).await;
        assert_eq!(text, "ok [[1]]\nerror\nok []\n");
        let text = post_text(fast::router(), "/values", Body::from("[[[1]]]")).await;
        assert_eq!(text, "ok [[[1]]]\n");
    });
}

/// A cap route: each item, and the most the line buffer held.
async fn capped(lines: fastjson::axum::JsonLines<serde_json::Value>) -> String {
    let mut lines = lines.max_line_len(1000);
    let mut out = String::new();
    while let Some(item) = lines.next().await {
        out += match item {
            Ok(_) => "ok\n",
            Err(error) => {
                assert!(
                    error
                        .to_string()
                        .contains("longer than the limit of 1000 bytes"),
                    "{error}"
                );
                "long\n"
            }
        };
    }
    out + &format!("capacity {}", lines.buffer_capacity())
}

fn string_line(len: usize) -> Vec<u8> {
    format!("\"{}\"", "a".repeat(len - 2)).into_bytes()
}

#[test]
fn a_line_over_the_cap_is_an_error_item_and_memory_stays_bounded() {
    runtime().block_on(async {
        let huge = string_line(4 << 20);
        let body = [
            string_line(999),
            b"\n".to_vec(),
            string_line(1000),
            b"\r\n".to_vec(),
            string_line(1001),
            b"\n".to_vec(),
            huge,
            b"\n".to_vec(),
            string_line(10),
            b"\n".to_vec(),
            // Over the cap, unterminated: still an error, not a value.
            string_line(1500),
        ]
        .concat();
        let chunks: Vec<Vec<u8>> = body.chunks(100).map(<[u8]>::to_vec).collect();
        let router = Router::new()
            .route("/", post(capped))
            .layer(DefaultBodyLimit::disable());
        let text = post_text(router, "/", chunked(chunks)).await;
        let (items, capacity) = text.rsplit_once("capacity ").unwrap();
        assert_eq!(items, "ok\nok\nlong\nlong\nok\nlong\n");
        let capacity: usize = capacity.parse().unwrap();
        assert!(capacity <= 4096, "the buffer grew to {capacity} bytes");

        // A line at the cap whose `\r\n` is cut between chunks is within it; one byte more is
        // one error item, not one per chunk.
        for (chunks, expected) in [
            (
                vec![
                    [string_line(1000), b"\r".to_vec()].concat(),
                    b"\n\"x\"".to_vec(),
                ],
                "ok\nok\n",
            ),
            (
                vec![
                    [string_line(1001), b"\r".to_vec()].concat(),
                    b"\n".to_vec(),
                    b"1".to_vec(),
                ],
                "long\nok\n",
            ),
        ] {
            let router = Router::new().route("/", post(capped));
            let text = post_text(router, "/", chunked(chunks)).await;
            assert_eq!(text.rsplit_once("capacity ").unwrap().0, expected);
        }
    });
}

/// A body that fails after some lines (a client that goes away): the lines before it, then one
/// error item, then nothing. axum-extra yields the same up to the error, then reads the cut line
/// as if it were whole (here `12` of `12345`): fastjson does not hand out a cut record.
#[test]
fn a_body_error_ends_the_stream_with_an_error_item() {
    fn failing() -> Body {
        let chunks: Vec<Result<Bytes, io::Error>> = vec![
            Ok(Bytes::from_static(b"{\"id\":1,\"name\":\"a\"}\n[3]\n12")),
            Err(io::Error::new(io::ErrorKind::ConnectionReset, "gone")),
        ];
        Body::from_stream(stream::iter(chunks))
    }
    runtime().block_on(async {
        let ours = post_text(fast::router(), "/values", failing()).await;
        assert_eq!(ours, "ok {\"id\":1,\"name\":\"a\"}\nok [3]\nerror\n");
        let theirs = post_text(reference::router(), "/values", failing()).await;
        assert_eq!(theirs, format!("{ours}ok 12\n"));
    });
}

/// The router's `DefaultBodyLimit` caps the body, as it does axum-extra's: both give the lines
/// within it, then an error; fastjson's stream ends there.
#[test]
fn the_body_limit_applies() {
    runtime().block_on(async {
        let body: Vec<u8> = (0..40)
            .flat_map(|i| format!("{{\"id\":{i},\"name\":\"n\"}}\n").into_bytes())
            .collect();
        let chunks: Vec<Vec<u8>> = body.chunks(16).map(<[u8]>::to_vec).collect();
        let limited = |router: Router| router.layer(DefaultBodyLimit::max(200));
        let ours = post_text(limited(fast::router()), "/records", chunked(chunks.clone())).await;
        let theirs = post_text(limited(reference::router()), "/records", chunked(chunks)).await;
        let until_error = |text: &str| text[..text.find("error\n").unwrap() + 6].to_owned();
        assert_eq!(ours, until_error(&theirs));
        // 12 chunks of 16 bytes fit in 200: nine whole lines of 20 bytes.
        assert_eq!(ours.matches("ok ").count(), 9, "{ours}");
        assert!(ours.ends_with("error\n"));

        // Without a layer, the 2 MiB default.
        let big: Vec<u8> = (0..200_000)
            .flat_map(|i| format!("{{\"id\":{i},\"name\":\"n\"}}\n").into_bytes())
            .collect();
        assert!(big.len() > 2 << 20);
        let chunks: Vec<Vec<u8>> = big.chunks(8192).map(<[u8]>::to_vec).collect();
        let ours = post_text(fast::router(), "/records", chunked(chunks.clone())).await;
        let theirs = post_text(reference::router(), "/records", chunked(chunks)).await;
        assert_eq!(ours, until_error(&theirs));
        assert!(ours.matches("ok ").count() > 50_000, "{}", ours.len());
        assert_eq!(ours.matches("error").count(), 1);
    });
}

/// Thousands of lines from a body made as it is read: every item arrives, and the line buffer
/// stays the size of a line and a chunk, not of the body.
#[test]
fn many_lines_stream_in_bounded_memory() {
    async fn count(lines: fastjson::axum::JsonLines<Record>) -> String {
        let mut lines = lines;
        let (mut sum, mut items) = (0, 0);
        while let Some(item) = lines.next().await {
            sum += item.unwrap().id;
            items += 1;
        }
        format!("{items} {sum} {}", lines.buffer_capacity())
    }
    const LINES: u64 = 50_000;
    runtime().block_on(async {
        let mut rng = Rng(7);
        let mut next = 0;
        let lazy = stream::iter(std::iter::from_fn(move || {
            // Chunks of up to ~2 KiB holding whole and cut lines.
            let mut chunk = Vec::new();
            let target = 1 + rng.below(2048);
            while chunk.len() < target && next < LINES {
                chunk.extend_from_slice(
                    format!("{{\"id\":{next},\"name\":\"line {next}\",\"tags\":[\"t\"]}}\n")
                        .as_bytes(),
                );
                next += 1;
            }
            (!chunk.is_empty()).then_some(Ok::<_, Infallible>(chunk))
        }));
        let router = Router::new()
            .route("/", post(count))
            .layer(DefaultBodyLimit::disable());
        let text = post_text(router, "/", Body::from_stream(lazy)).await;
        let parts: Vec<usize> = text.split(' ').map(|p| p.parse().unwrap()).collect();
        assert_eq!(parts[0] as u64, LINES);
        assert_eq!(parts[1] as u64, LINES * (LINES - 1) / 2);
        // The body is ~2.9 MB; the buffer holds at most a chunk and a line.
        assert!(parts[2] <= 8192, "the buffer grew to {} bytes", parts[2]);
    });
}

#[derive(FastJson, Serialize, Debug, Clone)]
struct Sample {
    name: String,
    score: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    values: Vec<i64>,
}

fn samples() -> Vec<Sample> {
    (0..50)
        .map(|i| Sample {
            name: format!("s\u{e9}\"{i}\"\n<\u{2028}>"),
            score: (i as f64) * 1.1e21 - 0.3,
            note: (i % 3 == 0).then(|| "\u{1f600}".to_owned()),
            values: vec![i, -i, i64::MAX - i],
        })
        .collect()
}

/// Collects a response: headers, the bytes before any error, and whether the body failed.
async fn collect(response: axum::response::Response) -> (axum::http::HeaderMap, Vec<u8>, bool) {
    let (parts, mut body) = response.into_parts();
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        match frame {
            Ok(frame) => bytes.extend_from_slice(frame.data_ref().unwrap()),
            Err(_) => return (parts.headers, bytes, true),
        }
    }
    (parts.headers, bytes, false)
}

#[test]
fn the_response_is_axum_extras_byte_for_byte() {
    runtime().block_on(async {
        let router = Router::new()
            .route(
                "/fast",
                get(|| async {
                    fastjson::axum::JsonLines::new(stream::iter(samples()).map(Ok::<_, Infallible>))
                }),
            )
            .route(
                "/reference",
                get(|| async {
                    axum_extra::json_lines::JsonLines::new(
                        stream::iter(samples()).map(Ok::<_, Infallible>),
                    )
                }),
            );
        let mut answers = Vec::new();
        for path in ["/fast", "/reference"] {
            let response = router
                .clone()
                .oneshot(Request::get(path).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
            answers.push(collect(response).await);
        }
        let (ours, theirs) = (&answers[0], &answers[1]);
        assert_eq!(ours.0.get(header::CONTENT_TYPE), None);
        assert_eq!(ours.0, theirs.0);
        assert_eq!(
            String::from_utf8_lossy(&ours.1),
            String::from_utf8_lossy(&theirs.1)
        );
        assert_eq!(ours.1.iter().filter(|&&b| b == b'\n').count(), 50);
        assert!(String::from_utf8_lossy(&ours.1).contains("e+21"));
        assert!(!ours.2 && !theirs.2);
    });
}

/// An `Err` from the stream ends the body with an error, after the lines before it.
#[test]
fn an_error_item_ends_the_response_body() {
    fn items() -> impl Stream<Item = Result<u32, io::Error>> + Send + 'static {
        stream::iter([Ok(1), Ok(2), Err(io::Error::other("failed")), Ok(3)])
    }
    runtime().block_on(async {
        let ours = collect(fastjson::axum::JsonLines::new(items()).into_response()).await;
        let theirs = collect(axum_extra::json_lines::JsonLines::new(items()).into_response()).await;
        assert_eq!(ours.1, b"1\n2\n");
        assert!(ours.2);
        assert_eq!((ours.1, ours.2), (theirs.1, theirs.2));
    });
}

/// Nesting past the limit (128, serde_json's): an error in both at the top and in a decoded
/// value. Inside a field `T` skips, serde_json does not count depth and fastjson's validating
/// skipper does: the known difference `Json` has too (tests/axum_json.rs), the only one here.
#[test]
fn deep_lines_are_errors_in_both() {
    runtime().block_on(async {
        let deep = |n| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let body = format!(
            "{}\n{}\n{{\"id\":1,\"name\":\"a\",\"x\":{}}}\n{{\"id\":2,\"name\":\"b\",\"x\":{}}}\n",
            deep(200),
            deep(100),
            deep(200),
            deep(100)
        );
        let ours = post_text(fast::router(), "/values", Body::from(body.clone())).await;
        let theirs = post_text(reference::router(), "/values", Body::from(body.clone())).await;
        assert_eq!(ours, theirs);
        assert_eq!(ours.matches("error").count(), 2);

        let ours = post_text(fast::router(), "/records", Body::from(body.clone())).await;
        let theirs = post_text(reference::router(), "/records", Body::from(body)).await;
        let record = |id, name| format!("ok {{\"id\":{id},\"name\":\"{name}\",\"tags\":[]}}\n");
        assert_eq!(
            theirs,
            format!("error\nerror\n{}{}", record(1, "a"), record(2, "b"))
        );
        assert_eq!(ours, format!("error\nerror\nerror\n{}", record(2, "b")));
    });
}
