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
        "ansible" if module_absent(lits) => {
            de("tells a module to make something absent on every host it reaches")
        }
        // (A module that reboots, or writes who may log in or what cron
        // runs, on every host it reaches; blind corpus 189.)
        "ansible"
            if lits.windows(2).any(|p| {
                matches!(p[0], "-m" | "--module-name")
                    && matches!(
                        p[1].rsplit('.').next().unwrap_or(p[1]),
                        "reboot" | "authorized_key" | "cron"
                    )
            }) =>
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
        "gh" if words.starts_with(&["gist", "create"]) || words.starts_with(&["gist", "edit"]) => {
            de("publishes files outside the lab")
        }
        _ => None,
    }
}

/// An ad-hoc module argument that removes (`state=absent`, `purge=yes`).
fn module_absent(lits: &[&str]) -> bool {
    lits.windows(2)
        .filter(|p| matches!(p[0], "-a" | "--args"))
        .map(|p| {
            // (Quotes, blanks and JSON's colons read away: `state='absent'`,
            // `{"state": "absent"}`; a template may be anything.)
            p[1].to_ascii_lowercase()
                .replace(['\'', '"', ' '], "")
                .replace(':', "=")
        })
        .any(|a| {
            a.contains("state=absent")
                || a.contains("state=stopped")
                || a.contains("purge=yes")
                || a.contains("purge=true")
                || (a.contains("state=") && a.contains("{{"))
                || a.contains("\\u")
        })
}
