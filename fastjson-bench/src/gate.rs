//! The correctness gate, run before any timing: decoded values must equal the reference (serde_json's
//! copy built from the exactly parsed document, so floats are compared with the exact value of
//! their source text), encoded outputs must parse back to the reference's output value, floats by
//! bits. A row that fails is reported as FAILED and never timed.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::debug_diff;
use crate::exact;
use crate::subjects::PreparedEncode;
use crate::workloads::{Role, Workload};

/// What the gate decided for one row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "verdict", content = "detail", rename_all = "kebab-case")]
pub enum Verdict {
    /// Equal to the reference. The note records accepted deviations (serde_json's inexact floats).
    Pass(Option<String>),
    /// Not equal: the row is not timed.
    Failed(String),
    /// A floor: nothing to check.
    Exempt,
}

impl Verdict {
    pub fn passed(&self) -> bool {
        !matches!(self, Verdict::Failed(_))
    }
}

/// The expected results for one workload.
pub struct Expected {
    /// The document parsed with exact floats.
    pub exact: Value,
    /// `Debug` text of serde_json's copy built from `exact`.
    pub debug: String,
    /// serde_json's encoding of that value.
    pub output: Vec<u8>,
    /// `output` parsed with exact floats.
    pub output_value: Value,
}

/// Builds the expected results of `w`.
pub fn expected(w: &Workload) -> Result<Expected, String> {
    let exact = w
        .exact()
        .map_err(|e| format!("the document is not JSON: {e}"))?;
    let (debug, output) = w.reference.build(&exact)?;
    let output_value = exact::parse(&output)?;
    Ok(Expected {
        exact,
        debug,
        output,
        output_value,
    })
}

/// Whether serde_json in this build parses floats correctly rounded (`float_roundtrip`, possibly
/// enabled by feature unification elsewhere in the build) or with its default fast path, and
/// how many of a fixed set of 2,000 17-digit numbers it gets wrong.
pub fn serde_json_float_mode() -> (bool, usize) {
    let mut rng = crate::generate::rng::Rng::new(17);
    let wrong = (0..2000)
        .filter(|_| {
            let text = format!(
                "{}.{:016}e{}",
                1 + rng.below(9),
                rng.below(10u64.pow(16)),
                rng.below(40) as i64 - 20
            );
            let exact: f64 = text.parse().expect("valid float");
            serde_json::from_str::<f64>(&text).ok().map(f64::to_bits) != Some(exact.to_bits())
        })
        .count();
    (wrong == 0, wrong)
}

/// The gate for a decode row: `decoded` is the row's `decode_debug` result.
pub fn check_decode(
    role: Role,
    decoded: Result<String, String>,
    want: &Expected,
    inexact_floats_allowed: bool,
) -> Verdict {
    if role == Role::Floor {
        return Verdict::Exempt;
    }
    let got = match decoded {
        Ok(got) => got,
        Err(e) => return Verdict::Failed(format!("decode error: {e}")),
    };
    let d = debug_diff::compare(&want.debug, &got);
    if let Some(other) = d.other {
        return Verdict::Failed(format!("decoded value differs {other}"));
    }
    if d.float_mismatches == 0 {
        return Verdict::Pass(None);
    }
    let what = format!(
        "{} floats not the exact value of their text (up to {} ulp)",
        d.float_mismatches, d.max_ulps
    );
    let baseline = matches!(role, Role::Baseline | Role::NoiseTwin);
    if baseline && inexact_floats_allowed {
        Verdict::Pass(Some(format!("{what}: serde_json's default float parsing")))
    } else {
        Verdict::Failed(what)
    }
}

/// The gate for an encode row; also returns whether the output is byte-identical to serde_json's.
pub fn check_encode(
    role: Role,
    prepared: &Result<PreparedEncode, String>,
    want: &Expected,
) -> (Verdict, Option<bool>) {
    if role == Role::Floor {
        return (Verdict::Exempt, None);
    }
    let p = match prepared {
        Ok(p) => p,
        Err(e) => {
            return (
                Verdict::Failed(format!("could not build the value: {e}")),
                None,
            )
        }
    };
    if p.value_debug != want.debug {
        let d = debug_diff::compare(&want.debug, &p.value_debug);
        let why = d
            .other
            .unwrap_or_else(|| format!("{} floats differ", d.float_mismatches));
        return (
            Verdict::Failed(format!("the value to encode differs: {why}")),
            None,
        );
    }
    let identical = p.output == want.output;
    let parsed = match exact::parse(&p.output) {
        Ok(v) => v,
        Err(e) => {
            return (
                Verdict::Failed(format!("output is not JSON: {e}")),
                Some(false),
            )
        }
    };
    match exact::diff(&want.output_value, &parsed) {
        None => (Verdict::Pass(None), Some(identical)),
        Some(d) => (
            Verdict::Failed(format!("output parses to a different value: {d}")),
            Some(identical),
        ),
    }
}
