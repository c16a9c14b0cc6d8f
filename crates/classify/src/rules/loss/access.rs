//! What takes access away (blind corpus 54, review 56): an account
//! locked, expired or given no shell, its password locked, its
//! supplementary groups replaced; an account taken out of a group or
//! deleted or disabled in Samba's database; a Proxmox or PBS user
//! disabled or expired; ACL entries removed or replaced; a tree's owners
//! or modes changed recursively (each file's own are lost) or made
//! immutable; the set-user-ID bit taken from a system program (`sudo`).

use super::*;

/// The value of an option in `lits`: `-X VALUE`, `-XVALUE`, `--long
/// VALUE`, `--long=VALUE` (`short` is `-X`; `long` `--long`).
fn value_of<'a>(lits: &[&'a str], short: &str, long: &str) -> Option<&'a str> {
    lits.windows(2)
        .find(|p| p[0] == short || p[0] == long)
        .map(|p| p[1])
        .or_else(|| {
            lits.iter().find_map(|w| {
                w.strip_prefix(&format!("{long}=")).or_else(|| {
                    w.strip_prefix(short)
                        .filter(|v| !v.is_empty() && !short.is_empty())
                })
            })
        })
}

/// An account expiry already past: day 0 or 1, a day count before 2024,
/// a date before this year (`2020-01-01`).
fn expired(value: &str) -> bool {
    if let Ok(days) = value.parse::<i64>() {
        return (0..19_723).contains(&days);
    }
    value
        .split(['-', '/'])
        .next()
        .and_then(|year| year.parse::<u32>().ok())
        .is_some_and(|year| (1970..2026).contains(&year))
}

/// A shell that logs nobody in.
fn no_shell(value: &str) -> bool {
    matches!(
        value,
        "/usr/sbin/nologin"
            | "/sbin/nologin"
            | "/usr/bin/nologin"
            | "/bin/nologin"
            | "/bin/false"
            | "/usr/bin/false"
            | "/sbin/false"
            | "/dev/null"
    )
}

/// What in `name` with the words `lits` takes access away, for this
/// family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    let de = |why: &str| Some(Verdict::destructive(why.to_string()));
    let has = |w: &str| lits.contains(&w);
    let short_flag = |c: char| {
        lits.iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w[1..].starts_with(c))
    };
    match name {
        "passwd" if short_flag('l') || has("--lock") => {
            de("locks the account: its password no longer logs in")
        }
        "usermod"
            if short_flag('L')
                || has("--lock")
                || value_of(lits, "-e", "--expiredate").is_some_and(expired)
                || value_of(lits, "-s", "--shell").is_some_and(no_shell)
                // (A locked password, `-p '!'`.)
                || value_of(lits, "-p", "--password").is_some_and(|p| p.starts_with('!') || p == "*")
                // (`-G` without `-a` replaces every supplementary group.)
                || ((short_flag('G') || has("--groups"))
                    && !(has("--append") || lits.iter().any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('a')))) =>
        {
            de("locks or expires the account, takes its shell away or replaces its groups")
        }
        "chage" if value_of(lits, "-E", "--expiredate").is_some_and(expired) => {
            de("expires the account: it no longer logs in")
        }
        "chsh" if value_of(lits, "-s", "--shell").is_some_and(no_shell) => {
            de("takes the account's shell away")
        }
        // `gpasswd -d USER GROUP`, `deluser USER GROUP`, `groupmems -d`:
        // what the group gave (a socket, a certificate, a share) is gone.
        "gpasswd" | "groupmems" if short_flag('d') || has("--delete") => {
            de("takes an account out of a group")
        }
        "deluser" | "delgroup" if lits.iter().filter(|w| !w.starts_with('-')).count() >= 2 => {
            de("takes an account out of a group")
        }
        "smbpasswd" if short_flag('x') || short_flag('d') => {
            de("deletes or disables a Samba account")
        }
        "pdbedit"
            if short_flag('x')
                || has("--delete")
                || value_of(lits, "-c", "--account-control").is_some_and(|f| f.contains('D')) =>
        {
            de("deletes or disables a Samba account")
        }
        // A Proxmox VE or Backup Server user disabled or expired (options
        // with one dash too: PVE's parser takes both).
        "pveum" | "proxmox-backup-manager"
            if matches!(verb, Some("user" | "usermod")) && user_switched_off(lits) =>
        {
            de("disables or expires a user: their logins and tokens stop working")
        }
        // `setfacl -x`, `-X`, `-b`, `-k`, `--set`: entries services rely on
        // gone or replaced; `-m u:x:---`: an entry that grants nothing.
        "setfacl"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "--remove" | "--remove-all" | "--remove-default" | "--set" | "--set-file"
                ) || w.starts_with("--remove=")
                    || w.starts_with("--set=")
                    || w.starts_with("--set-file=")
                    || w.ends_with(":---")
                    || w.contains(":---,")
                    || (w.starts_with('-')
                        && !w.starts_with("--")
                        && w.contains(['x', 'X', 'b', 'k']))
            }) =>
        {
            de("removes ACL entries, and the access they gave")
        }
        // Recursively, taking away: modes that shut the tree (a mode
        // without search on folders for someone, `700`, `644`, `go-rwx`,
        // `o=`), owners that take it from its users (to root, all of
        // /home to one); each file's own are lost. (Handing a web root
        // to its service, `chown -R www-data: /var/www`, `chmod -R 755`,
        // stays a change.)
        // (`chattr -R +i`: nothing in the tree can be written any more.)
        "chattr"
            if recursive(lits)
                && lits
                    .iter()
                    .any(|w| w.starts_with('+') && w.contains(['i', 'a'])) =>
        {
            de("makes a whole tree immutable or append-only")
        }
        "chmod" | "chown" | "chgrp" if recursive(lits) && takes_a_tree_away(name, lits) => de(
            "takes a whole tree away from those who used it: each file's own owner or mode is lost",
        ),
        // The set-user-ID or -group bit taken from a system program
        // (`chmod u-s /usr/bin/sudo`): what needs it stops working.
        "chmod"
            if lits.iter().any(|w| {
                w.contains('-') && w.ends_with('s') && !w.starts_with('-')
                    || matches!(*w, "-s" | "u-s" | "g-s" | "a-s")
            }) && lits.iter().any(|w| {
                ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/", "/usr/lib/"]
                    .iter()
                    .any(|d| w.starts_with(d))
            }) =>
        {
            de("takes the set-user-ID bit from a system program")
        }
        _ => None,
    }
}

