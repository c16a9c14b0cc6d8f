//! File servers' reports (blind corpus 134): disk quotas (quota-tools
//! 4.06: `repquota`, `quota`, `quotaon -p`), extended attributes and ACLs
//! in their printing modes (attr 2.5.1 `getfattr`, acl 2.3.1 `chacl
//! -l`, nfs4-acl-tools `nfs4_getfacl`), and the NFS
//! server's and client's statistics (nfs-utils 2.6: `nfsconf --get`,
//! `mountstats`, `nfsiostat`, `nfsdclnts`, `rpcdebug -m`). Not the
//! forms that write: `quotaon`/`quotaoff` turning quotas on or off,
//! `setfacl` (even `--test`: it reads its words in order, and a file
//! named before `--test` is changed; review 104), `chacl` setting an ACL,
//! `nfsconf --set/--unset` or `--dump FILE`, `rpcdebug -s/-c`.

use super::*;

/// repquota(8): a report of the quotas of filesystems.
const REPQUOTA: Spec = Spec {
    flags: "avscCtnpiugP",
    valued: "FO",
    long: &[
        "all",
        "verbose",
        "cache",
        "no-cache",
        "truncate-names",
        "no-names",
        "raw-grace",
        "no-autofs",
        "user",
        "group",
        "project",
        "help",
        "version",
    ],
    long_valued: &["format", "output"],
    long_optional: &["human-readable"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// quota(1): a user's or group's usage and limits.
const QUOTA: Spec = Spec {
    flags: "guPvsAlmQqwpi",
    valued: "Ff",
    long: &[
        "group",
        "user",
        "project",
        "verbose",
        "always-resolve",
        "local-only",
        "all-nfs",
        "no-mixed-pathnames",
        "quiet-refuse",
        "quiet",
        "no-wrap",
        "raw-grace",
        "no-autofs",
        "show-mntpoint",
        "hide-device",
        "help",
        "version",
    ],
    long_valued: &["format", "filesystem"],
    long_optional: &["human-readable"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// quotaon(8) with `-p`/`--print-state`: the state of quotas printed
/// instead of turning them on. Not `-f` (quotaoff's mode).
const QUOTAON_PRINT: Spec = Spec {
    flags: "avugPp",
    valued: "F",
    long: &["all", "verbose", "user", "group", "project", "print-state"],
    long_valued: &["format"],
    required: &["p", "print-state"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// getfattr(1): extended attributes' names and values.
const GETFATTR: Spec = Spec {
    flags: "dhRLP",
    valued: "nem",
    long: &[
        "dump",
        "no-dereference",
        "absolute-names",
        "only-values",
        "recursive",
        "logical",
        "physical",
        "help",
        "version",
    ],
    long_valued: &["name", "encoding", "match"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// chacl(1) with `-l`: each file's ACLs listed.
const CHACL_LIST: Spec = Spec {
    flags: "l",
    required: &["l"],
    operands: Operands::Read,
    ..Spec::POSIX
};

/// nfs4_getfacl(1): a file's NFSv4 ACL.
const NFS4_GETFACL: Spec = Spec {
    flags: "RHc",
    long: &["recursive", "omit-header", "help"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// nfsconf(8) `--get`/`--isset SECTION TAG`: one setting of nfs.conf.
/// Not `--dump`, whose operand is a file it writes.
const NFSCONF_GET: Spec = Spec {
    flags: "v",
    long: &["get", "isset", "verbose"],
    long_valued: &["file", "arg"],
    required: &["get", "isset"],
    operands: Operands::Names {
        at_most: 2,
        test: nfsconf_name,
    },
    ..Spec::GNU
};

/// A section's or tag's name of nfs.conf (`nfsd`, `threads`,
/// `vers4.2`).
fn nfsconf_name(value: &str) -> bool {
    !value.is_empty()
        && !value.starts_with('-')
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// mountstats(8): the NFS client's per-mount counters from
/// /proc/self/mountstats.
const MOUNTSTATS: Spec = Spec {
    long: &["nfs", "rpc", "raw", "help", "version"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// nfsiostat(8): `[INTERVAL [COUNT]] [-a|-d|-s|-p] [-l N] [MOUNT…]`.
const NFSIOSTAT: Spec = Spec {
    flags: "adsph",
    valued: "l",
    long: &["attr", "dir", "sort", "page", "help", "version"],
    long_valued: &["list"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// nfsdclnts(8): the NFS server's clients from /proc/fs/nfsd/clients.
const NFSDCLNTS: Spec = Spec {
    flags: "q",
    valued: "ft",
    long: &["clientinfo", "hostname", "quiet", "help"],
    long_valued: &["file", "type"],
    operands: Operands::None,
    ..Spec::GNU
};

/// rpcdebug(8) `-m MODULE [-v]`: the module's debug flags printed. Not
/// `-s`/`-c` (set or clear them).
const RPCDEBUG: Spec = Spec {
    flags: "vh",
    valued: "m",
    operands: Operands::None,
    ..Spec::POSIX
};

/// TrueNAS' middleware client, `midclt call METHOD [JSON]` (TrueNAS
/// SCALE 24.10's `truenas_api_client`; blind corpus 207): the methods
/// that return the state of pools, shares, services and iSCSI without a
/// secret. Not the methods that return credentials or keys
/// (`replication.query` expands its SSH keypair, `cloudsync.query` its
/// credentials, `certificate.query` private keys, `ssh.config` the host
/// keys, `iscsi.auth.query` CHAP secrets, `vm.query` display passwords,
/// `core.get_jobs` jobs' results such as exported dataset keys), none
/// that reaches the internet (`update.*`), and no query option `extra`
/// (`disk.query`'s `{"extra": {"passwords": true}}`). No option before
/// `call`: `-u`, `-U`, `-P` and `-K` name another server and its
/// credentials; nor after it (`-j` waits on a job).
const MIDCLT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "call",
            spec: Some(&MIDCLT_CALL),
        }],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const MIDCLT_CALL: Spec = Spec {
    operands: Operands::Names {
        at_most: 2,
        test: midclt_word,
    },
    ..Spec::POSIX
};

/// A method of [`MIDCLT`]'s list, or a query filter (a JSON array of
/// conditions) without `extra`.
fn midclt_word(word: &str) -> bool {
    const METHODS: &[&str] = &[
        "system.info",
        "system.version",
        "system.ready",
        "system.state",
        "alert.list",
        "pool.query",
        "pool.dataset.query",
        "pool.snapshottask.query",
        "pool.scrub.query",
        "zfs.snapshot.query",
        "sharing.nfs.query",
        "sharing.smb.query",
        "nfs.config",
        "smb.config",
        "service.query",
        "iscsi.target.query",
        "iscsi.extent.query",
        "iscsi.portal.query",
        "iscsi.initiator.query",
        "iscsi.targetextent.query",
        "iscsi.global.config",
        "iscsi.global.sessions",
        "disk.query",
        "disk.temperatures",
        "boot.get_state",
        "interface.query",
        "network.general.summary",
    ];
    METHODS.contains(&word)
        || (word.starts_with('[')
            && !word.to_ascii_lowercase().contains("extra")
            && !word.contains(['$', '`', '\\']))
}

/// OpenMediaVault 7's configuration database, `omv-confdbadm read
/// [--prettify] ID` (blind corpus 207): the shares' and file systems'
/// settings, which hold no password. Not the other ids (mail
/// notification, users, rsync modules hold passwords), nor `create`,
/// `update`, `delete`, `populate`, `migrate`.
const OMV_CONFDBADM: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "read",
                spec: Some(&OMV_CONFDBADM_READ),
            },
            Verb {
                names: "list-ids",
                spec: Some(&Spec {
                    operands: Operands::None,
                    ..Spec::GNU
                }),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

const OMV_CONFDBADM_READ: Spec = Spec {
    long: &["prettify", "defaults"],
    long_valued: &["uuid"],
    operands: Operands::Exactly {
        count: 1,
        test: |id| {
            matches!(
                id,
                "conf.service.nfs"
                    | "conf.service.nfs.share"
                    | "conf.service.smb"
                    | "conf.service.smb.share"
                    | "conf.system.sharedfolder"
                    | "conf.system.filesystem.mountpoint"
            )
        },
    },
    ..Spec::GNU
};

/// OpenMediaVault 7's `omv-rpc [-u USER] SERVICE METHOD [PARAMS]`: the
/// listing methods of the disk, file system and share services
/// (`enumerate…`, `getList`), which return no password.
const OMV_RPC: Spec = Spec {
    valued: "u",
    operands: Operands::Names {
        at_most: 3,
        test: |word| {
            matches!(
                word,
                "DiskMgmt"
                    | "FileSystemMgmt"
                    | "ShareMgmt"
                    | "enumerateDevices"
                    | "enumerateFilesystems"
                    | "enumerateMountedFilesystems"
                    | "enumerateSharedFolders"
                    | "getList"
            ) || (word.starts_with('{') && !word.contains(['$', '`', '\\']))
        },
    },
    ..Spec::POSIX
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["midclt"],
        spec: &MIDCLT,
        read_only: &[
            "midclt call pool.query",
            "midclt call pool.dataset.query '[[\"name\",\"^\",\"tank/pve\"]]'",
            "midclt call alert.list",
        ],
        not: &[
            "midclt call replication.query",
            "midclt call core.get_jobs",
            "midclt call certificate.query",
            "midclt call disk.query '[]' '{\"extra\": {\"passwords\": true}}'",
            "midclt call pool.scrub.run tank",
            "midclt -u ws://10.0.0.5/websocket call pool.query",
            "midclt call -j pool.query",
            "midclt call service.query pool.query pool.query",
        ],
    },
    Entry {
        names: &["omv-confdbadm"],
        spec: &OMV_CONFDBADM,
        read_only: &[
            "omv-confdbadm read --prettify conf.service.nfs",
            "omv-confdbadm read conf.system.sharedfolder",
        ],
        not: &[
            "omv-confdbadm read conf.system.notification.email",
            "omv-confdbadm read conf.system.usermanagement.user",
            "omv-confdbadm delete --uuid 1b2c conf.system.sharedfolder",
            "omv-confdbadm populate",
        ],
    },
    Entry {
        names: &["omv-rpc"],
        spec: &OMV_RPC,
        read_only: &[
            "omv-rpc -u admin ShareMgmt enumerateSharedFolders",
            "omv-rpc -u admin FileSystemMgmt enumerateMountedFilesystems '{\"includeroot\": true}'",
        ],
        not: &[
            "omv-rpc -u admin UserMgmt getList '{}'",
            "omv-rpc -u admin Config applyChanges '{}'",
            "omv-rpc -u admin ShareMgmt delete '{}'",
        ],
    },
    Entry {
        names: &["repquota"],
        spec: &REPQUOTA,
        read_only: &[
            "repquota -avugs",
            "repquota -s /srv/share",
            "repquota --human-readable=g -a",
        ],
        not: &["repquota -a -x", "repquota --edit /srv"],
    },
    Entry {
        names: &["quota"],
        spec: &QUOTA,
        read_only: &[
            "quota -s -u alice",
            "quota -vg media",
            "quota -f /srv/share -u bob",
        ],
        not: &["quota -x alice"],
    },
    Entry {
        names: &["quotaon"],
        spec: &QUOTAON_PRINT,
        read_only: &[
            "quotaon -pa",
            "quotaon -p /srv/share",
            "quotaon --print-state -ug /srv",
        ],
        not: &[
            "quotaon -a",
            "quotaon -ug /srv/share",
            "quotaon -pf /srv",
            "quotaon -fa",
        ],
    },
    Entry {
        names: &["getfattr"],
        spec: &GETFATTR,
        read_only: &[
            "getfattr -d -m - /srv/samba/projects/budget.xlsx",
            "getfattr -R -n user.DOSATTRIB /srv/share",
        ],
        not: &["getfattr -x user.a /srv/x"],
    },
    Entry {
        names: &["chacl"],
        spec: &CHACL_LIST,
        read_only: &["chacl -l /srv/share/a /srv/share/b"],
        not: &[
            "chacl u::rwx,g::r-x,o::--- /srv/share/a",
            "chacl -B /srv/share/a",
            "chacl -R /srv/share",
        ],
    },
    Entry {
        names: &["nfs4_getfacl"],
        spec: &NFS4_GETFACL,
        read_only: &["nfs4_getfacl /mnt/media/tv", "nfs4_getfacl -R /mnt/media"],
        not: &["nfs4_getfacl -s x /mnt/media"],
    },
    Entry {
        names: &["nfsconf"],
        spec: &NFSCONF_GET,
        read_only: &["nfsconf --get nfsd threads", "nfsconf --isset nfsd vers4.2"],
        not: &[
            "nfsconf --dump",
            "nfsconf --dump /etc/nfs.conf",
            "nfsconf --set nfsd threads 16",
            "nfsconf --unset nfsd threads",
        ],
    },
    Entry {
        names: &["mountstats"],
        spec: &MOUNTSTATS,
        read_only: &["mountstats /mnt/media", "mountstats --nfs /mnt/media"],
        not: &["mountstats -x /mnt"],
    },
    Entry {
        names: &["nfsiostat"],
        spec: &NFSIOSTAT,
        read_only: &["nfsiostat 5 3 /mnt/media", "nfsiostat -d /mnt/media"],
        not: &["nfsiostat -x"],
    },
    Entry {
        names: &["nfsdclnts"],
        spec: &NFSDCLNTS,
        read_only: &["nfsdclnts", "nfsdclnts --hostname -q"],
        not: &["nfsdclnts /tmp/x"],
    },
    Entry {
        names: &["rpcdebug"],
        spec: &RPCDEBUG,
        read_only: &["rpcdebug -m nfsd", "rpcdebug -vh"],
        not: &[
            "rpcdebug -m nfsd -s all",
            "rpcdebug -m nfs -c all",
            "rpcdebug -m nfsd all",
        ],
    },
];
