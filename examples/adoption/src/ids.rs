//! ID newtypes, made by `macro_rules!` with hand-written serde impls, as client crates do:
//! a numeric id is written as a bare number, a string id as a bare string.

use fastjson::FastJson;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A numeric ID newtype written and read as a bare JSON number.
macro_rules! numeric_id {
    ($($(#[$meta:meta])* $name:ident;)*) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, FastJson)]
        #[fastjson(serde)]
        pub struct $name(pub u64);

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_u64(self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                u64::deserialize(deserializer).map($name)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

/// A string ID newtype written and read as a bare JSON string; an empty string is refused,
/// as the API never sends one.
macro_rules! string_id {
    ($($(#[$meta:meta])* $name:ident;)*) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, FastJson)]
        #[fastjson(serde)]
        pub struct $name(pub String);

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let s = String::deserialize(deserializer)?;
                if s.is_empty() {
                    return Err(serde::de::Error::custom(concat!(
                        "empty ",
                        stringify!($name)
                    )));
                }
                Ok($name(s))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

numeric_id! {
    /// A GitHub user or organisation ID.
    UserId;
    /// A GitHub repository ID.
    RepoId;
    /// A GitHub issue ID (not its number).
    IssueId;
    /// A GitHub label ID.
    LabelId;
    /// A GitHub milestone ID.
    MilestoneId;
    /// A GitHub release ID.
    ReleaseId;
    /// A GitHub release asset ID.
    AssetId;
    /// A GitHub App installation ID.
    InstallationId;
    /// A GitHub issue comment ID.
    CommentId;
    /// A GitHub pull request ID (not its number).
    PullRequestId;
}

string_id! {
    /// A GitHub GraphQL node ID (`MDQ6VXNlcjE=`).
    NodeId;
    /// A git object SHA.
    Sha;
    /// An LLM message ID (`msg_...`).
    MessageId;
    /// An LLM tool-use ID (`toolu_...`).
    ToolUseId;
    /// A payments customer ID (`cus_...`).
    CustomerId;
    /// A payment intent ID (`pi_...`).
    PaymentIntentId;
    /// A charge ID (`ch_...`).
    ChargeId;
    /// A refund ID (`re_...`).
    RefundId;
    /// An invoice ID (`in_...`).
    InvoiceId;
    /// A payment method ID (`pm_...`).
    PaymentMethodId;
    /// A webhook event ID (`evt_...`).
    EventId;
    /// A payout ID (`po_...`).
    PayoutId;
}
