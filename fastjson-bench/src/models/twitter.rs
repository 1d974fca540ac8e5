//! Canonical model of twitter.json (every field of the document), stamped once per implementation.

/// Emits the twitter.json types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! twitter_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            pub struct Twitter {
                pub statuses: Vec<Status>,
                pub search_metadata: SearchMetadata,
            }

            pub struct Status {
                pub metadata: Metadata,
                pub created_at: String,
                pub id: u64,
                pub id_str: String,
                pub text: String,
                pub source: String,
                pub truncated: bool,
                pub in_reply_to_status_id: Option<u64>,
                pub in_reply_to_status_id_str: Option<String>,
                pub in_reply_to_user_id: Option<u64>,
                pub in_reply_to_user_id_str: Option<String>,
                pub in_reply_to_screen_name: Option<String>,
                pub user: User,
                pub geo: (),
                pub coordinates: (),
                pub place: (),
                pub contributors: (),
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub retweeted_status: Option<Box<Status>>,
                pub retweet_count: u32,
                pub favorite_count: u32,
                pub entities: StatusEntities,
                pub favorited: bool,
                pub retweeted: bool,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub possibly_sensitive: Option<bool>,
                pub lang: String,
            }

            pub struct Metadata {
                pub result_type: String,
                pub iso_language_code: String,
            }

            pub struct User {
                pub id: u64,
                pub id_str: String,
                pub name: String,
                pub screen_name: String,
                pub location: String,
                pub description: String,
                pub url: Option<String>,
                pub entities: UserEntities,
                pub protected: bool,
                pub followers_count: u32,
                pub friends_count: u32,
                pub listed_count: u32,
                pub created_at: String,
                pub favourites_count: u32,
                pub utc_offset: Option<i32>,
                pub time_zone: Option<String>,
                pub geo_enabled: bool,
                pub verified: bool,
                pub statuses_count: u32,
                pub lang: String,
                pub contributors_enabled: bool,
                pub is_translator: bool,
                pub is_translation_enabled: bool,
                pub profile_background_color: String,
                pub profile_background_image_url: String,
                pub profile_background_image_url_https: String,
                pub profile_background_tile: bool,
                pub profile_image_url: String,
                pub profile_image_url_https: String,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub profile_banner_url: Option<String>,
                pub profile_link_color: String,
                pub profile_sidebar_border_color: String,
                pub profile_sidebar_fill_color: String,
                pub profile_text_color: String,
                pub profile_use_background_image: bool,
                pub default_profile: bool,
                pub default_profile_image: bool,
                pub following: bool,
                pub follow_request_sent: bool,
                pub notifications: bool,
            }

            pub struct UserEntities {
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub url: Option<UserUrls>,
                pub description: UserUrls,
            }

            pub struct UserUrls {
                pub urls: Vec<Url>,
            }

            pub struct Url {
                pub url: String,
                pub expanded_url: String,
                pub display_url: String,
                pub indices: [u32; 2],
            }

            pub struct StatusEntities {
                pub hashtags: Vec<Hashtag>,
                pub symbols: Vec<Hashtag>,
                pub urls: Vec<Url>,
                pub user_mentions: Vec<UserMention>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub media: Option<Vec<Media>>,
            }

            pub struct Hashtag {
                pub text: String,
                pub indices: [u32; 2],
            }

            pub struct UserMention {
                pub screen_name: String,
                pub name: String,
                pub id: u64,
                pub id_str: String,
                pub indices: [u32; 2],
            }

            pub struct Media {
                pub id: u64,
                pub id_str: String,
                pub indices: [u32; 2],
                pub media_url: String,
                pub media_url_https: String,
                pub url: String,
                pub display_url: String,
                pub expanded_url: String,
                #[serde(rename = "type")]
                pub kind: String,
                pub sizes: Sizes,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub source_status_id: Option<u64>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub source_status_id_str: Option<String>,
            }

            pub struct Sizes {
                pub medium: Size,
                pub small: Size,
                pub thumb: Size,
                pub large: Size,
            }

            pub struct Size {
                pub w: u32,
                pub h: u32,
                pub resize: String,
            }

            pub struct SearchMetadata {
                pub completed_in: f64,
                pub max_id: u64,
                pub max_id_str: String,
                pub next_results: String,
                pub query: String,
                pub refresh_url: String,
                pub count: u32,
                pub since_id: u64,
                pub since_id_str: String,
            }
        }
    };
}
