//! The report header: what was measured on (CPU, cores, rustc, RUSTFLAGS, target features,
//! crate versions, serde_json's float mode, corpus digests) and whether the machine was busy.

use serde::{Deserialize, Serialize};

/// Results vary by hardware; every rendering of the report carries this sentence.
pub const VARY: &str = "Results vary by hardware, compiler and load: compare rows only within \
                        one run of one binary, and read differences under the noise floor \
                        (and under ~5% across rebuilds) as ties.";

/// Steal time at or above this share of CPU time marks a run as measured on a busy host (noisy
/// runs have shown 3–4% in `vmstat`; quiet ones 0.0% throughout).
pub const STEAL_WARNING_PERCENT: f64 = 1.0;

/// A run whose typical row has its median this far above its fastest sample (see
/// [`Report::sample_spread`](super::Report::sample_spread)) was measured on a contended host,
/// whatever the steal counter says. On the Zen 5 host, quiet full runs gave 3.1–4.1% (fourteen
/// reports, both builds); noisy ones 5.6%, 6.1%, 10.3% and 33.8%, two of them with 0.1–0.2%
/// steal time (in the worst, native twitter decode's median was 62% above its fastest sample;
/// every library slowed, fastjson most: its lead over sonic-rs 1.17× instead of 1.27–1.31×).
pub const SPREAD_WARNING_FRACTION: f64 = 0.05;

/// The machine and build a report was measured on.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Header {
    /// Model name plus vendor, family, model and stepping (`AMD EPYC (AuthenticAMD family 26
    /// model 2 stepping 1)`): virtual machines often report a bare "AMD EPYC", and the
    /// generation decides what `-C target-cpu=native` compiles for.
    pub cpu: String,
    /// LLVM's name for the CPU the bench was built on (`znver5`): what `target-cpu=native` meant
    /// for the native build. Empty in reports written before it was recorded.
    #[serde(default)]
    pub llvm_host_cpu: String,
    pub cores: usize,
    pub rustc: String,
    pub rustflags: String,
    /// `default` or `native` (`-C target-cpu=native`).
    pub build: String,
    pub profile: String,
    pub target_features_compiled: Vec<String>,
    pub target_features_detected: Vec<String>,
    pub fastjson_kernel: String,
    pub crates: String,
    pub serde_json_float_mode: String,
    pub corpus: String,
    pub corpus_digests: Vec<(String, usize, String)>,
    pub load_average: String,
    /// rustc processes seen at the start and the end of the run (other builds skew timings).
    pub busy: Vec<String>,
    pub unix_time: u64,
    /// The share of all CPU time that the hypervisor gave to other guests while the rows and
    /// request mode were timed (`steal` in `/proc/stat`; the first-call processes, spawned
    /// afterwards, are not covered): on a shared host it is what makes a run noisy. `None`
    /// where the kernel does not report it (and in reports written before it was recorded).
    #[serde(default)]
    pub steal_percent: Option<f64>,
}

/// The system-wide CPU time counters of `/proc/stat`'s first line, in clock ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuTimes {
    /// Time stolen by the hypervisor (the eighth field).
    pub steal: u64,
    /// The first eight fields summed (user, nice, system, idle, iowait, irq, softirq, steal;
    /// guest time is already counted in user).
    pub total: u64,
}

/// The counters now, or `None` off Linux or when the line has no steal field.
pub fn cpu_times() -> Option<CpuTimes> {
    parse_cpu_times(&std::fs::read_to_string("/proc/stat").ok()?)
}

/// Parses the aggregate `cpu ` line of `/proc/stat`.
fn parse_cpu_times(stat: &str) -> Option<CpuTimes> {
    let line = stat.lines().find(|l| l.starts_with("cpu "))?;
    let fields: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .take(8)
        .map(|f| f.parse().ok())
        .collect::<Option<_>>()?;
    (fields.len() == 8).then(|| CpuTimes {
        steal: fields[7],
        total: fields.iter().sum(),
    })
}

/// The steal share between two readings, in percent (`None` when no time passed).
pub fn steal_percent(start: CpuTimes, end: CpuTimes) -> Option<f64> {
    let total = end.total.checked_sub(start.total)?;
    let steal = end.steal.checked_sub(start.steal)?;
    (total > 0).then(|| 100.0 * steal as f64 / total as f64)
}

/// `native` when built with `-C target-cpu=native`.
pub fn build_kind() -> &'static str {
    if env!("FJB_RUSTFLAGS").contains("target-cpu=native") {
        "native"
    } else {
        "default"
    }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| describe_cpu(&s))
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// The first processor of a `/proc/cpuinfo` text: its model name followed by vendor, family,
/// model and stepping when those are present.
fn describe_cpu(cpuinfo: &str) -> Option<String> {
    let first = cpuinfo.split("\n\n").next()?;
    let field = |key: &str| {
        first.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            (name.trim() == key).then(|| value.trim().to_string())
        })
    };
    let name = field("model name")?;
    let id: Vec<String> = [
        ("vendor_id", ""),
        ("cpu family", "family "),
        ("model", "model "),
        ("stepping", "stepping "),
    ]
    .into_iter()
    .filter_map(|(key, label)| field(key).map(|v| format!("{label}{v}")))
    .collect();
    Some(if id.is_empty() {
        name
    } else {
        format!("{name} ({})", id.join(" "))
    })
}

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! features {
    ($mode:ident: $($f:tt),*) => {{
        let mut out = Vec::new();
        $(if features!(@$mode $f) { out.push($f.to_string()); })*
        out
    }};
    (@compiled $f:tt) => { cfg!(target_feature = $f) };
    (@detected $f:tt) => { is_detected!($f) };
}

