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
    // (getopt_long: `--exp` is `--expiredate`; review 57.)
    let long_named =
        |w: &str| w == long || (w.len() >= 4 && w.starts_with("--") && long.starts_with(w));
    lits.windows(2)
        .find(|p| p[0] == short || long_named(p[0]))
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

/// An account expiry that may be past: a day count before 2027, a date
/// in a year before 2027 (`2020-01-01`, `01/01/2020`), or a date in no
/// form read here (`yesterday`); not `-1` nor empty (no expiry).
fn expired(value: &str) -> bool {
    if matches!(value, "" | "-1") {
        return false;
    }
    if let Ok(days) = value.parse::<i64>() {
        return (0..20_820).contains(&days);
    }
    let year = value
        .split(|c: char| !c.is_ascii_digit())
        .find(|part| part.len() == 4)
        .and_then(|y| y.parse::<u32>().ok());
    year.is_none_or(|year| year < 2027)
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
            | "/bin/true"
            | "/usr/bin/true"
            // (Review 58.)
            | "/nonexistent"
            | "/bin/sync"
            | "/usr/bin/sync"
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
        "passwd" if short_flag('l') || lock_flag(lits) => {
            de("locks the account: its password no longer logs in")
        }
        "usermod"
            if short_flag('L')
                || lock_flag(lits)
                || value_of(lits, "-e", "--expiredate").is_some_and(expired)
                || value_of(lits, "-s", "--shell").is_some_and(no_shell)
                // (A password that is no crypt hash: `-p '!'`, `-p x`
                // lock it.)
                || value_of(lits, "-p", "--password").is_some_and(|p| !p.starts_with('$'))
                // (`-G` without `-a` replaces every supplementary group.)
                || (replaces_groups(lits)) =>
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
        "gpasswd" | "groupmems"
            if short_flag('d')
                || has("--delete")
                || (name == "groupmems" && (short_flag('p') || has("--purge"))) =>
        {
            de("takes an account out of a group")
        }
        "deluser" | "delgroup" if lits.iter().filter(|w| !w.starts_with('-')).count() >= 2 => {
            de("takes an account out of a group")
        }
        // A web login deleted (`htpasswd -D FILE USER`; review 58).
        // (`-c` makes the file anew: every other login in it gone;
        // review 59.)
        "htpasswd" | "mosquitto_passwd"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains(['D', 'c'])) =>
        {
            de("deletes a web login from its password file")
        }
        // faillock's records of failed logins erased (blind corpus 64).
        // (Not `ssh-keygen -R`: known_hosts.old keeps the keys.)
        "faillock" if lits.contains(&"--reset") => de("erases the records of failed logins"),
        "pam_tally2" | "pam_tally" if lits.iter().any(|w| matches!(*w, "-r" | "--reset")) => {
            de("erases the records of failed logins")
        }
        // lastlog(8), shadow 4.13: `-C`/`--clear` erases the lastlog
        // records of the users named (blind corpus 141).
        "lastlog"
            if lits.iter().any(|w| {
                // (getopt_long takes `--c`, `--cl`…; a cluster's letters
                // end at one that takes a value: `-uCarl` is a user.)
                (w.len() > 2 && "--clear".starts_with(w))
                    || (w.starts_with('-')
                        && !w.starts_with("--")
                        && w[1..]
                            .chars()
                            .take_while(|c| !"btuR".contains(*c))
                            .any(|c| c == 'C'))
            }) =>
        {
            de("erases users' last-login records")
        }
        // pam-auth-update(8): `--force` writes the common-* files anew
        // from the profiles, over the local edits it would keep.
        "pam-auth-update" if lits.iter().any(|w| w.starts_with("--force")) => {
            de("writes PAM's common files anew, over their local edits")
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
        // A directory realm's sync told to remove the users, their ACLs
        // or settings that vanished from the directory (blind corpus 62).
        "pveum" | "proxmox-backup-manager"
            if matches!(verb, Some("realm" | "sync"))
                && lits.iter().enumerate().any(|(i, w)| {
                    let value = w
                        .split_once('=')
                        .filter(|(n, _)| n.trim_start_matches('-') == "remove-vanished")
                        .map(|(_, v)| v)
                        .or_else(|| {
                            (w.trim_start_matches('-') == "remove-vanished")
                                .then(|| lits.get(i + 1).copied())
                                .flatten()
                        });
                    value.is_some_and(|v| v.split(';').any(|k| matches!(k, "acl" | "entry")))
                }) =>
        {
            de("removes the users and ACLs that vanished from the directory")
        }
        // A Proxmox VE or Backup Server user disabled or expired (options
        // with one dash too: PVE's parser takes both).
        "pveum" | "proxmox-backup-manager"
            if matches!(verb, Some("user" | "usermod")) && user_switched_off(lits) =>
        {
            de(
                "disables or expires a user, or replaces their groups: logins, tokens or the groups' ACLs stop working",
            )
        }
        // `setfacl -x`, `-X`, `-b`, `-k`, `--set`: entries services rely on
        // gone or replaced; `-m u:x:---`: an entry that grants nothing.
        // (Not with `--test` first: the ACLs that would result are
        // listed. setfacl reads its words in order: a file named before
        // a later `--test` is changed; review 104.)
        "setfacl"
            if lits.first() != Some(&"--test")
                && lits.iter().any(|w| {
                    matches!(
                        *w,
                        "--remove" | "--remove-all" | "--remove-default" | "--set" | "--set-file"
                    ) || w.starts_with("--remove=")
                        || w.starts_with("--set=")
                        || w.starts_with("--set-file=")
                        || grants_nothing(w)
                        || (w.starts_with('-')
                            && !w.starts_with("--")
                            && w.contains(['x', 'X', 'b', 'k', 's', 'S']))
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
                    .any(|w| w.starts_with(['+', '=']) && w.contains(['i', 'a'])) =>
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
            lits.iter().any(|w| w.starts_with("--reference"))
                || matches!(owner, "root" | "0" | "nobody" | "nogroup" | "65534")
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
/// (or `=0`, `false`, `no`, `off`; one dash too), an expiry already
/// past (`--expire 1`, epoch seconds), or an existing user's groups
/// replaced (`user modify --groups`, without `--append`).
fn user_switched_off(lits: &[&str]) -> bool {
    let off = |v: &str| matches!(v, "0" | "false" | "no" | "off");
    // (Epoch seconds before the end of 2026.)
    let past = |v: &str| {
        v.parse::<i64>()
            .is_ok_and(|s| (1..1_798_761_600).contains(&s))
    };
    let modifies = lits
        .iter()
        .any(|w| matches!(*w, "modify" | "usermod" | "mod"));
    // (`--append 0`, `--append=no`: not appended; review 60.)
    let appends = lits.iter().enumerate().any(|(i, w)| {
        let (name, attached) = match w.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (*w, None),
        };
        matches!(name, "--append" | "-append")
            && attached
                .or_else(|| lits.get(i + 1).copied().filter(|v| !v.starts_with('-')))
                .is_none_or(|v| !matches!(v, "0" | "no" | "false" | "off"))
    });
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
            // (The groups replaced, with the ACLs the others gave, unless
            // appended: `--append`; review 58, blind corpus 62.)
            "groups" => modifies && (value.is_some_and(str::is_empty) || !appends),
            _ => false,
        }
    })
}

