//! The system calls a confined command may not make, as a seccomp filter:
//! those that change mounts, namespaces, the kernel, the clock or the
//! machine's state, reach other processes' memory, open files by handle
//! (around the hidden paths), run io_uring (around this filter), or push
//! input into a terminal. Most of them also need a capability the command
//! no longer has; the filter holds even where a capability would not.

use crate::sys::{self, Result};

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Insn {
    code: u16,
    jt: u8,
    jf: u8,
    k: u32,
}

const LD_W_ABS: u16 = 0x20;
const JEQ_K: u16 = 0x15;
const JGE_K: u16 = 0x35;
const JSET_K: u16 = 0x45;
const RET_K: u16 = 0x06;
const RET_ALLOW: u32 = 0x7fff_0000;
const RET_ERRNO: u32 = 0x0005_0000;
const RET_KILL_PROCESS: u32 = 0x8000_0000;

#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xc000_00b7;

fn op(code: u16, jt: u8, jf: u8, k: u32) -> Insn {
    Insn { code, jt, jf, k }
}

fn nr(n: libc::c_long) -> u32 {
    n as u32
}

/// Refused with EPERM.
fn denied() -> Vec<libc::c_long> {
    let mut list = vec![
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_open_by_handle_at,
        libc::SYS_name_to_handle_at,
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_pidfd_getfd,
        libc::SYS_kexec_load,
        libc::SYS_kexec_file_load,
        libc::SYS_init_module,
        libc::SYS_finit_module,
        libc::SYS_delete_module,
        libc::SYS_reboot,
        libc::SYS_swapon,
        libc::SYS_swapoff,
        libc::SYS_settimeofday,
        libc::SYS_clock_settime,
        libc::SYS_sethostname,
        libc::SYS_setdomainname,
        libc::SYS_bpf,
        libc::SYS_perf_event_open,
        libc::SYS_userfaultfd,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        libc::SYS_fanotify_init,
        libc::SYS_acct,
        libc::SYS_quotactl,
        libc::SYS_open_tree,
        libc::SYS_move_mount,
        libc::SYS_fsopen,
        libc::SYS_fsconfig,
        libc::SYS_fsmount,
        libc::SYS_fspick,
        libc::SYS_mount_setattr,
    ];
    #[cfg(target_arch = "x86_64")]
    list.extend([libc::SYS_iopl, libc::SYS_ioperm, libc::SYS_lookup_dcookie]);
    list
}

/// Socket families a read-only command may open besides netlink (see
/// [`NETLINK_PROTOCOLS`]): IP as its namespace allows unless `ip_sockets`
/// is off (`--net view`: the host's network can be read, nothing sent
/// anywhere), and Unix sockets only with `unix_sockets`
/// (`--abstract-sockets`, for Proxmox's tools). Without them no Unix
/// socket can be opened at all: every one a command could reach is a
/// daemon's (systemd, D-Bus, Docker, QEMU, nscd, the journal), and a
/// read-only command talks to none; stream and seqpacket `socketpair`s
/// stay (see [`program`]).
fn families(ip_sockets: bool, unix_sockets: bool) -> Vec<libc::c_int> {
    let mut families = Vec::new();
    if ip_sockets {
        families.extend([libc::AF_INET, libc::AF_INET6]);
    }
    if unix_sockets {
        families.push(libc::AF_UNIX);
    }
    families
}

/// The netlink protocols a command may open, to read interfaces, routes,
/// sockets, firewall rules, devices and generic families (`ip`, `ss`,
/// `nft list`, `ethtool`, `udevadm monitor`): every request that changes
/// something there needs a capability the command does not have. Not
/// `NETLINK_USERSOCK` (messages to user-space listeners, no capability
/// asked), the connector (some drivers' handlers ask none), audit,
/// SELinux, XFRM and the rest: nothing a read-only command needs.
const NETLINK_PROTOCOLS: &[libc::c_int] = &[
    libc::NETLINK_ROUTE,
    libc::NETLINK_SOCK_DIAG,
    libc::NETLINK_NETFILTER,
    libc::NETLINK_KOBJECT_UEVENT,
    libc::NETLINK_GENERIC,
];

