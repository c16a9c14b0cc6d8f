//! Hostile inputs of the largest size the classifier accepts
//! ([`crate::MAX_COMMAND_BYTES`]), each built to make one part of it work
//! hard: brace lists that multiply, globs a backtracking matcher would
//! explore, thousands of commands, folders and substitutions. The unit
//! tests check that each is judged above read-only where it should be and
//! that nothing overflows; `scripts/bench classifier` times them against
//! the goal (under 50 ms each, issue 29 class 12).

/// Each input with a name for the bench's table.
pub fn inputs() -> Vec<(&'static str, String)> {
    let fill = |head: &str, unit: &str, tail: &str| {
        let room = crate::MAX_COMMAND_BYTES - head.len() - tail.len();
        format!("{head}{}{tail}", unit.repeat(room / unit.len()))
    };
    vec![
        ("brace lists that multiply", fill("cat /x", "{a,b}", "")),
        (
            "nested brace lists",
            fill("cat /etc/", "{p,{q,r}}", "/shadow"),
        ),
        ("one glob of stars", fill("cat ", "*", "")),
        ("alternating ? and *", fill("cat /etc/", "*?", "")),
        (
            "globs reaching secret folders",
            fill("cat", " /etc/pve/p*/*/x*", ""),
        ),
        ("thousands of commands", fill("ls", ";ls", "")),
        (
            "a pipeline of thousands",
            fill("cat /etc/hosts", " | cat", ""),
        ),
        (
            "thousands of folders entered",
            fill("cd /etc", ";cd a", ";cat x"),
        ),
        (
            "thousands of substitutions",
            fill("echo", " $(head -1 /etc/shadow)", ""),
        ),
        ("a deep path", fill("cat /", "a/", "x")),
        // (Stop 67's descriptor and pipeline scans: device names, dups
        // and targets by the thousand.)
        (
            "device names by the thousand",
            fill("exec 2</etc/x; cat b", " /dev/stderr", ""),
        ),
        (
            "built device names by the thousand",
            fill("ls 2</etc/x; cat b", " /dev/$x", ""),
        ),
        (
            "a chain of thousands of dups",
            fill("ls 3</etc/x", " 4<&3 5<&4", ""),
        ),
        (
            "thousands of truncated targets",
            fill("cat r | sort", " > t", ""),
        ),
        ("long arithmetic", fill("echo $((1", "+1", "))")),
        ("one long word", fill("echo ", "a", "")),
        ("thousands of assignments", fill("", "a=1 ", "ls")),
        // (Stop 68's constants: a prefix of assignments alone, each one
        // a name the rest of the line reads.)
        (
            "a prefix of thousands of assignments",
            fill("", "a=1 ", "; echo $a"),
        ),
        (
            "thousands of redirections",
            fill("cat /etc/hosts", " >/dev/null", ""),
        ),
        (
            "a long heredoc",
            fill("cat <<EOF\n", "line $(cat /etc/shadow)\n", "EOF"),
        ),
        (
            "xargs splicing",
            fill("find /etc | xargs -I{} cat", " {}", ""),
        ),
        (
            "here-document markers in quotes",
            fill("echo '", "<<a\n", "'"),
        ),
        (
            "keywords joined across lines",
            fill("", "whil\\\ne (true) do ", "true"),
        ),
        ("negations without end", fill("[[ ", "! ", "a ]]")),
        ("one word of many spellings", fill("cat -a", "/.", "")),
        (
            "keywords nested without brackets",
            fill("", "for a do ", "true"),
        ),
        (
            "many words of brace lists and globs",
            fill("cat", " /srv/x{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}/*.log", ""),
        ),
        (
            "nested loops around brace lists",
            fill(
                "for a in 1 2 3 4 5 6 7 8; do for b in 1 2 3 4 5 6 7 8; do \
                 for c in 1 2 3 4 5 6 7 8; do cat",
                " /srv/$a$b$c/x{a,b}{a,b}{a,b}/*.log",
                "; done; done; done",
            ),
        ),
        // (Stop 69's functions, each body walked where it is called: calls
        // that fan out eight times a level, then called by the thousand.)
        (
            "functions calling in fans",
            fill(&fan_of_functions(), "; f7", ""),
        ),
        (
            "thousands of associative declarations",
            fill("", "declare -A m; ", "echo ${m[a]}"),
        ),
        (
            "thousands of arrays",
            fill("", "a=(1 2); ", "for x in \"${a[@]}\"; do echo $x; done"),
        ),
    ]
}

