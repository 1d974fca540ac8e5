#![cfg(feature = "time")]
//! The `time` crate's types (feature `time`) against time's own serde impls (its `serde`
//! feature, without `serde-human-readable`) through serde_json: random values across time's
//! whole range (every ordinal, offsets with seconds, nanoseconds, negative durations) write the
//! same bytes and read back as serde_json reads them; hand-picked arrays, valid and not (a
//! leap second, day 366, short and long arrays, out-of-range parts, the strings the
//! human-readable form would write), get the same decision.

use std::collections::BTreeMap;
use std::fmt::Debug;

use fastjson::FastJson;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use time::{
    Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset, Weekday,
};

mod same_as_serde;
use same_as_serde::check;

/// Both libraries accept `input` as equal values, or both refuse it: fastjson's value or
/// message. Messages are compared by the tests that pin them (time's own words); the integer
/// types' refusals and serde_json's "trailing characters" are worded by each library its way.
fn same_outcome<T>(input: &str) -> Result<T, String>
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug + PartialEq,
{
    let theirs = serde_json::from_str::<T>(input);
    let ours = fastjson::from_str::<T>(input);
    match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "{input}");
            Ok(ours)
        }
        (Err(ours), Err(theirs)) => {
            let message = ours.message();
            // time's own words must be serde's.
            if message.starts_with("invalid ") && !message.starts_with("invalid type") {
                assert!(
                    theirs.to_string().starts_with(&message),
                    "{input}: {message} vs {theirs}"
                );
            }
            Err(message)
        }
        (ours, theirs) => panic!("{input}: fastjson {ours:?}, serde_json {theirs:?}"),
    }
}

/// `value` writes as serde_json writes it, alone and in an `Option`, a `Vec` and a map's
/// values, and each text reads back as serde_json reads it.
fn agree<T>(value: T)
where
    T: fastjson::Encode
        + fastjson::DecodeOwned
        + Serialize
        + for<'de> Deserialize<'de>
        + PartialEq
        + Clone
        + Debug,
{
    check(&value);
    check(&Some(value.clone()));
    check(&vec![value.clone(), value.clone()]);
    check(&BTreeMap::from([("at".to_owned(), value.clone())]));
    let theirs = serde_json::to_string(&value).unwrap();
    assert_eq!(same_outcome::<T>(&theirs), Ok(value));
}

fn date() -> impl Strategy<Value = Date> {
    (Date::MIN.to_julian_day()..=Date::MAX.to_julian_day())
        .prop_map(|day| Date::from_julian_day(day).unwrap())
}

fn time_of_day() -> impl Strategy<Value = Time> {
    (
        0u8..24,
        0u8..60,
        0u8..60,
        prop_oneof![Just(0u32), 0u32..1_000_000_000],
    )
        .prop_map(|(h, m, s, n)| Time::from_hms_nano(h, m, s, n).unwrap())
}

fn offset() -> impl Strategy<Value = UtcOffset> {
    prop_oneof![
        Just(0),
        -93_599i32..=93_599,
        (-25i32..=25).prop_map(|h| h * 3600)
    ]
    .prop_map(|seconds| UtcOffset::from_whole_seconds(seconds).unwrap())
}

fn duration() -> impl Strategy<Value = Duration> {
    (
        prop_oneof![any::<i64>(), -100i64..100, Just(i64::MIN), Just(i64::MAX)],
        -999_999_999i32..=999_999_999,
    )
        .prop_map(|(seconds, nanos)| Duration::new(seconds, nanos))
}

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Event {
    on: Date,
    at: Time,
    local: PrimitiveDateTime,
    utc: UtcDateTime,
    stamped: OffsetDateTime,
    zone: UtcOffset,
    // Spelled out: the derive's schema reads a bare `Duration` as std's (it sees names, not
    // imports), though encoding and decoding use the imported type's impls either way.
    took: time::Duration,
    ended: Option<OffsetDateTime>,
    laps: Vec<time::Duration>,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_type_writes_and_reads_as_serde(
        on in date(),
        at in time_of_day(),
        zone in offset(),
        took in duration(),
    ) {
        let local = PrimitiveDateTime::new(on, at);
        agree(on);
        agree(at);
        agree(local);
        agree(local.as_utc());
        agree(local.assume_offset(zone));
        agree(zone);
        agree(took);
    }

    #[test]
    fn a_derived_struct_with_time_fields(
        on in date(),
        at in time_of_day(),
        zone in offset(),
        took in duration(),
        laps in proptest::collection::vec(duration(), 0..4),
        ended in proptest::option::of(date()),
    ) {
        let local = PrimitiveDateTime::new(on, at);
        let event = Event {
            on,
            at,
            local,
            utc: local.as_utc(),
            stamped: local.assume_offset(zone),
            zone,
            took,
            ended: ended.map(|day| day.midnight().assume_offset(zone)),
            laps,
        };
        check(&event);
        check(&vec![event.clone(), event]);
    }
}

