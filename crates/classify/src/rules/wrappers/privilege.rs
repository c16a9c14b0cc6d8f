//! Privilege wrappers: `sudo`, `doas`, `runuser`, `su`, `sg`, judged by the
//! command they run as another user (or the shell they open).

use super::*;

/// Judges `name args…` if it is one of this family's wrappers, with `~`
/// (and, for a login shell, the working folder) the home of the account
/// it runs as: `su postgres -c 'cat ~/…'` reads under
/// `/var/lib/postgresql` (review 124).
pub(super) fn wrap(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    let kept = w.folders.clone();
    if let Some((user, login)) = account(name, args) {
        w.folders
            .become_user(&crate::secret_paths::home_of(&user), login);
    }
    let verdict = wrap_as(w, name, args, stdin, depth);
    w.folders = kept;
    verdict
}

/// runuser's options that take a value.
const RUNUSER_VALUES: &[&str] = &[
    "-u",
    "-g",
    "-G",
    "-w",
    "--user",
    "--group",
    "--supp-group",
    "--whitelist-environment",
];

/// Where the wrapper's own words end: the command's options are its own,
/// `sudo -u root sed -i …` is no `sudo -i` (review 126).
fn own_words_end(name: &str, args: &[Arg]) -> usize {
    match name {
        "sudo" => first_positional_index(args, SUDO_VALUES).unwrap_or(args.len()),
        "runuser" if runuser_names_user(args) => args
            .iter()
            .position(|a| a.literal() == Some("--"))
            .or_else(|| first_positional_index(args, RUNUSER_VALUES))
            .unwrap_or(args.len()),
        _ => args.len(),
    }
}

/// The account `name` runs its command as, and whether as a login
/// (`su -`, `su -l`, `sudo -i`): su's and runuser's first operand (root
/// without one), sudo's and runuser's `-u`. `None` where the line does not
/// say (a name only known at run time) or it stays root.
fn account(name: &str, args: &[Arg]) -> Option<(String, bool)> {
    let own = own_words_end(name, args);
    let lits: Vec<&str> = args[..own].iter().map_while(Arg::literal).collect();
    let short_login = |w: &str, letters: &str| {
        w.starts_with('-') && !w.starts_with("--") && w.chars().skip(1).any(|c| letters.contains(c))
    };
    let (user, login) = match name {
        "sudo" | "runuser" if runuser_names_user(args) || name == "sudo" => {
            // (The last `-u` counts, as sudo's and runuser's parsers keep
            // it; review 127.)
            let user = lits.iter().enumerate().rev().find_map(|(i, w)| {
                if *w == "-u" || *w == "--user" {
                    lits.get(i + 1).map(|u| (*u).to_string())
                } else if let Some(u) = w.strip_prefix("--user=") {
                    Some(u.to_string())
                } else {
                    w.strip_prefix("-u")
                        .filter(|u| !u.is_empty() && !w.starts_with("--"))
                        .map(str::to_string)
                }
            })?;
            let login = lits.iter().any(|w| {
                *w == "--login"
                    || *w == "-"
                    || (name == "sudo" && short_login(w, "i"))
                    || (name == "runuser" && short_login(w, "l"))
            });
            (user, login)
        }
        "su" | "runuser" => {
            const VALUED: &[&str] = &[
                "-c",
                "-s",
                "-g",
                "-G",
                "-w",
                "--command",
                "--shell",
                "--group",
                "--supp-group",
                "--whitelist-environment",
            ];
            let mut user = None;
            let mut skip = false;
            for w in &lits {
                if skip {
                    skip = false;
                } else if VALUED.contains(w) {
                    skip = true;
                } else if !w.starts_with('-') {
                    user = Some((*w).to_string());
                    break;
                }
            }
            let login = lits
                .iter()
                .any(|w| *w == "-" || *w == "--login" || short_login(w, "l"));
            (user.unwrap_or_else(|| "root".to_string()), login)
        }
        _ => return None,
    };
    (user != "root" || login).then_some((user, login))
}

