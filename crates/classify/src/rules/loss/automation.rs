//! What infrastructure-as-code tools lose (blind corpus 70): a Terraform
//! or OpenTofu apply whose plan is not on the card (it may destroy or
//! replace guests), a destroy, state entries removed, moved or pushed
//! over; a Packer build that deletes the template it replaces; an Ansible
//! module told to make something absent, or a playbook named for
//! removal; a file published outside the lab (`gh gist create`).

use super::*;

/// What in `name` with the words `lits` loses data, for this family's
/// programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    let de = |why: &str| Some(Verdict::destructive(format!("`{name}` {why}")));
    let words: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let flag = |f: &str| {
        lits.iter().any(|w| {
            w.trim_start_matches('-') == f
                || w.trim_start_matches('-').starts_with(&format!("{f}="))
        })
    };
    let needed = |w: &str| {
        critical(w) || super::super::persist::runs_code(w, &crate::secret_paths::Folders::home())
    };
    match name {
        "terraform" | "tofu" => match words.as_slice() {
            ["apply", ..] if !flag("refresh-only") && (flag("auto-approve") || words.len() > 1) => {
                de("applies a plan that is not on the card: it may destroy or replace guests")
            }
            ["destroy", ..] => de("destroys what the configuration manages"),
            ["state", "rm" | "mv" | "push" | "replace-provider", ..] if !flag("dry-run") => de(
                "removes, moves or overwrites state entries (the resources are then unmanaged or lost)",
            ),
            ["workspace", "delete", ..] => de("deletes a workspace and its state"),
            _ => None,
        },
        "packer" if verb == Some("build") && flag("force") => {
            de("deletes the existing template or image it builds anew")
        }
        "ansible" if module_absent(lits) => de(
            "tells a module to make something absent on every host it reaches, or has a template or an escape that may say anything",
        ),
        "ansible" if let Some(why) = module_loses(lits) => {
            Some(Verdict::destructive(format!("`ansible -m {why}")))
        }
        // (A module that reboots, or writes who may log in or what cron
        // runs, on every host it reaches; blind corpus 189.)
        // (In any spelling of `-m`: `--module-name=cron`; review 141.)
        "ansible"
            if !lits.iter().any(|w| matches!(*w, "-C" | "--check"))
                && matches!(
                    crate::rules::programs::ansible_modules::module_and_arguments(lits).0,
                    "reboot" | "authorized_key" | "cron"
                ) =>
        {
            de("runs a module that reboots the hosts, or writes their logins or cron jobs")
        }
        "ansible-playbook"
            if words.iter().any(|w| {
                let w = w.to_ascii_lowercase();
                [
                    "decommission",
                    "destroy",
                    "teardown",
                    "remove",
                    "purge",
                    "wipe",
                    "delete",
                    // (Or for stopping: `rolling-reboot.yml`; blind corpus
                    // 189.)
                    "reboot",
                    "shutdown",
                    "poweroff",
                    "halt",
                    "rollback",
                    "uninstall",
                ]
                .iter()
                .any(|l| w.contains(l))
            }) && !flag("list-hosts")
                && !flag("list-tasks")
                && !flag("list-tags")
                && !flag("syntax-check") =>
        {
            de("runs a playbook named for removal")
        }
        "salt" | "salt-call" | "salt-ssh" => {
            salt_loses(&words).map(|why| Verdict::destructive(format!("`{name}` runs `{why}")))
        }
        // salt-key(1): `-d KEY`/`-D` delete minions' keys (they can no
        // longer be managed until accepted again; blind corpus 232).
        // (`-R --include-accepted`: the accepted ones rejected too.)
        "salt-key"
            if lits.iter().any(|w| {
                matches!(*w, "--delete" | "--delete-all")
                    || w.starts_with("--delete=")
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains(['d', 'D']))
            }) || (lits.contains(&"--include-accepted")
                && lits.iter().any(|w| {
                    matches!(*w, "--reject" | "--reject-all")
                        || w.starts_with("--reject=")
                        || (w.starts_with('-') && !w.starts_with("--") && w.contains(['r', 'R']))
                })) =>
        {
            de("deletes minions' keys: the master no longer manages them")
        }
        // salt-cp(1) `TARGET SOURCE… DEST`: DEST written on every minion.
        "salt-cp"
            if words.last().is_some_and(|dest| {
                words.len() >= 3
                    && (super::super::persist::runs_code(
                        dest,
                        &crate::secret_paths::Folders::home(),
                    ) || critical(dest))
            }) =>
        {
            de("writes a file where the minions run code or over one they need")
        }
        // ansible-pull(1): a playbook fetched from a repository and run,
        // which the card does not show.
        "ansible-pull"
            if lits.iter().any(|w| {
                let name = w.split('=').next().unwrap_or(w);
                w.starts_with("-U") || (name.len() >= 4 && "--url".starts_with(name))
            }) =>
        {
            de("runs a playbook it fetches from a repository, which is not on the card")
        }
        // ansible-vault(1) and sops(1) encrypting a file in place: the
        // host can no longer read a file it needs.
        "ansible-vault" if verb == Some("encrypt") && words.iter().any(|w| needed(w)) => {
            de("encrypts in place a file the host needs to read")
        }
        "sops"
            if lits
                .iter()
                .any(|w| *w == "-i" || w.starts_with("--in-place"))
                && words.iter().any(|w| needed(w)) =>
        {
            de("rewrites in place a file the host needs to read")
        }
        "etckeeper" if words.contains(&"uninit") => {
            de("deletes the repository that holds /etc's history")
        }
        "gh" if words.starts_with(&["gist", "create"]) || words.starts_with(&["gist", "edit"]) => {
            de("publishes files outside the lab")
        }
        _ => None,
    }
}

