//! The store's source of timestamps: RFC 3339 UTC text, replaceable so tests see fixed times.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Returns the current time as RFC 3339 text (`2026-12-07T08:15:00Z`).
pub type Clock = Arc<dyn Fn() -> String + Send + Sync>;

/// The wall clock, in whole seconds, UTC.
pub fn system_clock() -> Clock {
    Arc::new(|| {
        // A clock set before 1970 is a misconfigured host, not an order's concern: it reads as
        // the epoch rather than failing the request.
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        rfc3339(secs)
    })
}

/// A clock that always says `at`: for tests and for comparing two servers byte for byte.
pub fn fixed_clock(at: &str) -> Clock {
    let at = at.to_owned();
    Arc::new(move || at.clone())
}

/// Formats seconds since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ`.
///
/// Howard Hinnant's `civil_from_days`: the service needs one formatting function, not a date
/// crate.
pub fn rfc3339(unix_secs: u64) -> String {
    let days = unix_secs / 86_400;
    let rem = unix_secs % 86_400;
    let (h, m, s) = (rem / 3600, rem % 3600 / 60, rem % 60);
    // Shift the epoch to 0000-03-01 so a leap day is the last day of its (March-based) year.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}Z")
}

#[cfg(test)]
mod tests {
    use super::rfc3339;

    #[test]
    fn formats_known_instants() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(951_868_799), "2000-02-29T23:59:59Z");
        assert_eq!(rfc3339(1_709_251_199), "2024-02-29T23:59:59Z");
        assert_eq!(rfc3339(1_798_761_600), "2027-01-01T00:00:00Z");
        assert_eq!(rfc3339(4_107_542_400), "2100-03-01T00:00:00Z");
    }
}
