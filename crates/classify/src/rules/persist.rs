//! Writes that run code: a file the system runs later (a cron entry, a
//! shell's startup file, a unit, a program in root's `PATH`, a hook) or
//! that decides who gets in (`authorized_keys`, sudoers) turns a change
//! into whatever that code does, unseen and unattended. Such a write is
//! destructive whether it appends or replaces (issue 29, class 10), and
//! so is any program's output sent to a disk (class 11: `tar -cf
//! /dev/sdb`, `xxd -r x /dev/sda`).

use super::{Arg, Verdict};
use crate::secret_paths::Folders;

/// Folders whose files run as code or grant access. (Application and
/// service configuration, `sshd_config` included, stays a change: it is
/// the agent's everyday work, and `loss` already guards the files a host
/// needs.)
#[rustfmt::skip]
const CODE_DIRS: &[&str] = &[
    "/etc/cron.d/", "/etc/cron.hourly/", "/etc/cron.daily/", "/etc/cron.weekly/",
    "/etc/cron.monthly/", "/var/spool/cron/", "/etc/profile.d/", "/etc/update-motd.d/",
    "/etc/systemd/", "/lib/systemd/", "/usr/lib/systemd/", "/run/systemd/system/",
    "/etc/init.d/", "/etc/rc0.d/", "/etc/rc1.d/", "/etc/rc2.d/", "/etc/rc3.d/", "/etc/rc4.d/",
    "/etc/rc5.d/", "/etc/rc6.d/", "/etc/rcS.d/", "/etc/sudoers.d/", "/etc/udev/rules.d/",
    "/lib/udev/", "/usr/lib/udev/", "/etc/apt/apt.conf.d/", "/etc/ld.so.conf.d/",
    "/etc/modprobe.d/", "/etc/modules-load.d/", "/etc/pam.d/", "/etc/security/",
    "/etc/network/if-up.d/", "/etc/network/if-down.d/", "/etc/network/if-pre-up.d/",
    "/etc/network/if-post-down.d/", "/etc/NetworkManager/dispatcher.d/",
    "/etc/dhcp/dhclient-enter-hooks.d/", "/etc/dhcp/dhclient-exit-hooks.d/",
    "/etc/logrotate.d/", "/etc/xdg/autostart/", "/etc/X11/Xsession.d/", "/etc/kernel/",
    "/etc/initramfs-tools/", "/var/lib/vz/snippets/", "/usr/local/bin/",
    "/etc/needrestart/", "/proc/sys/fs/binfmt_misc/",
    // Code root runs that the lists above missed (thirty-fourth review):
    // PVE's own Perl and Perl's local folder first on its @INC, LXC's
    // hooks and shared configuration, ZED's zedlets, tmpfiles, dpkg's
    // maintainer scripts, D-Bus activation, polkit's vendor rules. (Not
    // APT's sources: a repository serves only packages signed by keys APT
    // trusts, and adding one is an everyday install step.)
    "/usr/share/perl5/", "/usr/local/share/perl/", "/usr/share/lxc/", "/etc/zfs/zed.d/",
    "/etc/tmpfiles.d/", "/var/lib/dpkg/info/",
    "/usr/share/dbus-1/", "/etc/dbus-1/", "/usr/share/polkit-1/",
    "/usr/local/sbin/", "/usr/bin/", "/usr/sbin/", "/bin/", "/sbin/", "/usr/lib/", "/lib/",
    "/lib64/", "/usr/libexec/", "/usr/local/lib/", "/etc/polkit-1/", "/etc/sudo.conf",
    "/etc/at.allow", "/etc/cron.allow", "/boot/", "/etc/grub.d/", "/etc/default/grub.d/",
    // certbot's hooks, run as root at each renewal (blind corpus 169).
    "/etc/letsencrypt/renewal-hooks/",
    // A certificate's renewal settings, whose `pre_hook`, `post_hook`
    // and `renew_hook` lines certbot runs as root at each renewal
    // (review 119).
    "/etc/letsencrypt/renewal/",
    "/etc/monit/conf.d/", "/etc/monit/conf-enabled/",
    "/etc/monit/conf-available/",
    // Other systems' guests (blind corpus 199): busybox crond's tables
    // and `periodic` folders (Alpine), OpenRC's `local` scripts and its
    // `conf.d` files, which its init scripts source as shell; FreeBSD's
    // rc scripts, `rc.conf.d` and periodic jobs; the RHEL family's
    // `/etc/rc.d` and `/etc/sysconfig/network-scripts` (ifup runs them).
    "/etc/crontabs/", "/etc/periodic/", "/etc/local.d/", "/etc/conf.d/", "/etc/runlevels/",
    "/etc/rc.d/", "/usr/local/etc/rc.d/", "/etc/rc.conf.d/", "/usr/local/etc/periodic/",
    "/etc/sysconfig/network-scripts/", "/usr/local/etc/sudoers.d/", "/etc/cron/",
    // Code programs load or run that review 124 found: Debian's first
    // perl @INC folder (every PVE tool's `use strict`), python's
    // sitecustomize (linked from /usr/lib), systemd's user environment,
    // zpool's `-c` scripts, acpid's event actions, apcupsd's and
    // smartd-runner's event scripts, fail2ban's ban actions.
    "/etc/perl/", "/etc/environment.d/", "/etc/zfs/zpool.d/", "/etc/acpi/",
    "/etc/smartmontools/run.d/", "/etc/fail2ban/action.d/", "/etc/vim/",
    "/usr/share/vim/",
    // Review 125: FreeBSD's crontabs and devd's actions, runit's
    // services, pacman's, apk's and dnf's transaction hooks, busybox
    // udhcpc's script, lbu's package hooks, the kernel's settings
    // (`kernel.core_pattern = |/path` runs a program as root).
    "/var/cron/tabs/", "/etc/devd/", "/etc/sv/", "/etc/service/", "/etc/pacman.d/hooks/",
    "/usr/share/libalpm/hooks/", "/etc/apk/commit_hooks.d/", "/etc/dnf/plugins/",
    "/usr/share/udhcpc/", "/etc/lbu/", "/etc/sysctl.d/", "/usr/lib/sysctl.d/",
    "/etc/udhcpc/",
    // Podman's quadlets: systemd's generator makes each `.container`,
    // `.pod` or `.kube` file a unit that runs at boot (blind corpus 220).
    "/etc/containers/systemd/", "/usr/share/containers/systemd/",
];

