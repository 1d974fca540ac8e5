#![cfg(feature = "chrono")]
//! chrono's types (feature `chrono`) against chrono's own serde impls through serde_json: for
//! random values across chrono's whole range (leap seconds, offsets with seconds, every
//! fraction length, years outside 0–9999), the same bytes, as values and as map keys, and the
//! same values read back; for hand-picked inputs, valid and not, the same decision.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use chrono::{
    DateTime, Datelike, FixedOffset, Local, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta,
    TimeZone, Utc,
};
use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

mod same_as_serde;
use same_as_serde::{check, same_decision, same_outcome};

/// `value` is written as serde_json writes it (compact and pretty; alone, in an `Option`, a
/// `Vec` and as a map key), and serde_json's text is read back as serde_json reads it.
fn agree<T>(value: &T)
where
    T: fastjson::Encode
        + fastjson::DecodeOwned
        + fastjson::EncodeKey
        + for<'de> fastjson::DecodeKey<'de>
        + Serialize
        + for<'de> Deserialize<'de>
        + Ord
        + Clone
        + Debug,
{
    let theirs = serde_json::to_string(value).unwrap();
    assert_eq!(fastjson::to_string(value), theirs);
    assert_eq!(
        fastjson::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap()
    );
    let _ = same_decision::<T>(&theirs);

    let some = Some(value.clone());
    assert_eq!(
        fastjson::to_string(&some),
        serde_json::to_string(&some).unwrap()
    );
    let list = vec![value.clone(), value.clone()];
    let text = serde_json::to_string(&list).unwrap();
    assert_eq!(fastjson::to_string(&list), text);
    let _ = same_decision::<Vec<T>>(&text);

    let map = BTreeMap::from([(value.clone(), 1u8)]);
    let text = serde_json::to_string(&map).unwrap();
    assert_eq!(fastjson::to_string(&map), text);
    assert_eq!(
        fastjson::to_string_pretty(&map),
        serde_json::to_string_pretty(&map).unwrap()
    );
    let _ = same_decision::<BTreeMap<T, u8>>(&text);
}

/// A date anywhere in chrono's range, or (for `DateTime`, whose local time must stay in
/// range after the offset) a day inside its ends.
fn date(margin: i32) -> impl Strategy<Value = NaiveDate> {
    let first = NaiveDate::MIN.num_days_from_ce() + margin;
    let last = NaiveDate::MAX.num_days_from_ce() - margin;
    prop_oneof![
        first..=last,
        // Years 0–9999, where most dates live, and the four-digit edges.
        NaiveDate::from_ymd_opt(0, 1, 1).unwrap().num_days_from_ce()
            ..=NaiveDate::from_ymd_opt(10_000, 12, 31)
                .unwrap()
                .num_days_from_ce(),
        first..first + 800,
        last - 800..=last,
    ]
    .prop_map(|days| NaiveDate::from_num_days_from_ce_opt(days).unwrap())
}

/// Nanoseconds that take each fraction length chrono writes (none, 3, 6, 9 digits).
fn nanos() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        (1u32..1000).prop_map(|millis| millis * 1_000_000),
        (1u32..1_000_000).prop_map(|micros| micros * 1000),
        0u32..1_000_000_000,
    ]
}

/// A time of day; a third of them leap seconds (`:59` with a second second, written `:60`).
fn time() -> impl Strategy<Value = NaiveTime> {
    (0u32..86_400, nanos(), 0u8..3).prop_map(|(seconds, nano, leap)| {
        let (seconds, nano) = if leap == 0 {
            (seconds - seconds % 60 + 59, nano + 1_000_000_000)
        } else {
            (seconds, nano)
        };
        NaiveTime::from_num_seconds_from_midnight_opt(seconds, nano).unwrap()
    })
}

