//! The simulated Proxmox VE 9 tools themselves (tests/fixtures/pve), run
//! over the real test SSH server with the `ssh` client: each strict rule
//! they follow, with Proxmox's own texts and exit codes, so that a
//! simulator that accepts anything fails here first. The tests on
//! 127.0.0.16 share that host one at a time (a lock file); the three-host
//! lab uses 127.0.2.1-127.0.2.3 (the first three of NOMOS_TEST_LAB_ADDRESSES).

use std::os::unix::fs::PermissionsExt;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::require_env;

const HOST: &str = "127.0.0.16";
const DEBIAN_13: &str = "debian-13-standard_13.1-2_amd64.tar.zst";
const DEBIAN_12: &str = "debian-12-standard_12.12-1_amd64.tar.zst";
const CREATE_USAGE: &str = "pct create <vmid> <ostemplate> [OPTIONS]\n";
const PVESH_USAGE: &str = "pvesh get <api_path> [OPTIONS] [FORMAT_OPTIONS]\n";

/// What a command did on a simulated host.
#[derive(Debug)]
struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Out {
    fn json(&self) -> Value {
        assert_eq!(self.code, 0, "{self:?}");
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {self:?}"))
    }
}

/// One simulated host: a loopback address of the test SSH server and its
/// state folder.
struct Host {
    address: String,
    state: PathBuf,
    _lock: Option<std::fs::File>,
}

impl Host {
    /// The host at `address` with its state wiped (a stock LVM-thin node).
    fn fresh(address: &str) -> Host {
        let root = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE"));
        let state = root.join(address);
        let _ = std::fs::remove_dir_all(&state);
        std::fs::create_dir_all(state.join("vms")).expect("state dir");
        share(&state);
        share(&state.join("vms"));
        Host {
            address: address.to_string(),
            state,
            _lock: None,
        }
    }

    /// 127.0.0.16, fresh, held until the test ends (tests run in parallel
    /// processes; this address is shared by several of them).
    fn exclusive() -> Host {
        let root = PathBuf::from(require_env("NOMOS_TEST_SIM_STATE"));
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(root.join(format!("{HOST}.lock")))
            .expect("lock file");
        // SAFETY: flock(2) on a descriptor we own; no memory effects.
        let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) };
        assert_eq!(rc, 0, "flock");
        let mut host = Host::fresh(HOST);
        host._lock = Some(file);
        host
    }

    /// Writes a state file (folders made as needed, all writable by the
    /// SSH user who runs the shims).
    fn seed(&self, name: &str, content: &str) {
        let path = self.state.join(name);
        let mut dir = path.parent().expect("parent").to_path_buf();
        std::fs::create_dir_all(&dir).expect("state folder");
        while dir != self.state {
            share(&dir);
            dir = dir.parent().expect("parent").to_path_buf();
        }
        std::fs::write(&path, content).expect("seed");
        share(&path);
    }

    fn unseed(&self, name: &str) {
        let _ = std::fs::remove_file(self.state.join(name));
    }

    fn vm(&self, vmid: u32) -> Option<String> {
        std::fs::read_to_string(self.state.join("vms").join(vmid.to_string())).ok()
    }

    /// Runs `command` (a shell command line) on the host over SSH, with
    /// the hosts' fixed search path (not the login PATH, which has planted
    /// programs first) and BASH_ENV unset as Nomos's transports do (the shims are bash scripts,
    /// and the test server's BASH_ENV is a trap exec.rs checks is never
    /// read).
    fn run(&self, command: &str) -> Out {
        let command = format!(
            "PATH={}; unset BASH_ENV; {command}",
            require_env("NOMOS_TEST_SSH_PATH")
        );
        let out = Command::new("ssh")
            .args([
                "-o",
                "BatchMode=yes",
                "-o",
                "StrictHostKeyChecking=no",
                "-o",
                "UserKnownHostsFile=/dev/null",
                "-o",
                "LogLevel=ERROR",
                "-i",
                &require_env("NOMOS_TEST_SSH_KEY"),
                "-p",
                &require_env("NOMOS_TEST_SSH_PORT"),
                &format!("{}@{}", require_env("NOMOS_TEST_SSH_USER"), self.address),
                &command,
            ])
            .output()
            .expect("ssh runs");
        Out {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

fn share(path: &Path) {
    let mode = if path.is_dir() { 0o777 } else { 0o666 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

fn template(file: &str) -> String {
    format!("local:vztmpl/{file}")
}

/// The item of a JSON array answer whose `key` is `value`.
fn find<'a, T>(list: &'a Value, key: &str, value: T) -> &'a Value
where
    Value: PartialEq<T>,
    T: std::fmt::Debug + Copy,
{
    list.as_array()
        .expect("an array")
        .iter()
        .find(|item| item[key] == value)
        .unwrap_or_else(|| panic!("no {key}={value:?} in {list}"))
}

#[test]
fn pct_create_checks_what_proxmox_checks() {
    let h = Host::exclusive();
    h.seed("templates/local", &format!("{DEBIAN_13}\n"));
    let t = template(DEBIAN_13);

    pct_create_verifies_its_parameters(&h, &t);
    pct_create_needs_a_storage_for_containers(&h, &t);
    pct_create_needs_a_cached_template(&h);
    a_good_pct_create_takes_its_time_and_logs(&h, &t);
    pct_create_needs_a_free_vmid_and_quorum(&h, &t);
}

/// Parameter verification: the VMID range, unknown options, malformed
/// property strings and booleans, with Proxmox's texts and exit 255.
fn pct_create_verifies_its_parameters(h: &Host, t: &str) {
    // Parameter verification: the VMID range, unknown options, malformed
    // property strings and booleans, with Proxmox's texts and exit 255.
    let out = h.run(&format!("pct create 99 {t} --rootfs local-lvm:8"));
    assert_eq!(out.code, 255, "{out:?}");
    assert_eq!(
        out.stderr,
        format!(
            "400 Parameter verification failed.\nvmid: invalid format - value does not look like a valid VM ID\n\n{CREATE_USAGE}"
        )
    );
    let out = h.run(&format!(
        "pct create 100 {t} --rootfs local-lvm:8 --bogus 1"
    ));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            255,
            format!("Unknown option: bogus\n400 unable to parse option\n{CREATE_USAGE}").as_str()
        )
    );
    let out = h.run(&format!(
        "pct create 100 {t} --rootfs local-lvm:8 --net0 name=eth0,bridge=vmbr0,ip=10.0.0.5"
    ));
    assert_eq!(out.code, 255, "{out:?}");
    assert!(
        out.stderr.contains("net0: invalid format - format error\nnet0.ip: invalid format - value does not look like a valid ipv4 network configuration\n"),
        "{out:?}"
    );
    let out = h.run(&format!(
        "pct create 100 {t} --rootfs local-lvm:8 --net0 bridge=vmbr0,ip=dhcp"
    ));
    assert!(
        out.stderr
            .contains("net0.name: property is missing and it is not optional"),
        "{out:?}"
    );
    let out = h.run(&format!(
        "pct create 100 {t} --rootfs local-lvm:8 --unprivileged maybe"
    ));
    assert_eq!(
        out.stderr,
        format!("400 unable to parse boolean option\n{CREATE_USAGE}")
    );
    let out = h.run(&format!(
        "pct create 100 {t} --rootfs local-lvm:8 --memory 8"
    ));
    assert!(
        out.stderr
            .contains("memory: value must have a minimum value of 16\n"),
        "{out:?}"
    );
    let out = h.run("pct create 100");
    assert_eq!(
        out.stderr,
        format!("400 not enough arguments\n{CREATE_USAGE}")
    );
    // --ssh-public-keys names a file (pct's parameter mapping), not a key.
    let out = h.run(&format!(
        "pct create 100 {t} --rootfs local-lvm:8 --ssh-public-keys 'ssh-ed25519 AAAA x'"
    ));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            2,
            "can't open 'ssh-ed25519 AAAA x' - No such file or directory\n"
        )
    );
}

