//! What several test files share: a smoke run small enough for a debug build.

use fastjson_bench::corpus::Corpus;
use fastjson_bench::report::Report;
use fastjson_bench::run::{self, Options};
use fastjson_bench::workloads;

/// A smoke run of the two small generated workloads the first-call table measures, order and
/// micro-login: what the tests read off a report does not depend on which rows it holds, and a
/// debug build's smoke run over every workload is slow (the contention tests took 21.5 s with
/// every workload, 2.6 s with these two; the sample-spread tests 9.7 s and 2.3 s).
pub fn small_smoke_report() -> Report {
    let opts = Options {
        filters: vec!["/order/".into(), "/micro-login/".into()],
        ..Options::smoke()
    };
    run::run(&opts, workloads::generated(), &Corpus::none())
}
