//! GitHub webhook payloads: `push`, `pull_request`, `issues`, `issue_comment`, `release`,
//! `registry_package`, with the users, repositories, labels and links they carry.

use crate::helpers::{empty_string_is_none, number_or_string, GitTimestamp};
use crate::ids::*;
use chrono::{DateTime, FixedOffset, Utc};
use fastjson::FastJson;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use url::Url;

/// What kind of account a user is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub enum UserType {
    /// A person.
    User,
    /// An organisation.
    Organization,
    /// A GitHub App's bot account.
    Bot,
}

/// A user as embedded in payloads (`owner`, `sender`, `user`, `assignee`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct User {
    /// The handle.
    pub login: String,
    /// The numeric ID.
    pub id: UserId,
    /// The GraphQL node ID.
    pub node_id: NodeId,
    /// Avatar image.
    pub avatar_url: Url,
    /// Legacy, always `""` today.
    #[serde(default, deserialize_with = "empty_string_is_none")]
    pub gravatar_id: Option<String>,
    /// API URL.
    pub url: Url,
    /// Web URL.
    pub html_url: Url,
    /// Followers list URL.
    pub followers_url: Url,
    /// Repositories list URL.
    pub repos_url: Url,
    /// Account kind.
    #[serde(rename = "type")]
    pub kind: UserType,
    /// Whether a GitHub staff member.
    pub site_admin: bool,
    /// Display name, only in some payloads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Public email, only in some payloads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

/// A repository licence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct License {
    /// `mit`.
    pub key: String,
    /// `MIT License`.
    pub name: String,
    /// `MIT`, or `NOASSERTION`.
    pub spdx_id: String,
    /// API URL; null for unrecognised licences.
    pub url: Option<Url>,
    /// The node ID.
    pub node_id: NodeId,
}

/// The sender's permissions on a repository.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Permissions {
    /// Admin.
    pub admin: bool,
    /// Maintain.
    #[serde(default)]
    pub maintain: bool,
    /// Push.
    pub push: bool,
    /// Triage.
    #[serde(default)]
    pub triage: bool,
    /// Pull.
    pub pull: bool,
}

/// Repository visibility.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    /// Anyone.
    Public,
    /// Collaborators.
    Private,
    /// The enterprise.
    Internal,
}

/// A repository as embedded in payloads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Repository {
    /// The numeric ID.
    pub id: RepoId,
    /// The node ID.
    pub node_id: NodeId,
    /// `hello-world`.
    pub name: String,
    /// `octocat/hello-world`.
    pub full_name: String,
    /// Private or not.
    pub private: bool,
    /// The owner.
    pub owner: User,
    /// Web URL.
    pub html_url: Url,
    /// Description.
    pub description: Option<String>,
    /// A fork or not.
    pub fork: bool,
    /// API URL.
    pub url: Url,
    /// Clone URL.
    pub clone_url: Url,
    /// Homepage, `""` when unset.
    #[serde(default, deserialize_with = "empty_string_is_none")]
    pub homepage: Option<String>,
    /// Unix seconds in push payloads, RFC 3339 elsewhere.
    pub created_at: GitTimestamp,
    /// Last update.
    pub updated_at: DateTime<Utc>,
    /// Unix seconds in push payloads, RFC 3339 elsewhere.
    pub pushed_at: Option<GitTimestamp>,
    /// Size in KiB.
    pub size: u64,
    /// Stars.
    pub stargazers_count: u64,
    /// Watchers.
    pub watchers_count: u64,
    /// Main language.
    pub language: Option<String>,
    /// Has issues.
    pub has_issues: bool,
    /// Forks.
    pub forks_count: u64,
    /// Archived.
    pub archived: bool,
    /// Open issues.
    pub open_issues_count: u64,
    /// Licence.
    pub license: Option<License>,
    /// Topics.
    #[serde(default)]
    pub topics: Vec<String>,
    /// Visibility.
    pub visibility: Visibility,
    /// Default branch.
    pub default_branch: String,
    /// Only when the sender is authenticated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permissions: Option<Permissions>,
    /// Custom properties (organisation-defined).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub custom_properties: BTreeMap<String, Value>,
}

