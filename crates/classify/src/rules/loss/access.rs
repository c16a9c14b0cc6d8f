//! What takes access away (blind corpus 54): an account locked, expired
//! or given no shell; an account taken out of a group or deleted from
//! Samba's database; a Proxmox or PBS user disabled; ACL entries removed;
//! a tree's owners or modes changed recursively (each file's own are
//! lost); the set-user-ID bit taken from a system program (`sudo`).

use super::*;

/// What in `name` with the words `lits` takes access away, for this
/// family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    let de = |why: &str| Some(Verdict::destructive(why.to_string()));
    let has = |w: &str| lits.contains(&w);
    let value_of = |short: &str, long: &str| {
        lits.windows(2)
            .find(|p| p[0] == short || p[0] == long)
            .map(|p| p[1])
            .or_else(|| {
                lits.iter()
                    .find_map(|w| w.strip_prefix(&format!("{long}=")))
            })
    };
    let expired = |v: &str| matches!(v, "0" | "1" | "1970-01-01" | "1970-01-02");
    let no_shell = |v: &str| {
        matches!(
            v,
            "/usr/sbin/nologin" | "/sbin/nologin" | "/bin/false" | "/usr/bin/false"
        )
    };
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
                || value_of("-e", "--expiredate").is_some_and(expired)
                || value_of("-s", "--shell").is_some_and(no_shell) =>
        {
            de("locks or expires the account, or takes its shell away")
        }
        "chage" if value_of("-E", "--expiredate").is_some_and(expired) => {
            de("expires the account: it no longer logs in")
        }
        "chsh" if value_of("-s", "--shell").is_some_and(no_shell) => {
            de("takes the account's shell away")
        }
        // `gpasswd -d USER GROUP`, `deluser USER GROUP`: what the group
        // gave (a socket, a certificate, a share) is gone for it.
        "gpasswd" if short_flag('d') || has("--delete") => de("takes an account out of a group"),
        "deluser" | "delgroup" if lits.iter().filter(|w| !w.starts_with('-')).count() >= 2 => {
            de("takes an account out of a group")
        }
        "smbpasswd" if short_flag('x') || short_flag('d') => {
            de("deletes or disables a Samba account")
        }
        "pdbedit" if short_flag('x') || has("--delete") => de("deletes a Samba account"),
        // A Proxmox VE or Backup Server user disabled.
        "pveum" | "proxmox-backup-manager"
            if verb == Some("user")
                && lits.iter().enumerate().any(|(i, w)| {
                    (*w == "--enable"
                        && lits
                            .get(i + 1)
                            .is_some_and(|v| matches!(*v, "0" | "false" | "no" | "off")))
                        || matches!(
                            *w,
                            "--enable=0" | "--enable=false" | "--enable=no" | "--enable=off"
                        )
                }) =>
        {
            de("disables a user: their logins and tokens stop working")
        }
        // `setfacl -x`, `-X`, `-b`, `-k`: entries services rely on gone.
        "setfacl"
            if lits.iter().any(|w| {
                matches!(*w, "--remove" | "--remove-all" | "--remove-default")
                    || w.starts_with("--remove=")
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
            matches!(owner, "root" | "0")
                || targets.iter().any(|t| {
                    matches!(
                        t.trim_end_matches('/'),
                        "/home" | "/srv" | "/mnt" | "/media"
                    )
                })
        }
    }
}