/// Files that run as code or grant access.
#[rustfmt::skip]
const CODE_FILES: &[&str] = &[
    "/etc/crontab", "/etc/anacrontab", "/etc/profile", "/etc/bash.bashrc", "/etc/environment",
    "/etc/rc.local", "/etc/sudoers", "/etc/ld.so.preload", "/etc/ld.so.conf",
    "/etc/inittab", "/etc/zsh/zshrc", "/etc/zsh/zshenv", "/etc/zsh/zprofile",
    "/etc/modules", "/etc/pve/priv/authorized_keys", "/proc/sys/kernel/core_pattern",
    "/proc/sys/kernel/modprobe", "/sys/kernel/uevent_helper", "/proc/sys/kernel/hotplug",
    // Who may log in and how (a line appended here lets anyone in, or
    // locks everyone out): sshd's configuration and its login script, the
    // TCP wrappers, PAM's access list, Proxmox's users, ACLs and realms
    // (blind corpus 26: `… trust >> pg_hba.conf`).
    "/etc/ssh/sshd_config", "/etc/ssh/sshrc", "/etc/ssh/ssh_config", "/etc/hosts.allow",
    "/etc/hosts.deny", "/etc/security/access.conf", "/etc/pve/user.cfg", "/etc/pve/domains.cfg",
    // The node's own firewall by its link (the others: `firewall_file`).
    "/etc/pve/local/host.fw",
    // Which hosts may mount the host's folders, and as whom (`/
    // *(rw,no_root_squash)`: anyone is root on the whole disk; blind
    // corpora 27 and 28).
    "/etc/exports",
    // The accounts (`toor::0:0::/root:/bin/bash` appended is a root
    // login), and the settings whose lines name a
    // program root runs: smartd's `-M exec`, mdadm's `PROGRAM`, vzdump's
    // `script:`, Samba's `root preexec` (thirty-fourth review).
    "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/subuid", "/etc/subgid",
    "/etc/smartd.conf", "/etc/mdadm/mdadm.conf", "/etc/vzdump.conf",
    "/etc/samba/smb.conf",
    // certbot's defaults for every run: a `deploy-hook =` line runs as
    // root at the next renewal (review 119).
    "/etc/letsencrypt/cli.ini",
    // Files whose lines name commands root runs: NUT's `SHUTDOWNCMD`
    // and `NOTIFYCMD`, its drivers' `driverpath`, upssched's
    // `CMDSCRIPT`; monit's `then exec` (reviews 119, 120). (ifupdown's
    // by what is written: [`ifupdown_hook`].)
    "/etc/nut/upsmon.conf", "/etc/nut/ups.conf", "/etc/nut/upssched.conf", "/etc/monit/monitrc",
    // FreeBSD's and OpenRC's shell read at boot, FreeBSD's and Alpine's
    // periodic and cron settings, sudo from ports (blind corpus 199).
    "/etc/rc.conf", "/etc/rc.conf.local", "/etc/rc.local.d", "/etc/periodic.conf",
    "/etc/periodic.conf.local", "/usr/local/etc/sudoers", "/etc/rc.shutdown",
    "/etc/sysconfig/init", "/etc/master.passwd", "/etc/login.conf",
    // OpenSSL's default configuration (engines and providers it loads),
    // fail2ban's jails (which action runs), Postfix's transports
    // (`pipe` runs commands), less's system key file (review 124).
    "/etc/ssl/openssl.cnf", "/usr/lib/ssl/openssl.cnf", "/etc/fail2ban/jail.local",
    "/etc/fail2ban/jail.conf", "/etc/postfix/master.cf", "/etc/sysless", "/etc/lesskey",
    // Review 125: FreeBSD's shutdown script, devd's rules, the terminals
    // init runs a program on, dhclient's hooks, newsyslog's and
    // syslogd's actions (`|program`), mkinitcpio's hooks, GRUB's
    // defaults (shell grub-mkconfig sources), the kernel's settings.
    "/etc/rc.shutdown.local", "/etc/devd.conf", "/etc/ttys", "/etc/dhclient-exit-hooks",
    "/etc/dhclient-enter-hooks", "/etc/newsyslog.conf", "/etc/syslog.conf",
    "/etc/mkinitcpio.conf", "/etc/default/grub", "/etc/sysctl.conf",
    // (Review 126: sshd's options on RHEL, doas's rules on FreeBSD,
    // dnf's and yum's plugin folders.)
    "/etc/sysconfig/sshd", "/usr/local/etc/doas.conf", "/etc/doas.conf", "/etc/dnf/dnf.conf",
    "/usr/local/etc/pkg.conf",
    "/etc/yum.conf",
];