/// The `socket` check: netlink by protocol, the other families by
/// [`families`]; a block that falls through to the next check for any
/// other call.
fn socket_check(families: &[libc::c_int]) -> Vec<Insn> {
    let errno = |e: i32| op(RET_K, 0, 0, RET_ERRNO | e as u32);
    let allow = op(RET_K, 0, 0, RET_ALLOW);
    let (m, n) = (families.len() as u8, NETLINK_PROTOCOLS.len() as u8);
    // 0 call, 1 family, 2 netlink?, 3.. families, error, allow, then the
    // protocol, 5 + m.. protocols, error, allow.
    let len = 8 + m + n;
    let mut p = vec![
        op(JEQ_K, 0, len - 1, nr(libc::SYS_socket)),
        op(LD_W_ABS, 0, 0, 16),
        op(JEQ_K, m + 2, 0, libc::AF_NETLINK as u32),
    ];
    for (i, family) in families.iter().enumerate() {
        p.push(op(JEQ_K, m - i as u8, 0, *family as u32));
    }
    p.extend([errno(libc::EAFNOSUPPORT), allow, op(LD_W_ABS, 0, 0, 32)]);
    for (j, protocol) in NETLINK_PROTOCOLS.iter().enumerate() {
        p.push(op(JEQ_K, n - j as u8, 0, *protocol as u32));
    }
    p.extend([errno(libc::EPROTONOSUPPORT), allow]);
    debug_assert_eq!(p.len(), usize::from(len));
    p
}

/// Namespace flags `clone` may not carry.
const NEW_NAMESPACES: libc::c_int = libc::CLONE_NEWNS
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWCGROUP;

/// Terminal ioctls that inject input or drive the console.
const IOCTLS: &[libc::c_ulong] = &[libc::TIOCSTI, libc::TIOCLINUX];

/// The filter, as BPF; which sockets may be opened: see [`families`].
pub(crate) fn program(ip_sockets: bool, unix_sockets: bool) -> Vec<Insn> {
    let families = families(ip_sockets, unix_sockets);
    let errno = |e: i32| op(RET_K, 0, 0, RET_ERRNO | e as u32);
    let allow = op(RET_K, 0, 0, RET_ALLOW);
    let mut p = vec![
        op(LD_W_ABS, 0, 0, 4),
        op(JEQ_K, 1, 0, AUDIT_ARCH),
        op(RET_K, 0, 0, RET_KILL_PROCESS),
        op(LD_W_ABS, 0, 0, 0),
    ];
    #[cfg(target_arch = "x86_64")]
    p.extend([op(JGE_K, 0, 1, 0x4000_0000), errno(libc::EPERM)]);
    for n in denied() {
        p.extend([op(JEQ_K, 0, 1, nr(n)), errno(libc::EPERM)]);
    }
    // glibc falls back to clone when clone3 is missing; clone's flags can
    // be read, clone3's (behind a pointer) cannot.
    p.extend([op(JEQ_K, 0, 1, nr(libc::SYS_clone3)), errno(libc::ENOSYS)]);
    p.extend([
        op(JEQ_K, 0, 4, nr(libc::SYS_clone)),
        op(LD_W_ABS, 0, 0, 16),
        op(JSET_K, 0, 1, NEW_NAMESPACES as u32),
        errno(libc::EPERM),
        allow,
    ]);
    if !unix_sockets {
        // A datagram pair can still `sendto` any named socket (and be
        // connected to one): only stream and seqpacket pairs, which stay
        // connected to each other alone. SOCK_DGRAM (2), like every type
        // the kernel refuses for Unix pairs, has bit 1 set; STREAM (1)
        // and SEQPACKET (5) do not.
        p.extend([
            op(JEQ_K, 0, 4, nr(libc::SYS_socketpair)),
            op(LD_W_ABS, 0, 0, 24),
            op(JSET_K, 0, 1, 0x2),
            errno(libc::EAFNOSUPPORT),
            allow,
        ]);
    }
    p.extend(socket_check(&families));
    let n = IOCTLS.len() as u8;
    p.extend([
        op(JEQ_K, 0, n + 3, nr(libc::SYS_ioctl)),
        op(LD_W_ABS, 0, 0, 24),
    ]);
    for (i, request) in IOCTLS.iter().enumerate() {
        p.push(op(JEQ_K, n - i as u8, 0, *request as u32));
    }
    p.extend([allow, errno(libc::EPERM), allow]);
    p
}

