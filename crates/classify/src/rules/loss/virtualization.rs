//! What loses a guest or its disks outside Proxmox's own tools (blind
//! corpus 93): libvirt's `virsh` (libvirt 9.0, `docs/manpages/virsh.rst`),
//! `qemu-io` (qemu-utils 7.2, `qemu-io-cmds.c`) and libguestfs's tools
//! that write into an image (libguestfs 1.48).

use super::*;

/// virsh's global options that take a value (`virsh.c`'s `vshParseArgv`
/// option string `c:d:e:hk:K:l:qrtvV`).
const VIRSH_VALUED_SHORT: &str = "cdekKl";
const VIRSH_VALUED_LONG: &[&str] = &[
    "--connect",
    "--debug",
    "--escape",
    "--keepalive-interval",
    "--keepalive-count",
    "--log",
];

/// virsh commands that lose a guest, its state, its disks' data or a
/// host's network or storage under it: powered off or reset, undefined,
/// saved (stopped), a snapshot or checkpoint reverted or deleted, a
/// volume deleted, wiped or written over, an image chain merged or
/// copied, devices detached, a monitor or agent command run.
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
    "secret-undefine",
    "nodedev-destroy",
    "nodedev-detach",
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
];

/// qemu-io's commands that write into the image (`qemu-io-cmds.c`).
const QEMU_IO_WRITES: &[&str] = &[
    "write",
    "writev",
    "aio_write",
    "discard",
    "aio_discard",
    "truncate",
    "zone_open",
    "zone_close",
    "zone_finish",
    "zone_reset",
    "zone_append",
];

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs.
pub(super) fn judge(name: &str, lits: &[&str], _verb: Option<&str>) -> Option<Verdict> {
    let de = |why: String| Some(Verdict::destructive(why));
    let has = |w: &str| lits.contains(&w);
    match name {
        "virsh" => virsh_loses(lits).map(|command| {
            Verdict::destructive(format!(
                "`virsh {command}` loses a guest, its state or its disks' data, or what it runs on"
            ))
        }),
        "qemu-io" if !has("-r") && !has("--read-only") => qemu_io_commands(lits)
            .find(|c| QEMU_IO_WRITES.contains(c))
            .and_then(|c| de(format!("`qemu-io` runs `{c}`, which writes into the image"))),
        "virt-format" => {
            de("`virt-format` erases the image's disks and makes new file systems".into())
        }
        "virt-sysprep" | "virt-customize" if !has("-n") && !has("--dry-run") => de(format!(
            "`{name}` rewrites the guest's files in its image (host keys, logs, accounts)"
        )),
        "virt-rescue" | "guestfish" if !has("--ro") && !has("-r") => de(format!(
            "`{name}` opens the image writable and runs whatever commands it is given"
        )),
        "virt-edit" | "virt-copy-in" | "virt-tar-in" | "virt-v2v-in-place" => {
            de(format!("`{name}` writes over files in the guest's image"))
        }
        "virt-win-reg" if has("--merge") => {
            de("`virt-win-reg --merge` writes into a Windows guest's registry".into())
        }
        _ => None,
    }
}

/// The first command of a virsh line that loses something: its command
/// after the global options, or any command of a command string
/// (`virsh 'list; destroy web01'`), whose commands `;` separates.
fn virsh_loses<'a>(lits: &[&'a str]) -> Option<&'a str> {
    let mut at = 0;
    while let Some(word) = lits.get(at) {
        if *word == "--" {
            at += 1;
            break;
        }
        if !word.starts_with('-') || *word == "-" {
            break;
        }
        let long_takes_next = VIRSH_VALUED_LONG.contains(word);
        let short_takes_next = !word.starts_with("--")
            && word
                .chars()
                .nth(1)
                .is_some_and(|c| VIRSH_VALUED_SHORT.contains(c))
            && word.len() == 2;
        at += if long_takes_next || short_takes_next {
            2
        } else {
            1
        };
    }
    let rest = lits.get(at..).unwrap_or_default();
    // (The first word, a word after a `;` word, and each command of a
    // word that holds a command string.)
    let commands = rest.iter().enumerate().flat_map(|(i, w)| {
        let starts = i == 0 || rest[i - 1] == ";";
        let string = w.contains([';', ' ', '\t', '\n']);
        let segments: Vec<&str> = match (starts, string) {
            (_, true) => w
                .split(';')
                .filter_map(|segment| segment.split_whitespace().next())
                .collect(),
            (true, false) => vec![*w],
            (false, false) => Vec::new(),
        };
        segments
    });
    commands
        .into_iter()
        .find(|command| VIRSH_LOSES.contains(command))
}

/// The command of each of qemu-io's `-c`/`--cmd` values.
fn qemu_io_commands<'a>(lits: &'a [&'a str]) -> impl Iterator<Item = &'a str> {
    lits.iter().enumerate().filter_map(|(i, w)| {
        let value = match *w {
            "-c" | "--cmd" => lits.get(i + 1).copied(),
            _ => w
                .strip_prefix("--cmd=")
                .or_else(|| w.strip_prefix("-c").filter(|v| !v.is_empty())),
        }?;
        value.split_whitespace().next()
    })
}
