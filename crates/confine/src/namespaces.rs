//! The namespaces a confined command lives in: its own mounts (so the
//! read-only view and the hidden secrets are its alone), its own process
//! ids (it can name and signal only what it started), its own System V
//! IPC and host name, and with `--net none` its own network with only a
//! loopback (`--net view` and `--net host` stay in the host's network;
//! `view` may open no IP socket there, see `seccomp`). Run by someone other than root, a user namespace comes first
//! (the user keeps their own id inside), which gives the rights to build
//! the rest and no more rights over anything outside.

use crate::sys::{self, Fail, Result};

/// Whether the command may use the host's network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Net {
    /// No network: [`Net::Own`], or [`Net::View`] where that holds the
    /// same for less ([`Net::built`]).
    None,
    /// A network namespace of its own, with only `lo`.
    Own,
    /// The host's network to look at: its interfaces, routes and sockets
    /// through netlink, and local (Unix) sockets, but no IP socket, so
    /// nothing can be sent anywhere, loopback included.
    View,
    /// The host's network, IP sockets included.
    Host,
}

impl Net {
    pub fn as_str(self) -> &'static str {
        match self {
            Net::None => "none",
            Net::Own => "own",
            Net::View => "view",
            Net::Host => "host",
        }
    }

    /// Whether IP sockets (`AF_INET`, `AF_INET6`) may be opened.
    pub fn ip_sockets(self) -> bool {
        match self {
            Net::None | Net::Own | Net::Host => true,
            Net::View => false,
        }
    }

    /// How `--net none` is built on a kernel with Landlock ABI `abi`. A
    /// network namespace hides the host's network, its loopback and its
    /// abstract Unix sockets (which belong to a network namespace), and
    /// costs about 1.5 ms per command to make and tear down. Where
    /// Landlock scopes abstract sockets (ABI 6) and they are not asked
    /// for, [`Net::View`] holds the same: no IP socket at all, no abstract
    /// socket made outside the command, path sockets behind the mounts.
    /// What differs: the command can read the host's interfaces, and has
    /// no loopback of its own.
    pub fn built(self, abi: u32, abstract_sockets: bool) -> Net {
        match self {
            Net::None if abi >= 6 && !abstract_sockets => Net::View,
            Net::None => Net::Own,
            other => other,
        }
    }
}

/// Enters the namespaces but the pid namespace ([`new_pids`]). Returns
/// whether a user namespace was made.
pub fn enter(net: Net) -> Result<bool> {
    // SAFETY: geteuid/getegid cannot fail.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    let userns = uid != 0;
    if userns {
        unshare(libc::CLONE_NEWUSER, "a user namespace")?;
        sys::write_existing("/proc/self/setgroups", "deny")?;
        sys::write_existing("/proc/self/uid_map", &format!("{uid} {uid} 1\n"))?;
        sys::write_existing("/proc/self/gid_map", &format!("{gid} {gid} 1\n"))?;
    }
    let mut flags = libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
    // `None` is built as `Own` or `View` before this ([`Net::built`]);
    // a namespace either way keeps it from the host's network.
    let own = matches!(net, Net::None | Net::Own);
    if own {
        flags |= libc::CLONE_NEWNET;
    }
    unshare(flags, "namespaces (mount, ipc, uts)")?;
    if own {
        loopback_up()?;
    }
    Ok(userns)
}

/// A new pid namespace: the next child forked is its pid 1.
pub fn new_pids() -> Result<()> {
    unshare(libc::CLONE_NEWPID, "a pid namespace")
}

fn unshare(flags: libc::c_int, what: &str) -> Result<()> {
    // SAFETY: unshare takes flags only.
    let ret = unsafe { libc::unshare(flags) };
    sys::check(ret.into(), || format!("unshare {what}")).map(|_| ())
}

/// Brings `lo` of the new network namespace up (it starts down).
fn loopback_up() -> Result<()> {
    // SAFETY: a datagram socket for the interface ioctls; closed below.
    let fd = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) };
    if fd < 0 {
        return Err(sys::fail("socket for lo"));
    }
    // SAFETY: ifreq is plain data; zeroed is a valid value.
    let mut req: libc::ifreq = unsafe { std::mem::zeroed() };
    for (dst, src) in req.ifr_name.iter_mut().zip(b"lo\0") {
        *dst = *src as libc::c_char;
    }
    req.ifr_ifru.ifru_flags = (libc::IFF_UP | libc::IFF_RUNNING) as libc::c_short;
    // SAFETY: SIOCSIFFLAGS reads the ifreq we own.
    let ret = unsafe { libc::ioctl(fd, libc::SIOCSIFFLAGS, &req) };
    let err = sys::check(ret.into(), || "bring lo up".to_string());
    // SAFETY: fd is ours.
    unsafe { libc::close(fd) };
    err.map(|_| ())
}

impl std::str::FromStr for Net {
    type Err = Fail;
    fn from_str(s: &str) -> std::result::Result<Net, Fail> {
        match s {
            "none" => Ok(Net::None),
            "own" => Ok(Net::Own),
            "view" => Ok(Net::View),
            "host" => Ok(Net::Host),
            other => Err(Fail {
                step: format!("--net {other}: expected none, own, view or host"),
                err: std::io::Error::from(std::io::ErrorKind::InvalidInput),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Net;

    #[test]
    fn no_network_is_a_namespace_unless_landlock_scopes_abstract_sockets() {
        for abi in 0..6 {
            assert_eq!(Net::None.built(abi, false), Net::Own, "ABI {abi}");
        }
        assert_eq!(Net::None.built(6, false), Net::View);
        assert_eq!(Net::None.built(7, false), Net::View);
        // Asked for, abstract sockets are not scoped: only a namespace
        // keeps the host's out of reach.
        assert_eq!(Net::None.built(7, true), Net::Own);
        for net in [Net::Own, Net::View, Net::Host] {
            assert_eq!(net.built(7, false), net);
            assert_eq!(net.built(0, true), net);
        }
        assert!(!Net::View.ip_sockets() && Net::None.ip_sockets() && Net::Host.ip_sockets());
    }
}
