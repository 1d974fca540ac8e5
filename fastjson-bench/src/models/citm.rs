//! Canonical model of citm_catalog.json (every field; large maps with integer keys).
//!
//! The maps are `BTreeMap`s: a `HashMap`'s iteration order differs between two instances, so two
//! copies of one document could never encode to the same bytes. The document's keys are nine-digit
//! ids, already in numeric (= string) order, so `BTreeMap<u64, _>` also re-encodes them in place.

/// Emits the citm_catalog.json types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! citm_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            #[serde(rename_all = "camelCase")]
            pub struct CitmCatalog {
                pub area_names: ::std::collections::BTreeMap<u64, String>,
                pub audience_sub_category_names: ::std::collections::BTreeMap<u64, String>,
                pub block_names: ::std::collections::BTreeMap<u64, String>,
                pub events: ::std::collections::BTreeMap<u64, Event>,
                pub performances: Vec<Performance>,
                pub seat_category_names: ::std::collections::BTreeMap<u64, String>,
                pub sub_topic_names: ::std::collections::BTreeMap<u64, String>,
                pub subject_names: ::std::collections::BTreeMap<u64, String>,
                pub topic_names: ::std::collections::BTreeMap<u64, String>,
                pub topic_sub_topics: ::std::collections::BTreeMap<u64, Vec<u64>>,
                pub venue_names: ::std::collections::BTreeMap<String, String>,
            }

            #[serde(rename_all = "camelCase")]
            pub struct Event {
                pub description: (),
                pub id: u64,
                pub logo: Option<String>,
                pub name: String,
                pub sub_topic_ids: Vec<u64>,
                pub subject_code: (),
                pub subtitle: (),
                pub topic_ids: Vec<u64>,
            }

            #[serde(rename_all = "camelCase")]
            pub struct Performance {
                pub event_id: u64,
                pub id: u64,
                pub logo: Option<String>,
                pub name: (),
                pub prices: Vec<Price>,
                pub seat_categories: Vec<SeatCategory>,
                pub seat_map_image: (),
                pub start: u64,
                pub venue_code: String,
            }

            #[serde(rename_all = "camelCase")]
            pub struct Price {
                pub amount: u32,
                pub audience_sub_category_id: u64,
                pub seat_category_id: u64,
            }

            #[serde(rename_all = "camelCase")]
            pub struct SeatCategory {
                pub areas: Vec<Area>,
                pub seat_category_id: u64,
            }

            #[serde(rename_all = "camelCase")]
            pub struct Area {
                pub area_id: u64,
                pub block_ids: Vec<u64>,
            }
        }
    };
}