/// The root disk's storage must exist, be enabled and hold containers.
fn pct_create_needs_a_storage_for_containers(h: &Host, t: &str) {
    // The root disk's storage must exist, be enabled and hold containers;
    // without --rootfs it is `local`, which on a stock install does not.
    let out = h.run(&format!("pct create 100 {t} --rootfs local-zfs:8"));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "storage 'local-zfs' does not exist\n")
    );
    let local_refused = format!(
        "400 Parameter verification failed.\nstorage: storage 'local' does not support container directories\n{CREATE_USAGE}"
    );
    let out = h.run(&format!("pct create 100 {t} --rootfs local:8"));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, local_refused.as_str())
    );
    let out = h.run(&format!("pct create 100 {t}"));
    assert_eq!(out.stderr, local_refused);
    h.seed(
        "storage",
        "local dir vztmpl,iso,backup\nlocal-lvm lvmthin rootdir,images disabled\n",
    );
    let out = h.run(&format!("pct create 100 {t} --rootfs local-lvm:8"));
    assert_eq!(out.stderr, "storage 'local-lvm' is disabled\n");
    h.seed(
        "storage",
        "local dir vztmpl,iso,backup\nnas nfs rootdir,images offline\n",
    );
    let out = h.run(&format!("pct create 100 {t} --rootfs nas:8"));
    assert_eq!(out.stderr, "storage 'nas' is not online\n");
    h.unseed("storage");
}

/// The template: a volume of type vztmpl in the storage's cache; a
/// failed create leaves nothing behind.
fn pct_create_needs_a_cached_template(h: &Host) {
    // The template: a volume of type vztmpl that is in the storage's cache.
    let out = h.run("pct create 100 local:iso/x.iso --rootfs local-lvm:8");
    assert_eq!(
        out.stderr,
        "unable to use volume local:iso/x.iso - content type needs to be 'vztmpl'\n"
    );
    let out = h.run(&format!(
        "pct create 100 local-lvm:vztmpl/{DEBIAN_13} --rootfs local-lvm:8"
    ));
    assert_eq!(
        out.stderr,
        format!("lvm name 'vztmpl/{DEBIAN_13}' contains illegal characters\n")
    );
    let missing = template(DEBIAN_12);
    let out = h.run(&format!("pct create 100 {missing} --rootfs local-lvm:8"));
    assert_eq!(out.code, 255, "{out:?}");
    assert_eq!(
        out.stderr,
        format!("unable to create CT 100 - can't find file '{missing}'\n")
    );
    assert!(
        out.stdout
            .contains("  Logical volume \"vm-100-disk-0\" successfully removed."),
        "the disk made first is freed again: {out:?}"
    );
    assert!(h.vm(100).is_none(), "nothing is left behind");
}

/// A good create takes `create_delay` seconds, prints a task log and
/// writes the config it was given.
fn a_good_pct_create_takes_its_time_and_logs(h: &Host, t: &str) {
    // A good create takes `create_delay` seconds and prints a task log;
    // a gateway with ip=dhcp is accepted, as Proxmox does.
    h.seed("create_delay", "1\n");
    let started = Instant::now();
    let out = h.run(&format!(
        "pct create 100 {t} --hostname web --net0 name=eth0,bridge=vmbr0,ip=dhcp,gw=192.168.1.1 \
         --rootfs local-lvm:8 --features nesting=1 --memory 1024"
    ));
    assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{out:?}");
    assert!(started.elapsed() >= Duration::from_secs(1));
    for line in [
        "  Logical volume \"vm-100-disk-0\" created.\n",
        "Creating filesystem with 2097152 4k blocks and 524288 inodes\n",
        &format!("extracting archive '/var/lib/vz/template/cache/{DEBIAN_13}'\n"),
        "Detected container architecture: amd64\n",
        "Creating SSH host key 'ssh_host_ed25519_key' - this may take some time ...\n",
    ] {
        assert!(out.stdout.contains(line), "{line:?} in {out:?}");
    }
    let config = h.run("pct config 100").stdout;
    assert!(
        config.contains("net0: name=eth0,bridge=vmbr0,gw=192.168.1.1,hwaddr=BC:24:11:")
            && config.contains(",ip=dhcp,type=veth\n"),
        "{config}"
    );
    assert!(
        config.contains("rootfs: local-lvm:vm-100-disk-0,size=8G\n")
            && config.contains("hostname: web\n")
            && config.contains("memory: 1024\n")
            && config.contains("unprivileged: 1\n"),
        "{config}"
    );
    let list = h.run("pct list").stdout;
    assert_eq!(
        list,
        format!(
            "{:<10} {:<10} {:<12} {:<20}\n{:<10} {:<10} {:<12} {:<20}\n",
            "VMID", "Status", "Lock", "Name", "100", "stopped", "", "web"
        )
    );
    h.unseed("create_delay");
}

/// VMIDs are unique (the node's name in the text); no quorum, no create.
fn pct_create_needs_a_free_vmid_and_quorum(h: &Host, t: &str) {
    // VMIDs are unique (the node's name in the text); no quorum, no create.
    let out = h.run(&format!("pct create 100 {t} --rootfs local-lvm:8"));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "CT 100 already exists on node 'pve'\n")
    );
    h.seed("node", "pve7\n");
    let out = h.run(&format!("pct create 100 {t} --rootfs local-lvm:8"));
    assert_eq!(out.stderr, "CT 100 already exists on node 'pve7'\n");
    h.seed("cluster", "quorate 0\n");
    let out = h.run(&format!("pct create 101 {t} --rootfs local-lvm:8"));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "cluster not ready - no quorum?\n")
    );
    let log = std::fs::read_to_string(h.state.join("log")).expect("log");
    assert!(log.contains("pct create 101 "), "{log}");
}

