//! The services' server: one tokio runtime with a single worker thread, every mount on its own
//! loopback listener (127.0.0.1, port 0). The load generator runs on another single-threaded
//! runtime, so on a 2-core machine each side has one core; only one mount is under load at a
//! time (the cells are interleaved, never concurrent).

use std::net::SocketAddr;
use std::time::Duration;

use axum::serve::ListenerExt;

/// The running servers; dropping it stops them (the runtime and every connection task).
pub struct Servers {
    runtime: Option<tokio::runtime::Runtime>,
    /// Each mount's label and address, in mount order.
    pub addrs: Vec<(&'static str, SocketAddr)>,
}

impl Servers {
    /// Binds one listener per mount and serves it on a new 1-worker runtime.
    pub fn start(mounts: Vec<super::service::Mount>) -> Result<Servers, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("fastjson-bench-http-server")
            .enable_all()
            .build()
            .map_err(|e| format!("server runtime: {e}"))?;
        let mut addrs = Vec::new();
        for mount in mounts {
            let std_listener = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.set_nonblocking(true).map(|()| l))
                .map_err(|e| format!("bind 127.0.0.1:0: {e}"))?;
            let addr = std_listener
                .local_addr()
                .map_err(|e| format!("listener address: {e}"))?;
            let listener = {
                let _inside = runtime.enter();
                tokio::net::TcpListener::from_std(std_listener)
                    .map_err(|e| format!("listener: {e}"))?
            };
            // Responses are written whole; without TCP_NODELAY a small answer can wait for the
            // client's delayed ACK (tens of milliseconds) and the cell would time the kernel.
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            runtime.spawn(async move {
                // Ends only with an accept error; the runtime's drop ends it otherwise.
                let _ = axum::serve(listener, mount.router).await;
            });
            addrs.push((mount.label, addr));
        }
        Ok(Servers {
            runtime: Some(runtime),
            addrs,
        })
    }
}

impl Drop for Servers {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_timeout(Duration::from_secs(1));
        }
    }
}
