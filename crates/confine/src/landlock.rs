//! Landlock, where the kernel has it: a second lock on writes that holds
//! whatever path reaches a file (even through another process's root under
//! /proc, which the mount view alone would not stop), and from ABI 6
//! (Linux 6.12) no signals and no abstract Unix sockets outside the
//! command's own domain.

use std::os::fd::AsRawFd;
use std::path::Path;

use crate::sys::{self, Result};

const CREATE_RULESET_VERSION: u32 = 1;
const RULE_PATH_BENEATH: u32 = 1;

const WRITE_FILE: u64 = 1 << 1;
const REMOVE_DIR: u64 = 1 << 4;
const REMOVE_FILE: u64 = 1 << 5;
const MAKE_ALL: u64 = 0x7f << 6; // char, dir, reg, sock, fifo, block, sym
const REFER: u64 = 1 << 13;
const TRUNCATE: u64 = 1 << 14;
const IOCTL_DEV: u64 = 1 << 15;
const SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1 << 0;
const SCOPE_SIGNAL: u64 = 1 << 1;

#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

#[repr(C, packed)]
struct PathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

/// The Landlock ABI of this kernel (0: none).
pub(crate) fn abi() -> u32 {
    // SAFETY: with a null attribute and the VERSION flag the call only
    // returns the ABI number.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<RulesetAttr>(),
            0usize,
            CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(ret).unwrap_or(0)
}

/// The write rights an ABI knows.
fn write_rights(abi: u32) -> u64 {
    let mut rights = WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_ALL;
    if abi >= 2 {
        rights |= REFER;
    }
    if abi >= 3 {
        rights |= TRUNCATE;
    }
    if abi >= 5 {
        rights |= IOCTL_DEV;
    }
    rights
}

/// Restricts this thread (and what it executes): writes only below the
/// scratch folders and to the harmless devices. Returns the ABI applied
/// (0: the kernel has no Landlock; nothing done).
/// `abstract_sockets`: leave abstract Unix sockets reachable (Proxmox's
/// tools ask pmxcfs and LXC's monitors through them).
pub(crate) fn restrict(
    scratch: &[&Path],
    devices: &[&Path],
    abstract_sockets: bool,
) -> Result<u32> {
    let abi = abi();
    if abi == 0 {
        return Ok(0);
    }
    let rights = write_rights(abi);
    let attr = RulesetAttr {
        handled_access_fs: rights,
        handled_access_net: 0,
        scoped: match (abi >= 6, abstract_sockets) {
            (false, _) => 0,
            (true, true) => SCOPE_SIGNAL,
            (true, false) => SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL,
        },
    };
    let size = if abi >= 6 {
        std::mem::size_of::<RulesetAttr>()
    } else {
        16
    };
    // SAFETY: attr is a valid ruleset_attr of at least `size` bytes.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            &attr as *const _,
            size,
            0,
        )
    };
    let fd = sys::check(fd, || "create a Landlock ruleset".into())? as i32;
    let file_rights = rights & (WRITE_FILE | TRUNCATE | IOCTL_DEV);
    let rules = scratch
        .iter()
        .map(|p| (*p, rights))
        .chain(devices.iter().map(|p| (*p, file_rights)));
    for (path, allowed) in rules {
        add_rule(fd, path, allowed)?;
    }
    // SAFETY: fd is the ruleset just made; no_new_privs is set.
    let ret = unsafe { libc::syscall(libc::SYS_landlock_restrict_self, fd, 0u32) };
    // SAFETY: fd is ours.
    unsafe { libc::close(fd) };
    sys::check(ret, || "apply the Landlock ruleset".into())?;
    Ok(abi)
}

fn add_rule(ruleset: i32, path: &Path, allowed: u64) -> Result<()> {
    let file = match std::fs::File::options()
        .read(true)
        .custom_flags(libc::O_PATH)
        .open(path)
    {
        Ok(f) => f,
        // A device this machine lacks (a container without /dev/tty).
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(err) => {
            return Err(sys::Fail {
                step: format!("open {}", path.display()),
                err,
            });
        }
    };
    let rule = PathBeneath {
        allowed_access: allowed,
        parent_fd: file.as_raw_fd(),
    };
    // SAFETY: rule is a valid path_beneath_attr; the fd is open.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_landlock_add_rule,
            ruleset,
            RULE_PATH_BENEATH,
            &rule as *const PathBeneath,
            0u32,
        )
    };
    sys::check(ret, || format!("allow writes below {}", path.display())).map(|_| ())
}

use std::os::unix::fs::OpenOptionsExt;
