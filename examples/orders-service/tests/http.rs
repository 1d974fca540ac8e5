//! The service over real HTTP: every route, every rejection class, body limits, capacity and
//! concurrent clients, against `orders_service::app` on a loopback port.

mod support;

use std::collections::BTreeSet;

use axum::extract::DefaultBodyLimit;
use axum::http::{Method, StatusCode};
use orders_service::clock::fixed_clock;
use orders_service::model::{ErrorBody, Order, OrderPage, OrderStatus};
use orders_service::{app, Store};
use support::{bounded, order_json, send, Reply, Server, JSON};

const CREATED_AT: &str = "2026-12-07T08:00:00Z";
const SYNTAX: &str = "Failed to parse the request body as JSON: ";
const DATA: &str = "Failed to deserialize the JSON body into the target type: ";
const UNSUPPORTED: &str = "Expected request with `Content-Type: application/json`";

fn store(max_orders: usize) -> Store {
    Store::with_limits(max_orders, fixed_clock(CREATED_AT))
}

async fn post(server: &Server, body: impl Into<bytes::Bytes>) -> Reply {
    send(server.addr, Method::POST, "/orders", &[JSON], body).await
}

async fn get(server: &Server, path: &str) -> Reply {
    send(server.addr, Method::GET, path, &[], "").await
}

fn ids(page: &OrderPage) -> Vec<u64> {
    page.orders.iter().map(|o| o.id).collect()
}

