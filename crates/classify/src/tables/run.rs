//! Programs that run another command (Debian 12 bookworm: coreutils 9.1,
//! findutils 4.9.0, procps 4.0.2, util-linux 2.38.1, sudo 1.9.13, bash
//! 5.2.15; Proxmox VE 8/9 `pct exec`). Their own options are proven here;
//! the command they run is found the way their parser finds it (the first
//! operand: every one of them stops at it) and judged on its own.
//!
//! Left out everywhere: options that change another process (`ionice -p`),
//! hand the command to a different parser (`env -S`, `watch` without `-x`
//! is judged by the rules as the `sh -c` script it is), write a file
//! (`time -o`), open a login shell (`sudo -i`, `sudo -s`), or keep the
//! caller's environment (`sudo -E`, `docker exec -e`).

use super::*;

/// A command that runs the one in its operands, after `skip` of them.
pub(super) const fn runs(skip: usize) -> Operands {
    Operands::Command {
        skip,
        assignments: false,
        joined: false,
        between: Between::Nothing,
    }
}

/// [`runs`] for Proxmox's CLIs, whose options may follow the guest's id.
const fn runs_pve(skip: usize) -> Operands {
    Operands::Command {
        skip,
        assignments: false,
        joined: false,
        between: Between::PermutedOptions,
    }
}

/// sudo(8) 1.9.13: options up to the command.
const SUDO: Spec = Spec {
    // Not `-v` (`--validate`): it renews the cached credential, letting
    // later `sudo`s in without a password.
    flags: "nHPSlVh",
    valued: "ugCDUrtp",
    long: &[
        "non-interactive",
        "set-home",
        "preserve-groups",
        "stdin",
        "list",
        "version",
        "help",
    ],
    long_valued: &[
        "user",
        "group",
        "close-from",
        "chdir",
        "other-user",
        "role",
        "type",
        "prompt",
    ],
    abbrev: false,
    // (sudo(8): `VAR=value` words before the command set its
    // environment; the rules judge each.)
    operands: Operands::Command {
        skip: 0,
        assignments: true,
        joined: false,
        between: Between::Nothing,
    },
    ..Spec::POSIX
};

/// runuser(1), util-linux 2.38, as `runuser [options] -u USER [--]
/// COMMAND`: the command is judged on its own. Not `-l` (a login shell
/// runs the account's startup files), `-s` (any program as the shell),
/// `-m`/`-p` (root's environment kept); `-c` is the `su` form, whose
/// script the wrapper judges.
const RUNUSER: Spec = Spec {
    flags: "fP",
    valued: "ugGw",
    long: &["fast", "pty", "help", "version"],
    long_valued: &["user", "group", "supp-group", "whitelist-environment"],
    operands: runs(0),
    ..Spec::GNU
};

/// env(1), coreutils 9.1: `NAME=VALUE` words come before the command and
/// are judged by the rules (only language and layout keep it read-only).
const ENV: Spec = Spec {
    flags: "0iv",
    valued: "uC",
    long: &[
        "debug",
        "ignore-environment",
        "null",
        "list-signal-handling",
        "help",
        "version",
    ],
    long_valued: &["unset", "chdir"],
    long_optional: &["block-signal", "default-signal", "ignore-signal"],
    abbrev: false,
    operands: Operands::Command {
        skip: 0,
        assignments: true,
        joined: false,
        between: Between::Nothing,
    },
    ..Spec::POSIX
};

/// timeout(1), coreutils 9.1: the duration, then the command.
const TIMEOUT: Spec = Spec {
    flags: "v",
    valued: "ks",
    long: &[
        "foreground",
        "preserve-status",
        "verbose",
        "help",
        "version",
    ],
    long_valued: &["kill-after", "signal"],
    abbrev: false,
    operands: runs(1),
    ..Spec::POSIX
};

/// nice(1), coreutils 9.1 (`nice -5 CMD` is the old spelling of `-n 5`).
const NICE: Spec = Spec {
    valued: "n",
    long_valued: &["adjustment"],
    long: &["help", "version"],
    abbrev: false,
    numeric: true,
    operands: runs(0),
    ..Spec::POSIX
};

