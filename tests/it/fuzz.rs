//! Fuzzing of the three deciders that read untrusted text: the command
//! classifier, chat assent and the confirmation phrase. No `cargo fuzz`
//! here (it needs a nightly toolchain the CI machine does not have); the
//! equivalent is proptest, a fixed number of cases per run
//! (`NOMOS_FUZZ_CASES`, default 3000) from a fresh seed each run (printed
//! with every failure; `NOMOS_FUZZ_SEED=N` replays one). Inputs are built
//! from the classifier corpus's own vocabulary (its programs, options and
//! whole commands, mutated), shell structure (wrappers, redirections,
//! substitutions, operators), the assent words and the phrase itself with
//! near-miss mutations, plus random bytes. Properties, not examples:
//!
//! - nothing panics, on any input; decisions are deterministic;
//! - the declared risk only raises a classification;
//! - no wrapper (sudo, env, timeout, nice, `sh -c`, `pct exec`, …) makes a
//!   command that is not read-only read-only;
//! - anything followed by `rm -rf /srv/data` is destructive;
//! - every assent phrase is assent; a question, a negation, a hesitation
//!   or a long message never is;
//! - a phrase matches only itself (up to surrounding whitespace), however
//!   close the near miss.

use nomos::domain::RiskClass;
use nomos::gate::assent::is_assent;
use nomos::gate::classify::{CLASSIFIER_FAILED, classify, words_of};
use nomos::gate::phrase;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

fn cases() -> u32 {
    std::env::var("NOMOS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

/// The run's seed: `NOMOS_FUZZ_SEED=N` replays a run; otherwise a fresh
/// one each run, so every run explores new inputs. Failures print it.
pub(crate) fn seed() -> u64 {
    std::env::var("NOMOS_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0);
            nanos ^ (u64::from(std::process::id()) << 32)
        })
}

/// Fails the test with the failing input and the seed that replays it.
fn held<T: std::fmt::Debug>(outcome: &Result<(), proptest::test_runner::TestError<T>>, seed: u64) {
    assert!(
        outcome.is_ok(),
        "{outcome:?}\nreplay with NOMOS_FUZZ_SEED={seed}"
    );
}

fn runner(seed: u64) -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRunner::new_with_rng(
        Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

/// The classifier corpus's commands (without their expected class).
fn corpus() -> Vec<String> {
    nomos::gate::classify::corpus()
        .into_iter()
        .map(|(_, command)| command)
        .collect()
}

/// Every word of the corpus: its programs, subcommands, options, paths.
fn vocabulary() -> Vec<String> {
    let mut words: Vec<String> = corpus().iter().flat_map(|c| words_of(c)).collect();
    words.sort();
    words.dedup();
    words
}

/// A corpus command, mutated: words inserted, dropped or swapped from the
/// vocabulary, two commands joined, structure added around it.
fn mutated() -> impl Strategy<Value = String> {
    let commands = corpus();
    let words = vocabulary();
    (
        prop::sample::select(commands.clone()),
        prop::sample::select(commands),
        prop::collection::vec(
            (0usize..6, prop::sample::select(words), any::<usize>()),
            0..4,
        ),
        prop::sample::select(vec![" ; ", " && ", " || ", " | ", "\n", " & "]),
    )
        .prop_map(|(first, second, edits, joiner)| {
            let mut w: Vec<String> = first.split(' ').map(str::to_string).collect();
            for (kind, word, at) in edits {
                let at = at % (w.len() + 1);
                match kind {
                    0 | 1 => w.insert(at, word),
                    2 if at < w.len() => {
                        w.remove(at);
                    }
                    3 if at < w.len() => w[at] = word,
                    4 => w.push(format!("{joiner}{second}")),
                    _ => w.push(word),
                }
            }
            w.join(" ")
        })
}

/// Shell-shaped input: corpus words, wrappers, quotes, operators,
/// substitutions, redirections and heredoc markers in random order.
fn shellish() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        prop::sample::select(vocabulary()),
        Just("ls".to_string()),
        Just("rm".to_string()),
        Just("-rf".to_string()),
        Just("sudo".to_string()),
        Just("sh -c".to_string()),
        Just("pct exec 101 --".to_string()),
        Just("systemctl".to_string()),
        Just("restart".to_string()),
        Just("cat".to_string()),
        Just("/etc/passwd".to_string()),
        Just("|".to_string()),
        Just("||".to_string()),
        Just("&&".to_string()),
        Just(";".to_string()),
        Just("&".to_string()),
        Just(">".to_string()),
        Just(">>".to_string()),
        Just("2>&1".to_string()),
        Just("<<EOF".to_string()),
        Just("EOF".to_string()),
        Just("$(".to_string()),
        Just(")".to_string()),
        Just("`".to_string()),
        Just("'".to_string()),
        Just("\"".to_string()),
        Just("\\".to_string()),
        Just("${x:-y}".to_string()),
        Just("$((1+2))".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("(".to_string()),
        Just("if".to_string()),
        Just("then".to_string()),
        Just("fi".to_string()),
        Just("for i in 1 2; do".to_string()),
        Just("done".to_string()),
        Just("\n".to_string()),
        Just("*".to_string()),
        Just("x=1".to_string()),
        "[a-z]{1,8}",
        any::<char>().prop_map(|c| c.to_string()),
    ];
    prop::collection::vec(token, 0..24).prop_map(|t| t.join(" "))
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => any::<String>(),
        1 => prop::collection::vec(any::<u8>(), 0..256)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        3 => shellish(),
        4 => mutated(),
    ]
}

