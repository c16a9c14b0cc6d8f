//! Administration tools an operator reads a Proxmox host (or a Debian
//! guest) with that the other families do not cover (Debian 12 bookworm:
//! qemu-utils 7.2, net-tools 2.10, nfs-common 2.6.2, nfs-kernel-server,
//! wireguard-tools 1.0.20210914, xfsprogs 6.1.0, systemd 252, efibootmgr
//! 17, open-iscsi 2.1.8, lvm2 2.03.16, lxc 5.0.2, at
//! 3.2.5, ebtables 2.0.11, shadow 4.13 `chage -l`/`passwd -S`; Proxmox VE
//! 8/9's pve8to9/pve7to8, Ceph's rados, pve-qemu's vma). Each entry keeps
//! only the listing and checking forms: no repair (`qemu-img check -r`,
//! `xfs_repair` without `-n`), no setting (`arp -s`, `route add`, `wg
//! set`), no `wg showconf` (it prints the private key), no `--object` or
//! `--config` (they load or point at code), no output file
//! (`lvmconfig --file`). `lslogins` is left out: it takes the password
//! database's lock (`/etc/.pwd.lock`), a write the syscall oracle caught.

use super::*;

/// `qemu-img info FILE`: `-U` reads an image in use. `info` opens the
/// image alone (`BDRV_O_NO_BACKING`); `check`, `map` and `info
/// --backing-chain` open its backing chain too, whose names come from the
/// image's header and may be network addresses (`nbd://`, `json:{…}`,
/// `rbd:…:mon_host=…`): a host the command never names.
const QEMU_IMG_READ: Spec = Spec {
    flags: "qU",
    valued: "f",
    long: &["force-share", "help"],
    long_valued: &["output"],
    ..Spec::GNU
};

/// `qemu-img check|map|measure|compare IMAGE…`, `snapshot -l IMAGE` of
/// the qcow2 disks Proxmox allocates ([`proxmox_image`]): they open the
/// backing chain too, and a disk Proxmox made has none but its template's
/// base on the same storage (imports are converted, their headers written
/// anew; the guest writes the image's data, never its header). Not a raw
/// volume or file: its first sector is the guest's, and qemu-img probes
/// a format there (a forged qcow2 header names any backing file, an NBD
/// server outside; review 111). Without `-r` (`check -r` repairs), `-w`
/// or an output file; `-l` is the listing (`-a`, `-c`, `-d` apply,
/// create, delete).
const QEMU_IMG_CHAIN: Spec = Spec {
    flags: "qUslp",
    valued: "fFOoT",
    long: &["force-share", "help"],
    long_valued: &["output", "start-offset", "max-length", "size", "format"],
    checked: &[
        ("o", plain_image_options),
        ("O", plain_format),
        ("f", |v| v == "qcow2"),
        ("F", |v| v == "qcow2"),
        ("format", |v| v == "qcow2"),
    ],
    operands: Operands::Names {
        at_most: 2,
        test: proxmox_image,
    },
    ..Spec::GNU
};

/// `snapshot` lists only with `-l`.
const QEMU_IMG_SNAPSHOTS: Spec = Spec {
    required: &["l"],
    ..QEMU_IMG_CHAIN
};