#[test]
fn pct_start_stop_destroy_and_exec_are_strict() {
    let h = Host::exclusive();
    h.seed("templates/local", &format!("{DEBIAN_13}\n"));
    let t = template(DEBIAN_13);
    pct_start_needs_its_bridge_up(&h, &t);
    a_failing_start_says_what_lxc_says(&h);
    a_running_container_execs_in_the_sessions_locale(&h);
    stop_and_destroy_follow_the_containers_state(&h);
    force_destroys_and_bad_arguments_are_refused(&h, &t);
}

/// Create does not look at a bridge without an MTU; start does.
fn pct_start_needs_its_bridge_up(h: &Host, t: &str) {
    // Create does not look at a bridge without an MTU; start does.
    let out = h.run(&format!(
        "pct create 101 {t} --net0 name=eth0,bridge=vmbr9,ip=dhcp --rootfs local-lvm:4"
    ));
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout
            .contains("WARN: Systemd 257 detected. You may need to enable nesting.\n"),
        "{out:?}"
    );
    assert_eq!(out.stderr, "Task finished with 1 warning(s)!\n");
    let out = h.run(&format!(
        "pct create 102 {t} --net0 name=eth0,bridge=vmbr9,ip=dhcp,mtu=1400 --rootfs local-lvm:4"
    ));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "bridge 'vmbr9' does not exist\n")
    );
    let out = h.run("pct start 101");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "bridge 'vmbr9' does not exist\n")
    );
    assert_eq!(h.run("pct status 101").stdout, "status: stopped\n");
    // configured but not up (no /sys/class/net/vmbr9): the same
    h.seed("bridges", "vmbr0 192.168.1.5/24 ports=eno1\nvmbr9 down\n");
    let out = h.run("pct start 101");
    assert_eq!(out.stderr, "bridge 'vmbr9' does not exist\n");
}

/// A start the container itself fails, as LXC reports it.
fn a_failing_start_says_what_lxc_says(h: &Host) {
    // A start the container itself fails, as LXC reports it.
    h.seed("bridges", "vmbr0 192.168.1.5/24 ports=eno1\nvmbr9\n");
    h.seed("start_fails", "");
    let out = h.run("pct start 101");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "startup for container '101' failed\n")
    );
    assert!(
        out.stdout
            .contains("__lxc_start: 2039 Failed to initialize container \"101\"\n"),
        "{out:?}"
    );
    h.seed(
        "start_fails",
        "lxc_spawn: 1852 Failed to create the network\n",
    );
    let out = h.run("pct start 101");
    assert!(
        out.stdout
            .contains("lxc_spawn: 1852 Failed to create the network"),
        "{out:?}"
    );
    h.unseed("start_fails");
}

/// Started on an existing (address-less) bridge; then running rules, and
/// `pct exec` decodes its arguments with the session's locale.
fn a_running_container_execs_in_the_sessions_locale(h: &Host) {
    // Started on an existing (address-less) bridge; then running rules.
    let out = h.run("pct start 101");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(h.run("pct status 101").stdout, "status: running\n");
    let out = h.run("pct start 101");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "CT 101 already running\n")
    );
    let out = h.run("pct exec 101 -- echo inside");
    assert_eq!((out.code, out.stdout.as_str()), (0, "inside\n"));
    // pct decodes its arguments with the session's locale: without a UTF-8
    // one each byte over 0x7f becomes U+FFFD; LC_ALL wins over LANG.
    let plain = "env -u LANG -u LC_ALL -u LC_CTYPE";
    for (prefix, want) in [
        (
            plain.to_string(),
            "caf\u{fffd}\u{fffd} \u{fffd}\u{fffd}\u{fffd}",
        ),
        (format!("{plain} LC_ALL=C.UTF-8"), "café €"),
        (format!("{plain} LANG=C.UTF-8"), "café €"),
        (format!("{plain} LC_CTYPE=C.UTF-8"), "café €"),
        (
            format!("{plain} LANG=C.UTF-8 LC_ALL=C"),
            "caf\u{fffd}\u{fffd} \u{fffd}\u{fffd}\u{fffd}",
        ),
    ] {
        let out = h.run(&format!("{prefix} pct exec 101 -- printf %s 'café €'"));
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (0, want),
            "{prefix}: {out:?}"
        );
    }
}

/// `pct exec` wants `--` before the command; a running container is not
/// destroyed, a stopped one is not stopped again or exec'd in, and a
/// destroyed one has no config.
fn stop_and_destroy_follow_the_containers_state(h: &Host) {
    let out = h.run("pct exec 101 ls -la");
    assert_eq!(
        out.stderr,
        "Unknown option: la\n400 unable to parse option\npct exec <vmid> [<extra-args>] [OPTIONS]\n"
    );
    let out = h.run("pct destroy 101");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "unable to destroy CT 101 - container is running\n")
    );
    assert!(h.vm(101).is_some());
    assert_eq!(h.run("pct stop 101").code, 0);
    let out = h.run("pct stop 101");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "CT 101 not running\n")
    );
    let out = h.run("pct exec 101 -- true");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "container '101' not running!\n")
    );
    let out = h.run("pct destroy 101");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(
        out.stdout,
        "  Logical volume \"vm-101-disk-0\" successfully removed.\n"
    );
    let out = h.run("pct status 101");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            255,
            "Configuration file 'nodes/pve/lxc/101.conf' does not exist\n"
        )
    );
}

/// --force destroys a running container; a wrong VMID or command is refused.
fn force_destroys_and_bad_arguments_are_refused(h: &Host, t: &str) {
    // --force destroys a running container; a wrong VMID or command is refused.
    assert_eq!(
        h.run(&format!(
            "pct create 103 {t} --net0 name=eth0,bridge=vmbr0,ip=dhcp --rootfs local-lvm:4 \
             --features nesting=1 --start 1"
        ))
        .code,
        0
    );
    let out = h.run("pct destroy 103 --force");
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout
            .starts_with("forced to stop CT 103 before destroying!\n")
    );
    assert!(h.vm(103).is_none());
    let out = h.run("pct start abc");
    assert_eq!(
        out.stderr,
        "400 Parameter verification failed.\nvmid: type check ('integer') failed - got 'abc'\npct start <vmid> [OPTIONS]\n"
    );
    let out = h.run("pct frobnicate 100");
    assert_eq!(out.code, 255);
    assert!(
        out.stderr.starts_with(
            "ERROR: unknown command 'pct frobnicate'\nUSAGE: pct <COMMAND> [ARGS] [OPTIONS]\n"
        ),
        "{out:?}"
    );
}