/// The App installation a payload was delivered for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct InstallationLite {
    /// The ID.
    pub id: InstallationId,
    /// The node ID.
    pub node_id: NodeId,
}

/// A label.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Label {
    /// The ID.
    pub id: LabelId,
    /// The node ID.
    pub node_id: NodeId,
    /// API URL.
    pub url: Url,
    /// `bug`.
    pub name: String,
    /// Hex colour without `#`.
    pub color: String,
    /// One of the repository's default labels.
    pub default: bool,
    /// Description.
    pub description: Option<String>,
}

/// Open or closed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum IssueState {
    /// Open.
    Open,
    /// Closed.
    Closed,
}

/// A milestone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Milestone {
    /// API URL.
    pub url: Url,
    /// Web URL.
    pub html_url: Url,
    /// The ID.
    pub id: MilestoneId,
    /// The node ID.
    pub node_id: NodeId,
    /// Its number.
    pub number: u64,
    /// Title.
    pub title: String,
    /// Description.
    pub description: Option<String>,
    /// Its creator.
    pub creator: Option<User>,
    /// Open issues.
    pub open_issues: u64,
    /// Closed issues.
    pub closed_issues: u64,
    /// State.
    pub state: IssueState,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Updated.
    pub updated_at: DateTime<Utc>,
    /// Due.
    pub due_on: Option<DateTime<Utc>>,
    /// Closed.
    pub closed_at: Option<DateTime<Utc>>,
}

/// The commenter's relation to the repository.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AuthorAssociation {
    /// Collaborator.
    Collaborator,
    /// Contributor.
    Contributor,
    /// First-timer.
    FirstTimer,
    /// First-time contributor.
    FirstTimeContributor,
    /// Mannequin.
    Mannequin,
    /// Member.
    Member,
    /// None.
    None,
    /// Owner.
    Owner,
    /// Anything newer.
    #[serde(other)]
    Unknown,
}

/// Reaction counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Reactions {
    /// API URL.
    pub url: Url,
    /// Total.
    pub total_count: u64,
    /// 👍
    #[serde(rename = "+1")]
    pub plus_one: u64,
    /// 👎
    #[serde(rename = "-1")]
    pub minus_one: u64,
    /// 😄
    pub laugh: u64,
    /// 🎉
    pub hooray: u64,
    /// 😕
    pub confused: u64,
    /// ❤️
    pub heart: u64,
    /// 🚀
    pub rocket: u64,
    /// 👀
    pub eyes: u64,
}

/// The pull request links of an issue that is a pull request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct IssuePullRequestLinks {
    /// API URL.
    pub url: Url,
    /// Web URL.
    pub html_url: Url,
    /// Diff.
    pub diff_url: Url,
    /// Patch.
    pub patch_url: Url,
    /// When merged.
    #[serde(default)]
    pub merged_at: Option<DateTime<Utc>>,
}

/// Why an issue was closed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum StateReason {
    /// Done.
    Completed,
    /// Won't do.
    NotPlanned,
    /// Reopened.
    Reopened,
    /// A duplicate.
    Duplicate,
}

/// An issue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Issue {
    /// API URL.
    pub url: Url,
    /// Repository API URL.
    pub repository_url: Url,
    /// Web URL.
    pub html_url: Url,
    /// The ID.
    pub id: IssueId,
    /// The node ID.
    pub node_id: NodeId,
    /// Its number.
    pub number: u64,
    /// Title.
    pub title: String,
    /// Author.
    pub user: User,
    /// Labels.
    pub labels: Vec<Label>,
    /// State.
    pub state: IssueState,
    /// Locked.
    pub locked: bool,
    /// Assignee.
    pub assignee: Option<Box<User>>,
    /// Assignees.
    pub assignees: Vec<User>,
    /// Milestone.
    pub milestone: Option<Box<Milestone>>,
    /// Comment count, a string in some old payloads.
    #[serde(deserialize_with = "number_or_string")]
    pub comments: u64,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Updated.
    pub updated_at: DateTime<Utc>,
    /// Closed.
    pub closed_at: Option<DateTime<Utc>>,
    /// Relation.
    pub author_association: AuthorAssociation,
    /// Body (Markdown).
    pub body: Option<String>,
    /// Reactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reactions: Option<Reactions>,
    /// Why closed.
    #[serde(default)]
    pub state_reason: Option<StateReason>,
    /// Present when the issue is a pull request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pull_request: Option<Box<IssuePullRequestLinks>>,
}

