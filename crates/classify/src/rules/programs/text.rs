//! The rules for text and archive tools with writing modes (find, sed, awk,
//! sort -o, tee, tar, rsync): each arm judges one program (or family) by
//! its flags and subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    Some(match name {
        "find" => return Some(find(w, args, depth)),
        "sed" => {
            if has_flag(args, "i", &["in-place"])
                || args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|w| abbreviates(w, "in-place"))
            {
                return Some(mu("edits files in place"));
            }
            // (A script only known at run time may hold `e`, which runs
            // anything, or `w FILE`; review 120.)
            let given = args.iter().any(|a| {
                a.literal().is_some_and(|w| {
                    matches!(w, "-e" | "--expression" | "-f" | "--file")
                        || w.starts_with("--expression=")
                        || w.starts_with("--file=")
                })
            });
            let expression_dynamic = args.windows(2).any(|p| {
                matches!(p[0].literal(), Some("-e" | "--expression")) && unknown_text(&p[1])
            }) || args
                .iter()
                .any(|a| a.is_dynamic() && a.raw().starts_with("--expression="));
            if expression_dynamic || (!given && operand_dynamic(args, &["-l", "--line-length"])) {
                return Some(de(
                    "runs a script only known at run time (its `e` runs commands)",
                ));
            }
            if let Some(v) = unknown_arg(name, args) {
                // (A script that runs commands still does beside a word
                // only known at run time: `sed -n 's|…|rm …|ep' <(ls)`;
                // blind corpus 105.)
                let runs = sed_expressions(args)
                    .into_iter()
                    .chain(
                        args.iter()
                            .find(|a| !a.raw().starts_with('-'))
                            .and_then(Arg::literal),
                    )
                    .any(super::sed::runs);
                return Some(if runs {
                    de("script runs commands (`e`)")
                } else {
                    v
                });
            }
            if has_flag(args, "f", &["file"]) {
                return Some(mu("runs a sed script file, which may write files"));
            }
            let scripts: Vec<&str> = sed_expressions(args);
            // (A script whose substitutions print numbers is its text with
            // a number in each: `"$(wc -l < f)q"`.)
            let numbered =
                sed_first_operand(args).and_then(|a| crate::sources::number_word(a.raw()));
            let scripts = if scripts.is_empty() {
                // The first operand, with options' values skipped as getopt
                // does (`-nl 5 'w /tmp/x'`: 5 is `-l`'s).
                match sed_first_operand(args) {
                    Some(arg) => match arg.literal().or(numbered.as_deref()) {
                        Some(script) => vec![script],
                        None => return Some(mu("has a script only known at run time")),
                    },
                    None => Vec::new(),
                }
            } else {
                scripts
            };
            if scripts.iter().any(|s| super::sed::runs(s)) {
                de("script runs commands (`e`)")
            } else if scripts.iter().any(|s| super::sed::writes_or_reads_files(s)) {
                mu("script writes files or runs commands (w/W/e)")
            } else {
                ro("prints a transformation")
            }
        }
        "awk" | "gawk" | "mawk" | "nawk" => {
            let respelled = gawk_long_options(args);
            let args = respelled.as_slice();
            // (A program only known at run time may call `system()`;
            // review 120.)
            // (Or program text given to an option, `--source "$(…)"`, a
            // second `-e`; an option only known at run time but `-F`'s and
            // `-v`'s values; review 121.)
            let option_text = args.iter().enumerate().any(|(i, a)| {
                let raw = a.raw().trim_start_matches(['"', '\'']);
                let after = i
                    .checked_sub(1)
                    .and_then(|p| args[p].literal())
                    .is_some_and(|p| matches!(p, "-e" | "--source" | "-W" | "-f" | "--file"));
                // (A process substitution's program is shown in it.)
                unknown_text(a)
                    && !raw.starts_with("<(")
                    && (after
                        || (raw.starts_with('-')
                            && !raw.starts_with("-F")
                            && !raw.starts_with("-v")
                            && !raw.starts_with("--field-separator")
                            && !raw.starts_with("--assign")))
            });
            if option_text
                || (!has_flag(args, "f", &["file", "exec", "source"])
                    && operand_dynamic(args, &["-F", "-v", "--field-separator", "--assign", "-W"]))
            {
                return Some(de(
                    "runs a program only known at run time (`system()` runs commands)",
                ));
            }
            if let Some(v) = unknown_arg(name, args) {
                return Some(v);
            }
            if has_short(args, 'l', "fFvEeiW") || has_flag(args, "", &["load"]) {
                return Some(de("loads a native extension, which can do anything"));
            }
            if has_flag(args, "fiE", &["file", "include", "exec"]) {
                return Some(de(
                    "runs an awk program file, which may write files or run any command",
                ));
            }
            // `-e TEXT`/`--source=TEXT` (gawk): program text from an option.
            let sources = script_args(args, &["-e", "--source"])
                .into_iter()
                .map(str::to_string)
                .chain(
                    args.iter()
                        .filter_map(Arg::literal)
                        .filter_map(|a| a.strip_prefix("--source=").map(str::to_string)),
                )
                .collect::<Vec<_>>()
                .join("\n");
            if super::awk::names(&sources, "system") || super::awk::pipes(&sources) {
                return Some(de("program runs commands (`system`, a pipe to a command)"));
            }
            let program = positionals(args, &["-F", "-v", "--field-separator", "--assign"])
                .first()
                .and_then(|a| a.literal())
                .unwrap_or("");
            let written = super::awk::output(program, &w.folders);
            // gawk opens a `/inet/PROTO/LPORT/HOST/RPORT` operand as a
            // network connection (`io.c`, `devopen`).
            // (An operand, not the program's own text: `/inet /{…}` is a
            // regex of `ip addr`'s lines; blind corpus 175.)
            let program_at = args
                .iter()
                .position(|a| a.literal() == Some(program) && !program.is_empty());
            let network = args
                .iter()
                .enumerate()
                .filter(|(i, _)| Some(*i) != program_at)
                .filter_map(|(_, a)| a.literal())
                .any(|a| a.starts_with("/inet"));
            // (Pipes whose commands are string literals: each command
            // judged as a script of its own; review 129.)
            let piped = super::awk::pipes(program)
                .then(|| super::awk::literal_commands(program))
                .map(|commands| {
                    commands.map(|commands| {
                        commands
                            .iter()
                            // (Its input is what awk prints, known only
                            // at run time: `print | "sh"` runs it.)
                            .map(|c| {
                                w.with_input(&Stdin::Unknown, |w| {
                                    w.in_child_shell(|w| w.script(c, depth + 1))
                                })
                            })
                            .fold(ro("pipes to commands it names"), Verdict::max)
                            .prefixed("through `awk`: ")
                    })
                });
            // (`"cmd" | getline x` only: the command's output, read.)
            // (A `|`, not the end of `||`: `0 || getline l < f` reads a
            // file; review 131.)
            let getline_piped = program.match_indices("getline").all(|(at, _)| {
                let before = program[..at].trim_end_matches([' ', '\t']);
                before.ends_with('|') && !before.ends_with("||")
            }) && matches!(piped, Some(Some(_)));
            if super::awk::names(program, "system")
                || matches!(piped, Some(None))
                || program.contains("@load")
                // (A source file not shown, pulled in as `-f` reads one;
                // review 120.)
                || program.contains("@include")
                || program.contains("@nsinclude")
                || super::awk::indirect_call(program)
            {
                return Some(de(
                    "program runs commands (`system`, a pipe to a command, `@load`, an indirect call)",
                ));
            }
            // (Each check counts, whatever the others found: a write that
            // reads, `print > "/dev/stdout"`, or a literal pipe, leaves
            // getline's files and gawk's network to be judged; review 131.)
            let mut base = ro("prints a transformation");
            // (In the program, as a string, `"/inet/tcp/…"`: a regex of
            // `ip addr`'s lines, `/inet /`, opens nothing; blind corpus
            // 175. A name built of pieces is only used through `|&`,
            // `getline` or a redirection, judged above and below.)
            if network || program.contains("\"/inet") {
                base = base.max(mu(
                    "opens a network connection (gawk's `/inet/…` files), to a host its words name",
                ));
            }
            if ["getline", "close(", "fflush", "@include", "SYMTAB"]
                .iter()
                .filter(|t| !(getline_piped && **t == "getline"))
                .any(|t| program.contains(t))
            {
                base = base.max(mu(
                    "program may write files, run commands or read any variable",
                ));
            }
            if let Some(v) = written {
                base = base.max(v);
            }
            match piped {
                Some(Some(commands)) => base.max(commands),
                _ => base,
            }
        }
        "sort" | "shuf" => either(
            has_flag(args, "o", &["output"]),
            mu("writes its output file"),
            ro("sorts its input"),
        ),
        "uniq" | "xxd" => either(
            positionals(
                args,
                &["-f", "-s", "-w", "-c", "-g", "-l", "-n", "-o", "-s"],
            )
            .len()
                >= 2,
            mu("writes its output file"),
            ro("only prints"),
        ),
        "tee" => {
            let mut v = ro("copies its input to standard output");
            for target in positionals(args, &[]) {
                v = v.max(write_target(target, &w.folders));
            }
            v
        }
        "split" | "csplit" => mu("writes files"),
        "less" | "more" | "most" | "zless" | "zmore"
            if args.iter().any(|a| {
                let word = a.raw().trim_start_matches(['\'', '"']);
                word.starts_with('+') && !pager_motion(word)
            }) =>
        {
            de("runs a pager command given with `+` (`+!cmd` runs a program)")
        }
        "tar" | "bsdtar" => {
            let old_style = args
                .first()
                .and_then(Arg::literal)
                .filter(|a| !a.starts_with('-'))
                .unwrap_or("");
            // GNU tar opens `HOST:FILE` through rsh/ssh (`rmt` on the
            // host) unless `--force-local`.
            let remote = !args.iter().any(|a| a.literal() == Some("--force-local"))
                && args.iter().filter_map(Arg::literal).any(|a| {
                    let value = a.strip_prefix("--file=").unwrap_or(a);
                    let value = value
                        .strip_prefix('-')
                        .filter(|v| !v.starts_with('-'))
                        .and_then(|cluster| cluster.find('f').map(|i| &cluster[i + 1..]))
                        .unwrap_or(value);
                    value
                        .split_once(':')
                        .is_some_and(|(host, _)| !host.is_empty() && !host.contains('/'))
                });
            if remote {
                mu("opens an archive on another host through a remote shell")
            } else if has_flag(args, "td", &["list", "diff", "compare"])
                || old_style.contains(['t', 'd'])
            {
                ro("lists an archive, or compares it with the files")
            } else {
                mu("creates or extracts an archive")
            }
        }
        // (Its modes only before the archive: after it, member names.)
        "unzip" => either(
            has_flag(own_options(args, &["-d"]), "ltvZp", &[]),
            ro("lists an archive"),
            mu("extracts an archive"),
        ),
        "gzip" | "bzip2" | "xz" | "zstd" | "lz4" | "gunzip" | "bunzip2" | "unxz" | "unzstd"
        | "lzma" => {
            // (`-S -c` names the suffix `-c`: a value is no option.)
            // (lz4's `-l` is its legacy format, not a listing.)
            let keeps = crate::rules::loss::compressor_gives(
                args,
                if name == "lz4" { "ct" } else { "clt" },
                &["stdout", "to-stdout", "list", "test"],
            );
            // (zstd's and xz's last mode wins: `-t -d` decompresses, to a
            // file unless `-c`.)
            let keeps = keeps
                && !(matches!(name, "zstd" | "unzstd" | "xz" | "unxz" | "lzma")
                    && has_flag(args, "d", &["decompress", "uncompress"])
                    && !crate::rules::loss::compressor_gives(args, "c", &["stdout", "to-stdout"]));
            if keeps {
                ro("writes to standard output")
            } else if has_flag(args, "f", &["force"]) {
                de("replaces files, overwriting any that exist (`-f`)")
            } else {
                mu("replaces files with (de)compressed ones")
            }
        }
        "rsync" => {
            let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            let dry_run =
                args.iter().all(|a| a.literal().is_some()) && crate::rules::rsync_dry_run(&lits);
            // (Filter files asked for after the losses: `--delete -F` stays
            // destructive; review 127.)
            let filter_files = crate::rules::rsync_filter_files(&lits);
            if dry_run && !filter_files {
                ro("only lists what it would copy")
            } else if !dry_run
                && (has_long_prefix(args, "delete")
                    // (`--remove-sent-files`: its old name, still taken;
                    // review 72.)
                    || has_flag(args, "", &["remove-source-files", "remove-sent-files"]))
            {
                de("deletes files at the destination or source")
            } else if filter_files {
                mu(
                    "reads filter rules from files in the tree it walks, and prints a line it \
                    cannot read as one",
                )
            } else {
                mu("copies files")
            }
        }
        _ => return None,
    })
}

