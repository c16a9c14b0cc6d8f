//! Where loop values and input words come from, when a command line
//! proves what they are: the VMID column of `pct list` / `qm list` (each
//! line a number, or the header word `VMID`), or a short list of plain
//! words. A loop over such values is judged once per value (or once with
//! a VMID stand-in), so `for id in $(pct list | awk 'NR>1{print $1}'); do
//! pct config $id; done` reads as the read-only command it is, and `for p
//! in /bin/ls /bin/rm; do $p …; done` is judged with `rm` too.

/// The programs whose output these proofs read from their words: a
/// shell function of one of these names would print something else.
pub(crate) const PROGRAMS: &[&str] = &[
    "pct", "qm", "awk", "gawk", "mawk", "tail", "head", "sed", "cut", "grep", "sort", "uniq", "wc",
    "pidof", "pgrep", "lsblk", "hostname", "nproc", "docker", "podman", "crictl", "whoami", "seq",
    "id", "date", "zfs", "zpool", "lxc-info", "tr", "xargs", "cat", "echo", "printf", "stat",
    "ceph",
];

/// A VMID standing for every value of a VMID list.
pub(crate) const VMID: &str = "100";

/// Most values a loop is judged with one by one.
pub(crate) const MAX_VALUES: usize = 8;

/// Whether the script `text` prints only the VMID column of the guest
/// list: `pct list` or `qm list`, then filters that keep the first column
/// or drop the header (`awk '{print $1}'`, `tail -n +2`, `sed 1d`, `cut
/// -d' ' -f1`, `grep -v`, `sort`).
/// Whether a command substitution's output, split into words, can only
/// be plain fields (digits, commas, host names: never an option, a path
/// or text the command chose): process ids from `pidof`/`pgrep`
/// (`$(pidof pveproxy | cut -d' ' -f1)`, `$(pgrep -d, nginx)`), VMIDs
/// ([`vmid_list`]), this host's name (`$(hostname)`), a count (`$(nproc)`).
pub(crate) fn plain_fields(text: &str) -> bool {
    fields(text, false)
}

/// [`plain_fields`], or containers' names (`docker ps --format
/// '{{.Names}}'`): words that are never an option, for a loop that takes
/// them one at a time. Not where they stand unquoted in a command,
/// several words in a row: a second name would be the program `docker
/// exec NAME` runs, or options of `docker top`'s ps (review 114), where
/// ids are no program and no option.
pub(crate) fn loop_fields(text: &str) -> bool {
    fields(text, true)
}

/// [`loop_fields`], or lines that each start with a letter, whatever
/// they hold after it: ZFS names, one a line (`zpool list -H -o name`,
/// `zfs list -H -o name -t snapshot -r rpool/data`; a pool's name starts
/// with a letter, a dataset's with its pool's, zfs_namecheck.c), through
/// filters that only pick or reorder lines. Read a whole line at a time
/// (`… | while read -r p`) or quoted whole, such a word is no option;
/// split at blanks it may be one (a dataset's name may hold a blank).
pub(crate) fn line_fields(text: &str) -> bool {
    loop_fields(text) || zfs_name_lines(text)
}

/// Whether a command prints one absolute path or nothing: `readlink -f
/// /usr/bin/python3`, `realpath /etc/x`, `command -v qm`, `which qm`
/// (never a word that starts with `-`; blind corpus 167).
pub(crate) fn prints_absolute_path(text: &str) -> bool {
    // (`readlink -f $(command -v qm)`: a path made absolute, whatever
    // the inner command found; blind corpus 163.)
    if let Some(outer) = text
        .strip_suffix(')')
        .and_then(|t| t.rsplit_once(" $("))
        .filter(|(_, inner)| prints_absolute_path(inner))
        .map(|(outer, _)| outer)
    {
        return matches!(
            outer,
            "readlink -f"
                | "readlink -e"
                | "readlink -m"
                | "realpath"
                | "realpath -e"
                | "realpath -m"
        );
    }
    if text.contains(['`', '$', '(', ';', '&', '|', '>', '<', '\n']) {
        return false;
    }
    let Some(words) = split_words(text.trim()) else {
        return false;
    };
    let Some((program, rest)) = words.split_first() else {
        return false;
    };
    let (flags, operands): (Vec<&String>, Vec<&String>) =
        rest.iter().partition(|w| w.starts_with('-'));
    let plain_name = |w: &String| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'+' | b'-'))
            && !w.starts_with('-')
    };
    match program.as_str() {
        "readlink" | "realpath" => {
            operands.len() == 1
                && operands[0].starts_with('/')
                && flags.iter().all(|f| {
                    matches!(
                        f.as_str(),
                        "-f" | "-e" | "-m" | "-n" | "-q" | "-s" | "-L" | "-P"
                    )
                })
                && (program == "realpath" || !flags.is_empty())
        }
        "command" | "type" => {
            matches!(flags.as_slice(), [f] if matches!(f.as_str(), "-v" | "-P"))
                && operands.len() == 1
                && plain_name(operands[0])
        }
        "which" => flags.is_empty() && operands.len() == 1 && plain_name(operands[0]),
        // A volume's mount point (`docker volume inspect -f
        // '{{.Mountpoint}}' NAME`): `/var/lib/docker/volumes/NAME/_data`.
        "docker" | "podman" => matches!(
            rest.iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
            ["volume", "inspect", "-f" | "--format", "{{.Mountpoint}}", name]
                if plain_name(&name.to_string())
        ),
        _ => false,
    }
}

/// A value standing for every field a command prints, when each is of
/// one kind whose members no rule tells apart: a process id (`pgrep`,
/// `pidof`), a block device's kernel name (`lsblk -dno NAME`), a
/// container's or image's id (`docker ps -q`): a loop over them is judged
/// once with it, every use of its name included (`/proc/$p/status`,
/// `/dev/$d`), as with VMIDs (review 114). Not names a person chose
/// (volumes, accounts, hosts).
pub(crate) fn stand_in(text: &str) -> Option<&'static str> {
    if vmid_list(text) {
        return Some(VMID);
    }
    if !plain_fields(text) {
        return None;
    }
    let stages = plain_pipeline(text)?;
    let first = stages.first()?;
    match first.first().map(String::as_str)? {
        "pgrep" | "pidof" => Some("100"),
        // (`-p` prints the full path: `/dev/sda`; review 115.)
        "lsblk"
            if first.iter().any(|w| {
                w == "--paths" || (w.starts_with('-') && !w.starts_with("--") && w.contains('p'))
            }) =>
        {
            Some("/dev/sda")
        }
        "lsblk" => Some("sda"),
        "docker" | "podman"
            if matches!(
                first.get(1).map(String::as_str),
                Some("ps" | "images" | "container" | "image")
            ) && !first
                .iter()
                .any(|w| w == "compose" || w == "volume" || w == "network") =>
        {
            Some("0123456789ab")
        }
        _ => None,
    }
}