/// A pull request's head or base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PrRef {
    /// `octocat:feature`.
    pub label: String,
    /// Branch.
    #[serde(rename = "ref")]
    pub ref_: String,
    /// Commit.
    pub sha: Sha,
    /// Owner.
    pub user: User,
    /// Repository; null when the fork was deleted.
    pub repo: Option<Box<Repository>>,
}

/// One `{"href": ...}` link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Href {
    /// The link.
    pub href: Url,
}

/// A pull request's `_links`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PrLinks {
    /// API.
    #[serde(rename = "self")]
    pub self_: Href,
    /// Web.
    pub html: Href,
    /// Issue.
    pub issue: Href,
    /// Comments.
    pub comments: Href,
    /// Commits.
    pub commits: Href,
    /// Statuses.
    pub statuses: Href,
}

/// Auto-merge settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct AutoMerge {
    /// Who enabled it.
    pub enabled_by: User,
    /// `merge`, `squash` or `rebase`.
    pub merge_method: MergeMethod,
    /// Commit title.
    pub commit_title: Option<String>,
    /// Commit message.
    pub commit_message: Option<String>,
}

/// How to merge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum MergeMethod {
    /// Merge commit.
    Merge,
    /// Squash.
    Squash,
    /// Rebase.
    Rebase,
}

/// A pull request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PullRequest {
    /// API URL.
    pub url: Url,
    /// The ID.
    pub id: PullRequestId,
    /// The node ID.
    pub node_id: NodeId,
    /// Web URL.
    pub html_url: Url,
    /// Diff.
    pub diff_url: Url,
    /// Its number.
    pub number: u64,
    /// State.
    pub state: IssueState,
    /// Locked.
    pub locked: bool,
    /// Title.
    pub title: String,
    /// Author.
    pub user: User,
    /// Body.
    pub body: Option<String>,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Updated.
    pub updated_at: DateTime<Utc>,
    /// Closed.
    pub closed_at: Option<DateTime<Utc>>,
    /// Merged.
    pub merged_at: Option<DateTime<Utc>>,
    /// Merge commit.
    pub merge_commit_sha: Option<Sha>,
    /// Assignee.
    pub assignee: Option<Box<User>>,
    /// Assignees.
    pub assignees: Vec<User>,
    /// Requested reviewers.
    pub requested_reviewers: Vec<User>,
    /// Labels.
    pub labels: Vec<Label>,
    /// Milestone.
    pub milestone: Option<Box<Milestone>>,
    /// Draft.
    #[serde(default)]
    pub draft: bool,
    /// Head.
    pub head: Box<PrRef>,
    /// Base.
    pub base: Box<PrRef>,
    /// Links.
    #[serde(rename = "_links")]
    pub links: PrLinks,
    /// Relation.
    pub author_association: AuthorAssociation,
    /// Auto-merge.
    pub auto_merge: Option<AutoMerge>,
    /// Merged.
    #[serde(default)]
    pub merged: Option<bool>,
    /// Mergeable; null while GitHub computes it.
    #[serde(default)]
    pub mergeable: Option<bool>,
    /// `clean`, `dirty`, `unknown`, ...
    #[serde(default)]
    pub mergeable_state: Option<String>,
    /// Merged by.
    #[serde(default)]
    pub merged_by: Option<Box<User>>,
    /// Comments.
    #[serde(default)]
    pub comments: u64,
    /// Commits.
    #[serde(default)]
    pub commits: u64,
    /// Lines added.
    #[serde(default)]
    pub additions: u64,
    /// Lines deleted.
    #[serde(default)]
    pub deletions: u64,
    /// Files changed.
    #[serde(default)]
    pub changed_files: u64,
}

/// A commit's author or committer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CommitUser {
    /// Name.
    pub name: String,
    /// Email; null when hidden.
    pub email: Option<String>,
    /// GitHub handle, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Date, in the pusher's offset; only in the GraphQL form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<DateTime<FixedOffset>>,
}

