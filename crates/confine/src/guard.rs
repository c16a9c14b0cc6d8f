//! The secret guard: every file the confined command opens is first shown
//! to the helper (fanotify permission events on the command's own mounts,
//! which no other process uses), which refuses it when the path the kernel
//! resolved is a secret by the classifier's list. This catches what the
//! search behind the hidden files cannot: a secret by its name anywhere
//! (`/srv/app/.env`, `/opt/x/server.key`) and one created since. It needs
//! CAP_SYS_ADMIN in the machine's own user namespace (root on a host);
//! elsewhere the hidden files and the file modes remain.

use std::ffi::CString;

use nomos_classify::secrets;

use crate::sys::{self, Result};

const FAN_CLASS_CONTENT: libc::c_uint = 0x04;
const FAN_CLOEXEC: libc::c_uint = 0x01;
/// Without it a full queue (16,384 waiting opens, easily made by a flood of
/// threads) lets further opens through unasked.
const FAN_UNLIMITED_QUEUE: libc::c_uint = 0x10;
const FAN_MARK_ADD: libc::c_uint = 0x01;
const FAN_MARK_MOUNT: libc::c_uint = 0x10;
const FAN_OPEN_PERM: u64 = 0x0001_0000;
const FAN_ALLOW: u32 = 0x01;
const FAN_DENY: u32 = 0x02;

/// File systems that hold no files of the machine's (or only ours).
const SKIPPED: &[&str] = &[
    "proc",
    "sysfs",
    "cgroup",
    "cgroup2",
    "devtmpfs",
    "devpts",
    "mqueue",
    "securityfs",
    "debugfs",
    "tracefs",
    "bpf",
    "pstore",
    "fusectl",
    "configfs",
    "autofs",
    "hugetlbfs",
    "binfmt_misc",
    "efivarfs",
    "nsfs",
];

/// A fanotify group watching this mount namespace's mounts.
pub(crate) struct Guard {
    group: libc::c_int,
    /// Mounts of part of a file system (bind mounts): mount point, and the
    /// folder of the file system it shows; longest mount point first.
    aliases: Vec<(String, String)>,
}

/// A fanotify group for the guard; `None` where the kernel does not allow
/// one here (not root of the machine).
pub(crate) fn open() -> Option<Guard> {
    // SAFETY: fanotify_init takes flags only.
    let fd = unsafe {
        libc::fanotify_init(
            FAN_CLASS_CONTENT | FAN_CLOEXEC | FAN_UNLIMITED_QUEUE,
            (libc::O_RDONLY | libc::O_NONBLOCK | libc::O_LARGEFILE | libc::O_CLOEXEC) as u32,
        )
    };
    (fd >= 0).then_some(Guard {
        group: fd,
        aliases: Vec::new(),
    })
}

/// Starts guarding the mounts of this mount namespace (opens wait until
/// [`Guard::serve_until`] answers them). After this the helper itself
/// must open no file on those mounts.
pub(crate) fn start(guard: &mut Guard) -> Result<()> {
    let fd = guard.group;
    let info = std::fs::read_to_string("/proc/self/mountinfo").map_err(|err| sys::Fail {
        step: "read /proc/self/mountinfo".into(),
        err,
    })?;
    guard.aliases = aliases(&info);
    for line in info.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let fstype = right.split(' ').next().unwrap_or("");
        let Some(point) = left.split(' ').nth(4) else {
            continue;
        };
        if SKIPPED.contains(&fstype) {
            continue;
        }
        let point = CString::new(crate::filesystem::unescape(point)).unwrap_or_default();
        // SAFETY: the path is NUL-terminated; fd is our fanotify group.
        let ret = unsafe {
            libc::fanotify_mark(
                fd,
                FAN_MARK_ADD | FAN_MARK_MOUNT,
                FAN_OPEN_PERM,
                libc::AT_FDCWD,
                point.as_ptr(),
            )
        };
        // A mount covered by a later one cannot be named; the later one is.
        if ret < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::ENOENT) {
            return Err(sys::fail(format!("guard {}", point.to_string_lossy())));
        }
    }
    Ok(())
}

/// Mounts of part of a file system (bind mounts) on the guarded mounts,
/// as (mount point, folder of the file system it shows); longest mount
/// point first.
fn aliases(mountinfo: &str) -> Vec<(String, String)> {
    let mut aliases: Vec<(String, String)> = mountinfo
        .lines()
        .filter_map(|line| {
            let (left, right) = line.split_once(" - ")?;
            let fstype = right.split(' ').next().unwrap_or("");
            let point = left.split(' ').nth(4)?;
            let root = left.split(' ').nth(3).unwrap_or("/");
            (!SKIPPED.contains(&fstype) && root != "/").then(|| {
                (
                    crate::filesystem::unescape(point),
                    crate::filesystem::unescape(root),
                )
            })
        })
        .collect();
    aliases.sort_by_key(|(point, _)| std::cmp::Reverse(point.len()));
    aliases
}

