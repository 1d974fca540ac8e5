//! The command line: `fastjson-bench [--smoke | --full] [--http] [--filter PAT]... [--corpus DIR]
//! [--out DIR] [--quiet] [--fastjson-and-serde-json-only]`, or
//! `fastjson-bench --summarize-default-vs-native DIR`, or (internal, spawned by the first-call
//! table) `fastjson-bench --first-call-child ROW [--corpus DIR]`, or (internal, spawned for each
//! timed group) `fastjson-bench --group-child GROUP [the parent's options]`.

use std::path::PathBuf;

use crate::run::{Mode, Rows};

/// Parsed arguments.
#[derive(Debug, Clone)]
pub struct Args {
    pub mode: Mode,
    pub filters: Vec<String>,
    pub corpus: Option<PathBuf>,
    pub out: Option<PathBuf>,
    pub quiet: bool,
    pub window_ms: Option<u64>,
    pub rounds: Option<usize>,
    pub sample_ms: Option<u64>,
    pub rows: Rows,
    /// Fresh processes per timed group (`None`: the mode's; 0: in this process).
    pub processes: Option<usize>,
    /// Internal: time only this group (`decode/twitter`) and print the report as JSON.
    pub group_child: Option<String>,
    /// Summarize the interleaved default-vs-native runs in this directory instead of running.
    pub summarize_default_vs_native: Option<PathBuf>,
    /// `--http`: the HTTP family only.
    pub http: bool,
    pub http_rounds: Option<usize>,
    pub http_window_ms: Option<u64>,
}

impl Args {
    /// The HTTP family's plan for this run, or `None` when it does not run: `--smoke` gives
    /// every cell a few requests; the default run a short form (3 rounds of 100 ms); `--http`
    /// and `--full` the standard plan (11 rounds of 300 ms; 21 of 1 s with `--http --full`);
    /// `--http-rounds` and `--http-window-ms` override. Not with
    /// `--fastjson-and-serde-json-only` or in a group child.
    pub fn http_plan(&self) -> Option<crate::http::Plan> {
        use crate::http::Plan;
        if self.rows != Rows::All || self.group_child.is_some() {
            return None;
        }
        let mut plan = match self.mode {
            Mode::Smoke => return Some(Plan::smoke()),
            Mode::Default if !self.http => Plan::short(),
            Mode::Default => Plan::standard(false),
            Mode::Full => Plan::standard(self.http),
        };
        plan.rounds = self.http_rounds.unwrap_or(plan.rounds);
        if let Some(ms) = self.http_window_ms {
            plan.window = std::time::Duration::from_millis(ms);
        }
        Some(plan)
    }
}

impl Args {
    /// The stream family's plan: a few MB with `--smoke`, 16 MB of JSON Lines in the default
    /// run, 100 MB with `--full`; none with `--http`, `--fastjson-and-serde-json-only` or in a
    /// group child.
    pub fn stream_plan(&self) -> Option<crate::stream::Plan> {
        use crate::stream::Plan;
        if self.http || self.rows != Rows::All || self.group_child.is_some() {
            return None;
        }
        Some(match self.mode {
            Mode::Smoke => Plan::smoke(),
            Mode::Default => Plan::short(),
            Mode::Full => Plan::full(),
        })
    }

    /// The extract family's plan, under the same conditions as [`Args::stream_plan`].
    pub fn extract_plan(&self) -> Option<crate::extract::Plan> {
        use crate::extract::Plan;
        self.stream_plan()?;
        Some(match self.mode {
            Mode::Smoke => Plan::smoke(),
            Mode::Default => Plan::short(),
            Mode::Full => Plan::full(),
        })
    }
}

