#![cfg(feature = "axum")]
//! `fastjson::axum::Json` against axum's own `Json` on the same routes: the same status for every
//! request, the same success bodies, axum's words before each rejection's error; the cases axum's
//! own tests pin; `Option<Json<T>>`; the response; the pool a router sets; and what a warm
//! extractor allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;

use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, Request, StatusCode};
use axum::routing::post;
use axum::{Extension, Router};
use fastjson::axum::{Json, JsonRejection};
use fastjson::{DecodePool, FastJson};
use http_body_util::BodyExt;
use serde::{Deserialize, Serialize};
use tower::ServiceExt;

/// Counts the allocations of the current thread only: the harness runs tests on other threads.
struct CountingAlloc;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

fn allocations_of<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    (result, ALLOCATIONS.with(Cell::get) - before)
}

/// One type for both routers: fastjson reads the `#[serde]` attributes serde does.
#[derive(FastJson, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Order {
    id: u64,
    customer: String,
    lines: Vec<Line>,
    status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    tags: BTreeMap<String, i32>,
}

#[derive(FastJson, Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Line {
    sku: String,
    quantity: u16,
    price: f64,
}

#[derive(FastJson, Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Status {
    Open,
    Paid,
}

/// The same handler text under both `Json` types.
macro_rules! handlers {
    ($module:ident, $json:path) => {
        mod $module {
            use super::*;
            use $json as J;

            pub async fn echo(J(order): J<Order>) -> J<Order> {
                J(order)
            }

            pub async fn optional(order: Option<J<Order>>) -> String {
                match order {
                    Some(J(order)) => format!("some {}", order.id),
                    None => "none".to_owned(),
                }
            }

            pub async fn value(J(_): J<serde_json::Value>) {}

            pub fn router() -> Router {
                Router::new()
                    .route("/echo", post(echo))
                    .route("/optional", post(optional))
                    .route("/value", post(value))
            }
        }
    };
}

handlers!(fast, fastjson::axum::Json);
handlers!(reference, axum::Json);

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

struct Answer {
    status: StatusCode,
    content_type: Option<String>,
    body: Vec<u8>,
}

async fn send(router: Router, path: &str, content_type: Option<&str>, body: Vec<u8>) -> Answer {
    let mut request = Request::post(path);
    if let Some(content_type) = content_type {
        request = request.header(header::CONTENT_TYPE, content_type);
    }
    let response = router
        .oneshot(request.body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_owned());
    let body = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        content_type,
        body: body.to_vec(),
    }
}

const ORDER: &str = r#"{"id":7,"customer":"Ada \"L\"\n","lines":[{"sku":"a-1","quantity":2,"price":9.5},{"sku":"\u00e9","quantity":1,"price":0.1}],"status":"paid","note":"ring twice","tags":{"vip":1,"b":-2}}"#;

