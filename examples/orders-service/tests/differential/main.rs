//! The same handlers on `fastjson::axum::Json` and on `axum::Json` (serde_json), request by
//! request: one corpus of valid, malformed and hostile requests, each sent to both mounts on
//! their own loopback servers over identically seeded stores.
//!
//! Both must answer with the same status; a success (or one of the handlers' JSON errors) with
//! the same bytes and content type; an axum rejection with the same wording before the first
//! `": "` (after it comes each JSON library's own message). The few requests on which the two
//! libraries are known to differ are marked in the corpus with the reason and both statuses, so
//! the test fails if such a difference changes or goes away.

mod corpus;
#[path = "../support/mod.rs"]
mod support;

use axum::http::StatusCode;
use corpus::{corpus, Case};
use orders_service::clock::fixed_clock;
use orders_service::model::NewOrder;
use orders_service::{app, Store};
use support::{order_json, send, Reply, Server};

/// The oracle: the service's handlers, token for token, on axum's serde_json-backed Json.
mod reference {
    orders_service::orders_api!(axum::Json);
}

/// Both stores hold the same two orders, stamped by the same fixed clock.
fn seeded_store() -> Store {
    let store = Store::with_limits(10, fixed_clock("2026-12-07T08:00:00Z"));
    for (customer, status) in [(5, "paid"), (6, "pending")] {
        let new: NewOrder = fastjson::from_str(&order_json(customer, status)).expect("seed order");
        store.create(new).expect("seed fits");
    }
    store
}

/// What one mount answered, as far as the comparison looks.
struct Seen {
    status: StatusCode,
    content_type: String,
    location: String,
    body: Vec<u8>,
}

impl Seen {
    fn from(reply: Reply) -> Self {
        let header = |name: &str| {
            reply
                .headers
                .get(name)
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
                .unwrap_or_default()
        };
        Self {
            status: reply.status,
            content_type: header("content-type"),
            location: header("location"),
            body: reply.body.to_vec(),
        }
    }

    /// The part of the body both libraries must agree on: all of it for a success or one of the
    /// handlers' JSON errors, axum's wording up to the first `": "` for an axum rejection.
    fn compared_body(&self) -> &[u8] {
        if self.status.is_success() || self.content_type == "application/json" {
            return &self.body;
        }
        let end = self
            .body
            .windows(2)
            .position(|w| w == b": ")
            .unwrap_or(self.body.len());
        &self.body[..end]
    }

    fn summary(&self) -> String {
        let text = String::from_utf8_lossy(&self.body);
        let mut short: String = text.chars().take(110).collect();
        if short.len() < text.len() {
            short.push('…');
        }
        format!("{} {:?} {short:?}", self.status.as_u16(), self.content_type)
    }
}

async fn ask(router: axum::Router, case: &Case) -> Seen {
    let server = Server::start(router).await;
    let headers: Vec<(&str, &[u8])> = case
        .content_types
        .iter()
        .map(|ct| ("content-type", &ct[..]))
        .collect();
    let reply = send(
        server.addr,
        case.method.clone(),
        case.path,
        &headers,
        case.body.clone(),
    )
    .await;
    server.stop().await;
    Seen::from(reply)
}

/// Compares one case's answers; `None` when they agree as required.
fn difference(case: &Case, fast: &Seen, reference: &Seen) -> Option<String> {
    if let Some(known) = &case.known {
        let says = known.fast_says.as_bytes();
        let as_known = fast.status == known.fast
            && reference.status == known.reference
            && fast.body.windows(says.len()).any(|w| w == says)
            && fast.compared_body() != reference.compared_body();
        return (!as_known).then(|| {
            format!(
                "not the known difference ({}): expected fastjson {} saying {:?}, axum::Json {}",
                known.why,
                known.fast.as_u16(),
                known.fast_says,
                known.reference.as_u16()
            )
        });
    }
    if fast.status != reference.status {
        return Some("status".into());
    }
    if fast.content_type != reference.content_type || fast.location != reference.location {
        return Some("headers".into());
    }
    if fast.compared_body() != reference.compared_body() {
        return Some(
            if fast.status.is_success() {
                "body bytes"
            } else {
                "rejection wording"
            }
            .into(),
        );
    }
    None
}

#[tokio::test]
async fn fastjson_and_axum_json_answer_alike() {
    let corpus = corpus();
    assert!(corpus.len() >= 60, "the corpus shrank to {}", corpus.len());
    let mut differences = Vec::new();
    let mut successes = 0;
    for case in &corpus {
        let fast = ask(app(seeded_store()), case).await;
        let reference = ask(reference::router(seeded_store()), case).await;
        successes += usize::from(fast.status.is_success() && reference.status.is_success());
        if let Some(what) = difference(case, &fast, &reference) {
            differences.push(format!(
                "| {} | {what} |\n|   fastjson       | {} |\n|   axum::Json     | {} |",
                case.name,
                fast.summary(),
                reference.summary()
            ));
        }
    }
    let known = corpus.iter().filter(|case| case.known.is_some()).count();
    println!(
        "{} requests: {successes} succeeded on both mounts, {known} known differences",
        corpus.len()
    );
    // Both kinds must be well represented, or the comparison proves little.
    assert!(
        successes >= 30,
        "only {successes} requests succeeded on both mounts"
    );
    assert!(
        corpus.len() - successes >= 60,
        "only {} rejections",
        corpus.len() - successes
    );
    assert!(
        differences.is_empty(),
        "{} of {} requests answered differently:\n{}",
        differences.len(),
        corpus.len(),
        differences.join("\n")
    );
}
