//! What loses a device's firmware or a store's data outside the big
//! families: firmware flashing (fwupd, nvme-cli, Broadcom's
//! sas2flash/sas3flash, storcli), Redis's file repairs (blind corpora 45
//! to 47). (growpart and pg_archivecleanup lose data unless told only to
//! show it: `loss::unless_it_only_shows`.)

use super::*;

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], verb: Option<&str>) -> Option<Verdict> {
    let de = |why: &str| Some(Verdict::destructive(why.to_string()));
    match name {
        // nvidia-smi(1) `-r`/`--gpu-reset`, rocm-smi's `--gpureset`,
        // amd-smi's `reset --gpu`: the GPU reset under whatever runs on it
        // (a guest it is passed through to, a model being served; blind
        // corpus 77).
        // (Its own parser: `-rgc` resets clocks, not the GPU.)
        "nvidia-smi" if lits.iter().any(|w| matches!(*w, "--gpu-reset" | "-r")) => {
            de("resets the GPU under whatever runs on it")
        }
        // MIG's compute and GPU instances destroyed, with what runs in
        // them (`nvidia-smi mig -dci`, `-dgi`; blind corpus 210).
        "nvidia-smi"
            if verb == Some("mig")
                && (lits.iter().any(|w| {
                    matches!(
                        *w,
                        "-dci" | "-dgi" | "--destroy-compute-instance" | "--destroy-gpu-instance"
                    )
                    // (As the table's reading respells them: `-d ci`.)
                }) || lits
                    .windows(2)
                    .any(|p| p[0] == "-d" && matches!(p[1], "ci" | "gi"))) =>
        {
            de("destroys MIG instances, and what runs in them")
        }
        // flashrom(8): a chip written or erased (blind corpus 211).
        "flashrom"
            if lits
                .iter()
                .any(|w| matches!(*w, "-w" | "--write" | "-E" | "--erase")) =>
        {
            de("writes or erases a firmware chip")
        }
        "rocm-smi" if lits.iter().any(|w| w.starts_with("--gpureset")) => {
            de("resets the GPU under whatever runs on it")
        }
        "amd-smi"
            if verb == Some("reset")
                && lits
                    .iter()
                    .any(|w| matches!(*w, "--gpureset" | "-G" | "--gpu")) =>
        {
            de("resets the GPU under whatever runs on it")
        }
        // setpci(8), pciutils 3.9: `REG=VALUE` writes a device's
        // configuration registers (`COMMAND=0000` turns its memory and
        // I/O off under its driver; a bridge's or a disk controller's takes
        // what is behind it away), unless `-D` only shows it (blind
        // corpus 184).
        "setpci"
            if lits.iter().any(|w| !w.starts_with('-') && w.contains('='))
                && !lits
                    .iter()
                    .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('D')) =>
        {
            de("writes a PCI device's configuration registers under its driver")
        }
        // fwupdmgr(1): each of these writes a device's firmware (a flash
        // gone wrong leaves it dead; most end in a reboot).
        "fwupdmgr" | "fwupdtool"
            if matches!(
                verb,
                Some(
                    "update"
                        | "upgrade"
                        | "install"
                        | "reinstall"
                        | "downgrade"
                        | "install-blob"
                        | "switch-branch"
                        | "activate"
                        | "sync-bkc"
                        | "sync"
                )
            ) =>
        {
            de("writes a device's firmware")
        }
        // nvme(1): a new firmware image, committed and activated; a format
        // or a sanitize erases the namespace.
        "nvme"
            if matches!(
                verb,
                Some(
                    "fw-download"
                        | "fw-commit"
                        | "fw-activate"
                        | "format"
                        | "sanitize"
                        | "ns-delete"
                        | "delete-ns"
                        | "detach-ns"
                )
            ) =>
        {
            de("writes the drive's firmware or erases a namespace")
        }
        // nvme-cli's I/O commands that write or lose blocks: zeroes,
        // uncorrectable marks, raw writes and copies, a zone reset, and a
        // dataset-management deallocation (`dsm --ad`/`-d`, or bit 2 of
        // `--cdw11`/`-c`): the blocks read back as zeroes (blind corpus
        // 127).
        "nvme"
            if matches!(
                verb,
                Some(
                    "write-zeroes"
                        | "write-uncor"
                        | "write"
                        | "copy"
                        | "zns"
                        | "io-passthru"
                        | "admin-passthru"
                )
            ) && (verb != Some("zns")
                || lits.iter().any(|w| {
                    matches!(
                        *w,
                        "reset-zone" | "zone-mgmt-send" | "offline-zone" | "finish-zone"
                    )
                })) =>
        {
            // (The passthru commands send any opcode: a write, a
            // deallocation, a format; review 99.)
            de("writes over or discards blocks of the drive")
        }
        "nvme"
            if verb == Some("dsm")
                && lits.iter().any(|w| {
                    matches!(*w, "--ad" | "--cdw11")
                        || w.starts_with("--cdw11=")
                        || (w.starts_with('-') && !w.starts_with("--") && w.contains(['d', 'c']))
                }) =>
        {
            de("deallocates blocks of the drive (a TRIM): their data is gone")
        }
        // sas2flash/sas3flash: `-f` flashes firmware, `-b` a boot image,
        // `-e` erases the flash, `-o` unlocks those.
        "sas2flash" | "sas3flash"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "-f" | "-b" | "-e" | "-o" | "-fwall" | "-biosall" | "-reset"
                )
            }) =>
        {
            de("flashes or erases the controller's firmware")
        }
        // storcli: deleting a virtual drive, flashing, a foreign config
        // cleared, a drive set offline.
        "storcli" | "storcli64" | "perccli" | "perccli64"
            if lits.iter().any(|w| {
                matches!(
                    w.to_ascii_lowercase().as_str(),
                    "del" | "delete" | "download" | "offline" | "missing" | "start" | "stop"
                )
            }) =>
        {
            de("deletes a virtual drive, flashes the controller or takes a drive away")
        }
        // redis-check-aof --fix truncates the append-only file at the
        // first damaged command, losing what follows.
        "redis-check-aof"
            if lits
                .iter()
                .any(|w| w.starts_with("--fix") || *w == "--truncate-to-timestamp") =>
        {
            de("truncates the append-only file")
        }
        _ => None,
    }
}