/// Whether `usermod` replaces every supplementary group: `-G` or
/// `--groups` without `-a`/`--append` (a cluster's `a` counts only before
/// the letter that takes a value: `-Gaudio` is the group `audio`).
fn replaces_groups(lits: &[&str]) -> bool {
    let mut groups = false;
    let mut append = false;
    for w in lits {
        if *w == "--append" {
            append = true;
        } else if *w == "--groups" || w.starts_with("--groups=") {
            groups = true;
        } else if let Some(cluster) = w.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            for c in cluster.chars() {
                match c {
                    'a' => append = true,
                    'G' => {
                        groups = true;
                        break;
                    }
                    c if "cdefglpsuZ".contains(c) => break,
                    _ => {}
                }
            }
        }
    }
    groups && !append
}

/// Whether an ACL entry list grants nothing to some entry (`u:x:---`,
/// `u:x:0`, `m::-`).
fn grants_nothing(word: &str) -> bool {
    // (libacl separates entries by blanks as well as commas; a default
    // entry, `d:m::r`, is judged as the entry; review 59.)
    word.split([',', ' ', '\t', '\n']).any(|entry| {
        let entry = entry
            .strip_prefix("default:")
            .or_else(|| entry.strip_prefix("d:"))
            .unwrap_or(entry);
        let perms = entry.rsplit(':').next().unwrap_or("");
        // (The mask caps every named entry and the group's: `m::r` takes
        // their writes away; review 58.)
        let mask = entry.starts_with("m:") || entry.starts_with("mask:");
        entry.contains(':')
            && (matches!(perms, "---" | "0" | "-" | "--" | "00")
                || (mask
                    && !(perms.contains(['r', '4']) && perms.contains(['w', '2']))
                    && !matches!(perms, "7" | "6")))
    })
}

/// `--lock` however abbreviated (`--loc`; getopt_long).
fn lock_flag(lits: &[&str]) -> bool {
    lits.iter()
        .any(|w| w.len() >= 5 && "--lock".starts_with(*w))
}
