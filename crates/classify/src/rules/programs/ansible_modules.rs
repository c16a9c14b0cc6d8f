//! Ansible's modules as the shell lines that do the same on each host
//! (review 141): `service name=pveproxy enabled=no` is `systemctl
//! disable pveproxy`, `user name=root shell=/bin/false` is `usermod -s
//! /bin/false root`, `proxmox_snap vmid=100 state=rollback snapname=pre`
//! is `qm rollback 100 pre`. The lines are judged by the rules for those
//! programs, so a module loses what its shell twin loses. Only the
//! arguments that act are read (from the modules' documentation,
//! ansible-core 2.15 and community.general 8); a module not here keeps
//! its own verdict.

/// The shell lines a module's `key=value` arguments amount to (`text`:
/// the free-form text of the Windows shell modules and `script`).
pub(super) fn equivalent(module: &str, pairs: &[(&str, &str)], text: &str) -> Vec<Vec<String>> {
    let get = |key: &str| pairs.iter().rev().find(|(k, _)| *k == key).map(|(_, v)| *v);
    let yes = |key: &str| {
        get(key).is_some_and(|v| {
            matches!(
                v.to_ascii_lowercase().as_str(),
                "yes" | "true" | "1" | "on" | "y" | "t"
            )
        })
    };
    let no = |key: &str| {
        get(key).is_some_and(|v| {
            matches!(
                v.to_ascii_lowercase().as_str(),
                "no" | "false" | "0" | "off" | "n" | "f"
            )
        })
    };
    let state = get("state").map(str::to_ascii_lowercase);
    let state = state.as_deref();
    let line = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let mut lines = Vec::new();
    match module {
        "service" | "systemd" | "systemd_service" | "sysvinit" => {
            let name = get("name").unwrap_or("");
            let verb = match state {
                Some("stopped") => Some("stop"),
                Some("restarted") => Some("restart"),
                Some("reloaded") => Some("reload"),
                Some("started") => Some("start"),
                _ => None,
            };
            lines.extend(verb.map(|v| line(&["systemctl", v, name])));
            if no("enabled") {
                lines.push(line(&["systemctl", "disable", name]));
            }
            if yes("masked") {
                lines.push(line(&["systemctl", "mask", name]));
            }
        }
        "user" => user(&get, &yes, &mut lines),
        "group" if state == Some("absent") => {
            lines.push(line(&["groupdel", get("name").unwrap_or("")]));
        }
        "file" => {
            let path = get("path").or(get("dest")).or(get("name")).unwrap_or("");
            // (`recurse=yes`: every file below too; review 142.)
            let recursive = if yes("recurse") { "-R" } else { "-f" };
            if state == Some("absent") {
                lines.push(line(&["rm", "-rf", "--", path]));
            }
            if let Some(mode) = get("mode") {
                lines.push(line(&["chmod", recursive, mode, "--", path]));
            }
            if let Some(owner) = get("owner") {
                lines.push(line(&["chown", recursive, owner, "--", path]));
            }
            if state == Some("link") || state == Some("hard") {
                lines.push(line(&["ln", "-sfn", get("src").unwrap_or(""), path]));
            }
        }
        "apt" | "package" | "dnf" | "yum" => packages(&get, &yes, state, &mut lines),
        "mount" => {
            let path = get("path").or(get("name")).unwrap_or("");
            match state {
                Some("unmounted" | "absent") => lines.push(line(&["umount", path])),
                Some("remounted") => {
                    let options = format!("remount,{}", get("opts").unwrap_or("defaults"));
                    lines.push(line(&["mount", "-o", &options, path]));
                }
                _ => {}
            }
        }
        "proxmox_kvm" | "proxmox" => {
            let program = if module == "proxmox" { "pct" } else { "qm" };
            let vmid = get("vmid").unwrap_or("");
            let verb = match state {
                Some("stopped") => Some("stop"),
                Some("restarted") => Some("reboot"),
                Some("absent") => Some("destroy"),
                Some("template") => Some("template"),
                _ => None,
            };
            lines.extend(verb.map(|v| line(&[program, v, vmid])));
        }
        "proxmox_snap" => {
            let vmid = get("vmid").unwrap_or("");
            let snap = get("snapname").unwrap_or("");
            match state {
                Some("rollback") => lines.push(line(&["qm", "rollback", vmid, snap])),
                Some("absent") => lines.push(line(&["qm", "delsnapshot", vmid, snap])),
                _ => {}
            }
        }
        "synchronize" if yes("delete") => {
            let (src, dest) = (get("src").unwrap_or(""), get("dest").unwrap_or(""));
            lines.push(line(&["rsync", "-a", "--delete", src, dest]));
        }
        "git" if yes("force") => {
            lines.push(line(&[
                "git",
                "-C",
                get("dest").unwrap_or(""),
                "reset",
                "--hard",
            ]));
        }
        "parted" => {
            let device = get("device").unwrap_or("");
            if let Some(label) = get("label") {
                lines.push(line(&["parted", "-s", device, "mklabel", label]));
            }
            if state == Some("absent") {
                let number = get("number").unwrap_or("1");
                lines.push(line(&["parted", "-s", device, "rm", number]));
            }
        }
        "filesystem" if yes("force") => {
            let kind = format!("mkfs.{}", get("fstype").unwrap_or("ext4"));
            lines.push(line(&[&kind, get("dev").unwrap_or("")]));
        }
        "zfs" if state == Some("absent") => {
            lines.push(line(&["zfs", "destroy", "-r", get("name").unwrap_or("")]));
        }
        "lvol" if state == Some("absent") => {
            let volume = format!("{}/{}", get("vg").unwrap_or(""), get("lv").unwrap_or(""));
            lines.push(line(&["lvremove", "-f", &volume]));
        }
        "docker_container" => match state {
            Some("absent") => lines.push(line(&["docker", "rm", "-f", get("name").unwrap_or("")])),
            Some("stopped") => lines.push(line(&["docker", "stop", get("name").unwrap_or("")])),
            _ => {}
        },
        "firewalld" if state == Some("disabled") => {
            let what = get("service")
                .map(|s| format!("--remove-service={s}"))
                .or_else(|| get("port").map(|p| format!("--remove-port={p}")))
                .unwrap_or_else(|| "--remove-service=ssh".to_string());
            lines.push(line(&["firewall-cmd", &what]));
        }
        // (The free-form text: a script on the controller, copied and
        // run; a PowerShell command.)
        "script" => lines.push(line(&["sh", text.split_whitespace().next().unwrap_or("")])),
        "win_shell" | "win_command" | "win_powershell" => {
            lines.push(line(&["powershell", "-Command", text]));
        }
        // (A kernel setting, as `sysctl -w` sets it: a core pattern's
        // pipe runs a program; review 142.)
        "sysctl" => {
            if let (Some(name), Some(value)) = (get("name"), get("value")) {
                lines.push(line(&["sysctl", "-w", &format!("{name}={value}")]));
            }
        }
        "reboot" => lines.push(line(&["reboot"])),
        "shutdown" => lines.push(line(&["shutdown", "-h", "now"])),
        _ => {}
    }
    lines
}