/// nohup(1), coreutils 9.1. (It writes `nohup.out` only when its output
/// is a terminal; Nomos's never is.)
const NOHUP: Spec = Spec {
    long: &["help", "version"],
    abbrev: false,
    operands: runs(0),
    ..Spec::POSIX
};

/// setsid(1), util-linux 2.38.1.
const SETSID: Spec = Spec {
    flags: "cfwhV",
    long: &["ctty", "fork", "wait", "help", "version"],
    abbrev: false,
    operands: runs(0),
    ..Spec::POSIX
};

/// stdbuf(1), coreutils 9.1.
const STDBUF: Spec = Spec {
    valued: "ioe",
    long_valued: &["input", "output", "error"],
    long: &["help", "version"],
    abbrev: false,
    operands: runs(0),
    ..Spec::POSIX
};

/// ionice(1), util-linux 2.38.1: only for the command it starts (`-p`,
/// `-P`, `-u` change running processes).
const IONICE: Spec = Spec {
    flags: "thV",
    valued: "cn",
    long: &["ignore", "help", "version"],
    long_valued: &["class", "classdata"],
    abbrev: false,
    operands: runs(0),
    ..Spec::POSIX
};

/// `taskset -p PID` (util-linux 2.39 taskset.c): `-p` is a flag and
/// the PID the last word; with that one operand only the affinity is
/// printed (a mask before it sets it). `-a` and `-c` change what is
/// shown. The cluster spellings are keys of their own.
const TASKSET_SHOW: Spec = Spec {
    flags: "ac",
    long: &["all-tasks", "cpu-list"],
    operands: Operands::Exactly {
        count: 1,
        test: all_digits,
    },
    ..Spec::POSIX
};

/// `chrt -p PID` (util-linux 2.39 chrt.c): as taskset, one operand gets
/// only.
const CHRT_SHOW: Spec = Spec {
    // (Not the policies: from util-linux 2.42 `chrt -p -o PID` sets the
    // policy; review 95.)
    flags: "av",
    long: &["all-tasks", "verbose"],
    ..TASKSET_SHOW
};

/// `ionice -p PID [PID…]`, `-P PGID…`, `-u UID…` (util-linux 2.39
/// ionice.c): without `-c` or `-n` the class of each is printed. The
/// option's value is the first id, the operands the others; getopt stops
/// at the first operand, so nothing after the ids is read as an option.
const IONICE_SHOW: Spec = Spec {
    flags: "t",
    long: &["ignore"],
    operands: Operands::Names {
        at_most: 64,
        test: all_digits,
    },
    ..Spec::POSIX
};

/// time(1) (GNU time 1.9; the bash keyword is not a program). `-o FILE`
/// writes: left out.
const TIME: Spec = Spec {
    flags: "pvqV",
    valued: "f",
    long: &["portability", "verbose", "quiet", "help", "version"],
    long_valued: &["format"],
    abbrev: false,
    operands: runs(0),
    ..Spec::POSIX
};

/// nsenter(1), util-linux 2.38: a command in a process's network, UTS,
/// IPC or PID namespace (`nsenter -t PID -n ss -tlnp`), the host's own
/// program run. Left out: `-m`/`--mount`, `-a`, `-r`, `-w` (the
/// program and the files would be the target's, a guest's binary run
/// as the host's root), `-U` and `-C` (its user and cgroup), `-e` (the
/// target's environment, `LD_PRELOAD` among it), `-Z`.
const NSENTER: Spec = Spec {
    flags: "FhV",
    valued: "tSG",
    optional: "nuip",
    long: &["no-fork", "preserve-credentials", "help", "version"],
    long_valued: &["target", "setuid", "setgid"],
    long_optional: &["net", "uts", "ipc", "pid"],
    abbrev: false,
    operands: runs(0),
    ..Spec::POSIX
};

/// xargs(1), findutils 4.9.0. `-p`/`--interactive` and `-o`/`--open-tty`
/// read a terminal; `-a FILE` reads its arguments from a file.
const XARGS: Spec = Spec {
    flags: "0rtx",
    valued: "EILPadns",
    optional: "eil",
    long: &[
        "null",
        "no-run-if-empty",
        "verbose",
        "exit",
        "show-limits",
        "help",
        "version",
    ],
    long_valued: &[
        "arg-file",
        "delimiter",
        "max-args",
        "max-chars",
        "max-lines",
        "max-procs",
        "process-slot-var",
    ],
    long_optional: &["eof", "replace"],
    abbrev: false,
    // The file its arguments are read from: known, and no secret.
    checked: &[("a", super::read_file), ("arg-file", super::read_file)],
    operands: runs(0),
    ..Spec::POSIX
};