#[test]
fn pct_snapshots_roll_back_and_refuse_as_proxmox_does() {
    let h = Host::exclusive();
    h.seed("templates/local", &format!("{DEBIAN_13}\n"));
    h.seed(
        "storage",
        "local dir vztmpl,iso,backup,rootdir\nlocal-lvm lvmthin rootdir,images\n",
    );
    let t = template(DEBIAN_13);
    let out = h.run(&format!(
        "pct create 110 {t} --rootfs local-lvm:4 --memory 512 --features nesting=1"
    ));
    assert_eq!(out.code, 0, "{out:?}");
    h.seed("vms/110.rootfs", "v1\n");

    a_snapshot_is_listed_under_current(&h);
    a_rollback_brings_back_the_config_and_the_disk(&h);
    snapshots_are_refused_as_proxmox_refuses_them(&h, &t);
    a_deleted_snapshot_leaves_current_alone(&h);
}

/// `pct snapshot` on LVM-thin prints lvcreate's line; `pct listsnapshot`
/// prints GuestHelpers' tree, `current` under the snapshot it is based on;
/// `pct config` keeps to the current config (with its `parent`).
fn a_snapshot_is_listed_under_current(h: &Host) {
    let out = h.run("pct snapshot 110 before-upgrade --description 'pre upgrade\nsecond line'");
    assert_eq!(
        (out.code, out.stdout.as_str(), out.stderr.as_str()),
        (
            0,
            "  Logical volume \"snap_vm-110-disk-0_before-upgrade\" created.\n",
            ""
        )
    );
    let out = h.run("pct listsnapshot 110");
    assert_eq!(out.code, 0, "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{out:?}");
    // "`-> NAME" padded to 30, a 23-wide local time ("%F %H:%M:%S"), the
    // comment's first line
    let line = lines[0];
    assert_eq!(&line[..32], format!("`-> {:<27} ", "before-upgrade"));
    let time: Vec<char> = line[32..51].chars().collect();
    for (i, c) in time.iter().enumerate() {
        let want = match i {
            4 | 7 => *c == '-',
            10 => *c == ' ',
            13 | 16 => *c == ':',
            _ => c.is_ascii_digit(),
        };
        assert!(want, "{line:?}");
    }
    assert_eq!(&line[51..], "     pre upgrade");
    assert_eq!(
        lines[1],
        format!(" `-> {:<26} {:<23} You are here!", "current", "")
    );
    let config = h.run("pct config 110").stdout;
    assert!(config.contains("parent: before-upgrade\n"), "{config}");
    assert!(!config.contains("snaptime"), "{config}");
    let snap = h.run("pct config 110 --snapshot before-upgrade").stdout;
    assert!(snap.contains("memory: 512\n"), "{snap}");
    assert!(snap.contains("snaptime: "), "{snap}");
}

/// A running container is stopped, its volume rolled back (lvremove and
/// lvcreate), its config and disk content are the snapshot's again.
fn a_rollback_brings_back_the_config_and_the_disk(h: &Host) {
    // the config changes (the file is the SSH user's, writable by all)
    let vm = h.vm(110).expect("CT 110");
    std::fs::write(
        h.state.join("vms/110"),
        vm.replace("memory='512'", "memory='2048'"),
    )
    .expect("config");
    assert_eq!(h.run("pct start 110").code, 0);
    let out = h.run("pct exec 110 -- sh -c 'echo v2 > \"$NOMOS_SIM_ROOTFS\"'");
    assert_eq!(out.code, 0, "{out:?}");
    let disk = || std::fs::read_to_string(h.state.join("vms/110.rootfs")).expect("rootfs");
    assert_eq!(disk(), "v2\n");
    assert!(h.run("pct config 110").stdout.contains("memory: 2048\n"));

    let out = h.run("pct rollback 110 before-upgrade");
    assert_eq!(
        (out.code, out.stdout.as_str(), out.stderr.as_str()),
        (
            0,
            "  Logical volume \"vm-110-disk-0\" successfully removed.\n  \
             Logical volume \"vm-110-disk-0\" created.\n",
            ""
        )
    );
    assert_eq!(h.run("pct status 110").stdout, "status: stopped\n");
    let config = h.run("pct config 110").stdout;
    assert!(config.contains("memory: 512\n"), "{config}");
    assert!(config.contains("parent: before-upgrade\n"), "{config}");
    assert!(!config.contains("lock"), "{config}");
    assert_eq!(disk(), "v1\n");
}

/// Unknown and taken names, malformed ones, a directory storage and a bind
/// mount, with Proxmox's texts and exit 255.
fn snapshots_are_refused_as_proxmox_refuses_them(h: &Host, t: &str) {
    let refused = |command: &str, stderr: &str| {
        let out = h.run(command);
        assert_eq!((out.code, out.stderr.as_str()), (255, stderr), "{command}");
    };
    refused("pct rollback 110 nope", "snapshot 'nope' does not exist\n");
    refused(
        "pct delsnapshot 110 nope",
        "snapshot 'nope' does not exist\n",
    );
    refused(
        "pct snapshot 110 before-upgrade",
        "snapshot name 'before-upgrade' already used\n",
    );
    refused(
        "pct snapshot 110 a",
        "400 Parameter verification failed.\nsnapname: invalid format - \
         invalid configuration ID 'a'\n\npct snapshot <vmid> <snapname> [OPTIONS]\n",
    );
    refused(
        "pct snapshot 110 current",
        "unable to use snapshot name 'current' (reserved name)\n",
    );
    // a raw image on a directory storage cannot be snapshot
    assert_eq!(
        h.run(&format!(
            "pct create 111 {t} --rootfs local:4 --features nesting=1"
        ))
        .code,
        0
    );
    refused(
        "pct snapshot 111 first",
        "snapshot feature is not available\n",
    );
    // nor can a bind mount, which is no volume
    let out = h.run(&format!(
        "pct create 112 {t} --rootfs local-lvm:4 --mp0 /mnt/data,mp=/data --features nesting=1"
    ));
    assert_eq!(out.code, 0, "{out:?}");
    refused(
        "pct snapshot 112 first",
        "snapshot feature is not available\n",
    );
    assert!(!h.state.join("vms/111.snapshots").exists());
    assert!(!h.state.join("vms/112.snapshots").exists());
}

/// `pct delsnapshot` removes the snapshot's LV; `current` is a root again
/// and the config has no `parent`.
fn a_deleted_snapshot_leaves_current_alone(h: &Host) {
    let out = h.run("pct delsnapshot 110 before-upgrade");
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (
            0,
            "  Logical volume \"snap_vm-110-disk-0_before-upgrade\" successfully removed.\n"
        )
    );
    let out = h.run("pct listsnapshot 110");
    assert_eq!(
        out.stdout,
        format!("`-> {:<27} {:<23} You are here!\n", "current", "")
    );
    assert!(!h.run("pct config 110").stdout.contains("parent"));
    assert!(!h.state.join("vms/110.snapshots").exists());
    assert!(!h.state.join("vms/110.rootfs@before-upgrade").exists());
    let log = std::fs::read_to_string(h.state.join("log")).expect("log");
    assert!(
        log.contains("pct delsnapshot 110 before-upgrade\n"),
        "{log}"
    );
}

