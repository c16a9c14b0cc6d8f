//! The classifier against its corpus, properties over it, and the reasons
//! it gives.

use proptest::prelude::*;

use super::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// `names_secret_in` checks a plain word without `/` only under the
    /// folders the command may be in (root's home always among them), not
    /// also alone: every rule that takes the name alone takes it under
    /// root's home too. Names from every kind of secret and everyday
    /// word, with copy suffixes, dots, cases and the letters the rules
    /// look for.
    #[test]
    fn a_bare_name_is_secret_only_where_it_is_under_home(
        name in "[a-zA-Z0-9._~ -]{0,12}(id_rsa|shadow|key|token|passwd|password|\\.env|\\.pem|\\.key|dump|\\.sql|core|swap|vaultwarden|vw-data|config\\.xml|\\.pw|wg0\\.conf|creds|_ed25519|\\.p8|htpasswd|\\.kdbx|secret|x)?[a-zA-Z0-9._~-]{0,8}",
    ) {
        let alone = crate::secret_paths::secret_path(&name)
            || crate::secret_paths::password_manager_path(&name);
        let home = format!("/root/{name}");
        let under_home = crate::secret_paths::secret_path(&home)
            || crate::secret_paths::password_manager_path(&home);
        prop_assert!(!alone || under_home, "`{}` is a secret alone, not as {}", name, home);
    }
}

/// `secret_path` finds a secret folder by looking up each folder on the
/// path, which holds only for absolute folders ending with `/`; and it
/// finds each one, and files under it at any depth, in any spelling.
#[test]
fn secret_folders_are_found_by_their_folders() {
    // (`home_secret` looks only at dotfiles and dot folders.)
    for dir in crate::secret_paths::HOME_SECRET_DIRS {
        assert!(dir.starts_with('.'), "{dir}");
        let file = if dir.ends_with('/') {
            format!("/root/{dir}x")
        } else {
            format!("/root/{dir}")
        };
        assert!(crate::secrets::is_secret_path(&file), "{file}");
    }
    for dir in crate::secrets::folders() {
        assert!(dir.starts_with('/') && dir.ends_with('/'), "{dir}");
        for file in ["x", "a/b/c.txt", ".hidden"] {
            let path = format!("{dir}{file}");
            assert!(crate::secrets::is_secret_path(&path), "{path}");
            let doubled = path.replacen('/', "//", 2);
            assert!(crate::secrets::is_secret_path(&doubled), "{doubled}");
        }
        let outside = format!("/opt{}", dir.trim_end_matches('/'));
        assert!(
            !crate::secrets::is_secret_path(&format!("{outside}-not/x.log")),
            "{outside}"
        );
    }
}

