//! What loses data on disks and filesystems: ZFS, Ceph and RBD, btrfs,
//! LVM and device-mapper, LUKS, mounts, `fallocate`, the fsck family, the
//! boot tool and EFI entries, QEMU images, NFS exports.

use super::*;

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    // (Ceph's CLI takes its options anywhere, `ceph osd -f json out 3`:
    // its words are read without them; review 140.)
    let stripped: Vec<&str>;
    let lits = if name == "ceph" {
        stripped = ceph_words(lits);
        &stripped[..]
    } else {
        lits
    };
    let de = |why: String| Some(Verdict::destructive(why));
    let has = |w: &str| lits.contains(&w);
    if let Some(why) = ceph_family_loses(name, lits) {
        return de(why);
    }
    match name {
        // Sizes set outright, which may shrink a volume and cut off what
        // lies past the new end (review 92): `zfs set volsize=`, `lvresize
        // -L N` without `+`, `mdadm --grow --size`; a pool's checkpoint
        // discarded (no rewind left); a LUKS header written over.
        "zfs" if verb == Some("set") && lits.iter().any(|w| w.starts_with("volsize=")) => {
            de("`zfs set volsize` may shrink a volume, cutting off what lies past its end".into())
        }
        "lvresize"
            if lits.windows(2).any(|p| matches!(p[0], "-L" | "--size" | "-l" | "--extents") && !p[1].starts_with('+'))
                || lits.iter().any(|w| {
                    (w.starts_with("--size=") && !w["--size=".len()..].starts_with('+'))
                        || (w.starts_with("-L") && w.len() > 2 && !w[2..].starts_with('+'))
                }) =>
        {
            de("`lvresize` to a size given outright may shrink the volume".into())
        }
        "mdadm" if has("--grow") && lits.iter().any(|w| w.starts_with("--size") || *w == "-z") => {
            de("`mdadm --grow --size` may shrink the array".into())
        }
        // (In any cluster: `-dw`; review 140.)
        "zpool"
            if verb == Some("checkpoint")
                && (has("--discard")
                    || lits
                        .iter()
                        .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('d'))) =>
        {
            de("`zpool checkpoint -d` discards the pool's checkpoint: no rewind is left".into())
        }
        // zpool-features(7): a feature enabled is the pool's for good;
        // older software can no longer import it (what `zpool upgrade`
        // does feature by feature; review 140).
        "zpool"
            if verb == Some("set")
                && lits
                    .iter()
                    .any(|w| w.starts_with("feature@") && w.ends_with("=enabled")) =>
        {
            de("`zpool set feature@…=enabled` changes the pool's on-disk format for good".into())
        }
        // zfsprops(7): a dataset made read-only, its files taken away
        // (`mountpoint=legacy|none`, a volume's device hidden with
        // `volmode=none`), or mounted over a folder the system runs or
        // needs (review 140).
        "zfs" if verb == Some("set") && lits.iter().any(|w| zfs_setting_loses(w)) => {
            de("`zfs set` makes a dataset read-only, takes its files or device away, or mounts it over the system's files".into())
        }
        // A dataset, image or volume renamed: guests and storages name it
        // by the old name (snapshots aside; review 140).
        "zfs" if verb == Some("rename") && !lits.iter().any(|w| w.contains('@')) => {
            de("`zfs rename` moves a dataset away from the name its guests and storages use".into())
        }
        "lvrename" => de("`lvrename` moves a volume away from the name its guest uses".into()),
        // sanoid(8) `--cron` and `--prune-snapshots` destroy the snapshots
        // past their policy; syncoid(8) receives with `-F` (rolling the
        // target back, destroying its newer snapshots) unless
        // `--no-rollback`, and may delete the target's snapshots.
        "sanoid" if lits.iter().any(|w| matches!(*w, "--cron" | "--prune-snapshots")) => {
            de("`sanoid` destroys the snapshots past their retention".into())
        }
        "syncoid"
            if !lits.contains(&"--no-rollback")
                || lits
                    .iter()
                    .any(|w| matches!(*w, "--delete-target-snapshots" | "--force-delete")) =>
        {
            de("`syncoid` rolls the target back or deletes its snapshots".into())
        }
        // FreeBSD (review 128): GELI's init writes its metadata over the
        // provider (cryptsetup's luksFormat), a forced detach drops an
        // open provider (its pool's disk); a memory disk detached loses
        // its contents; boot code written runs at every boot.
        "geli" if matches!(verb, Some("init" | "label" | "kill" | "clear" | "resize"))
            || (matches!(verb, Some("detach" | "stop")) && has("-f")) =>
        {
            de("`geli` writes over a provider's keys or drops an open one".into())
        }
        "mdconfig" if lits.iter().any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('d')) => {
            de("`mdconfig -d` detaches a memory disk, and its contents with it".into())
        }
        "gpart"
            if matches!(
                verb,
                Some("bootcode" | "destroy" | "delete" | "create" | "add" | "resize" | "recover" | "restore" | "undo")
            ) =>
        {
            de("`gpart` rewrites a disk's partitions or boot code".into())
        }
        // grubby(8): every boot entry removed, or a kernel command line
        // that names another init (code run as PID 1 at boot).
        "grubby"
            if lits.iter().any(|w| {
                w.starts_with("--remove-kernel")
                    || (w.starts_with("--args") && (w.contains("init=") || w.contains("rdinit=")))
            }) || lits.windows(2).any(|p| {
                p[0] == "--args" && (p[1].contains("init=")) || p[0] == "--remove-kernel"
            }) =>
        {
            de("`grubby` removes boot entries or sets the program the kernel starts".into())
        }
        // pmt(1): a tape erased or formatted, or end-of-file marks
        // written where the tape stands (what followed is lost; blind
        // corpus 236).
        "pmt" if matches!(verb, Some("erase" | "format" | "weof")) => {
            de("`pmt` erases, formats or writes end marks over the tape".into())
        }
        // zinject(8): faults, errors, delays and panics injected into
        // the pools (bare, or `-c` to clear, it only lists or undoes them;
        // blind corpus 228).
        "zinject"
            if lits.iter().any(|w| {
                w.starts_with('-') && !w.starts_with("--") && w[1..].contains(|c: char| c != 'c')
            }) =>
        {
            de("`zinject` injects faults, errors or a panic into the pools".into())
        }
        // rbd(8) `device unmap -o force`: a mapped image torn from what
        // has it open, its writes failing (blind corpus 229).
        "rbd"
            if lits.iter().any(|w| matches!(*w, "unmap"))
                && lits.windows(2).any(|p| {
                    matches!(p[0], "-o" | "--options") && p[1].split(',').any(|o| o == "force")
                })
                || lits.iter().any(|w| {
                    w.strip_prefix("--options=")
                        .is_some_and(|v| v.split(',').any(|o| o == "force"))
                }) && lits.contains(&"unmap") =>
        {
            de("`rbd unmap -o force` tears an image from what has it open".into())
        }
        // pveceph(1) `osd create DEV`: the disk partitioned and given to
        // Ceph, what it held gone (blind corpus 229); `createosd` is its
        // old name.
        "pveceph" if lits.windows(2).any(|p| p == ["osd", "create"]) || has("createosd") => {
            de("`pveceph osd create` writes a new OSD over the disk".into())
        }
        // pveceph's pool settings, as `ceph osd pool set`'s (review 130).
        "pveceph"
            if has("pool")
                && (lits.windows(2).any(|p| p[0] == "--size" && p[1] == "1") || has("--min_size")) =>
        {
            de("`pveceph pool set` leaves one copy, or stops I/O while a replica is down".into())
        }
        "cryptsetup" if has("luksHeaderRestore") => {
            de("`cryptsetup luksHeaderRestore` writes a header over the volume's keys".into())
        }
        "zfs"
            if has("unmount")
                || has("umount")
                || lits
                    .iter()
                    .any(|w| matches!(*w, "mountpoint=none" | "canmount=off")) =>
        {
            de("`zfs` takes a dataset's files away".into())
        }
        // An entity's capabilities replaced: `client.admin` without write
        // on the monitors, PVE's RBD client without its caps (review 136).
        "ceph" if lits.windows(2).any(|p| p == ["auth", "caps"]) => {
            de("`ceph auth caps` replaces an entity's capabilities: its clients lose what they may do".into())
        }
        "ceph"
            if lits
                .iter()
                .any(|w| matches!(*w, "delete" | "rm" | "purge" | "destroy")) =>
        {
            de("`ceph` deletes a pool or daemon".into())
        }
        // Ceph asks for `--yes-i-really-mean-it` exactly where a command
        // loses data or the cluster's state (`fs reset`, `osd
        // force-create-pg`, `pool set size 1`; blind corpus 82).
        "ceph" | "ceph-mon" | "ceph-osd" | "rados" | "rbd" | "pveceph"
            if lits
                .iter()
                .any(|w| w.starts_with("--yes-i-really") || *w == "--inject-monmap") =>
        {
            de(format!("`{name}` is told it really means a change Ceph calls dangerous"))
        }
        // An OSD taken out (its data moved off), marked down or lost
        // (blind corpus 57), every client's I/O paused or an OSD weighted
        // to nothing (review 57), file systems and daemons failed, writes
        // stopped by a ratio or quota (review 58).
        "ceph" if ceph_takes_down(lits) => de(
            "`ceph` takes an OSD out, down or to no weight, declares it lost, fails a daemon or \
             file system, or stops clients' I/O"
                .into(),
        ),
        // (`rbd trash ls` only lists the trash.)
        "rbd"
            if lits.iter().any(|w| matches!(*w, "rm" | "remove" | "purge"))
                || (lits.contains(&"trash")
                    && !lits.iter().any(|w| matches!(*w, "ls" | "list" | "restore"))) =>
        {
            de("`rbd` removes an image or its snapshots".into())
        }
        "btrfs" if btrfs_loses(lits) => de(
            "`btrfs` deletes a subvolume or device, overwrites a device or rewrites the file system's metadata".into(),
        ),
        // btrfs-progs `btrfs.c`: the program named `btrfsck` is `btrfs
        // check`.
        "btrfsck" if btrfs_loses(&[&["check"], lits].concat()) => {
            de("`btrfsck` rewrites the file system's metadata".into())
        }
        // rbd(8): `snap rollback` (alias `snap revert`) puts an image back
        // to a snapshot, losing what was written since; `resize
        // --allow-shrink` drops the image's tail. rbd takes its options
        // anywhere (`snap -p rbd rollback`): the command is the operands.
        "rbd" if rbd_loses(lits) => {
            de("`rbd` rolls an image back or shrinks it, losing what was written".into())
        }
        // rbd(8): `import-diff` writes a diff over an existing image, `bench
        // --io-type write` writes over the image it measures (blind corpus
        // 126).
        "rbd"
            if lits.contains(&"import-diff")
                || (lits.contains(&"bench")
                    && lits.windows(2).any(|p| p[0] == "--io-type" && p[1] != "read")) =>
        {
            de("`rbd` writes over an existing image".into())
        }
        "proxmox-boot-tool" if matches!(verb, Some("format" | "init" | "clean")) => {
            de("`proxmox-boot-tool` rewrites a boot partition".into())
        }
        "lvconvert" if has("--merge") || lits.iter().any(|w| w.starts_with("--split")) => {
            de("`lvconvert` merges or splits volumes".into())
        }
        "dmsetup"
            if lits
                .iter()
                .any(|w| w.starts_with("remove") || *w == "wipe_table") =>
        {
            de("`dmsetup` removes device-mapper devices".into())
        }
        "badblocks" if lits.iter().any(|w| w.starts_with('-') && w.contains('w')) => {
            de("`badblocks -w` overwrites the whole device".into())
        }
        "cryptsetup"
            if matches!(
                verb,
                Some(
                    "luksFormat"
                        | "close"
                        | "luksClose"
                        | "erase"
                        | "luksErase"
                        | "luksKillSlot"
                        | "luksRemoveKey"
                        | "reencrypt"
                )
            ) =>
        {
            de("`cryptsetup` formats, erases or closes an encrypted volume".into())
        }
        "mount"
            if lits
                .iter()
                .any(|w| w.contains("remount") && w.contains("ro")) =>
        {
            de("`mount` makes a mounted filesystem read-only under what uses it".into())
        }
        "fallocate"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && w.contains(['p', 'd', 'c'])) =>
        {
            de("`fallocate` punches or collapses holes in a file".into())
        }
        "e2fsck" | "fsck" | "fsck.ext4" | "fsck.ext3" | "fsck.ext2" | "xfs_repair"
            // (util-linux fsck's own `-N` only shows what it would run;
            // words after `--` go to the checker and may undo a `-n`,
            // `fsck -n -- -y`; review 71.)
            if (name == "fsck" && lits.contains(&"--"))
                || !lits.iter().any(|w| {
                w.starts_with('-')
                    && !w.starts_with("--")
                    && (w.contains('n') || (name == "fsck" && w.contains('N')))
                    || *w == "--version"
            }) =>
        {
            de(format!(
                "`{name}` repairs the filesystem, which can lose what it cannot fix"
            ))
        }
        // rados(8): `purge POOL` removes every object of a pool (every RBD
        // image in it), `rm`/`rmomapkey`/`truncate` objects an image or
        // the pool's directory is made of, `rmpool` the pool.
        "rados"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "purge" | "rm" | "rmpool" | "cleanup" | "truncate" | "rmomapkey" | "clearomap"
                        | "rmxattr" | "rmsnap" | "rollback" | "cppool"
                )
            }) =>
        {
            de("`rados` removes a pool's objects (RBD images are made of them)".into())
        }
        "zfs" if matches!(verb, Some("program")) => {
            de("`zfs program` runs a channel program with full rights".into())
        }
        "efibootmgr"
            if lits.iter().any(|w| {
                w.starts_with("--delete")
                    || w.starts_with('-') && !w.starts_with("--") && w.contains(['B', 'O'])
            }) =>
        {
            de("`efibootmgr` deletes a boot entry or the boot order".into())
        }
        // (`batch --report` only prints what it would do; blind corpus
        // 111.)
        "ceph-volume"
            if lits
                .iter()
                .any(|w| matches!(*w, "zap" | "create" | "prepare" | "batch"))
                && !(lits.contains(&"batch") && lits.contains(&"--report")) =>
        {
            de("`ceph-volume` wipes a device or makes it an OSD, erasing it".into())
        }
        // vgreduce(8): `--removemissing` drops the volumes that had any
        // part on a missing disk (`--force` even the ones it cannot keep).
        "vgreduce" if lits.iter().any(|w| w.starts_with("--removemissing")) => {
            de("`vgreduce --removemissing` removes the volumes that lived on a missing disk".into())
        }
        // sg3_utils: a SCSI format, sanitize, unmap or write-same erases
        // the disk's blocks.
        "sg_format" if lits.iter().any(|w| *w == "--format" || *w == "-F" || (w.starts_with('-') && !w.starts_with("--") && w.contains('F'))) => {
            de("`sg_format --format` low-level formats the disk, erasing it".into())
        }
        "sg_sanitize" | "sg_unmap" | "sg_write_same" | "sg_write_buffer"
            if !lits.iter().any(|w| matches!(*w, "-h" | "--help" | "-V" | "--version")) =>
        {
            de(format!("`{name}` erases or rewrites the disk's blocks or firmware"))
        }
        // f3probe(1) `--destructive` writes over the drive it measures
        // instead of backing its blocks up; f3fix rewrites the partition
        // table (blind corpus 127).
        "f3probe" if lits.iter().any(|w| w.starts_with("--destructive")) => {
            de("`f3probe --destructive` writes over the drive it probes".into())
        }
        "f3fix" => de("`f3fix` rewrites the drive's partition table".into()),
        // sedutil-cli: a revert (PSID, TPer, admin SP) or an erase of a
        // locking range cryptographically erases the drive's data; not
        // `--revertNoErase` (blind corpus 127).
        // (Or a locking range's key made anew, `--rekeyLockingRange`,
        // `--setupLockingRange` (which rekeys), `--genKey`: what the
        // range held is unreadable; review 99.)
        "sedutil-cli"
            if lits.iter().any(|w| {
                let w = w.to_ascii_lowercase();
                (w.contains("revert") && !w.contains("noerase"))
                    || (w.contains("erase") && !w.contains("noerase"))
                    || w.contains("rekey")
                    || w.contains("setuplockingrange")
                    || w.contains("genkey")
            }) =>
        {
            de("`sedutil-cli` reverts or erases a self-encrypting drive, its data gone".into())
        }
        // `qemu-img bench -w` writes its pattern over the image.
        // (After qemu-img's own options too: `-T trace`, `--object`.)
        "qemu-img"
            if lits.contains(&"bench")
                && lits.iter().any(|w| {
                    *w == "-w" || (w.starts_with('-') && !w.starts_with("--") && w.contains('w'))
                }) =>
        {
            de("`qemu-img bench -w` writes its test pattern over the image".into())
        }
        // fio(1): a job writing (`--rw=write|randwrite|rw|randrw|trim…`)
        // to a disk (`--filename=/dev/…`) destroys what it holds, unless
        // `--readonly`.
        "fio" if fio_writes_a_disk(lits) => {
            de("`fio` writes its test pattern over a disk".into())
        }
        "exportfs"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('u')) =>
        {
            de("`exportfs -u` stops exporting shares their clients use".into())
        }
        // A file name that is a URL or a JSON/driver spec reaches another
        // host (http:, nbd:, ssh:, iscsi:, rbd:…:mon_host=).
        "qemu-img"
            if lits.iter().any(|w| {
                w.contains("://")
                    || w.starts_with("json:")
                    || w.starts_with("rbd:")
                    || w.starts_with("nbd:")
                    || w.starts_with("gluster")
                    || w.starts_with("iscsi:")
            }) =>
        {
            de("`qemu-img` opens an image over the network, where any host could be named".into())
        }
        "qemu-img"
            if has("snapshot")
                && lits.iter().any(|w| {
                    w.starts_with('-') && !w.starts_with("--") && w.contains(['d', 'a'])
                }) =>
        {
            de("`qemu-img snapshot -d`/`-a` deletes or reverts to a snapshot".into())
        }
        // (Blind corpus 67: a shrink cuts the image's end off; `create`
        // and `convert` write a new image over the path they name, a
        // guest's disk among them; `commit` writes an overlay into its
        // backing file; `rebase -u` may leave it reading other data;
        // `amend` changes the format's options in place.)
        "qemu-img" if has("resize") && has("--shrink") => {
            de("`qemu-img resize --shrink` cuts the end off the image".into())
        }
        "qemu-img"
            if matches!(verb, Some("commit"))
                || (matches!(verb, Some("rebase")) && has("-u"))
                || (matches!(verb, Some("create"))
                    && lits.iter().any(|w| !w.starts_with('-') && guest_disk(w)))
                || (matches!(verb, Some("convert" | "dd"))
                    && lits
                        .iter()
                        .rev()
                        .find(|w| !w.starts_with('-'))
                        .is_some_and(|out| guest_disk(out))) =>
        {
            de(format!(
                "`qemu-img {}` writes over an image a guest uses",
                verb.unwrap_or_default()
            ))
        }
        _ => None,
    }
}