/// Files under a home folder that run at login or grant access.
#[rustfmt::skip]
const HOME_CODE: &[&str] = &[
    ".bashrc", ".profile", ".bash_profile", ".bash_login", ".bash_logout", ".zshrc",
    ".zshenv", ".zprofile", ".zlogin", ".ssh/authorized_keys", ".ssh/authorized_keys2",
    ".ssh/rc", ".ssh/environment", ".ssh/config", ".config/autostart/", ".local/bin/",
    "bin/", ".config/systemd/", ".gitconfig", ".config/git/", ".vimrc", ".inputrc",
    ".pam_environment", ".forward", ".curlrc", ".wgetrc", ".npmrc", ".pip/", ".config/pip/",
    // acme.sh's home: `account.conf` it sources, the script its cron
    // entry runs daily, `dnsapi/` and `deploy/` it sources, each
    // domain's `Le_ReloadCmd` (review 119); certbot's user defaults.
    ".acme.sh/", ".config/letsencrypt/",
    // psql's start file (`\!` runs commands), less's key files (their
    // `#env` sets LESSOPEN), docker's CLI plugins and configuration
    // (plugin folders, credential helpers), python's user site folder
    // (`.pth` lines run); review 124.
    ".psqlrc", ".lesskey", ".config/lesskey", ".docker/cli-plugins/", ".docker/config.json",
    ".local/lib/", ".config/environment.d/",
    // rpm's macros (`%(…)` runs at every expansion; review 125).
    ".rpmmacros", ".cshrc", ".shrc", ".login", ".tcshrc",
    // A user's quadlets (blind corpus 220).
    ".config/containers/systemd/",
];

/// Whether what is written at `path` may run as code or let someone in.
pub(super) fn runs_code(path: &str, folders: &Folders) -> bool {
    // (A glob in a folder of the target may name one of them: `cp x
    // /etc/cro?.d/`; review 125.)
    let target = path.trim_matches(['\'', '"']);
    if target.contains(['*', '?', '['])
        && (CODE_DIRS
            .iter()
            .chain(CODE_FILES)
            .any(|place| glob_may_reach(target, place))
            || HOME_CODE
                .iter()
                .any(|h| glob_may_reach(target, &format!("/root/{h}"))))
    {
        return true;
    }
    folders
        .resolve(path.trim_matches(['\'', '"']))
        .iter()
        .any(|p| {
            let folder = format!("{}/", p.trim_end_matches('/'));
            CODE_FILES.contains(&p.as_str())
                || CODE_DIRS
                    .iter()
                    .any(|d| p.starts_with(d) || folder == *d || p == d.trim_end_matches('/'))
                || in_home(p).is_some_and(|rest| {
                    HOME_CODE.iter().any(|h| {
                        rest == h.trim_end_matches('/') || (h.ends_with('/') && rest.starts_with(h))
                    })
                })
                // (Debian's `sitecustomize.py`, linked from /usr/lib/pythonX,
                // imported by every python3 start; review 124.)
                || (p.starts_with("/etc/python") && p.ends_with(".py"))
                // (apcupsd's event scripts, `apccontrol` and the rest: its
                // `.conf` files only set values; review 124.)
                || (p.starts_with("/etc/apcupsd/") && !p.ends_with(".conf"))
                || p.contains("/.git/hooks/")
                || p.ends_with("/.git/config")
                // PostgreSQL's client authentication, wherever its cluster
                // keeps it (`host all all 0.0.0.0/0 trust`).
                || p.ends_with("/pg_hba.conf")
                || p.starts_with("/etc/ssh/sshd_config.d/")
                || p.starts_with("/etc/ssh/ssh_config.d/")
                || p.starts_with("/etc/exports.d/")
                || firewall_file(p)
                || guest_config(p)
        })
}

/// A write to ifupdown's interfaces (`interfaces`, `interfaces.d/`, and
/// `interfaces.new`, which Proxmox moves over it at the next apply or
/// boot) that may hold one of its hooks (`pre-up`, `up`, `post-up`, the
/// `down`s), or `source` a file from elsewhere: a command root runs at
/// each `ifreload -a` and boot (reviews 119, 120). Only a line whose
/// text is all written plainly on it (`echo`, `printf`, `sed`, no
/// escape, no expansion) and names none of them stays a change (`sed -i
/// 's/mtu 1500/mtu 9000/'`). `command` is the line as written, `targets`
/// the words it may write to.
pub(crate) fn ifupdown_hook(
    command: &str,
    program: Option<&str>,
    targets: &[&str],
    folders: &Folders,
) -> Option<Verdict> {
    const HOOKS: &[&str] = &["pre-up", "up", "post-up", "pre-down", "down", "post-down"];
    let interfaces = |p: &str| {
        p == "/etc/network/interfaces"
            || p == "/etc/network/interfaces.new"
            || p.starts_with("/etc/network/interfaces.d/")
    };
    let target = targets.iter().find(|t| {
        folders
            .resolve(t.trim_matches(['\'', '"']))
            .iter()
            .any(|p| interfaces(p))
    })?;
    // (Quotes taken out as the shell joins them: `pr"e-u"p`.)
    let text: String = command
        .chars()
        .filter(|c| !matches!(c, '\'' | '"'))
        .collect();
    // (Braces expand: `{post-u,nohu}p`; sed's other commands append a
    // text or a file, `a…`, `r FILE`: only its `s` commands count;
    // review 121.)
    let plain_writer = match program {
        Some("echo" | "printf") => true,
        Some("sed") => sed_substitutes_only(&text),
        _ => false,
    } && !text.contains(['\\', '%', '$', '`', '{', '}']);
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ';')
        .collect();
    let sources_elsewhere = words.windows(2).any(|pair| {
        matches!(pair[0], "source" | "source-directory")
            && (!pair[1].starts_with("/etc/network/") || pair[1].contains(".."))
    });
    let hooks = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .any(|w| HOOKS.contains(&w));
    (hooks || sources_elsewhere || !plain_writer).then(|| {
        Verdict::destructive(format!(
            "writes into {target} what may be a hook line, a command root runs at each \
             `ifreload` and boot"
        ))
    })
}

