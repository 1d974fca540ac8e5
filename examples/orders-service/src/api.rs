//! The handlers, written once and stamped per Json type by [`orders_api!`](crate::orders_api).
//!
//! The service mounts them on `fastjson::axum::Json` ([`crate::app`]); the differential test
//! stamps them again on `axum::Json`. The handler text being the same token for token, any
//! difference between the two servers' responses comes from the Json type alone.

use axum::http::StatusCode;

use crate::model::ErrorBody;
use crate::store::StoreError;

/// Stamps, into the calling module, the order handlers and `pub fn router(Store) -> Router`,
/// reading and writing bodies with the `Json` type named by the argument.
///
/// Paths go through `$crate`, so a crate that names this macro needs neither axum nor the
/// model in scope; the `Json` type must have axum::Json's API.
#[doc(hidden)]
#[macro_export]
macro_rules! orders_api {
    ($json:path) => {
        use $crate::__deps::axum::extract::{Path, Query, State};
        use $crate::__deps::axum::http::{header, StatusCode};
        use $crate::__deps::axum::response::{IntoResponse, Response};
        use $crate::__deps::axum::routing::get;
        use $crate::__deps::axum::Router;
        use $crate::model::{ListQuery, NewOrder, Order, OrderPatch};
        use $crate::store::{Store, StoreError};
        use $json as Json;

        /// `/orders` and `/orders/{id}` over `store`.
        pub fn router(store: Store) -> Router {
            Router::new()
                .route("/orders", get(list).post(create))
                .route(
                    "/orders/{id}",
                    get(fetch).put(replace).patch(patch).delete(remove),
                )
                .with_state(store)
        }

        async fn create(State(store): State<Store>, Json(new): Json<NewOrder>) -> Response {
            match store.create(new) {
                Ok(order) => {
                    let location = format!("/orders/{}", order.id);
                    (
                        StatusCode::CREATED,
                        [(header::LOCATION, location)],
                        Json(order),
                    )
                        .into_response()
                }
                Err(err) => failure(err),
            }
        }

        async fn list(State(store): State<Store>, Query(query): Query<ListQuery>) -> Response {
            Json(store.list(&query)).into_response()
        }

        async fn fetch(State(store): State<Store>, Path(id): Path<u64>) -> Response {
            respond(store.get(id))
        }

        async fn replace(
            State(store): State<Store>,
            Path(id): Path<u64>,
            Json(new): Json<NewOrder>,
        ) -> Response {
            respond(store.replace(id, new))
        }

        // A request without a content type carries no patch: it only stamps `updated_at` (a
        // "touch"). With one, it must be a JSON patch; another content type is still a 415.
        async fn patch(
            State(store): State<Store>,
            Path(id): Path<u64>,
            patch: Option<Json<OrderPatch>>,
        ) -> Response {
            let patch = patch.map(|Json(patch)| patch).unwrap_or_default();
            respond(store.patch(id, patch))
        }

        async fn remove(State(store): State<Store>, Path(id): Path<u64>) -> Response {
            match store.delete(id) {
                Ok(()) => StatusCode::NO_CONTENT.into_response(),
                Err(err) => failure(err),
            }
        }

        fn respond(result: Result<Order, StoreError>) -> Response {
            match result {
                Ok(order) => Json(order).into_response(),
                Err(err) => failure(err),
            }
        }

        fn failure(err: StoreError) -> Response {
            let (status, body) = $crate::api::error_parts(err);
            (status, Json(body)).into_response()
        }
    };
}

/// The status and JSON body of a store error.
///
/// A full store answers 507 Insufficient Storage: the request is fine and the order does not
/// conflict with anything (409 would say it does); the server lacks room until orders are
/// deleted, which is what 507 means ("unable to store the representation needed to complete
/// the request", RFC 4918 §11.5).
#[doc(hidden)]
pub fn error_parts(err: StoreError) -> (StatusCode, ErrorBody) {
    match err {
        StoreError::NotFound(id) => (
            StatusCode::NOT_FOUND,
            ErrorBody {
                error: "not_found".into(),
                message: format!("no order with id {id}"),
            },
        ),
        StoreError::Full { max } => (
            StatusCode::INSUFFICIENT_STORAGE,
            ErrorBody {
                error: "store_full".into(),
                message: format!("the store holds its maximum of {max} orders; delete some first"),
            },
        ),
    }
}