#[test]
fn pvesh_answers_as_the_api_does() {
    let h = Host::exclusive();
    h.seed(
        "storage",
        "local dir vztmpl,iso,backup\nlocal-lvm lvmthin rootdir,images\nnas nfs backup disabled shared\n",
    );
    h.seed("templates/local", &format!("{DEBIAN_12}\n{DEBIAN_13}\n"));
    h.seed(
        "bridges",
        "vmbr0 192.168.1.5/24 gw=192.168.1.1 ports=eno1\nvmbr1\n",
    );

    pvesh_lists_storage_with_the_apis_fields_and_filters(&h);
    pvesh_lists_templates_on_a_storage(&h);
    pvesh_lists_bridges(&h);
    pvesh_reports_the_cluster_status(&h);
    pvesh_answers_vmids_and_resources(&h);
    pvesh_refuses_what_does_not_exist(&h);
    pvesh_prints_a_table_by_default(&h);
}

/// Storage: the API's fields; content and enabled filters.
fn pvesh_lists_storage_with_the_apis_fields_and_filters(h: &Host) {
    // Storage: the API's fields; content and enabled filters.
    let all = h
        .run("pvesh get /nodes/localhost/storage --output-format json")
        .json();
    assert_eq!(all.as_array().map(Vec::len), Some(3), "{all}");
    let lvm = find(&all, "storage", "local-lvm");
    assert_eq!(lvm["type"], "lvmthin");
    assert_eq!(lvm["content"], "rootdir,images");
    assert_eq!(
        (lvm["active"].clone(), lvm["enabled"].clone()),
        (1.into(), 1.into())
    );
    assert_eq!(lvm["shared"], 0);
    let (total, used, avail) = (
        lvm["total"].as_u64().expect("total"),
        lvm["used"].as_u64().expect("used"),
        lvm["avail"].as_u64().expect("avail"),
    );
    assert_eq!(total, used + avail);
    let nas = find(&all, "storage", "nas");
    assert_eq!(
        (nas["enabled"].clone(), nas["active"].clone()),
        (0.into(), 0.into())
    );
    h.seed(
        "storage",
        "local dir vztmpl,iso,backup\nlocal-lvm lvmthin rootdir,images\nnas nfs backup shared offline\n",
    );
    let out = h.run("pvesh get /nodes/localhost/storage --enabled 1 --output-format json");
    assert_eq!(
        out.stderr, "storage 'nas' is not online\n",
        "storage_info warns"
    );
    let nas = find(&out.json(), "storage", "nas").clone();
    assert_eq!(
        (nas["enabled"].clone(), nas["active"].clone()),
        (1.into(), 0.into())
    );
    h.seed(
        "storage",
        "local dir vztmpl,iso,backup\nlocal-lvm lvmthin rootdir,images\nnas nfs backup disabled shared\n",
    );
    let rootdir = h
        .run("pvesh get /nodes/pve/storage --content rootdir --enabled 1 --output-format json")
        .json();
    assert_eq!(
        rootdir
            .as_array()
            .expect("array")
            .iter()
            .map(|s| s["storage"].as_str().unwrap_or_default())
            .collect::<Vec<_>>(),
        ["local-lvm"]
    );
    let enabled = h
        .run("pvesh get /nodes/localhost/storage --enabled 1 --output-format json")
        .json();
    assert_eq!(enabled.as_array().map(Vec::len), Some(2), "{enabled}");
    let out = h.run("pvesh get /nodes/localhost/storage --content rootdirs");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            255,
            format!(
                "400 Parameter verification failed.\ncontent: invalid format - invalid content type 'rootdirs'\n\n{PVESH_USAGE}"
            )
            .as_str()
        )
    );
}

/// Templates on a storage.
fn pvesh_lists_templates_on_a_storage(h: &Host) {
    // Templates on a storage.
    let content = h
        .run("pvesh get /nodes/localhost/storage/local/content --content vztmpl --output-format json")
        .json();
    let volid = template(DEBIAN_13);
    let item = find(&content, "volid", volid.as_str());
    assert_eq!(item["format"], "tzst");
    assert_eq!(item["content"], "vztmpl");
    assert!(item["size"].as_u64().is_some_and(|s| s > 0), "{item}");
    assert_eq!(content.as_array().map(Vec::len), Some(2));
    let out = h.run("pvesh get /nodes/localhost/storage/nope/content --output-format json");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "storage 'nope' does not exist\n")
    );
}

/// Network: bridges with their address only when they have one.
fn pvesh_lists_bridges(h: &Host) {
    // Network: bridges with their address only when they have one.
    let bridges = h
        .run("pvesh get /nodes/localhost/network --type any_bridge --output-format json")
        .json();
    assert_eq!(bridges.as_array().map(Vec::len), Some(2), "{bridges}");
    let vmbr0 = find(&bridges, "iface", "vmbr0");
    assert_eq!(vmbr0["cidr"], "192.168.1.5/24");
    assert_eq!(vmbr0["address"], "192.168.1.5");
    assert_eq!(vmbr0["netmask"], "24");
    assert_eq!(vmbr0["gateway"], "192.168.1.1");
    assert_eq!(
        (vmbr0["type"].clone(), vmbr0["active"].clone()),
        ("bridge".into(), 1.into())
    );
    let vmbr1 = find(&bridges, "iface", "vmbr1");
    assert_eq!(vmbr1["active"], 1);
    assert!(
        vmbr1.get("cidr").is_none() && vmbr1.get("address").is_none(),
        "{vmbr1}"
    );
    assert_eq!(vmbr1["method"], "manual");
    let every = h
        .run("pvesh get /nodes/localhost/network --output-format json")
        .json();
    assert_eq!(find(&every, "iface", "eno1")["type"], "eth");
}

/// Cluster status: one node entry when standalone; a cluster entry
/// with its quorum otherwise.
fn pvesh_reports_the_cluster_status(h: &Host) {
    // Cluster status: one node entry when standalone; a cluster entry
    // with its quorum otherwise.
    let status = h
        .run("pvesh get /cluster/status --output-format json")
        .json();
    let items = status.as_array().expect("array");
    assert_eq!(items.len(), 1, "{status}");
    assert_eq!(
        (
            items[0]["type"].clone(),
            items[0]["local"].clone(),
            items[0]["name"].clone()
        ),
        ("node".into(), 1.into(), "pve".into())
    );
    h.seed("cluster", "quorate 0\nname lab\n");
    let status = h
        .run("pvesh get /cluster/status --output-format json")
        .json();
    let cluster = find(&status, "type", "cluster");
    assert_eq!(
        (cluster["quorate"].clone(), cluster["name"].clone()),
        (0.into(), "lab".into())
    );
    h.unseed("cluster");
}