/// Whether a sed line (quotes out) has one script of `s` commands only,
/// each with an optional address (a number, `$`), and flags of `g`, `p`,
/// `i`, `I` or a number. (Split at blanks: a script with a blank in it,
/// `s/mtu 1500/mtu 9000/`, is read from its first word to its last.)
fn sed_substitutes_only(line: &str) -> bool {
    let Some(start) = line.find(" s") else {
        return false;
    };
    let rest = &line[start + 1..];
    // The script runs to the last word before the files (`/etc/…`).
    let script = match rest.rfind(" /") {
        Some(end) => &rest[..end],
        None => rest,
    };
    script.split(';').all(|command| {
        let command = command.trim();
        let rest = command.trim_start_matches(|c: char| c.is_ascii_digit() || c == '$');
        let Some(body) = rest.strip_prefix('s') else {
            return false;
        };
        let Some(delimiter) = body
            .chars()
            .next()
            .filter(|d| !d.is_alphanumeric() && *d != ' ')
        else {
            return false;
        };
        let parts: Vec<&str> = body[delimiter.len_utf8()..].split(delimiter).collect();
        parts.len() == 3
            && parts[2]
                .chars()
                .all(|c| matches!(c, 'g' | 'p' | 'i' | 'I') || c.is_ascii_digit())
    })
}

/// A Proxmox firewall's rules and options: the cluster's and each guest's
/// (`/etc/pve/firewall/ID.fw`), each node's `host.fw` by any of its
/// paths (`/etc/pve/local` is pmxcfs's link to the node's own folder):
/// `enable: 1` under a default policy of DROP shuts SSH, the web UI or
/// a guest's service out (blind corpus 177, review 119).
fn firewall_file(path: &str) -> bool {
    let in_nodes = path.strip_prefix("/etc/pve/nodes/").is_some_and(|rest| {
        rest.split_once('/')
            .is_some_and(|(node, file)| !node.is_empty() && file == "host.fw")
    });
    (path.starts_with("/etc/pve/firewall/") && path.ends_with(".fw")) || in_nodes
}

/// Whether `path` is a folder holding a file that runs as code or grants
/// access (`/root/.ssh`, `/etc/ssh`, a home folder): what a recursive
/// copy puts there may be one.
fn holds_code(path: &str, folders: &Folders) -> bool {
    folders
        .resolve(path.trim_matches(['\'', '"']))
        .iter()
        .any(|p| {
            let folder = format!("{}/", p.trim_end_matches('/'));
            // (Or a folder of code under it: `rsync -a x/ /etc/zfs/`
            // may write `zed.d/`; review 119.)
            folder != "/"
                && (CODE_FILES.iter().any(|f| f.starts_with(&folder))
                    || CODE_DIRS.iter().any(|d| d.starts_with(&folder))
                    || in_home(&folder)
                        .is_some_and(|rest| HOME_CODE.iter().any(|h| h.starts_with(rest))))
        })
}

/// The file a copy or a move into a folder writes there that runs as
/// code or grants access: the folder and each source's name (`cp
/// /tmp/authorized_keys /root/.ssh/`; recursively, a folder holding such
/// files, `cp -r /tmp/.ssh /root/`), or the folder itself where what
/// lands there is not named on the line: a folder's contents (`cp -r
/// dot/. /root/`, `cp -rT dir /root/.ssh`, rsync's `dir/`), a glob or a
/// run-time source, an archive unpacked (`unzip -d`). The target as
/// getopt finds it (`-vt DIR`, `--target-dir DIR`), on another host too
/// (`scp x pve2:/root/.ssh/`). Reviews 90 and 91.
fn copied_into_code(name: &str, args: &[Arg], folders: &Folders) -> Option<String> {
    let copy = Copy::read(name, args)?;
    let target = copy.target.as_str();
    if copy.unnamed && holds_code(target, folders) {
        return Some(target.to_string());
    }
    copy.sources.iter().find_map(|source| {
        let base = source.trim_end_matches('/').rsplit('/').next()?;
        let written = format!("{}/{base}", target.trim_end_matches('/'));
        let code =
            runs_code(&written, folders) || (copy.recursive && holds_code(&written, folders));
        (!base.is_empty() && code).then_some(written)
    })
}

/// A copy's target folder and the sources named on its line.
struct Copy {
    target: String,
    sources: Vec<String>,
    recursive: bool,
    /// What lands in the target is not named on the line.
    unnamed: bool,
}

/// A copy's options as getopt reads them: its `-t`/`--target-directory`
/// folder (unzip's `-d`), its operands, whether it recurses, whether `-T`
/// makes the target the folder itself.
struct CopyLine<'a> {
    target: Option<String>,
    operands: Vec<&'a Arg>,
    recursive: bool,
    no_target_folder: bool,
}