/// A commit in a push.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Commit {
    /// SHA.
    pub id: Sha,
    /// Tree SHA.
    pub tree_id: Sha,
    /// New to this branch.
    pub distinct: bool,
    /// Message.
    pub message: String,
    /// Author's time, with the author's offset.
    pub timestamp: DateTime<FixedOffset>,
    /// Web URL.
    pub url: Url,
    /// Author.
    pub author: CommitUser,
    /// Committer.
    pub committer: CommitUser,
    /// Added paths.
    pub added: Vec<String>,
    /// Removed paths.
    pub removed: Vec<String>,
    /// Modified paths.
    pub modified: Vec<String>,
}

/// The `push` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PushEvent {
    /// `refs/heads/main`.
    #[serde(rename = "ref")]
    pub ref_: String,
    /// SHA before.
    pub before: Sha,
    /// SHA after.
    pub after: Sha,
    /// Repository (timestamps as Unix seconds here).
    pub repository: Repository,
    /// Pusher.
    pub pusher: CommitUser,
    /// Sender.
    pub sender: User,
    /// Installation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub installation: Option<InstallationLite>,
    /// A branch or tag created.
    pub created: bool,
    /// Deleted.
    pub deleted: bool,
    /// Force-pushed.
    pub forced: bool,
    /// Base ref.
    pub base_ref: Option<String>,
    /// Compare URL.
    pub compare: Url,
    /// Commits (at most 20).
    pub commits: Vec<Commit>,
    /// Head commit.
    pub head_commit: Option<Commit>,
}

/// Actions of the `pull_request` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum PullRequestAction {
    /// Opened.
    Opened,
    /// Closed (merged or not).
    Closed,
    /// Reopened.
    Reopened,
    /// Edited.
    Edited,
    /// New commits.
    Synchronize,
    /// Labelled.
    Labeled,
    /// Unlabelled.
    Unlabeled,
    /// Review requested.
    ReviewRequested,
    /// Ready for review.
    ReadyForReview,
    /// Converted to draft.
    ConvertedToDraft,
    /// Any other action.
    #[serde(other)]
    Other,
}

/// One changed attribute's previous value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ChangedFrom {
    /// Previous value.
    pub from: Value,
}

/// The `changes` object of `edited` actions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Changes {
    /// Title changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<ChangedFrom>,
    /// Body changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<ChangedFrom>,
    /// Anything else, kept as it came.
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// The `pull_request` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PullRequestEvent {
    /// Action.
    pub action: PullRequestAction,
    /// Number.
    pub number: u64,
    /// The pull request.
    pub pull_request: PullRequest,
    /// For `edited`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<Changes>,
    /// For `labeled`/`unlabeled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    /// For `review_requested`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requested_reviewer: Option<User>,
    /// Repository.
    pub repository: Repository,
    /// Sender.
    pub sender: User,
    /// Installation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub installation: Option<InstallationLite>,
}

/// Actions of the `issues` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum IssuesAction {
    /// Opened.
    Opened,
    /// Edited.
    Edited,
    /// Deleted.
    Deleted,
    /// Closed.
    Closed,
    /// Reopened.
    Reopened,
    /// Assigned.
    Assigned,
    /// Unassigned.
    Unassigned,
    /// Labelled.
    Labeled,
    /// Unlabelled.
    Unlabeled,
    /// Milestoned.
    Milestoned,
    /// Transferred.
    Transferred,
    /// Pinned.
    Pinned,
}

/// The `issues` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct IssuesEvent {
    /// Action.
    pub action: IssuesAction,
    /// The issue.
    pub issue: Issue,
    /// For `edited`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<Changes>,
    /// For `labeled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    /// For `assigned`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assignee: Option<Box<User>>,
    /// Repository.
    pub repository: Repository,
    /// Sender.
    pub sender: User,
}

/// An issue comment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct IssueComment {
    /// API URL.
    pub url: Url,
    /// Web URL.
    pub html_url: Url,
    /// The ID.
    pub id: CommentId,
    /// The node ID.
    pub node_id: NodeId,
    /// Author.
    pub user: User,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Updated.
    pub updated_at: DateTime<Utc>,
    /// Relation.
    pub author_association: AuthorAssociation,
    /// Body.
    pub body: String,
    /// Reactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reactions: Option<Reactions>,
    /// The App that wrote it.
    #[serde(default)]
    pub performed_via_github_app: Option<Value>,
}