/// watch(1), procps 4.0.2. Without `-x` it joins its operands into an
/// `sh -c` script, which the rules judge; `-b` beeps, harmless.
const WATCH: Spec = Spec {
    flags: "bcegptwxhv",
    valued: "nq",
    optional: "d",
    long: &[
        "beep", "color", "errexit", "chgexit", "precise", "no-title", "no-wrap", "exec", "help",
        "version",
    ],
    long_valued: &["interval", "equexit"],
    long_optional: &["differences"],
    abbrev: false,
    // Its words are a script for `sh -c` (or, with `-x`, a command): the
    // rules judge them as such.
    operands: Operands::Read,
    // (procps-ng's getopt string starts with `+`: options stop at the
    // command, `watch -n5 ceph -s`; review 140.)
    permute: false,
    ..Spec::POSIX
};

/// An `ssh -o` setting that only tunes the connection (ssh_config(5),
/// OpenSSH 9.2): how long to wait, whether to prompt, which address
/// family, keep-alives, logging, the port and user, and a host-key check
/// that refuses (`StrictHostKeyChecking yes`) or writes nowhere
/// (`UserKnownHostsFile /dev/null`). Not a command, a proxy, a host name,
/// a forwarding, an include or a known-hosts file elsewhere, nor
/// `CheckHostIP yes`, which adds the host's address to known_hosts
/// (thirty-ninth review). (ssh's defaults may still record new keys of a
/// host already trusted, `UpdateHostKeys`: a cache of trust, kept by
/// choice, so `ssh pve2 uptime` stays read-only as the issue asks.)
fn ssh_setting(setting: &str) -> bool {
    let setting = setting.trim_matches(['\'', '"']);
    let Some((key, value)) = setting
        .split_once('=')
        .or_else(|| setting.split_once([' ', '\t']))
    else {
        return false;
    };
    let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | ','));
    match key.as_str() {
        "batchmode"
        | "connecttimeout"
        | "connectionattempts"
        | "serveraliveinterval"
        | "serveralivecountmax"
        | "loglevel"
        | "port"
        | "user"
        | "compression"
        | "addressfamily"
        | "identitiesonly"
        | "passwordauthentication"
        | "pubkeyauthentication"
        | "kbdinteractiveauthentication"
        | "preferredauthentications"
        | "numberofpasswordprompts"
        | "tcpkeepalive"
        | "requesttty"
        | "visualhostkey"
        | "hashknownhosts" => plain,
        "stricthostkeychecking" => value.eq_ignore_ascii_case("yes"),
        "userknownhostsfile" | "globalknownhostsfile" => value == "/dev/null",
        "updatehostkeys" | "checkhostip" => value.eq_ignore_ascii_case("no"),
        _ => false,
    }
}

/// The `-o NAME` and `-O NAME` shell options that change nothing the
/// rules rely on: failing early, globbing (the secret checks read globs
/// as extglob, globstar and nocaseglob would), tracing.
fn shell_option(name: &str) -> bool {
    matches!(
        name,
        "errexit"
            | "nounset"
            | "pipefail"
            | "noglob"
            | "noclobber"
            | "xtrace"
            | "verbose"
            | "extglob"
            | "globstar"
            | "nocaseglob"
            | "nullglob"
            | "failglob"
            | "dotglob"
            | "nocasematch"
            | "inherit_errexit"
            | "lastpipe"
    )
}

/// exec (bash 5.2 builtin): `-c` (an empty environment) and `-l` (a login
/// name, `-bash`) change nothing; without a command it only sets the
/// shell's redirections, judged as any command's. `-a NAME` runs a
/// program under another name (`rules::loss` judges it).
const EXEC: Spec = Spec {
    flags: "cl",
    // (Read so the command after `-a NAME` is found and judged; the
    // rules make `-a` itself destructive.)
    valued: "a",
    abbrev: false,
    operands: runs(0),
    ..Spec::POSIX
};

