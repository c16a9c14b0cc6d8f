//! Thin wrappers over the system calls the confinement makes: each turns
//! a C return value into an `io::Result` naming the step that failed.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// A setup step that failed, with the system's reason.
#[derive(Debug)]
pub(crate) struct Fail {
    pub step: String,
    pub err: io::Error,
}

impl std::fmt::Display for Fail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.step, self.err)
    }
}

pub(crate) type Result<T> = std::result::Result<T, Fail>;

/// Wraps the last OS error as a failed `step`.
pub(crate) fn fail(step: impl Into<String>) -> Fail {
    Fail {
        step: step.into(),
        err: io::Error::last_os_error(),
    }
}

/// `Ok` for a non-negative return value, the OS error otherwise.
pub(crate) fn check(ret: libc::c_long, step: impl FnOnce() -> String) -> Result<libc::c_long> {
    if ret < 0 { Err(fail(step())) } else { Ok(ret) }
}

pub(crate) fn cstring(path: &Path) -> Result<CString> {
    CString::new(path.as_os_str().as_bytes()).map_err(|_| Fail {
        step: format!("path {}", path.display()),
        err: io::Error::from(io::ErrorKind::InvalidInput),
    })
}

/// mount(2) with optional source, type and data.
pub(crate) fn mount(
    source: Option<&str>,
    target: &Path,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> Result<()> {
    let c = |s: Option<&str>| s.map(|s| CString::new(s).unwrap_or_default());
    let (source, fstype, data) = (c(source), c(fstype), c(data));
    let target_c = cstring(target)?;
    let ptr = |s: &Option<CString>| s.as_ref().map_or(std::ptr::null(), |s| s.as_ptr());
    // SAFETY: every pointer is a NUL-terminated string alive for the call,
    // or null where mount(2) allows it.
    let ret = unsafe {
        libc::mount(
            ptr(&source),
            target_c.as_ptr(),
            ptr(&fstype),
            flags,
            ptr(&data).cast(),
        )
    };
    check(ret.into(), || format!("mount {}", target.display())).map(|_| ())
}

/// Writes `text` to an existing file (uid maps, setgroups).
pub(crate) fn write_existing(path: &str, text: &str) -> Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|err| Fail {
            step: format!("open {path}"),
            err,
        })?;
    f.write_all(text.as_bytes()).map_err(|err| Fail {
        step: format!("write {path}"),
        err,
    })
}

/// A detached copy of the mount at `path` (open_tree with
/// OPEN_TREE_CLONE): later changes to the tree do not touch it.
pub(crate) fn clone_mount(path: &Path) -> Result<libc::c_int> {
    const OPEN_TREE_CLONE: libc::c_uint = 1;
    let c = cstring(path)?;
    // SAFETY: open_tree reads the NUL-terminated path; it returns an fd.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            libc::AT_FDCWD,
            c.as_ptr(),
            OPEN_TREE_CLONE | libc::O_CLOEXEC as libc::c_uint,
        )
    };
    check(ret, || format!("clone the mount {}", path.display())).map(|fd| fd as libc::c_int)
}

/// Attaches a detached mount (from [`clone_mount`]) at `target`.
pub(crate) fn attach_mount(fd: libc::c_int, target: &Path) -> Result<()> {
    const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 4;
    let c = cstring(target)?;
    let empty = c"";
    // SAFETY: both paths are NUL-terminated; fd is a detached mount.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            fd,
            empty.as_ptr(),
            libc::AT_FDCWD,
            c.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH,
        )
    };
    check(ret, || format!("attach a mount at {}", target.display())).map(|_| ())
}

/// The kernel's mount_attr for mount_setattr(2).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

pub(crate) const MOUNT_ATTR_RDONLY: u64 = 0x1;
pub(crate) const MOUNT_ATTR_NOSUID: u64 = 0x2;
pub(crate) const MOUNT_ATTR_NODEV: u64 = 0x4;

/// Sets `attrs` on the mount at `path` and every mount below it.
pub(crate) fn set_recursive(path: &Path, attrs: u64) -> Result<()> {
    let c = cstring(path)?;
    let attr = MountAttr {
        attr_set: attrs,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: the path is NUL-terminated and `attr` a valid mount_attr of
    // the size passed.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            c.as_ptr(),
            libc::AT_RECURSIVE as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    check(ret, || format!("make {} read-only", path.display())).map(|_| ())
}

pub(crate) fn prctl(option: libc::c_int, arg: libc::c_ulong, step: &str) -> Result<()> {
    // SAFETY: the prctl options used here take integer arguments only.
    let ret = unsafe { libc::prctl(option, arg, 0, 0, 0) };
    check(ret.into(), || step.to_string()).map(|_| ())
}

/// Sets `attrs` on the detached mount `fd` (from [`clone_mount`]).
pub(crate) fn set_attrs_fd(fd: libc::c_int, attrs: u64) -> Result<()> {
    let attr = MountAttr {
        attr_set: attrs,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let empty = c"";
    // SAFETY: an empty NUL-terminated path with AT_EMPTY_PATH names `fd`;
    // `attr` is a valid mount_attr of the size passed.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            fd,
            empty.as_ptr(),
            libc::AT_EMPTY_PATH as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    check(ret, || "make a device mount read-only".into()).map(|_| ())
}

pub(crate) const MOUNT_ATTR_NOEXEC: u64 = 0x8;