fn wrap_as(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    match name {
        "sudo" => {
            // sudo(8)'s `VAR=value` words, wherever they stand among its
            // options (its parser resumes getopt after each; review 95),
            // judged as env's; the rest read as if they were not there.
            let (settings, kept) = sudo_settings(args);
            let args = kept.as_slice();
            let own = own_options(args, SUDO_VALUES);
            if has_flag(own, "lvV", &["list", "validate", "version"])
                && first_positional_index(args, SUDO_VALUES).is_none()
            {
                return Some(Verdict::read_only("`sudo` only lists or validates"));
            }
            if has_flag(own, "e", &["edit"]) {
                return Some(Verdict::mutation("`sudo -e` edits files"));
            }
            match first_positional_index(args, SUDO_VALUES) {
                Some(i) => via(name, w.program_invocation(name, &args[i..], stdin, depth))
                    .map(|v| v.max(settings)),
                // A root shell reads the input (`echo cmd | sudo -s`).
                None => Some(
                    settings.max(
                        w.stdin_script(stdin, name, depth)
                            .max(Verdict::mutation("`sudo` opens a root shell")),
                    ),
                ),
            }
        }
        "doas" => run_from(
            w,
            name,
            args,
            first_positional_index(args, &["-u", "-C"]),
            stdin,
            depth,
        ),
        "runuser" | "su" if other_shell(args).is_some() => {
            let shell = other_shell(args).unwrap_or_default();
            Some(Verdict::destructive(format!(
                "`{name}` runs its command with `{shell}` (`-s`), which is no shell the \
                 classifier reads: `-c TEXT` is that program's own words"
            )))
        }
        "runuser" => {
            // (Without `-u`, runuser reads its line as su does, a shell
            // on its input included: `runuser - postgres <<< CMD`;
            // review 94.)
            if !runuser_names_user(args) {
                return Some(as_su(w, name, args, stdin, depth));
            }
            if has_flag(args, "c", &["command"]) {
                return Some(inline_script(w, name, args, ('c', "--command"), depth));
            }
            run_from(
                w,
                name,
                args,
                first_positional_index(args, RUNUSER_VALUES),
                stdin,
                depth,
            )
        }
        "su" => Some(as_su(w, name, args, stdin, depth)),
        "sg" if has_flag(args, "c", &[]) => {
            Some(inline_script(w, name, args, ('c', "--command"), depth))
        }
        // (Without a command, a shell in the group reads the input:
        // `newgrp root <<< 'rm …'`; review 90.)
        "sg" | "newgrp" => Some(w.stdin_script(stdin, name, depth).max(Verdict::mutation(
            format!("`{name}` opens a shell in another group"),
        ))),
        _ => None,
    }
}

/// Whether runuser's line may name its user with `-u` (in a cluster too)
/// or `--user`, however abbreviated (`--us=`: no other long option of
/// runuser starts `--u`; review 95): then it runs its command, without
/// it it reads its line as su does. One reading for the rule and for the
/// table's proof, any word that may be that option counting.
pub(crate) fn runuser_names_user(args: &[Arg]) -> bool {
    args.iter().filter_map(Arg::literal).any(|w| {
        w.starts_with("--u") || (w.starts_with('-') && !w.starts_with("--") && w.contains('u'))
    })
}

/// su's line (and runuser's without `-u`): the script `-c` gives the
/// account's shell, or the shell reading the input; `-`, `-l`, `--login`
/// anywhere start a login shell, which runs the account's startup files
/// first.
fn as_su(w: &mut Walker, name: &str, args: &[Arg], stdin: Stdin<'_>, depth: usize) -> Verdict {
    let login = args.iter().filter_map(Arg::literal).any(|w| {
        w == "-"
            || w == "--login"
            || (w.starts_with('-') && !w.starts_with("--") && w.contains('l'))
    });
    let runs = match su_form(w, name, args, &stdin, depth) {
        Some(verdict) => verdict,
        None => w
            .stdin_script(stdin, name, depth)
            .max(Verdict::mutation(format!(
                "`{name}` opens a shell as another user"
            ))),
    };
    if login {
        runs.max(Verdict::mutation(format!(
            "`{name}` starts a login shell, which runs the account's startup files first"
        )))
    } else {
        runs
    }
}