/// VMIDs and resources.
fn pvesh_answers_vmids_and_resources(h: &Host) {
    // VMIDs and resources.
    h.seed(
        "vms/100",
        &format!(
            "name=web\nstatus=running\ntemplate={}\nnet0=name=eth0,bridge=vmbr0,ip=dhcp\n",
            template(DEBIAN_13)
        ),
    );
    let out = h.run("pvesh get /cluster/nextid --output-format json");
    assert_eq!(out.stdout, "\"101\"\n");
    assert_eq!(h.run("pvesh get /cluster/nextid").stdout, "101\n");
    let resources = h
        .run("pvesh get /cluster/resources --type vm --output-format json")
        .json();
    let web = find(&resources, "vmid", 100);
    assert_eq!(
        (
            web["name"].clone(),
            web["status"].clone(),
            web["type"].clone()
        ),
        ("web".into(), "running".into(), "lxc".into())
    );
    let out = h.run("pvesh get /cluster/resources --type vms");
    assert!(
        out.stderr.contains(
            "type: value 'vms' does not have a value in the enumeration 'vm, storage, node, sdn'\n"
        ),
        "{out:?}"
    );
}

/// Paths, options and nodes that do not exist.
fn pvesh_refuses_what_does_not_exist(h: &Host) {
    // Paths, options and nodes that do not exist.
    let out = h.run("pvesh get /cluster/bogus");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (1, "No 'get' handler defined for '/cluster/bogus'\n")
    );
    let out = h.run("pvesh get /nodes/pve/qemu");
    assert_eq!(
        out.code, 97,
        "a real path it does not simulate says so: {out:?}"
    );
    assert!(out.stderr.starts_with("pve-sim: "), "{out:?}");
    let out = h.run("pvesh get /nodes --bogus 1");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            255,
            format!("Unknown option: bogus\n400 unable to parse option\n{PVESH_USAGE}").as_str()
        )
    );
    let out = h.run("pvesh get /nodes/elsewhere/storage");
    assert_eq!(
        out.stderr,
        "hostname lookup 'elsewhere' failed - failed to get address info for: elsewhere: Name or service not known\n"
    );
}

/// Without --output-format: CLIFormatter's table (ASCII without a UTF-8 locale).
fn pvesh_prints_a_table_by_default(h: &Host) {
    // Without --output-format: CLIFormatter's table (ASCII without a UTF-8 locale).
    let text = h.run("pvesh get /nodes/localhost/storage").stdout;
    let mut lines = text.lines();
    assert!(lines.next().is_some_and(|l| l.starts_with("+-")), "{text}");
    assert!(
        lines
            .next()
            .is_some_and(|l| l.starts_with("| content ") && l.contains("| storage ")),
        "{text}"
    );
}

/// A row of `pvesm status`, its first column `width` wide.
fn row(id: &str, width: usize, kind: &str, status: &str, sizes: [u64; 3], per: &str) -> String {
    format!(
        "{id:<width$} {kind:>10} {status:>10} {:>15} {:>15} {:>15} {per}",
        sizes[0], sizes[1], sizes[2]
    )
}

/// The header of `pvesm status`, its first column `width` wide.
fn header(width: usize) -> String {
    format!(
        "{:<width$} {:>10} {:>10} {:>15} {:>15} {:>15} {:>8}",
        "Name", "Type", "Status", "Total", "Used", "Available", "%"
    )
}

#[test]
fn pvesm_status_reads_the_storage_pvesh_reads() {
    let h = Host::exclusive();
    h.seed(
        "storage",
        "local dir vztmpl,iso,backup\nlocal-zfs zfspool rootdir,images\n\
         nas nfs backup,vztmpl shared offline\nold dir backup disabled\n",
    );
    h.seed(
        "vms/100",
        "name=web\nstatus=running\nrootfs=local-zfs:subvol-100-disk-0,size=8G\n",
    );
    // The numbers are pvesh's for the same storage, in KiB.
    let api = h
        .run("pvesh get /nodes/localhost/storage --output-format json")
        .json();
    let kib = |id: &str| {
        let s = find(&api, "storage", id);
        let n = |k: &str| s[k].as_u64().expect("number");
        (
            [n("total") / 1024, n("used") / 1024, n("avail") / 1024],
            format!("{:>7.2}%", n("used") as f64 * 100.0 / n("total") as f64),
        )
    };
    let (local, local_per) = kib("local");
    let (zfs, zfs_per) = kib("local-zfs");
    assert!(zfs[1] >= 8 * 1024 * 1024, "the CT disk counts: {zfs:?}");

    let out = h.run("pvesm status");
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, "storage 'nas' is not online\n");
    let want = [
        header(10),
        row("local", 10, "dir", "active", local, &local_per),
        row("local-zfs", 10, "zfspool", "active", zfs, &zfs_per),
        row("nas", 10, "nfs", "inactive", [0; 3], "   0.00%"),
        row("old", 10, "dir", "disabled", [0; 3], "     N/A"),
    ]
    .map(|l| format!("{l}\n"))
    .concat();
    assert_eq!(out.stdout, want);

    pvesm_status_filters_as_the_index_does(&h, (local, &local_per), (zfs, &zfs_per));
    pvesm_refuses_what_proxmox_refuses(&h);
}

/// The index's options: content (disabled storages left out), enabled,
/// storage, for the numbers pvesh gave for `local` and `local-zfs`.
fn pvesm_status_filters_as_the_index_does(
    h: &Host,
    (local, local_per): ([u64; 3], &str),
    (zfs, zfs_per): ([u64; 3], &str),
) {
    // The index's options: content (disabled storages left out), enabled,
    // storage; an unknown or filtered-out storage is "No such storage.".
    let out = h.run("pvesm status --content rootdir");
    assert_eq!(
        out.stdout,
        format!(
            "{}\n{}\n",
            header(10),
            row("local-zfs", 10, "zfspool", "active", zfs, zfs_per)
        )
    );
    let out = h.run("pvesm status --content backup,vztmpl --enabled 1");
    assert!(
        out.stdout.contains("\nlocal ")
            && out.stdout.contains("\nnas ")
            && !out.stdout.contains("old"),
        "{out:?}"
    );
    let out = h.run("pvesm status --enabled 1");
    assert!(!out.stdout.contains("disabled"), "{out:?}");
    let out = h.run("pvesm status --storage=local");
    assert_eq!(
        out.stdout,
        format!(
            "{}\n{}\n",
            header(6),
            row("local", 6, "dir", "active", local, local_per)
        )
    );
}

