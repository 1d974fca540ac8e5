//! INTERIM, until `fastjson::axum` lands on main: the least of its `Json` that the bench's
//! services need, so the family compiles and smoke-runs. `service::fastjson_side` names this
//! module in one `use`; switching to `fastjson::axum::Json` deletes this file and changes that
//! line. Never measured for figures: the lead's extractor is what the family exists to measure.

use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;

/// A JSON body decoded and encoded by fastjson.
pub struct Json<T>(pub T);

impl<T: fastjson::DecodeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if !json {
            return Err(StatusCode::UNSUPPORTED_MEDIA_TYPE.into_response());
        }
        let body = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        fastjson::from_slice(&body)
            .map(Json)
            .map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, e.to_string()).into_response())
    }
}

impl<T: fastjson::Encode> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            fastjson::to_vec(&self.0),
        )
            .into_response()
    }
}
