//! The rules for infrastructure-as-code tools (blind corpus 70): what an
//! Ansible ad-hoc run's module does (its arguments, for the modules that
//! run a command, judged as that command on each host), and the forms of
//! Terraform's and Ansible's listings that their tables need to hold.

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    Some(match name {
        "ansible" => ansible(w, args, depth),
        // (Without a listing or the syntax check the playbook runs.)
        "ansible-playbook"
            if !has_flag(
                args,
                "",
                &[
                    "list-hosts",
                    "list-tasks",
                    "list-tags",
                    "syntax-check",
                    "version",
                    "help",
                ],
            ) =>
        {
            mu("runs a playbook, whose tasks are not on the card")
        }
        "ansible-inventory" if !has_flag(args, "", &["graph", "version", "help"]) => {
            mu("prints the inventory's variables, vaulted ones decrypted")
        }
        // (fmt rewrites the files unless told only to check or show.)
        "terraform" | "tofu"
            if args.iter().any(|a| a.literal() == Some("fmt"))
                && !args.iter().filter_map(Arg::literal).any(|w| {
                    matches!(w, "-check" | "--check" | "-write=false" | "--write=false")
                }) =>
        {
            mu("rewrites the configuration files it formats")
        }
        // (validate loads the plugins the template names unless
        // `-syntax-only`; fmt rewrites unless `-check`.)
        "packer"
            if {
                let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
                let has = |w: &str| lits.iter().any(|l| l.trim_start_matches('-') == w);
                (has("validate") && !has("syntax-only")) || (has("fmt") && !has("check"))
            } =>
        {
            mu("loads plugins or rewrites the templates")
        }
        // (`query` lists keys only with `--list-keys`; its table holds
        // no other option.)
        "packer" | "cloud-init" => ro("only reports"),
        "terraform" | "tofu" | "ansible-playbook" | "ansible-inventory" => {
            ro("only reports on the configuration")
        }
        _ => return None,
    })
}

/// An Ansible ad-hoc run: the module (`-m`, `command` without one) and its
/// arguments (`-a`).
fn ansible(w: &mut Walker, args: &[Arg], depth: usize) -> Verdict {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let value = |short: &str, long: &str| {
        lits.windows(2)
            .find(|p| p[0] == short || p[0] == long)
            .map(|p| p[1])
            .or_else(|| {
                lits.iter()
                    .find_map(|w| w.strip_prefix(&format!("{long}=")))
            })
    };
    if args.iter().any(Arg::is_dynamic) {
        return Verdict::mutation("`ansible` has a module or argument only known at run time");
    }
    if lits.contains(&"--list-hosts") {
        return Verdict::read_only("`ansible --list-hosts` lists the pattern's hosts");
    }
    let module = value("-m", "--module-name").unwrap_or("command");
    let module = module
        .strip_prefix("ansible.builtin.")
        .or_else(|| module.strip_prefix("ansible.legacy."))
        .unwrap_or(module);
    let arguments = value("-a", "--args").unwrap_or("");
    match module {
        "command" | "shell" | "raw" => {
            super::super::wrappers::sh_script(w, "sh", arguments, depth + 1)
                .prefixed("`ansible` runs on each host: ")
        }
        "ping" | "stat" | "service_facts" | "package_facts" | "mount_facts" => {
            Verdict::read_only(format!("`ansible -m {module}` only reports"))
        }
        // (Every fact, the login environment among them, unless filtered
        // to names that hold none of it.)
        "setup" if setup_filtered(arguments) => {
            Verdict::read_only("`ansible -m setup` reports the facts it is filtered to")
        }
        // (A variable by a plain name or a plain message; a template may
        // look anything up or run a program: `lookup('pipe', …)`.)
        "debug" if debug_plain(arguments) => {
            Verdict::read_only("`ansible -m debug` prints a plain variable or message")
        }
        _ => Verdict::mutation(format!(
            "`ansible -m {module}` changes the hosts through a module, or prints what may hold secrets"
        )),
    }
}

/// `filter=PATTERN` naming facts that are not the environment: a plain
/// name, or one with `*` after a prefix longer than `ansible_`.
fn setup_filtered(arguments: &str) -> bool {
    let Some(filter) = arguments.trim().strip_prefix("filter=") else {
        return false;
    };
    let filter = filter.trim_matches(['\'', '"']);
    let prefix = filter.split(['*', '?', '[']).next().unwrap_or("");
    !filter.is_empty()
        && !filter.contains("env")
        && !filter.contains([' ', ','])
        && (prefix == filter || prefix.len() > "ansible_".len())
}

/// `var=NAME` of a name no credential's, or `msg=TEXT` with no template.
fn debug_plain(arguments: &str) -> bool {
    let arguments = arguments.trim();
    if arguments.contains("{{") || arguments.contains("{%") {
        return false;
    }
    match arguments.strip_prefix("var=") {
        Some(name) => {
            name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && !super::super::reveals::credential_name(name)
                && !name.contains("vault")
        }
        None => arguments.starts_with("msg="),
    }
}
