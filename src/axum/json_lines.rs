//! `JsonLines<T>`: a stream of newline-delimited JSON values, in from a request body and out as
//! a response body, as axum-extra's `JsonLines` with fastjson's codec.

use std::convert::Infallible;
use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum_core::body::Body;
use axum_core::extract::{FromRequest, Request};
use axum_core::response::{IntoResponse, Response};
use axum_core::{BoxError, RequestExt};
use bytes::Bytes;
use futures_core::Stream;

use super::line_split::{LineSplitter, Step};
use super::request_pool;
use crate::{DecodeOwned, DecodePool, Encode};

/// A stream of newline-delimited JSON (JSON Lines, NDJSON): axum-extra's `JsonLines` (0.12)
/// with fastjson's codec, as an extractor and as a response.
///
/// **As an extractor** (`JsonLines<T>`, `T: DecodeOwned`), it is a
/// [`Stream`] of `Result<T, axum_core::Error>`, read from the body as its
/// chunks arrive, never the whole body at once. Like axum-extra's, it checks no content type and
/// never rejects; each line is one item:
///
/// - lines end at `\n`, and a `\r` before it is dropped; a last line without `\n` counts;
/// - each line is decoded as one `T` through the router's [`DecodePool`] (as
///   [`Json`](super::Json) is); a line that does not decode is an error item (its source is the
///   [`fastjson::Error`](crate::Error)) and the stream goes on with the next line;
/// - an empty line is an error item (an empty document), as axum-extra's is;
/// - a line longer than [`max_line_len`](Self::max_line_len) (16 MiB by default) is an error
///   item, and its bytes are dropped as they arrive, so memory stays at one line and one chunk;
/// - the router's `DefaultBodyLimit` (2 MiB unless set) caps the whole body, as for every axum
///   body extractor: `DefaultBodyLimit::disable()` on a route for long-lived streams;
/// - a body error (the client went away, the body limit) is an error item, and the stream
///   ends there.
///
/// **As a response** (`JsonLines::new(stream)`, a stream of `Result<T, E>` with `T: Encode`),
/// the body is each value as compact JSON followed by `\n`, written as the stream yields them;
/// an `Err` ends the body with that error. No content type is set, as axum-extra sets none.
///
/// ```
/// use axum::{routing::post, Router};
/// use fastjson::axum::{AsResponse, JsonLines};
/// use fastjson::FastJson;
/// use futures_util::stream::{self, Stream, StreamExt};
/// use std::convert::Infallible;
///
/// #[derive(FastJson)]
/// struct Reading {
///     sensor: String,
///     value: f64,
/// }
///
/// /// Reads the readings as they arrive; answers with one line per reading: its value, or null.
/// async fn ingest(
///     lines: JsonLines<Reading>,
/// ) -> JsonLines<impl Stream<Item = Result<Option<f64>, Infallible>>, AsResponse> {
///     let mut lines = lines.max_line_len(64 * 1024);
///     let mut values = Vec::new();
///     while let Some(item) = lines.next().await {
///         values.push(item.ok().map(|reading| reading.value));
///     }
///     JsonLines::new(stream::iter(values).map(Ok))
/// }
///
/// let app: Router = Router::new().route("/readings", post(ingest));
/// ```
#[must_use]
pub struct JsonLines<S, M = AsExtractor> {
    inner: Inner<S>,
    _marker: PhantomData<M>,
}

/// The two roles, each with what it needs. The response's stream is boxed so that the type is
/// `Unpin` whatever the stream is: the response body boxes it anyway, and the extractor's
/// `poll_next` needs no pin projection (no `unsafe`, no macro crate).
enum Inner<S> {
    Response(Pin<Box<S>>),
    Extractor {
        lines: LineSplitter,
        pool: DecodePool,
        /// The decoded type; `fn() -> S` keeps `Send`/`Sync` independent of it.
        _decoded: PhantomData<fn() -> S>,
    },
}

/// Marks a [`JsonLines`] made by extraction from a request: a stream of decoded values.
#[derive(Debug)]
#[non_exhaustive]
pub struct AsExtractor;

/// Marks a [`JsonLines`] made by [`JsonLines::new`]: a response body.
#[derive(Debug)]
#[non_exhaustive]
pub struct AsResponse;

impl<S> JsonLines<S, AsResponse> {
    /// A response writing each value of `stream` as one line of compact JSON.
    ///
    /// ```
    /// use axum::response::IntoResponse;
    /// use fastjson::axum::JsonLines;
    /// use futures_util::stream;
    ///
    /// let values = stream::iter([Ok::<_, std::convert::Infallible>(vec![1, 1]), Ok(vec![2])]);
    /// let response = JsonLines::new(values).into_response();
    /// assert_eq!(response.status(), 200);
    /// assert!(response.headers().get("content-type").is_none());
    /// // The body reads `[1,1]\n[2]\n`.
    /// ```
    pub fn new(stream: S) -> Self {
        JsonLines {
            inner: Inner::Response(Box::pin(stream)),
            _marker: PhantomData,
        }
    }
}

