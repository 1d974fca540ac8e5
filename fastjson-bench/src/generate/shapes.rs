//! The `shapes` family's documents: one per shape, each from its own seed, built from
//! integers only like the rest of `generate` (floats are an integer over a power of ten), encoded
//! by the pinned serde_json (`rows-pretty` pretty-printed, the others compact), about 300–600 KB
//! each. The models are in `models/shapes.rs`.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::rng::{rfc3339, Rng};
use super::{hundredths, WORDS};
use crate::copies::serde_json_copy::shapes::{
    BranchRef, Conclusion, Dashboard, Event, EventPage, Filter, GitActor, HeadCommit, Inventory,
    InventoryItem, Label, LabelCatalog, MinimalRepository, PullRequestRef, RepoRef, RunStatus,
    Scene, SimpleUser, Sprite, Widget, WidgetKind, WorkflowRun, WorkflowRuns,
};

/// A shape's document generator.
type Generator = fn() -> Vec<u8>;

/// The family: each shape's name and its generator.
const SHAPES: [(&str, Generator); 6] = [
    ("shapes-events-value", events_value),
    ("shapes-rows-pretty", rows_pretty),
    ("shapes-ci-metadata", ci_metadata),
    ("shapes-map-keyed", map_keyed),
    ("shapes-short-strings", short_strings),
    ("shapes-enums", enums),
];

/// The family's workloads: name and document.
pub fn all() -> Vec<(&'static str, Vec<u8>)> {
    SHAPES
        .iter()
        .map(|&(name, generate)| (name, generate()))
        .collect()
}

/// One shape's document, generated alone: its static name and document.
pub fn one(name: &str) -> Option<(&'static str, Vec<u8>)> {
    SHAPES
        .iter()
        .find(|&&(n, _)| n == name)
        .map(|&(n, generate)| (n, generate()))
}

const EPOCH: u64 = 1_709_648_829_007;

fn hex(rng: &mut Rng, digits: usize) -> String {
    let mut s = String::with_capacity(digits);
    while s.len() < digits {
        s.push_str(&format!("{:016x}", rng.next_u64()));
    }
    s.truncate(digits);
    s
}

fn signed(rng: &mut Rng, range: u64) -> i64 {
    rng.below(2 * range + 1) as i64 - range as i64
}

const KINDS: &[&str] = &[
    "page.viewed",
    "order.created",
    "search.performed",
    "error.raised",
    "sensor.reading",
    "user.updated",
];

const SOURCES: &[&str] = &["web", "ios", "android", "api", "worker", "edge-eu-1"];