/// Actions of the `issue_comment` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum CommentAction {
    /// Created.
    Created,
    /// Edited.
    Edited,
    /// Deleted.
    Deleted,
}

/// The `issue_comment` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct IssueCommentEvent {
    /// Action.
    pub action: CommentAction,
    /// The issue.
    pub issue: Issue,
    /// The comment.
    pub comment: IssueComment,
    /// Repository.
    pub repository: Repository,
    /// Sender.
    pub sender: User,
}

/// Upload state of a release asset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum AssetState {
    /// Uploaded.
    Uploaded,
    /// Still open.
    Open,
}

/// A release asset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ReleaseAsset {
    /// API URL.
    pub url: Url,
    /// Download URL.
    pub browser_download_url: Url,
    /// The ID.
    pub id: AssetId,
    /// The node ID.
    pub node_id: NodeId,
    /// File name.
    pub name: String,
    /// Label.
    pub label: Option<String>,
    /// State.
    pub state: AssetState,
    /// MIME type.
    pub content_type: String,
    /// Bytes.
    pub size: u64,
    /// Downloads.
    pub download_count: u64,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Updated.
    pub updated_at: DateTime<Utc>,
    /// Uploader.
    pub uploader: Option<User>,
}

/// A release.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Release {
    /// API URL.
    pub url: Url,
    /// Web URL.
    pub html_url: Url,
    /// Assets API URL.
    pub assets_url: Url,
    /// Upload URL, an RFC 6570 template (not a URL).
    pub upload_url: String,
    /// Tarball.
    pub tarball_url: Option<Url>,
    /// Zipball.
    pub zipball_url: Option<Url>,
    /// The ID.
    pub id: ReleaseId,
    /// The node ID.
    pub node_id: NodeId,
    /// Tag.
    pub tag_name: String,
    /// Branch or SHA.
    pub target_commitish: String,
    /// Name.
    pub name: Option<String>,
    /// Notes.
    pub body: Option<String>,
    /// Draft.
    pub draft: bool,
    /// Pre-release.
    pub prerelease: bool,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Published; null for drafts.
    pub published_at: Option<DateTime<Utc>>,
    /// Author.
    pub author: User,
    /// Assets.
    pub assets: Vec<ReleaseAsset>,
}

/// Actions of the `release` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum ReleaseAction {
    /// Published.
    Published,
    /// Unpublished.
    Unpublished,
    /// Created.
    Created,
    /// Edited.
    Edited,
    /// Deleted.
    Deleted,
    /// Pre-released.
    Prereleased,
    /// Released.
    Released,
}

/// The `release` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ReleaseEvent {
    /// Action.
    pub action: ReleaseAction,
    /// The release.
    pub release: Release,
    /// For `edited`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<Changes>,
    /// Repository.
    pub repository: Repository,
    /// Sender.
    pub sender: User,
}

/// A published package version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PackageVersion {
    /// The ID.
    pub id: u64,
    /// The version, as semver.
    #[serde(alias = "name")]
    pub version: semver::Version,
    /// Summary.
    #[serde(default)]
    pub summary: Option<String>,
    /// Web URL.
    pub html_url: Url,
    /// Created.
    pub created_at: DateTime<Utc>,
    /// Extra metadata per ecosystem.
    #[serde(default)]
    pub metadata: Vec<Value>,
}

/// A package registry's package.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Package {
    /// The ID.
    pub id: u64,
    /// Name.
    pub name: String,
    /// Namespace.
    pub namespace: String,
    /// `npm`, `container`, ...
    pub ecosystem: String,
    /// `npm`, `CONTAINER`, ...
    pub package_type: String,
    /// Web URL.
    pub html_url: Url,
    /// Owner.
    pub owner: User,
    /// The published version.
    pub package_version: PackageVersion,
    /// Registry.
    pub registry: Option<BTreeMap<String, String>>,
}

/// The `registry_package` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct RegistryPackageEvent {
    /// `published` or `updated`.
    pub action: String,
    /// The package.
    pub registry_package: Package,
    /// Repository.
    pub repository: Repository,
    /// Sender.
    pub sender: User,
}