#[test]
fn known_values_write_as_serde_writes_them() {
    let on = Date::from_ordinal_date(2024, 366).unwrap();
    assert_eq!(fastjson::to_string(&on), "[2024,366]");
    let at = Time::from_hms_nano(23, 59, 59, 999_999_999).unwrap();
    assert_eq!(fastjson::to_string(&at), "[23,59,59,999999999]");
    let zone = UtcOffset::from_hms(-5, -30, -15).unwrap();
    assert_eq!(fastjson::to_string(&zone), "[-5,-30,-15]");
    let stamped = PrimitiveDateTime::new(on, at).assume_offset(zone);
    assert_eq!(
        fastjson::to_string(&stamped),
        "[2024,366,23,59,59,999999999,-5,-30,-15]"
    );
    assert_eq!(fastjson::to_string(&Duration::new(-1, -500)), "[-1,-500]");
    for value in [Date::MIN, Date::MAX] {
        agree(value);
        agree(value.midnight());
        agree(value.midnight().assume_utc());
    }
    agree(Duration::MIN);
    agree(Duration::MAX);
    agree(UtcOffset::from_hms(25, 59, 59).unwrap());
    agree(UtcOffset::from_hms(-25, -59, -59).unwrap());
}

/// Every input that both must decide alike, for one type.
fn decide_alike<T>(inputs: &[&str]) -> Vec<Result<T, String>>
where
    T: fastjson::DecodeOwned + for<'de> Deserialize<'de> + Debug + PartialEq,
{
    inputs
        .iter()
        .map(|input| same_outcome::<T>(input))
        .collect()
}

/// Strings, objects, numbers and malformed arrays: serde_json hands time's visitor a sequence
/// only (`deserialize_tuple`), so every string form is refused, including the ones the
/// human-readable form writes.
const NOT_ARRAYS: &[&str] = &[
    r#""2024-01-02""#,
    r#""2024-01-02 03:04:05.0 +00:00:00""#,
    r#""03:04:05.0""#,
    r#""+01:00:00""#,
    r#""1.000000000""#,
    "null",
    "true",
    "1",
    "{}",
    r#"{"year":2024}"#,
    "[",
    "[1,",
    "[1,]",
];

#[test]
fn dates_are_decided_as_serde_decides() {
    let results = decide_alike::<Date>(&[
        "[2024,1]",
        "[2024,366]",
        "[2023,366]",
        "[2023,365]",
        "[2024,0]",
        "[2024,367]",
        "[-9999,1]",
        "[9999,365]",
        "[10000,1]",
        "[-10000,365]",
        "[2024]",
        "[]",
        "[2024,1,1]",
        "[2024,1,null]",
        "[2024.0,1]",
        "[2024,1.5]",
        "[-0,1]",
        "[2024,-1]",
        "[2024,65536]",
        "[2147483648,1]",
        " [ 2024 , 2 ] ",
        "[1e3,1]",
    ]);
    assert_eq!(results[0], Ok(Date::from_ordinal_date(2024, 1).unwrap()));
    assert!(results[2].is_err());
    assert_eq!(
        results[4],
        Err("invalid ordinal, expected an in-range value".to_owned())
    );
    assert_eq!(results[10], Err("expected day of year".to_owned()));
    for input in NOT_ARRAYS {
        assert!(same_outcome::<Date>(input).is_err(), "{input}");
    }
}

