//! What loses a guest or its disks outside Proxmox's own tools (blind
//! corpus 93, review 81): libvirt's `virsh` (libvirt 9.0,
//! `docs/manpages/virsh.rst`, `tools/vsh.c`), `qemu-io` (qemu-utils 7.2,
//! `qemu-io-cmds.c`) and libguestfs's tools that write into an image
//! (libguestfs 1.48).

use super::*;

/// virsh commands that lose a guest, its state or its disks' data, or a
/// host's network or storage under it: powered off or reset, undefined,
/// saved (stopped), suspended, a snapshot or checkpoint reverted or
/// deleted, a volume deleted, wiped or written over, an image chain
/// merged or copied, devices detached, a monitor or agent command run, a
/// secret's value written over, file systems frozen.
const VIRSH_LOSES: &[&str] = &[
    "destroy",
    "undefine",
    "reset",
    "shutdown",
    "reboot",
    "save",
    "managedsave",
    "managedsave-remove",
    "snapshot-revert",
    "snapshot-delete",
    "checkpoint-delete",
    "vol-delete",
    "vol-wipe",
    "vol-upload",
    "vol-download",
    "blockcommit",
    "blockcopy",
    "blockpull",
    "blockresize",
    "pool-delete",
    "pool-destroy",
    "pool-undefine",
    "net-destroy",
    "net-undefine",
    "net-port-delete",
    "iface-destroy",
    "iface-undefine",
    "iface-unbridge",
    "iface-bridge",
    "secret-undefine",
    "secret-set-value",
    "nodedev-destroy",
    "nodedev-detach",
    "nodedev-dettach",
    "nodedev-undefine",
    "nwfilter-undefine",
    "detach-disk",
    "detach-interface",
    "detach-device",
    "detach-device-alias",
    "qemu-monitor-command",
    "qemu-agent-command",
    "send-key",
    "send-process-signal",
    "lxc-enter-namespace",
    "nodesuspend",
    "suspend",
    "dompmsuspend",
    "domfsfreeze",
];

/// virsh commands that lose something with one of their options: a
/// managed save discarded, a volume shrunk, a guest crashed or reset
/// after its dump, the source's definition removed after a migration.
const VIRSH_LOSES_WITH: &[(&str, &str)] = &[
    ("start", "--force-boot"),
    ("vol-resize", "--shrink"),
    ("dump", "--crash"),
    ("dump", "--reset"),
    ("migrate", "--undefinesource"),
];

/// qemu-io's commands that write into the image, by their names and
/// their short names (`qemu-io-cmds.c`: `w`, `d`, `t`, `zap`, …).
const QEMU_IO_WRITES: &[&str] = &[
    "write",
    "w",
    "writev",
    "aio_write",
    "discard",
    "d",
    "aio_discard",
    "truncate",
    "t",
    "zone_open",
    "zo",
    "zone_close",
    "zc",
    "zone_finish",
    "zf",
    "zone_reset",
    "zrs",
    "zone_append",
    "zap",
];

/// qemu-io's short options that take a value (`hVc:d:f:rsnCmkt:T:U`).
const QEMU_IO_VALUED: &str = "cdftT";

/// The flags of libguestfs's tools that take no value (any other option
/// may take the next word: `-c -r` gives `-c` the value `-r`).
const GUESTFS_FLAGS: &[&str] = &[
    "-r",
    "--ro",
    "-n",
    "--dry-run",
    "-i",
    "--inspector",
    "-v",
    "--verbose",
    "-x",
    "-q",
    "--quiet",
    "-V",
    "--version",
    "-w",
    "--rw",
    "--selinux",
    "--network",
    "--live",
    "--no-sync",
    "--pipe-error",
];

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs.
pub(super) fn judge(name: &str, lits: &[&str], _verb: Option<&str>) -> Option<Verdict> {
    let de = |why: String| Some(Verdict::destructive(why));
    let flag = |flags: &[&str]| guestfs_flag(lits, flags);
    match name {
        "virsh" => virsh_loses(lits).map(|command| {
            Verdict::destructive(format!(
                "`virsh {command}` loses a guest, its state or its disks' data, or what it runs on"
            ))
        }),
        "qemu-io" => qemu_io_writes(lits)
            .and_then(|c| de(format!("`qemu-io` runs `{c}`, which writes into the image"))),
        "virt-format" => {
            de("`virt-format` erases the image's disks and makes new file systems".into())
        }
        "virt-sysprep" | "virt-customize" if !flag(&["-n", "--dry-run"]) => de(format!(
            "`{name}` rewrites the guest's files in its image (host keys, logs, accounts)"
        )),
        "virt-rescue" | "guestfish" if !flag(&["--ro", "-r"]) => de(format!(
            "`{name}` opens the image writable and runs whatever commands it is given"
        )),
        "virt-edit" | "virt-copy-in" | "virt-tar-in" | "virt-v2v-in-place" => {
            de(format!("`{name}` writes over files in the guest's image"))
        }
        // (Getopt::Long: `--mer`, `-m`, `--Merge` are `--merge`; review
        // 81.)
        "virt-win-reg" if lits.iter().any(|w| getopt_long_names(w, "merge")) => {
            de("`virt-win-reg --merge` writes into a Windows guest's registry".into())
        }
        // (Each writes a whole disk image over its output; review 81.)
        "virt-resize" | "virt-make-fs" | "virt-builder" => de(format!(
            "`{name}` writes a whole disk image over its output"
        )),
        _ => None,
    }
}