/// fanotify_event_metadata.
#[repr(C)]
struct Event {
    event_len: u32,
    vers: u8,
    reserved: u8,
    metadata_len: u16,
    mask: u64,
    fd: i32,
    pid: i32,
}

#[repr(C)]
struct Response {
    fd: i32,
    response: u32,
}

impl Guard {
    /// Releasing a fanotify group waits for the kernel's grace period
    /// (several milliseconds) in the process that closes it last. A
    /// detached process holds the group until this helper is gone and
    /// then closes it, so the command's end is not held up.
    pub(crate) fn leave_release_behind(&self) -> Result<()> {
        let mut gone = [0 as libc::c_int; 2];
        // SAFETY: pipe2 fills two fds.
        if unsafe { libc::pipe2(gone.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return Err(sys::fail("pipe"));
        }
        // SAFETY: single-threaded; the child only closes and reads fds.
        match unsafe { libc::fork() } {
            -1 => Err(sys::fail("fork")),
            // SAFETY: only fds and _exit; no allocation.
            0 => unsafe {
                for fd in 0..3 {
                    libc::close(fd);
                }
                libc::close(gone[1]);
                let mut byte = 0u8;
                libc::read(gone[0], (&mut byte as *mut u8).cast(), 1);
                libc::close(self.group);
                libc::_exit(0)
            },
            _ => {
                // SAFETY: the read end is the holder's; the write end
                // closes when this helper ends.
                unsafe { libc::close(gone[0]) };
                Ok(())
            }
        }
    }

    /// Answers every open until `child` ends; its exit status.
    pub(crate) fn serve_until(&self, child: libc::pid_t) -> i32 {
        // SAFETY: pidfd_open takes a pid and flags.
        let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, child, 0) } as libc::c_int;
        let mut fds = [
            libc::pollfd {
                fd: self.group,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            // SAFETY: two pollfds we own (a negative fd is ignored).
            unsafe { libc::poll(fds.as_mut_ptr(), 2, if pidfd < 0 { 100 } else { -1 }) };
            if fds[0].revents & libc::POLLIN != 0 {
                self.answer(&mut buf);
            }
            if let Some(status) = crate::reaped(child) {
                return status;
            }
        }
    }

    /// Reads the waiting events and answers each.
    fn answer(&self, buf: &mut [u8]) {
        // SAFETY: read into our buffer.
        let n = unsafe { libc::read(self.group, buf.as_mut_ptr().cast(), buf.len()) };
        let n = usize::try_from(n).unwrap_or(0);
        let mut at = 0usize;
        while at + std::mem::size_of::<Event>() <= n {
            // SAFETY: the kernel wrote whole events; read_unaligned copes
            // with any alignment of the buffer.
            let event: Event = unsafe { std::ptr::read_unaligned(buf.as_ptr().add(at).cast()) };
            if event.event_len == 0 {
                break;
            }
            at += event.event_len as usize;
            if event.fd < 0 {
                continue;
            }
            let verdict = if allowed(event.fd, &self.aliases) {
                FAN_ALLOW
            } else {
                FAN_DENY
            };
            let answer = Response {
                fd: event.fd,
                response: verdict,
            };
            // SAFETY: write our response struct; close the event's fd.
            unsafe {
                libc::write(
                    self.group,
                    (&answer as *const Response).cast(),
                    std::mem::size_of::<Response>(),
                );
                libc::close(event.fd);
            }
        }
    }
}

/// Whether the file behind `fd` (opened by the kernel for the event) may
/// be opened: neither the path the kernel resolved nor, on a bind mount of
/// part of a file system, the path within that file system is a secret.
/// A file deleted since it was opened is judged by the name it had; a path
/// that is no path is refused.
fn allowed(fd: libc::c_int, aliases: &[(String, String)]) -> bool {
    let Ok(path) = std::fs::read_link(format!("/proc/self/fd/{fd}")) else {
        return false;
    };
    let path = path.to_string_lossy();
    let path = path.strip_suffix(" (deleted)").unwrap_or(&path);
    if !path.starts_with('/') {
        return false;
    }
    let inner = aliases.iter().find_map(|(point, root)| {
        let rest = path.strip_prefix(point.as_str())?;
        (rest.is_empty() || rest.starts_with('/')).then(|| format!("{root}{rest}"))
    });
    !std::iter::once(path).chain(inner.as_deref()).any(is_secret)
}

/// A secret by the classifier's list (which covers every path below a
/// secret folder), or a secret folder itself.
fn is_secret(path: &str) -> bool {
    secrets::is_secret_path(path)
        || secrets::folders()
            .iter()
            .any(|f| path == f.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::is_secret;

    #[test]
    fn secrets_by_folder_and_name() {
        assert!(is_secret("/etc/wireguard/wg0.conf"));
        assert!(is_secret("/etc/wireguard"));
        assert!(is_secret("/srv/app/.env"));
        assert!(!is_secret("/etc/hostname"));
    }
}