/// The `VAR=value` words sudo reads among its options, before its
/// command (parse_args.c: a word with `=` after its first letter, not
/// starting with `/`), judged as env's; and the line without them.
fn sudo_settings(args: &[Arg]) -> (Verdict, Vec<Arg>) {
    let mut verdict = Verdict::read_only("`sudo` sets nothing");
    let mut kept = Vec::with_capacity(args.len());
    let mut skip_next = false;
    for (i, arg) in args.iter().enumerate() {
        let lit = arg.literal();
        if skip_next {
            skip_next = false;
        } else if let Some(option) = lit.filter(|w| w.starts_with('-') && *w != "--") {
            skip_next = takes_next(option, SUDO_VALUES);
        } else if let Some((var, value)) = lit
            .filter(|w| !w.starts_with('/'))
            .and_then(|w| w.split_once('='))
            .filter(|(var, _)| !var.is_empty())
        {
            verdict = verdict.max(command_environment(var, Some(value)));
            continue;
        } else {
            // `--`, the command, or a word only known at run time.
            kept.extend(args[i..].iter().cloned());
            return (verdict, kept);
        }
        kept.push(arg.clone());
    }
    (verdict, kept)
}

/// The script su's line gives the account's shell, judged with su's
/// input as the input of what it runs; `None` when the shell only reads
/// its input.
fn su_form(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: &Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    Some(match su_script(args)? {
        SuScript::Text(text) => w
            .with_input(stdin, |w| sh_script(w, "sh", &text, depth))
            .prefixed(&format!("`{name} -c` runs: ")),
        SuScript::Unknown(why) => Verdict::destructive(format!("`{name}` {why}")),
    })
}

/// What `su` (or `runuser` without `-u`) gives the account's shell.
enum SuScript {
    /// A `-c`/`--command`/`--session-command` script, as written.
    Text(String),
    /// A script only known at run time, or words the shell runs as a
    /// script file (`su root /tmp/x.sh`): why.
    Unknown(&'static str),
}

/// The script `su` runs, read as util-linux's getopt_long reads the line
/// (permuting up to `--`): `-c TEXT`, `-cTEXT`, a cluster ending in `c`,
/// `--command`, `--session-command` and their unambiguous prefixes
/// (`--c`, `--sess`), with `=` or the next word; and after the user, the
/// words handed to the shell (`su root -- -c TEXT`). `None` when the
/// shell only reads its input. Review 90.
fn su_script(args: &[Arg]) -> Option<SuScript> {
    let text = |arg: Option<&Arg>| match arg.and_then(Arg::literal) {
        Some(t) => SuScript::Text(t.to_string()),
        None => SuScript::Unknown("runs a script only known at run time"),
    };
    let mut script = None;
    let mut operands: Vec<&Arg> = Vec::new();
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        let Some(w) = arg.literal() else {
            operands.push(arg);
            continue;
        };
        if w == "--" {
            operands.extend(&args[i..]);
            break;
        }
        // (`-` alone asks for a login shell.)
        if w == "-" {
            continue;
        }
        let Some((command, value)) = su_option(w, args.get(i)) else {
            operands.push(arg);
            continue;
        };
        if value.taken {
            i += 1;
        }
        if command {
            script = Some(text(value.arg.as_ref()));
        }
    }
    if script.is_some() {
        return script;
    }
    // The user, then what the shell is given: `-c TEXT`, or a file it runs.
    let shell_args = operands.get(1..).unwrap_or(&[]);
    match shell_args.iter().position(|a| a.literal() == Some("-c")) {
        Some(at) => Some(text(shell_args.get(at + 1).copied())),
        None if !shell_args.is_empty() => Some(SuScript::Unknown(
            "hands words to the account's shell, which runs them as a script file",
        )),
        None => None,
    }
}

/// An option's value as su reads it, and whether it was the next word.
struct SuValue {
    arg: Option<Arg>,
    taken: bool,
}

