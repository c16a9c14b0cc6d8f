//! `nomos-confine`: runs one command so that it can change nothing.
//!
//! Nomos runs every command no person approved (read-only work, the reads
//! it makes before an approval) under this helper on the target itself:
//! a host over SSH, inside a container, or on its own machine. What holds,
//! whatever the classifier predicted about the command:
//! - no file written or created anywhere but a private scratch `/dev/shm`
//!   (its `TMPDIR`; size-bounded, nothing executable there) and
//!   `/dev/null`; the machine's `/tmp` can be read, not written;
//! - secret files and folders (the classifier's list, matched on real
//!   paths) hidden; no Unix socket opened (every one is a daemon's),
//!   except with `--abstract-sockets`, where the sockets of daemons that
//!   act on root's word are hidden instead;
//! - no device but null, zero, full, random, urandom and tty;
//! - no capability but reading every file (root) or none (anyone else),
//!   no_new_privs, no mount, namespace, module, clock, swap, reboot,
//!   keyring, BPF, ptrace or io_uring calls;
//! - only its own processes can be named or signalled (a pid namespace,
//!   and Landlock's signal scope where the kernel has it);
//! - with `--net none` (the default), no network: no IP and no Unix
//!   socket can be opened, only netlink to read the host's interfaces
//!   (what `--net view` gives), or, with `--abstract-sockets`, a network
//!   namespace of its own with only a loopback (what `--net own` gives);
//!   with `--net view`, the host's network to read (netlink, and local
//!   sockets with `--abstract-sockets`) but no IP socket, so nothing is
//!   sent anywhere;
//! - no core dumps, bounded memory per process, and everything it started
//!   is killed when it ends, when this helper is killed, or at `--timeout`.
//!
//! Usage: `nomos-confine [--net none|own|view|host] [--abstract-sockets]
//! [--timeout SECS] [--scratch-mb N] [--memory-mb N] -- PROGRAM [ARGS…]`, or `nomos-confine --probe [--net …]` to check and
//! describe the confinement here. When the confinement cannot be built the
//! helper exits 125 and runs nothing: nothing ever falls back to running
//! unconfined.

mod filesystem;
mod guard;
mod hide;
mod landlock;
mod lockdown;
mod namespaces;
mod remembered;
mod seccomp;
mod sys;

use std::ffi::{CString, OsString};
use std::os::unix::ffi::OsStrExt;

use namespaces::Net;

/// The command's private scratch folder (its `TMPDIR`).
pub const SCRATCH: &str = "/dev/shm";

/// Exit status when the confinement could not be built.
const CANNOT_CONFINE: i32 = 125;
/// Exit status when the program could not be started.
const CANNOT_RUN: i32 = 127;

/// What the command line asked for.
struct Request {
    net: Net,
    scratch_mb: u64,
    bounds: lockdown::Bounds,
    /// `None`: `--probe`.
    program: Option<Vec<CString>>,
    /// Seconds after which everything the command started is killed.
    timeout: Option<u64>,
}

fn parse(args: Vec<OsString>) -> Result<Request, String> {
    let mut req = Request {
        net: Net::None,
        scratch_mb: 64,
        bounds: lockdown::Bounds {
            memory: 4 << 30,
            processes: 1024,
            abstract_sockets: false,
            ip_sockets: true,
        },
        program: Some(Vec::new()),
        timeout: None,
    };
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .and_then(|v| v.into_string().ok())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.to_str() {
            Some("--net") => {
                req.net = value("--net")?.parse().map_err(|e: sys::Fail| e.step)?;
                req.bounds.ip_sockets = req.net.ip_sockets();
            }
            Some("--scratch-mb") => req.scratch_mb = number(&value("--scratch-mb")?)?,
            Some("--memory-mb") => req.bounds.memory = number(&value("--memory-mb")?)? << 20,
            Some("--probe") => req.program = None,
            Some("--abstract-sockets") => req.bounds.abstract_sockets = true,
            Some("--timeout") => req.timeout = Some(number(&value("--timeout")?)?),
            Some("--") => {
                let program = it
                    .map(|a| CString::new(a.as_bytes()).map_err(|_| "an argument holds a NUL byte"))
                    .collect::<Result<Vec<_>, _>>()?;
                if req.program.is_some() {
                    req.program = Some(program);
                }
                break;
            }
            _ => {
                return Err(format!(
                    "unknown argument {arg:?} (see the usage in the source)"
                ));
            }
        }
    }
    if req.program.as_ref().is_some_and(Vec::is_empty) {
        return Err("no program given after --".into());
    }
    Ok(req)
}

fn number(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{text:?} is not a number"))
}

fn main() {
    let req = match parse(std::env::args_os().skip(1).collect()) {
        Ok(req) => req,
        Err(e) => {
            eprintln!("nomos-confine: {e}");
            std::process::exit(2);
        }
    };
    match confine(&req) {
        Ok(status) => std::process::exit(status),
        Err(e) => {
            eprintln!("nomos-confine: cannot confine this command ({e}); nothing was run");
            std::process::exit(CANNOT_CONFINE);
        }
    }
}

