//! Shell builtins that run or define code: `trap`, `eval`, `source`,
//! `alias`, and `export`/`declare` and their kin (variables that change
//! what later commands run).

use super::*;

/// Judges `name args…` if it is one of this family's wrappers.
pub(super) fn wrap(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    _stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    match name {
        "trap" => {
            // An argument only known at run time may stand for any number
            // of words (`xargs trap` gets them from its input), so it may
            // be, or be followed by, a handler.
            if let Some(a) = first_dynamic(args) {
                return Some(Verdict::destructive(format!(
                    "`trap` has an argument only known at run time (`{}`), which may install a handler",
                    a.raw()
                )));
            }
            let Some(handler) = args
                .iter()
                .find(|a| a.literal().is_none_or(|l| !l.starts_with('-')))
            else {
                return Some(Verdict::read_only("`trap` lists handlers"));
            };
            if args.len() < 2 {
                return Some(Verdict::read_only("`trap` resets a handler"));
            }
            w.traps = true;
            // A handler on a child's end (`trap exit CHLD`) makes `wait`
            // return early and leaves jobs running (review 49).
            // (Any spelling bash takes: `SIGCHLD`, `cld`, `17`, `017`, `+17`,
            // ` 17`; review 50.)
            let child = args[1..].iter().filter_map(Arg::literal).any(|s| {
                let s = s.trim().trim_start_matches('+').to_ascii_uppercase();
                let s = s.trim_start_matches("SIG");
                matches!(s, "CHLD" | "CLD") || s.parse::<u32>().is_ok_and(|n| n == 17)
            });
            if child {
                return Some(Verdict::mutation(
                    "`trap` on CHLD makes `wait` return early, leaving jobs running",
                ));
            }
            match handler.literal() {
                Some(text) => Some(w.script(text, depth + 1).prefixed("`trap` will run: ")),
                None => Some(Verdict::destructive(
                    "`trap` installs a handler only known at run time",
                )),
            }
        }
        "eval" => Some(Verdict::destructive(
            "`eval` runs text as a command, which cannot be reviewed",
        )),
        // The distribution's identification: assignments of its keys by
        // specification (`. /etc/os-release; echo $VERSION_ID`; blind
        // corpus 129), no arguments after it (they would be the script's).
        "source" | "." if matches!(args, [file] if file.literal().is_some_and(crate::words::identification_file)) => {
            Some(Verdict::read_only(
                "reads the distribution's identification, variables it sets by its specification",
            ))
        }
        "source" | "." => Some(Verdict::destructive(format!(
            "`{name}` runs a script file whose contents are unknown, which can run any command"
        ))),
        "alias" if !args.is_empty() => Some(Verdict::destructive(
            "`alias` can make any command name run something else",
        )),
        "export" | "declare" | "typeset" | "local" | "readonly" => {
            let mut verdict = Verdict::read_only(format!("`{name}` sets shell variables"));
            // `-i`: each value is evaluated as arithmetic now (`declare -i
            // n=x` with `x='a[$(cmd)]'` runs cmd; review 99).
            let integer = args
                .iter()
                .filter_map(Arg::literal)
                .take_while(|w| w.starts_with('-'))
                .any(|w| !w.starts_with("--") && w.contains('i'));
            // (Or a name that is an integer already: bash's `OPTIND`, one
            // an earlier `declare -i` made; review 100.)
            for a in args.iter().filter(|a| !a.raw().starts_with('-')) {
                if let Some((var, value)) = a.raw().split_once('=')
                    && (integer || w.integer_variable(var.trim_end_matches('+')))
                {
                    verdict = verdict.max(w.evaluation(value, &[a]));
                }
            }
            // Exported, a variable is every later command's environment.
            let exports = name == "export"
                || args.iter().any(|a| {
                    a.literal().is_some_and(|w| {
                        w.starts_with('-') && !w.starts_with("--") && w.contains('x')
                    })
                });
            for a in args {
                match a.literal() {
                    // (`declare +x NAME` turns an attribute off: no longer
                    // exported, no longer an integer.)
                    Some(lit) if lit.starts_with('+') => {
                        verdict = verdict.max(Verdict::mutation(format!(
                            "`{name} {lit}` turns an attribute of a variable off"
                        )));
                    }
                    Some(lit) if !lit.starts_with('-') => {
                        let (var, value) = match lit.split_once('=') {
                            Some((var, value)) => (var, Some(value)),
                            None => (lit, None),
                        };
                        verdict = verdict.max(if exports {
                            command_environment(var, value)
                        } else {
                            assignment(var, value)
                        });
                    }
                    Some(_) => {}
                    None => {
                        verdict = verdict.max(Verdict::destructive(format!(
                            "`{name}` sets a variable only known at run time (`{}`)",
                            a.raw()
                        )))
                    }
                }
            }
            Some(verdict)
        }

        _ => None,
    }
}