/// An unknown or filtered-out storage is "No such storage."; bad options,
/// arguments and commands are refused; what it does not simulate says so.
fn pvesm_refuses_what_proxmox_refuses(h: &Host) {
    for args in ["--storage nope", "--storage old --content backup"] {
        let out = h.run(&format!("pvesm status {args}"));
        assert_eq!(
            (out.code, out.stderr.as_str()),
            (
                255,
                "400 Parameter verification failed.\nstorage: No such storage.\npvesm status  [OPTIONS]\n"
            ),
            "{args}"
        );
    }
    let out = h.run("pvesm status --bogus 1");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            255,
            "Unknown option: bogus\n400 unable to parse option\npvesm status  [OPTIONS]\n"
        )
    );
    let out = h.run("pvesm status --content rootdirs");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            255,
            "400 Parameter verification failed.\ncontent: invalid format - invalid content type 'rootdirs'\n\npvesm status  [OPTIONS]\n"
        )
    );
    let out = h.run("pvesm status --enabled maybe");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            255,
            "400 unable to parse boolean option\npvesm status  [OPTIONS]\n"
        )
    );
    let out = h.run("pvesm status extra");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "400 too many arguments\npvesm status  [OPTIONS]\n")
    );
    let out = h.run("pvesm frobnicate");
    assert_eq!(out.code, 255);
    assert!(
        out.stderr
            .starts_with("ERROR: unknown command 'pvesm frobnicate'\n"),
        "{out:?}"
    );
    let out = h.run("pvesm list local");
    assert_eq!(
        out.code, 97,
        "a real command it does not simulate says so: {out:?}"
    );
    assert!(out.stderr.starts_with("pve-sim: "), "{out:?}");
    assert!(
        std::fs::read_to_string(h.state.join("log"))
            .expect("log")
            .contains("pvesm status --content rootdir\n")
    );
}

#[test]
fn pveam_and_pvecm_say_what_proxmox_says() {
    let h = Host::exclusive();
    h.seed("templates/local", &format!("{DEBIAN_13}\n"));
    let out = h.run("pveam list");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (255, "400 not enough arguments\npveam list <storage>\n")
    );
    let out = h.run("pveam list local-lvm");
    assert_eq!(out.stderr, "Storage does not support templates!\n");
    let out = h.run("pveam list nowhere");
    assert_eq!(out.stderr, "storage 'nowhere' does not exist\n");
    let list = h.run("pveam list local").stdout;
    let rows: Vec<&str> = list.lines().collect();
    assert_eq!(rows.len(), 2, "{list}");
    assert_eq!(rows[0], format!("{:<60} {:<6}", "NAME", "SIZE"));
    assert!(
        rows[1].starts_with(&format!("{:<60} ", template(DEBIAN_13))) && rows[1].ends_with("MB"),
        "{list}"
    );

    let turnkey = h.run("pveam available --section turnkeylinux").stdout;
    assert!(
        !turnkey.is_empty() && turnkey.lines().all(|l| l.starts_with("turnkeylinux    ")),
        "{turnkey}"
    );
    let out = h.run("pveam available --section apps");
    assert!(out.stderr.contains("section: value 'apps' does not have a value in the enumeration 'system, mail, turnkeylinux'"), "{out:?}");
    assert_eq!(h.run("pveam update").stdout, "update successful\n");
    let out = h.run("pveam download local debian-99-standard_99.0-1_amd64.tar.zst");
    assert_eq!(
        out.stderr,
        "400 Parameter verification failed.\ntemplate: no such template\npveam download <storage> <template>\n"
    );
    let out = h.run(&format!("pveam download local {DEBIAN_12}"));
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        h.run("pveam list local")
            .stdout
            .contains(&template(DEBIAN_12))
    );

    pvecm_status_needs_a_cluster(&h);
}

/// pvecm status: standalone is an error (Perl exits with ENOENT); a
/// cluster shows its quorum and exits 2 without it.
fn pvecm_status_needs_a_cluster(h: &Host) {
    // pvecm status: standalone is an error (Perl exits with ENOENT); a
    // cluster shows its quorum and exits 2 without it.
    let out = h.run("pvecm status");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            2,
            "Error: Corosync config '/etc/pve/corosync.conf' does not exist - is this node part of a cluster?\n"
        )
    );
    h.seed(
        "cluster",
        "quorate 1\nname homelab\nnode pve2 192.168.1.6 1\nnode pve3 192.168.1.7 1\n",
    );
    let out = h.run("pvecm status");
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout
            .starts_with("Cluster information\n-------------------\nName:             homelab\n"),
        "{out:?}"
    );
    assert!(
        out.stdout.contains("Quorate:          Yes\n")
            && out.stdout.contains("Nodes:            3\n"),
        "{out:?}"
    );
    h.seed(
        "cluster",
        "quorate 0\nnode pve2 192.168.1.6 0\nnode pve3 192.168.1.7 0\n",
    );
    let out = h.run("pvecm status");
    assert_eq!(out.code, 2, "{out:?}");
    assert!(
        out.stdout.contains("Quorate:          No\n")
            && out
                .stdout
                .contains("Quorum:           2 Activity blocked\n"),
        "{out:?}"
    );
}

#[test]
fn ping_behaves_as_iputils_does() {
    let h = Host::exclusive();
    h.seed(
        "bridges",
        "vmbr0 192.168.1.5/24 gw=192.168.1.1 ports=eno1\nvmbr1\nvmbr2 192.168.8.17/28\n",
    );
    h.seed(
        "reachable",
        "vmbr2 192.168.8.18 12.3456\nvmbr1 10.1.1.1\nany 10.9.9.9\n",
    );

    let out = h.run("ping -c 1 -W 1 -I vmbr2 192.168.8.18");
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.starts_with(
            "PING 192.168.8.18 (192.168.8.18) from 192.168.8.17 vmbr2: 56(84) bytes of data.\n\
         64 bytes from 192.168.8.18: icmp_seq=1 ttl=64 time=12.3 ms\n"
        ),
        "{out:?}"
    );
    // the wrong bridge: no answer, exit 1
    let out = h.run("ping -c 1 -W 1 -I vmbr0 192.168.8.18");
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stdout
            .contains("1 packets transmitted, 0 received, 100% packet loss"),
        "{out:?}"
    );
    // a bridge without an IPv4 address: iputils' warning, then nothing
    // comes back even from a host on that bridge
    let out = h.run("ping -c 1 -W 1 -I vmbr1 10.1.1.1");
    assert_eq!(out.code, 1, "{out:?}");
    assert_eq!(
        out.stderr,
        "ping: Warning: source address might be selected on device other than: vmbr1\n"
    );
    assert!(out.stdout.contains("100% packet loss"), "{out:?}");
    // no such device: exit 2
    let out = h.run("ping -c 1 -W 1 -I vmbr9 192.168.8.18");
    assert_eq!(
        (out.code, out.stderr.as_str(), out.stdout.as_str()),
        (2, "ping: SO_BINDTODEVICE vmbr9: No such device\n", "")
    );
    // plain pings use the `any` line; bad options and names exit 2
    assert_eq!(h.run("ping -c 1 -W 2 -- 10.9.9.9").code, 0);
    let out = h.run("ping -x 10.9.9.9");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .starts_with("ping: invalid option -- 'x'\n\nUsage\n"),
        "{out:?}"
    );
    let out = h.run("ping -c 1 gateway.invalid");
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (2, "ping: gateway.invalid: Name or service not known\n")
    );
    // inside a container, only its own bridge reaches anything
    h.seed("templates/local", &format!("{DEBIAN_13}\n"));
    let created = h.run(&format!(
        "pct create 120 {} --net0 name=eth0,bridge=vmbr1,ip=10.1.1.5/24,gw=10.1.1.1 --rootfs local-lvm:4 \
         --features nesting=1 --start 1",
        template(DEBIAN_13)
    ));
    assert_eq!(created.code, 0, "{created:?}");
    assert_eq!(h.run("pct exec 120 -- ping -c 1 -W 1 10.1.1.1").code, 0);
    assert_eq!(h.run("pct exec 120 -- ping -c 1 -W 1 10.9.9.9").code, 1);
}