/// Requests around the order: valid ones in several spellings, and every way a body fails.
fn bodies() -> Vec<(&'static str, Vec<u8>)> {
    let mut bodies: Vec<(&'static str, Vec<u8>)> = vec![
        ("valid", ORDER.into()),
        ("valid, pretty", {
            let value: serde_json::Value = serde_json::from_str(ORDER).unwrap();
            serde_json::to_vec_pretty(&value).unwrap()
        }),
        (
            "valid, no note",
            ORDER.replace(r#","note":"ring twice""#, "").into(),
        ),
        (
            "valid, null note",
            ORDER.replace(r#""ring twice""#, "null").into(),
        ),
        ("valid, trailing whitespace", format!("{ORDER} \n\t").into()),
        ("empty", b"".to_vec()),
        ("whitespace", b"  \n".to_vec()),
        ("trailing characters", format!("{ORDER} x").into()),
        ("two values", format!("{ORDER}{ORDER}").into()),
        ("bad token", b"{\"id\": tru}".to_vec()),
        ("invalid utf-8", ORDER.replace("Ada", "A\u{0}").into_bytes()),
        ("raw invalid utf-8", {
            let mut body = ORDER.as_bytes().to_vec();
            let at = ORDER.find("Ada").unwrap();
            body[at] = 0xff;
            body
        }),
        ("lone surrogate", ORDER.replace("Ada", "\\ud800").into()),
        (
            "wrong type",
            ORDER.replace("\"id\":7", "\"id\":\"7\"").into(),
        ),
        ("negative id", ORDER.replace("\"id\":7", "\"id\":-7").into()),
        (
            "quantity too big",
            ORDER.replace("\"quantity\":2", "\"quantity\":70000").into(),
        ),
        ("missing field", ORDER.replace("\"id\":7,", "").into()),
        (
            "unknown field",
            ORDER.replace("\"id\":7,", "\"id\":7,\"x\":1,").into(),
        ),
        (
            "unknown variant",
            ORDER.replace("\"paid\"", "\"lost\"").into(),
        ),
        (
            "duplicate field",
            ORDER.replace("\"id\":7,", "\"id\":7,\"id\":8,").into(),
        ),
        ("array instead", b"[1,2]".to_vec()),
        ("null", b"null".to_vec()),
        (
            "deep",
            format!("{}{}", "[".repeat(200), "]".repeat(200)).into(),
        ),
        (
            "deep in a field",
            ORDER
                .replace(
                    "\"ring twice\"",
                    &format!("{}{}", "[".repeat(200), "]".repeat(200)),
                )
                .into(),
        ),
    ];
    for cut in [1, 10, ORDER.len() / 2, ORDER.len() - 1] {
        bodies.push(("truncated", ORDER.as_bytes()[..cut].to_vec()));
    }
    // Inside an escape and inside a number.
    let escape = ORDER.find("\\\"").unwrap() + 1;
    bodies.push((
        "truncated in an escape",
        ORDER.as_bytes()[..escape].to_vec(),
    ));
    let number = ORDER.find("9.5").unwrap() + 2;
    bodies.push(("truncated in a number", ORDER.as_bytes()[..number].to_vec()));
    bodies
}

const CONTENT_TYPES: &[Option<&str>] = &[
    Some("application/json"),
    Some("application/json; charset=utf-8"),
    Some("application/json;charset=UTF-8"),
    Some("Application/JSON"),
    Some("application/cloudevents+json"),
    Some("application/merge-patch+json; charset=utf-8"),
    Some("text/json"),
    Some("application/jsonx"),
    Some("application/json-patch"),
    Some("application/"),
    Some("json"),
    Some(""),
    None,
];

/// The part of a rejection body that is axum's: the words before the error.
fn axum_words(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    text.split(": ").next().unwrap().to_owned()
}

#[test]
fn every_request_gets_axums_status_and_body() {
    runtime().block_on(async {
        let mut differences = Vec::new();
        let mut checked = 0;
        for path in ["/echo", "/optional"] {
            for &content_type in CONTENT_TYPES {
                for (name, body) in bodies() {
                    let ours = send(fast::router(), path, content_type, body.clone()).await;
                    let theirs = send(reference::router(), path, content_type, body).await;
                    checked += 1;
                    let same = ours.status == theirs.status
                        && ours.content_type == theirs.content_type
                        && if ours.status.is_success() {
                            ours.body == theirs.body
                        } else {
                            axum_words(&ours.body) == axum_words(&theirs.body)
                        };
                    if !same {
                        differences.push(format!(
                            "{path} {content_type:?} {name}: ours {} {:?} {:?}, axum's {} {:?} {:?}",
                            ours.status,
                            ours.content_type,
                            String::from_utf8_lossy(&ours.body),
                            theirs.status,
                            theirs.content_type,
                            String::from_utf8_lossy(&theirs.body),
                        ));
                    }
                }
            }
        }
        assert!(checked > 700, "{checked} requests");
        assert!(differences.is_empty(), "{}", differences.join("\n"));
    });
}

/// The statuses the comparison above covers, stated: it would pass if both answered 500.
#[test]
fn statuses_by_kind() {
    runtime().block_on(async {
        let json = Some("application/json");
        let status = |answer: Answer| answer.status;
        let echo = |ct, body: &str| send(fast::router(), "/echo", ct, body.as_bytes().to_vec());
        assert_eq!(status(echo(json, ORDER).await), StatusCode::OK);
        assert_eq!(
            status(echo(None, ORDER).await),
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        assert_eq!(
            status(echo(Some("text/json"), ORDER).await),
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        assert_eq!(status(echo(json, "{").await), StatusCode::BAD_REQUEST);
        assert_eq!(status(echo(json, "").await), StatusCode::BAD_REQUEST);
        assert_eq!(
            status(echo(json, "[1]").await),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        let optional = |ct| send(fast::router(), "/optional", ct, Vec::new());
        assert_eq!(optional(None).await.body, b"none");
        assert_eq!(
            status(optional(Some("text/plain")).await),
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        let some = send(fast::router(), "/optional", json, ORDER.into()).await;
        assert_eq!(some.body, b"some 7");
    });
}

/// axum's own tests of its `Json`, with fastjson's error after axum's words.
#[test]
fn axums_pinned_cases() {
    runtime().block_on(async {
        for (content_type, ok) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("application/json;charset=utf-8", true),
            ("application/cloudevents+json", true),
            ("text/json", false),
        ] {
            let answer = send(fast::router(), "/value", Some(content_type), b"{}".to_vec()).await;
            assert_eq!(answer.status == StatusCode::OK, ok, "{content_type}");
        }

        #[derive(FastJson)]
        struct Input {
            foo: String,
        }
        let app = Router::new().route("/", post(|input: Json<Input>| async { input.0.foo }));
        let answer = send(
            app,
            "/",
            Some("application/json"),
            br#"{ "foo": "bar" } baz "#.to_vec(),
        )
        .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            answer.content_type.as_deref(),
            Some("text/plain; charset=utf-8")
        );
        assert_eq!(
            String::from_utf8(answer.body).unwrap(),
            "Failed to parse the request body as JSON: trailing characters after the value at $ (line 1, column 18)"
        );

        #[derive(FastJson)]
        #[allow(dead_code)]
        struct Foo {
            a: i32,
            b: Vec<Bar>,
        }
        #[derive(FastJson)]
        #[allow(dead_code)]
        struct Bar {
            x: i32,
            y: i32,
        }
        let app = Router::new().route("/", post(|_: Json<Foo>| async {}));
        let answer = send(
            app,
            "/",
            Some("application/json"),
            b"{\"a\": 1, \"b\": [{\"x\": 2}]}".to_vec(),
        )
        .await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            String::from_utf8(answer.body).unwrap(),
            "Failed to deserialize the JSON body into the target type: missing field `y` at $.b[0] (line 1, column 23)"
        );
    });
}

/// The body is read through `Bytes`, so the router's `DefaultBodyLimit` answers 413, as axum's.
#[test]
fn oversize_bodies_are_413() {
    runtime().block_on(async {
        let padding = " ".repeat(2 << 20);
        let big = format!("{ORDER}{padding}").into_bytes();
        for router in [fast::router(), reference::router()] {
            let answer = send(router, "/echo", Some("application/json"), big.clone()).await;
            assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
        }
        let limited = fast::router().layer(DefaultBodyLimit::max(64));
        let answer = send(limited, "/echo", Some("application/json"), ORDER.into()).await;
        assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
        let raised = fast::router().layer(DefaultBodyLimit::max(4 << 20));
        let answer = send(raised, "/echo", Some("application/json"), big).await;
        assert_eq!(answer.status, StatusCode::OK);
    });
}

/// A router's `DecodePool` extension sets the nesting limit (and the retained cap).
#[test]
fn a_routers_pool_applies() {
    runtime().block_on(async {
        let deep = format!("{}{}", "[".repeat(20), "]".repeat(20));
        let value_route = || Router::new().route("/", post(fast::value));
        let answer = send(
            value_route(),
            "/",
            Some("application/json"),
            deep.clone().into(),
        )
        .await;
        assert_eq!(answer.status, StatusCode::OK);
        let shallow = value_route().layer(Extension(DecodePool::new().with_max_depth(8)));
        let answer = send(shallow, "/", Some("application/json"), deep.into()).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        assert!(String::from_utf8(answer.body)
            .unwrap()
            .contains("nesting deeper than the limit of 8"));
    });
}

/// The response: 200, `application/json`, serde_json's bytes.
#[test]
fn responses_are_serde_jsons_bytes() {
    let order: Order = serde_json::from_str(ORDER).unwrap();
    runtime().block_on(async {
        let response = axum::response::IntoResponse::into_response(Json(order.clone()));
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers().get(header::CONTENT_TYPE).unwrap(),
            "application/json"
        );
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(body, serde_json::to_vec(&order).unwrap());
    });
}

#[test]
fn conversions_as_axums() {
    let mut json: Json<Vec<u8>> = vec![1].into();
    json.push(2);
    assert_eq!(*json, [1, 2]);
    assert_eq!(Json::<Vec<u8>>::default().0, Vec::<u8>::new());
    let Json(numbers) = Json::<Vec<u8>>::from_bytes(b" [3] ").unwrap();
    assert_eq!(numbers, [3]);
    let rejection = Json::<Vec<u8>>::from_bytes(b"[3").unwrap_err();
    assert!(matches!(rejection, JsonRejection::JsonSyntaxError(_)));
    assert!(std::error::Error::source(&rejection).is_some());
    let rejection = Json::<Vec<u8>>::from_bytes(b"[300]").unwrap_err();
    assert!(matches!(rejection, JsonRejection::JsonDataError(_)));
    assert_eq!(rejection.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

/// Warm, the extractor allocates what the value owns and nothing for its escaped strings: the
/// same count as a warm `Decoder`, fewer than `from_slice`, which allocates a scratch buffer.
#[test]
fn a_warm_extractor_allocates_only_the_value() {
    std::thread::spawn(|| {
        let body = ORDER.as_bytes();
        let _ = Json::<Order>::from_bytes(body).unwrap();
        let (order, pooled) = allocations_of(|| Json::<Order>::from_bytes(body).unwrap());
        let mut decoder = fastjson::Decoder::new();
        let _: Order = decoder.decode(body).unwrap();
        let (_, warm) = allocations_of(|| decoder.decode::<Order>(body).unwrap());
        let (_, fresh) = allocations_of(|| fastjson::from_slice::<Order>(body).unwrap());
        assert_eq!(pooled, warm, "pooled {pooled}, warm decoder {warm}");
        assert!(pooled < fresh, "pooled {pooled}, from_slice {fresh}");
        // What the value owns: the customer, the note, two skus, the lines, two tag keys and the
        // map's node.
        let (_, owned) = allocations_of(|| order.0.clone());
        assert_eq!(
            pooled, owned,
            "pooled {pooled}, a clone of the value {owned}"
        );
    })
    .join()
    .unwrap();
}