#[tokio::test]
async fn every_route_happy_path() {
    let server = Server::start(app(store(100))).await;

    let created = post(&server, order_json(7, "pending")).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    assert_eq!(created.headers["location"], "/orders/1");
    let first: Order = created.json();
    assert_eq!(first.id, 1);
    assert_eq!(first.created_at, CREATED_AT);
    assert_eq!(first.updated_at, None);
    assert_eq!(
        (first.subtotal, first.tax, first.total),
        (51.98, 10.4, 62.38)
    );
    assert_eq!(first.metadata["campaign"]["source"], "newsletter");
    for (customer, status) in [(7, "paid"), (8, "paid"), (9, "shipped")] {
        let reply = post(&server, order_json(customer, status)).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
    }

    let fetched = get(&server, "/orders/1").await;
    assert_eq!(fetched.status, StatusCode::OK);
    assert_eq!(fetched.json::<Order>(), first);
    // The response to a create is the stored order, byte for byte what a later GET returns.
    assert_eq!(fetched.body, created.body);

    let all: OrderPage = get(&server, "/orders").await.json();
    assert_eq!((all.total, all.offset, all.limit), (4, 0, 20));
    assert_eq!(ids(&all), [1, 2, 3, 4]);
    let paid: OrderPage = get(&server, "/orders?status=paid").await.json();
    assert_eq!((paid.total, ids(&paid)), (2, vec![2, 3]));
    let seven: OrderPage = get(&server, "/orders?customer=7").await.json();
    assert_eq!((seven.total, ids(&seven)), (2, vec![1, 2]));
    let both: OrderPage = get(&server, "/orders?status=paid&customer=7").await.json();
    assert_eq!((both.total, ids(&both)), (1, vec![2]));
    let limited: OrderPage = get(&server, "/orders?limit=2").await.json();
    assert_eq!(
        (limited.total, limited.limit, ids(&limited)),
        (4, 2, vec![1, 2])
    );
    let paged: OrderPage = get(&server, "/orders?limit=2&offset=3").await.json();
    assert_eq!((paged.offset, ids(&paged)), (3, vec![4]));
    let capped: OrderPage = get(&server, "/orders?limit=100000").await.json();
    assert_eq!((capped.limit, capped.orders.len()), (100, 4));
    let past_end: OrderPage = get(&server, "/orders?offset=10").await.json();
    assert_eq!((past_end.total, past_end.orders.len()), (4, 0));

    // PUT replaces everything but the id and the creation time, and recomputes the totals.
    let replacement = order_json(70, "delivered").replace(r#""quantity":2"#, r#""quantity":1"#);
    let put = send(server.addr, Method::PUT, "/orders/1", &[JSON], replacement).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text());
    let replaced: Order = put.json();
    assert_eq!((replaced.id, replaced.customer_id), (1, 70));
    assert_eq!(replaced.status, OrderStatus::Delivered);
    assert_eq!(replaced.created_at, CREATED_AT);
    assert_eq!(replaced.updated_at.as_deref(), Some(CREATED_AT));
    assert_eq!(replaced.subtotal, 31.99);

    // PATCH with a body changes the fields it names, and only those.
    let body = r#"{"status":"cancelled","tags":["returned"],"gift":true}"#;
    let patched: Order = send(server.addr, Method::PATCH, "/orders/2", &[JSON], body)
        .await
        .json();
    assert_eq!(patched.status, OrderStatus::Cancelled);
    assert_eq!(
        (patched.tags.as_slice(), patched.gift),
        (&["returned".to_owned()][..], true)
    );
    assert_eq!(patched.items.len(), 2);
    assert_eq!(patched.updated_at.as_deref(), Some(CREATED_AT));

    // PATCH without a content type is a touch: only `updated_at` changes.
    let before: Order = get(&server, "/orders/3").await.json();
    let touched = send(server.addr, Method::PATCH, "/orders/3", &[], "").await;
    assert_eq!(touched.status, StatusCode::OK, "{}", touched.text());
    let touched: Order = touched.json();
    assert_eq!(touched.updated_at.as_deref(), Some(CREATED_AT));
    assert_eq!(
        Order {
            updated_at: None,
            ..touched
        },
        before
    );

    let deleted = send(server.addr, Method::DELETE, "/orders/4", &[], "").await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert!(deleted.body.is_empty());
    for (method, path) in [
        (Method::GET, "/orders/4"),
        (Method::DELETE, "/orders/4"),
        (Method::PATCH, "/orders/4"),
    ] {
        let missing = send(server.addr, method.clone(), path, &[], "").await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND, "{method} {path}");
        let error: ErrorBody = missing.json();
        assert_eq!(error.error, "not_found");
        assert_eq!(error.message, "no order with id 4");
    }
    let put_missing = send(
        server.addr,
        Method::PUT,
        "/orders/99",
        &[JSON],
        order_json(1, "paid"),
    )
    .await;
    assert_eq!(put_missing.status, StatusCode::NOT_FOUND);
    let remaining: OrderPage = get(&server, "/orders").await.json();
    assert_eq!(ids(&remaining), [1, 2, 3]);

    server.stop().await;
}

#[tokio::test]
async fn syntax_errors_are_400_with_a_position() {
    let server = Server::start(app(store(100))).await;
    let valid = order_json(1, "paid");
    let cases: [(&str, String); 5] = [
        (
            "malformed",
            r#"{"customer_id":1,,"currency":"EUR"}"#.to_owned(),
        ),
        ("bare word", "{\n  \"customer_id\": one\n}".to_owned()),
        ("truncated", valid[..valid.len() / 2].to_owned()),
        ("trailing characters", format!("{valid} x")),
        ("two documents", format!("{valid}{valid}")),
    ];
    for (name, body) in cases {
        let reply = post(&server, body).await;
        let text = reply.text();
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{name}: {text}");
        assert!(text.starts_with(SYNTAX), "{name}: {text}");
        assert!(
            text.contains("line ") && text.contains("column "),
            "{name}: {text}"
        );
    }
    // The position is where the fault is: line 2 of the pretty document above, not line 1.
    let reply = post(&server, "{\n  \"customer_id\": one\n}").await;
    assert!(reply.text().contains("line 2"), "{}", reply.text());
    let nothing = get(&server, "/orders").await.json::<OrderPage>();
    assert_eq!(nothing.total, 0, "a rejected request stored nothing");
    server.stop().await;
}