/// One event's free-form payload, by kind: nested objects, arrays, numbers, strings, nulls.
fn payload(rng: &mut Rng, kind: &str) -> Value {
    match kind {
        "page.viewed" => json!({
            "url": format!("https://shop.example.com/{}/{}", rng.pick(WORDS), rng.below(10_000)),
            "referrer": if rng.below(3) == 0 { Value::Null } else { json!("https://www.example.org/") },
            "viewport": { "w": 320 + rng.below(1600), "h": 480 + rng.below(900) },
            "duration_ms": rng.below(120_000),
            "scroll_depth": hundredths(rng.below(10_001) as i64),
        }),
        "order.created" => {
            let items: Vec<Value> = (0..1 + rng.below(4))
                .map(|_| {
                    json!({
                        "sku": format!("SKU-{:05}", rng.below(100_000)),
                        "qty": 1 + rng.below(5),
                        "price": hundredths(199 + rng.below(20_000) as i64),
                    })
                })
                .collect();
            json!({
                "order_id": format!("ord_{}", hex(rng, 16)),
                "currency": rng.pick(&["EUR", "USD", "GBP", "JPY"]),
                "items": items,
                "total": hundredths(rng.below(500_000) as i64),
                "coupon": if rng.below(4) == 0 { json!(rng.pick(WORDS).to_uppercase()) } else { Value::Null },
            })
        }
        "search.performed" => json!({
            "query": format!("{} {}", rng.pick(WORDS), rng.pick(WORDS)),
            "results": rng.below(5000),
            "page": 1 + rng.below(10),
            "filters": {
                "category": rng.pick(WORDS),
                "price": [rng.below(100), 100 + rng.below(900)],
                "in_stock": rng.below(2) == 1,
            },
            "latency_ms": hundredths(rng.below(50_000) as i64),
        }),
        "error.raised" => json!({
            "code": format!("E{:04}", rng.below(10_000)),
            "message": format!("{} failed: \"{}\" not found", rng.pick(WORDS), rng.pick(WORDS)),
            "stack": (0..2 + rng.below(5))
                .map(|i| format!("at {}::{} (src/{}.rs:{})", rng.pick(WORDS), rng.pick(WORDS), rng.pick(WORDS), i * 17 + rng.below(900)))
                .collect::<Vec<_>>(),
            "retryable": rng.below(2) == 1,
            "attempt": rng.below(4),
        }),
        "sensor.reading" => json!({
            "unit": rng.pick(&["°C", "hPa", "%", "lux"]),
            "values": (0..4 + rng.below(12)).map(|_| hundredths(signed(rng, 100_000))).collect::<Vec<_>>(),
            "location": { "lat": signed(rng, 90_000_000) as f64 / 1_000_000.0, "lon": signed(rng, 180_000_000) as f64 / 1_000_000.0 },
            "battery": rng.below(101),
        }),
        _ => json!({
            "changes": {
                "display_name": [rng.pick(WORDS), rng.pick(WORDS)],
                "locale": [rng.pick(&["en-GB", "de-DE", "fr-FR"]), rng.pick(&["ja-JP", "pt-BR", "en-US"])],
            },
            "by": if rng.below(2) == 0 { json!("self") } else { json!({ "admin_id": rng.below(1_000_000) }) },
            "mfa": rng.below(2) == 1,
        }),
    }
}

/// `shapes-events-value`: 1,600 events, typed envelopes holding `Value` payloads (compact).
pub fn events_value() -> Vec<u8> {
    let mut rng = Rng::new(0x5AA9_E5E7);
    let mut at = EPOCH;
    let events = (0..1600u64)
        .map(|i| {
            at += rng.below(5_000);
            let kind = rng.pick(KINDS);
            let signed_in = rng.below(4) != 0;
            Event {
                id: format!("evt_{}", hex(&mut rng, 24)),
                timestamp: rfc3339(at),
                kind: kind.to_string(),
                source: rng.pick(SOURCES).to_string(),
                user_id: signed_in.then(|| rng.below(10_000_000)),
                session_id: signed_in.then(|| hex(&mut rng, 32)),
                schema_version: 1 + (i % 3) as u32,
                payload: payload(&mut rng, kind),
                extra: (rng.below(3) == 0).then(|| {
                    json!({
                        "trace_id": hex(&mut rng, 32),
                        "sampled": rng.below(2) == 1,
                        "tags": [rng.pick(WORDS), rng.pick(WORDS)],
                    })
                }),
            }
        })
        .collect();
    let page = EventPage {
        events,
        next_cursor: Some(hex(&mut rng, 40)),
    };
    serde_json::to_vec(&page).expect("events encode")
}

/// `shapes-rows-pretty`: 2,000 sprites of small integers, pretty-printed (two-space indent,
/// serde_json's `to_vec_pretty`).
pub fn rows_pretty() -> Vec<u8> {
    let mut rng = Rng::new(0x5B81_7E50);
    let sprites = (0..2000u32)
        .map(|id| Sprite {
            id,
            x: rng.below(4096) as u16,
            y: rng.below(4096) as u16,
            w: 8 + rng.below(120) as u16,
            h: 8 + rng.below(120) as u16,
            z: rng.below(16) as u8,
            r: rng.below(256) as u8,
            g: rng.below(256) as u8,
            b: rng.below(256) as u8,
            a: if rng.below(4) == 0 {
                rng.below(256) as u8
            } else {
                255
            },
            hp: rng.below(1000) as u16,
            mp: (rng.below(3) != 0).then(|| rng.below(500) as u16),
            team: (rng.below(2) == 0).then(|| rng.below(4) as u8),
        })
        .collect();
    let scene = Scene {
        frame: rng.below(100_000) as u32,
        sprites,
    };
    serde_json::to_vec_pretty(&scene).expect("scene encodes")
}

