//! A payments API: payment intents, charges, refunds, customers, invoices, payouts, webhook
//! events and errors; amounts as `Decimal`, idempotency keys as `Uuid`, timestamps as Unix
//! seconds through chrono's serde `ts_seconds` modules.

use crate::helpers::{bool_as_int, empty_string_is_none, none_as_empty_string, RiskLevel};
use crate::ids::*;
use chrono::{DateTime, NaiveDate, Utc};
use fastjson::FastJson;
use rust_decimal::Decimal;
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use url::Url;
use uuid::Uuid;

/// ISO 4217 currency, lowercase.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum Currency {
    /// US dollar.
    Usd,
    /// Euro.
    Eur,
    /// Pound.
    Gbp,
    /// Yen.
    Jpy,
    /// Franc.
    Chf,
}

/// A list page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct List<T> {
    /// Always `list`.
    pub object: String,
    /// Items.
    pub data: Vec<T>,
    /// More.
    pub has_more: bool,
    /// The list's URL path.
    pub url: String,
    /// Total, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_count: Option<u64>,
}

/// A postal address.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, FastJson)]
pub struct Address {
    /// City.
    pub city: Option<String>,
    /// ISO country.
    pub country: Option<String>,
    /// Line 1.
    pub line1: Option<String>,
    /// Line 2.
    pub line2: Option<String>,
    /// Postal code.
    #[serde(alias = "zip")]
    pub postal_code: Option<String>,
    /// State.
    pub state: Option<String>,
}

/// Billing details.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct BillingDetails {
    /// Address.
    pub address: Address,
    /// Email.
    pub email: Option<String>,
    /// Name.
    pub name: Option<String>,
    /// Phone.
    pub phone: Option<String>,
}

/// A card's checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CardChecks {
    /// `pass`, `fail`, `unavailable`, `unchecked`.
    pub address_line1_check: Option<String>,
    /// Postal code check.
    pub address_postal_code_check: Option<String>,
    /// CVC check.
    pub cvc_check: Option<String>,
}

/// Card brand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum CardBrand {
    /// Visa.
    Visa,
    /// Mastercard.
    Mastercard,
    /// Amex.
    Amex,
    /// Discover.
    Discover,
    /// Any other.
    #[serde(other)]
    Unknown,
}

/// Card details.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Card {
    /// Brand.
    pub brand: CardBrand,
    /// Checks.
    pub checks: Option<CardChecks>,
    /// Country.
    pub country: Option<String>,
    /// Month.
    pub exp_month: u8,
    /// Year.
    pub exp_year: u16,
    /// Fingerprint.
    pub fingerprint: Option<String>,
    /// `credit`, `debit`, ...
    pub funding: String,
    /// Last four digits.
    pub last4: String,
    /// Wallet.
    #[serde(default)]
    pub wallet: Option<Value>,
}

/// A bank account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct BankAccount {
    /// ID.
    pub id: String,
    /// Holder.
    pub account_holder_name: Option<String>,
    /// Bank.
    pub bank_name: Option<String>,
    /// Country.
    pub country: String,
    /// Currency.
    pub currency: Currency,
    /// Last four.
    pub last4: String,
    /// Routing number.
    pub routing_number: Option<String>,
    /// Status.
    pub status: String,
}

/// A card source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CardSource {
    /// ID.
    pub id: String,
    /// Card.
    #[serde(flatten)]
    pub card: Card,
    /// Customer.
    pub customer: Option<CustomerId>,
}

/// A payment source, chosen by its `object` field; hand-written `Deserialize` (it reads the
/// object into a `Value` and dispatches), derived untagged `Serialize`.
#[derive(Debug, Clone, PartialEq, Serialize, FastJson)]
#[fastjson(serde)]
#[serde(untagged)]
pub enum PaymentSource {
    /// `"object": "card"`.
    Card(Box<CardSource>),
    /// `"object": "bank_account"`.
    BankAccount(BankAccount),
    /// Anything else, as it came.
    Other(Value),
}

impl<'de> Deserialize<'de> for PaymentSource {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut v = Value::deserialize(d)?;
        let object = v
            .get("object")
            .and_then(Value::as_str)
            .ok_or_else(|| de::Error::missing_field("object"))?
            .to_owned();
        match object.as_str() {
            "card" => {
                v.as_object_mut().map(|m| m.remove("object"));
                serde_json::from_value(v)
                    .map(|c| PaymentSource::Card(Box::new(c)))
                    .map_err(de::Error::custom)
            }
            "bank_account" => {
                v.as_object_mut().map(|m| m.remove("object"));
                serde_json::from_value(v)
                    .map(PaymentSource::BankAccount)
                    .map_err(de::Error::custom)
            }
            _ => Ok(PaymentSource::Other(v)),
        }
    }
}

