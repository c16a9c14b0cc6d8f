//! The namespaces a confined command lives in: its own mounts (so the
//! read-only view and the hidden secrets are its alone), its own process
//! ids (it can name and signal only what it started), its own System V
//! IPC and host name, and with `--net own` its own network with only a
//! loopback (`--net view` and `--net host` stay in the host's network;
//! `view` may open no IP socket there, see `seccomp`; `--net none` is
//! built as one of `view` and `own`, see [`Net::built`]). Run by someone
//! other than root, a user namespace comes first
//! (the user keeps their own id inside), which gives the rights to build
//! the rest and no more rights over anything outside.

use crate::sys::{self, Fail, Result};

/// Whether the command may use the host's network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Net {
    /// No network: [`Net::View`] where that holds the same for less,
    /// else [`Net::Own`] ([`Net::built`]).
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
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Net::None => "none",
            Net::Own => "own",
            Net::View => "view",
            Net::Host => "host",
        }
    }

    /// Whether IP sockets (`AF_INET`, `AF_INET6`) may be opened.
    pub(crate) fn ip_sockets(self) -> bool {
        match self {
            Net::None | Net::Own | Net::Host => true,
            Net::View => false,
        }
    }

    /// How `--net none` is built. Without `--abstract-sockets` the
    /// seccomp filter lets the command open no IP and no Unix socket at
    /// all, so the host's network namespace holds nothing it could reach
    /// or bind; it keeps only netlink to read the host's interfaces
    /// ([`Net::View`], about 0.7 ms cheaper than a namespace and reading
    /// the same addresses as an unconfined command). With abstract
    /// sockets allowed, Landlock's scope (ABI 6) stops a command from
    /// connecting to the host's abstract names but not from *binding*
    /// one (squatting a stopped container's LXC command socket, which
    /// host tools would then talk to while it runs): only a namespace of
    /// its own ([`Net::Own`]) holds that. `abi` is kept for the day the
    /// kernel scopes binding too.
    pub(crate) fn built(self, _abi: u32, abstract_sockets: bool) -> Net {
        match self {
            Net::None if abstract_sockets => Net::Own,
            Net::None => Net::View,
            other => other,
        }
    }
}

/// Enters the namespaces but the pid namespace ([`new_pids`]). Returns
/// whether a user namespace was made.
pub(crate) fn enter(net: Net) -> Result<bool> {
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
pub(crate) fn new_pids() -> Result<()> {
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
    fn no_network_is_a_namespace_of_its_own_only_with_unix_sockets() {
        // Without Unix sockets (refused by seccomp along with IP ones)
        // nothing in the host's namespace can be reached or bound: the
        // host's network to read, on every kernel.
        for abi in 0..8 {
            assert_eq!(Net::None.built(abi, false), Net::View, "ABI {abi}");
            // With them, Landlock's scope does not cover binding an
            // abstract name in the host's namespace: only a namespace
            // keeps the host's out of reach.
            assert_eq!(Net::None.built(abi, true), Net::Own, "ABI {abi}");
        }
        for net in [Net::Own, Net::View, Net::Host] {
            assert_eq!(net.built(7, false), net);
            assert_eq!(net.built(0, true), net);
        }
        assert!(!Net::View.ip_sockets() && Net::None.ip_sockets() && Net::Host.ip_sockets());
    }
}
