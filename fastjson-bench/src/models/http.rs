//! Canonical model of the HTTP family's small responses (`src/http/`): the acknowledgement of a
//! created order and the summary of a posted twitter.json, stamped for fastjson and serde_json.

/// Emits the HTTP response types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! http_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            /// `POST /orders` answers this rather than echoing the order: a create endpoint
            /// usually answers with what the client lacks (here, what the server counted), and
            /// an echo would make the route an encode benchmark of the whole order again.
            pub struct Ack {
                pub id: String,
                pub items: u64,
                pub total: f64,
                pub accepted: bool,
            }

            /// `POST /summary`: a few aggregates of the decoded document, so the handler must
            /// walk the typed value (a decoder that skipped fields could not fake them).
            pub struct Summary {
                pub statuses: u64,
                pub users: u64,
                pub retweets: u64,
                pub favorites: u64,
                pub retweeted_statuses: u64,
                pub max_followers: u64,
                pub search_count: u64,
            }
        }
    };
}
