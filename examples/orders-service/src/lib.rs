//! An orders API on axum whose request and response bodies go through `fastjson::axum::Json`.
//!
//! [`app`] is the whole service: `POST/GET /orders`, `GET/PUT/PATCH/DELETE /orders/{id}` over an
//! in-memory, bounded [`Store`]. The handlers live in [`orders_api!`], written once; this crate
//! stamps them on fastjson's Json, and the differential test stamps the same text on
//! `axum::Json` (serde_json) to compare the two servers response by response.

pub mod api;
pub mod clock;
pub mod model;
pub mod store;

pub use store::Store;

/// The crates [`orders_api!`] names through `$crate`, so that it expands anywhere.
#[doc(hidden)]
pub mod __deps {
    pub use axum;
}

mod fast {
    crate::orders_api!(fastjson::axum::Json);
}

/// The service's router over `store`, decoding and encoding with `fastjson::axum::Json`.
///
/// It keeps axum's default body limit (2 MiB); add a `DefaultBodyLimit` layer for another.
pub fn app(store: Store) -> axum::Router {
    fast::router(store)
}