const ORGS: &[&str] = &["octo-org", "rust-lang", "acme-corp", "example"];
const REPOS: &[&str] = &["api", "web", "infra", "docs", "sdk-rust"];
const BRANCHES: &[&str] = &[
    "main",
    "develop",
    "release/1.4",
    "fix/flaky-test",
    "dependabot/cargo/serde-1.0.229",
];
const EVENTS: &[&str] = &[
    "push",
    "pull_request",
    "schedule",
    "workflow_dispatch",
    "merge_group",
];
const WORKFLOWS: &[(&str, &str)] = &[
    ("CI", ".github/workflows/ci.yml"),
    ("Release", ".github/workflows/release.yml"),
    ("Nightly", ".github/workflows/nightly.yml"),
    ("Docs", ".github/workflows/docs.yml"),
];

fn user(rng: &mut Rng, login: &str, id: u64) -> SimpleUser {
    let bot = login.ends_with("[bot]");
    SimpleUser {
        login: login.to_string(),
        id,
        node_id: format!("MDQ6VXNlcj{}", hex(rng, 8)),
        avatar_url: format!("https://avatars.githubusercontent.com/u/{id}?v=4"),
        gravatar_id: Some(String::new()),
        url: format!("https://api.github.com/users/{login}"),
        html_url: format!("https://github.com/{login}"),
        kind: if bot { "Bot" } else { "User" }.to_string(),
        site_admin: false,
        name: None,
        email: None,
    }
}

fn repository(rng: &mut Rng, org: &str, name: &str, id: u64) -> MinimalRepository {
    MinimalRepository {
        id,
        node_id: format!("R_kgDO{}", hex(rng, 8)),
        name: name.to_string(),
        full_name: format!("{org}/{name}"),
        private: rng.below(2) == 0,
        owner: user(rng, org, 1_000 + id % 977),
        html_url: format!("https://github.com/{org}/{name}"),
        description: (rng.below(2) == 0).then(|| format!("The {name} of {org}")),
        fork: false,
        url: format!("https://api.github.com/repos/{org}/{name}"),
        homepage: None,
        language: (rng.below(3) != 0).then(|| rng.pick(&["Rust", "TypeScript", "Go"]).to_string()),
        archived: None,
        visibility: None,
    }
}