/// Payment method details of a charge, tagged by `type`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PaymentMethodDetails {
    /// A card.
    Card {
        /// The card.
        card: Card,
    },
    /// A SEPA debit.
    SepaDebit {
        /// Details.
        sepa_debit: SepaDebit,
    },
    /// Anything newer.
    #[serde(other)]
    Unsupported,
}

/// SEPA debit details.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct SepaDebit {
    /// Bank code.
    pub bank_code: Option<String>,
    /// Country.
    pub country: Option<String>,
    /// Last four.
    pub last4: Option<String>,
    /// Mandate.
    pub mandate: Option<String>,
}

/// Risk assessment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Outcome {
    /// `authorized`, `issuer_declined`, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// Network status.
    pub network_status: Option<String>,
    /// Reason.
    pub reason: Option<String>,
    /// Risk level (name, or number from old API versions).
    pub risk_level: RiskLevel,
    /// Score 0–99.
    #[serde(default)]
    pub risk_score: Option<u8>,
    /// Message for the seller.
    pub seller_message: Option<String>,
}

/// Charge status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum ChargeStatus {
    /// Succeeded.
    Succeeded,
    /// Pending.
    Pending,
    /// Failed.
    Failed,
}

/// A charge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Charge {
    /// ID.
    pub id: ChargeId,
    /// Always `charge`.
    pub object: String,
    /// Amount.
    pub amount: Decimal,
    /// Captured amount.
    pub amount_captured: Decimal,
    /// Refunded amount.
    pub amount_refunded: Decimal,
    /// Currency.
    pub currency: Currency,
    /// Billing.
    pub billing_details: BillingDetails,
    /// Captured.
    pub captured: bool,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// Customer.
    pub customer: Option<CustomerId>,
    /// Description.
    pub description: Option<String>,
    /// Failure code.
    pub failure_code: Option<String>,
    /// Failure text.
    pub failure_message: Option<String>,
    /// Live or test.
    pub livemode: bool,
    /// Metadata.
    pub metadata: BTreeMap<String, String>,
    /// Outcome.
    pub outcome: Option<Outcome>,
    /// Paid.
    pub paid: bool,
    /// The intent.
    pub payment_intent: Option<PaymentIntentId>,
    /// The method.
    pub payment_method: Option<PaymentMethodId>,
    /// Details.
    pub payment_method_details: Option<PaymentMethodDetails>,
    /// Receipt email.
    pub receipt_email: Option<String>,
    /// Receipt URL.
    pub receipt_url: Option<Url>,
    /// Refunded in full.
    pub refunded: bool,
    /// Status.
    pub status: ChargeStatus,
    /// Statement descriptor, `""` when unset.
    #[serde(
        default,
        deserialize_with = "empty_string_is_none",
        serialize_with = "none_as_empty_string"
    )]
    pub statement_descriptor: Option<String>,
}

/// Intent status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum PaymentIntentStatus {
    /// Needs a method.
    RequiresPaymentMethod,
    /// Needs confirming.
    RequiresConfirmation,
    /// Needs 3-D Secure etc.
    RequiresAction,
    /// Processing.
    Processing,
    /// Needs capture.
    RequiresCapture,
    /// Cancelled.
    Canceled,
    /// Succeeded.
    Succeeded,
}

/// Capture method.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum CaptureMethod {
    /// On confirmation.
    #[default]
    Automatic,
    /// Asynchronously.
    AutomaticAsync,
    /// By hand.
    Manual,
}

/// An API error's body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ApiErrorDetail {
    /// `card_error`, `invalid_request_error`, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// Code.
    #[serde(default)]
    pub code: Option<String>,
    /// Decline code.
    #[serde(default)]
    pub decline_code: Option<String>,
    /// Text.
    pub message: Option<String>,
    /// The parameter at fault.
    #[serde(default)]
    pub param: Option<String>,
    /// Docs.
    #[serde(default)]
    pub doc_url: Option<Url>,
    /// The method that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_method: Option<Box<PaymentMethod>>,
}

/// An error response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ErrorResponse {
    /// The error.
    pub error: ApiErrorDetail,
}

/// Next action of an intent needing the customer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct NextAction {
    /// `redirect_to_url`, `use_stripe_sdk`, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// Per-type details.
    #[serde(flatten)]
    pub details: HashMap<String, Value>,
}