/// Three independent hosts: a ZFS node, an LVM-thin node, and one with an
/// address-less bridge and TurnKey templates; a cluster whose first node
/// answers for the others through pvesh's proxying.
#[test]
fn a_three_host_lab_has_three_independent_hosts() {
    // The lab's first three addresses are this test's (see exec.rs).
    let addresses: Vec<String> = require_env("NOMOS_TEST_LAB_ADDRESSES")
        .split(',')
        .take(3)
        .map(str::to_string)
        .collect();
    assert_eq!(addresses.len(), 3, "{addresses:?}");
    let hosts: Vec<Host> = addresses.iter().map(|a| Host::fresh(a)).collect();
    let (zfs, lvm, turnkey) = (&hosts[0], &hosts[1], &hosts[2]);
    let turnkey_core = "debian-12-turnkey-core_18.1-1_amd64.tar.gz";

    seed_a_zfs_an_lvm_and_a_turnkey_node((zfs, lvm, turnkey), &addresses, turnkey_core);
    each_node_creates_on_its_own_storage((zfs, lvm, turnkey), turnkey_core);
    nothing_leaks_between_the_nodes((zfs, lvm, turnkey), turnkey_core);
}

/// Three nodes of one cluster, each with its own storage, templates and
/// name, as their own pvesh reports.
fn seed_a_zfs_an_lvm_and_a_turnkey_node(
    (zfs, lvm, turnkey): (&Host, &Host, &Host),
    addresses: &[String],
    turnkey_core: &str,
) {
    zfs.seed("node", "pve1\n");
    zfs.seed(
        "storage",
        "local dir vztmpl,iso,backup\nlocal-zfs zfspool rootdir,images\n",
    );
    zfs.seed("templates/local", &format!("{DEBIAN_13}\n"));
    zfs.seed(
        "cluster",
        &format!(
            "quorate 1\nname lab\nnode pve2 {} 1\nnode pve3 {} 1\n",
            addresses[1], addresses[2]
        ),
    );
    lvm.seed("node", "pve2\n");
    lvm.seed("templates/local", &format!("{DEBIAN_12}\n"));
    turnkey.seed("node", "pve3\n");
    turnkey.seed(
        "bridges",
        "vmbr0 192.168.50.3/24 gw=192.168.50.1 ports=eno1\nvmbr1 ports=eno2\n",
    );
    turnkey.seed("templates/local", &format!("{turnkey_core}\n"));

    for (host, kind, node) in [
        (zfs, "zfspool", "pve1"),
        (lvm, "lvmthin", "pve2"),
        (turnkey, "lvmthin", "pve3"),
    ] {
        let rootdir = host
            .run("pvesh get /nodes/localhost/storage --content rootdir --enabled 1 --output-format json")
            .json();
        assert_eq!(rootdir[0]["type"], kind, "{}: {rootdir}", host.address);
        let status = host
            .run("pvesh get /cluster/status --output-format json")
            .json();
        assert_eq!(find(&status, "type", "node")["name"], node);
    }
}

/// Each host creates on its own storage, with its own templates.
fn each_node_creates_on_its_own_storage(
    (zfs, lvm, turnkey): (&Host, &Host, &Host),
    turnkey_core: &str,
) {
    // each host creates on its own storage, with its own templates
    let out = zfs.run(&format!(
        "pct create 200 {} --rootfs local-lvm:8",
        template(DEBIAN_13)
    ));
    assert_eq!(out.stderr, "storage 'local-lvm' does not exist\n");
    let out = zfs.run(&format!(
        "pct create 200 {} --rootfs local-zfs:8 --features nesting=1 --hostname z",
        template(DEBIAN_13)
    ));
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        !out.stdout.contains("Logical volume"),
        "ZFS makes a subvolume: {out:?}"
    );
    assert!(
        zfs.run("pct config 200")
            .stdout
            .contains("rootfs: local-zfs:subvol-200-disk-0,size=8G\n")
    );
    let out = lvm.run(&format!(
        "pct create 200 {} --rootfs local-lvm:8",
        template(DEBIAN_13)
    ));
    assert_eq!(
        out.stderr,
        format!(
            "unable to create CT 200 - can't find file '{}'\n",
            template(DEBIAN_13)
        )
    );
    let out = turnkey.run(&format!(
        "pct create 300 {} --rootfs local-lvm:8 --net0 name=eth0,bridge=vmbr1,ip=dhcp --features nesting=1",
        template(turnkey_core)
    ));
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        turnkey
            .run("pct config 300")
            .stdout
            .contains("ostype: debian\n")
    );
    assert!(
        turnkey
            .run("pveam list local")
            .stdout
            .contains(turnkey_core)
    );
}

/// Nothing leaks between them; pve1 asks its peers through pvesh (they
/// answer from their own state).
fn nothing_leaks_between_the_nodes((zfs, lvm, turnkey): (&Host, &Host, &Host), turnkey_core: &str) {
    // nothing leaks between them
    for (host, expected) in [(zfs, vec![200]), (lvm, vec![]), (turnkey, vec![300])] {
        let vms = host
            .run("pvesh get /cluster/resources --type vm --output-format json")
            .json();
        let ids: Vec<u64> = vms
            .as_array()
            .expect("array")
            .iter()
            .filter_map(|v| v["vmid"].as_u64())
            .collect();
        assert_eq!(ids, expected, "{}", host.address);
    }
    let bridges = turnkey
        .run("pvesh get /nodes/localhost/network --type any_bridge --output-format json")
        .json();
    assert!(find(&bridges, "iface", "vmbr1").get("cidr").is_none());

    // pve1 asks its peers through pvesh (they answer from their own state)
    let remote = zfs
        .run("pvesh get /nodes/pve2/storage --content rootdir --output-format json")
        .json();
    assert_eq!(remote[0]["type"], "lvmthin", "{remote}");
    let remote = zfs
        .run("pvesh get /nodes/pve3/storage/local/content --output-format json")
        .json();
    assert_eq!(remote[0]["volid"], template(turnkey_core));
    let out = zfs.run("pvecm status");
    assert!(out.stdout.contains("Nodes:            3\n"), "{out:?}");
}
