//! The confinement every command Nomos runs without a person runs under
//! (`nomos-confine`, the `crates/confine` helper): it enforces what
//! `read_only` means on the target itself, whatever the classifier
//! predicted. This module decides the helper's network profile for a
//! command, finds the helper, and reads what a stopped command ran into.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use sha2::{Digest, Sha256};

use nomos_classify::NetworkUse;

/// Whether a confined command sees the host's network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetAccess {
    /// No network: no IP or Unix socket can be opened (netlink reads the
    /// host's interfaces, as with [`NetAccess::View`]).
    None,
    /// The host's network to read (netlink, local sockets), with no IP
    /// socket: nothing can be sent anywhere.
    View,
    /// The host's network, IP sockets included: only for commands whose
    /// every destination the classifier checked against the egress policy.
    Host,
}

impl NetAccess {
    pub fn as_str(self) -> &'static str {
        match self {
            NetAccess::None => "none",
            NetAccess::View => "view",
            NetAccess::Host => "host",
        }
    }

    /// What a command that uses `network` (as its classification found)
    /// is given.
    pub fn for_use(network: NetworkUse) -> NetAccess {
        match network {
            NetworkUse::None => NetAccess::None,
            NetworkUse::Inspects | NetworkUse::Cluster => NetAccess::View,
            NetworkUse::Reaches => NetAccess::Host,
        }
    }
}

/// What happens to read-only work on a target that cannot be confined
/// (`[gate] unconfined`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Unconfined {
    /// It waits for an approval like a change (and does not run unasked).
    #[default]
    Ask,
    /// It runs unconfined, as before the confinement, and says so.
    Run,
}

impl std::str::FromStr for Unconfined {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "ask" => Ok(Unconfined::Ask),
            "run" => Ok(Unconfined::Run),
            other => Err(format!("is `{other}`; use ask or run")),
        }
    }
}

/// The targets found unable to be confined, and why; shared by the
/// executor (which finds out) and the gate (which then asks for read-only
/// work there, under [`Unconfined::Ask`]).
#[derive(Debug, Default)]
pub struct Confinability {
    policy: Unconfined,
    unconfinable: Mutex<HashMap<String, String>>,
}

impl Confinability {
    pub fn new(policy: Unconfined) -> Self {
        Confinability {
            policy,
            unconfinable: Mutex::new(HashMap::new()),
        }
    }

    /// Records that `target` cannot be confined.
    pub fn mark(&self, target: &str, reason: &str) {
        self.unconfinable
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(target.trim().to_string(), reason.to_string());
    }

    /// Why `target` cannot be confined, if it was found so.
    pub fn reason(&self, target: &str) -> Option<String> {
        self.unconfinable
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(target.trim())
            .cloned()
    }

    /// Whether read-only work on `target` must wait for an approval.
    pub fn read_only_needs_approval(&self, target: &str) -> bool {
        self.policy == Unconfined::Ask && self.reason(target).is_some()
    }
}

/// What a confined command may reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub net: NetAccess,
    /// Abstract Unix sockets stay reachable (for Proxmox's tools).
    pub abstract_sockets: bool,
    /// The helper's own deadline, in seconds (a backstop behind the
    /// executor's timeout, which closes the channel first).
    pub timeout_secs: Option<u64>,
}

impl Profile {
    /// The helper's options for this profile (fixed words, no input).
    pub fn args(self) -> String {
        let mut args = format!("--net {}", self.net.as_str());
        if self.abstract_sockets {
            args.push_str(" --abstract-sockets");
        }
        if let Some(secs) = self.timeout_secs {
            args.push_str(&format!(" --timeout {secs}"));
        }
        args
    }

    /// With the helper's own deadline a little after `timeout`.
    pub fn within(self, timeout: std::time::Duration) -> Profile {
        Profile {
            timeout_secs: Some(timeout.as_secs() + 5),
            ..self
        }
    }
}

/// The profile for a command whose one classification (made with the
/// gate's egress policy when it was proposed) found it uses `network`:
/// IP sockets only for commands whose every destination was checked,
/// abstract sockets only for commands that start a Proxmox or LXC tool.
/// A program the classifier did not see only takes access away (the
/// command then fails visibly); it never gives more.
pub fn profile(network: NetworkUse) -> Profile {
    Profile {
        net: NetAccess::for_use(network),
        abstract_sockets: network == NetworkUse::Cluster,
        timeout_secs: None,
    }
}