#[test]
fn times_are_decided_as_serde_decides() {
    let results = decide_alike::<Time>(&[
        "[0,0,0,0]",
        "[23,59,59,999999999]",
        // A leap second: time has none.
        "[23,59,60,0]",
        "[24,0,0,0]",
        "[0,60,0,0]",
        "[0,0,0,1000000000]",
        "[0,0,0]",
        "[0,0,0,0,0]",
        "[-1,0,0,0]",
        "[256,0,0,0]",
        "[1,2,3,4294967296]",
    ]);
    assert_eq!(
        results[1],
        Ok(Time::from_hms_nano(23, 59, 59, 999_999_999).unwrap())
    );
    assert_eq!(
        results[2],
        Err("invalid second, expected an in-range value".to_owned())
    );
    assert_eq!(results[6], Err("expected nanosecond".to_owned()));
    for input in NOT_ARRAYS {
        assert!(same_outcome::<Time>(input).is_err(), "{input}");
    }
}

#[test]
fn date_times_are_decided_as_serde_decides() {
    let plain = [
        "[2024,60,12,30,15,500]",
        "[2024,60,12,30,60,500]",
        "[2023,366,0,0,0,0]",
        "[2024,60,12,30,15]",
        "[2024,60,12,30,15,500,0]",
        "[2024,60,12,30,15,500,0,0,0]",
    ];
    let results = decide_alike::<PrimitiveDateTime>(&plain);
    assert!(results[0].is_ok() && results[1..].iter().all(Result::is_err));
    let results = decide_alike::<UtcDateTime>(&plain);
    assert!(results[0].is_ok() && results[1..].iter().all(Result::is_err));
    let results = decide_alike::<OffsetDateTime>(&[
        "[2024,60,12,30,15,500,1,30,15]",
        "[2024,60,12,30,15,500,-1,-30,-15]",
        "[2024,60,12,30,15,500,0,0,0]",
        // Mixed signs: time's constructor decides.
        "[2024,60,12,30,15,500,1,-30,0]",
        "[2024,60,12,30,15,500,-1,30,15]",
        "[2024,60,12,30,15,500,26,0,0]",
        "[2024,60,12,30,15,500,25,59,59]",
        "[2024,60,12,30,15,500,0,60,0]",
        "[2024,60,12,30,15,500,0,0,60]",
        "[2024,60,12,30,15,500,128,0,0]",
        "[2024,60,12,30,15,500,1,30]",
        "[2024,60,12,30,15,500,1,30,15,0]",
        "[9999,365,23,59,59,999999999,-25,-59,-59]",
        "[-9999,1,0,0,0,0,25,59,59]",
        // Both a range error and a trailing element: time's visitor speaks first.
        "[2024,400,0,0,0,0,0,0,0,0]",
    ]);
    assert!(results[..5].iter().all(Result::is_ok), "{results:?}");
    assert_eq!(
        results[5],
        Err("invalid offset hour, expected an in-range value".to_owned())
    );
    assert!(results[12].is_ok() && results[13].is_ok());
    assert_eq!(
        results[14],
        Err("invalid ordinal, expected an in-range value".to_owned())
    );
    for input in NOT_ARRAYS {
        assert!(same_outcome::<OffsetDateTime>(input).is_err(), "{input}");
        assert!(same_outcome::<PrimitiveDateTime>(input).is_err(), "{input}");
    }
}

#[test]
fn offsets_may_stop_after_their_hours_or_minutes() {
    let results = decide_alike::<UtcOffset>(&[
        "[5]",
        "[5,30]",
        "[5,30,15]",
        "[-5,-30,-15]",
        "[]",
        "[5,30,15,0]",
        "[26]",
        "[0,60]",
        "[0,0,-60]",
        "[1,-1]",
        "[-128]",
    ]);
    assert_eq!(results[0], Ok(UtcOffset::from_hms(5, 0, 0).unwrap()));
    assert_eq!(results[1], Ok(UtcOffset::from_hms(5, 30, 0).unwrap()));
    assert_eq!(results[4], Err("expected offset hours".to_owned()));
    assert!(results[5].is_err() && results[6].is_err() && results[7].is_err());
    for input in NOT_ARRAYS {
        assert!(same_outcome::<UtcOffset>(input).is_err(), "{input}");
    }
}

