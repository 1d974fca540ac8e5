//! An LLM messages API: requests, responses, content blocks (internally tagged), tool use
//! with free-form JSON input, streaming events, token counting, model listing, batches and
//! errors.

use crate::ids::{MessageId, ToolUseId};
use chrono::{DateTime, Utc};
use fastjson::FastJson;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use url::Url;

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The user.
    User,
    /// The model.
    Assistant,
}

/// Why the model stopped; unknown reasons from newer API versions are kept as `Unknown`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// Finished its turn.
    EndTurn,
    /// Hit `max_tokens`.
    MaxTokens,
    /// Hit a stop sequence.
    StopSequence,
    /// Wants a tool.
    ToolUse,
    /// Paused a long turn.
    PauseTurn,
    /// Refused.
    Refusal,
    /// Newer reasons.
    #[serde(other)]
    Unknown,
}

/// Cache-control marker on a block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CacheControl {
    /// Ephemeral cache.
    Ephemeral {
        /// `5m` or `1h`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ttl: Option<String>,
    },
}

/// Where an image comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ImageSource {
    /// Inline bytes.
    Base64 {
        /// `image/png`.
        media_type: String,
        /// base64.
        data: String,
    },
    /// A URL the API fetches.
    Url {
        /// The image.
        url: Url,
    },
}

/// A citation in a text block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Citation {
    /// A span of characters of a plain-text document.
    CharLocation {
        /// Cited text.
        cited_text: String,
        /// Document index.
        document_index: u32,
        /// Document title.
        document_title: Option<String>,
        /// Start.
        start_char_index: u64,
        /// End.
        end_char_index: u64,
    },
    /// A page range of a PDF.
    PageLocation {
        /// Cited text.
        cited_text: String,
        /// Document index.
        document_index: u32,
        /// Document title.
        document_title: Option<String>,
        /// Start.
        start_page_number: u32,
        /// End.
        end_page_number: u32,
    },
}

/// A text block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct TextBlock {
    /// The text.
    pub text: String,
    /// Citations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub citations: Option<Vec<Citation>>,
    /// Cache control.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_control: Option<CacheControl>,
}

/// The content of a tool result: a string or blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(untagged)]
pub enum ToolResultContent {
    /// Plain text.
    Text(String),
    /// Blocks.
    Blocks(Vec<ContentBlock>),
}

/// A document's source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DocumentSource {
    /// Plain text.
    Text {
        /// `text/plain`.
        media_type: String,
        /// The text.
        data: String,
    },
    /// A PDF, base64.
    Base64 {
        /// `application/pdf`.
        media_type: String,
        /// base64.
        data: String,
    },
    /// A URL.
    Url {
        /// The document.
        url: Url,
    },
}

/// A content block, tagged by `type`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    /// Text.
    Text(TextBlock),
    /// An image.
    Image {
        /// Source.
        source: ImageSource,
        /// Cache control.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cache_control: Option<CacheControl>,
    },
    /// A document.
    Document {
        /// Source.
        source: DocumentSource,
        /// Title.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
        /// Citations on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        citations: Option<CitationsConfig>,
    },
    /// The model calls a tool.
    ToolUse {
        /// Call ID.
        id: ToolUseId,
        /// Tool name.
        name: String,
        /// Arguments, as the tool's schema says.
        input: Value,
    },
    /// A tool's answer.
    ToolResult {
        /// The call answered.
        tool_use_id: ToolUseId,
        /// The result.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        content: Option<ToolResultContent>,
        /// Whether the tool failed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        is_error: Option<bool>,
    },
    /// Extended thinking.
    Thinking {
        /// The reasoning.
        thinking: String,
        /// Integrity signature.
        signature: String,
    },
    /// Redacted thinking.
    RedactedThinking {
        /// Encrypted.
        data: String,
    },
}

/// Citations switch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CitationsConfig {
    /// On or off.
    pub enabled: bool,
}

/// A message's content: a string or blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(untagged)]
pub enum MessageContent {
    /// Shorthand for one text block.
    Text(String),
    /// Blocks.
    Blocks(Vec<ContentBlock>),
}

/// A conversation turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct InputMessage {
    /// Author.
    pub role: Role,
    /// Content.
    pub content: MessageContent,
}

