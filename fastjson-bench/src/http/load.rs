//! The load generator: a hyper 1 client, one `http1` connection per simulated client (kept
//! alive), each sending its script's requests back to back. A window ends at its deadline or
//! when every connection has sent its request budget, whichever comes first; every network
//! await has a timeout, so a stuck server fails the window instead of hanging the run.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::client::conn::http1::SendRequest;
use hyper::{Method, Request, StatusCode};
use hyper_util::rt::TokioIo;

/// Longest wait for one connect, handshake or request and its whole response.
pub const IO_TIMEOUT: Duration = Duration::from_secs(10);

/// One request of a script, with the status it must answer.
#[derive(Clone)]
pub struct Step {
    pub method: Method,
    pub path: &'static str,
    /// Sent with `content-type: application/json` when not empty.
    pub body: Bytes,
    pub status: StatusCode,
}

/// A response as the gate compares it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub status: StatusCode,
    pub content_type: Option<String>,
    pub body: Bytes,
}

/// One window's outcome.
#[derive(Debug, Clone)]
pub struct Window {
    /// Requests completed per connection.
    pub per_connection: Vec<u64>,
    /// Every request's latency (send to last body byte) in nanoseconds.
    pub latencies_ns: Vec<u64>,
    /// From the start signal until the last connection stopped.
    pub elapsed: Duration,
    /// Allocations and bytes by the whole process (both runtimes) from the start signal until
    /// the last connection stopped, when counted (connection setup excluded).
    pub allocs: Option<(u64, u64)>,
}

impl Window {
    pub fn total(&self) -> u64 {
        self.per_connection.iter().sum()
    }

    /// Connections that completed no request.
    pub fn idle_connections(&self) -> usize {
        self.per_connection.iter().filter(|&&n| n == 0).count()
    }

    pub fn throughput(&self) -> f64 {
        self.total() as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

async fn timed<T, E: std::fmt::Display>(
    what: &str,
    fut: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, String> {
    match tokio::time::timeout(IO_TIMEOUT, fut).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(format!("{what}: {e}")),
        Err(_) => Err(format!("{what}: no answer within {IO_TIMEOUT:?}")),
    }
}

/// Opens one keep-alive connection; its driver runs as a task of the current runtime.
pub async fn connect(addr: SocketAddr) -> Result<SendRequest<Full<Bytes>>, String> {
    let stream = timed("connect", tokio::net::TcpStream::connect(addr)).await?;
    stream
        .set_nodelay(true)
        .map_err(|e| format!("nodelay: {e}"))?;
    let (sender, conn) = timed(
        "handshake",
        hyper::client::conn::http1::handshake(TokioIo::new(stream)),
    )
    .await?;
    tokio::spawn(async move {
        // Ends when the sender is dropped or the server closes; an error then is the window's
        // own (its request fails first).
        let _ = conn.await;
    });
    Ok(sender)
}

/// Sends `step` and reads the whole answer.
pub async fn send(sender: &mut SendRequest<Full<Bytes>>, step: &Step) -> Result<Answer, String> {
    let mut req = Request::builder()
        .method(step.method.clone())
        .uri(step.path)
        .header(hyper::header::HOST, "127.0.0.1");
    if !step.body.is_empty() {
        req = req.header(hyper::header::CONTENT_TYPE, "application/json");
    }
    let req = req
        .body(Full::new(step.body.clone()))
        .map_err(|e| format!("request: {e}"))?;
    timed("connection ready", sender.ready()).await?;
    let exchange = async {
        let response = sender.send_request(req).await?;
        let (parts, body) = response.into_parts();
        let body = body.collect().await?.to_bytes();
        Ok::<_, hyper::Error>((parts, body))
    };
    let (parts, body) = timed(step.path, exchange).await?;
    Ok(Answer {
        status: parts.status,
        content_type: parts
            .headers
            .get(hyper::header::CONTENT_TYPE)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned()),
        body,
    })
}

/// Runs `connections` connections against `addr`, each repeating `script` until `window` has
/// passed or it has completed `per_connection` requests. Connections are opened before the
/// window starts. Runs on `rt` (the client runtime). With `count_allocs`, the process's
/// allocations during the window are counted (see [`crate::alloc_count::Window`]).
pub fn run_window(
    rt: &tokio::runtime::Runtime,
    addr: SocketAddr,
    script: &[Step],
    connections: usize,
    window: Duration,
    per_connection: u64,
    count_allocs: bool,
) -> Result<Window, String> {
    rt.block_on(async {
        let mut senders = Vec::with_capacity(connections);
        for _ in 0..connections {
            senders.push(connect(addr).await?);
        }
        let counting = if count_allocs {
            crate::alloc_count::Window::start()
        } else {
            None
        };
        let start = Instant::now();
        let deadline = start + window;
        let mut tasks = tokio::task::JoinSet::new();
        for (i, mut sender) in senders.into_iter().enumerate() {
            let script = script.to_vec();
            tasks.spawn(async move {
                let mut latencies = Vec::with_capacity(1024);
                // Connections start at different points of the script, so the server sees a
                // mix of routes at once.
                let mut k = i;
                // The deadline is checked before each request, so a connection that never got
                // the client runtime during the window completes nothing and is flagged.
                while (latencies.len() as u64) < per_connection && Instant::now() < deadline {
                    let step = &script[k % script.len()];
                    let t = Instant::now();
                    let answer = send(&mut sender, step).await?;
                    latencies.push(t.elapsed().as_nanos() as u64);
                    if answer.status != step.status {
                        return Err(format!(
                            "{} {}: status {} (expected {})",
                            step.method, step.path, answer.status, step.status
                        ));
                    }
                    k += 1;
                }
                Ok::<_, String>((i, latencies))
            });
        }
        let mut per = vec![Vec::new(); connections];
        let mut failure = None;
        while let Some(joined) = tasks.join_next().await {
            match joined.map_err(|e| format!("connection task: {e}")) {
                Ok(Ok((i, lat))) => per[i] = lat,
                Ok(Err(e)) | Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
        let elapsed = start.elapsed();
        // Stopped on every path, so a failed window cannot leave the counter running.
        let allocs = counting.map(crate::alloc_count::Window::stop);
        if let Some(e) = failure {
            return Err(e);
        }
        Ok(Window {
            allocs,
            per_connection: per.iter().map(|l| l.len() as u64).collect(),
            latencies_ns: per.into_iter().flatten().collect(),
            elapsed,
        })
    })
}
