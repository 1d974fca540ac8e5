//! Canonical models of the ~200 B micro-payloads: a login event (strings, small integers) and a
//! sensor reading (full-precision floats).

/// Emits the micro-payload types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! micro_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            pub struct Login {
                pub user_id: u64,
                pub session: String,
                pub device: String,
                pub ip: String,
                pub ok: bool,
                pub attempts: u8,
                pub at: String,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub referrer: Option<String>,
            }

            pub struct Reading {
                pub sensor: String,
                pub seq: u64,
                pub lat: f64,
                pub lon: f64,
                pub temp_c: f64,
                pub humidity: f64,
                pub tags: Vec<String>,
            }
        }
    };
}