/// Offsets: zero (`Z`), whole hours and minutes, and any second (rounded to a minute when
/// written), to the ends of chrono's range.
fn offset() -> impl Strategy<Value = FixedOffset> {
    prop_oneof![
        Just(0i32),
        (-23i32..=23).prop_map(|hours| hours * 3600),
        (-1439i32..=1439).prop_map(|minutes| minutes * 60),
        -86_399i32..=86_399,
        -40i32..=40,
    ]
    .prop_map(|seconds| FixedOffset::east_opt(seconds).unwrap())
}

fn date_time() -> impl Strategy<Value = DateTime<FixedOffset>> {
    (date(2), time(), offset()).prop_map(|(date, time, offset)| {
        DateTime::from_naive_utc_and_offset(date.and_time(time), offset)
    })
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Event {
    id: u32,
    created_at: DateTime<Utc>,
    updated_at: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deleted_at: Option<DateTime<Utc>>,
    scheduled: DateTime<FixedOffset>,
    seen: DateTime<Local>,
    day: NaiveDate,
    opens: NaiveTime,
    wall_clock: NaiveDateTime,
    history: Vec<DateTime<Utc>>,
    per_day: BTreeMap<NaiveDate, u32>,
    by_time: HashMap<DateTime<FixedOffset>, String>,
    took: TimeDelta,
}

fn time_delta() -> impl Strategy<Value = TimeDelta> {
    prop_oneof![
        (i64::MIN / 1000..=i64::MAX / 1000, 0u32..1_000_000_000),
        (-100i64..100, 0u32..1_000_000_000),
    ]
    .prop_filter_map("in range", |(secs, nanos)| TimeDelta::new(secs, nanos))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn naive_types_write_and_read_as_serde(date in date(0), time in time()) {
        agree(&date);
        agree(&time);
        agree(&date.and_time(time));
    }

    #[test]
    fn date_times_write_and_read_as_serde(at in date_time()) {
        agree(&at);
        agree(&at.with_timezone(&Utc));
        agree(&at.with_timezone(&Local));
    }

    #[test]
    fn time_deltas_write_and_read_as_serde(delta in time_delta()) {
        check(&delta);
        check(&Some(delta));
        check(&vec![delta, -delta]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_derived_struct_with_chrono_fields(
        at in date_time(),
        others in prop::collection::vec(date_time(), 0..4),
        date in date(0),
        time in time(),
        delta in time_delta(),
        deleted in any::<bool>(),
    ) {
        let event = Event {
            id: 7,
            created_at: at.with_timezone(&Utc),
            updated_at: others.first().map(|at| at.with_timezone(&Utc)),
            deleted_at: deleted.then(|| at.with_timezone(&Utc)),
            scheduled: at,
            seen: at.with_timezone(&Local),
            day: date,
            opens: time,
            wall_clock: date.and_time(time),
            history: others.iter().map(|at| at.with_timezone(&Utc)).collect(),
            per_day: others.iter().map(|at| (at.date_naive(), at.timestamp() as u32)).collect(),
            by_time: others.iter().map(|at| (*at, at.to_string())).collect(),
            took: delta,
        };
        // Not `check`: chrono writes an offset rounded to the minute, so a time with an
        // offset of some seconds reads back as another instant, through serde_json too.
        let theirs = serde_json::to_string(&event).unwrap();
        prop_assert_eq!(fastjson::to_string(&event), theirs.clone());
        prop_assert_eq!(
            fastjson::to_string_pretty(&event),
            serde_json::to_string_pretty(&event).unwrap()
        );
        let _ = same_decision::<Event>(&theirs);
    }
}

/// Texts chrono writes, reads leniently, or refuses: every one goes to every text type, as a
/// value and as a map key, and both libraries decide alike.
const TEXTS: &[&str] = &[
    "2015-02-18T23:16:09Z",
    "2015-02-18T23:16:09.153Z",
    "2015-02-18T23:16:09.153000Z",
    "2015-02-18T23:16:09.000000001Z",
    "2015-02-18T23:16:09.1Z",
    "2015-02-18T23:16:09.1234567891Z",
    "2015-02-18T23:16:09.Z",
    "2015-02-18 23:16:09Z",
    "2015-02-18t23:16:09z",
    "2015-02-18T23:16:09+05:00",
    "2015-02-18T23:16:09+0500",
    "2015-02-18T23:16:09+05",
    "2015-02-18T23:16:09+5:00",
    "2015-02-18T23:16:09-00:00",
    "2015-02-18T23:16:09+00:00",
    "2015-02-18T23:16:09+23:59",
    "2015-02-18T23:16:09+24:00",
    "2015-02-18T23:16:09 +05:00",
    "2015-02-18T23:16:09UTC",
    "2016-12-31T23:59:60Z",
    "2016-12-31T23:59:60.5+01:00",
    "2015-06-30T23:59:60.999999999Z",
    "2015-06-30T12:34:60Z",
    "2015-02-18T23:59:61Z",
    "0000-01-01T00:00:00Z",
    "-0001-12-31T00:00:00Z",
    "+10000-01-01T00:00:00Z",
    "10000-01-01T00:00:00Z",
    "+262142-12-31T23:59:59Z",
    "-262143-01-01T00:00:00Z",
    "+262143-01-01T00:00:00Z",
    "2015-02-29T00:00:00Z",
    "2016-02-29T00:00:00Z",
    "2015-13-01T00:00:00Z",
    "2015-02-18T24:00:00Z",
    "2015-2-18T23:16:09Z",
    "2015-02-18T23:16Z",
    "2015-02-18",
    "+12345-01-01",
    "-0001-01-01",
    "0000-01-01",
    "99999-01-01",
    "+262142-12-31",
    "+262143-01-01",
    "2015-02-29",
    "2016-02-29",
    "20150218",
    "2015-02-18T23:16:09",
    "2015-02-18 23:16:09",
    "2015-02-18T23:16:09.5",
    "2015-02-18T23:59:60",
    "2015-02-18T23:16",
    "+10000-01-01T00:00:00",
    "23:16:09",
    "23:16",
    "23:16:09.5",
    "23:16:09.123456",
    "23:59:60",
    "23:59:60.999999999",
    "23:58:60",
    "24:00:00",
    "23:16:09.1234567891",
    "1:2:3",
    "23:16:09Z",
    "23:16:09 ",
    " 23:16:09",
    "",
    " ",
    "garbage",
    "2015-02-18T23:16:09Z ",
    " 2015-02-18T23:16:09Z",
];

/// Other JSON than strings, and strings with escapes (read through the scratch buffer).
const OTHER_INPUTS: &[&str] = &[
    "5",
    "-1.5",
    "null",
    "true",
    "[]",
    "[\"2015-02-18T23:16:09Z\"]",
    "{}",
    "\"2015-02-18T23:16:09Z",
    "\"\\u0032015-02-18T23:16:09Z\"",
    "\"2015-02-18\\u0054\\u0032\\u0033:16:09\\u005a\"",
    "\"2015-02-18\\t23:16:09Z\"",
    "\"\\u0032015-02-18\"",
    "\"23:16:09\\u002e5\"",
];

fn decide_alike<T>()
where
    T: fastjson::DecodeOwned
        + for<'de> fastjson::DecodeKey<'de>
        + for<'de> Deserialize<'de>
        + Ord
        + Debug,
{
    let mut accepted = 0;
    for text in TEXTS {
        let input = serde_json::to_string(text).unwrap();
        accepted += usize::from(same_decision::<T>(&input).is_ok());
        let _ = same_decision::<Option<T>>(&input);
        let _ = same_decision::<BTreeMap<T, u8>>(&format!("{{{input}:1}}"));
    }
    for input in OTHER_INPUTS {
        let _ = same_outcome::<T>(input);
        let _ = same_outcome::<BTreeMap<T, u8>>(&format!("{{{input}:1}}"));
    }
    assert!(accepted > 0, "{}", std::any::type_name::<T>());
}

#[test]
fn hand_picked_texts_are_decided_as_serde_decides() {
    decide_alike::<DateTime<Utc>>();
    decide_alike::<DateTime<FixedOffset>>();
    decide_alike::<DateTime<Local>>();
    decide_alike::<NaiveDate>();
    decide_alike::<NaiveTime>();
    decide_alike::<NaiveDateTime>();
}

/// A few texts checked by eye, besides agreeing with serde_json.
#[test]
fn known_texts() {
    let at = FixedOffset::east_opt(5 * 3600 + 30 * 60)
        .unwrap()
        .with_ymd_and_hms(2015, 2, 18, 23, 16, 9)
        .unwrap();
    assert_eq!(fastjson::to_string(&at), r#""2015-02-18T23:16:09+05:30""#);
    assert_eq!(
        fastjson::to_string(&at.with_timezone(&Utc)),
        r#""2015-02-18T17:46:09Z""#
    );
    let leap = NaiveDate::from_ymd_opt(2016, 12, 31)
        .unwrap()
        .and_hms_nano_opt(23, 59, 59, 1_500_000_000)
        .unwrap();
    assert_eq!(fastjson::to_string(&leap), r#""2016-12-31T23:59:60.500""#);
    assert_eq!(fastjson::to_string(&NaiveDate::MIN), r#""-262143-01-01""#);
    assert_eq!(
        fastjson::to_string(&NaiveTime::from_hms_micro_opt(1, 2, 3, 4).unwrap()),
        r#""01:02:03.000004""#
    );
    // An offset of 20 seconds is written as a zero offset, but not as `Z`.
    let tiny = FixedOffset::east_opt(20).unwrap();
    let at = tiny.with_ymd_and_hms(2000, 1, 1, 0, 0, 0).unwrap();
    assert_eq!(fastjson::to_string(&at), r#""2000-01-01T00:00:00+00:00""#);
    assert_eq!(
        fastjson::to_string(&TimeDelta::milliseconds(-1500)),
        "[-2,500000000]"
    );
}

#[test]
fn time_deltas_out_of_bounds_are_refused_as_serde_refuses_them() {
    let too_far = format!("[{},0]", i64::MAX / 1000 + 1);
    let message = same_decision::<TimeDelta>(&too_far).unwrap_err();
    assert_eq!(message, "TimeDelta out of bounds");
    let below = format!("[{},0]", -(i64::MAX / 1000) - 1);
    same_decision::<TimeDelta>(&below).unwrap_err();
    for input in [
        "[0,-1]",
        "[0,1000000000]",
        "[0,4294967295]",
        "[1]",
        "[1,2,3]",
        "[1.5,0]",
        "\"1s\"",
        "{}",
        "{\"secs\":1,\"nanos\":0}",
        "null",
    ] {
        same_outcome::<TimeDelta>(input).unwrap_err();
    }
    for input in ["[0,999999999]", "[-1,5]", " [ 3 , 4 ] "] {
        same_outcome::<TimeDelta>(input).unwrap();
    }
}

/// A refusal names where it happened.
#[test]
fn errors_carry_the_path() {
    let error = fastjson::from_str::<Vec<NaiveDate>>(r#"["2015-02-18","2015-02-30"]"#)
        .unwrap_err()
        .to_string();
    assert!(error.contains("$[1]"), "{error}");
    let error = fastjson::from_str::<BTreeMap<String, DateTime<Utc>>>(r#"{"at":"never"}"#)
        .unwrap_err()
        .to_string();
    assert!(error.contains("$.at"), "{error}");
}

/// The derive's schema refers to chrono's types by name, and their schemas say what they
/// write.
#[test]
fn schemas_name_the_formats() {
    use fastjson::schema::{Schema, SchemaDocument};
    assert!(Event::schema().contains(r##""created_at":{"$ref":"#/$defs/DateTime"}"##));
    let document = SchemaDocument::new()
        .with::<Event>()
        .with::<DateTime<Utc>>()
        .with::<NaiveDate>()
        .to_json();
    assert!(
        document.contains(r#""DateTime":{"type":"string","format":"date-time"}"#),
        "{document}"
    );
    assert!(document.contains(r#""NaiveDate":{"type":"string","format":"date"}"#));
}