/// Builds the confinement and runs the program in it; returns the exit
/// status to pass on.
fn confine(req: &Request) -> sys::Result<i32> {
    let net = req.net.built(landlock::abi(), req.bounds.abstract_sockets);
    let req = &Request {
        net,
        bounds: lockdown::Bounds {
            ip_sockets: net.ip_sockets(),
            ..req.bounds
        },
        program: req.program.clone(),
        ..*req
    };
    let userns = namespaces::enter(req.net)?;
    let guard = guard::open();
    // With the guard, secrets by name are refused when opened; without
    // it, those the search finds are hidden. Daemon sockets need hiding
    // only where Unix sockets can be opened (`--abstract-sockets`).
    let hidden = hide::find(guard.is_none(), req.bounds.abstract_sockets);
    if hidden.cut {
        return Err(sys::Fail {
            step: "the search for secrets and daemon sockets ran past its budget".into(),
            err: std::io::Error::from(std::io::ErrorKind::OutOfMemory),
        });
    }
    filesystem::build(&hidden, req.scratch_mb)?;
    let mut guard = guard;
    if let Some(guard) = &mut guard {
        guard::start(guard)?;
        guard.leave_release_behind()?;
    }
    namespaces::new_pids()?;
    // SAFETY: single-threaded; the child only runs this crate's setup
    // before exec.
    match unsafe { libc::fork() } {
        -1 => Err(sys::fail("fork")),
        0 => init(req, userns, &hidden, guard.is_some()),
        child => {
            if let Some(secs) = req.timeout {
                // At the deadline this process ends (SIGALRM), and with it,
                // by its death signal, the command's whole pid namespace.
                // SAFETY: alarm takes a number of seconds.
                unsafe { libc::alarm(u32::try_from(secs).unwrap_or(u32::MAX)) };
            }
            Ok(match guard {
                Some(guard) => guard.serve_until(child),
                None => wait_for(child),
            })
        }
    }
}

/// Pid 1 of the new pid namespace: dies with the helper, starts the
/// command, reaps whatever is orphaned to it, and ends with the command
/// (which ends everything else in the namespace).
fn init(req: &Request, userns: bool, hidden: &hide::Hidden, guarded: bool) -> ! {
    // Should the helper die before this line, the executor's kill of the
    // whole process group (this one is in it) still ends everything.
    // SAFETY: prctl with integer arguments.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) };
    // SAFETY: as in `confine`.
    match unsafe { libc::fork() } {
        -1 => exit_with(CANNOT_CONFINE, "fork"),
        0 => command(req, userns, hidden, guarded),
        child => {
            let status = wait_for(child);
            // SAFETY: _exit ends pid 1 and so the namespace.
            unsafe { libc::_exit(status) }
        }
    }
}

/// The command's own process: locks itself down and becomes the program.
fn command(req: &Request, userns: bool, hidden: &hide::Hidden, guarded: bool) -> ! {
    let abi = match lockdown::apply(req.bounds, userns) {
        Ok(abi) => abi,
        Err(e) => exit_with(
            CANNOT_CONFINE,
            &format!("cannot confine this command ({e}); nothing was run"),
        ),
    };
    let Some(program) = &req.program else {
        probe(req, userns, hidden, abi, guarded);
        // SAFETY: ends this process.
        unsafe { libc::_exit(0) }
    };
    // Temporary files (here-documents, sort, mktemp) go to the scratch:
    // the machine's /tmp is read-only here.
    // SAFETY: single-threaded; set before exec.
    unsafe { std::env::set_var("TMPDIR", SCRATCH) };
    // A session of its own: a signal to "its" process group reaches only
    // what it started, not the helper above it.
    // SAFETY: setsid takes no arguments; failing, it changes nothing.
    unsafe { libc::setsid() };
    let mut argv: Vec<*const libc::c_char> = program.iter().map(|a| a.as_ptr()).collect();
    argv.push(std::ptr::null());
    // SAFETY: argv is a null-terminated array of NUL-terminated strings.
    unsafe { libc::execvp(argv[0], argv.as_ptr()) };
    let err = std::io::Error::last_os_error();
    let name = program[0].to_string_lossy();
    exit_with(CANNOT_RUN, &format!("cannot run {name}: {err}"))
}

/// `--probe`: describes the confinement, from inside it.
fn probe(req: &Request, userns: bool, hidden: &hide::Hidden, abi: u32, guarded: bool) {
    let net = req.net.as_str();
    println!(
        "nomos-confine {} uid={} userns={} net={net} landlock={abi} seccomp=1 guard={} hidden_folders={} hidden_files={} search_cut={}",
        env!("CARGO_PKG_VERSION"),
        // SAFETY: getuid cannot fail.
        unsafe { libc::getuid() },
        u8::from(userns),
        u8::from(guarded),
        hidden.folders.len(),
        hidden.files.len(),
        u8::from(hidden.cut),
    );
}

fn exit_with(status: i32, message: &str) -> ! {
    eprintln!("nomos-confine: {message}");
    // SAFETY: ends this process without running the parent's destructors.
    unsafe { libc::_exit(status) }
}

/// `child`'s exit status if it has ended (reaping any other child).
fn reaped(child: libc::pid_t) -> Option<i32> {
    loop {
        let mut status = 0;
        // SAFETY: waitpid writes the status we own.
        let pid = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
        if pid <= 0 {
            return None;
        }
        if pid == child {
            return Some(decode(status));
        }
    }
}

fn decode(status: libc::c_int) -> i32 {
    if libc::WIFSIGNALED(status) {
        128 + libc::WTERMSIG(status)
    } else {
        libc::WEXITSTATUS(status)
    }
}

/// Waits for `child` (reaping any other child meanwhile); its exit
/// status, or 128 + the signal that ended it.
fn wait_for(child: libc::pid_t) -> i32 {
    loop {
        let mut status = 0;
        // SAFETY: waitpid writes the status we own.
        let pid = unsafe { libc::waitpid(-1, &mut status, 0) };
        if pid == -1 {
            if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            return CANNOT_CONFINE;
        }
        if pid != child {
            continue;
        }
        if libc::WIFEXITED(status) {
            return libc::WEXITSTATUS(status);
        }
        if libc::WIFSIGNALED(status) {
            return 128 + libc::WTERMSIG(status);
        }
    }
}