/// `f0` to `f7`, each calling the one before eight times.
fn fan_of_functions() -> String {
    let mut text = String::from("f0() { uptime; }");
    for level in 1..8 {
        let calls = format!("f{}; ", level - 1).repeat(8);
        text.push_str(&format!("; f{level}() {{ {calls}}}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use crate::{MAX_COMMAND_BYTES, RiskClass, classify};

    #[test]
    fn every_hostile_input_is_judged_within_bounds() {
        for (name, command) in super::inputs() {
            assert!(
                command.len() <= MAX_COMMAND_BYTES,
                "{name}: {}",
                command.len()
            );
            // Each is judged (no overflow, no hang); those that read or
            // run anything unseen are above read-only.
            let class = classify(&command, None).class;
            let harmless = matches!(
                name,
                "one word of many spellings"
                    | "many words of brace lists and globs"
                    | "nested loops around brace lists"
                    | "thousands of commands"
                    | "a deep path"
                    | "long arithmetic"
                    | "one long word"
                    | "thousands of redirections"
                    | "a pipeline of thousands"
                    | "thousands of associative declarations"
                    | "thousands of arrays"
            );
            if !harmless {
                assert!(class > RiskClass::ReadOnly, "{name}: {class}");
            }
        }
    }

    #[test]
    fn past_the_command_budget_the_input_is_destructive() {
        use crate::MAX_COMMANDS;
        // Just within: judged one by one (plain reads stay read-only).
        let within = vec!["ls"; MAX_COMMANDS].join(";");
        assert_eq!(classify(&within, None).class, RiskClass::ReadOnly);
        // One more, whichever way they are joined or nested: refused as a
        // whole, and the harmful tail is never judged read-only.
        for joiner in [";", " | ", " && ", "\n"] {
            let over = format!("{};rm -rf /srv", vec!["ls"; MAX_COMMANDS].join(joiner));
            let c = classify(&over, None);
            assert_eq!(c.class, RiskClass::Destructive, "{joiner:?}");
            assert!(c.reason.contains("too many to classify"), "{}", c.reason);
        }
        let nested = format!("echo {}", "$(ls) ".repeat(MAX_COMMANDS + 1));
        assert_eq!(classify(&nested, None).class, RiskClass::Destructive);
    }

    #[test]
    fn deep_keywords_and_long_pipelines_are_refused_whole() {
        // 13 loops deep without a bracket; 65 commands in one pipeline.
        let deep = format!("{}true{}", "for a do ".repeat(13), "; done".repeat(13));
        assert_eq!(classify(&deep, None).class, RiskClass::Destructive);
        let twelve = format!("{}true{}", "for a do ".repeat(12), "; done".repeat(12));
        assert_eq!(classify(&twelve, None).class, RiskClass::ReadOnly);
        let long = vec!["echo"; 65].join("|");
        assert_eq!(classify(&long, None).class, RiskClass::Destructive);
        assert_eq!(
            classify(&vec!["echo"; 64].join("|"), None).class,
            RiskClass::ReadOnly
        );
        // Words in quotes or arguments are not keywords.
        let quoted = format!("echo '{}'", "for a do ".repeat(20));
        assert_eq!(classify(&quoted, None).class, RiskClass::ReadOnly);
    }

    #[test]
    fn brace_lists_are_counted_not_expanded() {
        // 2^40 words if expanded; read as a glob instead.
        let command = format!("cat /etc/{}", "{a,b}".repeat(40));
        assert!(classify(&command, None).class > RiskClass::ReadOnly);
        // A small list still names each secret it makes.
        let small = classify("cat /root/.ssh/id_{rsa,ed25519}", None);
        assert_eq!(small.class, RiskClass::ConfigMutation, "{}", small.reason);
    }
}
