//! CloudEvents 1.0 envelopes in structured JSON mode, with the payloads of a storage and a
//! build service, and extension attributes kept as they came.

use chrono::{DateTime, Utc};
use fastjson::FastJson;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use url::Url;
use uuid::Uuid;

/// The `specversion` attribute.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub enum SpecVersion {
    /// 1.0.
    #[serde(rename = "1.0")]
    V1_0,
    /// 0.3, still sent by older producers.
    #[serde(rename = "0.3")]
    V0_3,
}

/// A structured-mode CloudEvent whose `data` is any JSON, with extension attributes in
/// a flattened map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CloudEvent {
    /// `1.0`.
    pub specversion: SpecVersion,
    /// Event ID, unique per source.
    pub id: String,
    /// A URI reference naming the producer.
    pub source: String,
    /// `com.example.object.finalized`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Media type of `data`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub datacontenttype: Option<String>,
    /// Schema of `data`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dataschema: Option<Url>,
    /// Subject within the source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// When it happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<DateTime<Utc>>,
    /// The payload.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
    /// A binary payload, base64.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_base64: Option<String>,
    /// Extension attributes (`traceparent`, `partitionkey`, ...).
    #[serde(flatten)]
    pub extensions: BTreeMap<String, Value>,
}

/// A structured-mode CloudEvent with a typed payload; unknown attributes in a `HashMap`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct TypedCloudEvent<T> {
    /// `1.0`.
    pub specversion: SpecVersion,
    /// Event ID.
    pub id: String,
    /// Producer.
    pub source: String,
    /// Event type.
    #[serde(rename = "type")]
    pub kind: String,
    /// Subject.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// When.
    pub time: DateTime<Utc>,
    /// Media type.
    #[serde(default = "json_content_type")]
    pub datacontenttype: String,
    /// The payload.
    pub data: T,
    /// Extension attributes.
    #[serde(flatten)]
    pub extensions: HashMap<String, Value>,
}

fn json_content_type() -> String {
    "application/json".to_owned()
}

/// A batch of events (`application/cloudevents-batch+json`).
pub type CloudEventBatch = Vec<CloudEvent>;

/// Storage class of an object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StorageClass {
    /// Standard.
    Standard,
    /// Nearline.
    Nearline,
    /// Coldline.
    Coldline,
    /// Archive.
    Archive,
}

/// Customer-supplied encryption.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "camelCase")]
pub struct CustomerEncryption {
    /// `AES256`.
    pub encryption_algorithm: String,
    /// Key hash, base64.
    pub key_sha256: String,
}

/// A storage object's `data` (object finalized / deleted / archived).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "camelCase")]
pub struct StorageObjectData {
    /// Bucket.
    pub bucket: String,
    /// Object name.
    pub name: String,
    /// Generation, a decimal string.
    #[serde(deserialize_with = "crate::helpers::number_or_string")]
    pub generation: u64,
    /// Metageneration.
    #[serde(deserialize_with = "crate::helpers::number_or_string")]
    pub metageneration: u64,
    /// MIME type.
    #[serde(default)]
    pub content_type: Option<String>,
    /// Created.
    pub time_created: DateTime<Utc>,
    /// Updated.
    pub updated: DateTime<Utc>,
    /// Storage class.
    pub storage_class: StorageClass,
    /// Size, a decimal string.
    #[serde(deserialize_with = "crate::helpers::number_or_string")]
    pub size: u64,
    /// MD5, base64.
    #[serde(default)]
    pub md5_hash: Option<String>,
    /// Media link.
    pub media_link: Url,
    /// User metadata.
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    /// CRC32C, base64.
    pub crc32c: String,
    /// ETag.
    pub etag: String,
    /// Encryption.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_encryption: Option<CustomerEncryption>,
}

/// A build step's outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum BuildStatus {
    /// Queued.
    Queued,
    /// Working.
    Working,
    /// Success.
    Success,
    /// Failure.
    Failure,
    /// Internal error.
    InternalError,
    /// Timeout.
    Timeout,
    /// Cancelled.
    Cancelled,
    /// Newer statuses.
    #[serde(other)]
    StatusUnknown,
}

/// A build step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "camelCase")]
pub struct BuildStep {
    /// Builder image.
    pub name: String,
    /// Arguments.
    #[serde(default)]
    pub args: Vec<String>,
    /// Step ID.
    #[serde(default)]
    pub id: Option<String>,
    /// Waits for these steps.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wait_for: Vec<String>,
    /// Status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<BuildStatus>,
    /// Environment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<String>,
}

/// A build's `data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "camelCase")]
pub struct BuildData {
    /// Build ID.
    pub id: Uuid,
    /// Project.
    pub project_id: String,
    /// Status.
    pub status: BuildStatus,
    /// Steps.
    pub steps: Vec<BuildStep>,
    /// Created.
    pub create_time: DateTime<Utc>,
    /// Started.
    #[serde(default)]
    pub start_time: Option<DateTime<Utc>>,
    /// Finished.
    #[serde(default)]
    pub finish_time: Option<DateTime<Utc>>,
    /// Timeout, `"600s"`.
    pub timeout: String,
    /// Images built.
    #[serde(default)]
    pub images: Vec<String>,
    /// Logs.
    pub log_url: Url,
    /// Substitutions.
    #[serde(default)]
    pub substitutions: BTreeMap<String, String>,
    /// Tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Anything the producer adds.
    #[serde(flatten)]
    pub unknown: HashMap<String, Value>,
}