#[cfg(target_arch = "x86_64")]
use std::arch::is_x86_feature_detected as is_detected;

#[cfg(target_arch = "aarch64")]
use std::arch::is_aarch64_feature_detected as is_detected;

#[cfg(target_arch = "x86_64")]
fn target_features() -> (Vec<String>, Vec<String>) {
    (
        features!(compiled: "sse4.2", "pclmulqdq", "avx", "avx2", "bmi2", "avx512f", "avx512bw"),
        features!(detected: "sse4.2", "pclmulqdq", "avx", "avx2", "bmi2", "avx512f", "avx512bw"),
    )
}

#[cfg(target_arch = "aarch64")]
fn target_features() -> (Vec<String>, Vec<String>) {
    (
        features!(compiled: "neon", "dotprod", "sve", "sve2"),
        features!(detected: "neon", "dotprod", "sve", "sve2"),
    )
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn target_features() -> (Vec<String>, Vec<String>) {
    (vec![], vec![])
}

/// rustc processes currently running (other than this one's ancestors, which are not rustc).
pub fn busy_compilers() -> Vec<String> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let e = e.ok()?;
        let comm = std::fs::read_to_string(e.path().join("comm")).ok()?;
        (comm.trim() == "rustc").then(|| format!("rustc pid {}", e.file_name().to_string_lossy()))
    })
    .collect()
}

/// The header for this process, with the given corpus description and digests.
pub fn collect(corpus: String, corpus_digests: Vec<(String, usize, String)>) -> Header {
    let (compiled, detected) = target_features();
    let (exact, wrong) = crate::gate::serde_json_float_mode();
    Header {
        cpu: cpu_model(),
        llvm_host_cpu: env!("FJB_LLVM_HOST_CPU").to_string(),
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        rustc: env!("FJB_RUSTC").to_string(),
        rustflags: match env!("FJB_RUSTFLAGS") {
            "" => "(none)".to_string(),
            f => f.to_string(),
        },
        build: build_kind().to_string(),
        profile: format!(
            "{} (opt-level {})",
            env!("FJB_PROFILE"),
            env!("FJB_OPT_LEVEL")
        ),
        target_features_compiled: compiled,
        target_features_detected: detected,
        fastjson_kernel: fastjson::active_kernel().name().to_string(),
        crates: env!("FJB_CRATES").to_string(),
        serde_json_float_mode: if exact {
            "float_roundtrip (correctly rounded; enabled by feature unification in this build)"
                .to_string()
        } else {
            format!("default (not correctly rounded: {wrong} of 2000 test numbers off by 1 ulp)")
        },
        corpus,
        corpus_digests,
        load_average: std::fs::read_to_string("/proc/loadavg")
            .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_default(),
        busy: busy_compilers(),
        unix_time: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        steal_percent: None,
    }
}

#[cfg(test)]
mod tests {
    use super::{describe_cpu, parse_cpu_times, steal_percent, CpuTimes};

    #[test]
    fn steal_time_is_read_from_the_aggregate_cpu_line() {
        let stat = "cpu  100 5 50 800 10 2 3 30 7 0\ncpu0 50 2 25 400 5 1 1 15 3 0\nintr 1\n";
        assert_eq!(
            parse_cpu_times(stat),
            Some(CpuTimes {
                steal: 30,
                total: 1000
            })
        );
        // Kernels too old to report steal, and text that is not /proc/stat.
        assert_eq!(parse_cpu_times("cpu  100 5 50 800 10 2 3\n"), None);
        assert_eq!(parse_cpu_times("nothing here"), None);
        let start = CpuTimes {
            steal: 30,
            total: 1000,
        };
        let end = CpuTimes {
            steal: 60,
            total: 2000,
        };
        assert_eq!(steal_percent(start, end), Some(3.0));
        assert_eq!(steal_percent(start, start), None);
        assert_eq!(steal_percent(end, start), None);
    }

    #[test]
    fn cpu_description_names_family_model_and_stepping_of_the_first_processor() {
        let info = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\n\
                    model name\t: AMD EPYC\nstepping\t: 1\n\nprocessor\t: 1\nvendor_id\t: Other\n\
                    model name\t: Second\n";
        assert_eq!(
            describe_cpu(info).as_deref(),
            Some("AMD EPYC (AuthenticAMD family 26 model 2 stepping 1)")
        );
        assert_eq!(describe_cpu("model name : Bare\n").as_deref(), Some("Bare"));
        assert_eq!(describe_cpu("flags : sse2\n"), None);
    }
}