/// Wrappers written before a command, as an operator would. (`watch`
/// joins its words and hands them to `sh -c`, which splits them again: a
/// quoted command changes meaning, so it is only a script wrapper.)
const PREFIX_WRAPPERS: &[&str] = &[
    "sudo ",
    "sudo -u postgres ",
    "sudo -E ",
    "doas ",
    "runuser -u www-data -- ",
    "env ",
    "env LANG=C ",
    "timeout 5 ",
    "timeout -s KILL 30s ",
    "nice ",
    "nice -n 10 ",
    "ionice -c 3 ",
    "nohup ",
    "setsid ",
    "stdbuf -oL ",
    "chrt -b 0 ",
    "flock /run/lock/x ",
    "command ",
    "exec ",
    "xargs ",
    "xargs -r ",
    "strace -f ",
    "pct exec 101 -- ",
    "qm guest exec 101 -- ",
];

/// Bash's reserved words (bash(1), RESERVED WORDS).
const BASH_KEYWORDS: &[&str] = &[
    "!", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if",
    "in", "select", "then", "until", "while", "{", "}", "time", "[[", "]]",
];

/// The first word as the shell reads it (quotes joined, not split on),
/// with its quotes removed; approximate for `$(…)` and the like.
fn first_shell_word(command: &str) -> String {
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in command.trim_start_matches([' ', '\t', '\n']).chars() {
        match (quote, c) {
            _ if escaped => {
                word.push(c);
                escaped = false;
            }
            (None | Some('"'), '\\') => escaped = true,
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, ' ' | '\t' | '\n') => break,
            _ => word.push(c),
        }
    }
    word
}

/// Wrappers that take the command as one quoted script.
const SCRIPT_WRAPPERS: &[&str] = &[
    "sh -c ",
    "bash -c ",
    "su -c ",
    "su root -c ",
    "pct exec 101 -- sh -c ",
    "pct exec 101 -- bash -c ",
    "watch ",
];

fn risk() -> impl Strategy<Value = Option<RiskClass>> {
    prop_oneof![
        Just(None),
        Just(Some(RiskClass::ReadOnly)),
        Just(Some(RiskClass::ConfigMutation)),
        Just(Some(RiskClass::Destructive)),
    ]
}

