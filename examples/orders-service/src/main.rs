//! Serves the orders API on `$ORDERS_ADDR` (default `127.0.0.1:3000`) until Ctrl-C.

use std::net::SocketAddr;

use orders_service::{app, Store};

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr: SocketAddr = match std::env::var("ORDERS_ADDR") {
        Ok(text) => text.parse().map_err(|err| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("ORDERS_ADDR={text:?}: {err}"),
            )
        })?,
        Err(_) => SocketAddr::from(([127, 0, 0, 1], 3000)),
    };
    let listener = tokio::net::TcpListener::bind(addr).await?;
    println!(
        "orders-service listening on http://{}",
        listener.local_addr()?
    );
    axum::serve(listener, app(Store::new()))
        .with_graceful_shutdown(async {
            // If the signal handler cannot be installed, serve until killed instead.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await?;
    println!("orders-service stopped");
    Ok(())
}
