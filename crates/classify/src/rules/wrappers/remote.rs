//! `ssh HOST COMMAND`: the remote command, or the remote shell reading
//! what ssh is fed.

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
        // ssh(1) `-G`: prints the configuration it would use for the host
        // and exits, connecting nowhere and running no command (its own
        // table refuses `-F`, another configuration; blind corpus 119).
        "ssh" if args.first().and_then(Arg::literal) == Some("-G") => Some(Verdict::read_only(
            "`ssh -G` prints its configuration for the host",
        )),
        // (`ssh -Q kex`: what it supports, printed; its table takes one
        // plain word.)
        "ssh" if args.first().and_then(Arg::literal) == Some("-Q") && args.len() == 2 => Some(
            Verdict::read_only("`ssh -Q` prints the algorithms or options it supports"),
        ),
        "ssh" => {
            let host = first_positional_index(args, SSH_VALUES)?;
            // ssh reads options after the destination too (`ssh HOST -v
            // CMD`): the command starts after them (`i + 1`), if at all.
            let i = match first_positional_index(&args[host + 1..], SSH_VALUES) {
                Some(j) => host + j,
                None => args.len() - 1,
            };
            // `ssh HOST bash < script`, `ssh HOST sh -s`: the remote shell
            // runs what ssh is fed.
            let remote_shell = args.get(i + 1..).is_some_and(|rest| {
                let words: Vec<&str> = rest.iter().filter_map(Arg::literal).collect();
                words.len() == rest.len()
                    && words.first().is_some_and(|p| SHELLS.contains(p))
                    && words[1..]
                        .iter()
                        .all(|w| matches!(*w, "-s" | "-" | "--" | "-e" | "-x" | "-l"))
            });
            // (The remote command starts in the login account's home,
            // whatever the local `cd`s did: `ssh -l postgres pve1 cat
            // 15/main/…` reads under `/var/lib/postgresql`; review 124.)
            let kept = w.folders.clone();
            let account = login_account(&args[..=i.min(args.len() - 1)], host);
            w.folders
                .become_user(&crate::secret_paths::home_of(&account), true);
            let verdict = if remote_shell && !matches!(stdin, Stdin::Inherited) {
                w.stdin_script(stdin, name, depth)
            } else {
                // (An empty command, `ssh HOST ""`, is none: OpenSSH asks
                // for a shell when the joined command is empty, and the
                // shell reads the input; review 45.)
                let empty = args.len() == i + 2 && args[i + 1].literal() == Some("");
                remote_command(w, name, args, (i, empty), stdin, depth)
            };
            w.folders = kept;
            Some(verdict)
        }
        _ => None,
    }
}

/// The account ssh logs in as, as OpenSSH sets it: the first `-l USER`
/// or `-o User=USER` (`-oUser=X`, `-o 'User X'`), wherever they stand
/// (ssh reads options after the destination too), else `USER@HOST`,
/// else root, the agent's own (review 125).
fn login_account(args: &[Arg], host: usize) -> String {
    // (In the order ssh reads them, the first to set the user wins, the
    // destination's `USER@` among them: `ssh root@pve1 -l nobody` logs
    // in as root; review 126.)
    let lits: Vec<Option<&str>> = args.iter().map(Arg::literal).collect();
    for (i, w) in lits.iter().enumerate() {
        let Some(w) = *w else { continue };
        if i == host {
            if let Some((user, _)) = w.trim_start_matches("ssh://").rsplit_once('@') {
                return user.to_string();
            }
            continue;
        }
        let option = |name: &str| -> Option<String> {
            let value = match w.strip_prefix(name) {
                Some("") => lits.get(i + 1).copied().flatten()?,
                Some(attached) => attached,
                None => return None,
            };
            Some(value.to_string())
        };
        if let Some(user) = option("-l") {
            return user;
        }
        if let Some(setting) = option("-o") {
            let (key, value) = setting
                .split_once(['=', ' ', '\t'])
                .map(|(k, v)| (k.trim(), v.trim()))
                .unwrap_or((setting.as_str(), ""));
            if key.eq_ignore_ascii_case("user") && !value.is_empty() {
                return value.trim_start_matches('=').trim().to_string();
            }
        }
    }
    "root".to_string()
}

/// ssh's remote command, or the remote shell reading the input.
fn remote_command(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    (i, empty): (usize, bool),
    stdin: Stdin<'_>,
    depth: usize,
) -> Verdict {
    if args.len() > i + 1 && !empty {
        // (The remote script's readers of its input read ssh's:
        // `… | ssh pve2 'bash -s'`, `'sudo bash'`; review 90.)
        w.with_input(&stdin, |w| joined_script(w, name, &args[i + 1..], depth))
    } else {
        // No command: the remote shell reads the input.
        w.stdin_script(stdin, name, depth)
            .max(Verdict::mutation("`ssh` opens a remote shell"))
    }
}