impl<'a> CopyLine<'a> {
    fn read(name: &str, args: &'a [Arg]) -> CopyLine<'a> {
        // (Each program's short options taking a value.)
        let valued: &str = match name {
            "scp" => "cFiJlPoSc",
            "rsync" => "efBMT",
            "unzip" => "dx",
            "install" => "gmoSt",
            _ => "tS",
        };
        let mut line = CopyLine {
            target: None,
            operands: Vec::new(),
            recursive: false,
            no_target_folder: false,
        };
        let mut ended = false;
        let mut words = args.iter();
        while let Some(arg) = words.next() {
            let text = arg.literal().unwrap_or("");
            if ended || !text.starts_with('-') || text == "-" {
                line.operands.push(arg);
            } else if text == "--" {
                ended = true;
            } else if let Some(long) = text.strip_prefix("--") {
                let (option, value) = long
                    .split_once('=')
                    .map_or((long, None), |(o, v)| (o, Some(v)));
                if option.len() >= 2 && "target-directory".starts_with(option) {
                    line.target = value
                        .map(str::to_string)
                        .or_else(|| words.next().map(|a| a.raw().to_string()));
                }
                line.recursive |= matches!(option, "recursive" | "archive");
                line.no_target_folder |= option == "no-target-directory";
            } else {
                let cluster = &text[1..];
                line.recursive |= cluster.contains(['r', 'R', 'a']);
                line.no_target_folder |= cluster.contains('T') && name != "rsync";
                if let Some((at, letter)) =
                    cluster.char_indices().find(|(_, c)| valued.contains(*c))
                {
                    let rest = &cluster[at + letter.len_utf8()..];
                    let value = if rest.is_empty() {
                        words.next().map(|a| a.raw().to_string())
                    } else {
                        Some(rest.to_string())
                    };
                    if (letter == 't' && name != "rsync") || (letter == 'd' && name == "unzip") {
                        line.target = value;
                    }
                }
            }
        }
        line
    }
}

impl Copy {
    fn read(name: &str, args: &[Arg]) -> Option<Copy> {
        let CopyLine {
            target,
            operands,
            recursive,
            no_target_folder,
        } = CopyLine::read(name, args);
        let unzip = name == "unzip";
        let (target, sources): (String, Vec<&Arg>) = match target {
            Some(t) => (t, if unzip { Vec::new() } else { operands }),
            None if unzip => return None,
            None => {
                let (last, rest) = operands.split_last()?;
                if rest.is_empty() {
                    return None;
                }
                (last.raw().to_string(), rest.to_vec())
            }
        };
        let target = home_spelled(remote_path(&target));
        let unnamed_source = |a: &&Arg| {
            let raw = a.raw();
            a.literal().is_none()
                || a.is_glob()
                || raw == "."
                || raw.ends_with("/.")
                || (name == "rsync" && raw.ends_with('/'))
        };
        let unnamed =
            unzip || sources.iter().any(unnamed_source) || (no_target_folder && recursive);
        Some(Copy {
            target,
            sources: sources
                .iter()
                .filter(|a| !unnamed_source(a))
                .filter_map(|a| a.literal().map(str::to_string))
                .collect(),
            recursive,
            unnamed,
        })
    }
}

/// The path of a `HOST:PATH` target (scp, rsync): the same folder there.
fn remote_path(target: &str) -> &str {
    match target.split_once(':') {
        Some((host, path)) if !host.contains('/') && !host.is_empty() => path,
        _ => target,
    }
}

/// `$HOME`, `${HOME}` (quoted or not) as `~`.
fn home_spelled(target: &str) -> String {
    let bare = target.trim_matches('"');
    for home in ["${HOME}", "$HOME"] {
        if let Some(rest) = bare.strip_prefix(home) {
            return format!("~{rest}");
        }
    }
    target.to_string()
}

/// A guest's configuration written by hand, past `pct`/`qm`'s checks:
/// its raw `lxc.*` keys (`lxc.hook.pre-start`, `lxc.mount.entry`,
/// `lxc.apparmor.profile`) and `hookscript`/`args` run code on the host
/// or hand the guest the host's files (thirty-second review: `echo
/// 'lxc.apparmor.profile: unconfined' >> /etc/pve/lxc/101.conf`).
fn guest_config(path: &str) -> bool {
    let Some(rest) = path.strip_prefix("/etc/pve/") else {
        return false;
    };
    let rest = rest.strip_prefix("local/").unwrap_or(rest);
    let rest = match rest.strip_prefix("nodes/") {
        Some(node) => node.split_once('/').map_or("", |(_, r)| r),
        None => rest,
    };
    rest.strip_prefix("lxc/")
        .or_else(|| rest.strip_prefix("qemu-server/"))
        .is_some_and(|file| !file.is_empty())
}

fn in_home(path: &str) -> Option<&str> {
    if let Some(rest) = path.strip_prefix("/root/") {
        return Some(rest);
    }
    path.strip_prefix("/home/")?
        .split_once('/')
        .map(|(_, rest)| rest)
}

/// A disk or partition (not a terminal, a sink or a descriptor).
pub(super) fn block_device(path: &str) -> bool {
    let path = path.trim_matches(['\'', '"']);
    let Some(name) = path.strip_prefix("/dev/") else {
        return false;
    };
    [
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "dm-", "md", "zd", "loop", "nbd", "rbd", "sr",
        "mapper/", "disk/", "zvol/", "pve/", "drbd", "bcache", "mtd",
    ]
    .iter()
    .any(|prefix| name.starts_with(prefix))
        || name.contains('/')
            && !name.starts_with("pts/")
            && !name.starts_with("fd/")
            && !name.starts_with("shm/")
            && !name.starts_with("mqueue/")
}

/// Why `name args…` writes code or a disk, if it does.
pub(super) fn judge(name: &str, args: &[Arg], folders: &Folders) -> Option<Verdict> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let targets = destinations(name, &lits);
    // (As the shell and the kernel find it: `~sys/sda` is /dev/sda.)
    if let Some(device) = targets
        .iter()
        .find(|w| block_device(w) || folders.resolve(w).iter().any(|p| block_device(p)))
    {
        return Some(Verdict::destructive(format!(
            "`{name}` writes to the disk {device}, over whatever it holds"
        )));
    }
    // Extracting over the system's own folders (`dpkg -x x.deb /`, `cd
    // /etc && tar -xf x.tar`).
    let unpacks_into = unpacks_into(name, &lits, &targets);
    if let Some(root) = unpacks_into.iter().find(|t| {
        folders
            .resolve(t)
            .iter()
            // (Root's home is where a command starts: unpacking there is
            // ordinary; what it unpacks over its startup files is not
            // known from the line.)
            .any(|p| super::loss::critical(p) && p != "/root")
    }) {
        return Some(Verdict::destructive(format!(
            "`{name}` unpacks a package over {root}, the system's own files"
        )));
    }
    // (Or over a guest's root, seen from the host: a container's
    // subvolume, its rootfs; blind corpus 107.)
    if let Some(root) = unpacks_into.iter().find(|t| {
        folders.resolve(t).iter().any(|p| {
            let inner =
                crate::secret_paths::inside_guest(&format!("{}/x", p.trim_end_matches('/')));
            inner.is_some_and(|inner| {
                super::loss::critical(inner.trim_end_matches("/x")) || inner == "/x"
            })
        })
    }) {
        return Some(Verdict::destructive(format!(
            "`{name}` unpacks over {root}, a guest's own files"
        )));
    }
    let direct = targets
        .iter()
        .any(|w| !w.starts_with('-') && runs_code(w, folders));
    let rsync_dry_run = name == "rsync" && super::loss::rsync_only_lists(&lits);
    if !direct
        && !rsync_dry_run
        && matches!(
            name,
            "cp" | "mv" | "install" | "ln" | "scp" | "rsync" | "unzip"
        )
        && let Some(written) = copied_into_code(name, args, folders)
    {
        return Some(Verdict::destructive(format!(
            "`{name}` writes {written}, which the system runs as code or trusts for access"
        )));
    }
    let chmod_like = matches!(name, "chmod" | "chown" | "chgrp" | "setfacl" | "chattr");
    // Relative ones where the command's `cd`s led (`cd /usr/local/bin &&
    // cp x ls`).
    let code = targets
        .iter()
        .find(|w| !w.starts_with('-') && runs_code(w, folders))?;
    // Changing a mode or owner there is a change, unless it makes a file
    // there executable.
    if chmod_like && !makes_executable(&lits) {
        return None;
    }
    Some(Verdict::destructive(format!(
        "`{name}` writes {code}, which the system runs as code or trusts for access"
    )))
}