/// Where the helper is: `$NOMOS_CONFINE` if set, else beside the running
/// binary (or one folder up, for test binaries under `deps/`).
pub fn helper() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("NOMOS_CONFINE") {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    [
        dir.join("nomos-confine"),
        dir.parent()?.join("nomos-confine"),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

/// The helper as shipped to targets: its bytes and a name from their hash
/// (a changed helper is a new file; an old one is never reused).
#[derive(Debug)]
pub struct Shipment {
    pub bytes: Vec<u8>,
    pub hash: String,
}

/// The helper to ship, read once; `None` when it is not installed here.
pub fn shipment() -> Option<&'static Shipment> {
    static SHIPMENT: OnceLock<Option<Shipment>> = OnceLock::new();
    SHIPMENT
        .get_or_init(|| {
            let bytes = std::fs::read(helper()?).ok()?;
            let digest = Sha256::digest(&bytes);
            let hash = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
            Some(Shipment { bytes, hash })
        })
        .as_ref()
}

/// The machine this Nomos (and so its helper) was built for, as `uname
/// -m` names it.
pub fn machine() -> &'static str {
    match std::env::consts::ARCH {
        "x86" => "i686",
        other => other,
    }
}

/// Where the helper lives on a target, as a POSIX `sh` word (the login
/// user's cache folder; inside a container, the same path, pushed there).
pub fn remote_path(hash: &str) -> String {
    format!("\"${{HOME:-/root}}/.cache/nomos/confine-{hash}\"")
}

/// POSIX `sh` words that succeed when the file at `path` (an `sh` word)
/// is the helper with `hash`.
pub fn has_helper(path: &str, hash: &str) -> String {
    format!("case \"$(sha256sum < {path} 2>/dev/null)\" in {hash}*) true ;; *) false ;; esac")
}