/// Whether a `ceph` line takes data or service away: an OSD out, down,
/// lost or weighted to nothing (`osd reweight N 0.00`, `osd crush reweight
/// osd.7 0`), every client's I/O paused, OSDs kept from coming up, a file
/// system's or daemon's ranks failed (`fs fail`, `mds fail`, `mgr fail`), a
/// file system closed to its MDSs, or writes stopped by a full ratio, a
/// pool's quota or its minimum size.
/// A word only known at run time, where a Ceph tool's loss rules read
/// words by their place (`ceph osd reweight $i 0`): it may be any id,
/// name, weight or flag (review 140).
pub(super) const RUN_TIME_WORD: &str = "\u{1}";

/// A `zfs set` that makes a dataset read-only, takes its files or its
/// device away, or mounts it over a folder the system runs or needs.
fn zfs_setting_loses(word: &str) -> bool {
    let Some((property, value)) = word.split_once('=') else {
        return false;
    };
    let value = value.to_ascii_lowercase();
    match property {
        "readonly" | "rdonly" => matches!(value.as_str(), "on" | "true"),
        "mountpoint" => {
            matches!(value.as_str(), "legacy" | "none")
                || critical(&value)
                || super::super::persist::runs_code(
                    &format!("{}/x", value.trim_end_matches('/')),
                    &crate::secret_paths::Folders::home(),
                )
        }
        "volmode" => value == "none",
        _ => false,
    }
}