fn fields(text: &str, names: bool) -> bool {
    if vmid_list(text) || storage_list(text) {
        return true;
    }
    let Some(stages) = plain_pipeline(text) else {
        return false;
    };
    // (A pipeline that ends in a count prints one number, whatever
    // came before: `$(find /var/lib/vz/dump -mtime -1 | wc -l)`; blind
    // corpus 163.)
    if stages.len() > 1 && stages.last().is_some_and(|last| counts(last)) {
        return true;
    }
    let Some((first, rest)) = stages.split_first() else {
        return false;
    };
    let source = match first.first().map(String::as_str) {
        // Names of programs to look for; never `-l`/`-a` (names, lines)
        // nor a delimiter other than a comma or a colon.
        Some("pidof") => joins_plainly(first) && !prints_usage(first),
        Some("pgrep") => {
            joins_plainly(first)
                && !prints_usage(first)
                && !first.iter().any(|a| {
                    a.starts_with('-')
                        && !a.starts_with("--")
                        && !a.starts_with("-d")
                        && (a.contains('l') || a.contains('a'))
                        || a.starts_with("--list")
                })
        }
        // Kernel names of block devices (`lsblk -dno NAME`), that column
        // alone.
        Some("lsblk") => {
            first.iter().any(|a| matches!(a.as_str(), "NAME" | "KNAME"))
                && first.iter().skip(1).all(|a| {
                    (a.starts_with('-')
                        && !a.starts_with("--")
                        && !a.contains(['o', 'O', 'J', 'P']))
                        || matches!(
                            a.as_str(),
                            "-o" | "-no" | "-dno" | "-dn" | "--output" | "NAME" | "KNAME"
                        )
                })
        }
        Some("hostname") => {
            first.len() == 1 || matches!(first[1].as_str(), "-s" | "-f" | "--short" | "--fqdn")
        }
        // (Not ZFS names: a dataset's name may hold blanks, and a
        // component after the first may start with `-`, zfs_namecheck.c.)
        Some("nproc") => first.len() == 1 || (first.len() == 2 && first[1] == "--all"),
        // Container, image and volume ids, or volume names (docker's
        // `^[a-zA-Z0-9][a-zA-Z0-9_.-]+$`), with `-q` and nothing that
        // picks another output (`--format`, `--no-trunc` keeps ids).
        Some("docker" | "podman") => container_ids(first, names),
        Some("crictl") => crictl_ids(first),
        Some("whoami") => first.len() == 1,
        // The OSDs' ids, one number a line (`ceph osd ls`; review 140).
        Some("ceph") => {
            matches!(
                first
                    .iter()
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .as_slice(),
                [_, "osd", "ls"]
            )
        }
        // The running kernel's release, the machine's type (`6.8.12-4-pve`,
        // `x86_64`): the kernel's build set them, one word with no `/`
        // (`grep CONFIG_HZ /boot/config-$(uname -r)`; blind corpus 188).
        Some("uname") => {
            matches!(first.as_slice(), [_, flag]
                if matches!(flag.as_str(), "-r" | "-m" | "--kernel-release" | "--machine"))
        }
        // A container's init process id (`lxc-info -n 101 -pH`): `-p`
        // with `-H` prints the number alone (blind corpus 130).
        Some("lxc-info") => {
            let words: Vec<&str> = first.iter().skip(1).map(String::as_str).collect();
            let plain_name =
                |n: &str| !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric());
            matches!(
                words.as_slice(),
                ["-n", name, "-pH" | "-Hp"] | ["-pH" | "-Hp", "-n", name]
                    | ["-n", name, "-p", "-H"] | ["-n", name, "-H", "-p"]
                    if plain_name(name)
            )
        }
        // Numbers (`seq 1 20`, `seq -w 5`): not with a format or a
        // separator of the command's choosing (`-f`, `-s`).
        Some("seq") => {
            first.len() > 1
                && first.iter().skip(1).all(|a| {
                    a == "-w" || a == "--equal-width" || a.parse::<f64>().is_ok_and(f64::is_finite)
                })
        }
        Some("id") => first.len() == 2 && matches!(first[1].as_str(), "-u" | "-g" | "-un" | "-gn"),
        Some("date") => date_field(first),
        Some("stat") => stat_numbers(first),
        // A guest's process id, from the file qemu-server writes
        // (`$(cat /var/run/qemu-server/101.pid)`; blind corpus 179): only
        // root writes there.
        Some("cat") => {
            matches!(first.as_slice(), [_, file] if guest_pid_file(file) || numeric_kernel_file(file))
        }
        // Account and group names (`cut -d: -f1 /etc/passwd`): useradd
        // and groupadd take `[a-z_][a-z0-9_-]*[$]?`, never a `/` nor a blank.
        Some("cut") => {
            let words: Vec<&str> = first.iter().skip(1).map(String::as_str).collect();
            matches!(
                words.as_slice(),
                ["-d:", "-f1", file] | ["-f1", "-d:", file] | ["-d", ":", "-f", "1", file]
                    | ["-d", ":", "-f1", file] | ["-d:", "-f", "1", file]
                    | ["--delimiter=:", "--fields=1", file]
                    if matches!(*file, "/etc/passwd" | "/etc/group")
            )
        }
        _ => false,
    };
    source && rest.iter().all(|stage| keeps_fields(stage))
}

/// A stage that prints one count of its input: `wc` with one of its
/// counts (`-l`, `-c`, `-w`, `-m`, `-L`), or `grep -c PATTERN`, reading
/// its input (no file named).
fn counts(stage: &[String]) -> bool {
    let words: Vec<&str> = stage.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["wc", flag] => matches!(
            *flag,
            "-l" | "-c" | "-w" | "-m" | "-L" | "--lines" | "--bytes" | "--words" | "--chars"
        ),
        ["grep" | "egrep" | "fgrep", flags @ .., pattern] if !flags.is_empty() => {
            !pattern.starts_with('-')
                && flags.iter().any(|f| f.contains('c'))
                && flags.iter().all(|f| {
                    f.strip_prefix('-')
                        .is_some_and(|l| !l.is_empty() && l.chars().all(|c| "cviEFwx".contains(c)))
                })
        }
        _ => false,
    }
}

/// `stat -c FORMAT FILE…` whose format prints numbers alone: sizes,
/// times in seconds, inode and link counts, ids, octal modes
/// (`stat -c %Y FILE`; blind corpus 172), one line per file.
fn stat_numbers(stage: &[String]) -> bool {
    let words: Vec<&str> = stage.iter().skip(1).map(String::as_str).collect();
    let (format, files) = match words.as_slice() {
        ["-c" | "--format", format, files @ ..] => (*format, files),
        [option, files @ ..] if option.starts_with("--format=") => (&option[9..], files),
        _ => return false,
    };
    let mut directives = format.split('%');
    let plain_start = directives.next().is_some_and(str::is_empty);
    plain_start
        && format.len() > 1
        && directives.all(|d| {
            let mut chars = d.chars();
            chars.next().is_some_and(|c| "sYXZWihugbBdoa".contains(c)) && chars.all(|c| c == ' ')
        })
        && !files.is_empty()
        && files.iter().all(|f| !f.starts_with('-'))
}