/// The system prompt: a string or text blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(untagged)]
pub enum SystemPrompt {
    /// Plain.
    Text(String),
    /// Blocks (for cache control).
    Blocks(Vec<SystemBlock>),
}

/// A system text block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SystemBlock {
    /// Text.
    Text(TextBlock),
}

/// A tool definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Tool {
    /// Name.
    pub name: String,
    /// What it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// JSON Schema of `input`.
    pub input_schema: Value,
    /// Cache control.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_control: Option<CacheControl>,
}

/// How the model may use tools.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToolChoice {
    /// Its choice.
    Auto {
        /// One tool call at most.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        disable_parallel_tool_use: Option<bool>,
    },
    /// Some tool.
    Any {
        /// One tool call at most.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        disable_parallel_tool_use: Option<bool>,
    },
    /// This tool.
    Tool {
        /// Its name.
        name: String,
    },
    /// No tools.
    None,
}

/// Extended thinking settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ThinkingConfig {
    /// On, with a budget.
    Enabled {
        /// Tokens.
        budget_tokens: u32,
    },
    /// Off.
    Disabled,
}

/// Request metadata.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct RequestMetadata {
    /// An opaque end-user ID.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
}

/// `POST /v1/messages`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct MessagesRequest {
    /// Model name.
    pub model: String,
    /// Output budget.
    pub max_tokens: u32,
    /// The conversation.
    pub messages: Vec<InputMessage>,
    /// System prompt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<SystemPrompt>,
    /// Sampling temperature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
    /// Nucleus sampling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f64>,
    /// Top-k sampling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_k: Option<u32>,
    /// Stop sequences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stop_sequences: Vec<String>,
    /// Stream the answer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stream: bool,
    /// Tools.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<Tool>,
    /// Tool choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_choice: Option<ToolChoice>,
    /// Thinking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking: Option<ThinkingConfig>,
    /// Metadata.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<RequestMetadata>,
    /// Service tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_tier: Option<String>,
}

/// Prompt-cache breakdown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CacheCreation {
    /// Written to the 5-minute cache.
    pub ephemeral_5m_input_tokens: u64,
    /// Written to the 1-hour cache.
    pub ephemeral_1h_input_tokens: u64,
}

/// Server-side tool use counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ServerToolUsage {
    /// Web searches.
    pub web_search_requests: u64,
}

/// Token usage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Usage {
    /// Input.
    pub input_tokens: u64,
    /// Output.
    pub output_tokens: u64,
    /// Written to the cache.
    #[serde(default)]
    pub cache_creation_input_tokens: Option<u64>,
    /// Read from the cache.
    #[serde(default)]
    pub cache_read_input_tokens: Option<u64>,
    /// Breakdown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_creation: Option<CacheCreation>,
    /// Server tools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_tool_use: Option<ServerToolUsage>,
    /// Tier used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_tier: Option<String>,
}

/// A response message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Message {
    /// ID.
    pub id: MessageId,
    /// Always `message`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Always `assistant`.
    pub role: Role,
    /// Content.
    pub content: Vec<ContentBlock>,
    /// Model that answered.
    pub model: String,
    /// Why it stopped; null in `message_start`.
    pub stop_reason: Option<StopReason>,
    /// Which stop sequence.
    pub stop_sequence: Option<String>,
    /// Usage.
    pub usage: Usage,
}

/// A streamed delta of a content block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BlockDelta {
    /// Text.
    TextDelta {
        /// Text.
        text: String,
    },
    /// Part of a tool's JSON input.
    InputJsonDelta {
        /// Partial JSON text.
        partial_json: String,
    },
    /// Thinking.
    ThinkingDelta {
        /// Text.
        thinking: String,
    },
    /// Signature.
    SignatureDelta {
        /// Signature.
        signature: String,
    },
    /// Citation.
    CitationsDelta {
        /// Citation.
        citation: Citation,
    },
}

/// The top-level changes at the end of a stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct MessageDeltaBody {
    /// Why it stopped.
    pub stop_reason: Option<StopReason>,
    /// Which stop sequence.
    pub stop_sequence: Option<String>,
}

/// Usage in `message_delta` (cumulative).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct DeltaUsage {
    /// Output so far.
    pub output_tokens: u64,
    /// Input, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_tokens: Option<u64>,
}