/// `shapes-ci-metadata`: a page of 100 workflow runs as GitHub's REST API lists them: many
/// optional fields (written `null`), booleans, URLs, enum-like strings, timestamps.
pub fn ci_metadata() -> Vec<u8> {
    let mut rng = Rng::new(0xC1_AC7105);
    let workflow_runs = (0..100u64)
        .map(|i| {
            let org = rng.pick(ORGS);
            let repo_name = rng.pick(REPOS);
            let repo_id = 100_000_000 + rng.below(900_000_000);
            let id = 7_000_000_000 + i * 13 + rng.below(13);
            let api = format!("https://api.github.com/repos/{org}/{repo_name}/actions/runs/{id}");
            let (name, path) = WORKFLOWS[rng.below(WORKFLOWS.len() as u64) as usize];
            let event = rng.pick(EVENTS);
            let status = match rng.below(10) {
                0 => RunStatus::Queued,
                1 => RunStatus::InProgress,
                2 => RunStatus::Waiting,
                _ => RunStatus::Completed,
            };
            let conclusion = (status == RunStatus::Completed).then(|| match rng.below(10) {
                0 => Conclusion::Failure,
                1 => Conclusion::Cancelled,
                2 => Conclusion::Skipped,
                3 => Conclusion::TimedOut,
                _ => Conclusion::Success,
            });
            let created = EPOCH + i * 600_000 + rng.below(600_000);
            let attempt = 1 + u32::from(rng.below(8) == 0);
            let sha = hex(&mut rng, 40);
            let login = if rng.below(4) == 0 { "dependabot[bot]".to_string() } else { format!("{}-{}", rng.pick(WORDS), rng.below(100)) };
            let actor_id = 10_000 + rng.below(90_000_000);
            let actor = user(&mut rng, &login, actor_id);
            let repository = repository(&mut rng, org, repo_name, repo_id);
            let pull_requests = if event == "pull_request" {
                let repo = RepoRef { id: repo_id, url: repository.url.clone(), name: repo_name.to_string() };
                vec![PullRequestRef {
                    id: 1_500_000_000 + rng.below(100_000_000),
                    number: 1 + rng.below(5000),
                    url: format!("{}/pulls/{}", repository.url, 1 + rng.below(5000)),
                    head: BranchRef { git_ref: rng.pick(BRANCHES).to_string(), sha: sha.clone(), repo: repo.clone() },
                    base: BranchRef { git_ref: "main".to_string(), sha: hex(&mut rng, 40), repo },
                }]
            } else {
                Vec::new()
            };
            WorkflowRun {
                id,
                name: Some(name.to_string()),
                node_id: format!("WFR_kwLO{}", hex(&mut rng, 12)),
                head_branch: (event != "merge_group").then(|| rng.pick(BRANCHES).to_string()),
                head_sha: sha.clone(),
                path: path.to_string(),
                display_title: format!("{} {} ({})", rng.pick(WORDS), rng.pick(WORDS), rng.below(1000)),
                run_number: 1 + rng.below(20_000),
                event: event.to_string(),
                status: Some(status),
                conclusion,
                workflow_id: 60_000_000 + rng.below(1_000_000),
                check_suite_id: Some(20_000_000_000 + rng.below(1_000_000_000)),
                check_suite_node_id: Some(format!("CS_kwDO{}", hex(&mut rng, 12))),
                url: api.clone(),
                html_url: format!("https://github.com/{org}/{repo_name}/actions/runs/{id}"),
                pull_requests,
                created_at: rfc3339(created / 1000 * 1000)[..19].to_string() + "Z",
                updated_at: rfc3339((created + rng.below(3_600_000)) / 1000 * 1000)[..19].to_string() + "Z",
                triggering_actor: Some(actor.clone()),
                actor: Some(actor),
                run_attempt: Some(attempt),
                run_started_at: Some(rfc3339(created / 1000 * 1000)[..19].to_string() + "Z"),
                jobs_url: format!("{api}/jobs"),
                logs_url: format!("{api}/logs"),
                check_suite_url: format!("https://api.github.com/repos/{org}/{repo_name}/check-suites/{}", rng.below(1 << 36)),
                artifacts_url: format!("{api}/artifacts"),
                cancel_url: format!("{api}/cancel"),
                rerun_url: format!("{api}/rerun"),
                previous_attempt_url: (attempt > 1).then(|| format!("{api}/attempts/1")),
                workflow_url: format!("https://api.github.com/repos/{org}/{repo_name}/actions/workflows/{}", 60_000_000 + rng.below(1_000_000)),
                head_commit: Some(HeadCommit {
                    id: sha,
                    tree_id: hex(&mut rng, 40),
                    message: format!("{} the {} of {}\n\nSigned-off-by: {login} <{login}@users.noreply.github.com>", rng.pick(&["Fix", "Add", "Bump", "Refactor"]), rng.pick(WORDS), rng.pick(WORDS)),
                    timestamp: rfc3339(created - rng.below(86_400_000))[..19].to_string() + "Z",
                    author: Some(GitActor { name: login.clone(), email: format!("{login}@users.noreply.github.com") }),
                    committer: Some(GitActor { name: "GitHub".to_string(), email: "noreply@github.com".to_string() }),
                }),
                head_repository: Some(repository.clone()),
                repository,
            }
        })
        .collect();
    let page = WorkflowRuns {
        total_count: 18_000 + rng.below(1000),
        workflow_runs,
    };
    serde_json::to_vec(&page).expect("workflow runs encode")
}

const WAREHOUSES: &[&str] = &[
    "AMS1", "BER2", "CDG1", "DUB3", "FRA1", "LHR2", "MAD1", "WAW1",
];
const CATEGORIES: &[&str] = &["kitchen", "garden", "office", "outdoor", "toys", "audio"];

