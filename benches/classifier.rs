//! Classifier benchmark: every command of the test corpus, classified
//! many times over; commands per second, against a baseline of only
//! parsing the same commands with the shell parser the classifier uses
//! (so the ratio is what judging costs on top of parsing).
//!
//! Run with `scripts/bench` (or `cargo bench --bench classifier`).

#[path = "goals.rs"]
mod goals;

use std::io::BufReader;
use std::time::Instant;

use nomos::gate::classify::classify;

const ROUNDS: usize = 50;

fn corpus() -> Vec<String> {
    nomos::gate::classify::corpus()
        .into_iter()
        .map(|(_, command)| command)
        .collect()
}

fn main() {
    let commands = corpus();
    let n = commands.len() * ROUNDS;

    let started = Instant::now();
    let mut parsed = 0usize;
    for _ in 0..ROUNDS {
        for c in &commands {
            let options = brush_parser::ParserOptions::default();
            let mut parser = brush_parser::Parser::new(BufReader::new(c.as_bytes()), &options);
            parsed += usize::from(parser.parse_program().is_ok());
        }
    }
    let parse_only = started.elapsed();

    let started = Instant::now();
    let mut destructive = 0usize;
    for _ in 0..ROUNDS {
        for c in &commands {
            let verdict = classify(c, None);
            destructive += usize::from(verdict.class == nomos::gate::RiskClass::Destructive);
        }
    }
    let classified = started.elapsed();

    let per_sec = |d: std::time::Duration| n as f64 / d.as_secs_f64();
    println!(
        "\nClassifier: {} corpus commands × {ROUNDS} rounds ({parsed} parses ok, {destructive} destructive verdicts)\n",
        commands.len()
    );
    println!("| what | commands/s | µs per command | ratio |");
    println!("| --- | ---: | ---: | ---: |");
    println!(
        "| parse only (baseline) | {:.0} | {:.1} | 1.00 |",
        per_sec(parse_only),
        parse_only.as_secs_f64() * 1e6 / n as f64
    );
    println!(
        "| classify (parse + judge) | {:.0} | {:.1} | {:.2} |",
        per_sec(classified),
        classified.as_secs_f64() * 1e6 / n as f64,
        classified.as_secs_f64() / parse_only.as_secs_f64()
    );
    let mut verdicts = goals::Verdicts::default();
    // (Some corpus commands are malformed on purpose: not every parse
    // succeeds, and both loops time the same inputs.)
    let ratio = Some(classified.as_secs_f64() / parse_only.as_secs_f64());
    verdicts.judge(goals::CLASSIFY_OVER_PARSE, ratio);
    verdicts.finish();
}