/// The folders an extracting program writes its archive into: dpkg's
/// target, tar's `-C` or the folder it runs in, and borg's, borgmatic's
/// and unzip's (blind corpus 226); none for any other.
fn unpacks_into<'a>(name: &str, lits: &[&'a str], targets: &[&'a str]) -> Vec<&'a str> {
    match name {
        "dpkg" | "dpkg-deb" => targets.to_vec(),
        "tar" => tar_extracts_into(lits),
        // (borg's extract writes into the folder it runs in, borgmatic's
        // into `--destination` or there, unzip's into `-d` or there;
        // blind corpus 226.)
        "borg"
            if lits.contains(&"extract")
                && !super::loss::dry_run_given(lits, &["--dry-run", "-n"]) =>
        {
            vec!["."]
        }
        "borgmatic" if lits.contains(&"extract") => {
            let into = option_values(lits, &[], &["--destination"]);
            if into.is_empty() { vec!["."] } else { into }
        }
        "unzip"
            if !lits
                .iter()
                .any(|w| matches!(*w, "-l" | "-v" | "-t" | "-Z" | "-p" | "-c")) =>
        {
            let into = option_values(lits, &["-d"], &[]);
            if into.is_empty() { vec!["."] } else { into }
        }
        _ => Vec::new(),
    }
}

/// The files a program writes, as its own options and operands say.
fn destinations<'a>(name: &str, lits: &[&'a str]) -> Vec<&'a str> {
    let operands = || lits.iter().filter(|w| !w.starts_with('-')).copied();
    let value = |shorts: &[&str], longs: &[&str]| option_values(lits, shorts, longs);
    match name {
        // (A dry run writes no destination: review 126. Its log file
        // still is written, `output_values`.)
        "rsync" if super::loss::rsync_only_lists(lits) => Vec::new(),
        "cp" | "mv" | "install" | "ln" | "rsync" | "scp" | "rclone" => {
            let mut out = value(&["-t"], &["--target-directory"]);
            out.extend(operands().last().filter(|_| operands().count() > 1));
            out
        }
        "tee" | "truncate" | "chmod" | "chown" | "chgrp" | "setfacl" | "chattr" | "mknod"
        | "mkfifo" | "crontab" | "sponge" => operands().collect(),
        "dd" => lits.iter().filter_map(|w| w.strip_prefix("of=")).collect(),
        "curl" => value(&["-o"], &["--output", "--output-dir"]),
        "wget" => value(&["-O", "-P"], &["--output-document", "--directory-prefix"]),
        "unzip" => value(&["-d"], &[]),
        "tar" => tar_destinations(lits),
        "qemu-img" if lits.first() == Some(&"dd") => {
            lits.iter().filter_map(|w| w.strip_prefix("of=")).collect()
        }
        "qemu-img" if matches!(lits.first(), Some(&"convert" | &"create")) => {
            operands().last().into_iter().collect()
        }
        "vma" if lits.first() == Some(&"extract") => operands().last().into_iter().collect(),
        "dpkg" | "dpkg-deb"
            if lits
                .iter()
                .any(|w| matches!(*w, "-x" | "-X" | "--extract" | "--vextract")) =>
        {
            operands().last().into_iter().collect()
        }
        "rados" if lits.contains(&"get") => operands().last().into_iter().collect(),
        // (ebtables `--atomic-save` writes the table to `--atomic-file`;
        // review 106.)
        // (`--atomic-init` too, and `--atomic-file` by any prefix,
        // `--atomic-f`; review 107.)
        "ebtables" | "ebtables-nft" | "ebtables-legacy"
            if lits
                .iter()
                .any(|w| w.starts_with("--atomic-s") || w.starts_with("--atomic-i")) =>
        {
            lits.windows(2)
                .filter(|p| p[0].len() >= 10 && "--atomic-file".starts_with(p[0]))
                .map(|p| p[1])
                .chain(lits.iter().filter_map(|w| {
                    let (option, file) = w.split_once('=')?;
                    (option.len() >= 10 && "--atomic-file".starts_with(option)).then_some(file)
                }))
                .collect()
        }
        "iptables-save"
        | "ip6tables-save"
        | "iptables-legacy-save"
        | "ip6tables-legacy-save"
        | "iptables-nft-save"
        | "ip6tables-nft-save" => value(&["-f"], &["--file"]),
        "lvmconfig" => value(&[], &["--file"]),
        "ss" => value(&["-D"], &["--diag"]),
        "xxd" if lits.iter().any(|w| *w == "-r" || *w == "-revert") => {
            operands().skip(1).take(1).collect()
        }
        "openssl" | "ssh-keygen" | "gpg" => value(&["-out", "-o"], &["--output"]),
        "sort" | "gzip" | "gunzip" | "zstd" | "xz" | "bzip2" | "base64" | "objcopy" | "strip"
        | "split" => {
            let mut out = value(&["-o"], &["--output"]);
            if matches!(name, "objcopy" | "strip" | "split") {
                out.extend(operands().last());
            }
            out
        }
        "sed" | "perl" if lits.iter().any(|w| in_place(w)) => operands().skip(1).collect(),
        "patch" => operands().take(1).collect(),
        "git" => lits
            .windows(2)
            .filter(|p| matches!(p[0], "clone" | "init"))
            .map(|p| p[1])
            .collect(),
        _ => Vec::new(),
    }
}