fn recursive(lits: &[&str]) -> bool {
    lits.iter().any(|w| {
        *w == "--recursive" || (w.starts_with('-') && !w.starts_with("--") && w.contains('R'))
    })
}

/// Whether a recursive chmod/chown/chgrp line takes access away (see
/// [`judge`]).
fn takes_a_tree_away(name: &str, lits: &[&str]) -> bool {
    let operands: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let Some((first, targets)) = operands.split_first() else {
        return false;
    };
    match name {
        // (A mode that removes from the start, `-x`, `-w`, and modes
        // copied from another file, `--reference`.)
        "chmod"
            if lits.iter().any(|w| {
                w.starts_with("--reference")
                    || (w.len() > 1
                        && w.starts_with('-')
                        && w[1..].chars().all(|c| "rwxXst".contains(c)))
            }) =>
        {
            true
        }
        "chmod" => {
            let numeric = !first.is_empty() && first.bytes().all(|b| (b'0'..=b'7').contains(&b));
            if numeric {
                // Each of the last three digits must let its class search
                // folders and read (5 or 7), the owner's write too.
                let digits: Vec<u8> = first.bytes().rev().take(3).collect();
                digits.len() < 3
                    || digits[2] != b'7'
                    || !digits[..2].iter().all(|d| matches!(d, b'5' | b'7'))
            } else {
                first.contains(['-', '='])
            }
        }
        _ => {
            let owner = first.split([':', '.']).next().unwrap_or(first);
            matches!(owner, "root" | "0" | "nobody" | "nogroup" | "65534")
                || targets.iter().any(|t| {
                    matches!(
                        t.trim_end_matches('/'),
                        "/home" | "/srv" | "/mnt" | "/media"
                    )
                })
        }
    }
}

/// Whether a PVE or PBS user line switches the user off: `--enable 0`
/// (or `=0`, `false`, `no`, `off`; one dash too), or an expiry already
/// past (`--expire 1`, epoch seconds).
fn user_switched_off(lits: &[&str]) -> bool {
    let off = |v: &str| matches!(v, "0" | "false" | "no" | "off");
    let past = |v: &str| {
        v.parse::<i64>()
            .is_ok_and(|s| (1..1_700_000_000).contains(&s))
    };
    lits.iter().enumerate().any(|(i, w)| {
        let (name, attached) = match w.trim_start_matches('-').split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (w.trim_start_matches('-'), None),
        };
        if !w.starts_with('-') {
            return false;
        }
        let value = attached.or_else(|| lits.get(i + 1).copied());
        match name {
            "enable" => value.is_some_and(off),
            "expire" => value.is_some_and(past),
            _ => false,
        }
    })
}
