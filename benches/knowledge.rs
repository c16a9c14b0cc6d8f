//! Knowledge search benchmark: 50,000 documents in a fresh SQLite store
//! and in PostgreSQL (NOMOS_BENCH_DATABASE_URL, set by `scripts/bench`),
//! then 300 two-word searches on each; prints p50, p95 and p99 latency.
//! Goals: p95 at most 10 ms on SQLite and 20 ms on PostgreSQL.
//!
//! Run with `scripts/bench` (or `cargo bench --bench knowledge`).

// Test code: a failed expectation is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "goals.rs"]
mod goals;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use nomos::store::Store;
use nomos::store::knowledge::{NewKnowledge, upsert_knowledge};

const DOCUMENTS: usize = 50_000;
const QUERIES: usize = 300;
const VOCABULARY: usize = 4_000;

/// A deterministic word list: "w0", "w1", … would all stem alike, so
/// build syllable words instead.
fn vocabulary() -> Vec<String> {
    const SYL: &[&str] = &[
        "ka", "lo", "mi", "ne", "ru", "sa", "te", "vo", "zi", "bre", "dor", "fan", "gul", "hex",
        "jor", "kel", "lum", "mor", "nix", "pra",
    ];
    let mut words = Vec::with_capacity(VOCABULARY);
    let mut i = 0usize;
    while words.len() < VOCABULARY {
        let w = format!(
            "{}{}{}",
            SYL[i % SYL.len()],
            SYL[(i / SYL.len()) % SYL.len()],
            SYL[(i / (SYL.len() * SYL.len())) % SYL.len()]
        );
        words.push(w);
        i += 1;
    }
    words
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Zipf-ish: small indexes far more often, like real text.
    fn word<'a>(&mut self, words: &'a [String]) -> &'a str {
        let r = (self.next() % 1_000_000) as f64 / 1_000_000.0;
        let i = ((words.len() as f64).powf(r) - 1.0) as usize;
        &words[i.min(words.len() - 1)]
    }
}

async fn fill(store: &Store, words: &[String]) -> Duration {
    let started = Instant::now();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut tx = store.begin().await.expect("tx");
    for n in 0..DOCUMENTS {
        let title: Vec<&str> = (0..5).map(|_| rng.word(words)).collect();
        let content: Vec<&str> = (0..120).map(|_| rng.word(words)).collect();
        let kind = ["document", "investigation", "runbook"][n % 3];
        upsert_knowledge(
            &mut tx,
            &NewKnowledge {
                author: nomos::domain::KnowledgeAuthor::Operator,
                slug: format!("doc-{n}"),
                kind: kind.parse().expect("a knowledge kind"),
                title: title.join(" "),
                content: content.join(" "),
                tags: vec![rng.word(words).to_string()],
                about: BTreeSet::new(),
            },
        )
        .await
        .expect("insert");
    }
    tx.commit().await.expect("commit");
    // What an import of knowledge does after its transaction (inventory
    // seeding): the planner's statistics, which PostgreSQL needs to plan
    // a search well (autovacuum would take them within a minute or so).
    store.refresh_search_statistics().await.expect("statistics");
    started.elapsed()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

async fn measure(name: &str, store: &Store, words: &[String]) -> (String, Duration) {
    let filled = fill(store, words).await;
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut times = Vec::with_capacity(QUERIES);
    let mut results = 0usize;
    for _ in 0..QUERIES {
        let query = format!("{} {}", rng.word(words), rng.word(words));
        let started = Instant::now();
        let hits = store.search_knowledge(&query, 10).await.expect("search");
        times.push(started.elapsed());
        results += hits.len();
    }
    times.sort();
    let p95 = percentile(&times, 0.95);
    let row = format!(
        "| {name} | {DOCUMENTS} | {:.1} s | {QUERIES} | {:.2} | {:.2} | {:.2} | {:.1} |",
        filled.as_secs_f64(),
        percentile(&times, 0.50).as_secs_f64() * 1000.0,
        p95.as_secs_f64() * 1000.0,
        percentile(&times, 0.99).as_secs_f64() * 1000.0,
        results as f64 / QUERIES as f64,
    );
    (row, p95)
}

#[tokio::main]
async fn main() {
    let words = vocabulary();
    let dir = tempfile::tempdir().expect("dir");
    let sqlite = Store::open(&format!(
        "sqlite://{}",
        dir.path().join("bench.db").display()
    ))
    .await
    .expect("sqlite store");
    let mut rows = Vec::new();
    let (row, sqlite_p95) = measure("SQLite FTS5", &sqlite, &words).await;
    rows.push(row);
    // Without a PostgreSQL to measure, its goal is judged on no figure
    // (a failure), never skipped.
    let mut postgres_p95 = None;
    match std::env::var("NOMOS_BENCH_DATABASE_URL") {
        Ok(url) => {
            let pg = Store::open(&url).await.expect("postgres store");
            let (row, p95) = measure("PostgreSQL tsvector", &pg, &words).await;
            rows.push(row);
            postgres_p95 = Some(p95);
        }
        Err(_) => println!("NOMOS_BENCH_DATABASE_URL is not set: PostgreSQL is not measured"),
    }
    println!("\nKnowledge search: two-word queries, 10 results, best first\n");
    println!("| store | documents | load | queries | p50 ms | p95 ms | p99 ms | hits/query |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for row in rows {
        println!("{row}");
    }
    let mut verdicts = goals::Verdicts::default();
    verdicts.judge(
        goals::KNOWLEDGE_SQLITE_P95,
        Some(sqlite_p95.as_secs_f64() * 1000.0),
    );
    verdicts.judge(
        goals::KNOWLEDGE_POSTGRES_P95,
        postgres_p95.map(|p| p.as_secs_f64() * 1000.0),
    );
    verdicts.finish();
}