/// A qcow2 disk image as Proxmox VE's directory storages name and place
/// it: `(vm|base)-VMID-disk-N.qcow2` in `images/VMID/` of `/var/lib/vz`
/// or `/mnt/pve/STORAGE`.
fn proxmox_image(path: &str) -> bool {
    let Some((folder, name)) = path.rsplit_once('/') else {
        return false;
    };
    let Some(stem) = name.strip_suffix(".qcow2") else {
        return false;
    };
    let disk = |stem: &str, vmid: Option<&str>| {
        let Some(rest) = stem
            .strip_prefix("vm-")
            .or_else(|| stem.strip_prefix("base-"))
        else {
            return false;
        };
        let Some((id, n)) = rest.split_once("-disk-") else {
            return false;
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        digits(id) && digits(n) && vmid.is_none_or(|v| v == id)
    };
    let plain = !path.contains(['$', '`', '*', '?', '[', '\\', ' '])
        && !path.contains("/..")
        && !path.contains("/./")
        && !path.contains("//");
    let parts: Vec<&str> = folder.split('/').collect();
    let stored = match parts.as_slice() {
        ["", "var", "lib", "vz", "images", vmid] | ["", "mnt", "pve", _, "images", vmid] => {
            disk(stem, Some(vmid))
        }
        _ => false,
    };
    plain && stored
}

/// `-O FORMAT`: an image format's name.
fn plain_format(value: &str) -> bool {
    matches!(
        value,
        "raw" | "qcow2" | "vmdk" | "vdi" | "vhdx" | "vpc" | "qed"
    )
}

/// `measure -o`: the output image's creation settings, no file named
/// (`data_file=`, `backing_file=` would be opened).
fn plain_image_options(value: &str) -> bool {
    value.split(',').all(|o| {
        matches!(
            o.split_once('=').map(|(k, _)| k),
            Some(
                "cluster_size"
                    | "preallocation"
                    | "compat"
                    | "lazy_refcounts"
                    | "refcount_bits"
                    | "extended_l2"
                    | "compression_type"
                    | "subformat"
            )
        )
    })
}

/// qemu-img(1), qemu-utils 7.2.
const QEMU_IMG: Spec = Spec {
    flags: "hV",
    long: &["help", "version"],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info",
                spec: Some(&QEMU_IMG_READ),
            },
            Verb {
                names: "check|map|measure|compare",
                spec: Some(&QEMU_IMG_CHAIN),
            },
            Verb {
                names: "snapshot",
                spec: Some(&QEMU_IMG_SNAPSHOTS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// systemd-cgls(1), systemd 252: the control group tree.
const SYSTEMD_CGLS: Spec = Spec {
    flags: "ahklu",
    long: &[
        "all",
        "full",
        "help",
        "no-pager",
        "version",
        "user-unit",
        "unit",
    ],
    long_valued: &["xattr", "cgroup-id"],
    ..Spec::GNU
};

/// arp(8), net-tools 2.10: the table, not `-d`, `-s`, `-f`.
const ARP: Spec = Spec {
    flags: "aenv",
    valued: "HitA",
    long: &["all", "numeric", "verbose"],
    long_valued: &["hw-type", "device", "protocol"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// route(8), net-tools 2.10: showing only (`add`/`del` are operands).
const ROUTE: Spec = Spec {
    flags: "CFeNnv",
    valued: "A",
    long: &["extend", "fib", "cache", "numeric", "verbose"],
    operands: Operands::None,
    ..Spec::GNU
};

/// showmount(8), nfs-common 2.6.2: asks a server what it exports (the
/// host operand is checked for egress).
const SHOWMOUNT: Spec = Spec {
    flags: "adehv",
    long: &[
        "all",
        "directories",
        "exports",
        "help",
        "version",
        "no-headers",
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// needrestart(1), needrestart 3.6: what needs a restart after an
/// upgrade, in list-only mode (`-r l`; the rules require it: another mode,
/// or the configuration's, restarts services). Not `-c` (its
/// configuration is Perl), `-f`, `-u` (front-ends).
const NEEDRESTART: Spec = Spec {
    flags: "bkplqvnwo",
    valued: "rm",
    checked: &[("r", |v| v == "l"), ("m", |v| matches!(v, "a" | "e"))],
    operands: Operands::None,
    ..Spec::POSIX
};

/// ncdu(1), ncdu 1.18: sizes of a tree, names only. Not `-o FILE` (but
/// `-o -`, the listing to standard output), `-f` (reads an export), `-X`
/// (a file of patterns), `-e` (reads every file's extended attributes:
/// still names, but not needed).
const NCDU: Spec = Spec {
    flags: "hqvxrL0123",
    // (`-f -`: an export read from the input instead of a scan, from
    // `ssh pve2 'ncdu -x -o - /'`; blind corpus 201. Not a file: the
    // table's own refusal of `-f FILE`.)
    valued: "of",
    long: &[
        "si",
        "exclude-kernfs",
        "exclude-caches",
        "confirm-quit",
        "no-confirm-quit",
        "help",
        "version",
    ],
    long_valued: &["exclude", "color", "graph-style"],
    checked: &[("o", |v| v == "-"), ("f", |v| v == "-")],
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// slabtop(1), procps-ng 4.0.2: the kernel's slab caches, once (`-o`;
/// without it a full-screen display that runs until quit).
const SLABTOP: Spec = Spec {
    flags: "oVh",
    valued: "ds",
    long: &["once", "version", "help"],
    long_valued: &["delay", "sort"],
    operands: Operands::None,
    ..Spec::GNU
};

/// rpcinfo(8), rpcbind 1.2.6 (getopt "a:bdlmn:pstT:u"): what a host's
/// portmapper has registered (`-p`, `-s`, `-m`, a bare host). Not `-d`
/// (unregisters a service), `-b` (calls every host on the network), nor
/// the calls made to a program itself (`-u`, `-t`, `-l`, `-a`, `-T`).
/// rpcinfo(8): the portmapper's list, and `-t`/`-u` a program's NULL
/// call (`rpcinfo -t nas nfs 4`; blind corpus 57).
const RPCINFO: Spec = Spec {
    flags: "psmtu",
    operands: Operands::AtMost(3),
    ..Spec::GNU
};

const ONE_OPERAND: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// `wg show IFACE FIELD`: the fields without a key of the host's (not
/// `private-key`, `preshared-keys`, `dump`).
const WG_FIELD: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "public-key|listen-port|fwmark|peers|endpoints|allowed-ips|\
                    latest-handshakes|persistent-keepalive|transfer",
            spec: Some(&NO_OPERANDS),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `wg show [IFACE|all|interfaces] [FIELD]`.
const WG_SHOW: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "*",
            spec: Some(&WG_FIELD),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// wg(8): `show [IFACE [FIELD]]` hides private keys; not `showconf`,
/// `set`, `setconf`, `genkey`, `pubkey` (reads a private key).
const WG: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "show",
                spec: Some(&WG_SHOW),
            },
            Verb {
                names: "help",
                spec: Some(&ONE_OPERAND),
            },
            // (`pubkey`: the public half of the private key on its input.)
            Verb {
                names: "pubkey",
                spec: Some(&NO_OPERANDS_WG),
            },
        ],
        bare_ok: true,
    },
    ..Spec::POSIX
};

const NO_OPERANDS_WG: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// xfs_info(8), xfsprogs 6.1.0.
const XFS_INFO: Spec = Spec {
    flags: "V",
    valued: "t",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// xfs_repair(8) checks without `-n`? No: without `-n` it repairs, which
/// the loss rules make destructive; with it, it only reports. Not `-L`
/// (zeroes the log), `-c` (upgrades features), `-d`.
const XFS_REPAIR: Spec = Spec {
    flags: "fnPvV",
    valued: "lmr",
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// `udevadm info`: not `-c`/`--cleanup-db`.
const UDEVADM_INFO: Spec = Spec {
    flags: "aderthxPVw",
    valued: "qpn",
    long: &[
        "attribute-walk",
        "device-id-of-file",
        "export",
        "export-db",
        "help",
        "root",
        "tree",
        "version",
        "wait-for-initialization",
    ],
    long_valued: &[
        "query",
        "path",
        "name",
        "property",
        "export-prefix",
        "json",
        "subsystem-match",
        "subsystem-nomatch",
        "attr-match",
        "attr-nomatch",
        "property-match",
        "tag-match",
        "sysname-match",
        "name-match",
        "parent-match",
        "initialized-match",
        "initialized-nomatch",
    ],
    ..Spec::GNU
};

/// udevadm(8), systemd 252: `info` only.
const UDEVADM: Spec = Spec {
    flags: "hV",
    long: &["help", "version"],
    permute: false,
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info",
                spec: Some(&UDEVADM_INFO),
            },
            Verb {
                names: "monitor",
                spec: Some(&UDEVADM_MONITOR),
            },
            Verb {
                names: "settle",
                spec: Some(&UDEVADM_SETTLE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// `udevadm monitor`: the kernel's and udev's events as they come
/// (blind corpus 100).
const UDEVADM_MONITOR: Spec = Spec {
    flags: "kuph",
    valued: "st",
    long: &["kernel", "udev", "property", "environment", "help"],
    long_valued: &["subsystem-match", "tag-match"],
    operands: Operands::None,
    ..Spec::GNU
};

/// `udevadm settle`: waits for the event queue to empty (not `-E FILE`,
/// which only names a file to wait for, harmless too, kept out for
/// want of a use).
const UDEVADM_SETTLE: Spec = Spec {
    flags: "h",
    valued: "t",
    long: &["help"],
    long_valued: &["timeout"],
    operands: Operands::None,
    ..Spec::GNU
};

/// efibootmgr(8) 17: printing the boot entries (every other option
/// changes them).
const EFIBOOTMGR: Spec = Spec {
    flags: "vV",
    long: &["verbose", "version", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// The modes iscsiadm lists in (not `discovery`, which sends).
/// (`discoverydb` shows its stored records: without `-D`/`--discover` it
/// sends nothing; blind corpus 140.)
fn iscsi_listing_mode(value: &str) -> bool {
    // Not `fw`: it prints the boot firmware's iSCSI record, CHAP secret included.
    matches!(value, "session" | "node" | "iface" | "host" | "discoverydb")
}

/// iscsiadm(8), open-iscsi 2.1.8: a mode with no operation lists, as
/// `-o show` does (the records' CHAP passwords masked; `-S` shows them).
/// The record named by `-T`, `-p`, `-t`, `-I`. Not `-o` with `new`,
/// `delete`, `update`, `nonpersistent`, nor `-l`, `-u`, `-D`, `-L`,
/// `-U`, `-R`, `-k`, `-n`/`-v`.
const ISCSIADM: Spec = Spec {
    valued: "mPrTptoI",
    long_valued: &[
        "mode",
        "print",
        "sid",
        "targetname",
        "portal",
        "type",
        "op",
        "interface",
    ],
    checked: &[
        ("m", iscsi_listing_mode),
        ("mode", iscsi_listing_mode),
        ("o", |v| v == "show"),
        ("op", |v| v == "show"),
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// nfsstat(8), nfs-utils 2.6.2 (not `-z`, which would zero counters).
const NFSSTAT: Spec = Spec {
    flags: "234clmnrsv",
    valued: "o",
    long: &[
        "server", "client", "nfs", "rpc", "list", "mounts", "verbose", "all", "auto",
    ],
    long_valued: &["since"],
    operands: Operands::None,
    ..Spec::GNU
};

/// exportfs(8): `-v`/`-s` list; `-a`, `-r`, `-u`, `-o`, `-i`, `-f` change
/// the exports.
const EXPORTFS: Spec = Spec {
    flags: "sv",
    operands: Operands::None,
    ..Spec::POSIX
};

/// lvmconfig(8), lvm2 2.03.16: not `--config` (settings that can name
/// programs), `--file` (writes), `--profile`, `--commandprofile`.
/// lvmdiskscan(8), lvm2 2.03.16: the devices LVM could use (`-l`: its
/// physical volumes only). Not `--config`, `--profile`,
/// `--commandprofile` (settings that can name programs).
const LVMDISKSCAN: Spec = Spec {
    flags: "ldqtv",
    long: &[
        "lvmpartition",
        "debug",
        "quiet",
        "test",
        "verbose",
        "help",
        "version",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// `lvm fullreport` (lvm2 2.03.16): every PV, VG, LV and segment in one
/// report, with the reporting options of pvs/vgs/lvs. `lvm` runs any
/// LVM command: only this verb, `version`, `formats`, `segtypes`,
/// `types`.
const LVM_FULLREPORT: Spec = Spec {
    flags: "aOdqtv",
    valued: "oS",
    long: &[
        "aligned",
        "binary",
        "foreign",
        "logonly",
        "nameprefixes",
        "noheadings",
        "nosuffix",
        "readonly",
        "rows",
        "unbuffered",
        "unquoted",
        "debug",
        "quiet",
        "verbose",
    ],
    long_valued: &[
        "configreport",
        "options",
        "reportformat",
        "select",
        "separator",
        "sort",
        "units",
    ],
    operands: Operands::Read,
    ..Spec::GNU
};
const LVM: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "fullreport|pvs|vgs|lvs",
                spec: Some(&LVM_FULLREPORT),
            },
            Verb {
                names: "version|formats|segtypes|types",
                spec: Some(&NO_WORDS_LVM),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};
const NO_WORDS_LVM: Spec = Spec {
    operands: Operands::None,
    ..Spec::GNU
};

/// pvck(8), lvm2 2.03.16: a physical volume's metadata checked, or
/// printed with `--dump headers|metadata|metadata_all|metadata_search|
/// metadata_area`. Not `-f`/`--file` (the dump written there, or read
/// for `backup_to_raw`), `--repair`, `--repairtype`.
const PVCK: Spec = Spec {
    flags: "dqtv",
    long: &["debug", "quiet", "test", "verbose", "help", "version"],
    long_valued: &["dump", "settings", "labelsector"],
    checked: &[("dump", |v| {
        matches!(
            v,
            "headers" | "metadata" | "metadata_all" | "metadata_search" | "metadata_area"
        )
    })],
    operands: Operands::Read,
    ..Spec::GNU
};

/// xfs_admin(8), xfsprogs 6.1: `-l` prints the label, `-u` the UUID
/// (through `xfs_db -r`). Not `-L`, `-U`, `-c`, `-e`, `-j`, `-p`, `-O`
/// (they write).
/// (The script passes its device through `eval`, xfsprogs'
/// `db/xfs_admin.sh`: only a plain path, `/dev/sdd1;reboot` runs reboot;
/// review 107.)
const XFS_ADMIN: Spec = Spec {
    flags: "lu",
    required: &["l", "u"],
    operands: Operands::Names {
        at_most: 1,
        test: |w| {
            w.starts_with('/')
                && w.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b'.'))
        },
    },
    ..Spec::POSIX
};

/// e4defrag(8), e2fsprogs 1.47.0: `-c` reports the fragmentation and
/// what a defragmentation would gain, moving nothing.
const E4DEFRAG: Spec = Spec {
    flags: "cv",
    required: &["c"],
    operands: Operands::Read,
    ..Spec::POSIX
};

const LVMCONFIG: Spec = Spec {
    flags: "l",
    long: &[
        "list",
        "mergedconfig",
        "validate",
        "withsummary",
        "withcomments",
        "withspaces",
        "unconfigured",
        "withversions",
        "ignoreadvanced",
        "ignoreunsupported",
        "ignorelocal",
        "showdeprecated",
        "showunsupported",
        "valuesonly",
    ],
    long_valued: &["type", "atversion", "sinceversion", "typeconfig"],
    ..Spec::GNU
};

/// lxc-ls(1), lxc 5.0.2.
const LXC_LS: Spec = Spec {
    flags: "1f",
    valued: "FgP",
    long: &[
        "line", "fancy", "active", "running", "frozen", "stopped", "defined",
    ],
    long_valued: &["fancy-format", "groups", "filter", "lxcpath"],
    long_optional: &["nesting"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// lxc-info(1), lxc 5.0.2.
const LXC_INFO: Spec = Spec {
    flags: "spiSH",
    valued: "ncP",
    long: &["state", "pid", "ips", "stats", "no-humanize"],
    long_valued: &["name", "config", "lxcpath"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// pve8to9/pve7to8 (Proxmox VE): the upgrade checklist, which only
/// reports. Not `--full`: it mounts every stopped container's volumes
/// on the host, without the configuration's lock (review 130).
const PVE_UPGRADE_CHECK: Spec = Spec {
    single_dash_long: true,
    operands: Operands::None,
    ..Spec::POSIX
};

/// rados(8), Ceph 17/18: pool usage, the pool list, and a pool's
/// object names (`ls` to standard output: its optional OUTFILE is not
/// taken). The pool (`-p`/`--pool`) and namespace (`-N`/`--namespace`)
/// may stand before or after the command (Ceph's own argument parser).
const RADOS: Spec = Spec {
    valued: "pN",
    long_valued: &["pool", "namespace"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "df|lspools",
                spec: Some(&NO_OPERANDS),
            },
            Verb {
                names: "ls",
                spec: Some(&RADOS_LS),
            },
            // (A scrub's findings, an object's size and time, its
            // watchers, the names of its attributes and omap keys, its
            // snapshots; not `get`, `getxattr`, `listomapvals`: what an
            // object holds, RGW's users' keys among them; blind corpus
            // 151.)
            Verb {
                names: "list-inconsistent-obj|list-inconsistent-pg|list-inconsistent-snapset\
                        |stat|stat2|listwatchers|listxattr|listomapkeys|listsnaps",
                spec: Some(&RADOS_OBJECT),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const RADOS_OBJECT: Spec = Spec {
    valued: "pN",
    long_valued: &["pool", "namespace", "format"],
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

const RADOS_LS: Spec = Spec {
    valued: "pN",
    long: &["all"],
    long_valued: &["pool", "namespace"],
    operands: Operands::None,
    ..Spec::POSIX
};

const VMA_READ: Spec = Spec {
    flags: "v",
    valued: "c",
    ..Spec::POSIX
};

/// vma (pve-qemu-kvm): a backup archive's checksum check; not `config`
/// (the guest's configuration as backed up, `cipassword` unmasked, as
/// `pvesm extractconfig` prints it; review 59), `extract` or `create`.
const VMA: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "verify",
            spec: Some(&VMA_READ),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// atq(1), at 3.2.5: the queue.
const ATQ: Spec = Spec {
    flags: "V",
    valued: "q",
    operands: Operands::None,
    ..Spec::POSIX
};

/// at(1), at 3.2.5: `-l`, the queue, as atq (blind corpus 213). Not `-c`:
/// a job's script holds the environment it was queued from, exported
/// whole (tokens and passwords an operator had set).
const AT_LIST: Spec = Spec {
    flags: "l",
    valued: "q",
    required: &["l"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// anacron(8), anacron 2.3: `-T`, the anacrontab checked (`-t FILE`
/// another one); it runs no job and touches no timestamp.
const ANACRON_TEST: Spec = Spec {
    flags: "T",
    valued: "t",
    required: &["T"],
    operands: Operands::None,
    ..Spec::POSIX
};

/// ebtables(8) 2.0.11: `-L` lists a table's chains.
const EBTABLES: Spec = Spec {
    flags: "L",
    valued: "t",
    long: &["list", "Ln", "Lc", "Lmac2"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// chage(1) `-l USER`: shown only with `-l` (the rules check it; without
/// it chage asks for new values).
const CHAGE: Spec = Spec {
    flags: "hl",
    long: &["help", "list"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// passwd(1) `-S [-a] [USER]`: the status line only (the rules check
/// `-S`).
const PASSWD: Spec = Spec {
    flags: "Sa",
    long: &["status", "all"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

const BUSCTL_READ: Spec = Spec {
    flags: "l",
    long: &["no-pager", "full", "system"],
    // Whether a message may start its service (the rules refuse a
    // service started that way, see `programs::system`).
    long_valued: &["auto-start"],
    ..Spec::GNU
};

/// busctl(1), systemd 252: listing and introspecting calls no method; not
/// `call`, `set-property`, `emit`, `capture`, `monitor` with a machine.
const BUSCTL: Spec = Spec {
    // Its options may come before the verb too (getopt permutes).
    flags: BUSCTL_READ.flags,
    long: BUSCTL_READ.long,
    long_valued: BUSCTL_READ.long_valued,
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|status|tree|introspect|get-property|help",
            spec: Some(&BUSCTL_READ),
        }],
        bare_ok: true,
    },
    ..Spec::POSIX
};

const ONE_NAME: Spec = Spec {
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// fail2ban-client(1), fail2ban 1.0.2: `status [JAIL]`, `ping`. Not `-d`:
/// it dumps the whole configuration, jail actions' API keys and mail
/// passwords included, before any verb.
const FAIL2BAN_CLIENT: Spec = Spec {
    // (`-t`: the configuration tested, then exit; blind corpus 84.)
    flags: "hVqvt",
    long: &["test"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status|ping|version|banned",
                spec: Some(&ONE_NAME),
            },
            Verb {
                names: "get",
                spec: Some(&FAIL2BAN_GET),
            },
        ],
        bare_ok: true,
    },
    ..Spec::POSIX
};

/// `fail2ban-client get [JAIL] SETTING`: the server's or a jail's
/// settings (`get sshd bantime`, `get loglevel`). Not an action's
/// (`action`, `actionproperties`, `actionmethods`: an action's
/// properties hold its API keys and passwords).
const FAIL2BAN_GET: Spec = Spec {
    // (`get JAIL banip --with-time`: each ban's time and end.)
    long: &["with-time"],
    operands: Operands::Names {
        at_most: 2,
        test: fail2ban_setting,
    },
    ..Spec::POSIX
};

/// A jail's or setting's name, no action's.
fn fail2ban_setting(word: &str) -> bool {
    !word.is_empty()
        && !word.to_ascii_lowercase().starts_with("action")
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

const TAILSCALE_STATUS: Spec = Spec {
    flags: "146",
    // Not `--web` (serves a status page until stopped) nor `--browser`
    // (opens one: runs `xdg-open`).
    // Go's `flag`: a boolean takes `=false` (never the next word).
    long_optional: &["json", "peers", "self", "active"],
    operands: Operands::AtMost(1),
    single_dash_long: true,
    ..Spec::POSIX
};

/// `tailscale serve status`, `funnel status` (not `serve` or `funnel`
/// with a port or a path: they publish it).
const TAILSCALE_SERVE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&TAILSCALE_STATUS),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// `tailscale exit-node list [--filter=COUNTRY]`.
const TAILSCALE_EXIT_LIST: Spec = Spec {
    long_valued: &["filter"],
    operands: Operands::None,
    single_dash_long: true,
    ..Spec::POSIX
};

/// `tailscale dns status [--all]`.
const TAILSCALE_DNS_STATUS: Spec = Spec {
    long_optional: &["all", "json"],
    operands: Operands::None,
    single_dash_long: true,
    ..Spec::POSIX
};

verbs_then!(TAILSCALE_EXIT, "list", TAILSCALE_EXIT_LIST, false);
verbs_then!(TAILSCALE_LOCK, "status", TAILSCALE_STATUS, false);
verbs_then!(TAILSCALE_DNS, "status", TAILSCALE_DNS_STATUS, false);

/// `tailscale switch --list` (without it, `switch` changes the account).
const TAILSCALE_SWITCH: Spec = Spec {
    long_optional: &["list"],
    operands: Operands::None,
    single_dash_long: true,
    ..Spec::POSIX
};

/// tailscale(1), 1.7x: `status`, `ip`, `version`, the exit nodes, tailnet
/// lock's and DNS's status, the accounts (not `netcheck`, which asks
/// servers on the internet, nor `up`/`down`/`set`).
const TAILSCALE: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "exit-node",
                spec: Some(&TAILSCALE_EXIT),
            },
            Verb {
                names: "lock",
                spec: Some(&TAILSCALE_LOCK),
            },
            Verb {
                names: "dns",
                spec: Some(&TAILSCALE_DNS),
            },
            Verb {
                names: "switch",
                spec: Some(&TAILSCALE_SWITCH),
            },
            Verb {
                names: "status|ip|version|whois",
                spec: Some(&TAILSCALE_STATUS),
            },
            Verb {
                names: "serve|funnel",
                spec: Some(&TAILSCALE_SERVE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// nvidia-smi(1), driver 535: queries only (not `-pm`, `-pl`, `-r`, `-c`,
/// `-e`, `-ac`, `--gpu-reset`, which set or reset); its monitors and
/// reports (`topo -m`, `dmon`, `pmon` without `-f FILE`, `nvlink` status
/// and counters without `-r`). Not `mig`: its own parser reads `-cgi`
/// (create) as one word that a cluster of flags would hide.
const NVIDIA_SMI: Spec = Spec {
    flags: "qLx",
    valued: "idl",
    long: &["query", "list-gpus", "xml-format"],
    long_valued: &[
        "query-gpu",
        "query-compute-apps",
        "query-accounted-apps",
        "query-supported-clocks",
        "format",
        "id",
        "display",
        "loop",
        "loop-ms",
    ],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "topo",
                spec: Some(&NVIDIA_SMI_TOPO),
            },
            Verb {
                names: "dmon|pmon",
                spec: Some(&NVIDIA_SMI_MON),
            },
            Verb {
                names: "nvlink",
                spec: Some(&NVIDIA_SMI_NVLINK),
            },
        ],
        bare_ok: true,
    },
    ..Spec::GNU
};
const NVIDIA_SMI_TOPO: Spec = Spec {
    flags: "m",
    valued: "i",
    long: &["matrix"],
    operands: Operands::None,
    ..Spec::GNU
};
const NVIDIA_SMI_MON: Spec = Spec {
    valued: "icdso",
    operands: Operands::None,
    ..Spec::GNU
};
const NVIDIA_SMI_NVLINK: Spec = Spec {
    // (Its own parser reads `-sc` as "set control": no clusters; review 71.)
    flags: "s",
    valued: "ig",
    long: &["status", "capabilities", "pcibusid", "errorcounters"],
    operands: Operands::None,
    ..Spec::GNU
};

/// rocm-smi (ROCm 6): its `--show…` reports and output formats (argparse,
/// long options exactly as written). Not `-r`, `--set…`, `--reset…`,
/// `--gpureset`, `--save`, `--load`, `--ras…`.
const ROCM_SMI: Spec = Spec {
    flags: "aivftuPbcglMmopSs",
    valued: "d",
    long: &[
        "alldevices",
        "showhw",
        "showallinfo",
        "showid",
        "showvbios",
        "showdriverversion",
        "showfwinfo",
        "showmclkrange",
        "showmemvendor",
        "showsclkrange",
        "showproductname",
        "showserial",
        "showuniqueid",
        "showvoltagerange",
        "showbus",
        "showfan",
        "showpower",
        "showtemp",
        "showuse",
        "showmemuse",
        "showvoltage",
        "showbw",
        "showclocks",
        "showgpuclocks",
        "showprofile",
        "showmaxpower",
        "showmemoverdrive",
        "showoverdrive",
        "showperflevel",
        "showclkvolt",
        "showclkfrq",
        "showpids",
        "showtopo",
        "showenergycounter",
        "json",
        "csv",
        "help",
    ],
    long_valued: &["showmeminfo", "device"],
    operands: Operands::None,
    abbrev: false,
    ..Spec::GNU
};

/// intel_gpu_top(1) (igt-gpu-tools 1.27): engines' use, listed or
/// sampled to standard output (not `-o FILE`).
const INTEL_GPU_TOP: Spec = Spec {
    flags: "hLJlp",
    valued: "sd",
    operands: Operands::None,
    ..Spec::POSIX
};

/// clinfo(1) 3.0: the OpenCL platforms and devices.
const CLINFO: Spec = Spec {
    flags: "lahv",
    long: &[
        "list",
        "all-props",
        "human",
        "raw",
        "json",
        "version",
        "help",
    ],
    operands: Operands::None,
    ..Spec::GNU
};

/// vulkaninfo (Vulkan tools 1.3): `--summary` only (`--html` and `--json`
/// write files in the working folder).
const VULKANINFO: Spec = Spec {
    flags: "h",
    long: &["summary", "help"],
    operands: Operands::None,
    ..Spec::GNU
};

/// dkms(8) 3.0: `status` of the modules it built.
const DKMS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status",
            spec: Some(&DKMS_STATUS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const DKMS_STATUS: Spec = Spec {
    valued: "mvk",
    long_valued: &["kernelver"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// lsinitramfs(8) (initramfs-tools 0.142): the files an initramfs holds.
const LSINITRAMFS: Spec = Spec {
    flags: "lh",
    operands: Operands::Read,
    ..Spec::POSIX
};

/// nvidia-container-cli (libnvidia-container 1.14): `info` and `list` of
/// the driver's files (not `configure`, nor `--load-kmods`, `--debug
/// FILE`).
const NVIDIA_CONTAINER_CLI: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "info",
                spec: Some(&NVIDIA_CONTAINER_INFO),
            },
            Verb {
                names: "list",
                spec: Some(&NVIDIA_CONTAINER_LIST),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};
const NVIDIA_CONTAINER_INFO: Spec = Spec {
    flags: "c",
    long: &["csv"],
    operands: Operands::None,
    ..Spec::GNU
};
const NVIDIA_CONTAINER_LIST: Spec = Spec {
    flags: "lbfic",
    long: &["libraries", "binaries", "firmwares", "ipcs", "compat32"],
    long_valued: &["device", "mig-config", "mig-monitor"],
    operands: Operands::None,
    ..Spec::GNU
};

/// nvidia-ctk (NVIDIA Container Toolkit 1.14): `cdi list`, `--version`.
const NVIDIA_CTK: Spec = Spec {
    long: &["version", "help"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "cdi",
            spec: Some(&NVIDIA_CTK_CDI),
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};
const NVIDIA_CTK_CDI: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list",
            spec: Some(&NVIDIA_CTK_NONE),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};
const NVIDIA_CTK_NONE: Spec = Spec {
    operands: Operands::None,
    ..Spec::GNU
};

/// mailq(1) and `postqueue -p`/`-j` (Postfix 3.7): the mail queue.
const MAILQ: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// (Not `-c DIR`: a configuration folder whose `daemon_directory` names
/// the `showq` that runs as root.)
const POSTQUEUE: Spec = Spec {
    flags: "pj",
    operands: Operands::None,
    ..Spec::POSIX
};

const COREDUMPCTL_READ: Spec = Spec {
    flags: "r1hq",
    valued: "nSUF",
    long: &["no-pager", "no-legend", "reverse", "quiet", "all"],
    long_valued: &["since", "until", "file", "directory", "json"],
    ..Spec::GNU
};

/// coredumpctl(1), systemd 252: `list`, `info` (not `dump` or `debug`,
/// which write the core or start a debugger).
const COREDUMPCTL: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|info",
            spec: Some(&COREDUMPCTL_READ),
        }],
        bare_ok: true,
    },
    // (Its options before the verb too: `coredumpctl --json=short list`;
    // blind corpus 123.)
    ..COREDUMPCTL_READ
};

/// run-parts(8), debianutils 5.7: `--test`/`--list` print what would run
/// (the rules make anything else destructive).
const RUN_PARTS: Spec = Spec {
    long: &["test", "list", "reverse", "lsbsysinit", "new-session"],
    long_valued: &["regex"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// logrotate(8) 3.21 in debug mode: it only prints what it would do
/// (the rule requires `-d`; without it logs rotate and scripts run). Not
/// `-f`, `-s` (a state file of its choosing), `-m`, `-l`.
/// (`-f` only with `-d`, the rule's test: debug mode changes no log and
/// no state file, logrotate(8) 3.21.)
const LOGROTATE: Spec = Spec {
    flags: "dvf",
    long: &["debug", "verbose", "force", "help", "version", "usage"],
    ..Spec::GNU
};

/// `net conf …`'s share and parameter names.
const NET_NAMES: Spec = Spec {
    operands: Operands::AtMost(2),
    ..Spec::POSIX
};

/// `net usershare list|info [-l] [NAME]`.
const NET_USERSHARE_LEAF: Spec = Spec {
    flags: "l",
    long: &["long"],
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

verbs_then!(
    NET_CONF,
    "list|listshares|showshare|getparm|getincludes",
    NET_NAMES,
    false
);
verbs_then!(NET_USERSHARE, "list|info", NET_USERSHARE_LEAF, false);

/// net(8), Samba 4.17: the registry configuration (`net conf`) and the
/// user shares, listed. Not `-U` (a user and its password), `-S`/`-I` (a
/// server), `-s` (another configuration file), `ads`/`rpc`/`rap` (they
/// ask a domain controller), nor any change (`setparm`, `addshare`,
/// `delshare`, `drop`, `import`, `usershare add|delete`).
const NET: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "conf",
                spec: Some(&NET_CONF),
            },
            Verb {
                names: "usershare",
                spec: Some(&NET_USERSHARE),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

/// testparm(1), Samba 4.17, on the configured smb.conf only (another
/// file's lines would be echoed in its warnings).
const TESTPARM: Spec = Spec {
    flags: "sv",
    long: &["suppress-prompt", "verbose", "show-all-parameters"],
    long_valued: &["section-name", "parameter-name"],
    operands: Operands::None,
    ..Spec::GNU
};

/// smbstatus(1), Samba 4.17: sessions, shares, locks. Not `-d` files.
const SMBSTATUS: Spec = Spec {
    flags: "bSLpvnfNBj",
    valued: "u",
    long: &[
        "brief",
        "shares",
        "locks",
        "processes",
        "verbose",
        "numeric",
        "fast",
        "notify",
        "byterange",
        "json",
        "resolve-uids",
    ],
    long_valued: &["user"],
    operands: Operands::None,
    ..Spec::GNU
};

/// pdbedit(8), Samba 4.17: the account list (`-L`, `-v`), or one
/// account. Not `-w`/`--smbpasswd-style` (prints the password hashes) nor
/// anything that adds, changes or deletes.
const PDBEDIT: Spec = Spec {
    flags: "Lv",
    valued: "u",
    long: &["list", "verbose"],
    long_valued: &["user"],
    operands: Operands::None,
    ..Spec::GNU
};

/// iotop(8) 0.6 in batch mode (`-b`: without a terminal it prints and
/// exits).
const IOTOP: Spec = Spec {
    flags: "boqPaktV",
    valued: "ndpu",
    long: &[
        "batch",
        "only",
        "quiet",
        "processes",
        "accumulated",
        "kilobytes",
        "time",
        "version",
    ],
    long_valued: &["iter", "delay", "pid", "user"],
    operands: Operands::None,
    ..Spec::GNU
};

/// su(1), util-linux 2.38, running one command as another user (the
/// wrapper rule judges the command). Not `-s` (another shell), `-l`/`-`
/// (a login shell runs startup files), `-w`.
const SU: Spec = Spec {
    flags: "mpP",
    valued: "cgG",
    long: &["preserve-environment", "pty"],
    long_valued: &["command", "group", "supp-group"],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["net"],
        spec: &NET,
        read_only: &[
            "net conf list",
            "net conf showshare media",
            "net usershare info --long",
            "net usershare list",
            "net conf getparm global workgroup",
        ],
        not: &[
            "net conf delshare media",
            "net conf setparm media read-only no",
            "net usershare delete media",
            "net ads info",
            "net -U admin%secret conf list",
            "net -s /tmp/smb.conf conf list",
            "net user",
            "net conf drop",
        ],
    },
    Entry {
        names: &["testparm"],
        spec: &TESTPARM,
        read_only: &["testparm -s", "testparm -sv --section-name media"],
        not: &["testparm -s /etc/shadow", "testparm /tmp/smb.conf"],
    },
    Entry {
        names: &["smbstatus"],
        spec: &SMBSTATUS,
        read_only: &["smbstatus -b", "smbstatus -S", "smbstatus --json"],
        not: &["smbstatus -d 10 -l /tmp/x"],
    },
    Entry {
        names: &["pdbedit"],
        spec: &PDBEDIT,
        read_only: &["pdbedit -L", "pdbedit -L -v", "pdbedit -Lv -u alice"],
        not: &["pdbedit -L -w", "pdbedit -a -u alice", "pdbedit -x alice"],
    },
    Entry {
        names: &["iotop"],
        spec: &IOTOP,
        read_only: &["iotop -boqn 3", "iotop -b -o -n 2 -d 1"],
        not: &["iotop -b --logfile /tmp/x"],
    },
    Entry {
        names: &["su"],
        spec: &SU,
        read_only: &["su postgres -c 'psql -c \"select 1\"'", "su postgres -c id"],
        not: &["su -s /tmp/x postgres", "su postgres -c 'rm -rf /srv'"],
    },
    Entry {
        names: &["logrotate"],
        spec: &LOGROTATE,
        read_only: &[
            "logrotate -d /etc/logrotate.d/nginx",
            "logrotate --debug /etc/logrotate.conf",
            "logrotate -d -f /etc/logrotate.d/pve",
        ],
        not: &[
            "logrotate /etc/logrotate.conf",
            "logrotate -f /etc/logrotate.d/nginx",
            "logrotate -d -s /tmp/x /etc/logrotate.conf",
        ],
    },
    Entry {
        names: &["run-parts"],
        spec: &RUN_PARTS,
        read_only: &[
            "run-parts --test /etc/cron.daily",
            "run-parts --list /etc/cron.weekly",
        ],
        not: &[
            "run-parts /etc/cron.daily",
            "run-parts --report /etc/cron.daily",
        ],
    },
    Entry {
        names: &["fail2ban-client"],
        spec: &FAIL2BAN_CLIENT,
        read_only: &[
            "fail2ban-client status",
            "fail2ban-client status sshd",
            "fail2ban-client ping",
            "fail2ban-client get sshd bantime",
            "fail2ban-client get loglevel",
            "fail2ban-client -t",
            "fail2ban-client banned",
            "fail2ban-client get sshd banip --with-time",
        ],
        not: &[
            "fail2ban-client stop",
            "fail2ban-client set sshd unbanip 1.2.3.4",
            "fail2ban-client reload",
            "fail2ban-client get sshd action abuseipdb abuseipdb_apikey",
            "fail2ban-client get sshd actionproperties abuseipdb",
            "fail2ban-client -d",
            "fail2ban-client -t start",
            "fail2ban-client -c /tmp/x status",
        ],
    },
    Entry {
        names: &["tailscale"],
        spec: &TAILSCALE,
        read_only: &[
            "tailscale status",
            "tailscale ip -4",
            "tailscale status --json",
            "tailscale exit-node list",
            "tailscale lock status",
            "tailscale dns status",
            "tailscale switch --list",
        ],
        not: &[
            "tailscale down",
            "tailscale up --ssh",
            "tailscale netcheck",
            "tailscale logout",
            "tailscale status --web",
            "tailscale status --browser --web",
            "tailscale switch work",
            "tailscale lock sign nodekey:abc",
            "tailscale exit-node suggest",
            "tailscale dns query example.com",
        ],
    },
    Entry {
        names: &["nvidia-smi"],
        spec: &NVIDIA_SMI,
        read_only: &[
            "nvidia-smi",
            "nvidia-smi -L",
            "nvidia-smi --query-gpu=name,temperature.gpu --format=csv",
        ],
        not: &[
            "nvidia-smi -pm 1",
            "nvidia-smi -r",
            "nvidia-smi --gpu-reset -i 0",
            "nvidia-smi dmon -f /tmp/x",
            "nvidia-smi nvlink -r 0",
            "nvidia-smi mig -cgi 9 -C",
            "nvidia-smi mig -lgip",
        ],
    },
    Entry {
        names: &["rocm-smi"],
        spec: &ROCM_SMI,
        read_only: &[
            "rocm-smi",
            "rocm-smi --showuse --showmemuse --showtemp",
            "rocm-smi -a --json",
        ],
        not: &[
            "rocm-smi --gpureset -d 0",
            "rocm-smi -r",
            "rocm-smi --setfan 50%",
            "rocm-smi --save /tmp/x",
            "rocm-smi --res",
        ],
    },
    Entry {
        names: &["intel_gpu_top"],
        spec: &INTEL_GPU_TOP,
        read_only: &["intel_gpu_top -L", "intel_gpu_top -J -s 1000"],
        not: &["intel_gpu_top -o /tmp/x"],
    },
    Entry {
        names: &["clinfo"],
        spec: &CLINFO,
        read_only: &["clinfo -l", "clinfo --json"],
        not: &["clinfo -x"],
    },
    Entry {
        names: &["vulkaninfo"],
        spec: &VULKANINFO,
        read_only: &["vulkaninfo --summary"],
        not: &["vulkaninfo --html", "vulkaninfo --json"],
    },
    Entry {
        names: &["dkms"],
        spec: &DKMS,
        read_only: &["dkms status", "dkms status -k 6.8.12-4-pve"],
        not: &[
            "dkms install nvidia/550.120",
            "dkms remove nvidia/550.120 --all",
            "dkms autoinstall",
        ],
    },
    Entry {
        names: &["lsinitramfs"],
        spec: &LSINITRAMFS,
        read_only: &[
            "lsinitramfs /boot/initrd.img-6.8.12-4-pve",
            "lsinitramfs -l /boot/initrd.img-6.8.12-4-pve",
        ],
        not: &["lsinitramfs --unpack /boot/initrd.img-6.8.12-4-pve"],
    },
    Entry {
        names: &["nvidia-container-cli"],
        spec: &NVIDIA_CONTAINER_CLI,
        read_only: &[
            "nvidia-container-cli info",
            "nvidia-container-cli list --libraries",
        ],
        not: &[
            "nvidia-container-cli --load-kmods info",
            "nvidia-container-cli configure --device=all /x",
        ],
    },
    Entry {
        names: &["nvidia-ctk"],
        spec: &NVIDIA_CTK,
        read_only: &["nvidia-ctk cdi list", "nvidia-ctk --version"],
        not: &[
            "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml",
            "nvidia-ctk runtime configure --runtime=docker",
        ],
    },
    Entry {
        names: &["mailq"],
        spec: &MAILQ,
        read_only: &["mailq"],
        not: &["mailq -q"],
    },
    Entry {
        names: &["postqueue"],
        spec: &POSTQUEUE,
        read_only: &["postqueue -p", "postqueue -j"],
        not: &["postqueue -f", "postqueue -i 1234ABC"],
    },
    Entry {
        names: &["coredumpctl"],
        spec: &COREDUMPCTL,
        read_only: &[
            "coredumpctl",
            "coredumpctl list --no-pager",
            "coredumpctl info 1234",
        ],
        not: &[
            "coredumpctl dump 1234 -o /tmp/core",
            "coredumpctl debug 1234",
        ],
    },
    Entry {
        names: &["busctl"],
        spec: &BUSCTL,
        read_only: &[
            "busctl list",
            "busctl tree org.freedesktop.hostname1",
            "busctl introspect --auto-start=no org.freedesktop.PackageKit /org/freedesktop/PackageKit",
            "busctl --auto-start=no introspect org.freedesktop.PackageKit /org/freedesktop/PackageKit",
            "busctl --no-pager tree org.freedesktop.hostname1",
            "busctl get-property org.freedesktop.hostname1 /org/freedesktop/hostname1 org.freedesktop.hostname1 Hostname",
        ],
        not: &[
            "busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager Reboot b false",
            "busctl set-property x / y z s w",
            // D-Bus activation starts the daemon (PackageKit may refresh
            // its caches over the network).
            "busctl introspect org.freedesktop.PackageKit /org/freedesktop/PackageKit",
            "busctl tree org.freedesktop.UDisks2",
            "busctl get-property --auto-start=yes org.freedesktop.PackageKit / x y",
            "busctl introspect --auto-start=no --auto-start=yes org.freedesktop.PackageKit /",
            "busctl --auto-start=no introspect --auto-start=yes org.freedesktop.PackageKit /",
            "busctl --auto-start=no call org.freedesktop.login1 / x.y Reboot b false",
        ],
    },
    Entry {
        names: &["qemu-img"],
        spec: &QEMU_IMG,
        read_only: &[
            "qemu-img info /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img info -U --output=json d.qcow2",
            "qemu-img check -U /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img check --output=json -U /mnt/pve/nas-nfs/images/110/vm-110-disk-0.qcow2",
            "qemu-img map --output=json -U /var/lib/vz/images/151/vm-151-disk-0.qcow2",
            "qemu-img map --start-offset=0 --max-length=1G /var/lib/vz/images/104/vm-104-disk-1.qcow2",
            "qemu-img measure -O raw /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img compare -p /var/lib/vz/images/102/vm-102-disk-0.qcow2 /mnt/pve/nas/images/102/vm-102-disk-0.qcow2",
            "qemu-img check --format qcow2 /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img snapshot -l /var/lib/vz/images/102/vm-102-disk-0.qcow2",
            "qemu-img check /var/lib/vz/images/9000/base-9000-disk-0.qcow2",
        ],
        not: &[
            "qemu-img check d.qcow2",
            "qemu-img check /var/tmp/import/d.qcow2",
            "qemu-img check /var/lib/vz/images/100/vm-101-disk-0.qcow2",
            "qemu-img check /var/lib/vz/images/100/../../../../tmp/vm-100-disk-0.qcow2",
            "qemu-img check -r leaks /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img snapshot -d s1 /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img snapshot /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img measure -O qcow2 -o data_file=/dev/sda /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img compare /var/lib/vz/images/100/vm-100-disk-0.qcow2 /tmp/x.qcow2",
            "qemu-img bench -w /dev/pve/vm-100-disk-0",
            "qemu-img map --output=json /dev/pve/vm-100-disk-0",
            "qemu-img measure -O qcow2 /dev/pve/vm-201-disk-0",
            "qemu-img check -U /var/lib/vz/images/100/vm-100-disk-0.raw",
            "qemu-img check /dev/shm/vm-100-disk-0",
            "qemu-img check -f raw /var/lib/vz/images/100/vm-100-disk-0.qcow2",
            "qemu-img map --output=json d.qcow2",
            "qemu-img info --backing-chain d.qcow2",
            "qemu-img check -r all d.qcow2",
            "qemu-img convert -O raw a.qcow2 b.raw",
            "qemu-img resize d.qcow2 +10G",
            "qemu-img info --object secret,id=s,file=/x d.qcow2",
        ],
    },
    Entry {
        names: &["systemd-cgls"],
        spec: &SYSTEMD_CGLS,
        read_only: &["systemd-cgls --no-pager", "systemd-cgls -u ssh.service"],
        not: &["systemd-cgls -M other"],
    },
    Entry {
        names: &["arp"],
        spec: &ARP,
        read_only: &["arp -n", "arp -an", "arp -i vmbr0"],
        not: &[
            "arp -d 192.168.1.9",
            "arp -s 192.168.1.9 00:11:22:33:44:55",
            "arp -f /etc/ethers",
        ],
    },
    Entry {
        names: &["route"],
        spec: &ROUTE,
        read_only: &["route -n", "route -A inet6 -n"],
        not: &[
            "route add default gw 192.168.1.1",
            "route del -net 10.0.0.0/8",
        ],
    },
    Entry {
        names: &["showmount"],
        spec: &SHOWMOUNT,
        read_only: &["showmount -e 192.168.1.5", "showmount -e nas.lan"],
        not: &["showmount -e nfs.example.com"],
    },
    Entry {
        names: &["needrestart"],
        spec: &NEEDRESTART,
        read_only: &[
            "needrestart -b -r l",
            "needrestart -r l -k",
            "needrestart -p -r l",
            "needrestart -b",
            "needrestart -b -k",
            "needrestart -p",
        ],
        not: &[
            "needrestart",
            "needrestart -r a",
            "needrestart -b -r a",
            "needrestart -c /tmp/x.conf -r l",
        ],
    },
    Entry {
        names: &["ncdu"],
        spec: &NCDU,
        read_only: &[
            "ncdu -rr -x /tank/media",
            "ncdu -o- -x /srv",
            "ncdu -x --exclude-kernfs /",
        ],
        not: &[
            "ncdu -o /tmp/x.json /srv",
            "ncdu -f /tmp/x.json",
            "ncdu -X /etc/shadow /srv",
        ],
    },
    Entry {
        names: &["slabtop"],
        spec: &SLABTOP,
        read_only: &["slabtop -o", "slabtop -o -s c", "slabtop --once --sort=c"],
        not: &["slabtop -o > /etc/motd"],
    },
    Entry {
        names: &["rpcinfo"],
        spec: &RPCINFO,
        read_only: &[
            "rpcinfo -p nas.lan",
            "rpcinfo -s 192.168.1.5",
            "rpcinfo 10.0.0.5 -p",
        ],
        not: &[
            "rpcinfo -p nfs.example.com",
            "rpcinfo -d 100003 3",
            "rpcinfo -b 100003 3",
            "rpcinfo -u nas 100003 3",
        ],
    },
    Entry {
        names: &["wg"],
        spec: &WG,
        read_only: &[
            "wg",
            "wg show",
            "wg show wg0",
            "wg show wg0 latest-handshakes",
            "wg show all transfer",
        ],
        not: &[
            "wg showconf wg0",
            "wg show wg0 private-key",
            "wg show all dump",
            "wg show wg0 preshared-keys",
            "wg set wg0 peer x remove",
            "wg genkey",
        ],
    },
    Entry {
        names: &["xfs_info"],
        spec: &XFS_INFO,
        read_only: &["xfs_info /dev/sdc1", "xfs_info /srv"],
        not: &["xfs_info -x /dev/sdc1"],
    },
    Entry {
        names: &["xfs_repair"],
        spec: &XFS_REPAIR,
        read_only: &["xfs_repair -n /dev/sdc1", "xfs_repair -n -v /dev/sdc1"],
        not: &["xfs_repair /dev/sdc1", "xfs_repair -L /dev/sdc1"],
    },
    Entry {
        names: &["udevadm"],
        spec: &UDEVADM,
        read_only: &[
            "udevadm info --query=all --name=/dev/sda",
            "udevadm info -a -n /dev/sda",
            "udevadm info --export-db",
            "udevadm monitor --udev --property --subsystem-match=tty",
            "udevadm settle --timeout=5",
        ],
        not: &[
            "udevadm info --cleanup-db",
            "udevadm trigger",
            "udevadm control --reload",
        ],
    },
    Entry {
        names: &["efibootmgr"],
        spec: &EFIBOOTMGR,
        read_only: &["efibootmgr", "efibootmgr -v"],
        not: &[
            "efibootmgr -b 0003 -B",
            "efibootmgr -o 0001,0002",
            "efibootmgr -n 0002",
        ],
    },
    Entry {
        names: &["iscsiadm"],
        spec: &ISCSIADM,
        read_only: &[
            "iscsiadm -m session",
            "iscsiadm -m session -P 3",
            "iscsiadm -m node",
            "iscsiadm -m node -T iqn.2005-10.org.freenas.ctl:lun0 -p 10.0.0.20:3260 -o show",
            "iscsiadm -m discoverydb -t sendtargets -p 10.0.0.20:3260 -o show",
        ],
        not: &[
            "iscsiadm -m node -T iqn.2005-10.org.freenas.ctl:lun0 -o show -S",
            "iscsiadm -m node -T iqn.2005-10.org.freenas.ctl:lun0 -o update -n node.startup -v automatic",
            "iscsiadm -m discoverydb -t st -p 10.0.0.20 --discover",
            "iscsiadm -m node -T iqn.2005-10.org.freenas.ctl:lun0 -o delete",
            "iscsiadm -m node --login",
            "iscsiadm -m discovery -t st -p 192.168.1.5",
            "iscsiadm -m session -u",
        ],
    },
    Entry {
        names: &["nfsstat"],
        spec: &NFSSTAT,
        read_only: &["nfsstat", "nfsstat -c", "nfsstat -m"],
        not: &["nfsstat -z"],
    },
    Entry {
        names: &["exportfs"],
        spec: &EXPORTFS,
        read_only: &["exportfs", "exportfs -v", "exportfs -s"],
        not: &[
            "exportfs -ra",
            "exportfs -u '*:/srv/nfs'",
            "exportfs -o rw 192.168.1.0/24:/srv",
        ],
    },
    Entry {
        names: &["lvmdiskscan"],
        spec: &LVMDISKSCAN,
        read_only: &["lvmdiskscan", "lvmdiskscan -l"],
        not: &["lvmdiskscan --config 'global {}'"],
    },
    Entry {
        names: &["lvm"],
        spec: &LVM,
        read_only: &["lvm fullreport -o lv_name,lv_size --units g", "lvm version"],
        not: &[
            // (Every field, the volumes' tags among them; review 140.)
            "lvm fullreport --reportformat json",
            "lvm lvs -o lv_tags",
            "lvm lvremove -y pve/data",
            "lvm",
            "lvm fullreport --config 'global {}'",
            "lvm vgchange -an pve",
        ],
    },
    Entry {
        names: &["pvck"],
        spec: &PVCK,
        read_only: &[
            "pvck /dev/sda3",
            "pvck --dump headers /dev/sdb",
            "pvck --dump metadata /dev/sdb",
        ],
        not: &[
            "pvck --dump metadata -f /tmp/md /dev/sdb",
            "pvck --repair -f /tmp/md /dev/sdb",
            "pvck --dump backup_to_raw -f x /dev/sdb",
            "pvck --repairtype pv_header /dev/sdb",
        ],
    },
    Entry {
        names: &["xfs_admin"],
        spec: &XFS_ADMIN,
        read_only: &["xfs_admin -l -u /dev/sdd1", "xfs_admin -lu /dev/sdd1"],
        not: &[
            "xfs_admin -L data /dev/sdd1",
            "xfs_admin -U generate /dev/sdd1",
            "xfs_admin /dev/sdd1",
            "xfs_admin -c 1 /dev/sdd1",
        ],
    },
    Entry {
        names: &["e4defrag"],
        spec: &E4DEFRAG,
        read_only: &["e4defrag -c /mnt/data", "e4defrag -c -v /mnt/data/f"],
        not: &["e4defrag /mnt/data", "e4defrag -v /mnt/data"],
    },
    Entry {
        names: &["lvmconfig"],
        spec: &LVMCONFIG,
        read_only: &[
            "lvmconfig --type current",
            "lvmconfig devices/filter",
            "lvmconfig --type diff",
        ],
        not: &[
            "lvmconfig --file /etc/lvm/lvm.conf --type default",
            "lvmconfig --config 'global/x=1'",
        ],
    },
    Entry {
        names: &["lxc-ls"],
        spec: &LXC_LS,
        read_only: &["lxc-ls -f", "lxc-ls --running"],
        not: &["lxc-ls -f --bogus"],
    },
    Entry {
        names: &["lxc-info"],
        spec: &LXC_INFO,
        read_only: &["lxc-info -n 101", "lxc-info -n 101 -s -i"],
        not: &["lxc-info -n 101 --bogus"],
    },
    Entry {
        names: &["pve8to9", "pve7to8"],
        spec: &PVE_UPGRADE_CHECK,
        read_only: &["pve8to9", "pve7to8"],
        not: &["pve8to9 --fix", "pve8to9 --full", "pve7to8 --full"],
    },
    Entry {
        names: &["rados"],
        spec: &RADOS,
        read_only: &[
            "rados df",
            "rados lspools",
            "rados -p rbd ls",
            "rados ls --pool=rbd --all",
            "rados list-inconsistent-obj 2.1f --format=json-pretty",
            "rados list-inconsistent-pg ceph-vm",
            "rados -p ceph-vm stat rbd_directory",
            "rados -p ceph-vm listwatchers rbd_header.5f3a2b1c4d7e",
            "rados -p cephfs_metadata listomapkeys 1.00000000",
        ],
        not: &[
            "rados rmpool rbd rbd --yes-i-really-really-mean-it",
            "rados -p rbd rm obj",
            "rados put obj /etc/hosts",
            "rados -p rbd ls /etc/passwd",
            "rados -p default.rgw.meta get x -",
            "rados -p default.rgw.meta listomapvals x",
            "rados -p rbd getxattr obj key",
            "rados -p rbd purge",
        ],
    },
    Entry {
        names: &["vma"],
        spec: &VMA,
        read_only: &["vma verify -v /var/lib/vz/dump/vzdump-qemu-100.vma"],
        not: &[
            "vma extract /var/lib/vz/dump/vzdump-qemu-100.vma /tmp/x",
            "vma config /var/lib/vz/dump/vzdump-qemu-100.vma",
            "vma config -c qemu-server.conf /var/lib/vz/dump/vzdump-qemu-100.vma",
        ],
    },
    Entry {
        names: &["at"],
        spec: &AT_LIST,
        read_only: &["at -l", "at -l -q b"],
        not: &[
            "at -c 14",
            "at now + 1 minute",
            "at -f /tmp/job now",
            "at -d 3",
        ],
    },
    Entry {
        names: &["anacron"],
        spec: &ANACRON_TEST,
        read_only: &["anacron -T", "anacron -T -t /etc/anacrontab"],
        not: &["anacron -f", "anacron -s", "anacron -n -d"],
    },
    Entry {
        names: &["atq"],
        spec: &ATQ,
        read_only: &["atq", "atq -q a"],
        not: &["atq -d 3"],
    },
    Entry {
        names: &["ebtables"],
        spec: &EBTABLES,
        read_only: &["ebtables -L", "ebtables -t nat -L", "ebtables -L --Lc"],
        not: &[
            "ebtables -F",
            "ebtables -A FORWARD -j DROP",
            "ebtables -t nat -X",
        ],
    },
    Entry {
        names: &["chage"],
        spec: &CHAGE,
        read_only: &["chage -l root"],
        not: &["chage root", "chage -d 0 root", "chage -E 2025-01-01 root"],
    },
    Entry {
        names: &["passwd"],
        spec: &PASSWD,
        read_only: &["passwd -S root", "passwd -S -a"],
        not: &["passwd root", "passwd -l root", "passwd -d root"],
    },
];
