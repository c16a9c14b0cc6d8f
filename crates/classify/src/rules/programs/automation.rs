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
        "salt" | "salt-call" | "salt-ssh" => {
            salt_command(w, name, args, depth).or_else(|| salt_reads(name, args))?
        }
        "salt-run" => salt_reads(name, args)?,
        "etckeeper" => etckeeper(w, args, depth)?,
        // sops(1) `exec-env FILE COMMAND`, `exec-file FILE COMMAND`: the
        // command run by a shell with the file decrypted into its
        // environment or a temporary file (`{}`); review 141.
        "sops" => {
            let words: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
            let at = words
                .iter()
                .position(|w| matches!(*w, "exec-env" | "exec-file"))?;
            // (The command is the last word: options may stand between,
            // `exec-env --user x FILE CMD`; review 142.)
            let command = words.get(at + 1..)?.last()?;
            mu("runs a command with a secret file decrypted for it").max(
                super::super::wrappers::sh_script(w, "sh", command, depth + 1)
                    .prefixed("`sops` runs: "),
            )
        }
        // (Even listed or checked for syntax, a play's templates are
        // rendered, and a lookup runs what it names; review 65.)
        "ansible-playbook" if !has_flag(args, "", &["version", "help"]) => {
            mu("runs a playbook, or renders its templates, whose lookups run programs")
        }
        // (An inventory file may be a script or a plugin's configuration:
        // only the host's own, by its configuration, without `-i`.)
        "ansible-inventory"
            if !has_flag(args, "", &["graph", "version", "help"])
                || has_flag(args, "i", &["inventory"]) =>
        {
            mu("prints the inventory's variables, or runs an inventory named on the line")
        }
        // (Every terraform and packer command asks HashiCorp's Checkpoint
        // service for news, outside the lab, and caches the answer,
        // unless `CHECKPOINT_DISABLE` is set; OpenTofu does not; reviews
        // 65, 66. Packer also runs plugins it finds in the working folder:
        // its table holds only `version`.)
        "terraform" | "packer" if !checkpoint_off(w) => mu(
            "asks HashiCorp's Checkpoint service, outside the lab (without CHECKPOINT_DISABLE=1)",
        ),
        // (fmt rewrites the files unless told only to check.)
        "terraform" | "tofu"
            if args.iter().any(|a| a.literal() == Some("fmt"))
                && !args.iter().filter_map(Arg::literal).any(|w| {
                    matches!(w, "-check" | "--check" | "-write=false" | "--write=false")
                }) =>
        {
            mu("rewrites the configuration files it formats")
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

/// etckeeper(8): `vcs ARGS` runs the repository's program (git) in
/// /etc (or `-d DIR`) with ARGS, judged as that git line; `list-installed`
/// prints the installed packages. `None`: any other command.
fn etckeeper(w: &mut Walker, args: &[Arg], depth: usize) -> Option<Verdict> {
    let (folder, rest) = match args {
        [d, folder, rest @ ..] if d.literal() == Some("-d") => (folder.literal()?, rest),
        _ => ("/etc", args),
    };
    match rest.split_first() {
        Some((verb, rest)) if verb.literal() == Some("vcs") => {
            let argv: Vec<Arg> = ["git", "-C", folder]
                .into_iter()
                .map(Arg::literal_of)
                .chain(rest.iter().cloned())
                .collect();
            let verdict = w
                .invocation(&argv, crate::Stdin::Unknown, depth + 1)
                .prefixed("`etckeeper vcs` runs git in the folder: ");
            // (In /etc the work tree is the system's live configuration:
            // a command that writes the tree's files changes what runs;
            // review 142.)
            // (The verb past git's own options and their values, `-c
            // X=Y stash pop`; one only known at run time may be any.)
            let mut words = rest.iter();
            let mut verb = None;
            while let Some(a) = words.next() {
                match a.literal() {
                    None => break,
                    Some(
                        "-c" | "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
                        | "--config-env",
                    ) => {
                        words.next();
                    }
                    Some(w) if w.starts_with('-') => {}
                    Some(w) => {
                        verb = Some(w);
                        break;
                    }
                }
            }
            let after: Vec<&str> = words.filter_map(Arg::literal).collect();
            let live = verb.is_none_or(|verb| super::git::writes_the_tree(verb, &after));
            Some(if live {
                verdict.max(Verdict::destructive(
                    "`etckeeper vcs` writes the files of /etc, the system's live configuration",
                ))
            } else {
                verdict
            })
        }
        Some((verb, [])) if verb.literal() == Some("list-installed") => Some(Verdict::read_only(
            "`etckeeper list-installed` prints the installed packages",
        )),
        _ => None,
    }
}

/// Salt's execution functions (and the master's runners) that only
/// report, with plain arguments that name no secret: the minions'
/// answer, the grains, versions, services' and disks' state, a file's
/// metadata, digest or diff (blind corpus 232). The options: targeting
/// and output forms only (not `--out-file`, `--return`, `-c`). Not
/// salt-ssh, which copies its runtime to each host. `None`: any other.
fn salt_reads(name: &str, args: &[Arg]) -> Option<Verdict> {
    const READS: &[&str] = &[
        "test.ping",
        "test.version",
        "test.versions_report",
        "grains.items",
        "grains.item",
        "grains.get",
        "grains.ls",
        "pkg.version",
        "pkg.list_pkgs",
        "service.status",
        "service.available",
        "service.get_all",
        "service.get_enabled",
        "service.get_running",
        "disk.usage",
        "disk.inodeusage",
        "disk.percent",
        "status.uptime",
        "status.loadavg",
        "status.meminfo",
        "status.cpuinfo",
        "status.diskusage",
        "status.netdev",
        "status.version",
        "network.interfaces",
        "network.ip_addrs",
        "network.default_route",
        "sys.doc",
        "sys.list_functions",
        "sys.list_modules",
        "file.file_exists",
        "file.directory_exists",
        "file.stats",
        "file.get_hash",
    ];
    // (Not `jobs.list_jobs`, `jobs.active`: earlier jobs' arguments, a
    // password given to one among them; review 142.)
    const RUNNERS: &[&str] = &[
        "manage.status",
        "manage.up",
        "manage.down",
        "manage.versions",
    ];
    let words: Vec<&str> = args.iter().map(Arg::literal).collect::<Option<_>>()?;
    let operands = salt_operands(&words)?;
    // (`salt TARGET FUNCTION …`; `salt-call FUNCTION …`.)
    let skip = usize::from(name == "salt");
    let (function, rest) = operands.get(skip..)?.split_first()?;
    // (A runner's words are its arguments: `manage.down True` deletes the
    // down minions' keys; review 143.)
    let known = match name {
        "salt-run" => RUNNERS.contains(function) && rest.is_empty(),
        "salt" | "salt-call" => READS.contains(function),
        _ => false,
    };
    // (No URL, which `file.*` fetch through `cp.cache_file`; no secret
    // by name; nothing YAML would read as another type; review 142.)
    let plain = |w: &&str| {
        w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-/".contains(&b))
            && !w.starts_with('-')
            && !crate::secret_paths::names_secret(w, false)
            && !crate::secret_paths::secret_path(w)
    };
    (known && rest.iter().all(plain))
        .then(|| Verdict::read_only(format!("`{name}` runs `{function}`, which only reports")))
}

/// Whether Salt's YAML reading of a command line's argument
/// (`yamlify_arg`) leaves it the text it is: no flow collection, quote,
/// tag, anchor, alias, block scalar, directive or reserved indicator
/// first, no `: ` mapping or ` #` comment in it (`'[ reboot ]'` is a list
/// that `cmd.run` runs as its words; `'"\x72eboot"'` decodes; review
/// 142).
fn yaml_plain(text: &str) -> bool {
    let trimmed = text.trim();
    !trimmed.is_empty()
        && !trimmed.starts_with([
            '[', '{', '"', '\'', '!', '&', '*', '|', '>', '%', '@', '`', '?', ':', '-', '#', ',',
        ])
        && !text.contains(": ")
        && !text.ends_with(':')
        && !text.contains(" #")
        // (Printable ASCII only: YAML breaks lines at `\r`, NEL and the
        // Unicode separators too; review 143.)
        && text.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// A Salt line's operands, when its options are only targeting and
/// output forms (not `--out-file`, `--return`, `-c`, which write a file,
/// send the returns elsewhere or read another configuration).
fn salt_operands<'a>(words: &[&'a str]) -> Option<Vec<&'a str>> {
    const FLAGS: &[&str] = &[
        "-L",
        "--list",
        "-G",
        "--grain",
        "-E",
        "--pcre",
        "-C",
        "--compound",
        "-N",
        "--nodegroup",
        "-P",
        "--grain-pcre",
        "--static",
        "--hide-timeout",
        "-v",
        "--verbose",
        "--summary",
        "--no-color",
        "--force-color",
        "--local",
        "--async",
        "-s",
    ];
    const VALUED: &[&str] = &[
        "-t",
        "--timeout",
        "-b",
        "--batch",
        "--batch-size",
        "--out",
        "--output",
        "-l",
        "--log-level",
        "--state-output",
    ];
    let mut operands = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let option = word.split('=').next().unwrap_or(word);
        if FLAGS.contains(&word) {
            i += 1;
        } else if VALUED.contains(&option) {
            // (A log level that shows the rendered pillar, `-l debug`,
            // `-l all`, is refused; review 142.)
            let value = match word.split_once('=') {
                Some((_, v)) => Some(v),
                None => words.get(i + 1).copied(),
            };
            if matches!(option, "-l" | "--log-level")
                && !value.is_some_and(|v| {
                    matches!(v, "quiet" | "critical" | "error" | "warning" | "info")
                })
            {
                return None;
            }
            i += if word.contains('=') { 1 } else { 2 };
        } else if word.starts_with('-') {
            return None;
        } else {
            operands.push(word);
            i += 1;
        }
    }
    Some(operands)
}