/// POSIX `sh` that installs the helper sent on its standard input at
/// [`remote_path`], unless it is there: it checks the machine, writes a
/// temporary file, checks its hash and renames it into place. Exits 0 when
/// the helper is in place, 3 when this machine cannot run it (said on
/// standard error), anything else on failure. A file already there counts
/// only with the right hash (anything else is replaced).
pub fn install_script(shipment: &Shipment) -> String {
    let path = remote_path(&shipment.hash);
    let machine = machine();
    let hash = &shipment.hash;
    let check = has_helper("\"$f\"", hash);
    format!(
        r#"f={path}
if [ -x "$f" ] && {check}; then cat >/dev/null; exit 0; fi
m=$(uname -m)
if [ "$m" != "{machine}" ]; then cat >/dev/null; echo "this machine is $m; Nomos's confinement helper is built for {machine}" >&2; exit 3; fi
d=${{f%/*}}
mkdir -p "$d" || exit 1
t=$(mktemp "$d/.confine.XXXXXX") || exit 1
cat > "$t" || {{ rm -f "$t"; exit 1; }}
s=$(sha256sum < "$t") || {{ rm -f "$t"; exit 1; }}
case "$s" in {hash}*) ;; *) rm -f "$t"; echo "the helper arrived damaged" >&2; exit 1 ;; esac
chmod 755 "$t" && mv -f "$t" "$f""#
    )
}

/// The helper's `--probe` line in words: what holds on that target.
pub fn describe(probe: &str) -> String {
    let field = |key: &str| {
        probe
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
            .unwrap_or("")
    };
    let landlock: u32 = field("landlock").parse().unwrap_or(0);
    let mut held = vec![
        "read-only mounts (/tmp too), private scratch, fresh /dev, no privileges, seccomp, own pids".to_string(),
    ];
    held.push(if field("guard") == "1" {
        "secrets refused on open by their real path".into()
    } else {
        "secrets hidden where a search finds them (no fanotify here)".into()
    });
    held.push(match landlock {
        0 => "no Landlock (writes held by the mounts alone)".into(),
        1..=5 => format!("Landlock ABI {landlock} (writes; signals by pid namespace only)"),
        _ => format!("Landlock ABI {landlock} (writes, signals, abstract sockets)"),
    });
    if field("userns") == "1" {
        held.push(format!("as uid {} through a user namespace", field("uid")));
    }
    format!("confined: {}", held.join("; "))
}

/// Exit status of the helper when it could not build the confinement.
pub const CANNOT_CONFINE: i32 = 125;

/// What a confined command that failed ran into, said for the card and
/// the model: the first line of its errors that the confinement causes
/// (a write to a read-only file system, a refused operation, a hidden
/// file). `None` when nothing points at the confinement.
pub fn stopped_by(exit_code: Option<i32>, stderr: &str) -> Option<String> {
    if exit_code == Some(CANNOT_CONFINE) && stderr.contains("nomos-confine:") {
        let line = stderr.lines().find(|l| l.contains("nomos-confine:"))?;
        return Some(format!("{}; nothing ran", line.trim()));
    }
    const SIGNS: &[&str] = &[
        "Read-only file system",
        "Operation not permitted",
        "Permission denied",
        "must be root",
        "Address family not supported",
        "Protocol not supported",
        "Network is unreachable",
    ];
    let line = stderr
        .lines()
        .find(|l| SIGNS.iter().any(|s| l.contains(s)))?;
    Some(format!(
        "the confinement stopped it: {}. A command that runs without approval cannot write, \
         change the system, signal other processes, read secrets or reach the network beyond \
         what it was shown to need: propose it as a change if it must do that",
        line.trim()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_network_is_what_the_classification_found() {
        use nomos_classify::{Egress, RiskClass, classify_with};
        let egress = Egress::new(["deb.debian.org"]);
        let net_for = |command: &str| {
            let c = classify_with(command, None, &egress);
            assert_eq!(c.class, RiskClass::ReadOnly, "{command}: {}", c.reason);
            profile(c.network).net
        };
        for c in [
            "curl -s http://127.0.0.1:8006/",
            "/usr/bin/ping -c1 10.0.0.1",
            "sudo timeout 5 /usr/bin/curl -s https://deb.debian.org/",
            "bash -c 'dig +short pve.lan'",
        ] {
            assert_eq!(net_for(c), NetAccess::Host, "{c}");
        }
        for c in ["ss -ltn", "pct list", "cat /etc/hosts | (ip -br a)"] {
            assert_eq!(net_for(c), NetAccess::View, "{c}");
        }
        // A lookup asks the resolver: its names are checked like any place.
        assert_eq!(net_for("getent hosts pve.lan"), NetAccess::Host);
        // Abstract sockets follow the classification, never a word: a
        // quoted `qm` beside `ss` opens none.
        let words = classify_with("ss -s; echo \"qm\"", None, &egress);
        assert!(!profile(words.network).abstract_sockets);
        for c in [
            "cat /etc/hostname /etc/ssh/ssh_config",
            "df -h",
            "grep -rl nginx /etc/cron.d",
            "echo ipv4",
            "echo curl http://10.0.0.1/",
        ] {
            assert_eq!(net_for(c), NetAccess::None, "{c}");
        }
        assert!(profile(NetworkUse::Cluster).abstract_sockets);
        assert!(!profile(NetworkUse::Inspects).abstract_sockets);
        assert!(!profile(NetworkUse::Reaches).abstract_sockets);
        assert_eq!(profile(NetworkUse::Inspects).args(), "--net view");
        assert_eq!(
            profile(NetworkUse::Cluster).args(),
            "--net view --abstract-sockets"
        );
        assert_eq!(profile(NetworkUse::Reaches).args(), "--net host");
    }

    #[test]
    fn a_probe_is_said_in_words() {
        let full = describe(
            "nomos-confine 0.1.0 uid=0 userns=0 net=none landlock=7 seccomp=1 guard=1 hidden_folders=1",
        );
        assert!(
            full.contains("secrets refused on open") && full.contains("abstract sockets"),
            "{full}"
        );
        let old =
            describe("nomos-confine 0.1.0 uid=1000 userns=1 net=none landlock=4 seccomp=1 guard=0");
        assert!(
            old.contains("search finds")
                && old.contains("pid namespace only")
                && old.contains("uid 1000"),
            "{old}"
        );
    }

    #[test]
    fn what_the_confinement_stopped_is_said() {
        let why = stopped_by(
            Some(1),
            "touch: cannot touch '/etc/x': Read-only file system\n",
        );
        assert!(why.is_some_and(
            |w| w.contains("Read-only file system") && w.contains("propose it as a change")
        ));
        let setup = stopped_by(
            Some(125),
            "nomos-confine: cannot confine this command (unshare: EPERM); nothing was run\n",
        );
        assert!(setup.is_some_and(|w| w.starts_with("nomos-confine: cannot confine")));
        assert_eq!(stopped_by(Some(1), "grep: no match\n"), None);
    }
}
