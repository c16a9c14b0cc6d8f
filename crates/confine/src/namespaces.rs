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
pub(crate) enum Net {
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

    /// How `--net none` is built: always as a network namespace of its
    /// own ([`Net::Own`]). [`Net::View`] would cost about 2 ms less, and
    /// where Landlock scopes abstract sockets (ABI 6) it keeps a command
    /// from connecting to the host's; but the scope does not stop it from
    /// *binding* an abstract name in the host's namespace (squatting a
    /// stopped container's LXC command socket, which host tools would
    /// then talk to while the command runs). Only a namespace of its own
    /// holds that. `abi` and `abstract_sockets` are kept for the day the
    /// kernel scopes binding too.
    pub(crate) fn built(self, _abi: u32, _abstract_sockets: bool) -> Net {
        match self {
            Net::None => Net::Own,
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
    fn no_network_is_always_a_namespace_of_its_own() {
        // Landlock's scope does not cover binding an abstract name in the
        // host's namespace: no network is a namespace of its own on every
        // kernel.
        for abi in 0..8 {
            assert_eq!(Net::None.built(abi, false), Net::Own, "ABI {abi}");
        }
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
