//! Canonical models of the `shapes` family: document shapes the other workloads do
//! not have, each written as a user of its domain would write it. Free-form payloads are
//! `serde_json::Value` in every copy: the type a user's struct holds, unchanged whichever
//! library decodes it (what the shape measures is building serde_json's maps and strings).

/// Emits the shapes family's types into the calling module through `stamp!` for one side.
#[macro_export]
macro_rules! shapes_model {
    ($side:ident, $lib:path) => {
        $crate::stamp! { $side, $lib;
            // events-value: an event export, typed envelopes around free-form payloads.
            pub struct EventPage {
                pub events: Vec<Event>,
                pub next_cursor: Option<String>,
            }

            pub struct Event {
                pub id: String,
                pub timestamp: String,
                pub kind: String,
                pub source: String,
                pub user_id: Option<u64>,
                pub session_id: Option<String>,
                pub schema_version: u32,
                pub payload: ::serde_json::Value,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub extra: Option<::serde_json::Value>,
            }

            // rows-pretty: a pretty-printed game-state export, many small integer records.
            pub struct Scene {
                pub frame: u32,
                pub sprites: Vec<Sprite>,
            }

            pub struct Sprite {
                pub id: u32,
                pub x: u16,
                pub y: u16,
                pub w: u16,
                pub h: u16,
                pub z: u8,
                pub r: u8,
                pub g: u8,
                pub b: u8,
                pub a: u8,
                pub hp: u16,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub mp: Option<u16>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub team: Option<u8>,
            }

            // ci-metadata: a page of GitHub Actions' "list workflow runs" answer.
            pub struct WorkflowRuns {
                pub total_count: u64,
                pub workflow_runs: Vec<WorkflowRun>,
            }

            pub struct WorkflowRun {
                pub id: u64,
                pub name: Option<String>,
                pub node_id: String,
                pub head_branch: Option<String>,
                pub head_sha: String,
                pub path: String,
                pub display_title: String,
                pub run_number: u64,
                pub event: String,
                pub status: Option<RunStatus>,
                pub conclusion: Option<Conclusion>,
                pub workflow_id: u64,
                pub check_suite_id: Option<u64>,
                pub check_suite_node_id: Option<String>,
                pub url: String,
                pub html_url: String,
                pub pull_requests: Vec<PullRequestRef>,
                pub created_at: String,
                pub updated_at: String,
                pub actor: Option<SimpleUser>,
                pub triggering_actor: Option<SimpleUser>,
                pub run_attempt: Option<u32>,
                pub run_started_at: Option<String>,
                pub jobs_url: String,
                pub logs_url: String,
                pub check_suite_url: String,
                pub artifacts_url: String,
                pub cancel_url: String,
                pub rerun_url: String,
                pub previous_attempt_url: Option<String>,
                pub workflow_url: String,
                pub head_commit: Option<HeadCommit>,
                pub repository: MinimalRepository,
                pub head_repository: Option<MinimalRepository>,
            }

            #[serde(rename_all = "snake_case")]
            pub enum RunStatus {
                Queued,
                InProgress,
                Completed,
                Waiting,
                Requested,
                Pending,
            }

            #[serde(rename_all = "snake_case")]
            pub enum Conclusion {
                Success,
                Failure,
                Neutral,
                Cancelled,
                Skipped,
                TimedOut,
                ActionRequired,
                Stale,
            }

            pub struct PullRequestRef {
                pub id: u64,
                pub number: u64,
                pub url: String,
                pub head: BranchRef,
                pub base: BranchRef,
            }

            pub struct BranchRef {
                #[serde(rename = "ref")]
                pub git_ref: String,
                pub sha: String,
                pub repo: RepoRef,
            }

            pub struct RepoRef {
                pub id: u64,
                pub url: String,
                pub name: String,
            }

            pub struct SimpleUser {
                pub login: String,
                pub id: u64,
                pub node_id: String,
                pub avatar_url: String,
                pub gravatar_id: Option<String>,
                pub url: String,
                pub html_url: String,
                #[serde(rename = "type")]
                pub kind: String,
                pub site_admin: bool,
                pub name: Option<String>,
                pub email: Option<String>,
            }

            pub struct HeadCommit {
                pub id: String,
                pub tree_id: String,
                pub message: String,
                pub timestamp: String,
                pub author: Option<GitActor>,
                pub committer: Option<GitActor>,
            }

            pub struct GitActor {
                pub name: String,
                pub email: String,
            }

            pub struct MinimalRepository {
                pub id: u64,
                pub node_id: String,
                pub name: String,
                pub full_name: String,
                pub private: bool,
                pub owner: SimpleUser,
                pub html_url: String,
                pub description: Option<String>,
                pub fork: bool,
                pub url: String,
                pub homepage: Option<String>,
                pub language: Option<String>,
                pub archived: Option<bool>,
                pub visibility: Option<String>,
            }

            // map-keyed: an inventory keyed by SKU, with per-warehouse maps.
            pub struct Inventory {
                pub generated_at: String,
                pub items: ::std::collections::BTreeMap<String, InventoryItem>,
            }

            pub struct InventoryItem {
                pub name: String,
                pub price_cents: u64,
                pub stock: ::std::collections::BTreeMap<String, u64>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub category: Option<String>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub supplier: Option<String>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub weight_g: Option<u32>,
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub discontinued: Option<bool>,
                #[serde(default)]
                pub attributes: ::std::collections::BTreeMap<String, String>,
            }

            // short-strings: a label catalogue, short strings and ids.
            pub struct LabelCatalog {
                pub labels: Vec<Label>,
                pub tags: Vec<String>,
                pub ids: Vec<u64>,
            }

            pub struct Label {
                pub id: u64,
                pub name: String,
                pub slug: String,
                pub color: String,
                pub group: String,
                pub owner: String,
                pub lang: String,
                pub icon: String,
                pub parent_id: u64,
            }

            // enums: a dashboard of internally tagged widgets (flattened into their frame) and
            // untagged filters.
            pub struct Dashboard {
                pub id: String,
                pub title: String,
                pub widgets: Vec<Widget>,
                pub filters: Vec<Filter>,
            }

            pub struct Widget {
                pub id: String,
                pub x: u16,
                pub y: u16,
                pub w: u16,
                pub h: u16,
                #[serde(flatten)]
                pub kind: WidgetKind,
            }

            #[serde(tag = "type", rename_all = "snake_case")]
            pub enum WidgetKind {
                LineChart { query: String, series: Vec<String>, stacked: bool },
                BarChart { query: String, group_by: String, limit: u32 },
                Table { query: String, columns: Vec<String>, page_size: u32 },
                Metric { query: String, unit: String, decimals: u8, threshold: Option<f64> },
                Text { markdown: String },
                Image { url: String, alt: String },
                Map { query: String, lat: f64, lon: f64, zoom: u8 },
                Heatmap { query: String, buckets: u32, palette: String },
                Divider,
                Link { url: String, label: String, new_tab: bool },
            }

            #[serde(untagged)]
            pub enum Filter {
                Range { field: String, gte: i64, lte: i64 },
                Geo { field: String, lat: f64, lon: f64, radius_m: u32 },
                Prefix { field: String, prefix: String },
                Terms { field: String, terms: Vec<String> },
                Term { field: String, value: String },
                Ids { ids: Vec<u64> },
                Exists { exists: String },
                Missing { missing: String },
                Flag(bool),
                Query(String),
            }
        }
    };
}