#[test]
fn fuzz_classifier() {
    let seed = seed();
    let mut runner = runner(seed);
    let outcome = runner.run(&(any_text(), risk()), |(command, declared)| {
        let plain = classify(&command, None);
        // (A panic in a rule is caught and asks as destructive; the fuzz
        // still reports it as the bug it is.)
        prop_assert!(
            !plain.segments.iter().any(|s| s.reason == CLASSIFIER_FAILED),
            "the classifier failed"
        );
        let again = classify(&command, None);
        prop_assert_eq!(&plain, &again, "not deterministic");
        let with_declared = classify(&command, declared);
        prop_assert!(
            with_declared.class >= plain.class,
            "declared risk lowered it"
        );
        if let Some(d) = declared {
            prop_assert!(with_declared.class >= d, "declared risk ignored");
        }
        // No wrapper launders a change into something that runs without
        // asking. Only inputs that start with a command word are wrapped:
        // one that starts with an operator (`;`, `|`, `)`) or a redirection
        // leaves the wrapper with nothing or something else to run.
        let first = first_shell_word(&command);
        let redirection = first
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .starts_with(['<', '>']);
        let wrappable = command
            .trim_start()
            .starts_with(|c: char| c.is_alphanumeric() || "/._~$\"'".contains(c))
            && !redirection
            && !first.starts_with('-');
        if plain.class != RiskClass::ReadOnly && wrappable {
            // (`env` and `sudo` read a leading NAME=VALUE word as a setting,
            // where a shell would run it as a program name.)
            let first_is_setting = first.contains('=');
            // A bash reserved word is the shell's own construct only where
            // bash reads it: a wrapper runs a program of that name (`sudo
            // time -f X` is GNU time given a format and no command, bare
            // `time -f X` runs `-f`), and so do `sh` (dash) and `watch`;
            // `su -c` runs root's shell, bash on Proxmox VE.
            let keyword = BASH_KEYWORDS.contains(&first.as_str());
            let quoted = shell_escape::unix::escape(command.clone().into());
            let prefixed = PREFIX_WRAPPERS
                .iter()
                .filter(|_| !first_is_setting && !keyword)
                .map(|w| (*w, format!("{w}{command}")));
            let scripted = SCRIPT_WRAPPERS
                .iter()
                .filter(|w| !keyword || w.contains("bash -c") || w.starts_with("su "))
                .map(|w| (*w, format!("{w}{quoted}")));
            for (wrapper, wrapped) in prefixed.chain(scripted) {
                prop_assert!(
                    classify(&wrapped, None).class != RiskClass::ReadOnly,
                    "`{}` made `{}` read-only (was {:?})",
                    wrapper.trim(),
                    command,
                    plain.class
                );
            }
        }
        // (An unclosed heredoc would swallow the next line as its text.)
        if !command.contains("<<") {
            let chained = classify(&format!("{command}\n\nrm -rf /srv/data"), None);
            prop_assert_eq!(
                chained.class,
                RiskClass::Destructive,
                "`{}` then rm -rf is not destructive",
                command
            );
        }
        Ok(())
    });
    held(&outcome, seed);
    println!(
        "fuzz: classifier held its properties over {} inputs (seed {seed})",
        cases()
    );
}

/// The words that carry assent, in the forms people type them.
const ASSENT_WORDS: &[&str] = &[
    "yes",
    "yeah",
    "yep",
    "sure",
    "ok",
    "okay",
    "go ahead",
    "proceed",
    "do it",
    "lgtm",
    "approved",
    "ship it",
    "run it",
    "sounds good",
];

/// Assent as typed: an assent word, maybe a polite word, any case, some
/// punctuation.
fn assent_message() -> impl Strategy<Value = String> {
    (
        prop::sample::select(ASSENT_WORDS.to_vec()),
        prop::sample::select(vec!["", "please ", "ok ", "yes "]),
        prop::sample::select(vec!["", "!", ".", " please", ", thanks", " 🚀"]),
        any::<bool>(),
    )
        .prop_map(|(word, before, after, upper)| {
            let text = format!("{before}{word}{after}");
            if upper { text.to_uppercase() } else { text }
        })
}

