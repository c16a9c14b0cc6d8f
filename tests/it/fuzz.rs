//! Fuzzing of the three deciders that read untrusted text: the command
//! classifier, chat assent and the confirmation phrase. No `cargo fuzz`
//! here (it needs a nightly toolchain the CI machine does not have); the
//! equivalent is proptest with random bytes and with shell-shaped token
//! soup, a fixed number of cases per run (`NOMOS_FUZZ_CASES`, default
//! 3000), checking properties rather than examples:
//!
//! - nothing panics, on any input;
//! - decisions are deterministic;
//! - the declared risk only raises a classification, and a wrapper never
//!   makes a change read-only;
//! - anything followed by `; rm -rf /srv/data` is destructive;
//! - a question, a negation or a long message is never assent;
//! - a phrase matches only itself (up to surrounding whitespace).

use nomos::gate::RiskClass;
use nomos::gate::assent::is_assent;
use nomos::gate::classify::{classify, words_of};
use nomos::gate::phrase;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

fn cases() -> u32 {
    std::env::var("NOMOS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

/// The run's seed: fixed by default so the test command is reproducible;
/// `NOMOS_FUZZ_SEED=N` explores other inputs (a failure prints its input).
fn seed() -> u64 {
    std::env::var("NOMOS_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x006e_6f6d_6f73)
}

fn runner() -> TestRunner {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed().to_le_bytes());
    TestRunner::new_with_rng(
        Config {
            cases: cases(),
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::from_seed(RngAlgorithm::ChaCha, &bytes),
    )
}

/// Shell-shaped input: programs, flags, quotes, operators, substitutions,
/// redirections and heredoc markers in random order.
fn shellish() -> impl Strategy<Value = String> {
    let token = prop_oneof![
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
        any::<String>(),
        prop::collection::vec(any::<u8>(), 0..256)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        shellish(),
    ]
}

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
    let mut runner = runner();
    let outcome = runner.run(&(any_text(), risk()), |(command, declared)| {
        let plain = classify(&command, None);
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
        // A wrapper never launders a change into something that runs
        // without asking.
        let sudo = classify(&format!("sudo {command}"), None);
        // (`sudo -v` and the like are sudo's own read-only options.)
        let option_first = words_of(&command)
            .first()
            .is_some_and(|w| w.starts_with('-'));
        prop_assert!(
            plain.class == RiskClass::ReadOnly || sudo.class != RiskClass::ReadOnly || option_first,
            "sudo made `{}` read-only (was {:?})",
            command,
            plain.class
        );
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
    let report = format!("{outcome:?}");
    assert!(outcome.is_ok(), "{report}");
    println!(
        "fuzz: classifier held its properties over {} inputs",
        cases()
    );
}

#[test]
fn fuzz_assent() {
    let mut runner = runner();
    let outcome = runner.run(&any_text(), |message| {
        let verdict = is_assent(&message);
        prop_assert_eq!(verdict, is_assent(&message), "not deterministic");
        if message.contains('?') {
            prop_assert!(!verdict, "a question counted as assent: {message:?}");
        }
        if message.split_whitespace().count() > 8 {
            prop_assert!(!verdict, "a long message counted as assent: {message:?}");
        }
        for negated in [
            format!("don't {message}"),
            format!("no, {message}"),
            format!("{message}?"),
        ] {
            prop_assert!(!is_assent(&negated), "counted as assent: {negated:?}");
        }
        Ok(())
    });
    let report = format!("{outcome:?}");
    assert!(outcome.is_ok(), "{report}");
    println!("fuzz: assent held its properties over {} inputs", cases());
}

#[test]
fn fuzz_phrase() {
    let mut runner = runner();
    let target = "[a-z]{1,6}:[a-z0-9-]{1,12}";
    let outcome = runner.run(
        &(any_text(), target, any_text()),
        |(command, target, noise)| {
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
            prop_assert!(!phrase::matches(&shouted, &expected), "other case");
            prop_assert!(!phrase::matches(&quoted, &expected), "in backticks");
            // Random text matches only when it is the phrase.
            prop_assert_eq!(phrase::matches(&noise, &expected), noise.trim() == expected);
            Ok(())
        },
    );
    let report = format!("{outcome:?}");
    assert!(outcome.is_ok(), "{report}");
    println!(
        "fuzz: phrases held their properties over {} inputs",
        cases()
    );
}
