//! The rules for database clients: each arm judges one program (or family)
//! by its flags and subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    Some(match name {
        "psql"
            if !(has_short(args, 'c', "dFhpRU")
                || has_short(args, 'l', "dFhpRU")
                || has_flag(args, "", &["command", "list", "version", "help"])) =>
        {
            mu("reads statements from its input")
        }
        "mysql" | "mariadb"
            if !(has_short(args, 'e', "DhPuS")
                || has_flag(args, "", &["execute", "version", "help"])) =>
        {
            mu("reads statements from its input")
        }
        "redis-cli" | "valkey-cli"
            if positionals(
                args,
                &["-h", "-p", "-n", "-r", "-i", "--pattern", "--count"],
            )
            .is_empty()
                && !args.iter().filter_map(Arg::literal).any(|a| {
                    matches!(
                        a,
                        "--scan"
                            | "--bigkeys"
                            | "--memkeys"
                            | "--hotkeys"
                            | "--latency"
                            | "--latency-history"
                            | "--latency-dist"
                            | "--stat"
                            | "--version"
                            | "--help"
                    )
                }) =>
        {
            mu("reads commands from its input")
        }
        // `chage -l` and `passwd -S` only show an account's ageing or status.
        _ => return None,
    })
}