/// gawk's long options (gawk 5.2, `main.c`'s `optab`).
const GAWK_LONG: &[&str] = &[
    "assign",
    "bignum",
    "characters-as-bytes",
    "copyright",
    "debug",
    "dump-variables",
    "exec",
    "field-separator",
    "file",
    "gen-pot",
    "help",
    "include",
    "lint",
    "lint-old",
    "load",
    "no-optimize",
    "non-decimal-data",
    "optimize",
    "persist",
    "posix",
    "pretty-print",
    "profile",
    "re-interval",
    "sandbox",
    "source",
    "traditional",
    "use-lc-numeric",
    "version",
];

/// The words of an awk line with gawk's long options written in full:
/// `getopt_long` takes any unambiguous start (`--sour=…` is
/// `--source=…`, `--exe F` is `--exec F`; review 119), and `-W NAME` or
/// `-WNAME` is `--NAME` (gawk's `W;`, mawk's `-W exec`; review 120).
/// Options stop at `--`.
fn gawk_long_options(args: &[Arg]) -> Vec<Arg> {
    let mut out = Vec::with_capacity(args.len());
    let mut options = true;
    let mut words = args.iter().peekable();
    while let Some(arg) = words.next() {
        let word = arg.literal().filter(|_| options);
        if word == Some("-W")
            && let Some(full) = words
                .peek()
                .and_then(|next| next.literal())
                .and_then(gawk_long_name)
        {
            words.next();
            out.push(Arg::literal_of(full));
            continue;
        }
        let long = match word {
            Some(w) if w.starts_with("-W") => Some(&w[2..]),
            Some(w) => w.strip_prefix("--"),
            None => None,
        };
        if arg.literal() == Some("--") {
            options = false;
        }
        match long.filter(|l| !l.is_empty()).and_then(gawk_long_name) {
            Some(full) => out.push(Arg::literal_of(full)),
            None => out.push(arg.clone()),
        }
    }
    out
}