/// `text` with each `$(…)` that prints only digits (and `-`, `:`, `.`,
/// no letter: a count, `date +%s`, `stat -c %Y`, `nproc`, a process id)
/// written `0`; `None` when one prints anything else or does not close.
pub(crate) fn numeric_substitutions_as_zero(text: &str) -> Option<String> {
    numeric_substitutions_as(text, "0")
}

/// A word only known at run time whose substitutions each print a number
/// ([`numeric_substitutions_as_zero`]), as a word of its own: its text
/// with a number in each, quotes out; when it starts with no `-` whether
/// each prints a number or nothing (a command that fails prints none:
/// `"$(pgrep x)""--vacuum-size=1K"`), and holds no other expansion.
pub(crate) fn number_word(raw: &str) -> Option<String> {
    // (`\$` in double quotes is a `$`, no expansion: `"NR==$(wc -l <
    // f){print \$1}"`; review 121.)
    let unquoted = |t: String| t.replace(['"', '\''], "").replace("\\$", "\u{1}");
    // (Each one number on one line: a newline inside a quoted word ends a
    // sed comment, `"p;#$(seq 2)e id"`; review 122.)
    if !substitutions_print_one_number(raw) {
        return None;
    }
    let zero = unquoted(numeric_substitutions_as(raw, "0")?);
    let empty = unquoted(numeric_substitutions_as(raw, "")?);
    // (Nor a place: a number inside an address or a URL picks where it
    // goes, `"1$(seq 85 85).199.108.153"`; review 121.)
    (!zero.starts_with('-')
        && !empty.starts_with('-')
        && !zero.contains(['$', '`', '.', ':', '/', '@', '\\']))
    .then(|| zero.replace('\u{1}', "$"))
}

/// Whether each `$(…)` of `text` prints one number at most, on one line:
/// a count, `nproc`, `date`, `id -u`, one file's `stat`, one kernel
/// counter or pid file; not a list (`seq`, `pgrep`, `pidof`, the guest
/// list, a memory field's several matches).
fn substitutions_print_one_number(text: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find("$(") {
        let inner = &rest[at + 2..];
        let Some(close) = inner.find(')') else {
            return false;
        };
        let command = &inner[..close];
        let first = command.split_whitespace().next().unwrap_or("");
        let stat_files = command
            .split_whitespace()
            .skip(1)
            .filter(|w| !w.starts_with('-') && !w.contains('%'))
            .count();
        let list = vmid_list(command)
            || memory_field(command)
            || matches!(first, "seq" | "pgrep" | "pidof" | "lxc-info")
            || (first == "stat" && stat_files > 1);
        if list {
            return false;
        }
        rest = &inner[close + 1..];
    }
    true
}