/// Salt's `cmd` functions (`salt '*' cmd.run 'df -h'`): the command
/// they run on each minion, judged as a shell script (the master keeps
/// the returns in its job cache, as for any function). A
/// keyword argument (`cwd=`, `runas=`, `template=jinja`, `env=`), or a
/// word salt would read as one (`FOO=bar …`), changes what runs: the
/// command is then not what the card shows. `None`: no `cmd` function.
fn salt_command(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    const RUNS: &[&str] = &[
        "cmd.run",
        "cmd.run_all",
        "cmd.run_stdout",
        "cmd.run_stderr",
        "cmd.shell",
        "cmd.run_bg",
        "cmd.retcode",
        "cmd.powershell",
        "cmd.exec_code",
        "cmd.exec_code_all",
        "cmd.script",
        "cmd.script_retcode",
        "cmd.run_chroot",
    ];
    let at = args
        .iter()
        .position(|a| a.literal().is_some_and(|l| RUNS.contains(&l)))?;
    // (Its options as read before the function: `--out-file FILE` writes
    // the returns where it names.)
    let before: Option<Vec<&str>> = args[..at].iter().map(Arg::literal).collect();
    if before.as_deref().and_then(salt_operands).is_none() {
        return Some(Verdict::destructive(format!(
            "`{name}` has options that write the returns, send them elsewhere or read another \
             configuration, or are only known at run time"
        )));
    }
    let changes = Verdict::mutation(format!(
        "`{name}` runs a command on its minions (salt-ssh copies its runtime to each host first)"
    ));
    let rest = &args[at + 1..];
    let keyword = |a: &Arg| {
        a.literal().is_none_or(|l| {
            l.split_once('=').is_some_and(|(k, _)| {
                !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
            })
        })
    };
    let plain_run = matches!(
        args[at].literal(),
        Some(
            "cmd.run"
                | "cmd.run_all"
                | "cmd.run_stdout"
                | "cmd.run_stderr"
                | "cmd.shell"
                | "cmd.retcode"
        )
    );
    match rest {
        // (salt-ssh copies its runtime to each host first.)
        [script] if plain_run && !keyword(script) && script.literal().is_some_and(yaml_plain) => {
            let text = script.literal().unwrap_or_default();
            let script = super::super::wrappers::sh_script(w, "sh", text, depth + 1)
                .prefixed(&format!("`{name}` runs on each minion: "));
            Some(if name == "salt-ssh" {
                changes.max(script)
            } else {
                script
            })
        }
        _ => Some(changes.max(Verdict::destructive(format!(
            "`{name}` runs a script, code or a command with keyword arguments on its minions: \
             what runs is not on the card"
        )))),
    }
}