/// The `usermod`, `userdel` lines of the `user` module.
fn user<'a>(
    get: &dyn Fn(&str) -> Option<&'a str>,
    yes: &dyn Fn(&str) -> bool,
    lines: &mut Vec<Vec<String>>,
) {
    let name = get("name").unwrap_or("");
    let line = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    if get("state").is_some_and(|s| s.eq_ignore_ascii_case("absent")) {
        lines.push(if yes("remove") {
            line(&["userdel", "-r", name])
        } else {
            line(&["userdel", name])
        });
    }
    if let Some(shell) = get("shell") {
        lines.push(line(&["usermod", "-s", shell, name]));
    }
    if let Some(groups) = get("groups") {
        let flag = if yes("append") { "-aG" } else { "-G" };
        lines.push(line(&["usermod", flag, groups, name]));
    }
    if let Some(password) = get("password") {
        lines.push(line(&["usermod", "-p", password, name]));
    }
    if yes("password_lock") {
        lines.push(line(&["usermod", "-L", name]));
    }
    if let Some(expires) = get("expires") {
        lines.push(line(&["usermod", "-e", expires, name]));
    }
}

/// The package manager's lines of `apt`, `package`, `dnf`, `yum`.
fn packages<'a>(
    get: &dyn Fn(&str) -> Option<&'a str>,
    yes: &dyn Fn(&str) -> bool,
    state: Option<&str>,
    lines: &mut Vec<Vec<String>>,
) {
    let line = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let name = get("name").or(get("pkg")).unwrap_or("");
    match state {
        Some("absent" | "removed") if yes("purge") => {
            lines.push(line(&["apt-get", "purge", "-y", name]));
        }
        Some("absent" | "removed") => lines.push(line(&["apt-get", "remove", "-y", name])),
        _ => {}
    }
    if yes("autoremove") {
        lines.push(line(&["apt-get", "autoremove", "-y"]));
    }
    match get("upgrade").map(str::to_ascii_lowercase).as_deref() {
        Some("dist" | "full") => lines.push(line(&["apt-get", "dist-upgrade", "-y"])),
        Some("yes" | "safe" | "true") => lines.push(line(&["apt-get", "upgrade", "-y"])),
        _ => {}
    }
    if let Some(deb) = get("deb") {
        lines.push(line(&["dpkg", "-i", deb]));
    }
}

