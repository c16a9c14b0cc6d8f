//! Privilege wrappers: `sudo`, `doas`, `runuser`, `su`, `sg`, judged by the
//! command they run as another user (or the shell they open).

use super::*;

/// Judges `name args…` if it is one of this family's wrappers.
pub(super) fn wrap(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    match name {
        "sudo" => {
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
                Some(i) => via(name, w.invocation(&args[i..], stdin, depth)),
                // A root shell reads the input (`echo cmd | sudo -s`).
                None => Some(
                    w.stdin_script(stdin, name, depth)
                        .max(Verdict::mutation("`sudo` opens a root shell")),
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
            if has_flag(args, "c", &["command"]) {
                return Some(inline_script(w, name, args, ('c', "--command"), depth));
            }
            run_from(
                w,
                name,
                args,
                first_positional_index(
                    args,
                    &[
                        "-u",
                        "-g",
                        "-G",
                        "-w",
                        "--user",
                        "--group",
                        "--supp-group",
                        "--whitelist-environment",
                    ],
                ),
                stdin,
                depth,
            )
        }
        "su" => {
            // `-`, `-l`, `--login` anywhere: a login shell runs the
            // account's startup files first.
            let login = args.iter().filter_map(Arg::literal).any(|w| {
                w == "-"
                    || w == "--login"
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('l'))
            });
            let runs = if has_flag(args, "c", &["command"]) {
                inline_script(w, name, args, ('c', "--command"), depth)
            } else {
                w.stdin_script(stdin, name, depth)
                    .max(Verdict::mutation("`su` opens a shell as another user"))
            };
            Some(if login {
                runs.max(Verdict::mutation(
                    "`su` starts a login shell, which runs the account's startup files first",
                ))
            } else {
                runs
            })
        }
        "sg" => {
            if has_flag(args, "c", &[]) {
                return Some(inline_script(w, name, args, ('c', "--command"), depth));
            }
            Some(Verdict::mutation("`sg` opens a shell in another group"))
        }
        _ => None,
    }
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
