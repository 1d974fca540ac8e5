//! Canonical model of the size-ladder payload: a list of mixed records, generated at four sizes.

/// Emits the size-ladder types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! ladder_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            pub struct Ladder {
                pub name: String,
                pub entries: Vec<Entry>,
            }

            pub struct Entry {
                pub id: u64,
                pub key: String,
                pub label: String,
                pub score: f64,
                pub delta: i64,
                pub active: bool,
                pub tags: Vec<String>,
                pub parent: Option<u64>,
            }
        }
    };
}