/// What an ad-hoc module loses or makes run, by its documented
/// arguments (blind corpus 232): a file written where the system runs
/// code or trusts logins (`copy … dest=/etc/systemd/system/x.service`,
/// `lineinfile path=/etc/crontab`), over a file the host needs, a
/// firewall that drops what it does not allow (`ufw state=enabled`,
/// `policy=deny`, iptables' `DROP` and `flush`), a file system made or
/// unmounted, a host shut down. `None`: the module's own verdict.
fn module_loses(lits: &[&str]) -> Option<String> {
    if lits.iter().any(|w| matches!(*w, "-C" | "--check")) {
        return None;
    }
    let (module, _, pairs) = crate::rules::programs::ansible_modules::module_and_arguments(lits);
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let raw = |key: &str| pairs.iter().rev().find(|(k, _)| *k == key).map(|(_, v)| *v);
    let get = |key: &str| raw(key).map(str::to_ascii_lowercase);
    let yes = |key: &str| {
        get(key)
            .is_some_and(|v| matches!(v.as_str(), "yes" | "true" | "1" | "on" | "y" | "t" | "1.0"))
    };
    let folders = crate::secret_paths::Folders::home();
    // (And the modules' aliases: lineinfile's `destfile`, patch's
    // `originalfile`, xml's `file`; review 143.)
    let path = raw("dest")
        .or_else(|| raw("path"))
        .or_else(|| raw("name"))
        .or_else(|| raw("destfile"))
        .or_else(|| raw("originalfile"))
        .or_else(|| raw("file"));
    let writes = matches!(
        module,
        "git"
            | "patch"
            | "copy"
            | "template"
            | "get_url"
            | "assemble"
            | "unarchive"
            | "lineinfile"
            | "blockinfile"
            | "replace"
            | "ini_file"
            | "file"
            | "fetch"
            | "synchronize"
            | "xml"
    );
    let overwrites = matches!(
        module,
        "copy" | "template" | "get_url" | "assemble" | "unarchive" | "synchronize" | "patch"
    );
    match module {
        _ if writes && path.is_some_and(|p| super::super::persist::runs_code(p, &folders)) => Some(
            format!("{module}` writes where the system runs code or trusts logins"),
        ),
        _ if overwrites && path.is_some_and(|p| critical(p) || data_by_name(p)) => Some(format!(
            "{module}` writes over a file the host needs or a data file"
        )),
        "ufw"
            if matches!(get("state").as_deref(), Some("enabled" | "reset"))
                || matches!(get("policy").as_deref(), Some("deny" | "reject"))
                || matches!(get("rule").as_deref(), Some("deny" | "reject" | "limit"))
                || matches!(get("default").as_deref(), Some("deny" | "reject")) =>
        {
            Some("ufw` turns on or tightens a firewall that can cut the hosts off".into())
        }
        "iptables"
            if matches!(get("policy").as_deref(), Some("drop" | "reject"))
                || matches!(get("jump").as_deref(), Some("drop" | "reject"))
                || yes("flush") =>
        {
            Some("iptables` drops traffic or flushes the rules the hosts rely on".into())
        }
        "filesystem" | "lvol" | "lvg" if yes("force") => {
            Some(format!("{module}` is forced over what the device holds"))
        }
        "mount" if matches!(get("state").as_deref(), Some("unmounted")) => {
            Some("mount` takes a file system away from what uses it".into())
        }
        "shutdown" | "reboot" => Some(format!("{module}` takes the hosts down")),
        // (Review 142: images, containers and volumes pruned; a command
        // run through a prompt or later (`at`); an HTTP DELETE; a zone
        // that drops; who may use sudo or log in through PAM; an account
        // made root.)
        "docker_prune" | "expect" | "at" | "sudoers" | "pamd" => Some(format!(
            "{module}` prunes, runs a command it is not shown, or writes who may act as root"
        )),
        "uri" if matches!(get("method").as_deref(), Some("delete")) => {
            Some("uri` sends a DELETE".into())
        }
        "firewalld"
            if matches!(
                get("target").as_deref(),
                Some("drop" | "reject" | "%%reject%%")
            ) =>
        {
            Some("firewalld` drops what a zone does not allow".into())
        }
        "user" if get("uid").is_some_and(|u| u.trim_start_matches('+').parse::<i64>() == Ok(0)) => {
            Some("user` makes an account root".into())
        }
        // (The files archived deleted, `remove=yes`; old snapshots pruned
        // past `retention`; review 142.)
        "archive" if yes("remove") => Some("archive` deletes the files it archives".into()),
        "proxmox_snap" if get("retention").is_some_and(|r| r != "0") => {
            Some("proxmox_snap` deletes the snapshots past its retention".into())
        }
        _ => None,
    }
}

