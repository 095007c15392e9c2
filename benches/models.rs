//! Time per sample for every model, on one thread and on all cores.
//!
//! `cargo bench --bench models` (criterion reports throughput in samples per second; the time
//! per sample is its inverse).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use locks_lesson::runner::parallel::{resolve_threads, run_to_end};
use locks_lesson::sim::Valid;
use locks_lesson::sim::failover::{FailoverParams, FailoverSim};
use locks_lesson::sim::fencing::{self, FencingParams};
use locks_lesson::sim::mc::Chunked;
use locks_lesson::sim::renewal::{RenewalParams, RenewalSim};
use locks_lesson::sim::stale::{self, StaleParams};
use locks_lesson::sim::ttl::{TtlParams, TtlSim};

fn thread_counts() -> Vec<usize> {
    let all = resolve_threads(0);
    if all > 1 { vec![1, all] } else { vec![1] }
}

fn chunked<M: Chunked>(c: &mut Criterion, name: &str, model: &M)
where
    M::Acc: PartialEq,
{
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(model.samples()));
    group.sample_size(20);
    for threads in thread_counts() {
        group.bench_with_input(BenchmarkId::new("threads", threads), &threads, |b, &t| {
            b.iter(|| black_box(run_to_end(model, black_box(1), t)))
        });
    }
    group.finish();
}

fn ttl(c: &mut Criterion) {
    let sim = TtlSim::new(
        &Valid::checked(TtlParams {
            holds: 4_000_000,
            ..Default::default()
        })
        .unwrap(),
    );
    chunked(c, "ttl", &sim);
    let sweep_ttls = [0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0];
    let sweep = TtlSim::sweep(
        &Valid::checked(TtlParams {
            holds: 1_000_000,
            ..Default::default()
        })
        .unwrap(),
        &sweep_ttls,
    );
    chunked(c, "ttl_sweep_8", &sweep);
}

fn renewal(c: &mut Criterion) {
    let sim = RenewalSim::new(
        &Valid::checked(RenewalParams {
            runs: 1_000_000,
            ..Default::default()
        })
        .unwrap(),
    );
    chunked(c, "renewal", &sim);
}

fn failover(c: &mut Criterion) {
    let sim = FailoverSim::new(
        &Valid::checked(FailoverParams {
            failovers: 200_000,
            ..Default::default()
        })
        .unwrap(),
    );
    chunked(c, "failover", &sim);
}

fn sequential(c: &mut Criterion) {
    let mut group = c.benchmark_group("fencing");
    let p = Valid::checked(FencingParams {
        holders: 100_000,
        ..Default::default()
    })
    .unwrap();
    group.throughput(Throughput::Elements(u64::from(p.holders)));
    group.sample_size(20);
    group.bench_function("threads/1", |b| {
        b.iter(|| black_box(fencing::run(&p, black_box(1))))
    });
    group.finish();

    let mut group = c.benchmark_group("stale");
    group.throughput(Throughput::Elements(1));
    group.bench_function("threads/1", |b| {
        b.iter(|| {
            black_box(stale::run(black_box(
                &Valid::checked(StaleParams::default()).unwrap(),
            )))
        })
    });
    group.finish();

    let mut group = c.benchmark_group("exact");
    let ttl = TtlParams::default();
    group.bench_function("ttl_unsafe_fraction", |b| {
        b.iter(|| black_box(black_box(&ttl).exact_unsafe_fraction()))
    });
    group.bench_function("ttl_curve_200", |b| {
        b.iter(|| black_box(black_box(&ttl).exact_curve(200)))
    });
    let renewal = RenewalParams::default();
    group.bench_function("renewal_shares", |b| {
        b.iter(|| black_box(black_box(&renewal).exact_fractions()))
    });
    group.finish();
}

criterion_group!(benches, ttl, renewal, failover, sequential);
criterion_main!(benches);