#[test]
fn durations_are_decided_as_serde_decides() {
    let results = decide_alike::<Duration>(&[
        "[1,500]",
        "[-1,-500]",
        // Signs that disagree are moved to the seconds' sign, as time's `new_ranged` does.
        "[1,-500]",
        "[-1,500]",
        "[0,-500]",
        "[9223372036854775807,999999999]",
        "[-9223372036854775808,-999999999]",
        "[9223372036854775807,-999999999]",
        "[0,1000000000]",
        "[0,-1000000000]",
        "[0,2147483648]",
        "[9223372036854775808,0]",
        "[1]",
        "[1,2,3]",
    ]);
    assert_eq!(results[2], Ok(Duration::new(0, 999_999_500)));
    assert_eq!(results[3], Ok(Duration::new(0, -999_999_500)));
    assert_eq!(
        results[8],
        Err("invalid value: integer, expected an integer in the valid range".to_owned())
    );
    assert!(results[9..].iter().all(Result::is_err));
    for input in NOT_ARRAYS {
        assert!(same_outcome::<Duration>(input).is_err(), "{input}");
    }
}

/// Every month and weekday, as values and as map keys; hand-picked numbers, values and keys.
#[test]
fn months_and_weekdays_are_their_numbers() {
    let mut month = Month::January;
    let mut day = Weekday::Monday;
    for _ in 0..12 {
        agree(month);
        agree(day);
        check(&BTreeMap::from([(month as u8, month)]));
        let keyed: std::collections::HashMap<Month, Weekday> = [(month, day)].into();
        check(&keyed);
        month = month.next();
        day = day.next();
    }
    assert_eq!(fastjson::to_string(&Month::December), "12");
    assert_eq!(fastjson::to_string(&Weekday::Sunday), "7");
    let inputs = [
        "0",
        "1",
        "7",
        "8",
        "12",
        "13",
        "-1",
        "-0",
        "1.0",
        "1e0",
        "256",
        "18446744073709551615",
        "18446744073709551616",
        r#""March""#,
        r#""Monday""#,
        "null",
        "[1]",
    ];
    for input in inputs {
        same_outcome::<Month>(input).ok();
        same_outcome::<Weekday>(input).ok();
        let key = serde_json::to_string(input.trim_matches('"')).unwrap();
        same_outcome::<std::collections::HashMap<Month, u8>>(&format!("{{{key}:1}}")).ok();
        same_outcome::<std::collections::HashMap<Weekday, u8>>(&format!("{{{key}:1}}")).ok();
    }
    assert_eq!(
        same_outcome::<Month>("13"),
        Err("invalid value: integer `13`, expected a value in the range 1..=12".to_owned())
    );
    assert_eq!(same_outcome::<Weekday>("1"), Ok(Weekday::Monday));
    assert!(same_outcome::<std::collections::HashMap<Month, u8>>(r#"{"\u0033":1}"#).is_err());
}

#[test]
fn time_types_are_not_map_keys_in_serde_json() {
    let key = BTreeMap::from([(Date::MIN, 1)]);
    assert!(serde_json::to_string(&key).is_err());
    assert!(serde_json::from_str::<BTreeMap<Date, u8>>(r#"{"[2024,1]":1}"#).is_err());
}

#[test]
fn errors_carry_the_path() {
    let err = fastjson::from_str::<Vec<Duration>>("[[1,2],[3,1000000000]]").unwrap_err();
    assert_eq!(err.path(), "$[1][1]", "{err}");
    let err = fastjson::from_str::<BTreeMap<String, Date>>(r#"{"a":[2023,366]}"#).unwrap_err();
    assert_eq!(err.path(), "$.a", "{err}");
    assert_eq!(err.message(), "invalid ordinal, expected an in-range value");
    let err = fastjson::from_str::<Time>("[1,2,300,4]").unwrap_err();
    assert_eq!(err.path(), "$[2]", "{err}");
}

#[test]
fn the_schema_says_arrays() {
    use fastjson::schema::{Schema, SchemaDocument};
    assert!(Date::schema().starts_with(r#"{"type":"array""#));
    let document = SchemaDocument::new()
        .with::<Event>()
        .with::<OffsetDateTime>()
        .to_json();
    assert!(
        document.contains(r##""took":{"$ref":"#/$defs/Duration"}"##),
        "{document}"
    );
    assert!(
        document.contains(r##""laps":{"type":"array","items":{"$ref":"#/$defs/Duration"}}"##),
        "{document}"
    );
    assert!(
        document.contains(r#""OffsetDateTime":{"type":"array""#),
        "{document}"
    );
}
