//! Virtualization beyond Proxmox's own CLIs (blind corpus 93): libvirt's
//! `virsh` (libvirt 9.0, Debian 12; `tools/virsh.c`, `tools/vsh.c`,
//! `docs/manpages/virsh.rst`), read as its parsers read a line; QEMU's
//! lists of machines, CPUs and devices; the host checks `lxc-checkconfig`,
//! `virt-what` and `virt-host-validate`. Left out as reads: Incus and
//! LXD's client (a user alias in its `config.yml` may turn any word,
//! `list` among them, into `exec` or a program, and every run creates its
//! cache folders), VBoxManage (any command starts VBoxSVC, which writes
//! its log), `qemu-img check`/`map`/`snapshot -l` (they open the backing
//! chain an image's header names, any host's).
//!
//! virsh's global options end at the first word that is none (getopt's
//! `+`); one word after them is a command string, two or more are one
//! command and its arguments. Command names and their `--options` match
//! exactly, and a word that is no `--option` fills the command's next
//! positional slot, a setting's among them (`schedinfo web01
//! cpu_shares=512` sets it): each read keeps only as many words as it has
//! read slots. Left out: `-l`/`--log` (it writes a file), `-c` with any
//! URI but the local system's (a URI's `command=` or `ext` transport runs
//! a program, and a host may be any), `connect`, `cd`, the edit family,
//! `console`, `qemu-*`, `screenshot`, `dump`, `vol-download`,
//! `secret-get-value`, `domcapabilities` (its emulator is run to probe
//! it), and every option that sets or reveals: `--security-info`,
//! `--migratable`, `--include-password`, `--period`, `--completed`,
//! setters of the tuning commands.

use super::*;

/// A libvirt connection URI to this host's own system daemon.
fn local_uri(value: &str) -> bool {
    matches!(
        value,
        "qemu:///system" | "lxc:///system" | "test:///default"
    )
}

/// virsh's global options (`virshParseArgv`): not `-l`/`--log`.
const VIRSH_GLOBAL: Spec = Spec {
    flags: "hqrtvV",
    valued: "cdekK",
    long: &["help", "quiet", "readonly", "timing"],
    long_valued: &[
        "connect",
        "debug",
        "escape",
        "keepalive-interval",
        "keepalive-count",
    ],
    long_optional: &["version"],
    checked: &[("c", local_uri), ("connect", local_uri)],
    permute: false,
    ..Spec::GNU
};

/// Switches of virsh's reads that only choose what to show.
const VIRSH_SHOW_FLAGS: &[&str] = &[
    "help",
    "inactive",
    "all",
    "transient",
    "persistent",
    "with-snapshot",
    "without-snapshot",
    "with-checkpoint",
    "without-checkpoint",
    "state-running",
    "state-paused",
    "state-shutoff",
    "state-other",
    "autostart",
    "no-autostart",
    "with-managed-save",
    "without-managed-save",
    "uuid",
    "name",
    "id",
    "table",
    "managed-save",
    "title",
    "reason",
    "human",
    "details",
    "pretty",
    "config",
    "live",
    "current",
    "full",
    "raw",
    "bytes",
    "info",
    "anystats",
    "rawstats",
    "update-cpu",
    "wrap",
    "daemon",
    "total",
    "physical",
    "parent",
    "roots",
    "tree",
    "topological",
    "descendants",
    "leaves",
    "no-leaves",
    "active",
    "disk-only",
    "internal",
    "external",
    "metadata",
    "no-metadata",
    "no-domain",
    "size",
    "maximum",
    "guest",
    "user",
    "os",
    "timezone",
    "hostname",
    "filesystem",
    "disk",
    "ephemeral",
    "no-ephemeral",
    "private",
    "no-private",
    "state",
    "cpu-total",
    "balloon",
    "vcpu",
    "block",
    "perf",
    "iothread",
    "memory",
    "dirtyrate",
    "vm",
    "enforce",
    "backing",
    "nowait",
    "list-active",
    "list-inactive",
    "list-persistent",
    "list-transient",
    "list-running",
    "list-paused",
    "list-shutoff",
    "list-other",
];

/// A read with no slot that sets anything: its data words name what to
/// show (a domain, a device, a pool, a cell).
const VIRSH_SHOW: Spec = Spec {
    long: VIRSH_SHOW_FLAGS,
    long_valued: &[
        "domain",
        "xpath",
        "pool",
        "type",
        "from",
        "source",
        "interface",
        "device",
        "network",
        "vol",
        "cellno",
        "pagesize",
        "cpu",
        "start",
        "count",
        "mac",
    ],
    operands: Operands::AtMost(4),
    ..Spec::GNU
};

