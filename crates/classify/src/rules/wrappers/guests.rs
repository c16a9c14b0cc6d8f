//! Commands run inside a guest or a namespace: `lxc-attach`, `pct
//! exec|enter|console`, `qm guest exec`, `docker|podman exec`, `ip netns
//! exec`.

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
        "lxc-attach" => {
            let command = args
                .iter()
                .position(|a| a.literal() == Some("--"))
                .map(|dashdash| &args[dashdash + 1..])
                .filter(|command| !command.is_empty());
            // (Without `--`, getopt_long leaves the words after the
            // container's name as the command: `lxc-attach -n 100 reboot`;
            // review 85. Before a `--` too, the command's first words:
            // `lxc-attach -n 101 rm -- -rf /srv`; review 87.)
            let dashdash = args.iter().position(|a| a.literal() == Some("--"));
            let before = lxc_attach_command(&args[..dashdash.unwrap_or(args.len())]);
            let joined: Option<Vec<Arg>> = match (before, command) {
                (Some(first), Some(rest)) => Some(first.iter().chain(rest).cloned().collect()),
                (Some(first), None) => Some(first.to_vec()),
                (None, Some(rest)) => Some(rest.to_vec()),
                (None, None) => None,
            };
            match joined.as_deref() {
                Some(command) => via(name, w.program_invocation(name, command, stdin, depth)),
                // No command: a shell in the container reads the input.
                None => Some(w.stdin_script(stdin, name, depth).max(Verdict::mutation(
                    "`lxc-attach` without a command opens a shell",
                ))),
            }
        }
        // A console or a shell in a container reads the input.
        "pct"
            if matches!(
                args.first().and_then(Arg::literal),
                Some("enter" | "console")
            ) =>
        {
            Some(w.stdin_script(stdin, name, depth).max(Verdict::mutation(
                "`pct enter` opens a shell in the container",
            )))
        }
        "pct" if args.first().and_then(Arg::literal) == Some("exec") => {
            // pct exec VMID [OPTIONS] [--] COMMAND…, where the table
            // reads the options.
            let rest = match crate::tables::command_index(name, args) {
                Some(i) => args[i..].to_vec(),
                None => {
                    let tail = getopt_long_command(args.get(2..).unwrap_or(&[]));
                    let start = first_positional_index(&tail, &["--keep-env", "-keep-env"])
                        .unwrap_or(tail.len());
                    tail[start..].to_vec()
                }
            };
            if rest.is_empty() {
                return Some(Verdict::mutation("`pct exec` without a command"));
            }
            via(name, w.program_invocation(name, &rest, stdin, depth))
        }
        "qm" if args.first().and_then(Arg::literal) == Some("guest")
            && args.get(1).and_then(Arg::literal) == Some("exec") =>
        {
            // qm guest exec VMID [--] COMMAND…
            if let Some(i) = crate::tables::command_index(name, args) {
                return in_agents_folder(w, name, &args[i..], stdin, depth);
            }
            let tail = getopt_long_command(args.get(3..).unwrap_or(&[]));
            let start =
                // (Proxmox's CLIs take one dash or two; review 90.)
                first_positional_index(
                    &tail,
                    &[
                        "--timeout",
                        "--pass-stdin",
                        "--synchronous",
                        "-timeout",
                        "-pass-stdin",
                        "-synchronous",
                    ],
                )
                    .unwrap_or(tail.len());
            let rest = tail[start..].to_vec();
            if rest.is_empty() {
                return Some(Verdict::mutation("`qm guest exec` without a command"));
            }
            in_agents_folder(w, name, &rest, stdin, depth)
        }
        "docker" | "podman"
            if args
                .iter()
                .filter_map(Arg::literal)
                .find(|a| !a.starts_with('-'))
                == Some("exec") =>
        {
            let i = args.iter().position(|a| a.literal() == Some("exec"))?;
            let rest = &args[i + 1..];
            let values = &[
                "-e",
                "--env",
                "--env-file",
                "-u",
                "--user",
                "-w",
                "--workdir",
                "--detach-keys",
            ];
            let container = first_positional_index(rest, values)?;
            let command = &rest[container + 1..];
            if command.is_empty() {
                return Some(Verdict::mutation(format!(
                    "`{name} exec` without a command"
                )));
            }
            let stdin = if interactive(&rest[..container]) {
                stdin
            } else {
                Stdin::Inherited
            };
            let inside = exec_folders(&rest[..container]);
            let outer = std::mem::replace(&mut w.folders, inside);
            let verdict = via(name, w.program_invocation(name, command, stdin, depth));
            w.folders = outer;
            verdict
        }
        "docker" | "podman" => container_run(w, name, args, stdin, depth),
        "ip" if args
            .iter()
            .filter_map(Arg::literal)
            .find(|a| !a.starts_with('-'))
            == Some("netns")
            && args.iter().filter_map(Arg::literal).any(|a| a == "exec") =>
        {
            let i = args.iter().position(|a| a.literal() == Some("exec"))?;
            args.get(i + 2).and_then(|_| {
                via(
                    name,
                    w.program_invocation(name, &args[i + 2..], stdin, depth),
                )
            })
        }
        _ => None,
    }
}