/// command (bash 5.2 builtin): `-v`/`-V` only look the name up; the rules
/// judge the command it runs otherwise.
const COMMAND: Spec = Spec {
    flags: "pvV",
    abbrev: false,
    ..Spec::ORDERED
};

/// bash(1) 5.2 and dash(1) 0.5.12 as `sh -c SCRIPT` (the rules judge the
/// script; dash gets only what both read the same way). Left out: `-i`,
/// `-l`, `--login`, `--rcfile`, `--init-file` (startup files run), `-r`
/// and `--restricted` are harmless but unusual; `-k` (assignments
/// anywhere on a command line become its environment: `bash -c true
/// BASH_ENV=…`), `-a` (every assignment exported to what runs next) and
/// `--posix` (aliases expanded in scripts), which change how the script
/// the rules judged is read.
const SHELL: Spec = Spec {
    flags: "bcefhmnpstuvxBCEHPT",
    // bash and dash take `-o`'s and `-O`'s name from the next word, even
    // inside a cluster (bash's `parse_shell_options`).
    next_word: "oO",
    checked: &[("o", shell_option), ("O", shell_option)],
    long: &[
        "noprofile",
        "norc",
        "noediting",
        "verbose",
        "help",
        "version",
    ],
    abbrev: false,
    ..Spec::ORDERED
};

/// `pct exec VMID [-- CMD…]` (pve-container 5/6): the command is judged
/// as it runs in the container.
const PCT_EXEC: Spec = Spec {
    // A Proxmox boolean: `--keep-env 0` takes its value.
    long_optional: &["keep-env"],
    optional_next: true,
    single_dash_long: true,
    abbrev: false,
    operands: runs_pve(1),
    ..Spec::POSIX
};

/// `lxc-attach -n NAME -- CMD` (lxc 5/6): only naming the container.
const LXC_ATTACH: Spec = Spec {
    valued: "n",
    // (`--clear-env`: the command gets an empty environment.)
    long: &["clear-env"],
    long_valued: &["name"],
    operands: runs(0),
    ..Spec::POSIX
};

/// `docker exec [-i] [-t] [-w DIR] [-u USER] CONTAINER CMD…` (docker
/// 26/27): `-e`/`--env`, `--env-file` and `--privileged` change what runs,
/// `-d` detaches it out of sight: left out.
const DOCKER_EXEC: Spec = Spec {
    flags: "it",
    valued: "wu",
    long: &["interactive", "tty"],
    long_valued: &["workdir", "user"],
    abbrev: false,
    operands: runs(1),
    ..Spec::POSIX
};

/// `ip netns exec NAME CMD…` (iproute2 6.1).
const IP_NETNS_EXEC: Spec = Spec {
    operands: runs(1),
    ..Spec::POSIX
};

/// trap (bash 5.2 builtin): the rules judge a handler as the script it is.
const TRAP: Spec = Spec {
    flags: "lp",
    ..Spec::ORDERED
};

/// strace(1) 6.1: attaching to a process or running a command to watch
/// it. Not `-o` (writes, or pipes to a program), `-e`/`--inject`/`--fault`
/// (`inject=…` changes what the traced program's calls return), `-u`
/// (runs as another user), `-E` (sets its environment).
const STRACE: Spec = Spec {
    flags: "fFqtTrvyCcwiZkx",
    valued: "psSaX",
    operands: runs(0),
    ..Spec::POSIX
};

/// perl(1) 5.36: only `-v`; anything else runs Perl code.
const PERL: Spec = Spec {
    flags: "v",
    operands: Operands::None,
    ..Spec::POSIX
};

/// `qm guest cmd VMID COMMAND` (qemu-server 8/9): the rules judge the
/// agent command by name.
const QM_GUEST_CMD: Spec = Spec {
    operands: Operands::AtMost(2),
    single_dash_long: true,
    ..Spec::POSIX
};

/// `qm guest exec-status VMID PID`: the status (and output) of a command
/// the agent ran before; no options.
const QM_GUEST_EXEC_STATUS: Spec = Spec {
    operands: Operands::Exactly {
        count: 2,
        test: all_digits,
    },
    ..Spec::POSIX
};