/// A Ceph CLI's words without its options, but for those its loss rules
/// read (`--yes-i-really-mean-it`, `--weight`, `--var`, `--allow-shrink`,
/// `--force`, `--io-type`, `--inject-monmap`), and without the values of
/// the options that take one.
fn ceph_words<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    #[rustfmt::skip]
    const VALUED: &[&str] = &[
        "-f", "--format", "--connect-timeout", "--cluster", "--id", "-i", "--name", "-n",
        "--user", "-c", "--conf", "-k", "--keyring", "-m", "-p", "--pool", "--namespace",
        "--watch-channel", "--setuser", "--setgroup", "-o", "--out-file", "--in-file",
        "--admin-daemon",
    ];
    // (Its flags; any other long option takes a value, as the daemons'
    // settings given on the line do, `--debug_ms 1`; review 143.)
    #[rustfmt::skip]
    const FLAGS: &[&str] = &[
        "--verbose", "--concise", "--status", "--watch", "--watch-debug", "--watch-info",
        "--watch-sec", "--watch-warn", "--watch-error", "--block", "--period", "--version",
        "--help", "--detail",
    ];
    let kept = |w: &str| {
        w.starts_with("--yes-i-really")
            || w.starts_with("--weight")
            || w.starts_with("--io-type")
            || matches!(
                w,
                "--var" | "--allow-shrink" | "--force" | "--inject-monmap"
            )
    };
    let mut words = Vec::with_capacity(lits.len());
    let mut skip = false;
    for (i, w) in lits.iter().enumerate() {
        if std::mem::take(&mut skip) {
            continue;
        }
        if w.starts_with('-') && w.len() > 1 && !kept(w) && *w != RUN_TIME_WORD {
            // (A value that follows, for the options that take one; the
            // io type after `--io-type` stays.)
            skip = (VALUED.contains(w)
                || (w.starts_with("--") && !w.contains('=') && !FLAGS.contains(w)))
                && i + 1 < lits.len();
            continue;
        }
        words.push(*w);
    }
    words
}