/// Where `tar` writes: its `-C` folder, and with `c`, `r`, `u` or `A` its
/// archive (`-cf FILE`, `-cf/dev/sdb`, `cf FILE`, `--file=FILE`).
/// Whether a `tar` line is in one of `modes`: a mode letter before `f`
/// in a cluster (or the old-style first word), or one of `longs`.
fn tar_mode(lits: &[&str], modes: &[char], longs: &[&str]) -> bool {
    let first = lits.first().copied();
    lits.iter().any(|w| {
        let cluster = (w.starts_with('-') && !w.starts_with("--")) || Some(*w) == first;
        let head = w.trim_start_matches('-').split('f').next().unwrap_or("");
        (cluster && head.contains(modes)) || longs.contains(w)
    })
}

/// The folder `tar` extracts into, when it extracts: its `-C`, or the
/// working folder.
fn tar_extracts_into<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    if !tar_mode(lits, &['x'], &["--extract", "--get"]) {
        return Vec::new();
    }
    let into = option_values(lits, &["-C"], &["--directory"]);
    if into.is_empty() { vec!["."] } else { into }
}

fn tar_destinations<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    let first = lits.first().copied();
    let cluster = |w: &str| (w.starts_with('-') && !w.starts_with("--")) || Some(w) == first;
    let creates = tar_mode(
        lits,
        &['c', 'r', 'u', 'A'],
        &["--create", "--append", "--update"],
    );
    let mut out = tar_extracts_into(lits);
    if out.is_empty() {
        out = option_values(lits, &["-C"], &["--directory"]);
    }
    if creates {
        out.extend(option_values(lits, &[], &["--file"]));
        for (i, w) in lits.iter().enumerate().filter(|(_, w)| cluster(w)) {
            let letters = w.trim_start_matches('-');
            if let Some(at) = letters.find('f') {
                match &letters[at + 1..] {
                    "" => out.extend(lits.get(i + 1)),
                    stuck => out.push(stuck),
                }
            }
        }
    }
    out
}

/// `sed -i`, `sed -i.bak`, `--in-place`, `perl -pi -e`.
fn in_place(word: &str) -> bool {
    super::abbreviates(word, "in-place")
        || (word.starts_with('-')
            && !word.starts_with("--")
            && word[1..].starts_with(|c: char| c.is_ascii_alphabetic())
            && word.contains('i'))
}