fn all_digits(value: &str) -> bool {
    !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())
}

/// `qm guest exec VMID [--timeout N] [--synchronous 0|1] -- CMD…`.
const QM_GUEST_EXEC: Spec = Spec {
    long_valued: &["timeout", "synchronous"],
    single_dash_long: true,
    operands: runs_pve(1),
    ..Spec::POSIX
};

/// ssh(1), OpenSSH 9.2: a host, then the remote command (judged as the
/// script a POSIX shell runs there). Not `-o` (`ProxyCommand` and
/// `LocalCommand` run programs here), `-F` (a config can do the same),
/// `-L`/`-R`/`-D`/`-w` (forward ports and tunnels), `-f`/`-N`, `-A`
/// (forwards the agent), `-J`. `-T`, `-x`, `-a`, `-k` only turn off a
/// terminal, X11 forwarding, the agent's and GSSAPI's delegation.
const SSH: Spec = Spec {
    flags: "46CTaknqtvx",
    valued: "ilpo",
    checked: &[("o", ssh_setting)],
    // The remote shell runs the words joined (`ssh HOST 'a; b'`), after
    // the options ssh reads again past the destination (`ssh HOST -p 22
    // CMD`; review 93).
    operands: Operands::Command {
        skip: 1,
        assignments: false,
        joined: true,
        between: Between::Options,
    },
    // The rest of OpenSSH 9.2's usage line, so a line with them is read
    // as ssh reads it (`-nI LIB` loads a PKCS#11 library).
    other: &Other {
        flags: "12AfGgKMNsVXYy",
        valued: "BbcDEeFIJLmOPQRSWw",
        ..Other::NONE
    },
    ..Spec::POSIX
};

/// `ssh -G [options] HOST`: the configuration for HOST printed; not
/// `-F` (another file, whose `Match exec` would run).
const SSH_G: Spec = Spec {
    flags: "46Cnqtv",
    valued: "lpo",
    checked: &[("o", ssh_setting)],
    operands: Operands::AtMost(1),
    ..Spec::POSIX
};