/// What Ceph's tools lose by commands their older rules do not name
/// (review 140): a pool renamed (the storages that name it lose their
/// disks), keys imported over or rotated, CRUSH items unlinked or moved
/// (data moved, or placement groups left without a home), a subvolume
/// shrunk or its client deauthorized, a mirrored image demoted (its
/// writers fail), objects written over, a lock broken; the OSD and
/// CephFS repair tools' writing commands.
fn ceph_family_loses(name: &str, lits: &[&str]) -> Option<String> {
    let pair = |a: &str, b: &[&str]| lits.windows(2).any(|p| p[0] == a && b.contains(&p[1]));
    let any = |words: &[&str]| lits.iter().any(|w| words.contains(w));
    let loses = match name {
        "ceph" => {
            pair("pool", &["rename"])
                || pair("auth", &["import", "rotate", "caps"])
                || pair(
                    "crush",
                    &["unlink", "move", "swap-bucket", "link", "rename-bucket"],
                )
                || pair("subvolume", &["resize", "deauthorize", "evict"])
        }
        "rbd" => {
            (lits.contains(&"mirror") && any(&["demote"]))
                || (lits.contains(&"mirror") && any(&["promote"]) && lits.contains(&"--force"))
                || (any(&["rename", "mv"]) && !lits.contains(&"snap"))
        }
        "rados" => {
            any(&[
                "put",
                "append",
                "import",
                "setomapval",
                "setomapheader",
                "setxattr",
            ]) || pair("lock", &["break"])
        }
        "ceph-bluestore-tool" => any(&[
            "repair",
            "bluefs-bdev-expand",
            "bluefs-bdev-migrate",
            "bluefs-bdev-new-db",
            "bluefs-bdev-new-wal",
            "prime-osd-dir",
            "set-label-key",
            "rm-label-key",
            "reshard",
            "zap-device",
        ]),
        "ceph-kvstore-tool" => any(&["rm", "rm-prefix", "set", "destructive-repair"]),
        "cephfs-data-scan" => any(&[
            "init",
            "scan_extents",
            "scan_inodes",
            "scan_links",
            "scan_frags",
            "cleanup",
        ]),
        "cephfs-journal-tool" => {
            pair("journal", &["reset"]) || pair("event", &["recover_dentries", "splice"])
        }
        "cephfs-table-tool" => any(&["reset"]),
        _ => false,
    };
    loses.then(|| {
        format!(
            "`{name}` renames, overwrites, moves or repairs what Ceph's clients and data rely on"
        )
    })
}

