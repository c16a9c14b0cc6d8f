//! Classifier benchmark: commands classified per second against a
//! baseline of only parsing the same commands with the shell parser the
//! classifier uses, so the ratio is what judging costs on top of parsing
//! and holds on a busy machine.
//!
//! Two inputs: the 317 commands of the corpus as it stood on 2026-11-30
//! (`baseline-corpus.txt`, the inputs behind docs/PERFORMANCE.md's
//! figure then: 3.56× parsing), so today's classifier is timed on the
//! same work; and today's whole corpus.
//!
//! Run with `scripts/bench classifier` (or `cargo bench -p nomos-classify
//! --bench classifier`).

#[path = "../../../benches/goals.rs"]
mod goals;

use std::io::BufReader;
use std::time::{Duration, Instant};

use nomos_classify::{RiskClass, classify, corpus};

const ROUNDS: usize = 50;

/// The 2026-11-30 corpus, kept as it was.
const BASELINE: &str = include_str!("baseline-corpus.txt");

fn baseline() -> Vec<String> {
    BASELINE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_at_checked(2))
        .map(|(_, command)| command.replace('⏎', "\n"))
        .collect()
}

/// One row: parse-only and classify times over `ROUNDS` passes.
struct Row {
    commands: usize,
    parse: Duration,
    classify: Duration,
    parsed: usize,
    destructive: usize,
}

impl Row {
    fn measure(commands: &[String]) -> Row {
        let started = Instant::now();
        let mut parsed = 0usize;
        for _ in 0..ROUNDS {
            for c in commands {
                let options = brush_parser::ParserOptions::default();
                let mut parser = brush_parser::Parser::new(BufReader::new(c.as_bytes()), &options);
                parsed += usize::from(parser.parse_program().is_ok());
            }
        }
        let parse = started.elapsed();
        let started = Instant::now();
        let mut destructive = 0usize;
        for _ in 0..ROUNDS {
            for c in commands {
                destructive += usize::from(classify(c, None).class == RiskClass::Destructive);
            }
        }
        Row {
            commands: commands.len(),
            parse,
            classify: started.elapsed(),
            parsed: parsed / ROUNDS,
            destructive: destructive / ROUNDS,
        }
    }

    fn ratio(&self) -> f64 {
        self.classify.as_secs_f64() / self.parse.as_secs_f64()
    }

    fn print(&self, name: &str) {
        let n = (self.commands * ROUNDS) as f64;
        let per_sec = |d: Duration| n / d.as_secs_f64();
        let micros = |d: Duration| d.as_secs_f64() * 1e6 / n;
        println!(
            "| {name} | {} | {:.0} | {:.1} | {:.0} | {:.1} | {:.2} |",
            self.commands,
            per_sec(self.parse),
            micros(self.parse),
            per_sec(self.classify),
            micros(self.classify),
            self.ratio()
        );
    }
}

/// Times each hostile input (the median of five runs), prints a table and
/// returns the slowest, in milliseconds.
fn worst_case() -> f64 {
    println!("\nClassifier: hostile inputs of 64 KiB, median of 5 runs\n");
    println!("| input | bytes | class | ms |");
    println!("| --- | ---: | --- | ---: |");
    let mut slowest = 0.0f64;
    for (name, command) in nomos_classify::worst_case::inputs() {
        let mut times = Vec::new();
        let mut class = RiskClass::ReadOnly;
        for _ in 0..5 {
            let started = Instant::now();
            class = classify(&command, None).class;
            times.push(started.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        let median = times[2];
        slowest = slowest.max(median);
        println!("| {name} | {} | {class} | {median:.2} |", command.len());
    }
    slowest
}

fn main() {
    let old = baseline();
    let today: Vec<String> = corpus().into_iter().map(|(_, c)| c).collect();
    let old_row = Row::measure(&old);
    let today_row = Row::measure(&today);

    println!("\nClassifier: each input × {ROUNDS} rounds\n");
    println!("| input | commands | parse/s | µs | classify/s | µs | classify / parse |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    old_row.print("2026-11-30 corpus");
    today_row.print("today's corpus");
    println!(
        "\n(2026-11-30 corpus: {} of {} parse, {} destructive; today's: {} of {} parse, {} destructive; \
         some entries are malformed on purpose, and both loops time the same inputs.)",
        old_row.parsed,
        old_row.commands,
        old_row.destructive,
        today_row.parsed,
        today_row.commands,
        today_row.destructive
    );

    let worst = worst_case();

    let mut verdicts = goals::Verdicts::default();
    verdicts.judge(goals::CLASSIFY_WORST_CASE, Some(worst));
    verdicts.judge(goals::CLASSIFY_VS_2026_11_30, Some(old_row.ratio()));
    verdicts.judge(goals::CLASSIFY_OVER_PARSE, Some(today_row.ratio()));
    verdicts.finish();
}
