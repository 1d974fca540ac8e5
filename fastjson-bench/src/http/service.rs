//! The example service, written once (`service!`) and mounted per JSON library: each mount
//! names its library's `Json` and its own stamped type copies (the bench's rule: private types
//! per library, never one type with both derives), so the handler text is the same token for
//! token and only the library differs.
//!
//! Routes: `POST /orders` decodes an order, counts it and answers `201` with an `Ack`;
//! `GET /orders` answers the list of [`LIST_LEN`] orders built when the service starts;
//! `POST /summary` decodes twitter.json and answers a `Summary` of it.

/// Orders in `GET /orders`' answer (the generated order, its id numbered).
pub const LIST_LEN: usize = 20;

// Each side's `decode` is its extractor's own decoding of a body already read
// (`Json::from_bytes`: fastjson's through its scratch pool, axum's through
// `serde_path_to_error`), so the JSON-alone allocations are the extractor's minus HTTP.

/// fastjson's side: its `Json`, its copies, its codec.
pub mod fastjson_side {
    pub use crate::copies::fastjson_copy as copy;
    pub use fastjson::axum::Json;

    pub fn decode<T: fastjson::DecodeOwned>(bytes: &[u8]) -> Result<T, String> {
        Json::<T>::from_bytes(bytes)
            .map(|Json(value)| value)
            .map_err(|e| e.body_text())
    }

    pub fn encode<T: fastjson::Encode>(value: &T) -> Vec<u8> {
        fastjson::to_vec(value)
    }
}

/// serde_json's side: axum's own `Json`, serde_json's copies, serde_json.
pub mod serde_side {
    pub use crate::copies::serde_json_copy as copy;
    pub use axum::Json;

    pub fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        Json::<T>::from_bytes(bytes)
            .map(|Json(value)| value)
            .map_err(|e| e.body_text())
    }

    pub fn encode<T: serde::Serialize>(value: &T) -> Vec<u8> {
        serde_json::to_vec(value).expect("the stamped types always serialize")
    }
}

/// serde_json again, through the bench's path-free extractor (`plain_json`): what
/// `axum::Json` costs beyond serde_json itself.
pub mod serde_plain_side {
    pub use super::serde_side::{copy, encode};
    pub use crate::http::plain_json::Json;

    pub fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
}

/// Allocations of the JSON work alone, per request, outside any server: decoding the request
/// body as the mount's extractor does and encoding the response with the library's `to_vec`
/// (what the extractor and the responder cannot do with less).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JsonPart {
    pub allocs: f64,
    pub bytes: f64,
}