fn ceph_takes_down(lits: &[&str]) -> bool {
    // (Weights are kept in 16.16 fixed point: below 1/65536 is nothing;
    // the CLI reads numbers as Python's `float()`, `0_0` and blanks
    // around it too; review 59.)
    let zero = |w: &str| {
        if w == RUN_TIME_WORD {
            return true;
        }
        let w = w
            .strip_prefix("--weight=")
            .unwrap_or(w)
            .trim()
            .replace('_', "");
        w.parse::<f64>().is_ok_and(|v| (v * 65536.0).abs() < 1.0)
    };
    let weighted = lits.contains(&"osd")
        && (lits.iter().any(|w| w.starts_with("--weight=") && zero(w))
            || lits.windows(2).any(|p| p[0] == "--weight" && zero(p[1]))
            // (`reweightn '{"7": 0}'`: a map of ids to weights.)
            || (lits.contains(&"reweightn")
                && lits.iter().any(|w| {
                    w.starts_with('{')
                        && w.split([',', '}']).any(|kv| kv.rsplit(':').next().is_some_and(zero))
                })));
    weighted
        || lits.windows(2).any(|p| match p {
            ["osd", v] => {
                matches!(
                    *v,
                    "out" | "down" | "lost" | "rm-pg-upmap-items" | "pause" | "add-noup"
                ) || v.starts_with("set-") && v.ends_with("ratio")
            }
            ["fs" | "mds" | "mgr", "fail"] => true,
            ["pool", "set-quota"] => true,
            // Clients cut off (blocklisted, their sessions evicted), a
            // monitor taken out of the quorum.
            ["blocklist" | "blacklist", "add"] | ["session" | "client", "evict"] => true,
            ["quorum", "exit"] => true,
            ["--var", "min_size"] => lits.contains(&"set"),
            _ => false,
        })
        || lits.windows(3).any(|p| match p {
            ["osd", "set" | "set-group", v] => v.split(',').any(|f| {
                matches!(
                    f,
                    "pause" | "pauserd" | "pausewr" | "noup" | "nodown" | "noin" | RUN_TIME_WORD
                )
            }),
            ["reweight-subtree" | "reweight-compat", _, w] => zero(w),
            // (A subcommand only known at run time may be `out` or
            // `down`: `ceph osd $verb 3`; review 142.)
            ["osd" | "fs" | "mds" | "mgr" | "mon", RUN_TIME_WORD, _] => true,
            ["blocklist" | "blacklist", "range", "add"] => true,
            _ => false,
        })
        || lits.windows(4).any(|p| match p {
            ["osd", "reweight", _, w] | ["crush", "reweight", _, w] => zero(w),
            ["crush", "set" | "add" | "create-or-move", _, w] => zero(w),
            // (The FS commands' booleans: any integer, `00` too; review 60.)
            ["set", _, "joinable", v] => {
                matches!(*v, "false" | "no" | RUN_TIME_WORD)
                    || v.parse::<i64>().is_ok_and(|n| n == 0)
            }
            ["set", _, "down" | "refuse_client_session", v] => {
                matches!(*v, "true" | "yes" | RUN_TIME_WORD)
                    || v.parse::<i64>().is_ok_and(|n| n != 0)
            }
            // (A pool's replicas cut to one: the others deleted.)
            ["set", _, "size", n] => *n == RUN_TIME_WORD || n.parse::<i64>().is_ok_and(|n| n == 1),
            // (A setting only known at run time may be `min_size` or
            // `size`; review 142.)
            ["pool", "set", _, RUN_TIME_WORD] => true,
            ["set", _, "min_size", _] => true,
            _ => false,
        })
}