/// An ad-hoc module argument that removes (`state=absent`, `purge=yes`).
fn module_absent(lits: &[&str]) -> bool {
    // (Check mode: no module changes anything; review 142.)
    if lits.iter().any(|w| matches!(*w, "-C" | "--check")) {
        return false;
    }
    // (A JSON form that is not read, `NaN` among Python's values: its keys
    // may say anything; review 143.)
    let (_, text, pairs) = crate::rules::programs::ansible_modules::module_and_arguments(lits);
    if text.trim_start().starts_with('{') && pairs.is_empty() {
        return true;
    }
    // (Every `-a` in any spelling: `--args=…`, `-a…`; review 141.)
    let texts = lits.iter().enumerate().filter_map(|(i, w)| match *w {
        "-a" | "--args" => lits.get(i + 1).copied(),
        _ => w
            .strip_prefix("--args=")
            .or_else(|| w.strip_prefix("-a").filter(|v| !v.is_empty())),
    });
    texts
        .map(|p| {
            // (Quotes, blanks and JSON's colons read away: `state='absent'`,
            // `{"state": "absent"}`; a template may be anything.)
            p.to_ascii_lowercase()
                .replace(['\'', '"', ' '], "")
                .replace(':', "=")
        })
        .any(|a| {
            a.contains("state=absent")
                || a.contains("state=stopped")
                || a.contains("purge=yes")
                || a.contains("purge=true")
                // (A template or an escape may say anything: `{{ x }}`,
                // `abs\x65nt`; review 142.)
                || a.contains("{{")
                || a.contains("{%")
                || a.contains('\\')
        })
}