fn numeric_substitutions_as(text: &str, number: &str) -> Option<String> {
    if !text.contains("$(") {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("$(") {
        out.push_str(&rest[..at]);
        let inner = &rest[at + 2..];
        let close = inner.find(')')?;
        let command = &inner[..close];
        if command.contains('(') || !prints_digits(command) {
            return None;
        }
        out.push_str(number);
        rest = &inner[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// Whether a command's plain fields are numbers: [`fields`] whose source
/// prints no letter (counts, `date` of numeric conversions, `stat -c` of
/// numbers, `nproc`, `pgrep`, `pidof`, `seq`, `id -u`, `lxc-info -pH`).
fn prints_digits(text: &str) -> bool {
    if vmid_list(text) {
        return true;
    }
    // (A number field of the kernel's memory counters: `awk
    // '/MemAvailable/{print $2}' /proc/meminfo`, `free -m | awk
    // '/Mem:/{print $3}'`; review 120.)
    if memory_field(text) {
        return true;
    }
    // (A count of a file given as input: `wc -l < /var/log/syslog`;
    // review 119.)
    if let Some((count, file)) = text.split_once('<')
        && let Some(stage) = split_words(count.trim())
        && let Some(file) = split_words(file.trim())
        && file.len() == 1
        && !file[0].is_empty()
        && stage.first().is_some_and(|p| p == "wc")
        && counts(&stage)
    {
        return true;
    }
    if !fields(text, false) {
        return false;
    }
    let Some(stages) = plain_pipeline(text) else {
        return false;
    };
    if stages.len() > 1 && stages.last().is_some_and(|last| counts(last)) {
        return true;
    }
    let Some(first) = stages.first() else {
        return false;
    };
    match first.first().map(String::as_str) {
        // (Its format's conversions are numbers ([`date_field`]); no
        // letter written between them.)
        Some("date") => first
            .iter()
            .skip(1)
            .filter_map(|w| w.strip_prefix('+'))
            .all(|format| {
                let mut chars = format.chars();
                let mut letters = false;
                while let Some(c) = chars.next() {
                    if c == '%' {
                        chars.next();
                    } else {
                        letters |= c.is_ascii_alphabetic() || c == '_';
                    }
                }
                !letters
            }),
        Some("stat" | "nproc" | "pgrep" | "pidof" | "seq" | "lxc-info" | "cat") => true,
        Some("id") => first
            .get(1)
            .is_some_and(|f| matches!(f.as_str(), "-u" | "-g")),
        _ => false,
    }
}

/// `awk '/RE/{print $N}' /proc/meminfo` or `free [-b|-k|-m|-g] | awk
/// '/RE/{print $N}'`, N from 2: a number of the kernel's memory counters
/// (a regular expression matching several lines prints several).
fn memory_field(text: &str) -> bool {
    let Some(stages) = stages(text) else {
        return false;
    };
    let field = |stage: &[String]| match stage {
        [awk, program, rest @ ..] if matches!(awk.as_str(), "awk" | "gawk" | "mawk") => {
            let program = program.replace(' ', "");
            let (re, print) = program.split_once("/{print$")?;
            let n = print.strip_suffix('}')?.parse::<usize>().ok()?;
            (re.starts_with('/')
                && n >= 2
                && re[1..]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '_' | '^')))
            .then(|| rest.to_vec())
        }
        _ => None,
    };
    match stages.as_slice() {
        [one] => field(one).is_some_and(|files| files == ["/proc/meminfo"]),
        [free, awk] => {
            free.first().is_some_and(|p| p == "free")
                && free[1..]
                    .iter()
                    .all(|f| matches!(f.as_str(), "-b" | "-k" | "-m" | "-g" | "--mega" | "--giga"))
                && field(awk).is_some_and(|files| files.is_empty())
        }
        _ => false,
    }
}

/// A kernel attribute that holds one integer the kernel writes: a
/// sensor's reading, an interface's counter, a battery's charge, a disk's
/// size, a cgroup's memory (`$(( $(cat
/// /sys/class/thermal/thermal_zone0/temp) / 1000 ))`; review 119). Not
/// one a person may set to text (`ifalias`), nor one that may read `max`.
fn numeric_kernel_file(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    let name = parts.last().copied().unwrap_or("");
    let plain = parts.iter().skip(1).all(|p| {
        !p.is_empty()
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-:".contains(&b))
    });
    let sensor = name.ends_with("_input")
        && ["temp", "fan", "in", "power", "curr"]
            .iter()
            .any(|k| name.starts_with(k));
    plain
        && match parts.as_slice() {
            ["", "sys", "class", "thermal", zone, "temp"] => zone.starts_with("thermal_zone"),
            ["", "sys", "class", "hwmon", _, _] => sensor,
            ["", "sys", "class", "net", _, "statistics", _] => true,
            ["", "sys", "class", "net", _, attribute] => {
                matches!(*attribute, "mtu" | "carrier" | "tx_queue_len" | "ifindex")
            }
            ["", "sys", "class", "power_supply", _, "capacity"] => true,
            ["", "sys", "block", _, "size"] => true,
            ["", "sys", "fs", "cgroup", ..] => {
                matches!(
                    name,
                    "memory.current" | "memory.peak" | "memory.swap.current" | "pids.current"
                )
            }
            _ => false,
        }
}

/// `/run/qemu-server/VMID.pid` (or under `/var/run`).
fn guest_pid_file(path: &str) -> bool {
    ["/run/qemu-server/", "/var/run/qemu-server/"]
        .iter()
        .filter_map(|folder| path.strip_prefix(folder))
        .filter_map(|name| name.strip_suffix(".pid"))
        .any(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
}

/// Usage and version texts are words of any kind (`nproc --help`).
fn prints_usage(w: &[String]) -> bool {
    w.iter().skip(1).any(|a| {
        a.starts_with("--help")
            || a.starts_with("--version")
            || (a.starts_with('-') && !a.starts_with("--") && a.contains(['h', 'V']))
    })
}

/// A stage after [`fields`]' source that keeps or drops what it printed:
/// never one that adds characters (`paste -d LIST` writes LIST between
/// lines, so with `cut -c99` emptying them its output is any text). Or
/// `grep PATTERN` keeping whole lines: `-v`, `-i`, `-E`, `-F`, `-w`,
/// `-x`, never `-o`, `-n`, `-c`, `-b`, `-H` that print parts or add to
/// them (review 114).
fn keeps_fields(stage: &[String]) -> bool {
    let (options, operands): (Vec<&String>, Vec<&String>) =
        stage.iter().skip(1).partition(|a| a.starts_with('-'));
    let line_filter = stage
        .first()
        .is_some_and(|p| matches!(p.as_str(), "grep" | "egrep" | "fgrep"))
        && operands.len() == 1
        && options.iter().all(|o| {
            o.len() > 1 && !o.starts_with("--") && o[1..].chars().all(|c| "viEFwx".contains(c))
        });
    let options_only = stage
        .iter()
        .skip(1)
        .all(|a| a.starts_with('-') || a.chars().all(|c| c.is_ascii_digit()));
    line_filter
        || (matches!(
            stage.first().map(String::as_str),
            Some("cut" | "head" | "tail" | "sort" | "uniq" | "wc")
        ) && options_only
            && !prints_usage(stage)
            && !stage.iter().any(|a| a.starts_with("--output-delimiter")))
}

/// `date [-u] [-d WHEN] +FORMAT` whose format prints one field that is
/// no option and no path (`+%Y%m%d`, `+%F`, `+log_%H-%M`): numeric
/// conversions (none padded with blanks: `%e`, `%k`, `%_d`) between
/// letters, digits and `_.:-`, not starting with `-`. WHEN holds no
/// `TZ="…"` (a path gnulib opens) nor a `/`.
fn date_field(words: &[String]) -> bool {
    const NUMERIC: &str = "YmdHMSsjuwyFTGVUWCgIN";
    let Some(format) = date_format(words) else {
        return false;
    };
    // Something of a letter or digit: the field is never `.` nor `..`,
    // whatever stands around it in a path (`/var/log/$(date +..)/…`
    // climbs out; fortieth review).
    if !format.chars().any(|c| c.is_ascii_alphanumeric()) {
        return false;
    }
    let mut chars = format.chars().peekable();
    let mut first = true;
    while let Some(c) = chars.next() {
        if c == '%' {
            // (`%-d`, `%0d`: no padding, zeros; never blanks.)
            if chars.peek().is_some_and(|f| matches!(f, '-' | '0')) {
                chars.next();
            }
            if !chars
                .next()
                .is_some_and(|conversion| NUMERIC.contains(conversion))
            {
                return false;
            }
        } else if !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '-'))
            || (first && c == '-')
        {
            return false;
        }
        first = false;
    }
    !format.is_empty()
}

/// `date`'s format (`+FORMAT`, without its `+`), where its other words
/// are only `-u` and a plain `-d WHEN` ([`plain_date`]).
fn date_format(words: &[String]) -> Option<&str> {
    let mut format = None;
    let mut rest = words.iter().skip(1);
    while let Some(w) = rest.next() {
        match w.as_str() {
            "-u" | "--utc" | "--universal" => {}
            "-d" | "--date" => {
                if !rest.next().is_some_and(|when| plain_date(when)) {
                    return None;
                }
            }
            f if f.starts_with('+') && format.is_none() => format = Some(&f[1..]),
            _ => return None,
        }
    }
    format
}

/// Whether `date`'s words print text that never starts with `-`: the
/// options [`date_field`] takes, and a format whose first character is
/// plain text other than `-` or a blank, or a conversion of a number or a
/// name that cannot be negative (not `%s`, `%z`, `%Z`: a time zone may be
/// `-03`), so a quoted word it starts is no option (`grep -c "$(date
/// +%d/%b/%Y):1[0-2]" access.log`; blind corpus 169).
fn date_starts_plainly(words: &[String]) -> bool {
    let Some(format) = date_format(words) else {
        return false;
    };
    let mut chars = format.chars();
    match chars.next() {
        Some('%') => {
            let mut conversion = chars.next();
            if matches!(conversion, Some('-' | '0' | '_' | '^' | '#')) {
                conversion = chars.next();
            }
            // (Not `%p`: empty in many locales, `de_DE`, `fr_FR`; review
            // 117.)
            conversion.is_some_and(|c| "YmdHMSjuwyFTGVUWCgIN".contains(c) || "aAbBhe".contains(c))
        }
        Some(c) => !c.is_whitespace() && c != '-',
        None => false,
    }
}

/// Whether the command `text` prints nothing that starts with `-` as the
/// start of a quoted word: one absolute path, a date, plain fields.
pub(crate) fn starts_no_option(text: &str) -> bool {
    if prints_absolute_path(text) || loop_fields(text) {
        return true;
    }
    let Some(stages) = plain_pipeline(text) else {
        return false;
    };
    matches!(stages.as_slice(), [only] if only.first().is_some_and(|p| p == "date") && date_starts_plainly(only))
}

/// A `date -d` string of relative days and times that keeps the year
/// positive (`yesterday`, `2 days ago`, `-1 week`, `last monday`;
/// numbers of at most three digits, no years): `%s` and `%Y` then never
/// print a `-`.
fn plain_date(when: &str) -> bool {
    const WORDS: &[&str] = &[
        "now",
        "today",
        "yesterday",
        "tomorrow",
        "ago",
        "last",
        "next",
        "this",
        "day",
        "days",
        "week",
        "weeks",
        "hour",
        "hours",
        "minute",
        "minutes",
        "min",
        "mins",
        "second",
        "seconds",
        "sec",
        "secs",
        "fortnight",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    when.split_whitespace().all(|word| {
        // (A calendar date from 2000 on, a time of day: `2024-05-12`,
        // `10:30`; blind corpus 193. No offset reaches back past 1970,
        // where `%s` turns negative.)
        if calendar_date(word) || time_of_day(word) {
            return true;
        }
        let word = word.trim_start_matches(['-', '+']).to_ascii_lowercase();
        let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let unit = &word[digits.len()..];
        (digits.is_empty() || (digits.len() <= 3 && digits.chars().all(|c| c.is_ascii_digit())))
            && (unit.is_empty() || WORDS.contains(&unit))
            && !word.is_empty()
    })
}

/// `YYYY-MM-DD` from the year 2000 on.
fn calendar_date(word: &str) -> bool {
    let parts: Vec<&str> = word.split('-').collect();
    let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
    matches!(parts.as_slice(), [y, m, d]
        if digits(y, 4) && digits(m, 2) && digits(d, 2) && *y >= "2000")
}

/// `HH:MM` or `HH:MM:SS`.
fn time_of_day(word: &str) -> bool {
    let parts: Vec<&str> = word.split(':').collect();
    (2..=3).contains(&parts.len())
        && parts
            .iter()
            .all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `docker ps -q`, `docker container ls -aq`, `docker images -q`, `docker
/// volume ls -q`, `docker network ls -q` (and podman's): ids or volume
/// names, one a line, never starting with `-`.
fn container_ids(words: &[String], names: bool) -> bool {
    let rest: Vec<&str> = words.iter().skip(1).map(String::as_str).collect();
    // (Compose's global `-p NAME` first: `docker compose -p media ps -q`.)
    let rest = match rest.as_slice() {
        ["compose", "-p" | "--project-name", name, tail @ ..] if plain_name(name) => tail,
        ["compose", tail @ ..] => tail,
        _ => &rest[..],
    };
    // (Compose's services by name: `[a-zA-Z0-9._-]+`.)
    if names && words.get(1).is_some_and(|w| w == "compose") && rest == ["ps", "--services"] {
        return true;
    }
    let (listing, options) = match rest {
        ["ps", options @ ..] | ["images", options @ ..] => (true, options),
        [
            "container" | "image" | "volume" | "network",
            "ls" | "list",
            options @ ..,
        ] => (true, options),
        _ => (false, &[][..]),
    };
    // Ids (`-q`), or names alone (`--format '{{.Names}}'`: docker's
    // names, compose's too, are `[a-zA-Z0-9][a-zA-Z0-9_.-]+`), never the
    // table, whose header and columns are any text.
    let mut shape = false;
    let mut options = options.iter();
    while let Some(o) = options.next() {
        match *o {
            "-q" | "--quiet" | "-aq" | "-qa" => shape = true,
            "-a" | "--all" | "--no-trunc" | "-l" | "--latest" => {}
            // (A filter, a count: which lines, not what they hold; an
            // operand of compose's `ps` is a service.)
            "-f" | "--filter" | "-qf" | "-aqf" | "-qaf" | "-n" | "--last" => {
                shape |= o.contains('q');
                if options.next().is_none() {
                    return false;
                }
            }
            "--format" => {
                let Some(format) = options.next() else {
                    return false;
                };
                let inner = format
                    .trim()
                    .strip_prefix("{{")
                    .and_then(|f| f.strip_suffix("}}"));
                let field = inner.map(str::trim);
                // (Not networks' names: docker checks only that one is
                // not empty, blanks and all; review 114.)
                let network = rest.first() == Some(&"network");
                if !(field == Some(".ID")
                    || names && !network && matches!(field, Some(".Names" | ".Name")))
                {
                    return false;
                }
                shape = true;
            }
            o if !o.starts_with('-')
                && plain_name(o)
                && words.get(1).is_some_and(|w| w == "compose") => {}
            _ => return false,
        }
    }
    listing && shape
}

/// A name docker or compose takes for a container, a project or a service.
fn plain_name(name: &str) -> bool {
    name.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// `crictl ps -q`, `crictl pods -q`, `crictl images -q` (with filters:
/// `--name X`, `--state X`, `--label K=V`, `--pod X`, `-a`, `-l`): ids,
/// one a line, hexadecimal (blind corpus 109).
fn crictl_ids(words: &[String]) -> bool {
    let rest: Vec<&str> = words.iter().skip(1).map(String::as_str).collect();
    let Some((verb, options)) = rest.split_first() else {
        return false;
    };
    if !matches!(*verb, "ps" | "pods" | "images") {
        return false;
    }
    let mut quiet = false;
    let mut words = options.iter();
    while let Some(w) = words.next() {
        match *w {
            "-q" | "--quiet" => quiet = true,
            "-a" | "--all" | "-l" | "--latest" | "-aq" | "-qa" => quiet |= w.contains('q'),
            "--name" | "--state" | "--label" | "--pod" | "--namespace" | "--id" => {
                if words.next().is_none() {
                    return false;
                }
            }
            _ => return false,
        }
    }
    quiet
}

/// Whether a pipeline prints ZFS dataset or pool names alone, one a line
/// (`zfs list -H -o name -r tank`): a name never starts with `-` and holds
/// no newline or quote, but may hold blanks (zfs_namecheck.c), so it is
/// one plain argument only where each line is one (`xargs -I{}`) and the
/// program given it does not split it again (`zfs`, `zpool`; not a shell,
/// `ssh`, `watch`).
pub(crate) fn zfs_name_lines(text: &str) -> bool {
    let Some(stages) = plain_pipeline(text) else {
        return false;
    };
    let Some((first, rest)) = stages.split_first() else {
        return false;
    };
    // Whole lines only: never a byte count (`tail -c+6` cuts a name's
    // start off, leaving `-o…`).
    let digits = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    let whole_lines = |stage: &[String]| {
        let words = &stage[1..];
        match stage.first().map(String::as_str) {
            Some("head" | "tail") => words.iter().all(|w| {
                w == "-n"
                    || digits(w)
                    || w.strip_prefix("-n").is_some_and(digits)
                    || w.strip_prefix('-').is_some_and(digits)
                    || w.strip_prefix("--lines=").is_some_and(digits)
            }),
            Some("sort") => words.iter().all(|w| {
                w.strip_prefix('-')
                    .is_some_and(|f| !f.is_empty() && f.chars().all(|c| "ruV".contains(c)))
            }),
            Some("uniq") => words.is_empty(),
            _ => false,
        }
    };
    matches!(first.first().map(String::as_str), Some("zfs" | "zpool"))
        && zfs_names(first)
        && rest.iter().all(|stage| whole_lines(stage))
}

/// Whether `zfs list`/`zpool list` print the name column alone, header
/// off: `-H`, `-o name`, and only options that choose rows or order.
fn zfs_names(words: &[String]) -> bool {
    if words.get(1).map(String::as_str) != Some("list") {
        return false;
    }
    let mut rest = words.iter().skip(2);
    let (mut header_off, mut names) = (false, false);
    while let Some(w) = rest.next() {
        match w.as_str() {
            "-H" => header_off = true,
            "-Hr" | "-rH" => header_off = true,
            "-r" | "-p" => {}
            "-o" => names = rest.next().map(String::as_str) == Some("name"),
            "-d" | "-t" | "-s" | "-S" => {
                rest.next();
            }
            w if !w.starts_with('-') => {}
            _ => return false,
        }
    }
    header_off && names
}

/// Whether `pidof`/`pgrep` join the ids with a comma or a colon, if with
/// anything (`-d,`, `-d ,`, `--delimiter=:`; not `-d ' reboot '`).
fn joins_plainly(words: &[String]) -> bool {
    let mut words = words.iter().skip(1);
    while let Some(w) = words.next() {
        let value = match w.as_str() {
            "-d" | "--delimiter" => words.next().map(String::as_str),
            w if w.starts_with("--delimiter=") => Some(&w["--delimiter=".len()..]),
            w if w.starts_with("--") => return false,
            // In a cluster too (`-fd SEP`, `-xdSEP`).
            w if w.starts_with('-') && w.contains('d') => {
                let rest = &w[w.find('d').map_or(w.len(), |d| d + 1)..];
                if rest.is_empty() {
                    words.next().map(String::as_str)
                } else {
                    Some(rest)
                }
            }
            _ => continue,
        };
        // One comma or colon: any other text would be the command's own
        // words between the numbers.
        if !matches!(value, Some("," | ":")) {
            return false;
        }
    }
    true
}

/// The lines a command prints when they are written in it: `printf
/// '%s\n' pve1 pve2` (each word a line), `printf 'a\nb\n'`, `echo WORD`;
/// `None` for anything else (a substitution, a variable, other formats,
/// `echo` of options or of several words on one line). Each line is one
/// word no blank splits (blind corpus 172: `printf '%s\n' pve1 pve2 pve3
/// | xargs -I{} ssh {} …`).
pub(crate) fn literal_lines(text: &str) -> Option<Vec<String>> {
    if text.contains(['`', '(', ';', '&', '>', '<', '$', '|', '\n']) {
        return None;
    }
    let words = split_words(text.trim())?;
    let (program, args) = words.split_first()?;
    let lines: Vec<String> = match (program.as_str(), args) {
        ("echo", [word]) if !word.starts_with('-') => vec![word.clone()],
        ("printf", [format, values @ ..]) if format == "%s\\n" && !values.is_empty() => {
            values.to_vec()
        }
        // (Around each value a written prefix and suffix: `printf
        // '192.168.1.%s\n' 10 11`; blind corpus 158.)
        ("printf", [format, values @ ..]) if !values.is_empty() => {
            let line = format.strip_suffix("\\n")?;
            let (prefix, suffix) = line.split_once("%s")?;
            if [prefix, suffix].iter().any(|p| p.contains(['%', '\\'])) {
                return None;
            }
            values
                .iter()
                .map(|v| format!("{prefix}{v}{suffix}"))
                .collect()
        }
        ("printf", [format]) if !format.contains(['%', '\\']) || only_newline_escapes(format) => {
            format
                .split("\\n")
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect()
        }
        _ => return None,
    };
    let plain = |l: &String| plain_value(&crate::Arg::literal_of(l.as_str()));
    (!lines.is_empty() && lines.len() <= MAX_VALUES && lines.iter().all(plain)).then_some(lines)
}

/// The words a command writes out, as xargs splits them at blanks:
/// [`literal_lines`]' lines, or `echo` of several plain words (`echo pve1
/// pve2`; review 116); a few at most.
pub(crate) fn literal_words(text: &str) -> Option<Vec<String>> {
    if let Some(lines) = literal_lines(text) {
        return Some(lines);
    }
    if text.contains(['`', '(', ';', '&', '>', '<', '$', '|', '\n', '\\']) {
        return None;
    }
    let words = split_words(text.trim())?;
    let (program, args) = words.split_first()?;
    let plain = |w: &String| plain_value(&crate::Arg::literal_of(w.as_str()));
    (program == "echo"
        && !args.is_empty()
        && args.len() <= MAX_VALUES
        && !args[0].starts_with('-')
        && args.iter().all(plain))
    .then(|| args.to_vec())
}

/// Whether a printf format's only escapes are `\n` and it has no `%`.
fn only_newline_escapes(format: &str) -> bool {
    !format.contains('%') && format.replace("\\n", "").chars().all(|c| c != '\\')
}

/// The stages of a pipeline whose text holds nothing a shell reads as
/// more than words and pipes (no substitution, list, redirection or
/// newline).
fn plain_pipeline(text: &str) -> Option<Vec<Vec<String>>> {
    if text.contains(['`', '(', ';', '&', '>', '<', '$', '\n']) {
        return None;
    }
    stages(text)
}

/// The words of each stage of a pipeline written plainly (`a | b`).
fn stages(text: &str) -> Option<Vec<Vec<String>>> {
    text.split('|')
        .map(|stage| split_words(stage.trim()))
        .collect()
}

/// `pvesm status | awk 'NR>1 && $3=="active" {print $1}'`: the storage
/// column, PVE's storage ids (`[a-z][a-z0-9._-]*`, pve-storage's
/// `pve-storage-id` format: never a `-` first, no `/`), or the header
/// word `Name` (blind corpus 201).
fn storage_list(text: &str) -> bool {
    let Some(stages) = stages(text) else {
        return false;
    };
    let Some((first, rest)) = stages.split_first() else {
        return false;
    };
    let words: Vec<&str> = first.iter().map(String::as_str).collect();
    let options_plain = |options: &[&str]| {
        let mut options = options.iter();
        while let Some(o) = options.next() {
            match *o {
                "--enabled" | "-enabled" => {}
                "--content" | "-content" | "--target" | "-target" => {
                    if !options.next().is_some_and(|v| plain_name(v)) {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        true
    };
    let lists =
        matches!(words.as_slice(), ["pvesm", "status", options @ ..] if options_plain(options));
    lists
        && !rest.is_empty()
        && rest.iter().any(|stage| keeps_first_column(stage))
        && rest.iter().all(|stage| filter(stage))
}

pub(crate) fn vmid_list(text: &str) -> bool {
    guest_list(text, true)
}

/// Whether the script `text` prints lines of the guest list, whole or
/// cut to the first column: `pct list` or `qm list`, then filters that
/// only select lines (`tail -n +2`, `grep running`): each line's first
/// field is a VMID (or the header word `VMID`).
pub(crate) fn guest_lines(text: &str) -> bool {
    guest_list(text, false)
}

fn guest_list(text: &str, first_column_only: bool) -> bool {
    if text.contains(['`', '(', ';', '&', '>', '<']) && !text.contains("print") {
        return false;
    }
    let Some(stages) = stages(text) else {
        return false;
    };
    let Some((first, rest)) = stages.split_first() else {
        return false;
    };
    let program = |w: &[String]| {
        w.first()
            .map(|p| p.rsplit('/').next().unwrap_or(p).to_string())
            .unwrap_or_default()
    };
    let lists = matches!(program(first).as_str(), "pct" | "qm")
        && first.get(1).map(String::as_str) == Some("list")
        && first
            .iter()
            .skip(2)
            .all(|w| w.starts_with("--full") || w == "-full");
    let first_column = !first_column_only || rest.iter().any(|stage| keeps_first_column(stage));
    lists && first_column && rest.iter().all(|stage| filter(stage))
}

/// A stage's words, quotes removed (`awk 'NR>1{print $1}'` is two
/// words); `None` for anything but plain and quoted text.
fn split_words(stage: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = stage.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        d => word.push(d),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '$' | '`' => return None,
                        // (`\$` is a `$`: `awk "NR>1{print \$1}"` inside
                        // `ssh HOST '…'`; review 93.)
                        '\\' => match chars.next()? {
                            d @ ('$' | '`' | '"' | '\\') => word.push(d),
                            '\n' => {}
                            d => {
                                word.push('\\');
                                word.push(d);
                            }
                        },
                        d => word.push(d),
                    }
                }
            }
            '$' | '`' | '\\' | ';' | '&' | '>' | '<' | '(' | ')' => return None,
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// The awk programs that print the first column and nothing else,
/// header line skipped or not (spaces removed).
const FIRST_COLUMN: &[&str] = &[
    "{print$1}",
    "NR>1{print$1}",
    "NR!=1{print$1}",
    "NR>=2{print$1}",
    "!/VMID/{print$1}",
    "$1~/^[0-9]+$/{print$1}",
];

/// An awk stage whose program is one of [`FIRST_COLUMN`], or prints the
/// first column of the lines a plain pattern selects (`$2=="running"
/// {print $1}`, `NR>1 && $3 ~ /^stop/ {print $1}`): whatever it selects,
/// it prints only that column.
fn awk_first_column(stage: &[String]) -> bool {
    if !matches!(
        stage.first().map(String::as_str),
        Some("awk" | "gawk" | "mawk")
    ) || stage.len() != 2
    {
        return false;
    }
    let program = stage[1].replace(' ', "");
    FIRST_COLUMN.contains(&program.as_str())
        || program
            .strip_suffix("{print$1}")
            .is_some_and(plain_awk_pattern)
}

/// `awk 'PATTERN{print $1, $2}'`: the first column first, then other
/// fields (`qm list | awk 'NR>1{print $1, $2}' | while read -r id name`;
/// blind corpus 196). Each line's first field stays a VMID.
fn awk_first_then_fields(stage: &[String]) -> bool {
    let [_, program] = stage else {
        return false;
    };
    let program = program.replace(' ', "");
    let Some((pattern, fields)) = program
        .strip_suffix('}')
        .and_then(|p| p.split_once("{print$1,"))
    else {
        return false;
    };
    (pattern.is_empty() || plain_awk_pattern(pattern))
        && fields.split(',').all(|f| {
            f.strip_prefix('$')
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// An awk pattern that only compares fields, line numbers and literals:
/// no call (`(`), statement, pipe (`"cmd" | getline`), or name but the
/// line counters.
fn plain_awk_pattern(pattern: &str) -> bool {
    let no_single_pipe = pattern.replace("||", "").find('|').is_none();
    // An assignment (`$1="x&id"`) is an expression too, and changes what
    // `print $1` prints: only comparisons (`==`, `!=`, `<=`, `>=`).
    let compares_only = pattern
        .replace("==", "")
        .replace("!=", "")
        .replace("<=", "")
        .replace(">=", "")
        .find('=')
        .is_none();
    let names_ok = pattern
        .split(|c: char| !c.is_ascii_alphabetic())
        .all(|w| w.is_empty() || matches!(w, "NR" | "NF" | "FNR"))
        || quoted_words_only(pattern);
    !pattern.is_empty()
        && no_single_pipe
        && compares_only
        && names_ok
        && !pattern.contains(['(', ')', ';', '{', '}', '`', '@'])
        // `$1--` changes the field it prints (`-1` for the header).
        && !pattern.contains("--")
        && !pattern.contains("++")
}

/// Whether every letter of `pattern` outside the line counters sits in a
/// string or a regex (`$2=="running"`, `$1 ~ /^[0-9]+$/`).
fn quoted_words_only(pattern: &str) -> bool {
    let mut outside = String::new();
    let mut quote: Option<char> = None;
    for c in pattern.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '/' => quote = Some(c),
            None => outside.push(c),
        }
    }
    quote.is_none()
        && outside
            .split(|c: char| !c.is_ascii_alphabetic())
            .all(|w| w.is_empty() || matches!(w, "NR" | "NF" | "FNR"))
}

/// A stage that keeps only the first column.
fn keeps_first_column(stage: &[String]) -> bool {
    match stage.first().map(String::as_str) {
        Some("awk" | "gawk" | "mawk") => awk_first_column(stage),
        Some("cut") => filter(stage),
        _ => false,
    }
}

/// A stage that only selects lines or the first column.
fn filter(stage: &[String]) -> bool {
    match stage.first().map(String::as_str) {
        Some("awk" | "gawk" | "mawk") => awk_first_column(stage) || awk_first_then_fields(stage),
        // Each filter exactly as written here, reading only its input:
        // any other word could be a file in the working folder.
        Some("tail") => matches!(
            stage[1..]
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .as_slice(),
            ["-n", "+2"] | ["-n+2"] | ["+2"]
        ),
        Some("sed") => matches!(
            stage[1..]
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .as_slice(),
            ["1d"] | ["-n", "2,$p"]
        ),
        Some("cut") => matches!(
            stage[1..]
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .as_slice(),
            // (Without `-d`, cut splits at tabs, and the guest list has
            // none: every line passes whole.)
            ["-d", " ", "-f1"] | ["-d ", "-f1"] | ["-f1", "-d", " "] | ["-f1", "-d "]
        ),
        Some("grep") => matches!(
            stage[1..].iter().map(String::as_str).collect::<Vec<_>>().as_slice(),
            ["-v", p] | [p] if !p.starts_with('-') && !p.contains('/')
        ),
        Some("sort" | "uniq") => stage[1..].iter().all(|w| matches!(w.as_str(), "-n" | "-u")),
        _ => false,
    }
}

/// A folder anyone, or a service's own account, may create files in (or
/// under), so the names of the files there are someone else's choice (`x
/// -o /etc/passwd`, `-delete`): the world-writable ones (`/tmp`,
/// `/run/lock`, …), users' and data folders, and what services own under
/// `/var/log`, `/var/lib`, `/var/cache`, `/run` (`/var/log/postgresql` is
/// the `postgres` group's, `/var/log/pveproxy` `www-data`'s). A folder
/// holding one of those is shared too: `find` walks into it, and a glob
/// in it (`/var/*`) is judged by its folder. A path spelled with `.` or
/// `..` parts, or doubled slashes, is taken as shared.
pub(crate) fn shared_tree(path: &str) -> bool {
    shared(path, true)
}

/// [`shared_tree`] for the files of one folder (a glob's, `/dev/sd?`): a
/// shared folder inside it does not count, unless the glob walks (`**`).
pub(crate) fn shared_folder(path: &str) -> bool {
    shared(path, path.contains("**"))
}

fn shared(path: &str, walks: bool) -> bool {
    const SHARED: &[&str] = &[
        "/tmp",
        "/var/tmp",
        "/dev/shm",
        "/run/shm",
        "/run/lock",
        "/var/lock",
        "/home",
        "/run/user",
        "/srv",
        "/mnt",
        "/media",
        "/opt",
        "/var/www",
        "/var/spool",
        "/var/mail",
        // (`/var/run` is `/run`: for patterns that spell it, `/var/ru?`.)
        "/var/run/lock",
        "/var/run/shm",
        "/var/run/user",
    ];
    // Folders whose subfolders belong to services, but for these root's.
    const SERVICES: &[&str] = &["/var/log", "/var/lib", "/var/cache", "/run", "/var/run"];
    const ROOTS_OWN: &[&str] = &[
        "/var/log/pve",
        "/var/log/apt",
        "/var/log/journal",
        "/var/lib/vz",
        "/var/lib/pve-cluster",
        "/var/lib/pve-manager",
        "/var/lib/dpkg",
        "/var/lib/apt",
        "/var/cache/apt",
    ];
    if path == "." || !path.starts_with('/') || path.contains("/.") || path.contains("//") {
        return true;
    }
    // `/var/run` is `/run` (a link on Debian: `/var/run/lock/…`).
    if let Some(rest) = path.strip_prefix("/var/run")
        && (rest.is_empty() || rest.starts_with('/'))
    {
        return shared(&format!("/run{rest}"), walks);
    }
    // A guest's root file system seen from the host (`/rpool/data/
    // subvol-101-disk-0/…`): its users name every file there.
    if crate::secret_paths::inside_guest(path).is_some_and(|inner| inner != path) {
        return true;
    }
    let under = |p: &str, root: &str| {
        p.strip_prefix(root)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    };
    // A glob's folder: where its files are, up to its last `/`; a folder
    // that is a pattern itself is matched against each shared one.
    let folder = match path.find(['*', '?', '[']) {
        Some(_) => path.rsplit_once('/').map_or("/", |(dir, _)| dir),
        None => path,
    };
    if folder.contains(['*', '?', '[']) {
        return pattern_reaches_shared(folder, walks, SHARED, SERVICES);
    }
    let folder = match folder.trim_end_matches('/') {
        "" => "/",
        f => f,
    };
    let contains = |root: &str| walks && (folder == "/" || under(root, folder));
    SHARED
        .iter()
        .any(|root| under(folder, root) || contains(root))
        || SERVICES.iter().any(|parent| {
            contains(parent)
                || (folder.starts_with(&format!("{parent}/"))
                    && !ROOTS_OWN.iter().any(|own| under(folder, own)))
        })
}

/// Whether a folder written as a pattern (`/*/lock`, `/var/log/p*`) may
/// be, or be under, a shared folder or a service's folder, component by
/// component; walking, an ancestor of one counts too. `**` may be
/// anywhere.
fn pattern_reaches_shared(pattern: &str, walks: bool, shared: &[&str], services: &[&str]) -> bool {
    let parts: Vec<&str> = pattern.split('/').filter(|p| !p.is_empty()).collect();
    if parts.iter().any(|p| p.contains("**")) {
        return true;
    }
    let matches_first = |root: &str, n: usize| {
        let root_parts: Vec<&str> = root.split('/').filter(|p| !p.is_empty()).collect();
        n <= parts.len()
            && n <= root_parts.len()
            && parts[..n]
                .iter()
                .zip(&root_parts[..n])
                .all(|(p, r)| crate::secret_paths::glob_matches(p, r))
    };
    let depth = |root: &str| root.split('/').filter(|p| !p.is_empty()).count();
    shared
        .iter()
        .any(|root| matches_first(root, depth(root)) || (walks && matches_first(root, parts.len())))
        || services.iter().any(|parent| {
            (parts.len() > depth(parent) && matches_first(parent, depth(parent)))
                || (walks && matches_first(parent, parts.len()))
        })
}

/// A loop value that cannot be an option or name a secret: a number, a
/// plain word, or a path that names no secret.
pub(crate) fn plain_value(arg: &crate::Arg) -> bool {
    arg.literal().is_some_and(|text| {
        let glob = arg.is_glob();
        !text.is_empty()
            && !text.starts_with('-')
            && (!glob || text.starts_with('/'))
            && text.chars().all(|c| value_char(c, glob))
            && !crate::secret_paths::names_secret(text, glob)
    })
}

/// A character a loop's plain value may hold: a name's, a path's, and a
/// glob's wildcards when it is one.
fn value_char(c: char, glob: bool) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '.' | '_' | '-' | '/' | ':' | '@' | '+')
        || (glob && matches!(c, '*' | '?' | '[' | ']'))
}

/// A loop's value that is a path from the root, a glob or not, even one
/// that names a secret: each turn of the loop is judged with it in its
/// place, so a read of a secret is judged as one (`for c in
/// /etc/pve/nodes/*/pve-ssl.pem`, `for f in /etc/*.conf`; blind corpora
/// 168 and 178).
pub(crate) fn path_value(arg: &crate::Arg) -> bool {
    arg.literal().is_some_and(|text| {
        text.starts_with('/') && text.chars().all(|c| value_char(c, arg.is_glob()))
    })
}

#[cfg(test)]
mod tests {
    use super::vmid_list;

    #[test]
    fn the_guest_lists_first_column_is_a_vmid_list() {
        for text in [
            "pct list | awk 'NR>1{print $1}'",
            "qm list | awk '{print $1}'",
            "pct list | tail -n +2 | awk '{print $1}'",
            "qm list | awk 'NR>1 {print $1}'",
            "pct list | cut -d' ' -f1",
        ] {
            assert!(vmid_list(text), "{text}");
        }
        for text in [
            "pct list",
            "pct list | awk '{print $2}'",
            "pct list | awk '{system($1)}'",
            "cat /tmp/x | awk '{print $1}'",
            "pct list | awk '{print $1}' | sh",
        ] {
            assert!(!vmid_list(text), "{text}");
        }
    }
}