/// A path that names a guest's disk (`/var/lib/vz/images/130/vm-130-disk-0.qcow2`,
/// `/dev/pve/vm-101-disk-1`, a block device): writing an image there
/// replaces what the guest had.
fn guest_disk(path: &str) -> bool {
    let of = path.trim_start_matches("of=");
    of.starts_with("/dev/")
        || of.contains("/images/")
        || of
            .split(['/', '.'])
            .any(|part| part.starts_with("vm-") && part.contains("-disk-"))
}

/// Whether a fio command line writes to a block device: a `--filename`
/// under `/dev/` (not a terminal or a null device) and a writing
/// `--rw`/`--readwrite` (fio's default is `read`), without `--readonly`.
fn fio_writes_a_disk(lits: &[&str]) -> bool {
    let value = |name: &str| {
        lits.iter().enumerate().find_map(|(i, w)| {
            w.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('='))
                .or_else(|| (*w == name).then(|| lits.get(i + 1).copied()).flatten())
        })
    };
    let disk = value("--filename").is_some_and(|f| {
        f.split(':')
            .any(|f| f.starts_with("/dev/") && !matches!(f, "/dev/null" | "/dev/zero" | "/dev/tty"))
    });
    let writes = value("--rw")
        .or_else(|| value("--readwrite"))
        .is_some_and(|rw| {
            matches!(
                rw,
                "write"
                    | "randwrite"
                    | "rw"
                    | "readwrite"
                    | "randrw"
                    | "trim"
                    | "randtrim"
                    | "trimwrite"
            )
        });
    disk && writes && !lits.contains(&"--readonly")
}