/// `docker run [OPTIONS] IMAGE COMMAND…` (`container run`, podman's) with
/// a host folder or a volume mounted: the command acts on what is
/// mounted (`-v /srv:/data alpine sh -c 'rm -rf /data/*'`), judged as a
/// command, and raises the verdict when it loses data. (In a fresh
/// container and nothing mounted it only changes the container, and
/// the rules for `run` judge it as they do without a command.)
fn container_run(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    // docker(1) 26 run's options that take a value (a mount among them),
    // and the global ones before the verb.
    const VALUED: &[&str] = &[
        "-a",
        "--attach",
        "--add-host",
        "--annotation",
        "--blkio-weight",
        "-c",
        "--cpu-shares",
        "--cap-add",
        "--cap-drop",
        "--cgroup-parent",
        "--cgroupns",
        "--cidfile",
        "--cpus",
        "--cpuset-cpus",
        "--cpuset-mems",
        "--cpu-period",
        "--cpu-quota",
        "--device",
        "--device-cgroup-rule",
        "--dns",
        "--dns-option",
        "--dns-search",
        "--domainname",
        "-e",
        "--env",
        "--env-file",
        "--entrypoint",
        "--expose",
        "--gpus",
        "--group-add",
        "--health-cmd",
        "--health-interval",
        "--health-retries",
        "--health-start-period",
        "--health-timeout",
        "-h",
        "--hostname",
        "--ip",
        "--ip6",
        "--ipc",
        "--isolation",
        "-l",
        "--label",
        "--label-file",
        "--link",
        "--log-driver",
        "--log-opt",
        "--mac-address",
        "-m",
        "--memory",
        "--memory-reservation",
        "--memory-swap",
        "--mount",
        "--name",
        "--network",
        "--net",
        "--network-alias",
        "--oom-score-adj",
        "-p",
        "--publish",
        "--pid",
        "--pids-limit",
        "--platform",
        "--pull",
        "--restart",
        "--runtime",
        "--security-opt",
        "--shm-size",
        "--stop-signal",
        "--stop-timeout",
        "--storage-opt",
        "--sysctl",
        "--tmpfs",
        "-u",
        "--user",
        "--ulimit",
        "--userns",
        "--uts",
        "-v",
        "--volume",
        "--volumes-from",
        "-w",
        "--workdir",
        "--detach-keys",
        "-H",
        "--host",
        "--context",
        "--config",
        "--log-level",
    ];
    let verb = first_positional_index(args, VALUED)?;
    let start = match args.get(verb).and_then(Arg::literal)? {
        "run" => verb + 1,
        "container" if args.get(verb + 1).and_then(Arg::literal) == Some("run") => verb + 2,
        _ => return None,
    };
    let rest = args.get(start..)?;
    let image = first_positional_index(rest, VALUED)?;
    let options = &rest[..image];
    let mounted = options.iter().any(|a| {
        a.literal().is_none_or(|o| {
            ["-v", "--volume", "--mount", "--volumes-from"]
                .iter()
                .any(|m| o == *m || o.starts_with(&format!("{m}=")))
                || (o.starts_with("-v") && !o.starts_with("--"))
        })
    });
    // `--entrypoint PROGRAM` runs PROGRAM with the command as its words.
    let entrypoint = options
        .iter()
        .position(|a| a.literal() == Some("--entrypoint"))
        .and_then(|i| options.get(i + 1))
        .cloned()
        .or_else(|| {
            options.iter().find_map(|a| {
                a.literal()?
                    .strip_prefix("--entrypoint=")
                    .map(Arg::literal_of)
            })
        });
    let mut command: Vec<Arg> = entrypoint.into_iter().collect();
    command.extend_from_slice(&rest[image + 1..]);
    if !mounted || command.is_empty() {
        return None;
    }
    let stdin = if interactive(options) {
        stdin
    } else {
        Stdin::Inherited
    };
    let inner = w.program_invocation(name, &command, stdin, depth);
    (inner.class == crate::RiskClass::Destructive).then(|| {
        inner.prefixed(&format!(
            "via `{name} run` with a host folder or volume mounted: "
        ))
    })
}

/// Where `docker exec` runs its command: in the container's working
/// folder, `-w DIR`, or the image's own, `php occ status` there being the
/// application's (blind corpus 174); a folder only known at run time.
fn exec_folders(options: &[Arg]) -> crate::secret_paths::Folders {
    let mut folders = workdir_folders(options);
    // (`-u USER`: `~` is that account's home in the image, where the
    // official images put it as Debian does, `postgres`'s under
    // `/var/lib/postgresql`; review 124.)
    if let Some(user) = exec_user(options).filter(|u| *u != "root" && *u != "0") {
        folders.become_user(&crate::secret_paths::home_of(user), false);
    }
    folders
}