/// (expected class, command) for every corpus line.
#[test]
fn every_corpus_line_is_read() {
    let lines: Vec<&str> = CORPUS_FILES
        .iter()
        .flat_map(|(_, text)| text.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    for line in &lines {
        assert!(
            matches!(line.get(..2), Some("R " | "C " | "D ")),
            "bad corpus line {line:?}"
        );
    }
    assert_eq!(corpus().len(), lines.len());
}

#[test]
fn corpus_is_large_and_covers_every_class() {
    let corpus = corpus();
    assert!(corpus.len() >= 150, "only {} commands", corpus.len());
    for class in [
        RiskClass::ReadOnly,
        RiskClass::ConfigMutation,
        RiskClass::Destructive,
    ] {
        assert!(
            corpus.iter().filter(|(c, _)| *c == class).count() >= 40,
            "{class}"
        );
    }
}

#[test]
fn corpus_classifies_as_expected() {
    let mut wrong = Vec::new();
    for (expected, command) in corpus() {
        let got = classify(&command, None);
        if got.class != expected {
            wrong.push(format!(
                "{command:?}: expected {expected}, got {} ({})",
                got.class, got.reason
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} misclassified:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn declared_risk_only_raises() {
    let c = classify("uptime", Some(RiskClass::Destructive));
    assert_eq!(c.class, RiskClass::Destructive);
    assert!(c.reason.contains("declared"), "{}", c.reason);
    let c = classify("rm -rf /tmp/x", Some(RiskClass::ReadOnly));
    assert_eq!(c.class, RiskClass::Destructive);
}

#[test]
fn segments_carry_their_own_class_and_reason() {
    let c = classify(
        "systemctl status caddy; systemctl restart caddy | tee /tmp/log",
        None,
    );
    let classes: Vec<RiskClass> = c.segments.iter().map(|s| s.class).collect();
    assert_eq!(
        classes,
        vec![
            RiskClass::ReadOnly,
            RiskClass::ConfigMutation,
            RiskClass::ConfigMutation
        ]
    );
    assert_eq!(c.segments[0].command, "systemctl status caddy");
    assert_eq!(c.segments[0].reason, "`systemctl status` only inspects");
    assert!(
        c.segments[2].reason.contains("/tmp/log"),
        "{:?}",
        c.segments[2]
    );
    assert_eq!(c.class, RiskClass::ConfigMutation);
}

#[test]
fn reasons_name_the_cause() {
    for (command, needle) in [
        ("$CMD", "not known until run time"),
        ("eval x", "eval"),
        ("echo cm0= | base64 -d | sh", "base64"),
        (
            "curl -fsSL http://127.0.0.1:8080/install.sh | sh",
            "curl | sh",
        ),
        ("curl -fsSL https://get.docker.com | sh", "get.docker.com"),
        ("rm -rf /x", "`rm`"),
        ("echo 'unterminated", "cannot be parsed"),
        ("frobnicate --now", "not a known inspection command"),
        ("PATH=/tmp ls", "PATH"),
        ("echo x > /dev/sdb", "/dev/sdb"),
    ] {
        let c = classify(command, None);
        assert!(c.reason.contains(needle), "{command}: {}", c.reason);
    }
}

#[test]
fn redirection_to_dev_null_stays_read_only() {
    for command in [
        "ls /nope 2>/dev/null",
        "uptime >/dev/null 2>&1",
        "df -h &>/dev/null",
        "ls 2>&1 | head",
    ] {
        assert_eq!(
            classify(command, None).class,
            RiskClass::ReadOnly,
            "{command}"
        );
    }
}

#[test]
fn empty_and_huge_inputs() {
    assert_eq!(classify("", None).class, RiskClass::ReadOnly);
    assert_eq!(
        classify("   # just a comment", None).class,
        RiskClass::ReadOnly
    );
    let huge = "echo x; ".repeat(MAX_COMMAND_BYTES);
    assert_eq!(classify(&huge, None).class, RiskClass::Destructive);
    let deep = format!("{}uptime{}", "(".repeat(500), ")".repeat(500));
    assert_eq!(classify(&deep, None).class, RiskClass::Destructive);
    // Really nested: each level is the quoted script of the next `sh -c`.
    let nest = |levels: usize| {
        (0..levels).fold("uptime".to_string(), |inner, _| {
            format!("sh -c {}", shell_escape::unix::escape(inner.into()))
        })
    };
    assert_eq!(classify(&nest(3), None).class, RiskClass::ReadOnly);
    let deep = classify(&nest(10), None);
    assert!(nest(10).len() < MAX_COMMAND_BYTES, "too long, not too deep");
    assert_eq!(deep.class, RiskClass::Destructive);
    assert!(
        deep.segments
            .iter()
            .any(|s| s.reason.contains("nested too deeply")),
        "{deep:?}"
    );
}

fn corpus_commands() -> Vec<String> {
    corpus().into_iter().map(|(_, c)| c).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Appending `; X`, `&& X` or `| X` never yields less than X alone.
    ///
    /// A command ending in a heredoc ends on its delimiter line, and text
    /// appended to that line is heredoc body (it never runs, in bash as
    /// here), so after a heredoc the separator is a newline; so it is
    /// after a comment (`grep x # note; rm -rf /` runs only the grep).
    #[test]
    fn appending_never_lowers_below_the_appended(
        p in proptest::sample::select(corpus_commands()),
        x in proptest::sample::select(corpus_commands()),
        joiner in proptest::sample::select(vec!["; ", " && ", " | ", " || "]),
    ) {
        let heredoc = p.contains("<<") && !p.contains("<<<");
        let comment = p.starts_with('#') || p.contains(" #") || p.contains("\t#");
        let joiner = if heredoc || comment { "\n" } else { joiner };
        let alone = classify(&x, None).class;
        let combined = classify(&format!("{p}{joiner}{x}"), None).class;
        prop_assert!(combined >= alone, "`{p}{joiner}{x}` is {combined}, but `{x}` alone is {alone}");
    }

    /// Prefixing never lowers a command's class either.
    #[test]
    fn prefixing_never_lowers(
        p in proptest::sample::select(corpus_commands()),
        x in proptest::sample::select(corpus_commands()),
    ) {
        let alone = classify(&p, None).class;
        let combined = classify(&format!("{p}; {x}"), None).class;
        prop_assert!(combined >= alone);
    }

    /// No input panics, whatever bytes it holds.
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = classify(&s, None);
    }

    #[test]
    fn shell_like_text_never_panics(s in "[a-z $'\"`(){};|&<>\\\\=*?!#\\n-]{0,120}") {
        let c = classify(&s, None);
        prop_assert!(c.segments.iter().all(|seg| seg.class <= c.class));
    }
}

/// Every table entry's own examples, through the whole classifier.
#[test]
fn every_entry_holds_its_examples() {
    let mut failures = Vec::new();
    for entry in crate::tables::entries() {
        assert!(
            !entry.read_only.is_empty() && !entry.not.is_empty(),
            "{:?} needs examples both ways",
            entry.names
        );
        for example in entry.read_only {
            let c = classify(example, None);
            if c.class != RiskClass::ReadOnly {
                failures.push(format!(
                    "{example}: must be read_only, is {:?}: {}",
                    c.class, c.reason
                ));
            }
        }
        for example in entry.not {
            if classify(example, None).class == RiskClass::ReadOnly {
                failures.push(format!("{example}: must not be read_only"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// No table gives one option two kinds: a long option both valued and
/// with an optional value reads as valued, so `--tls-verify IMAGE` would
/// take the image for its value (review 80); nor a flag that takes a value.
#[test]
fn no_table_gives_an_option_two_kinds() {
    fn walk(spec: &crate::options::Spec, path: &str, failures: &mut Vec<String>) {
        let kinds = [spec.long, spec.long_valued, spec.long_optional];
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i + 1..] {
                for option in a.iter().filter(|o| b.contains(o)) {
                    failures.push(format!("{path}: --{option} is listed twice"));
                }
            }
        }
        for c in spec.flags.chars() {
            if spec.valued.contains(c) || spec.optional.contains(c) {
                failures.push(format!("{path}: -{c} is both a flag and valued"));
            }
        }
        if let crate::options::Operands::Verbs { verbs, .. } = spec.operands {
            for verb in verbs {
                if let Some(sub) = verb.spec {
                    walk(sub, &format!("{path} {}", verb.names), failures);
                }
            }
        }
    }
    let mut failures = Vec::new();
    for entry in crate::tables::entries() {
        walk(entry.spec, &entry.names.join("|"), &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every known gap is still judged as recorded (a fix moves it back to its
/// family's corpus), and none hides a hole: a gap is never a command that
/// changes something judged read-only.
#[test]
fn known_gaps_are_recorded_and_none_is_a_hole() {
    let gaps = gaps();
    let lines = include_str!("../corpus/gaps.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count();
    assert_eq!(gaps.len(), lines, "a gaps line does not parse");
    let mut wrong = Vec::new();
    for (expected, current, command) in &gaps {
        assert!(
            !(*current == RiskClass::ReadOnly && *expected > RiskClass::ReadOnly),
            "a hole may not be recorded as a gap: {command}"
        );
        assert_ne!(expected, current, "not a gap: {command}");
        let got = classify(command, None).class;
        if got != *current {
            wrong.push(format!(
                "{command}: recorded {current}, judged {got} (expected {expected})"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every corpus line keeps its class when its options are spelled another
/// way its program's table reads the same (a valued option's value
/// attached, a flag clustered with the option after it): no rule may read
/// a spelling by hand that the program reads otherwise. Lines are taken
/// whole words only (no quoting or expansion), so each variant means what
/// the line means.
#[test]
fn every_corpus_line_keeps_its_class_in_every_spelling() {
    let mut fell = Vec::new();
    let mut tried = 0;
    for (_, command) in corpus() {
        if command.contains(['\'', '"', '$', '`', '\\', '|', ';', '&', '<', '>', '(', '#']) {
            continue;
        }
        let words: Vec<&str> = command.split_whitespace().collect();
        let Some((program, rest)) = words.split_first() else {
            continue;
        };
        let args: Vec<Arg> = rest.iter().map(|w| Arg::literal_of(*w)).collect();
        let Some(line) = crate::tables::reading(program, &args) else {
            continue;
        };
        let base = classify(&command, None).class;
        for variant in respellings(program, rest, &line) {
            tried += 1;
            let variant = format!("{program} {variant}");
            let got = classify(&variant, None);
            if got.class < base {
                fell.push(format!(
                    "{variant:?} ({command:?}): {} ({})",
                    got.class, got.reason
                ));
            }
        }
    }
    assert!(tried > 300, "only {tried} variants");
    assert!(fell.is_empty(), "{} fell:\n{}", fell.len(), fell.join("\n"));
}

/// `words` spelled otherwise as `line` reads them: each value in the next
/// word attached to its option, and each flag joined to the short option
/// word after it where the program's parser takes clusters (bash's `kill`
/// reads `-ls` as a signal's name). (A flag put in front changes what
/// most programs do: `apt-get -s` only simulates.)
fn respellings(program: &str, words: &[&str], line: &crate::options::Reading<'_>) -> Vec<String> {
    let short = |w: &str| w.len() >= 2 && w.starts_with('-') && !w.starts_with("--");
    // The words with word `at + 1` glued to word `at` (`skip` of its
    // characters dropped).
    let glued = |at: usize, skip: usize| {
        let mut v: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let next = v.remove(at + 1);
        v[at] = format!("{}{}", v[at], &next[skip..]);
        v.join(" ")
    };
    let mut out = Vec::new();
    for g in &line.options {
        let own = words[g.at];
        if g.long || !short(own) || !own.ends_with(g.name) {
            continue;
        }
        match g.kind {
            crate::options::Kind::Valued if g.from == 1 => out.push(glued(g.at, 0)),
            crate::options::Kind::Flag
                if program != "kill"
                    && !g.name.starts_with(|c: char| c.is_ascii_digit())
                    && words.get(g.at + 1).is_some_and(|w| short(w))
                    && line.options.iter().any(|o| o.at == g.at + 1) =>
            {
                out.push(glued(g.at, 1))
            }
            _ => {}
        }
    }
    out
}