impl<T> JsonLines<T, AsExtractor> {
    /// Caps one line at `bytes` bytes, its `\n` or `\r\n` not counted (default
    /// [`DEFAULT_MAX_VALUE_LEN`](crate::stream::DEFAULT_MAX_VALUE_LEN), 16 MiB): a longer line
    /// is an error item, and the stream goes on after it. Set it before the first item is read.
    ///
    /// ```
    /// # async fn handler(lines: fastjson::axum::JsonLines<u64>) {
    /// let lines = lines.max_line_len(4096);
    /// # drop(lines);
    /// # }
    /// ```
    pub fn max_line_len(mut self, bytes: usize) -> Self {
        if let Inner::Extractor { lines, .. } = &mut self.inner {
            lines.set_max_line_len(bytes);
        }
        self
    }

    /// The capacity of the buffer holding the current line: what the stream keeps in memory
    /// besides the decoded values (tests check it stays near one line and one chunk).
    #[doc(hidden)]
    pub fn buffer_capacity(&self) -> usize {
        match &self.inner {
            Inner::Extractor { lines, .. } => lines.capacity(),
            Inner::Response(_) => 0,
        }
    }
}

impl<T, S> FromRequest<S> for JsonLines<T, AsExtractor>
where
    T: DecodeOwned,
    S: Send + Sync,
{
    type Rejection = Infallible;

    async fn from_request(req: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let pool = request_pool(&req);
        // `into_limited_body`, as axum-extra: the router's `DefaultBodyLimit` applies.
        let body = req.into_limited_body().into_data_stream();
        Ok(JsonLines {
            inner: Inner::Extractor {
                lines: LineSplitter::new(body, crate::stream::DEFAULT_MAX_VALUE_LEN),
                pool,
                _decoded: PhantomData,
            },
            _marker: PhantomData,
        })
    }
}

impl<T: DecodeOwned> Stream for JsonLines<T, AsExtractor> {
    type Item = Result<T, axum_core::Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let Inner::Extractor { lines, pool, .. } = &mut self.get_mut().inner else {
            // `JsonLines<_, AsExtractor>` is made only by `from_request`.
            return Poll::Ready(None);
        };
        let step = match lines.poll_step(cx) {
            Poll::Ready(Some(step)) => step,
            Poll::Ready(None) => return Poll::Ready(None),
            Poll::Pending => return Poll::Pending,
        };
        Poll::Ready(Some(match step {
            Step::Line { start, end } => pool
                .decode(&lines.buffer()[start..end])
                .map_err(axum_core::Error::new),
            Step::Error(error) => Err(error),
        }))
    }
}

impl<St, T, E> IntoResponse for JsonLines<St, AsResponse>
where
    St: Stream<Item = Result<T, E>> + Send + 'static,
    T: Encode,
    E: Into<BoxError>,
{
    fn into_response(self) -> Response {
        let Inner::Response(stream) = self.inner else {
            // `JsonLines<_, AsResponse>` is made only by `new`.
            return Body::empty().into_response();
        };
        Body::from_stream(EncodeLines(stream)).into_response()
    }
}

/// The response body's chunks: one line of compact JSON per value.
struct EncodeLines<St>(Pin<Box<St>>);

impl<St, T, E> Stream for EncodeLines<St>
where
    St: Stream<Item = Result<T, E>>,
    T: Encode,
    E: Into<BoxError>,
{
    type Item = Result<Bytes, BoxError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let item = match self.0.as_mut().poll_next(cx) {
            Poll::Ready(Some(item)) => item,
            Poll::Ready(None) => return Poll::Ready(None),
            Poll::Pending => return Poll::Pending,
        };
        Poll::Ready(Some(match item {
            Ok(value) => {
                // Sized by the value's own estimate (as `to_vec`), plus the newline, so the
                // line is written once and handed to the body without a copy.
                let mut line = Vec::with_capacity(value.encoded_len_hint().min(1 << 20) + 1);
                crate::encode_into(&value, &mut line);
                line.push(b'\n');
                Ok(Bytes::from(line))
            }
            Err(error) => Err(error.into()),
        }))
    }
}

impl<S, M> std::fmt::Debug for JsonLines<S, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let role = match self.inner {
            Inner::Response(_) => "response",
            Inner::Extractor { .. } => "extractor",
        };
        f.debug_struct("JsonLines").field("role", &role).finish()
    }
}