/// The first command of a virsh line that loses something: any word
/// that is one (virsh's global options, their prefixes and clusters, and
/// values only known at run time make its place uncertain), or any
/// command of a command string (`virsh 'list; destroy web01'`) as
/// `vshCommandStringGetArg` reads it: `;` and newlines end a command,
/// quotes and `\` are taken off (`'de\stroy web01'`; review 81).
fn virsh_loses(lits: &[&str]) -> Option<String> {
    let with = |command: &str| {
        VIRSH_LOSES_WITH
            .iter()
            .any(|(c, option)| *c == command && lits.contains(option))
    };
    lits.iter().find_map(|w| {
        w.split([';', '\n'])
            .filter_map(|segment| segment.split_whitespace().next())
            .map(|first| first.replace(['\'', '"', '\\'], ""))
            .find(|command| VIRSH_LOSES.contains(&command.as_str()) || with(command))
    })
}

/// The first command qemu-io runs that writes, when it may write: with
/// no `-r`/`--read-only` given as a flag, or with an `open` (which opens
/// read-write unless told `-r` itself; review 81).
fn qemu_io_writes<'a>(lits: &[&'a str]) -> Option<&'a str> {
    let mut read_only = false;
    let mut commands: Vec<&str> = Vec::new();
    let mut at = 0;
    while let Some(word) = lits.get(at) {
        at += 1;
        if let Some(value) = word.strip_prefix("--cmd=") {
            commands.push(value);
        } else if *word == "--cmd" {
            commands.extend(lits.get(at));
            at += 1;
        } else if *word == "--read-only" {
            read_only = true;
        } else if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            // Flags up to the first option that takes a value, which takes
            // the rest of the cluster or the next word.
            for (i, c) in cluster.char_indices() {
                if QEMU_IO_VALUED.contains(c) {
                    let rest = &cluster[i + c.len_utf8()..];
                    let value = if rest.is_empty() {
                        at += 1;
                        lits.get(at - 1).copied()
                    } else {
                        Some(rest)
                    };
                    if c == 'c' {
                        commands.extend(value);
                    }
                    break;
                }
                read_only |= c == 'r';
            }
        }
    }
    let opens = commands.iter().any(|c| {
        let mut words = c.split_whitespace();
        matches!(words.next(), Some("open" | "reopen")) && !words.any(|w| w == "-r")
    });
    if read_only && !opens {
        return None;
    }
    commands
        .iter()
        .filter_map(|c| c.split_whitespace().next())
        .find(|c| QEMU_IO_WRITES.contains(c))
}

/// Whether one of `flags` is given as a flag, not as the value of the
/// option before it (`guestfish -c -r`; review 81).
fn guestfs_flag(lits: &[&str], flags: &[&str]) -> bool {
    lits.iter().enumerate().any(|(i, w)| {
        flags.contains(w)
            && match i.checked_sub(1).map(|p| lits[p]) {
                Some(before) if before.starts_with('-') && !before.contains('=') => {
                    GUESTFS_FLAGS.contains(&before)
                }
                _ => true,
            }
    })
}

/// Whether `word` names the long option `name` as Getopt::Long reads it:
/// one or two dashes, any case, any unambiguous prefix.
fn getopt_long_names(word: &str, name: &str) -> bool {
    let bare = word.trim_start_matches('-');
    let dashes = word.len() - bare.len();
    let bare = bare.split('=').next().unwrap_or(bare).to_ascii_lowercase();
    (1..=2).contains(&dashes) && !bare.is_empty() && name.starts_with(&bare)
}