/// A tuning command shown, not set: the domain alone, with no named slot
/// (`schedinfo --domain d x=1` sets `x`).
const VIRSH_TUNING: Spec = Spec {
    long: &["help", "config", "live", "current"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// `domtime DOMAIN [--pretty]` (a second word sets the clock).
const VIRSH_DOMTIME: Spec = Spec {
    long: &["help", "pretty"],
    ..VIRSH_TUNING
};

/// `snapshot-current DOMAIN [--name]` (a second word makes it current).
const VIRSH_SNAPSHOT_CURRENT: Spec = Spec {
    long: &["help", "name"],
    ..VIRSH_TUNING
};

/// `vcpupin DOMAIN [VCPU]` (a third word pins it).
const VIRSH_VCPUPIN: Spec = Spec {
    operands: Operands::AtMost(2),
    ..VIRSH_TUNING
};

/// `blockjob DOMAIN PATH [--info]` (a third word sets its bandwidth).
const VIRSH_BLOCKJOB: Spec = Spec {
    long: &["help", "info", "raw", "bytes"],
    operands: Operands::AtMost(2),
    ..Spec::GNU
};

/// virsh(1), libvirt 9.0: its reads.
const VIRSH: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list|dominfo|domstate|domblkinfo|domblklist|domblkstat|domiflist|\
                        domifstat|domif-getlink|domcontrol|domblkerror|domstats|domifaddr|\
                        vcpuinfo|vcpucount|domjobinfo|dumpxml|domdisplay|vncdisplay|ttyconsole|\
                        domid|domname|domuuid|domhostname|domfsinfo|guestinfo|cpu-stats|\
                        capabilities|sysinfo|nodeinfo|hostname|uri|version|nodecpumap|\
                        nodecpustats|nodememstats|freecell|freepages|maxvcpus|snapshot-list|\
                        snapshot-info|snapshot-parent|snapshot-dumpxml|checkpoint-list|\
                        checkpoint-info|checkpoint-parent|checkpoint-dumpxml|net-list|net-info|\
                        net-dumpxml|net-dhcp-leases|net-name|net-uuid|net-port-list|\
                        net-port-dumpxml|pool-list|pool-info|pool-dumpxml|pool-name|pool-uuid|\
                        vol-list|vol-info|vol-dumpxml|vol-path|vol-key|vol-name|vol-pool|\
                        iface-list|iface-dumpxml|iface-name|iface-mac|nodedev-list|\
                        nodedev-dumpxml|nodedev-info|nwfilter-list|nwfilter-dumpxml|\
                        nwfilter-binding-list|nwfilter-binding-dumpxml|secret-list|\
                        secret-dumpxml|help|migrate-getspeed|migrate-getmaxdowntime",
                spec: Some(&VIRSH_SHOW),
            },
            Verb {
                names: "schedinfo|memtune|blkiotune|numatune|perf|emulatorpin|dommemstat|\
                        iothreadinfo",
                spec: Some(&VIRSH_TUNING),
            },
            Verb {
                names: "domtime",
                spec: Some(&VIRSH_DOMTIME),
            },
            Verb {
                names: "snapshot-current",
                spec: Some(&VIRSH_SNAPSHOT_CURRENT),
            },
            Verb {
                names: "vcpupin",
                spec: Some(&VIRSH_VCPUPIN),
            },
            Verb {
                names: "blockjob",
                spec: Some(&VIRSH_BLOCKJOB),
            },
        ],
        bare_ok: false,
    },
    ..VIRSH_GLOBAL
};

/// A QEMU option's value that asks for its list of choices (`-cpu help`,
/// `-device virtio-net-pci,help`, `-machine ?`): QEMU prints it and exits
/// before it builds a machine.
fn qemu_help(value: &str) -> bool {
    match value.rsplit_once(',') {
        Some((name, last)) => {
            qemu_list(last)
                && !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        }
        None => qemu_list(value),
    }
}

/// An option's bare `help` (`-cpu help`): the list of its choices.
fn qemu_list(value: &str) -> bool {
    matches!(value, "help" | "?")
}

/// qemu-system-x86_64(1) (pve-qemu-kvm 8.1, QEMU's `-help`): only its
/// version, its help and the lists its options print for `help`.
const QEMU_SYSTEM: Spec = Spec {
    long: &["help", "version"],
    long_valued: &[
        "machine", "cpu", "device", "accel", "display", "audiodev", "netdev",
    ],
    // (`-cpu MODEL,help` is no list: QEMU goes on to build the machine;
    // review 81.)
    checked: &[
        ("machine", qemu_help),
        ("cpu", qemu_list),
        ("device", qemu_help),
        ("accel", qemu_help),
        ("display", qemu_list),
        ("audiodev", qemu_list),
        ("netdev", qemu_list),
    ],
    required: &[
        "help", "version", "machine", "cpu", "device", "accel", "display", "audiodev", "netdev",
    ],
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::GNU
};

