//! `Json<T>` and `JsonLines<T>`: axum's JSON extractor and response, and axum-extra's JSON Lines
//! stream, decoding and encoding with fastjson.
//!
//! A drop-in for `axum::Json` (axum 0.8): the same content-type rule, body limit, statuses and
//! rejection texts, with fastjson's generated code where axum runs serde_json. Change the import,
//! keep the handlers:
//!
//! ```
//! use axum::{routing::post, Router};
//! use fastjson::axum::Json;
//! use fastjson::FastJson;
//!
//! #[derive(FastJson)]
//! struct CreateUser {
//!     name: String,
//! }
//!
//! #[derive(FastJson)]
//! struct User {
//!     id: u64,
//!     name: String,
//! }
//!
//! async fn create_user(Json(input): Json<CreateUser>) -> Json<User> {
//!     Json(User { id: 1, name: input.name })
//! }
//!
//! let app: Router = Router::new().route("/users", post(create_user));
//! ```
//!
//! What a request gets, as with axum's own `Json`:
//!
//! | request | status | rejection |
//! |---|---|---|
//! | `Content-Type` missing, or not `application/json` / `application/*+json` (parameters such as `; charset=utf-8` allowed) | 415 | [`MissingJsonContentType`] |
//! | body over the router's `DefaultBodyLimit` (2 MiB unless set) | 413 | [`JsonRejection::BytesRejection`] |
//! | not JSON: a bad token, an early end, characters after the value | 400 | [`JsonSyntaxError`] |
//! | JSON that does not fit `T`: a wrong type, a missing field, an unknown variant | 422 | [`JsonDataError`] |
//!
//! The rejection bodies are `text/plain; charset=utf-8`, axum's words followed by fastjson's error
//! with its JSON path, line and column:
//! `Failed to deserialize the JSON body into the target type: missing field `y` at $.b[0] (line
//! 1, column 23)`.
//!
//! Bodies are decoded through a [`DecodePool`]: each executor thread keeps the buffer that
//! escaped strings are unescaped into, up to 64 KiB, so steady-state requests allocate only what
//! the decoded value owns. To set the cap or the nesting limit, give the router a pool as an
//! extension: `router.layer(axum::Extension(DecodePool::new().with_max_retained(1 << 20)))`.
//!
//! [`JsonLines<T>`](JsonLines) is axum-extra's `JsonLines` (0.12) on fastjson: as an extractor, a
//! stream of one `Result<T, axum_core::Error>` per line of the body, decoded through the same
//! pool as the chunks arrive (the body is never held whole, and a line over
//! [`max_line_len`](JsonLines::max_line_len), 16 MiB by default, is an error item); as a
//! response, each value of a stream written as a line of compact JSON. It yields the items
//! axum-extra's does, line for line (its tests send the same bodies, cut into chunks at random
//! places, to both), with two differences: a body error (the client went away) ends the stream,
//! where axum-extra's goes on and may decode the cut last line as if it were whole; and, as with
//! `Json`, nesting past 128 inside a field `T` skips is an error item.

mod json_lines;
mod line_split;
mod rejection;

use std::ops::{Deref, DerefMut};

use axum_core::extract::{FromRequest, OptionalFromRequest, Request};
use axum_core::response::{IntoResponse, Response};
use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderValue};

pub use self::json_lines::{AsExtractor, AsResponse, JsonLines};
pub use self::rejection::{JsonDataError, JsonRejection, JsonSyntaxError, MissingJsonContentType};
use crate::{DecodeOwned, DecodePool, Encode};

/// JSON request bodies in, JSON responses out: `axum::Json` with fastjson's codec.
///
/// As an extractor (`T: DecodeOwned`), it checks the content type, reads the body through
/// `Bytes` (so `DefaultBodyLimit` applies) and decodes it; what each failure answers is in the
/// [module docs](self). As `Option<Json<T>>`, a request without a content type gives `None`. As
/// a response (`T: Encode`), it writes `200 OK`, `content-type: application/json` and the
/// compact JSON, encoded once into a buffer sized by the value's own estimate and handed to the
/// response without a copy.
#[derive(Debug, Clone, Copy, Default)]
#[must_use]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DecodeOwned,
    S: Send + Sync,
{
    type Rejection = JsonRejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !json_content_type(req.headers()) {
            return Err(MissingJsonContentType.into());
        }
        let pool = request_pool(&req);
        let bytes = Bytes::from_request(req, state).await?;
        Self::decode_pooled(&pool, &bytes)
    }
}

impl<T, S> OptionalFromRequest<S> for Json<T>
where
    T: DecodeOwned,
    S: Send + Sync,
{
    type Rejection = JsonRejection;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        if req.headers().get(header::CONTENT_TYPE).is_none() {
            return Ok(None);
        }
        if !json_content_type(req.headers()) {
            return Err(MissingJsonContentType.into());
        }
        let pool = request_pool(&req);
        let bytes = Bytes::from_request(req, state).await?;
        Self::decode_pooled(&pool, &bytes).map(Some)
    }
}

impl<T: DecodeOwned> Json<T> {
    /// Decodes a body already read, with the rejections the extractor gives (400 or 422).
    ///
    /// ```
    /// use fastjson::axum::Json;
    ///
    /// let Json(numbers) = Json::<Vec<u8>>::from_bytes(b"[1, 2]").unwrap();
    /// assert_eq!(numbers, [1, 2]);
    /// assert_eq!(Json::<Vec<u8>>::from_bytes(b"[1, 2").unwrap_err().status(), 400);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, JsonRejection> {
        Self::decode_pooled(&DecodePool::new(), bytes)
    }

    #[inline]
    fn decode_pooled(pool: &DecodePool, bytes: &[u8]) -> Result<Self, JsonRejection> {
        match pool.decode(bytes) {
            Ok(value) => Ok(Json(value)),
            Err(error) => Err(JsonRejection::from_decode(error)),
        }
    }
}

/// The pool the router set as an extension, else the default one.
fn request_pool(req: &Request) -> DecodePool {
    req.extensions()
        .get::<DecodePool>()
        .copied()
        .unwrap_or_default()
}

/// axum's rule, by the same parser (`mime`): type `application`, subtype `json` or suffix
/// `+json`, any parameters. A string comparison would refuse `application/json; charset=utf-8`.
fn json_content_type(headers: &HeaderMap) -> bool {
    let Some(content_type) = headers.get(header::CONTENT_TYPE) else {
        return false;
    };
    let Ok(content_type) = content_type.to_str() else {
        return false;
    };
    let Ok(mime) = content_type.parse::<mime::Mime>() else {
        return false;
    };
    mime.type_() == "application"
        && (mime.subtype() == "json" || mime.suffix().is_some_and(|name| name == "json"))
}

impl<T: Encode> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        // `to_vec` sizes the buffer by the value's estimate; `Bytes::from` takes the buffer as
        // it is, so the body is written once and never copied.
        let body = Bytes::from(crate::to_vec(&self.0));
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response()
    }
}

impl<T> Deref for Json<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Json<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T> From<T> for Json<T> {
    fn from(inner: T) -> Self {
        Json(inner)
    }
}
