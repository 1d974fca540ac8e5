//! `JsonRejection`: why a request body did not become a `Json<T>`, with axum's statuses and
//! wording.

use axum_core::extract::rejection::BytesRejection;
use axum_core::response::{IntoResponse, Response};
use http::StatusCode;

/// Declares a rejection carrying fastjson's error: the status and leading words are axum's, the
/// error after them is fastjson's (message, JSON path, line and column).
macro_rules! error_rejection {
    ($(#[$doc:meta])* $name:ident, $status:ident, $body:literal) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name(crate::Error);

        impl $name {
            /// The response body: axum's words, then fastjson's error.
            #[must_use]
            pub fn body_text(&self) -> String {
                self.to_string()
            }

            /// The response status.
            #[must_use]
            pub fn status(&self) -> StatusCode {
                StatusCode::$status
            }

            /// The decode error behind the rejection.
            #[must_use]
            pub fn error(&self) -> &crate::Error {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($body, ": {}"), self.0)
            }
        }

        impl std::error::Error for $name {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                Some(&self.0)
            }
        }

        impl IntoResponse for $name {
            fn into_response(self) -> Response {
                (self.status(), self.body_text()).into_response()
            }
        }
    };
}

error_rejection! {
    /// The body is JSON but does not fit the target type (a wrong type, a missing field, an
    /// unknown variant, ...): 422 Unprocessable Entity.
    JsonDataError,
    UNPROCESSABLE_ENTITY,
    "Failed to deserialize the JSON body into the target type"
}

error_rejection! {
    /// The body is not JSON (a bad token, an early end, characters after the value):
    /// 400 Bad Request.
    JsonSyntaxError,
    BAD_REQUEST,
    "Failed to parse the request body as JSON"
}

/// The request's `Content-Type` is missing or not JSON: 415 Unsupported Media Type.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct MissingJsonContentType;

impl MissingJsonContentType {
    const BODY: &'static str = "Expected request with `Content-Type: application/json`";

    /// The response body, axum's words.
    #[must_use]
    pub fn body_text(&self) -> String {
        Self::BODY.to_owned()
    }

    /// The response status.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    }
}

impl std::fmt::Display for MissingJsonContentType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(Self::BODY)
    }
}

impl std::error::Error for MissingJsonContentType {}

impl IntoResponse for MissingJsonContentType {
    fn into_response(self) -> Response {
        (self.status(), Self::BODY).into_response()
    }
}

/// Why [`Json`](super::Json) rejected a request: the variants, statuses and body texts of
/// `axum::extract::rejection::JsonRejection`, so a handler matching on axum's rejection matches
/// on this one the same way.
///
/// ```
/// use axum::response::IntoResponse;
/// use fastjson::axum::{Json, JsonRejection};
///
/// let rejection = Json::<Vec<u32>>::from_bytes(b"[1, \"two\"]").unwrap_err();
/// assert!(matches!(rejection, JsonRejection::JsonDataError(_)));
/// assert_eq!(rejection.status(), 422);
/// assert_eq!(
///     rejection.body_text(),
///     "Failed to deserialize the JSON body into the target type: \
///      expected u32, found string at $[1] (line 1, column 5)",
/// );
/// assert_eq!(rejection.into_response().status(), 422);
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum JsonRejection {
    /// The body is JSON that does not fit the type (422).
    JsonDataError(JsonDataError),
    /// The body is not JSON (400).
    JsonSyntaxError(JsonSyntaxError),
    /// The content type is not JSON (415).
    MissingJsonContentType(MissingJsonContentType),
    /// The body could not be read: too large (413, `DefaultBodyLimit`) or a failed stream.
    BytesRejection(BytesRejection),
}

impl JsonRejection {
    /// The response body.
    #[must_use]
    pub fn body_text(&self) -> String {
        match self {
            JsonRejection::JsonDataError(inner) => inner.body_text(),
            JsonRejection::JsonSyntaxError(inner) => inner.body_text(),
            JsonRejection::MissingJsonContentType(inner) => inner.body_text(),
            JsonRejection::BytesRejection(inner) => inner.body_text(),
        }
    }

    /// The response status.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            JsonRejection::JsonDataError(inner) => inner.status(),
            JsonRejection::JsonSyntaxError(inner) => inner.status(),
            JsonRejection::MissingJsonContentType(inner) => inner.status(),
            JsonRejection::BytesRejection(inner) => inner.status(),
        }
    }

    /// A decode error, as syntax (400) or data (422) by its class, as axum sorts serde_json's.
    pub(crate) fn from_decode(error: crate::Error) -> Self {
        match error.classify() {
            crate::error::Category::Data => JsonRejection::JsonDataError(JsonDataError(error)),
            // Eof and trailing characters are syntax errors to axum; I/O errors cannot happen
            // on a buffered body and fall there too, as in axum's release builds.
            crate::error::Category::Syntax
            | crate::error::Category::Eof
            | crate::error::Category::Io => JsonRejection::JsonSyntaxError(JsonSyntaxError(error)),
        }
    }
}

impl std::fmt::Display for JsonRejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JsonRejection::JsonDataError(inner) => inner.fmt(f),
            JsonRejection::JsonSyntaxError(inner) => inner.fmt(f),
            JsonRejection::MissingJsonContentType(inner) => inner.fmt(f),
            JsonRejection::BytesRejection(inner) => inner.fmt(f),
        }
    }
}

impl std::error::Error for JsonRejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JsonRejection::JsonDataError(inner) => inner.source(),
            JsonRejection::JsonSyntaxError(inner) => inner.source(),
            JsonRejection::MissingJsonContentType(inner) => inner.source(),
            JsonRejection::BytesRejection(inner) => inner.source(),
        }
    }
}

impl IntoResponse for JsonRejection {
    fn into_response(self) -> Response {
        match self {
            JsonRejection::JsonDataError(inner) => inner.into_response(),
            JsonRejection::JsonSyntaxError(inner) => inner.into_response(),
            JsonRejection::MissingJsonContentType(inner) => inner.into_response(),
            JsonRejection::BytesRejection(inner) => inner.into_response(),
        }
    }
}

impl From<JsonDataError> for JsonRejection {
    fn from(inner: JsonDataError) -> Self {
        JsonRejection::JsonDataError(inner)
    }
}

impl From<JsonSyntaxError> for JsonRejection {
    fn from(inner: JsonSyntaxError) -> Self {
        JsonRejection::JsonSyntaxError(inner)
    }
}

impl From<MissingJsonContentType> for JsonRejection {
    fn from(inner: MissingJsonContentType) -> Self {
        JsonRejection::MissingJsonContentType(inner)
    }
}

impl From<BytesRejection> for JsonRejection {
    fn from(inner: BytesRejection) -> Self {
        JsonRejection::BytesRejection(inner)
    }
}