/// Whether the command's own environment turns HashiCorp's Checkpoint
/// call off (`CHECKPOINT_DISABLE=1 terraform …`).
fn checkpoint_off(w: &Walker) -> bool {
    w.prefix_env
        .iter()
        .any(|(n, v)| n == "CHECKPOINT_DISABLE" && v.as_deref().is_some_and(|v| !v.is_empty()))
}

/// An Ansible ad-hoc run: the module's own verdict, and that of the shell
/// lines its arguments amount to on each host ([`super::ansible_modules`];
/// not in check mode, where no module changes anything).
fn ansible(w: &mut Walker, args: &[Arg], depth: usize) -> Verdict {
    let own = ansible_module(w, args, depth);
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    if lits.len() != args.len() || lits.iter().any(|l| matches!(*l, "-C" | "--check")) {
        return own;
    }
    let (module, text, pairs) = super::ansible_modules::module_and_arguments(&lits);
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let twins = super::ansible_modules::equivalent(module, &pairs, text);
    twins.iter().fold(own, |verdict, line| {
        let argv: Vec<Arg> = line.iter().map(Arg::literal_of).collect();
        verdict.max(
            w.invocation(&argv, crate::Stdin::Unknown, depth + 1)
                .prefixed(&format!(
                    "`ansible -m {module}` does on each host what this does: "
                )),
        )
    })
}