/// su's option `word` (with `next` the word after it): whether it gives
/// the command (`-c`, `--command`, `--session-command` or an unambiguous
/// prefix), and its value. `None` for an operand.
fn su_option(word: &str, next: Option<&Arg>) -> Option<(bool, SuValue)> {
    const LONG: &[(&str, bool)] = &[
        ("command", true),
        ("session-command", true),
        ("fast", false),
        ("login", false),
        ("preserve-environment", false),
        ("group", true),
        ("supp-group", true),
        ("shell", true),
        ("pty", false),
        ("whitelist-environment", true),
        ("user", true),
        ("help", false),
        ("version", false),
    ];
    let none = SuValue {
        arg: None,
        taken: false,
    };
    let attached_or_next = |rest: &str| {
        if rest.is_empty() {
            SuValue {
                arg: next.cloned(),
                taken: true,
            }
        } else {
            SuValue {
                arg: Some(Arg::literal_of(rest)),
                taken: false,
            }
        }
    };
    if let Some(long) = word.strip_prefix("--") {
        let (name, value) = long
            .split_once('=')
            .map_or((long, None), |(n, v)| (n, Some(v)));
        let exact = LONG.iter().find(|(o, _)| *o == name);
        let matching: Vec<&(&str, bool)> =
            LONG.iter().filter(|(o, _)| o.starts_with(name)).collect();
        let Some((option, valued)) =
            exact.or(matching.first().copied().filter(|_| matching.len() == 1))
        else {
            return Some((false, none));
        };
        let value = match value {
            Some(v) => SuValue {
                arg: Some(Arg::literal_of(v)),
                taken: false,
            },
            None if *valued => attached_or_next(""),
            None => none,
        };
        return Some((matches!(*option, "command" | "session-command"), value));
    }
    let cluster = word.strip_prefix('-').filter(|c| !c.is_empty())?;
    Some(match cluster.find(['c', 'g', 'G', 's', 'u', 'w']) {
        Some(at) => (
            cluster.as_bytes()[at] == b'c',
            attached_or_next(&cluster[at + 1..]),
        ),
        None => (false, none),
    })
}

/// The program `su -s`/`runuser -s` (`--shell`) runs instead of the
/// account's shell, when it is no shell (`su -s /usr/bin/redis-cli -c
/// flushall` runs `redis-cli -c flushall`; review 85). Read as
/// util-linux's getopt_long does (permuting, up to `--`): clusters
/// (`-ls PROGRAM`), attached values, `--shell`'s prefixes (`--sh`).
fn other_shell(args: &[Arg]) -> Option<String> {
    const VALUED: &str = "cgGsuw";
    let lits: Vec<&str> = args.iter().map(|a| a.literal().unwrap_or("$?")).collect();
    let mut shell = None;
    let mut i = 0;
    while let Some(&w) = lits.get(i) {
        i += 1;
        if w == "--" {
            break;
        }
        if let Some(long) = w.strip_prefix("--") {
            let (name, value) = long
                .split_once('=')
                .map_or((long, None), |(n, v)| (n, Some(v)));
            let valued = [
                "command",
                "session-command",
                "group",
                "supp-group",
                "shell",
                "user",
                "whitelist-environment",
            ]
            .iter()
            .any(|o| o.starts_with(name) && name.len() >= 2);
            let value = match value {
                Some(v) => Some(v),
                None if valued => {
                    i += 1;
                    lits.get(i - 1).copied()
                }
                None => None,
            };
            if name.len() >= 2 && "shell".starts_with(name) {
                shell = value;
            }
            continue;
        }
        let Some(cluster) = w.strip_prefix('-').filter(|c| !c.is_empty()) else {
            continue;
        };
        for (at, c) in cluster.char_indices() {
            if VALUED.contains(c) {
                let rest = &cluster[at + 1..];
                let value = if rest.is_empty() {
                    i += 1;
                    lits.get(i - 1).copied()
                } else {
                    Some(rest)
                };
                if c == 's' {
                    shell = value;
                }
                break;
            }
        }
    }
    let value = shell?;
    let base = value.rsplit('/').next().unwrap_or(value);
    (!matches!(base, "sh" | "bash" | "dash" | "rbash")).then(|| value.to_string())
}