/// `docker exec`'s `-u USER`/`--user USER` (`USER:GROUP` too), as written.
fn exec_user(options: &[Arg]) -> Option<&str> {
    options.iter().enumerate().find_map(|(i, a)| {
        let word = a.literal()?;
        let value = match word {
            "-u" | "--user" => options.get(i + 1)?.literal()?,
            _ => word
                .strip_prefix("--user=")
                .or_else(|| word.strip_prefix("-u").filter(|v| !v.is_empty()))?,
        };
        Some(value.split(':').next().unwrap_or(value))
    })
}

fn workdir_folders(options: &[Arg]) -> crate::secret_paths::Folders {
    match engine_workdir(options) {
        Some(Some(dir)) if dir.starts_with('/') => crate::secret_paths::Folders::at(&dir),
        Some(_) => {
            let mut unknown = crate::secret_paths::Folders::at("/");
            unknown.enter(None);
            unknown
        }
        // (Any folder the image chose, `/` among them: a relative path
        // written there may be `etc/cron.d/x`, review 118; one read there
        // is read from the common ones, not from anywhere: `tail -n 20
        // x.log` reads no `20` of a secret folder, review 119;
        // `data/configuration.yaml` is Zigbee2MQTT's in `/app`, review
        // 120.)
        None => {
            let mut image = crate::secret_paths::Folders::at(crate::secret_paths::IMAGE_WORKDIR);
            for dir in crate::secret_paths::IMAGE_WORKDIRS {
                image.enter(Some(dir));
            }
            image
        }
    }
}

/// `docker exec`'s working folder option (`-w DIR`, `-wDIR`,
/// `--workdir DIR`, `--workdir=DIR`): `Some(None)` for one only known at
/// run time, `None` when none is given.
fn engine_workdir(options: &[Arg]) -> Option<Option<String>> {
    let mut found = None;
    for (i, a) in options.iter().enumerate() {
        let Some(word) = a.literal() else { continue };
        let value = match word {
            "-w" | "--workdir" => options.get(i + 1).map(|v| v.literal().map(str::to_string)),
            _ => word
                .strip_prefix("--workdir=")
                .or_else(|| word.strip_prefix("-w").filter(|v| !v.is_empty()))
                .map(|v| Some(v.to_string())),
        };
        if value.is_some() {
            found = value;
        }
    }
    found
}

/// Whether a container engine's options hand the command this side's
/// input: only `-i` (`--interactive`) does; without it the command
/// reads nothing. (Any short cluster with an `i` counts, a value's
/// letters too, and any word only known at run time.)
fn interactive(options: &[Arg]) -> bool {
    options.iter().any(|a| {
        a.literal().is_none_or(|w| {
            w.starts_with("--interactive")
                || (w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
        })
    })
}

/// A command the guest agent runs: in the agent's own working folder,
/// `/` (qemu-ga is a service; `guest-exec` spawns in its folder), not
/// the host shell's (review 68: `qm guest exec 110 -- tofu -chdir=tmp/tf`).
fn in_agents_folder(
    w: &mut Walker,
    name: &str,
    command: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Option<Verdict> {
    let agents = crate::secret_paths::Folders::at("/");
    let outer = std::mem::replace(&mut w.folders, agents);
    let verdict = via(name, w.program_invocation(name, command, stdin, depth));
    // (A `cd` it ran leaves the later commands in a folder text cannot
    // tell, as every wrapper's does; else the host shell's folders stand,
    // those entered before included; review 70.)
    let moved = w.folders.unknown() || w.folders.known() != ["/"];
    w.folders = outer;
    if moved {
        w.folders.enter(None);
    }
    verdict
}

/// The command `lxc-attach` runs without `--` (LXC 5, `lxc_arguments_parse`:
/// getopt_long, then the words left are the command, after the name when
/// no `-n` gave it), from the first word that is neither one of its
/// options nor their value.
fn lxc_attach_command(args: &[Arg]) -> Option<&[Arg]> {
    const VALUED: &[&str] = &[
        "-n",
        "--name",
        "-P",
        "--lxcpath",
        "-s",
        "--namespaces",
        "-v",
        "--set-var",
        "--keep-var",
        "-L",
        "--pty-log",
        "-u",
        "--uid",
        "-g",
        "--gid",
        "-o",
        "--logfile",
        "-l",
        "--logpriority",
        "-f",
        "--rcfile",
        "--context",
    ];
    let mut named = false;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        let word = arg.literal()?;
        if !word.starts_with('-') || word == "-" {
            if named {
                return Some(&args[i..]);
            }
            named = true;
        } else if VALUED.contains(&word) {
            named |= matches!(word, "-n" | "--name");
            i += 1;
        } else {
            named |= word.starts_with("--name=") || (word.starts_with("-n") && word.len() > 2);
        }
        i += 1;
    }
    None
}