/// A payment intent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PaymentIntent {
    /// ID.
    pub id: PaymentIntentId,
    /// Always `payment_intent`.
    pub object: String,
    /// Amount.
    pub amount: Decimal,
    /// Capturable.
    #[serde(default)]
    pub amount_capturable: Decimal,
    /// Received.
    #[serde(default)]
    pub amount_received: Decimal,
    /// Canceled.
    #[serde(default, with = "chrono::serde::ts_seconds_option")]
    pub canceled_at: Option<DateTime<Utc>>,
    /// Why.
    pub cancellation_reason: Option<String>,
    /// Capture.
    #[serde(default)]
    pub capture_method: CaptureMethod,
    /// Charges (older API versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charges: Option<List<Charge>>,
    /// Client secret.
    pub client_secret: Option<String>,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// Currency.
    pub currency: Currency,
    /// Customer.
    pub customer: Option<CustomerId>,
    /// Description.
    pub description: Option<String>,
    /// Idempotency key of the creating request.
    pub idempotency_key: Option<Uuid>,
    /// Last error.
    pub last_payment_error: Option<Box<ApiErrorDetail>>,
    /// Live.
    pub livemode: bool,
    /// Metadata.
    pub metadata: BTreeMap<String, String>,
    /// Next action.
    pub next_action: Option<NextAction>,
    /// Method.
    pub payment_method: Option<PaymentMethodId>,
    /// Method types.
    pub payment_method_types: Vec<String>,
    /// Receipt email.
    pub receipt_email: Option<String>,
    /// Status.
    pub status: PaymentIntentStatus,
}

/// A saved payment method.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PaymentMethod {
    /// ID.
    pub id: PaymentMethodId,
    /// Always `payment_method`.
    pub object: String,
    /// Billing.
    pub billing_details: BillingDetails,
    /// Card, for cards.
    #[serde(default)]
    pub card: Option<Card>,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// Customer.
    pub customer: Option<CustomerId>,
    /// Live.
    pub livemode: bool,
    /// `card`, `sepa_debit`, ...
    #[serde(rename = "type")]
    pub kind: String,
}

/// Refund status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum RefundStatus {
    /// Pending.
    Pending,
    /// Needs action.
    RequiresAction,
    /// Done.
    Succeeded,
    /// Failed.
    Failed,
    /// Canceled.
    Canceled,
}

/// Refund reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum RefundReason {
    /// Duplicate.
    Duplicate,
    /// Fraud.
    Fraudulent,
    /// Asked.
    RequestedByCustomer,
    /// Expired uncaptured.
    ExpiredUncapturedCharge,
}

/// A refund.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Refund {
    /// ID.
    pub id: RefundId,
    /// Always `refund`.
    pub object: String,
    /// Amount.
    pub amount: Decimal,
    /// Charge.
    pub charge: Option<ChargeId>,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// Currency.
    pub currency: Currency,
    /// Metadata.
    #[serde(default)]
    pub metadata: HashMap<String, String>,
    /// Intent.
    pub payment_intent: Option<PaymentIntentId>,
    /// Reason.
    pub reason: Option<RefundReason>,
    /// Status.
    pub status: RefundStatus,
}

/// Invoice settings of a customer.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, FastJson)]
#[serde(default)]
pub struct InvoiceSettings {
    /// Custom fields.
    pub custom_fields: Option<Vec<CustomField>>,
    /// Default method.
    pub default_payment_method: Option<PaymentMethodId>,
    /// Footer.
    pub footer: Option<String>,
}

/// An invoice custom field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CustomField {
    /// Name.
    pub name: String,
    /// Value.
    pub value: String,
}

/// Tax exemption.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum TaxExempt {
    /// None.
    None,
    /// Exempt.
    Exempt,
    /// Reverse charge.
    Reverse,
}

/// A customer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Customer {
    /// ID.
    pub id: CustomerId,
    /// Always `customer`.
    pub object: String,
    /// Address.
    pub address: Option<Address>,
    /// Balance (negative is credit).
    pub balance: Decimal,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// Currency.
    pub currency: Option<Currency>,
    /// Default source.
    pub default_source: Option<String>,
    /// Delinquent.
    #[serde(with = "bool_as_int")]
    pub delinquent: bool,
    /// Description.
    pub description: Option<String>,
    /// Email.
    pub email: Option<String>,
    /// Invoice prefix.
    pub invoice_prefix: Option<String>,
    /// Invoice settings.
    #[serde(default)]
    pub invoice_settings: InvoiceSettings,
    /// Live.
    pub livemode: bool,
    /// Metadata.
    pub metadata: BTreeMap<String, String>,
    /// Name.
    pub name: Option<String>,
    /// Phone.
    pub phone: Option<String>,
    /// Locales.
    #[serde(default)]
    pub preferred_locales: Vec<String>,
    /// Sources, when expanded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<List<PaymentSource>>,
    /// Tax.
    pub tax_exempt: TaxExempt,
}

/// An invoice line's period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Period {
    /// Start.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub start: DateTime<Utc>,
    /// End.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub end: DateTime<Utc>,
}