pub const USAGE: &str = "\
usage: fastjson-bench [--smoke | --full] [--http] [--filter PAT]... [--corpus DIR] [--out DIR]
                      [--quiet] [--window-ms N] [--rounds N] [--sample-ms N] [--processes N]
                      [--http-rounds N] [--http-window-ms N]

  (default)      the comparison (then the first decode in fresh processes, 5 per row;
                 11 with --full): under 3 minutes on 2 cores
  --smoke        every row once, correctness gate included (for CI)
  --full         more rounds, longer samples and request windows
  --filter PAT   only rows whose id contains PAT (ids: decode/twitter/fastjson,
                 encode/order/sonic-rs, request/4/serde_json); repeatable. serde_json,
                 sonic-rs and the floors of a selected group always run, for the ratios.
  --corpus DIR   the corpus directory (else $FASTJSON_CORPUS, else $FASTJSON_SHARED/corpus,
                 else ../shared/corpus next to the workspace, if present)
  --out DIR      where report.md, report.json and the charts go
                 (default: target/fastjson-bench, or target/fastjson-bench/native); the
                 committed run in fastjson-bench/results/latest is made by
                 `cargo xtask bench --both --full --out fastjson-bench/results/latest`
  --quiet        no progress line
  --window-ms N  request-mode window per cell and round (default 150, --full 1000)
  --rounds N     interleaved rounds, one sample per row each (default 11, --full 31),
                 shared out among a group's processes and rounded up (12 and 33 with 3)
  --sample-ms N  target length of one sample (default 40, --full 100)
  --processes N  fresh processes per timed group, sharing its rounds (default 3;
                 0: every group in this process, as --smoke does)
  --http         only the HTTP family: one axum service with fastjson::axum::Json and
                 with axum::Json (serde_json), under a hyper client on loopback
                 (ids: http/order/16/fastjson, http/large/1/axum::Json + serde_json);
                 11 rounds of 300 ms windows (21 of 1 s with --full). The default
                 run has a short form of it (3 rounds of 100 ms), --smoke a few
                 requests per cell
  --filter stream, --filter extract
                 the stream family (distinct order records as JSON Lines and as
                 pretty concatenated JSON, read by each library's stream; ids
                 stream/lines/fastjson slice stream) or the extract family (paths
                 read out of twitter, citm_catalog and order; ids
                 extract/twitter-end/fastjson Extractor) only. Both run in the
                 default run (16 MB of lines), --full (100 MB) and --smoke (2 MB)
  --http-rounds N, --http-window-ms N
                 the HTTP family's interleaved rounds and window per cell and round
  --fastjson-and-serde-json-only
                 time only fastjson's and serde_json's decode and encode rows (and
                 serde_json's twin): what the default-vs-native comparison needs
  --first-call-child ROW [--corpus DIR]
                 internal: what the first-call table spawns (one fresh process times its
                 first two decodes of ROW, e.g. decode/twitter/fastjson, and prints them)
  --group-child GROUP
                 internal: what each group's processes are (gate and time one group,
                 e.g. decode/twitter, and print its report as JSON)
  --summarize-default-vs-native DIR
                 run nothing: compare the default-N/ and native-N/ reports in DIR
                 (written by `cargo xtask bench --default-vs-native`) and write
                 DIR/default-vs-native.md
";

/// Parses `args` (without the program name).
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut out = Args {
        mode: Mode::Default,
        filters: Vec::new(),
        corpus: None,
        out: None,
        quiet: false,
        window_ms: None,
        rounds: None,
        sample_ms: None,
        rows: Rows::All,
        processes: None,
        group_child: None,
        summarize_default_vs_native: None,
        http: false,
        http_rounds: None,
        http_window_ms: None,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--smoke" => out.mode = Mode::Smoke,
            "--full" => out.mode = Mode::Full,
            "--filter" => out.filters.push(value("--filter")?),
            "--corpus" => out.corpus = Some(PathBuf::from(value("--corpus")?)),
            "--out" => out.out = Some(PathBuf::from(value("--out")?)),
            "--quiet" => out.quiet = true,
            "--window-ms" => {
                let v = value("--window-ms")?;
                out.window_ms = Some(
                    v.parse()
                        .map_err(|_| format!("--window-ms {v}: not a number"))?,
                );
            }
            "--rounds" => out.rounds = Some(positive("--rounds", &value("--rounds")?)?),
            "--sample-ms" => {
                out.sample_ms = Some(positive("--sample-ms", &value("--sample-ms")?)?);
            }
            "--fastjson-and-serde-json-only" => out.rows = Rows::FastjsonAndSerdeJson,
            "--http" => out.http = true,
            "--http-rounds" => {
                out.http_rounds = Some(positive("--http-rounds", &value("--http-rounds")?)?);
            }
            "--http-window-ms" => {
                out.http_window_ms =
                    Some(positive("--http-window-ms", &value("--http-window-ms")?)?);
            }
            "--processes" => {
                let v = value("--processes")?;
                out.processes = Some(
                    v.parse()
                        .map_err(|_| format!("--processes {v}: not a number"))?,
                );
            }
            "--group-child" => out.group_child = Some(value("--group-child")?),
            "--summarize-default-vs-native" => {
                out.summarize_default_vs_native =
                    Some(PathBuf::from(value("--summarize-default-vs-native")?));
            }
            // `cargo bench` passes --bench to every bench target, harness or not.
            "--bench" => {}
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument `{other}`\n\n{USAGE}")),
        }
    }
    if out.mode == Mode::Smoke
        && (out.rounds.is_some() || out.sample_ms.is_some() || out.processes.is_some())
    {
        return Err(
            "--rounds, --sample-ms and --processes do not apply to --smoke (one operation per row)"
                .into(),
        );
    }
    if out.mode == Mode::Smoke && (out.http_rounds.is_some() || out.http_window_ms.is_some()) {
        return Err("--http-rounds and --http-window-ms do not apply to --smoke".into());
    }
    if out.http && out.rows != Rows::All {
        return Err("--http and --fastjson-and-serde-json-only exclude each other".into());
    }
    Ok(out)
}