/// Installs the filter on this thread (and what it executes). Needs
/// no_new_privs.
pub(crate) fn install(ip_sockets: bool, unix_sockets: bool) -> Result<()> {
    let prog = program(ip_sockets, unix_sockets);
    let fprog = libc::sock_fprog {
        len: prog.len() as u16,
        filter: prog.as_ptr() as *mut libc::sock_filter,
    };
    // SAFETY: fprog points at `prog`, alive for the call; Insn has the
    // layout of struct sock_filter.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            0,
            &fprog as *const libc::sock_fprog,
        )
    };
    sys::check(ret, || "install the seccomp filter".into()).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the filter over one call, as the kernel would.
    fn eval(p: &[Insn], arch: u32, call: u32, args: [u64; 6]) -> u32 {
        let mut data = [0u8; 64];
        data[0..4].copy_from_slice(&call.to_le_bytes());
        data[4..8].copy_from_slice(&arch.to_le_bytes());
        for (i, a) in args.iter().enumerate() {
            data[16 + 8 * i..24 + 8 * i].copy_from_slice(&a.to_le_bytes());
        }
        let (mut pc, mut acc) = (0usize, 0u32);
        loop {
            let i = p[pc];
            pc += 1;
            match i.code {
                LD_W_ABS => {
                    let k = i.k as usize;
                    acc = u32::from_le_bytes(data[k..k + 4].try_into().expect("4 bytes"));
                }
                JEQ_K => pc += usize::from(if acc == i.k { i.jt } else { i.jf }),
                JGE_K => pc += usize::from(if acc >= i.k { i.jt } else { i.jf }),
                JSET_K => pc += usize::from(if acc & i.k != 0 { i.jt } else { i.jf }),
                RET_K => return i.k,
                other => panic!("unknown op {other:#x}"),
            }
        }
    }

    fn call(n: libc::c_long, args: [u64; 6]) -> u32 {
        eval(&program(true, true), AUDIT_ARCH, n as u32, args)
    }

    #[test]
    fn ordinary_calls_pass_and_state_changing_ones_are_refused() {
        for n in [
            libc::SYS_read,
            libc::SYS_write,
            libc::SYS_openat,
            libc::SYS_execve,
        ] {
            assert_eq!(call(n, [0; 6]), RET_ALLOW, "{n}");
        }
        for n in denied() {
            assert_eq!(call(n, [0; 6]), RET_ERRNO | libc::EPERM as u32, "{n}");
        }
        assert_eq!(
            eval(&program(true, true), 0x4000_0003, 0, [0; 6]),
            RET_KILL_PROCESS
        );
        assert_eq!(
            call(libc::SYS_clone3, [0; 6]),
            RET_ERRNO | libc::ENOSYS as u32
        );
    }

    #[test]
    fn clone_with_a_namespace_flag_is_refused() {
        let fork_like = (libc::CLONE_CHILD_SETTID | libc::SIGCHLD) as u64;
        assert_eq!(call(libc::SYS_clone, [fork_like, 0, 0, 0, 0, 0]), RET_ALLOW);
        let userns = fork_like | libc::CLONE_NEWUSER as u64;
        assert_eq!(
            call(libc::SYS_clone, [userns, 0, 0, 0, 0, 0]),
            RET_ERRNO | libc::EPERM as u32
        );
    }

    #[test]
    fn sockets_by_family_and_terminal_injection() {
        for f in [
            libc::AF_UNIX,
            libc::AF_INET,
            libc::AF_INET6,
            libc::AF_NETLINK,
        ] {
            assert_eq!(call(libc::SYS_socket, [f as u64, 1, 0, 0, 0, 0]), RET_ALLOW);
        }
        let packet = call(libc::SYS_socket, [libc::AF_PACKET as u64, 3, 0, 0, 0, 0]);
        assert_eq!(packet, RET_ERRNO | libc::EAFNOSUPPORT as u32);
        let sti = call(libc::SYS_ioctl, [0, libc::TIOCSTI, 0, 0, 0, 0]);
        assert_eq!(sti, RET_ERRNO | libc::EPERM as u32);
        // The kernel reads the request as 32 bits; so does the filter.
        let high = call(
            libc::SYS_ioctl,
            [0, (1u64 << 32) | libc::TIOCSTI, 0, 0, 0, 0],
        );
        assert_eq!(high, RET_ERRNO | libc::EPERM as u32);
        let tcgets = call(libc::SYS_ioctl, [0, libc::TCGETS, 0, 0, 0, 0]);
        assert_eq!(tcgets, RET_ALLOW);
    }

    #[test]
    fn netlink_only_for_the_protocols_that_read() {
        for (ip, unix) in [(true, true), (false, false), (false, true)] {
            let p = program(ip, unix);
            let netlink = |protocol: libc::c_int| {
                let args = [
                    libc::AF_NETLINK as u64,
                    libc::SOCK_RAW as u64,
                    protocol as u64,
                ];
                eval(
                    &p,
                    AUDIT_ARCH,
                    libc::SYS_socket as u32,
                    [args[0], args[1], args[2], 0, 0, 0],
                )
            };
            for protocol in NETLINK_PROTOCOLS {
                assert_eq!(netlink(*protocol), RET_ALLOW, "{protocol}");
            }
            for protocol in [
                libc::NETLINK_USERSOCK,
                libc::NETLINK_CONNECTOR,
                libc::NETLINK_AUDIT,
                libc::NETLINK_XFRM,
                libc::NETLINK_SELINUX,
                libc::NETLINK_CRYPTO,
                libc::NETLINK_RDMA,
                libc::NETLINK_SCSITRANSPORT,
            ] {
                assert_eq!(
                    netlink(protocol),
                    RET_ERRNO | libc::EPROTONOSUPPORT as u32,
                    "{protocol}"
                );
            }
            // The other calls after the socket check are still judged.
            let sti = eval(
                &p,
                AUDIT_ARCH,
                libc::SYS_ioctl as u32,
                [0, libc::TIOCSTI, 0, 0, 0, 0],
            );
            assert_eq!(sti, RET_ERRNO | libc::EPERM as u32);
            let read = eval(&p, AUDIT_ARCH, libc::SYS_read as u32, [0; 6]);
            assert_eq!(read, RET_ALLOW);
        }
    }

    #[test]
    fn without_ip_sockets_only_local_families_open() {
        let view = program(false, true);
        let socket = |family: libc::c_int, kind: libc::c_int| {
            eval(
                &view,
                AUDIT_ARCH,
                libc::SYS_socket as u32,
                [family as u64, kind as u64, 0, 0, 0, 0],
            )
        };
        assert_eq!(socket(libc::AF_UNIX, libc::SOCK_STREAM), RET_ALLOW);
        assert_eq!(socket(libc::AF_NETLINK, libc::SOCK_RAW), RET_ALLOW);
        for family in [libc::AF_INET, libc::AF_INET6, libc::AF_PACKET] {
            for kind in [libc::SOCK_STREAM, libc::SOCK_DGRAM, libc::SOCK_RAW] {
                assert_eq!(
                    socket(family, kind),
                    RET_ERRNO | libc::EAFNOSUPPORT as u32,
                    "{family}/{kind}"
                );
            }
        }
        // The rest of the filter is the same.
        let reboot = eval(&view, AUDIT_ARCH, libc::SYS_reboot as u32, [0; 6]);
        assert_eq!(reboot, RET_ERRNO | libc::EPERM as u32);
    }

    #[test]
    fn without_unix_sockets_no_daemon_can_be_reached() {
        for ip in [true, false] {
            let p = program(ip, false);
            let socket = |family: libc::c_int| {
                eval(
                    &p,
                    AUDIT_ARCH,
                    libc::SYS_socket as u32,
                    [family as u64, libc::SOCK_STREAM as u64, 0, 0, 0, 0],
                )
            };
            assert_eq!(socket(libc::AF_UNIX), RET_ERRNO | libc::EAFNOSUPPORT as u32);
            assert_eq!(socket(libc::AF_NETLINK), RET_ALLOW);
            let expected_ip = if ip {
                RET_ALLOW
            } else {
                RET_ERRNO | libc::EAFNOSUPPORT as u32
            };
            assert_eq!(socket(libc::AF_INET), expected_ip);
            // A stream or seqpacket pair reaches nothing but itself; a
            // datagram pair could `sendto` any named socket.
            let pair = |kind: libc::c_int| {
                eval(
                    &p,
                    AUDIT_ARCH,
                    libc::SYS_socketpair as u32,
                    [libc::AF_UNIX as u64, kind as u64, 0, 0, 0, 0],
                )
            };
            for kind in [libc::SOCK_STREAM, libc::SOCK_SEQPACKET] {
                assert_eq!(pair(kind), RET_ALLOW);
                assert_eq!(
                    pair(kind | libc::SOCK_CLOEXEC | libc::SOCK_NONBLOCK),
                    RET_ALLOW
                );
            }
            for kind in [
                libc::SOCK_DGRAM,
                libc::SOCK_DGRAM | libc::SOCK_CLOEXEC,
                libc::SOCK_RAW,
            ] {
                assert_eq!(pair(kind), RET_ERRNO | libc::EAFNOSUPPORT as u32);
            }
        }
    }
}