/// Values of options (`-o FILE`, `-oFILE`, `--output FILE`,
/// `--output=FILE`; `-out FILE` for openssl's one-dash names).
fn option_values<'a>(lits: &[&'a str], shorts: &[&str], longs: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, w) in lits.iter().enumerate() {
        let next = lits.get(i + 1).copied();
        for option in shorts.iter().chain(longs) {
            if w == option {
                out.extend(next);
            } else if let Some(v) = w.strip_prefix(option) {
                if option.starts_with("--") || option.len() > 2 {
                    if let Some(v) = v.strip_prefix('=') {
                        out.push(v);
                    }
                } else if !v.is_empty() && !w.starts_with("--") {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// `chmod +x`, `chmod 755`, `chmod u+x`…
fn makes_executable(words: &[&str]) -> bool {
    words.iter().any(|w| {
        let mode = w.trim_start_matches('-');
        let symbolic = (mode.contains('+') || mode.contains('=')) && mode.contains('x');
        let digits: Vec<u32> = mode.chars().filter_map(|c| c.to_digit(8)).collect();
        let octal = mode.len() >= 3
            && digits.len() == mode.len()
            && digits.iter().rev().take(3).any(|d| d & 1 == 1);
        symbolic || octal
    })
}

/// Long options that name where a program writes its output or log.
#[rustfmt::skip]
const OUTPUT_OPTIONS: &[&str] = &[
    "output", "output-file", "output-document", "outfile", "out", "keyout", "log-file",
    "logfile", "log", "tee", "rdb", "dump-bin", "cursor-file", "save", "write", "dump",
    "result-file", "pidfile", "pid-file", "index-file", "volno-file", "listed-incremental",
    "sess_out", "keylogfile", "write-batch", "only-write-batch",
    // gpg's photo IDs' raw bytes, written for every key listed (review 124).
    "attribute-file",
];

/// The values a command's output and log options give it: `-o FILE`,
/// `-oFILE`, `-uoFILE` (a cluster ending in `o`), `-O FILE`, `--output
/// FILE`, `--log-file=FILE`, `-out FILE`.
fn output_values<'a>(program: &str, lits: &[&'a str]) -> Vec<&'a str> {
    // Short letters some programs give their output or log file besides
    // `-o`/`-O`: psql's `-L` (`--log-file`), pg_dump's `-f`, mysqldump's
    // `-r` (`--result-file`), ssh's `-E` (thirty-second review: `psql -L
    // /etc/passwd`).
    let letters: &[char] = match program {
        "psql" => &['o', 'O', 'L'],
        "pg_dump" | "pg_dumpall" | "pg_restore" => &['o', 'O', 'f'],
        "mysqldump" | "mariadb-dump" => &['o', 'O', 'r'],
        "ssh" => &['o', 'O', 'E'],
        // (tar's `-g FILE`, `--listed-incremental`'s short form; review
        // 124.)
        "tar" => &['o', 'O', 'g'],
        // (Packet captures' `-w FILE`; blind corpus 217.)
        "tcpdump" | "tshark" | "dumpcap" | "mergecap" | "tcpslice" => &['w'],
        _ => &['o', 'O'],
    };
    // A long option as getopt_long takes it: its name or a prefix of it
    // long enough to say nothing else (`--log-f=FILE`).
    let output_option = |name: &str| {
        OUTPUT_OPTIONS.contains(&name)
            || (name.len() >= 4 && OUTPUT_OPTIONS.iter().any(|o| o.starts_with(name)))
    };
    let mut out = Vec::new();
    for (i, word) in lits.iter().enumerate() {
        let next = lits.get(i + 1).copied().filter(|n| !n.starts_with('-'));
        // nmap's reports (`-oN`, `-oX`, `-oG`, `-oS`, `-oA BASE`, and the
        // old `-oM`, `-oH`).
        if program == "nmap"
            && matches!(*word, "-oN" | "-oX" | "-oG" | "-oS" | "-oA" | "-oM" | "-oH")
        {
            out.extend(next);
            continue;
        }
        if let Some(long) = word.strip_prefix("--") {
            match long.split_once('=') {
                Some((name, value)) if output_option(name) => out.push(value),
                None if output_option(long) => out.extend(next),
                _ => {}
            }
        } else if let Some(cluster) = word.strip_prefix('-') {
            if OUTPUT_OPTIONS.contains(&cluster) {
                // openssl's one-dash names (`-out`, `-keyout`).
                out.extend(next);
            } else if let Some(at) = cluster.find(letters) {
                let value = &cluster[at + 1..];
                // (`-o=FILE` is FILE to argparse and clap; review 138.)
                let value = value
                    .strip_prefix('=')
                    .filter(|v| v.starts_with(['/', '~']))
                    .unwrap_or(value);
                if value.is_empty() {
                    out.extend(next);
                } else if value.starts_with(['/', '~']) {
                    out.push(value);
                }
            }
        }
    }
    out
}

/// A change pointed, through its output or log options, at a file the
/// host needs, a file that runs as code or a disk (`psql -o /etc/passwd`,
/// `shuf -o ~/.bashrc`, `ssh -E /etc/passwd`, `less -O/etc/shadow`):
/// destructive. What it names as an operand is its own rules' business.
pub(crate) fn pointed_at(name: &str, args: &[Arg], folders: &Folders) -> Option<Verdict> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let hit = output_values(name, &lits).into_iter().find(|v| {
        v.starts_with(['/', '~'])
            && (block_device(v)
                || runs_code(v, folders)
                || folders
                    .resolve(v)
                    .iter()
                    .any(|p| super::loss::critical_file(p)))
    })?;
    Some(Verdict::destructive(format!(
        "`{name}` writes its output or log to {hit}, which the host needs or runs as code"
    )))
}

/// Whether the glob `pattern` (a path) may name `place` or a path under
/// it: each of `place`'s parts matched by the pattern's part at the same
/// depth, the pattern as deep or deeper (or ending in a part that may
/// hold more: `*`).
fn glob_may_reach(pattern: &str, place: &str) -> bool {
    let parts: Vec<&str> = pattern.split('/').filter(|p| !p.is_empty()).collect();
    let fixed: Vec<&str> = place.split('/').filter(|p| !p.is_empty()).collect();
    parts.len() >= fixed.len()
        && fixed.iter().zip(&parts).all(|(f, p)| {
            if p.contains(['*', '?', '[']) {
                crate::secret_paths::Pattern::new(p).matches(f)
            } else {
                p == f
            }
        })
}