/// lxc-checkconfig(1), lxc 5.0: a script that greps the kernel's
/// configuration and lists cgroup mounts; it takes no arguments.
const LXC_CHECKCONFIG: Spec = Spec {
    operands: Operands::None,
    ..Spec::GNU
};

/// virt-what(1), 1.25: which hypervisor this runs under (it reads
/// `/proc`, `/sys` and dmidecode's tables).
const VIRT_WHAT: Spec = Spec {
    long: &["help", "version"],
    operands: Operands::None,
    ..Spec::GNU
};

/// virt-host-validate(1), libvirt 9.0: whether this host can run guests
/// of one kind (`qemu`, `lxc`).
const VIRT_HOST_VALIDATE: Spec = Spec {
    flags: "hqv",
    long: &["help", "quiet", "version"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["virsh"],
        spec: &VIRSH,
        read_only: &[
            "virsh list --all",
            "virsh -r list --state-running --name",
            "virsh dominfo web01",
            "virsh domblkinfo web01 vda --human",
            "virsh -c qemu:///system dumpxml --inactive db01",
            "virsh net-dhcp-leases default",
            "virsh vol-info --pool default web01.qcow2",
            "virsh snapshot-list web01 --tree",
            "virsh schedinfo web01",
            "virsh memtune db01 --live",
            "virsh domtime web01 --pretty",
            "virsh snapshot-current web01 --name",
            "virsh vcpupin web01 0",
            "virsh blockjob web01 vda --info",
            "virsh domstats --vcpu --balloon --block web01",
        ],
        not: &[
            "virsh",
            "virsh -l /tmp/virsh.log list",
            "virsh --log=/tmp/x list",
            "virsh -c qemu+ssh://root@pve2/system list",
            "virsh -c 'qemu+ext:///system?command=/tmp/x' list",
            "virsh --conn qemu:///system list",
            "virsh 'list; destroy web01'",
            "virsh dumpxml --security-info web01",
            "virsh dumpxml --migratable web01",
            "virsh domdisplay --include-password web01",
            "virsh schedinfo web01 cpu_shares=512",
            "virsh schedinfo --domain web01 cpu_shares=512",
            "virsh schedinfo web01 --set cpu_shares=512",
            "virsh memtune web01 1048576",
            "virsh domtime web01 1700000000",
            "virsh domtime web01 --sync",
            "virsh snapshot-current web01 pre-upgrade",
            "virsh vcpupin web01 0 1-3",
            "virsh blockjob web01 vda 100",
            "virsh blockjob web01 vda --abort",
            "virsh dommemstat web01 --period 5",
            "virsh domjobinfo web01 --completed",
            "virsh secret-get-value 0f5d",
            "virsh screenshot web01",
            "virsh destroy web01",
            "virsh domcapabilities --emulatorbin /tmp/x",
            "virsh perf web01 --enable cmt",
            "virsh list --all -l /tmp/x",
        ],
    },
    Entry {
        names: &["qemu-system-x86_64", "qemu-system-aarch64", "kvm"],
        spec: &QEMU_SYSTEM,
        read_only: &[
            "qemu-system-x86_64 -machine help",
            "kvm -cpu help",
            "/usr/bin/kvm -cpu help",
            "qemu-system-x86_64 -device help",
            "qemu-system-x86_64 -device virtio-net-pci,help",
            "qemu-system-x86_64 -version",
        ],
        not: &[
            "kvm",
            "kvm -cpu host",
            "qemu-system-x86_64 -machine help -hda /dev/sda",
            "kvm -cpu help -readconfig /tmp/x.cfg",
            "qemu-system-x86_64 -device virtio-net-pci,netdev=n0,help",
            "qemu-system-x86_64 -netdev user,id=n0,help",
            "kvm -cpu host,help",
        ],
    },
    Entry {
        names: &["lxc-checkconfig"],
        spec: &LXC_CHECKCONFIG,
        read_only: &["lxc-checkconfig"],
        not: &["lxc-checkconfig /tmp/x"],
    },
    Entry {
        names: &["virt-what"],
        spec: &VIRT_WHAT,
        read_only: &["virt-what"],
        not: &["virt-what --test-root=/tmp/x"],
    },
    Entry {
        names: &["virt-host-validate"],
        spec: &VIRT_HOST_VALIDATE,
        read_only: &["virt-host-validate", "virt-host-validate qemu", "virt-host-validate -q lxc"],
        not: &["virt-host-validate qemu lxc"],
    },
];