#[tokio::test]
async fn data_errors_are_422_naming_the_json_path() {
    let server = Server::start(app(store(100))).await;
    let valid = order_json(1, "paid");
    let cases = [
        (
            "wrong type",
            valid.replacen(r#""quantity":3"#, r#""quantity":"three""#, 1),
            "items[1].quantity",
        ),
        (
            "out of range",
            valid.replacen(r#""quantity":3"#, r#""quantity":4294967296"#, 1),
            "items[1].quantity",
        ),
        (
            "missing field",
            valid.replacen(r#""city":"London","#, "", 1),
            "city",
        ),
        (
            "unknown variant",
            valid.replacen(r#""status":"paid""#, r#""status":"lost""#, 1),
            "status",
        ),
        (
            "metadata not a map",
            valid
                .replacen(r#""metadata":{"#, r#""metadata":[{"#, 1)
                .replacen("}}}", "}}]}", 1),
            "metadata",
        ),
    ];
    for (name, body, path) in cases {
        let reply = post(&server, body).await;
        let text = reply.text();
        assert_eq!(
            reply.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{name}: {text}"
        );
        assert!(text.starts_with(DATA), "{name}: {text}");
        assert!(text.contains(path), "{name}: {text} should name {path}");
    }
    // A patch refuses a field it does not know rather than ignore a typo.
    let created = post(&server, valid).await;
    assert_eq!(created.status, StatusCode::CREATED);
    let reply = send(
        server.addr,
        Method::PATCH,
        "/orders/1",
        &[JSON],
        r#"{"stauts":"paid"}"#,
    )
    .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.text()
    );
    assert!(reply.text().contains("stauts"), "{}", reply.text());
    server.stop().await;
}

#[tokio::test]
async fn content_types() {
    let server = Server::start(app(store(100))).await;
    let body = order_json(1, "paid");
    for (content_type, expected) in [
        (Some("text/json"), StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (Some("text/plain"), StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (
            Some("application/jsonx"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (None, StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (Some("application/json; charset=utf-8"), StatusCode::CREATED),
        (Some("application/json;charset=UTF-8"), StatusCode::CREATED),
        (Some("application/vnd.orders+json"), StatusCode::CREATED),
    ] {
        let headers: Vec<(&str, &[u8])> = content_type
            .map(|ct| ("content-type", ct.as_bytes()))
            .into_iter()
            .collect();
        let reply = send(server.addr, Method::POST, "/orders", &headers, body.clone()).await;
        assert_eq!(reply.status, expected, "{content_type:?}: {}", reply.text());
        if expected == StatusCode::UNSUPPORTED_MEDIA_TYPE {
            assert_eq!(reply.text(), UNSUPPORTED, "{content_type:?}");
        }
    }
    // PATCH: a `+json` type is a patch; another type is refused, not taken for a touch.
    let merge = ("content-type", &b"application/merge-patch+json"[..]);
    let reply = send(
        server.addr,
        Method::PATCH,
        "/orders/1",
        &[merge],
        r#"{"status":"shipped"}"#,
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert_eq!(reply.json::<Order>().status, OrderStatus::Shipped);
    let plain = ("content-type", &b"text/plain"[..]);
    let reply = send(
        server.addr,
        Method::PATCH,
        "/orders/1",
        &[plain],
        r#"{"status":"paid"}"#,
    )
    .await;
    assert_eq!(
        reply.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "{}",
        reply.text()
    );
    server.stop().await;
}

#[tokio::test]
async fn bodies_over_the_limit_are_413() {
    // axum's default limit, which `app` keeps: 2 MiB.
    let server = Server::start(app(store(100))).await;
    let valid = order_json(1, "paid");
    // Trailing whitespace is part of a JSON document, so padding keeps it valid.
    let at_limit = valid.clone() + &" ".repeat(2 * 1024 * 1024 - valid.len());
    let reply = post(&server, at_limit.clone()).await;
    assert_eq!(
        reply.status,
        StatusCode::CREATED,
        "exactly 2 MiB is allowed"
    );
    let reply = post(&server, format!("{at_limit} ")).await;
    assert_eq!(
        reply.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        reply.text()
    );
    assert!(
        reply
            .text()
            .starts_with("Failed to buffer the request body"),
        "{}",
        reply.text()
    );
    server.stop().await;

    // A custom limit set with DefaultBodyLimit on the router reaches the Json extractor.
    let limited = app(store(100)).layer(DefaultBodyLimit::max(1024));
    let server = Server::start(limited).await;
    assert!(valid.len() < 1024);
    assert_eq!(
        post(&server, valid.clone()).await.status,
        StatusCode::CREATED
    );
    let big = valid.replacen(
        r#""tags":["#,
        &format!(r#""tags":["{}","#, "x".repeat(1024)),
        1,
    );
    let reply = post(&server, big).await;
    assert_eq!(
        reply.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        reply.text()
    );
    server.stop().await;
}

#[tokio::test]
async fn a_full_store_refuses_with_507() {
    let server = Server::start(app(store(2))).await;
    for _ in 0..2 {
        assert_eq!(
            post(&server, order_json(1, "paid")).await.status,
            StatusCode::CREATED
        );
    }
    let full = post(&server, order_json(1, "paid")).await;
    assert_eq!(full.status, StatusCode::INSUFFICIENT_STORAGE);
    assert_eq!(full.json::<ErrorBody>().error, "store_full");
    let deleted = send(server.addr, Method::DELETE, "/orders/1", &[], "").await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let again = post(&server, order_json(1, "paid")).await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.json::<Order>().id, 3, "ids are never reused");
    server.stop().await;
}

#[tokio::test]
async fn bad_paths_and_queries_are_400() {
    let server = Server::start(app(store(100))).await;
    for path in [
        "/orders/abc",
        "/orders/-1",
        "/orders?limit=many",
        "/orders?status=lost",
    ] {
        let reply = get(&server, path).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            reply.text()
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_clients_get_unique_ids_and_a_consistent_list() {
    const TASKS: u64 = 16;
    const PER_TASK: u64 = 25;
    let server = Server::start(app(store(1000))).await;
    let addr = server.addr;
    let clients: Vec<_> = (0..TASKS)
        .map(|task| {
            tokio::spawn(async move {
                let mut mine = Vec::new();
                for _ in 0..PER_TASK {
                    let reply = send(
                        addr,
                        Method::POST,
                        "/orders",
                        &[JSON],
                        order_json(task, "paid"),
                    )
                    .await;
                    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text());
                    let order: Order = reply.json();
                    // Read back at once: another client's write never shows through.
                    let fetched: Order =
                        send(addr, Method::GET, &format!("/orders/{}", order.id), &[], "")
                            .await
                            .json();
                    assert_eq!(fetched.customer_id, task);
                    mine.push(order.id);
                }
                mine
            })
        })
        .collect();
    let mut created = BTreeSet::new();
    for client in clients {
        for id in bounded("client task", client)
            .await
            .expect("client task panicked")
        {
            assert!(created.insert(id), "id {id} handed out twice");
        }
    }
    assert_eq!(created.len() as u64, TASKS * PER_TASK);

    let mut listed = BTreeSet::new();
    let mut offset = 0;
    loop {
        let page: OrderPage = get(&server, &format!("/orders?limit=100&offset={offset}"))
            .await
            .json();
        assert_eq!(page.total as u64, TASKS * PER_TASK);
        if page.orders.is_empty() {
            break;
        }
        offset += page.orders.len();
        listed.extend(ids(&page));
    }
    assert_eq!(listed, created);
    for task in [0, TASKS - 1] {
        let page: OrderPage = get(&server, &format!("/orders?customer={task}"))
            .await
            .json();
        assert_eq!(page.total as u64, PER_TASK);
    }
    server.stop().await;
}