/// The module an ad-hoc run names (the last `-m`, in any spelling:
/// `-mX`, `--module-name=X`, a unique prefix as argparse takes it,
/// `--module-n X`), its collection left out (`community.general.ufw`:
/// `ufw`), its free-form text and its `key=value` arguments, or the keys
/// of its JSON form (`-a '{"state": "absent"}'`; review 142) (the last
/// `-a`, in any spelling).
pub(in crate::rules) fn module_and_arguments<'a>(
    lits: &[&'a str],
) -> (&'a str, &'a str, Vec<(String, String)>) {
    // (argparse's unique prefixes: `--module-n` of `--module-name` (not
    // `--module-path`), `--ar` of `--args` (not `--ask-pass`).)
    let long = |w: &str, full: &str, least: usize| {
        let name = w.split('=').next().unwrap_or(w);
        name.len() >= least && full.starts_with(name)
    };
    let mut module = "command";
    let mut arguments = "";
    for (i, w) in lits.iter().enumerate() {
        let next = lits.get(i + 1).copied();
        let stuck = w.split_once('=').map(|(_, v)| v);
        if *w == "-m" || (long(w, "--module-name", 10) && stuck.is_none()) {
            module = next.unwrap_or(module);
        } else if *w == "-a" || (long(w, "--args", 4) && stuck.is_none()) {
            arguments = next.unwrap_or(arguments);
        } else if long(w, "--module-name", 10) {
            module = stuck.unwrap_or(module);
        } else if long(w, "--args", 4) {
            arguments = stuck.unwrap_or(arguments);
        } else if let Some(v) = w.strip_prefix("-m").filter(|v| !v.is_empty()) {
            module = v;
        } else if let Some(v) = w
            .strip_prefix("-a")
            .filter(|v| !v.is_empty() && !w.starts_with("--"))
        {
            arguments = v;
        }
    }
    let pairs = match serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(arguments)
    {
        Ok(object) => object
            .into_iter()
            .map(|(k, v)| {
                let text = match v {
                    serde_json::Value::String(s) => s,
                    other => other.to_string(),
                };
                (k, text)
            })
            .collect(),
        Err(_) => arguments
            .split_whitespace()
            .filter_map(|p| p.split_once('='))
            .map(|(k, v)| (k.to_string(), v.trim_matches(['\'', '"']).to_string()))
            .collect(),
    };
    (
        module.rsplit('.').next().unwrap_or(module),
        arguments,
        pairs,
    )
}
