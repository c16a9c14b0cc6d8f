//! The last steps before the command runs, in its own process: resource
//! limits, capabilities reduced (root keeps only the right to read every
//! file, which the read-only view makes harmless; anyone else keeps
//! none), no_new_privs (no set-user-id or file capability can raise them
//! again), Landlock and the seccomp filter.

use std::path::Path;

use crate::sys::{self, Result};
use crate::{landlock, seccomp};

/// linux/capability.h
const CAP_DAC_READ_SEARCH: u32 = 2;

/// What the command may use.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    /// Bytes of data (heap and private mappings) per process.
    pub memory: u64,
    /// Processes of the command's user, where the kernel counts them (it
    /// does not for root).
    pub processes: u64,
    /// Abstract Unix sockets stay reachable (`--abstract-sockets`); Unix
    /// sockets can be opened at all only then.
    pub abstract_sockets: bool,
    /// IP sockets may be opened (all but `--net view`).
    pub ip_sockets: bool,
}

/// Applies everything; returns the Landlock ABI applied (0: none).
pub(crate) fn apply(bounds: Bounds, userns: bool) -> Result<u32> {
    limit(libc::RLIMIT_CORE, 0)?;
    limit(libc::RLIMIT_DATA, bounds.memory)?;
    // Shared mappings are not data; the address space bounds them too.
    limit(libc::RLIMIT_AS, bounds.memory)?;
    if userns {
        limit(libc::RLIMIT_NPROC, bounds.processes)?;
    }
    let keep: &[u32] = if userns { &[] } else { &[CAP_DAC_READ_SEARCH] };
    drop_capabilities(keep)?;
    sys::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, "set no_new_privs")?;
    let scratch = [Path::new(crate::SCRATCH)];
    let devices = ["/dev/null", "/dev/zero", "/dev/full", "/dev/tty"].map(Path::new);
    let abi = landlock::restrict(&scratch, &devices, bounds.abstract_sockets)?;
    seccomp::install(bounds.ip_sockets, bounds.abstract_sockets)?;
    Ok(abi)
}

fn limit(resource: libc::__rlimit_resource_t, value: u64) -> Result<()> {
    let lim = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: setrlimit reads the struct we own.
    let ret = unsafe { libc::setrlimit(resource, &lim) };
    sys::check(ret.into(), || format!("set resource limit {resource}")).map(|_| ())
}

/// Drops every capability but `keep` from the bounding set (so no program
/// run later gets them back), the ambient set, and this process's sets.
fn drop_capabilities(keep: &[u32]) -> Result<()> {
    let last: u32 = std::fs::read_to_string("/proc/sys/kernel/cap_last_cap")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(63);
    for cap in 0..=last {
        if !keep.contains(&cap) {
            sys::prctl(libc::PR_CAPBSET_DROP, cap.into(), "drop a capability")?;
        }
    }
    // SAFETY: PR_CAP_AMBIENT_CLEAR_ALL takes no pointer.
    let ret = unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        )
    };
    sys::check(ret.into(), || "clear ambient capabilities".into())?;
    let mut bits = [0u32; 2];
    for cap in keep {
        bits[(cap / 32) as usize] |= 1 << (cap % 32);
    }
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: 0x2008_0522,
        pid: 0,
    };
    let data = [0, 1].map(|i| Data {
        effective: bits[i],
        permitted: bits[i],
        inheritable: 0,
    });
    // SAFETY: capset reads a v3 header and two data structs we own.
    let ret = unsafe { libc::syscall(libc::SYS_capset, &header as *const Header, data.as_ptr()) };
    sys::check(ret, || "reduce capabilities".into()).map(|_| ())
}