/// `--NAME[=VALUE]` with NAME written in full, when NAME (with its value)
/// starts one of gawk's long options alone.
fn gawk_long_name(word: &str) -> Option<String> {
    let (name, value) = match word.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (word, None),
    };
    let full = if GAWK_LONG.contains(&name) {
        name
    } else {
        let mut matching = GAWK_LONG.iter().filter(|o| o.starts_with(name));
        match (matching.next(), matching.next()) {
            (Some(only), None) => only,
            _ => return None,
        }
    };
    Some(match value {
        Some(v) => format!("--{full}={v}"),
        None => format!("--{full}"),
    })
}

/// Whether the first operand (an option's value skipped, for the options
/// `valued` names) is only known at run time.
fn operand_dynamic(args: &[Arg], valued: &[&str]) -> bool {
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        match arg.literal() {
            Some("--") => return words.next().is_some_and(unknown_text),
            Some(w) if valued.contains(&w) => {
                words.next();
            }
            Some(w) if w.starts_with('-') => {}
            Some(_) => return false,
            // (An option with a value only known at run time: `-F"$sep"`.)
            None if arg.raw().trim_start_matches(['"', '\'']).starts_with('-') => {}
            None => return unknown_text(arg),
        }
    }
    false
}

/// A word only known at run time that may be any text: not one whose
/// substitutions each print a number (`"$(wc -l < f)q"`).
fn unknown_text(arg: &Arg) -> bool {
    arg.is_dynamic() && crate::sources::number_word(arg.raw()).is_none()
}