/// `ssh -Q QUERY` (OpenSSH 9.2): the algorithms, key types or options
/// it supports, printed; it connects nowhere.
const SSH_Q: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: |w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        },
    },
    ..Spec::POSIX
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["ssh -Q"],
        spec: &SSH_Q,
        read_only: &["ssh -Q kex", "ssh -Q key-sig", "ssh -Q cipher"],
        not: &["ssh -Q kex 10.0.0.5 reboot", "ssh -Q 'kex;reboot'"],
    },
    Entry {
        names: &["ssh -G"],
        spec: &SSH_G,
        read_only: &["ssh -G 10.0.0.5", "ssh -G -p 2222 root@10.0.0.5"],
        not: &["ssh -G -F /tmp/x 10.0.0.5", "ssh -G 10.0.0.5 rm -rf /x"],
    },
    Entry {
        names: &["trap"],
        spec: &TRAP,
        read_only: &["trap", "trap -p", "trap -l"],
        not: &["trap 'rm -rf /tmp/x' EXIT", "xargs trap"],
    },
    Entry {
        names: &["strace"],
        spec: &STRACE,
        read_only: &["strace -c ls /", "strace -f -c uname -a"],
        not: &["strace -o /tmp/t ls", "strace -e inject=openat:retval=0 ls", "strace rm -rf /tmp/x"],
    },
    Entry {
        names: &["perl"],
        spec: &PERL,
        read_only: &["perl -v"],
        not: &["perl -e 'print 1'", "perl /opt/x.pl"],
    },
    Entry {
        names: &["qm guest cmd"],
        spec: &QM_GUEST_CMD,
        read_only: &["qm guest cmd 100 network-get-interfaces", "qm guest cmd 100 get-osinfo"],
        not: &["qm guest cmd 100 shutdown", "qm guest cmd 100 fsfreeze-freeze"],
    },
    Entry {
        names: &["qm guest exec-status"],
        spec: &QM_GUEST_EXEC_STATUS,
        read_only: &["qm guest exec-status 100 48213"],
        not: &["qm guest exec-status 100 -x", "qm guest exec-status 100 1 2"],
    },
    Entry {
        names: &["qm guest exec"],
        spec: &QM_GUEST_EXEC,
        read_only: &["qm guest exec 100 -- uptime", "qm guest exec 112 --timeout 20 -- /bin/sh -c 'df -h / && free -m'"],
        not: &["qm guest exec 100 -- reboot", "qm guest exec 100 --timeout 5 -- reboot", "qm guest exec 100 --pass-stdin 1 -- sh"],
    },
    Entry {
        names: &["ssh"],
        spec: &SSH,
        read_only: &["ssh root@192.168.178.11 uptime", "ssh -p 2222 10.0.0.2 df -h", "ssh 10.0.0.2 -l root -p 22 uptime", "ssh 10.0.0.2 ls -la"],
        not: &["ssh anyhost.example echo hi", "ssh -o ProxyCommand=reboot 10.0.0.2 ls", "ssh 10.0.0.2 reboot", "ssh 10.0.0.2 -o ProxyCommand=reboot ls", "ssh -- 10.0.0.2 -l root uptime"],
    },
    Entry {
        names: &["runuser"],
        spec: &RUNUSER,
        read_only: &[
            "runuser -u postgres -- psql -c 'select 1'",
            "runuser -u postgres -- psql -Atc 'select 1'",
            "runuser -u postgres id",
            "runuser --user=www-data -g www-data -- ls /var/www",
        ],
        not: &[
            "runuser -u postgres -- rm -rf /srv",
            "runuser -l postgres -c 'rm -rf /srv'",
            "runuser -m -u postgres -- id",
            "runuser -s /tmp/x postgres",
        ],
    },
    Entry {
        names: &["sudo"],
        spec: &SUDO,
        read_only: &[
            "sudo -n ls -la /root",
            "sudo -u postgres psql --version",
            "sudo -l",
            "sudo LC_ALL=C ls /etc",
        ],
        not: &["sudo -E ls", "sudo LD_PRELOAD=/tmp/x.so ls", "sudo PAGER=vi ls", "sudo -s", "sudo -u root rm -rf /srv", "sudo -v", "sudo --validate"],
    },
    Entry {
        names: &["env"],
        spec: &ENV,
        read_only: &["env LC_ALL=C ls -l", "env -u HOME uptime", "env -i TZ=UTC date"],
        not: &["env -S 'rm -rf /srv'", "env LD_PRELOAD=/tmp/x.so ls", "env rm -f /etc/x"],
    },
    Entry {
        names: &["timeout"],
        spec: &TIMEOUT,
        read_only: &["timeout 5 uptime", "timeout -s KILL 10 ls /", "timeout --kill-after=2 5 df -h"],
        not: &["timeout 5 rm -rf /srv", "timeout -p 5 ls"],
    },
    Entry {
        names: &["nice"],
        spec: &NICE,
        read_only: &["nice -n 10 du -sh /var", "nice -5 ls", "nice uptime"],
        not: &["nice -n 5 reboot", "nice --foo ls"],
    },
    Entry {
        names: &["nohup"],
        spec: &NOHUP,
        read_only: &["nohup uptime"],
        not: &["nohup reboot"],
    },
    Entry {
        names: &["setsid"],
        spec: &SETSID,
        read_only: &["setsid -w uptime"],
        not: &["setsid rm -rf /tmp/x"],
    },
    Entry {
        names: &["stdbuf"],
        spec: &STDBUF,
        read_only: &["stdbuf -oL tail -n 5 /var/log/syslog"],
        not: &["stdbuf -oL rm /tmp/x"],
    },
    Entry {
        names: &["ionice"],
        spec: &IONICE,
        read_only: &["ionice -c3 du -sh /var/lib"],
        not: &["ionice -c3 -p 1", "ionice -c 3 rm -rf /srv"],
    },
    Entry {
        names: &["ionice -p", "ionice -P", "ionice -u"],
        spec: &IONICE_SHOW,
        read_only: &["ionice -p 1234", "ionice -p 1 2 3", "ionice -u 33 34"],
        not: &["ionice -p 1 -c3", "ionice -p 1 rm"],
    },
    Entry {
        names: &[
            "taskset -p",
            "taskset -cp",
            "taskset -pc",
            "taskset -ap",
            "taskset -pa",
            "taskset -acp",
            "taskset --pid",
        ],
        spec: &TASKSET_SHOW,
        read_only: &["taskset -p 1234", "taskset -cp 1234", "taskset -ap 99"],
        not: &["taskset -p 3 1234", "taskset -cp 0-3 1234"],
    },
    Entry {
        names: &["chrt -p", "chrt --pid"],
        spec: &CHRT_SHOW,
        read_only: &["chrt -p 1234", "chrt -p -a 1234"],
        not: &["chrt -p 5 1234", "chrt -p -f 10 1234", "chrt -p -o 1234", "chrt --pid --idle 1234"],
    },
    Entry {
        names: &["nsenter"],
        spec: &NSENTER,
        read_only: &["nsenter -t 4242 -n ip -br addr", "nsenter -t 4242 -n ss -tlnp", "nsenter --target 4242 --net nft list ruleset", "nsenter -t 4242 -n -u hostname", "nsenter --net=/run/netns/blue ip route"],
        not: &["nsenter -t 4242 -m cat /etc/hostname", "nsenter -t 1 -a sh", "nsenter -t 4242 -n -e ip addr", "nsenter -t 4242 -n ip link set eth0 down", "nsenter -t 4242 -r -n ip addr", "nsenter -t 4242 -U -n ip addr"],
    },
    Entry {
        names: &["time"],
        spec: &TIME,
        read_only: &["/usr/bin/time -v ls /"],
        not: &["/usr/bin/time -o /etc/x ls"],
    },
    Entry {
        names: &["xargs"],
        spec: &XARGS,
        read_only: &["xargs"],
        not: &["xargs -e reboot", "xargs rm", "xargs -p ls"],
    },
    Entry {
        names: &["watch"],
        spec: &WATCH,
        read_only: &["watch -n 5 uptime", "watch -d -n1 'ls -l /tmp'"],
        not: &["watch -n 5 reboot"],
    },
    Entry {
        names: &["exec"],
        spec: &EXEC,
        read_only: &["exec 3< /etc/hosts", "exec 3<&-", "exec 2>&1", "exec -c uptime"],
        not: &["exec reboot", "exec > /tmp/x", "exec 3<> /dev/tcp/10.0.0.5/6379", "exec -a x sh", "exec 3> /etc/hosts"],
    },
    Entry {
        names: &["command", "builtin"],
        spec: &COMMAND,
        read_only: &["command -v docker", "command ls -l", "command -v rm"],
        not: &["command rm -rf /srv"],
    },
    Entry {
        names: &["bash", "sh", "dash", "ash"],
        spec: &SHELL,
        read_only: &["bash -c 'uptime'", "sh -c 'df -h'", "bash --noprofile --norc -c 'ls -l'", "bash -o pipefail -c 'ps aux | grep x'"],
        not: &["bash -lc 'uptime'", "bash -c 'rm -rf /srv'", "bash --rcfile /tmp/x -c ls"],
    },
    Entry {
        names: &["pct exec"],
        spec: &PCT_EXEC,
        read_only: &["pct exec 101 -- ls -la /etc", "pct exec 101 -- df -h", "pct exec 101 --keep-env 0 -- df -h"],
        not: &["pct exec 101 -- rm -rf /srv", "pct exec 101 -- reboot", "pct exec 101 --keep-env 0 -- reboot"],
    },
    Entry {
        names: &["lxc-attach"],
        spec: &LXC_ATTACH,
        read_only: &["lxc-attach -n 101 -- uptime"],
        not: &["lxc-attach -n 101 -- reboot"],
    },
    Entry {
        names: &["docker exec", "podman exec"],
        spec: &DOCKER_EXEC,
        read_only: &["docker exec web ls /app", "docker exec -u root web cat /etc/os-release"],
        not: &["docker exec -e LD_PRELOAD=/x web ls", "docker exec --privileged web ls", "docker exec web rm -rf /app"],
    },
    Entry {
        names: &["ip netns exec"],
        spec: &IP_NETNS_EXEC,
        read_only: &["ip netns exec blue ip addr"],
        not: &["ip netns exec blue reboot"],
    },
];