/// An invoice line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct InvoiceLine {
    /// ID.
    pub id: String,
    /// Always `line_item`.
    pub object: String,
    /// Amount.
    pub amount: Decimal,
    /// Currency.
    pub currency: Currency,
    /// Description.
    pub description: Option<String>,
    /// Period.
    pub period: Period,
    /// Quantity.
    pub quantity: Option<u32>,
    /// Unit amount, with sub-cent precision.
    #[serde(default)]
    pub unit_amount_decimal: Option<Decimal>,
    /// Metadata.
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
}

/// Invoice status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum InvoiceStatus {
    /// Draft.
    Draft,
    /// Open.
    Open,
    /// Paid.
    Paid,
    /// Uncollectible.
    Uncollectible,
    /// Void.
    Void,
}

/// An invoice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Invoice {
    /// ID (absent on upcoming invoices).
    #[serde(default)]
    pub id: Option<InvoiceId>,
    /// Always `invoice`.
    pub object: String,
    /// Due.
    pub amount_due: Decimal,
    /// Paid.
    pub amount_paid: Decimal,
    /// Remaining.
    pub amount_remaining: Decimal,
    /// Attempts.
    pub attempt_count: u32,
    /// Customer.
    pub customer: CustomerId,
    /// Currency.
    pub currency: Currency,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// Due date (a calendar date in the account's zone).
    #[serde(default)]
    pub due_date: Option<NaiveDate>,
    /// Hosted page.
    #[serde(default)]
    pub hosted_invoice_url: Option<Url>,
    /// PDF.
    #[serde(default)]
    pub invoice_pdf: Option<Url>,
    /// Lines.
    pub lines: List<InvoiceLine>,
    /// Live.
    pub livemode: bool,
    /// Metadata.
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    /// Number.
    pub number: Option<String>,
    /// Paid.
    pub paid: bool,
    /// Period start.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub period_start: DateTime<Utc>,
    /// Period end.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub period_end: DateTime<Utc>,
    /// Status.
    pub status: Option<InvoiceStatus>,
    /// Subtotal.
    pub subtotal: Decimal,
    /// Tax.
    pub tax: Option<Decimal>,
    /// Total.
    pub total: Decimal,
    /// Webhooks delivered at.
    #[serde(default, with = "chrono::serde::ts_seconds_option")]
    pub webhooks_delivered_at: Option<DateTime<Utc>>,
}

/// Payout status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum PayoutStatus {
    /// Paid.
    Paid,
    /// Pending.
    Pending,
    /// In transit.
    InTransit,
    /// Canceled.
    Canceled,
    /// Failed.
    Failed,
}

/// A payout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Payout {
    /// ID.
    pub id: PayoutId,
    /// Always `payout`.
    pub object: String,
    /// Amount.
    pub amount: Decimal,
    /// Arrival date.
    pub arrival_date: NaiveDate,
    /// Automatic.
    pub automatic: bool,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// Currency.
    pub currency: Currency,
    /// Description.
    pub description: Option<String>,
    /// Method.
    pub method: String,
    /// Status.
    pub status: PayoutStatus,
    /// Statement descriptor.
    pub statement_descriptor: Option<String>,
}

/// The request that caused an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct EventRequest {
    /// Request ID; null for automatic actions.
    pub id: Option<String>,
    /// Its idempotency key.
    pub idempotency_key: Option<Uuid>,
}

/// An event's data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct EventData {
    /// The object, as any JSON (its type depends on the event type).
    pub object: Value,
    /// What changed, for `*.updated`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous_attributes: Option<Value>,
}

/// A webhook event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Event {
    /// ID.
    pub id: EventId,
    /// Always `event`.
    pub object: String,
    /// API version, a date.
    pub api_version: Option<NaiveDate>,
    /// Created.
    #[serde(with = "chrono::serde::ts_seconds")]
    pub created: DateTime<Utc>,
    /// The object.
    pub data: EventData,
    /// Live.
    pub livemode: bool,
    /// Pending deliveries.
    pub pending_webhooks: u32,
    /// The request.
    pub request: Option<EventRequest>,
    /// `payment_intent.succeeded`, ...
    #[serde(rename = "type")]
    pub kind: String,
}

/// A request to create a payment intent, as a client sends it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CreatePaymentIntent {
    /// Amount.
    pub amount: Decimal,
    /// Currency.
    pub currency: Currency,
    /// Customer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer: Option<CustomerId>,
    /// Method types.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub payment_method_types: Vec<String>,
    /// Capture.
    #[serde(default)]
    pub capture_method: CaptureMethod,
    /// Metadata.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metadata: BTreeMap<String, String>,
    /// Idempotency key.
    pub idempotency_key: Uuid,
    /// Description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Confirm now.
    #[serde(default)]
    pub confirm: bool,
}
