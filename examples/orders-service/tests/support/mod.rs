//! Loopback servers and a plain hyper HTTP/1 client for the integration tests.
//!
//! Every network await is bounded by [`NET_TIMEOUT`], so a hung server fails its test instead of
//! blocking the run.

#![allow(dead_code)] // each test file uses its own subset

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode};
use axum::Router;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// The bound on every connect, request, body read and shutdown.
pub const NET_TIMEOUT: Duration = Duration::from_secs(10);

/// Awaits `fut` for at most [`NET_TIMEOUT`], panicking with `what` if it takes longer.
pub async fn bounded<F: Future>(what: &str, fut: F) -> F::Output {
    match tokio::time::timeout(NET_TIMEOUT, fut).await {
        Ok(out) => out,
        Err(_) => panic!("{what}: no answer within {NET_TIMEOUT:?}"),
    }
}

/// A router served on an ephemeral loopback port until [`Server::stop`].
pub struct Server {
    pub addr: SocketAddr,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    pub async fn start(router: Router) -> Self {
        let listener = bounded("bind", TcpListener::bind("127.0.0.1:0"))
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local_addr");
        let (shutdown, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            axum::serve(listener, router)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await
        });
        Self {
            addr,
            shutdown,
            task,
        }
    }

    /// Stops accepting, waits for open connections to finish, and surfaces a serve error.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        bounded("graceful shutdown", self.task)
            .await
            .expect("server task panicked")
            .expect("axum::serve failed");
    }
}

/// A response, fully read.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Reply {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn content_type(&self) -> Option<&str> {
        self.headers
            .get("content-type")
            .map(|v| v.to_str().expect("ASCII content-type"))
    }

    /// The body decoded as `T`, after checking that the server said it is JSON.
    pub fn json<T: fastjson::DecodeOwned>(&self) -> T {
        assert_eq!(
            self.content_type(),
            Some("application/json"),
            "{}",
            self.text()
        );
        fastjson::from_slice(&self.body)
            .unwrap_or_else(|err| panic!("{err}: body was {}", self.text()))
    }
}

/// Sends one request on a new connection and reads the whole response.
///
/// `headers` may repeat a name: each pair is appended, in order. Values are bytes so a test can
/// send a header that is not valid UTF-8.
pub async fn send(
    addr: SocketAddr,
    method: Method,
    path: &str,
    headers: &[(&str, &[u8])],
    body: impl Into<Bytes>,
) -> Reply {
    let stream = bounded("connect", TcpStream::connect(addr))
        .await
        .expect("connect");
    let (mut sender, conn) = bounded(
        "handshake",
        hyper::client::conn::http1::handshake(TokioIo::new(stream)),
    )
    .await
    .expect("handshake");
    // The connection task ends when `sender` is dropped at the end of this function.
    let conn = tokio::spawn(conn);

    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("host", addr.to_string());
    for (name, value) in headers {
        request = request.header(*name, HeaderValue::from_bytes(value).expect("header value"));
    }
    let request = request
        .body(Full::new(body.into()))
        .expect("request builder");

    let response = bounded("response head", sender.send_request(request))
        .await
        .expect("send_request");
    let status = response.status();
    let headers = response.headers().clone();
    let body = bounded("response body", response.into_body().collect())
        .await
        .expect("read body")
        .to_bytes();
    drop(sender);
    let _ = bounded("connection close", conn).await;
    Reply {
        status,
        headers,
        body,
    }
}

/// A valid `NewOrder` document for `customer` with `status` (two line items, metadata).
pub fn order_json(customer: u64, status: &str) -> String {
    format!(
        r#"{{"customer_id":{customer},"status":"{status}","currency":"EUR","items":[{}],"shipping":{},"gift":false,"tags":["web","first-order"],"metadata":{{"channel":"web","campaign":{{"id":17,"source":"newsletter"}},"score":0.75}}}}"#,
        [
            r#"{"sku":"SKU-1","name":"Kettle","quantity":2,"unit_price":19.99,"tax_rate":0.2,"weight_grams":1200}"#,
            r#"{"sku":"SKU-2","name":"Mug","quantity":3,"unit_price":4.5,"discount":1.5,"tax_rate":0.2,"weight_grams":350}"#,
        ]
        .join(","),
        ADDRESS_JSON,
    )
}

pub const ADDRESS_JSON: &str = r#"{"name":"Ada Lovelace","line1":"12 St James's Square","city":"London","region":"London","postal_code":"SW1Y 4JH","country":"GB"}"#;

pub const JSON: (&str, &[u8]) = ("content-type", b"application/json");