/// `shapes-map-keyed`: an inventory of 1,200 items keyed by SKU (a `BTreeMap`), each with a map
/// of stock per warehouse, optional fields present or not and a small attribute map.
pub fn map_keyed() -> Vec<u8> {
    let mut rng = Rng::new(0x3A9_4E7D);
    let mut items = BTreeMap::new();
    while items.len() < 1200 {
        let sku = format!(
            "{}-{:06}",
            rng.pick(WORDS).to_uppercase(),
            rng.below(1_000_000)
        );
        let stock = (0..1 + rng.below(6))
            .map(|_| (rng.pick(WAREHOUSES).to_string(), rng.below(5000)))
            .collect();
        let attributes = (0..rng.below(4))
            .map(|_| {
                (
                    rng.pick(&["color", "size", "material", "finish", "voltage"])
                        .to_string(),
                    rng.pick(WORDS).to_string(),
                )
            })
            .collect();
        let item = InventoryItem {
            name: format!("{} {} {}", rng.pick(WORDS), rng.pick(WORDS), rng.below(100)),
            price_cents: 99 + rng.below(100_000),
            stock,
            category: (rng.below(4) != 0).then(|| rng.pick(CATEGORIES).to_string()),
            supplier: (rng.below(2) == 0).then(|| format!("sup_{}", hex(&mut rng, 8))),
            weight_g: (rng.below(3) != 0).then(|| 10 + rng.below(20_000) as u32),
            discontinued: (rng.below(5) == 0).then(|| rng.below(2) == 1),
            attributes,
        };
        items.insert(sku, item);
    }
    let inventory = Inventory {
        generated_at: rfc3339(EPOCH),
        items,
    };
    serde_json::to_vec(&inventory).expect("inventory encodes")
}

const COLORS: &[&str] = &[
    "#d73a4a", "#0075ca", "#cfd3d7", "#a2eeef", "#7057ff", "#008672", "#e4e669", "#fef2c0",
];
const LANGS: &[&str] = &["en", "de", "fr", "es", "ja", "pt-BR"];
const ICONS: &[&str] = &["bug", "star", "flag", "tag", "bolt", "lock", "eye", "gear"];

/// `shapes-short-strings`: 3,500 labels of short strings and ids, plus flat lists of tags and
/// ids (the shape where encoders' short-string paths decide).
pub fn short_strings() -> Vec<u8> {
    let mut rng = Rng::new(0x5407_7571);
    let labels = (0..3500u64)
        .map(|i| {
            let name = if i % 23 == 0 {
                format!("{} café", rng.pick(WORDS))
            } else {
                format!("{}-{}", rng.pick(WORDS), rng.below(100))
            };
            Label {
                id: 4_000_000 + i * 7 + rng.below(7),
                slug: name.replace(' ', "-").replace('é', "e"),
                name,
                color: rng.pick(COLORS).to_string(),
                group: rng
                    .pick(&["area", "kind", "prio", "team", "status"])
                    .to_string(),
                owner: format!("u{}", rng.below(5000)),
                lang: rng.pick(LANGS).to_string(),
                icon: rng.pick(ICONS).to_string(),
                parent_id: rng.below(4_000_000),
            }
        })
        .collect();
    let catalog = LabelCatalog {
        labels,
        tags: (0..3000)
            .map(|_| format!("{}{}", rng.pick(WORDS), rng.below(10)))
            .collect(),
        ids: (0..3000).map(|_| rng.below(1 << 40)).collect(),
    };
    serde_json::to_vec(&catalog).expect("labels encode")
}