/// The module (`-m`, `command` without one) and its arguments (`-a`), as
/// Ansible's parser reads them (the last of a repeated option wins;
/// review 65).
fn ansible_module(w: &mut Walker, args: &[Arg], depth: usize) -> Verdict {
    if args.iter().any(Arg::is_dynamic) {
        return Verdict::mutation("`ansible` has a module or argument only known at run time");
    }
    let Some(line) = crate::tables::reading("ansible", args) else {
        return Verdict::mutation("`ansible` has options its table does not read");
    };
    let last = |names: &[&str]| {
        line.values(names).last().flatten().map(|v| match v {
            crate::options::Value::Text(t) => t.to_string(),
            crate::options::Value::RunTime(raw) => raw.to_string(),
        })
    };
    // (An inventory named on the line may be a script or a plugin's
    // configuration, and a host list reaches any host: only the host's
    // own inventory, by its configuration; review 65.)
    if last(&["i", "inventory"]).is_some() {
        return Verdict::mutation(
            "`ansible -i` uses an inventory named on the line: a script, a plugin or any host",
        );
    }
    // (Ansible renders templates in every argument, the host pattern and
    // `-u` among them (`{{ lookup('pipe', …) }}` runs a program,
    // `{{ hostvars }}` prints secrets), decodes escapes before it reads
    // keys (`\x63hdir=`), and its default `command` module splits with
    // Python's shlex, where `#` and `<` are plain words: only plain text
    // is read here; review 66.)
    let module = last(&["m", "module-name"]).unwrap_or_else(|| "command".to_string());
    let module = module
        .strip_prefix("ansible.builtin.")
        .or_else(|| module.strip_prefix("ansible.legacy."))
        .unwrap_or(&module)
        .to_string();
    let arguments = last(&["a", "args"]).unwrap_or_default();
    // (A host pattern's `*`, `!`, `&`; and for the modules a shell runs,
    // `|`, `;`, `<`, `>`, which the script's rules read as that shell
    // does. The `command` module passes them on as words: `cat KEY |
    // wc -c` prints the key; review 141.)
    let shell_text = matches!(module.as_str(), "shell" | "raw");
    let plain = |word: &str| {
        word.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(
                    c,
                    ' ' | '.'
                        | '_'
                        | '/'
                        | ':'
                        | '='
                        | ','
                        | '-'
                        | '@'
                        | '+'
                        | '*'
                        | '?'
                        | '!'
                        | '&'
                )
                || (shell_text && matches!(c, '|' | ';' | '<' | '>'))
        })
    };
    if !args.iter().filter_map(Arg::literal).all(plain) {
        let unread = Verdict::mutation(
            "`ansible` has text it renders or decodes (a template, an escape, a quote, `#`): \
             what runs is not what the card shows",
        );
        // (What the text says still counts: `rm -rf …` is destructive.)
        return match module.as_str() {
            "command" | "shell" | "raw" => unread.max(
                super::super::wrappers::sh_script(w, "sh", &arguments, depth + 1)
                    .prefixed("`ansible` runs on each host: "),
            ),
            _ => unread,
        };
    }
    // (After the plain-text gate: a host pattern is rendered too.)
    if line.options.iter().any(|g| g.name == "list-hosts") {
        return Verdict::read_only("`ansible --list-hosts` lists the pattern's hosts");
    }
    module_verdict(w, &module, &arguments, depth)
}