/// Error kinds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// 400.
    InvalidRequestError,
    /// 401.
    AuthenticationError,
    /// 403.
    PermissionError,
    /// 404.
    NotFoundError,
    /// 413.
    RequestTooLarge,
    /// 429.
    RateLimitError,
    /// 500.
    ApiError,
    /// 529.
    OverloadedError,
    /// Newer kinds.
    #[serde(other)]
    Unknown,
}

/// An error's body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ApiError {
    /// Kind.
    #[serde(rename = "type")]
    pub kind: ErrorKind,
    /// Text.
    pub message: String,
}

/// An error response (`{"type":"error","error":{...}}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename = "error")]
pub struct ErrorResponse {
    /// The error.
    pub error: ApiError,
    /// Request ID.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

/// A server-sent event of a streamed response, tagged by `type`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StreamEvent {
    /// The message, empty.
    MessageStart {
        /// The message.
        message: Message,
    },
    /// A block begins.
    ContentBlockStart {
        /// Index.
        index: u32,
        /// The block, empty.
        content_block: ContentBlock,
    },
    /// A block grows.
    ContentBlockDelta {
        /// Index.
        index: u32,
        /// The delta.
        delta: BlockDelta,
    },
    /// A block ends.
    ContentBlockStop {
        /// Index.
        index: u32,
    },
    /// Top-level changes.
    MessageDelta {
        /// The changes.
        delta: MessageDeltaBody,
        /// Usage.
        usage: DeltaUsage,
    },
    /// The end.
    MessageStop,
    /// Keep-alive.
    Ping,
    /// An error mid-stream.
    Error {
        /// The error.
        error: ApiError,
    },
}

/// `POST /v1/messages/count_tokens` answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct TokenCount {
    /// Tokens.
    pub input_tokens: u64,
}

/// A model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ModelInfo {
    /// ID.
    pub id: String,
    /// Always `model`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Human name.
    pub display_name: String,
    /// Release date.
    pub created_at: DateTime<Utc>,
}

/// A page of a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Page<T> {
    /// Items.
    pub data: Vec<T>,
    /// More after.
    pub has_more: bool,
    /// Cursor.
    pub first_id: Option<String>,
    /// Cursor.
    pub last_id: Option<String>,
}

/// A batch's processing state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum ProcessingStatus {
    /// Running.
    InProgress,
    /// Cancelling.
    Canceling,
    /// Done.
    Ended,
}

/// Per-state request counts.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, FastJson)]
#[serde(default)]
pub struct RequestCounts {
    /// Running.
    pub processing: u64,
    /// Succeeded.
    pub succeeded: u64,
    /// Failed.
    pub errored: u64,
    /// Cancelled.
    pub canceled: u64,
    /// Expired.
    pub expired: u64,
}

/// A message batch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct MessageBatch {
    /// ID.
    pub id: String,
    /// Always `message_batch`.
    #[serde(rename = "type")]
    pub kind: String,
    /// State.
    pub processing_status: ProcessingStatus,
    /// Counts.
    pub request_counts: RequestCounts,
    /// Ended.
    pub ended_at: Option<DateTime<Utc>>,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Expires.
    pub expires_at: DateTime<Utc>,
    /// Archived.
    pub archived_at: Option<DateTime<Utc>>,
    /// Cancel requested.
    pub cancel_initiated_at: Option<DateTime<Utc>>,
    /// Results file, once ended.
    pub results_url: Option<Url>,
}

/// One batch result's outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BatchResult {
    /// Done.
    Succeeded {
        /// The answer.
        message: Message,
    },
    /// Failed.
    Errored {
        /// Why.
        error: ErrorResponse,
    },
    /// Cancelled.
    Canceled,
    /// Expired.
    Expired,
}

/// One line of a batch's results file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct BatchResultLine {
    /// The caller's ID for the request.
    pub custom_id: String,
    /// Outcome.
    pub result: BatchResult,
}

/// Labels a client attaches to its own request log (kept in a map).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct RequestLogEntry {
    /// When sent.
    pub sent_at: DateTime<Utc>,
    /// The request.
    pub request: MessagesRequest,
    /// The answer, if any.
    pub response: Option<Box<Message>>,
    /// Labels.
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// Latency in ms.
    pub latency_ms: f64,
}