macro_rules! service {
    ($name:ident, $side:ident) => {
        pub mod $name {
            use std::sync::atomic::{AtomicU64, Ordering};
            use std::sync::Arc;

            use axum::extract::State;
            use axum::http::StatusCode;
            use axum::routing::post;
            use axum::Router;

            use super::$side::copy::http::{Ack, Summary};
            use super::$side::copy::order::Order;
            use super::$side::copy::twitter::Twitter;
            use super::$side::{decode, encode, Json};
            use super::JsonPart;

            struct AppState {
                orders: Arc<Vec<Order>>,
                created: AtomicU64,
            }

            /// The list `GET /orders` answers: the order payload, decoded by this side,
            /// [`super::LIST_LEN`] times with its id numbered.
            fn list(order_payload: &[u8]) -> Result<Vec<Order>, String> {
                let order: Order = decode(order_payload)?;
                Ok((0..super::LIST_LEN)
                    .map(|i| Order {
                        id: format!("{}-{i:02}", order.id),
                        ..order.clone()
                    })
                    .collect())
            }

            /// The service's routes over its state.
            pub fn router(order_payload: &[u8]) -> Result<Router, String> {
                let state = Arc::new(AppState {
                    orders: Arc::new(list(order_payload)?),
                    created: AtomicU64::new(0),
                });
                Ok(Router::new()
                    .route("/orders", post(create).get(list_orders))
                    .route("/summary", post(summary))
                    .with_state(state))
            }

            async fn create(
                State(state): State<Arc<AppState>>,
                Json(order): Json<Order>,
            ) -> (StatusCode, Json<Ack>) {
                state.created.fetch_add(1, Ordering::Relaxed);
                (StatusCode::CREATED, Json(ack(order)))
            }

            fn ack(order: Order) -> Ack {
                Ack {
                    items: order.items.len() as u64,
                    total: order.total,
                    accepted: true,
                    id: order.id,
                }
            }

            async fn list_orders(State(state): State<Arc<AppState>>) -> Json<Arc<Vec<Order>>> {
                Json(Arc::clone(&state.orders))
            }

            async fn summary(Json(doc): Json<Twitter>) -> Json<Summary> {
                Json(summarize(&doc))
            }

            fn summarize(doc: &Twitter) -> Summary {
                let mut users: Vec<u64> = doc.statuses.iter().map(|s| s.user.id).collect();
                users.sort_unstable();
                users.dedup();
                let statuses = doc.statuses.iter();
                Summary {
                    statuses: doc.statuses.len() as u64,
                    users: users.len() as u64,
                    retweets: statuses.clone().map(|s| u64::from(s.retweet_count)).sum(),
                    favorites: statuses.clone().map(|s| u64::from(s.favorite_count)).sum(),
                    retweeted_statuses: statuses
                        .clone()
                        .filter(|s| s.retweeted_status.is_some())
                        .count() as u64,
                    max_followers: statuses
                        .map(|s| u64::from(s.user.followers_count))
                        .max()
                        .unwrap_or(0),
                    search_count: u64::from(doc.search_metadata.count),
                }
            }

            /// The summary this side computes from `twitter` without HTTP: the gate's reference
            /// for the values `POST /summary` answers.
            pub fn summary_bytes(twitter: &[u8]) -> Result<Vec<u8>, String> {
                Ok(encode(&summarize(&decode::<Twitter>(twitter)?)))
            }

            /// [`JsonPart`] per request of each workload: `order` alternates create (decode an
            /// order, encode its ack) and list (encode the list); `large` decodes twitter.json
            /// and encodes its summary. `None` without the counting allocator.
            pub fn json_part(
                order_payload: &[u8],
                twitter: Option<&[u8]>,
                workload: &str,
                iterations: u64,
            ) -> Result<Option<JsonPart>, String> {
                let count = |op: &mut dyn FnMut()| crate::alloc_count::measure(iterations, op);
                let parts = match workload {
                    "order" => {
                        let acked = ack(decode(order_payload)?);
                        let orders = Arc::new(list(order_payload)?);
                        let decode_ = count(&mut || {
                            std::hint::black_box(decode::<Order>(order_payload).ok());
                        });
                        let ack_ = count(&mut || {
                            std::hint::black_box(encode(&acked));
                        });
                        let list_ = count(&mut || {
                            std::hint::black_box(encode(&orders));
                        });
                        // Two requests per create-and-list pair.
                        decode_
                            .zip(ack_)
                            .zip(list_)
                            .map(|((d, a), l)| ((d.0 + a.0 + l.0) / 2.0, (d.1 + a.1 + l.1) / 2.0))
                    }
                    _ => {
                        let twitter = twitter.ok_or("twitter.json is not in the corpus")?;
                        let summary = summarize(&decode::<Twitter>(twitter)?);
                        let decode_ = count(&mut || {
                            std::hint::black_box(decode::<Twitter>(twitter).ok());
                        });
                        let encode_ = count(&mut || {
                            std::hint::black_box(encode(&summary));
                        });
                        decode_.zip(encode_).map(|(d, e)| (d.0 + e.0, d.1 + e.1))
                    }
                };
                Ok(parts.map(|(allocs, bytes)| JsonPart { allocs, bytes }))
            }
        }
    };
}

service!(fastjson_service, fastjson_side);
service!(serde_service, serde_side);
service!(serde_plain_service, serde_plain_side);

/// One mounted service: its row label, role and routes.
pub struct Mount {
    pub label: &'static str,
    pub role: crate::workloads::Role,
    pub router: axum::Router,
}

/// The four mounts: fastjson, fastjson again under another name (the noise floor: the same
/// code on another port), axum's `Json` with serde_json (the baseline), and serde_json through
/// an extractor without path tracking.
pub fn mounts(order_payload: &[u8]) -> Result<Vec<Mount>, String> {
    use crate::workloads::Role;
    Ok(vec![
        Mount {
            label: super::label::FASTJSON,
            role: Role::Contender,
            router: fastjson_service::router(order_payload)?,
        },
        Mount {
            label: super::label::FASTJSON_TWIN,
            role: Role::NoiseTwin,
            router: fastjson_service::router(order_payload)?,
        },
        Mount {
            label: super::label::AXUM_JSON,
            role: Role::Baseline,
            router: serde_service::router(order_payload)?,
        },
        Mount {
            label: super::label::SERDE_JSON_PLAIN,
            role: Role::Contender,
            router: serde_plain_service::router(order_payload)?,
        },
    ])
}

/// [`JsonPart`] for a row label (the twin's is fastjson's).
pub fn json_part(
    label: &str,
    order_payload: &[u8],
    twitter: Option<&[u8]>,
    workload: &str,
    iterations: u64,
) -> Result<Option<JsonPart>, String> {
    match label {
        super::label::AXUM_JSON => {
            serde_service::json_part(order_payload, twitter, workload, iterations)
        }
        super::label::SERDE_JSON_PLAIN => {
            serde_plain_service::json_part(order_payload, twitter, workload, iterations)
        }
        _ => fastjson_service::json_part(order_payload, twitter, workload, iterations),
    }
}