/// `v`, the value of `flag`, as a number above zero.
fn positive<T: std::str::FromStr + PartialOrd + Default>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .ok()
        .filter(|n| *n > T::default())
        .ok_or_else(|| format!("{flag} {v}: not a positive number"))
}

/// The default output directory: `target/fastjson-bench` in the workspace (`native/` below it
/// for a `-C target-cpu=native` build).
pub fn default_out() -> PathBuf {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = manifest
        .parent()
        .unwrap_or(manifest)
        .join("target/fastjson-bench");
    match crate::report::header::build_kind() {
        "native" => base.join("native"),
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Args, String> {
        parse(s.split_whitespace().map(String::from))
    }

    #[test]
    fn parses_modes_and_filters() {
        let a = p("--smoke --filter twitter --filter request/4 --corpus /c").unwrap();
        assert_eq!(a.mode, Mode::Smoke);
        assert_eq!(a.filters, ["twitter", "request/4"]);
        assert_eq!(a.corpus, Some(PathBuf::from("/c")));
        assert_eq!(p("").unwrap().mode, Mode::Default);
        assert_eq!(p("--full").unwrap().mode, Mode::Full);
        assert!(p("--filter").is_err());
        assert_eq!(p("").unwrap().rows, Rows::All);
        let d = p("--fastjson-and-serde-json-only --summarize-default-vs-native /d").unwrap();
        assert_eq!(d.rows, Rows::FastjsonAndSerdeJson);
        assert_eq!(d.summarize_default_vs_native, Some(PathBuf::from("/d")));
        assert!(p("--summarize-default-vs-native").is_err());
        assert!(p("--nope").is_err());
        let r = p("--full --rounds 155 --sample-ms 20").unwrap();
        assert_eq!((r.rounds, r.sample_ms), (Some(155), Some(20)));
        assert!(p("--rounds 0").is_err());
        assert!(p("--sample-ms x").is_err());
        assert!(p("--smoke --rounds 3").is_err());
        assert!(p("--smoke --processes 2").is_err());
        assert_eq!(p("--processes 0").unwrap().processes, Some(0));
        assert_eq!(p("--full --processes 5").unwrap().processes, Some(5));
        assert!(p("--processes x").is_err());
        let c = p("--group-child decode/twitter --rounds 4").unwrap();
        assert_eq!(c.group_child.as_deref(), Some("decode/twitter"));
        assert_eq!(c.http_plan(), None, "a group child never serves HTTP");
        assert_eq!(c.stream_plan(), None, "nor runs the families");
        assert_eq!(c.extract_plan(), None);
        use crate::stream::Plan;
        assert_eq!(p("").unwrap().stream_plan(), Some(Plan::short()));
        assert_eq!(p("--full").unwrap().stream_plan(), Some(Plan::full()));
        assert_eq!(p("--smoke").unwrap().stream_plan(), Some(Plan::smoke()));
        assert_eq!(p("--http").unwrap().stream_plan(), None);
        assert_eq!(
            p("--smoke").unwrap().extract_plan(),
            Some(crate::extract::Plan::smoke())
        );
    }

    #[test]
    fn parses_the_http_family() {
        use crate::http::Plan;
        use std::time::Duration;
        assert_eq!(p("").unwrap().http_plan(), Some(Plan::short()));
        assert_eq!(p("--smoke").unwrap().http_plan(), Some(Plan::smoke()));
        assert_eq!(
            p("--http").unwrap().http_plan(),
            Some(Plan::standard(false))
        );
        assert_eq!(
            p("--http --full").unwrap().http_plan(),
            Some(Plan::standard(true))
        );
        let o = p("--http --http-rounds 5 --http-window-ms 50").unwrap();
        let plan = o.http_plan().unwrap();
        assert!(o.http);
        assert_eq!((plan.rounds, plan.window), (5, Duration::from_millis(50)));
        assert_eq!(
            p("--fastjson-and-serde-json-only").unwrap().http_plan(),
            None
        );
        assert!(p("--http --fastjson-and-serde-json-only").is_err());
        assert!(p("--smoke --http-rounds 2").is_err());
        assert!(p("--http-rounds 0").is_err());
        assert!(p("--http-window-ms x").is_err());
    }
}
