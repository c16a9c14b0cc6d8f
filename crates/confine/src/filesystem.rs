//! The confined command's view of the file system: every mount read-only
//! (the machine's `/tmp` too: it can be read, not written), without
//! set-user-id programs and without device nodes; secret files and daemon
//! sockets covered; a fresh `/dev` with only the harmless devices and a
//! private scratch `/dev/shm` of bounded size, on which nothing can be
//! executed (the command's `TMPDIR`). Not a writable overlay over the
//! machine's `/tmp`: there a secret could be renamed to a harmless name
//! before it is read. All of it in the command's own mount namespace: the
//! machine's own mounts are untouched.

use std::path::Path;

use crate::hide::Hidden;
use crate::sys::{self, Result};

/// Devices the command gets in its `/dev` (the rest, disks first, are
/// absent: a raw read of a disk is a read of every secret on it).
const DEVICES: &[&str] = &["null", "zero", "full", "random", "urandom", "tty"];

/// Builds the view. `scratch_mb`: the size of `/tmp` and of `/dev/shm`.
pub(crate) fn build(hidden: &Hidden, scratch_mb: u64) -> Result<()> {
    let none = None;
    sys::mount(
        none,
        Path::new("/"),
        none,
        libc::MS_REC | libc::MS_PRIVATE,
        none,
    )?;
    // Copies of the device mounts taken before everything turns `nodev`.
    let mut devices = Vec::new();
    for name in DEVICES {
        let path = Path::new("/dev").join(name);
        match sys::clone_mount(&path) {
            Ok(fd) => devices.push((*name, fd)),
            Err(e) if *name == "null" => return Err(e),
            Err(_) => {}
        }
    }
    cover(hidden)?;
    read_only()?;
    fresh_dev(&devices, scratch_mb)
}

/// Covers secret folders with an empty read-only folder, and secret files
/// and daemon sockets with the null device (which, once every mount is
/// `nodev`, cannot be opened: reading one says "Permission denied").
fn cover(hidden: &Hidden) -> Result<()> {
    let flags = libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
    for folder in &hidden.folders {
        // Empty, but with the folder's own mode (and, as root, owner), so a
        // listing of its parent reads as before.
        let data = match std::fs::metadata(folder) {
            Ok(meta) => {
                use std::os::unix::fs::MetadataExt;
                let mode = format!("size=4k,mode={:o}", meta.mode() & 0o7777);
                // SAFETY: geteuid cannot fail.
                if unsafe { libc::geteuid() } == 0 {
                    format!("{mode},uid={},gid={}", meta.uid(), meta.gid())
                } else {
                    mode
                }
            }
            Err(_) => "size=4k,mode=000".to_string(),
        };
        sys::mount(Some("tmpfs"), folder, Some("tmpfs"), flags, Some(&data))?;
    }
    for file in &hidden.files {
        // A file that went away since it was found needs no cover.
        match sys::mount(Some("/dev/null"), file, None, libc::MS_BIND, None) {
            Err(e) if e.err.raw_os_error() == Some(libc::ENOENT) => {}
            other => other?,
        }
    }
    Ok(())
}

/// Every mount read-only, `nosuid` and `nodev`, recursively: with
/// mount_setattr(2) (Linux 5.12), else mount by mount.
fn read_only() -> Result<()> {
    let attrs = sys::MOUNT_ATTR_RDONLY | sys::MOUNT_ATTR_NOSUID | sys::MOUNT_ATTR_NODEV;
    match sys::set_recursive(Path::new("/"), attrs) {
        Err(e) if e.err.raw_os_error() == Some(libc::ENOSYS) => read_only_each(),
        other => other,
    }
}

/// The older way: a read-only bind remount of each mount point listed in
/// mountinfo, keeping the flags it has (a user namespace may not clear
/// them).
fn read_only_each() -> Result<()> {
    let info = std::fs::read_to_string("/proc/self/mountinfo").map_err(|err| sys::Fail {
        step: "read /proc/self/mountinfo".into(),
        err,
    })?;
    for line in info.lines() {
        let Some(point) = line.split(' ').nth(4) else {
            continue;
        };
        let point = unescape(point);
        let path = Path::new(&point);
        let kept = kept_flags(path);
        let flags = libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID;
        // A mount covered by a later one cannot be reached; skip it.
        match sys::mount(None, path, None, flags | libc::MS_NODEV | kept, None) {
            Err(e) if matches!(e.err.raw_os_error(), Some(libc::ENOENT | libc::EINVAL)) => {}
            other => other?,
        }
    }
    Ok(())
}

/// The flags of the mount at `path` that a remount must keep.
fn kept_flags(path: &Path) -> libc::c_ulong {
    let Ok(c) = sys::cstring(path) else { return 0 };
    // SAFETY: statvfs fills the struct we own from a NUL-terminated path.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return 0;
    }
    let mut kept = 0;
    for (st_flag, ms_flag) in [
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if st.f_flag & st_flag != 0 {
            kept |= ms_flag;
        }
    }
    kept
}

/// mountinfo escapes space, tab, newline and backslash as `\ooo`.
pub(crate) fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let octal = bytes.get(i + 1..i + 4).and_then(|d| {
            std::str::from_utf8(d)
                .ok()
                .and_then(|s| u8::from_str_radix(s, 8).ok())
        });
        match (bytes[i], octal) {
            (b'\\', Some(b)) => {
                out.push(b);
                i += 4;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A new `/dev`: a small read-only tmpfs holding the harmless devices,
/// the standard links, and a scratch `/dev/shm`.
fn fresh_dev(devices: &[(&str, libc::c_int)], scratch_mb: u64) -> Result<()> {
    let dev = Path::new("/dev");
    sys::mount(
        Some("tmpfs"),
        dev,
        Some("tmpfs"),
        libc::MS_NOSUID | libc::MS_NOEXEC,
        Some("size=64k,mode=755"),
    )?;
    let io = |step: String| move |err| sys::Fail { step, err };
    for (name, fd) in devices {
        let path = dev.join(name);
        std::fs::File::create(&path).map_err(io(format!("create {}", path.display())))?;
        // The machine's own device nodes: readable and writable as
        // devices, but their mode, owner and times cannot be changed.
        let attrs = sys::MOUNT_ATTR_RDONLY | sys::MOUNT_ATTR_NOSUID | sys::MOUNT_ATTR_NOEXEC;
        sys::set_attrs_fd(*fd, attrs)?;
        sys::attach_mount(*fd, &path)?;
        // SAFETY: the fd is ours and attached; closing it keeps the mount.
        unsafe { libc::close(*fd) };
    }
    for (link, to) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        std::os::unix::fs::symlink(to, dev.join(link)).map_err(io(format!("link /dev/{link}")))?;
    }
    let shm = dev.join("shm");
    std::fs::create_dir(&shm).map_err(io("create /dev/shm".into()))?;
    let flags = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
    let size = format!("size={scratch_mb}m,mode=1777");
    sys::mount(Some("tmpfs"), &shm, Some("tmpfs"), flags, Some(&size))?;
    let ro = libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NOEXEC;
    sys::mount(None, dev, None, ro, Some("size=64k,mode=755"))
}

#[cfg(test)]
mod tests {
    use super::unescape;

    #[test]
    fn mountinfo_escapes_are_read() {
        assert_eq!(unescape(r"/mnt/a\040b"), "/mnt/a b");
        assert_eq!(unescape(r"/x\134y"), r"/x\y");
        assert_eq!(unescape("/plain"), "/plain");
    }
}