fn widget_kind(rng: &mut Rng) -> WidgetKind {
    let query = |rng: &mut Rng| {
        format!(
            "sum({}{{env=\"{}\"}}) by ({})",
            rng.pick(WORDS),
            rng.pick(&["prod", "staging"]),
            rng.pick(WORDS)
        )
    };
    match rng.below(10) {
        0 => WidgetKind::LineChart {
            query: query(rng),
            series: (0..1 + rng.below(4))
                .map(|_| rng.pick(WORDS).to_string())
                .collect(),
            stacked: rng.below(2) == 1,
        },
        1 => WidgetKind::BarChart {
            query: query(rng),
            group_by: rng.pick(WORDS).to_string(),
            limit: 5 + rng.below(20) as u32,
        },
        2 => WidgetKind::Table {
            query: query(rng),
            columns: (0..2 + rng.below(5))
                .map(|_| rng.pick(WORDS).to_string())
                .collect(),
            page_size: [10, 25, 50][rng.below(3) as usize],
        },
        3 => WidgetKind::Metric {
            query: query(rng),
            unit: rng.pick(&["ms", "req/s", "%", "B"]).to_string(),
            decimals: rng.below(3) as u8,
            threshold: (rng.below(2) == 0).then(|| hundredths(rng.below(100_000) as i64)),
        },
        4 => WidgetKind::Text {
            markdown: format!(
                "## {}\n\nOwned by *{}*; see [the runbook](https://wiki.example.com/{}).",
                rng.pick(WORDS),
                rng.pick(WORDS),
                rng.pick(WORDS)
            ),
        },
        5 => WidgetKind::Image {
            url: format!("https://cdn.example.com/img/{}.png", hex(rng, 12)),
            alt: rng.pick(WORDS).to_string(),
        },
        6 => WidgetKind::Map {
            query: query(rng),
            lat: signed(rng, 90_000_000) as f64 / 1_000_000.0,
            lon: signed(rng, 180_000_000) as f64 / 1_000_000.0,
            zoom: 1 + rng.below(18) as u8,
        },
        7 => WidgetKind::Heatmap {
            query: query(rng),
            buckets: 10 + rng.below(90) as u32,
            palette: rng.pick(&["viridis", "magma", "greys"]).to_string(),
        },
        8 => WidgetKind::Divider,
        _ => WidgetKind::Link {
            url: format!("https://status.example.com/{}", rng.pick(WORDS)),
            label: rng.pick(WORDS).to_string(),
            new_tab: rng.below(2) == 1,
        },
    }
}

fn filter(rng: &mut Rng) -> Filter {
    let field = |rng: &mut Rng| {
        rng.pick(&[
            "service",
            "region",
            "status",
            "host",
            "customer",
            "latency_ms",
        ])
        .to_string()
    };
    match rng.below(10) {
        0 => {
            let gte = signed(rng, 1_000_000);
            Filter::Range {
                field: field(rng),
                gte,
                lte: gte + rng.below(1_000_000) as i64,
            }
        }
        1 => Filter::Geo {
            field: "location".to_string(),
            lat: signed(rng, 90_000_000) as f64 / 1_000_000.0,
            lon: signed(rng, 180_000_000) as f64 / 1_000_000.0,
            radius_m: 100 + rng.below(50_000) as u32,
        },
        2 => Filter::Prefix {
            field: field(rng),
            prefix: rng.pick(WORDS)[..3].to_string(),
        },
        3 => Filter::Terms {
            field: field(rng),
            terms: (0..1 + rng.below(5))
                .map(|_| rng.pick(WORDS).to_string())
                .collect(),
        },
        4 => Filter::Term {
            field: field(rng),
            value: rng.pick(WORDS).to_string(),
        },
        5 => Filter::Ids {
            ids: (0..1 + rng.below(6)).map(|_| rng.below(1 << 32)).collect(),
        },
        6 => Filter::Exists { exists: field(rng) },
        7 => Filter::Missing {
            missing: field(rng),
        },
        8 => Filter::Flag(rng.below(2) == 1),
        _ => Filter::Query(format!("{} AND NOT {}", rng.pick(WORDS), rng.pick(WORDS))),
    }
}

/// `shapes-enums`: a dashboard of 2,000 widgets (an internally tagged enum of 10 variants,
/// flattened into each widget's frame) and 2,500 filters (an untagged enum of 10 variants).
pub fn enums() -> Vec<u8> {
    let mut rng = Rng::new(0xE7_0A5E);
    let widgets = (0..2000u32)
        .map(|i| Widget {
            id: format!("w{i}"),
            x: (i % 12) as u16,
            y: (i / 12) as u16,
            w: 1 + rng.below(12) as u16,
            h: 1 + rng.below(8) as u16,
            kind: widget_kind(&mut rng),
        })
        .collect();
    let dashboard = Dashboard {
        id: format!("dash_{}", hex(&mut rng, 12)),
        title: "Checkout — production".to_string(),
        widgets,
        filters: (0..2500).map(|_| filter(&mut rng)).collect(),
    };
    serde_json::to_vec(&dashboard).expect("dashboard encodes")
}