/// Salt's execution functions that lose data or availability, or write
/// what runs or who may log in ([`salt_loses`]).
#[rustfmt::skip]
const SALT_LOSES: &[&str] = &[
    "cron.set_job",
    "cron.rm_job",
    "cron.rm",
    "cron.set_special",
    "cron.rm_special",
    "cron.write_cron_file",
    "cron.write_cron_file_verbose",
    "cron.set_env",
    "cron.rm_env",
    "ssh.set_auth_key",
    "ssh.set_auth_key_from_file",
    "ssh.rm_auth_key",
    "ssh.rm_auth_key_from_file",
    "file.remove",
    "file.rmdir",
    "file.truncate",
    "file.delete_backup",
    "file.rename",
    "file.move",
    "system.reboot",
    "system.shutdown",
    "system.halt",
    "system.poweroff",
    "service.stop",
    "pkg.remove",
    "pkg.purge",
    "user.delete",
    "group.delete",
    "iptables.flush",
    "nftables.flush",
    "zfs.destroy",
    "zfs.rollback",
    "zpool.destroy",
    "zpool.offline",
    "zpool.export",
    "lvm.lvremove",
    "lvm.vgremove",
    "lvm.pvremove",
    "disk.wipe",
    "disk.format",
    "partition.rm",
    "partition.mklabel",
    "mount.umount",
    "virt.destroy",
    "virt.undefine",
    "virt.purge",
    "virt.stop",
    "virt.shutdown",
    "virt.reboot",
    "docker.rm",
    "docker.stop",
    "docker.kill",
    "docker.rmi",
    "docker.prune",
    "lxc.destroy",
    "lxc.stop",
    "mysql.db_remove",
    "postgres.db_remove",
    "ps.kill_pid",
    "ps.pkill",
    "lvm.lvresize",
    "pkg.autoremove",
    "lvm.lvremove",
    "zfs.rename",
    "zpool.detach",
    "zpool.offline",
    "schedule.add",
    "schedule.modify",
    "at.at",
    "at.atrm",
    "shadow.set_password",
    "shadow.del_password",
    "shadow.lock_password",
    "shadow.set_expire",
    "service.disable",
    "service.mask",
    "user.chshell",
    "user.chgroups",
    "user.chhome",
    "pkg.upgrade",
    "pkg.install",
];

/// Salt's file functions, destructive where they write a path the
/// system runs or needs.
#[rustfmt::skip]
const SALT_FILE_WRITES: &[&str] = &[
    "file.write",
    "file.append",
    "file.prepend",
    "file.copy",
    "file.symlink",
    "file.manage_file",
    "file.line",
    "file.replace",
    "file.sed",
    "file.blockreplace",
    "file.touch",
    "file.set_mode",
    "file.chown",
    "cp.get_file",
    "cp.get_url",
    "cp.get_dir",
    "cp.get_template",
    "file.comment",
    "file.uncomment",
    "file.psed",
    "file.seek_write",
    "file.patch",
    "file.chgrp",
];

/// Salt's execution functions (`module.function`, in any operand: the
/// target comes first, and a target that looks like a function is no
/// harm to read as one) that lose data or availability, or write what
/// runs or who may log in; a file function's path where the system runs
/// code or the host needs the file; a firewall function that drops; a
/// `state.single` of a state that removes or stops (salt's execution
/// and state module references; blind corpus 232).
fn salt_loses(words: &[&str]) -> Option<String> {
    // (Salt's compound calls, `test.ping,service.disable , pve-cluster`:
    // each function of the comma list; review 142.)
    let split: Vec<&str> = words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty())
        .collect();
    let words = &split[..];
    let functions = words.iter().filter(|w| {
        w.split_once('.').is_some_and(|(m, f)| {
            !m.is_empty()
                && !f.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.')
        })
    });
    let paths = || words.iter().map(|w| w.rsplit('=').next().unwrap_or(w));
    let folders = crate::secret_paths::Folders::home();
    for (i, function) in words
        .iter()
        .enumerate()
        .filter(|(_, w)| functions.clone().any(|f| f == *w))
    {
        let rest = &words[i + 1..];
        let drops = rest.iter().any(|w| {
            matches!(w.to_ascii_uppercase().as_str(), "DROP" | "REJECT") || w.contains("-j DROP")
        });
        if SALT_LOSES.contains(function)
            || (matches!(
                *function,
                "iptables.set_policy" | "iptables.append" | "iptables.insert"
            ) && drops)
        {
            return Some(format!(
                "{function}`, which loses data or availability, or writes what runs or who may log in"
            ));
        }
        if SALT_FILE_WRITES.contains(function)
            && paths().any(|p| super::super::persist::runs_code(p, &folders) || critical(p))
        {
            return Some(format!(
                "{function}`, which writes where the system runs code or over a file it needs"
            ));
        }
        if *function == "state.single"
            && rest.first().is_some_and(|s| {
                [
                    ".absent",
                    ".dead",
                    ".removed",
                    ".purged",
                    ".unmounted",
                    ".stopped",
                ]
                .iter()
                .any(|end| s.ends_with(end))
                    || s.starts_with("cron.")
                    || s.starts_with("ssh_auth.")
            })
        {
            return Some(format!(
                "{function}` of a state that removes, stops or writes what runs"
            ));
        }
    }
    None
}