/// What a module does with plain arguments: the command modules judged
/// as their text, the reporting ones read-only, any other a change.
fn module_verdict(w: &mut Walker, module: &str, arguments: &str, depth: usize) -> Verdict {
    match module {
        // (The module's own keys in the text, `chdir=`, `executable=`,
        // `stdin=`, are taken out and acted on; the JSON form holds any;
        // review 65.)
        // (What the text says still counts: `chdir=/srv rm -rf data` is
        // destructive; review 141.)
        "command" | "shell" | "raw" if own_keys(arguments) => Verdict::mutation(format!(
            "`ansible -m {module}` has its own keys in its text (`chdir=`, `executable=`, \
             `stdin=`): what runs is not what the text says"
        ))
        .max(
            super::super::wrappers::sh_script(w, "sh", arguments, depth + 1)
                .prefixed("`ansible` runs on each host: "),
        ),
        "command" | "shell" | "raw" => {
            super::super::wrappers::sh_script(w, "sh", arguments, depth + 1)
                .prefixed("`ansible` runs on each host: ")
        }
        // (Not `mount_facts`: it runs its `mount_binary`; review 65.)
        // (Their arguments screened too: `stat` only a plain `path=`.)
        "ping" | "service_facts" | "package_facts" if arguments.is_empty() => {
            Verdict::read_only(format!("`ansible -m {module}` only reports"))
        }
        "stat"
            if arguments
                .strip_prefix("path=")
                .is_some_and(|p| p.starts_with('/') && !p.contains(' ')) =>
        {
            Verdict::read_only("`ansible -m stat` reports a path's metadata")
        }
        // (A host's facts and place by their own names, or a plain
        // message; a template may look anything up or run a program.)
        "debug" if debug_plain(arguments) => {
            Verdict::read_only("`ansible -m debug` prints a plain variable or message")
        }
        _ => Verdict::mutation(format!(
            "`ansible -m {module}` changes the hosts through a module, or prints what may hold secrets"
        )),
    }
}

/// Whether a command module's text holds the module's own keys, which
/// Ansible takes out and acts on, or is the JSON form.
fn own_keys(arguments: &str) -> bool {
    arguments.trim_start().starts_with('{')
        || arguments.split_whitespace().any(|word| {
            word.split_once('=').is_some_and(|(key, _)| {
                matches!(
                    key,
                    "chdir"
                        | "executable"
                        | "stdin"
                        | "creates"
                        | "removes"
                        | "argv"
                        | "cmd"
                        | "stdin_add_newline"
                        | "strip_empty_ends"
                        | "expand_argument_vars"
                        | "warn"
                )
            })
        })
}

/// `var=NAME` of a host's fact or place in the inventory (not `hostvars`,
/// `vars`, a connection's or become password; review 65), or `msg=TEXT`
/// with no template.
fn debug_plain(arguments: &str) -> bool {
    let arguments = arguments.trim();
    if arguments.contains("{{") || arguments.contains("{%") {
        return false;
    }
    match arguments.strip_prefix("var=") {
        Some(name) => {
            let lower = name.to_ascii_lowercase();
            // (`ansible_facts` holds `env` where facts are cached,
            // `ansible_local` whatever facts.d's files print; review 141.)
            let marked = [
                "pass", "become", "key", "ssh", "secret", "token", "vault", "env", "cred", "facts",
                "local",
            ]
            .iter()
            .any(|m| lower.contains(m));
            name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && (matches!(
                    name,
                    "inventory_hostname" | "inventory_hostname_short" | "group_names"
                ) || (name.starts_with("ansible_") && !marked))
                && !super::super::reveals::credential_name(name)
        }
        None => arguments.starts_with("msg="),
    }
}