#[test]
fn fuzz_assent() {
    let seed = seed();
    let mut runner = runner(seed);
    let input = prop_oneof![any_text(), assent_message()];
    let hesitation = prop::sample::select(vec![
        "don't ",
        "do not ",
        "no, ",
        "no ",
        "not yet, ",
        "wait, ",
        "stop, ",
        "never ",
        "maybe ",
        "hold on, ",
        "nope ",
    ]);
    let condition = prop::sample::select(vec![
        "?",
        " but wait",
        ", but not yet",
        " if it's safe",
        " later",
        " tomorrow",
        " when you're sure",
        " or not",
        " unless it breaks",
    ]);
    let assent_seen = std::cell::Cell::new(0u32);
    let outcome = runner.run(
        &(input, assent_message(), hesitation, condition),
        |(message, assent, hesitation, condition)| {
            let verdict = is_assent(&message);
            prop_assert_eq!(verdict, is_assent(&message), "not deterministic");
            if message.contains('?') {
                prop_assert!(!verdict, "a question counted as assent: {message:?}");
            }
            if message.split_whitespace().count() > 8 {
                prop_assert!(!verdict, "a long message counted as assent: {message:?}");
            }
            // The positive side, so the negative checks below are about
            // messages that would otherwise count.
            prop_assert!(is_assent(&assent), "not taken as assent: {assent:?}");
            assent_seen.set(assent_seen.get() + 1);
            for negated in [
                format!("{hesitation}{assent}"),
                format!("{assent}{condition}"),
                format!("{hesitation}{message}"),
                format!("{message}?"),
            ] {
                prop_assert!(!is_assent(&negated), "counted as assent: {negated:?}");
            }
            Ok(())
        },
    );
    held(&outcome, seed);
    assert!(
        assent_seen.get() >= cases(),
        "the positive side ran {} times",
        assent_seen.get()
    );
    println!(
        "fuzz: assent held its properties over {} inputs (seed {seed})",
        cases()
    );
}

/// A near miss of `phrase`: one character changed, dropped, doubled or
/// added, a word swapped or dropped, spacing changed inside.
fn near_miss(phrase: &str, kind: usize, at: usize, c: char) -> String {
    let chars: Vec<char> = phrase.chars().collect();
    let at = at % chars.len().max(1);
    let mut out = chars.clone();
    match kind % 7 {
        0 => out[at] = c,
        1 => {
            out.remove(at);
        }
        2 => out.insert(at, chars[at]),
        3 => out.insert(at, c),
        4 => return phrase.replacen(' ', "  ", 1),
        5 => {
            let words: Vec<&str> = phrase.split(' ').collect();
            let kept: Vec<&str> = words
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != at % words.len())
                .map(|(_, w)| *w)
                .collect();
            return kept.join(" ");
        }
        _ => return phrase.replace(':', " : "),
    }
    out.into_iter().collect()
}

#[test]
fn fuzz_phrase() {
    let seed = seed();
    let mut runner = runner(seed);
    let target = "[a-z]{1,6}:[a-z0-9-]{1,12}";
    let outcome = runner.run(
        &(
            any_text(),
            target,
            any_text(),
            (any::<usize>(), any::<usize>(), any::<char>()),
        ),
        |(command, target, noise, (kind, at, c))| {
            let classification = classify(&command, None);
            let expected = phrase::confirmation_phrase(&classification, &target);
            prop_assert!(expected.starts_with("confirm "), "{expected}");
            let padded = format!("  {expected}\n");
            let longer = format!("{expected} please");
            let quoted = format!("`{expected}`");
            let shouted = expected.to_uppercase();
            prop_assert!(phrase::matches(&expected, &expected), "itself");
            prop_assert!(phrase::matches(&padded, &expected), "padded");
            prop_assert!(!phrase::matches(&longer, &expected), "extra words");
            if shouted != expected {
                prop_assert!(!phrase::matches(&shouted, &expected), "other case");
            }
            prop_assert!(!phrase::matches(&quoted, &expected), "in backticks");
            // Near misses match only when they are, after trimming, the
            // phrase itself (a changed character may be the same one).
            let near = near_miss(&expected, kind, at, c);
            prop_assert_eq!(
                phrase::matches(&near, &expected),
                near.trim() == expected,
                "near miss {:?} of {:?}",
                near,
                expected
            );
            // Random text matches only when it is the phrase.
            prop_assert_eq!(phrase::matches(&noise, &expected), noise.trim() == expected);
            Ok(())
        },
    );
    held(&outcome, seed);
    println!(
        "fuzz: phrases held their properties over {} inputs (seed {seed})",
        cases()
    );
}
