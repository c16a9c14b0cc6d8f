//! The rules for database clients: each arm judges one program (or family)
//! by its flags and subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    Some(match name {
        // A line break inside a word sends a line of its own: another
        // command to the server (review 50).
        "redis-cli" | "valkey-cli" | "curl"
            if args
                .iter()
                .any(|a| a.literal().is_some_and(|w| w.contains(['\r', '\n']))) =>
        {
            mu("has a line break inside a word, which the server reads as another command")
        }
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
        // InfluxDB 1's shell reads statements from its input without
        // `-execute`; InfluxDB 2's CLI takes a subcommand.
        "influx"
            if !(has_flag(args, "", &["execute", "version", "help"])
                || args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|w| w.starts_with("-execute=") || w == "-execute" || w == "-version")
                || !positionals(args, &[]).is_empty()) =>
        {
            mu("reads statements from its input")
        }
        "sqlite3" if !sqlite_reads(args) => mu(
            "may write its database (without `-readonly`), or runs what is not one reading \
             statement per word (a dot-command, its input)",
        ),
        _ => return None,
    })
}

/// Whether `sqlite3 …` opens its database read-only and runs one reading
/// statement per word after the file ([`crate::tables::sql_only_reads`]),
/// or only prints its version or help. A word starting with `.` is a
/// dot-command (`.shell`, `.output`); without a statement the shell
/// reads its input.
fn sqlite_reads(args: &[Arg]) -> bool {
    let Some(words) = args.iter().map(Arg::literal).collect::<Option<Vec<&str>>>() else {
        return false;
    };
    let valued = [
        "-separator",
        "--separator",
        "-newline",
        "--newline",
        "-nullvalue",
        "--nullvalue",
    ];
    // Options as sqlite3 reads them: not another option's value
    // (`-separator -readonly` opens the file to write), not after `--`.
    let (mut readonly, mut informs, mut value_next) = (false, false, false);
    for w in &words {
        match *w {
            _ if value_next => value_next = false,
            "--" => break,
            w if valued.contains(&w) => value_next = true,
            "-readonly" | "--readonly" => readonly = true,
            "-version" | "--version" | "-help" | "--help" => informs = true,
            _ => {}
        }
    }
    let operands = positionals(args, &valued);
    // Only alone: with a file named, the shell opens it (to write, and
    // creates it) before it prints its version.
    if informs && operands.is_empty() {
        return true;
    }
    let Some((file, statements)) = operands.split_first() else {
        return false;
    };
    // A `file:` URI is percent-decoded and takes parameters (`file:/var%2F
    // lib/…`, `?vfs=`): no path check reads it as the shell does.
    let uri = file
        .literal()
        .is_none_or(|f| f.to_ascii_lowercase().starts_with("file:"));
    readonly
        && !uri
        && !statements.is_empty()
        && statements.iter().all(|s| {
            s.literal().is_some_and(|sql| {
                listing_dot_command(sql)
                    || (!sql.trim_start().starts_with('.') && crate::tables::sql_only_reads(sql))
            })
        })
}

/// The sqlite3 shell's dot-commands that only list the schema: `.tables`,
/// `.schema`, `.indexes`, `.databases`, `.dbinfo`, alone or with one
/// plain table name or `LIKE` pattern (`.schema users`, `.tables mon%`).
fn listing_dot_command(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let plain = |w: &str| {
        w.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '%'))
    };
    match words.as_slice() {
        [command] | [command, _] => {
            matches!(
                *command,
                ".tables" | ".schema" | ".indexes" | ".databases" | ".dbinfo"
            ) && words.get(1).is_none_or(|w| plain(w))
                && !text.contains(['\n', ';'])
        }
        _ => false,
    }
}
