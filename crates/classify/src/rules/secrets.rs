//! Files whose contents are secrets (passwords, private keys, tokens): a
//! command that shows them needs a person, since its output reaches the
//! model (often a cloud API) and the room. Words are matched as bash
//! expands them: a glob or a brace list that could reach a secret
//! (`/etc/shad*`, `/root/.ssh/id_{rsa,ed25519}`) counts as naming it.

/// Folders whose files are secrets.
#[rustfmt::skip]
pub(crate) const SECRET_DIRS: &[&str] = &[
    "/etc/pve/priv/", "/etc/ssl/private/", "/etc/wireguard/", "/var/lib/pve-cluster/",
    "/root/.docker/", "/var/lib/docker/containers/", "/root/.config/rclone/", "/etc/ceph/",
    "/var/lib/ceph/",
];

/// File names that hold secrets wherever they are.
#[rustfmt::skip]
const SECRET_NAMES: &[&str] = &[
    "shadow", "shadow-", "gshadow", "gshadow-", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
    "id_ecdsa_sk", "id_ed25519_sk", ".netrc", ".pgpass", ".git-credentials", "credentials",
    ".vault-token", "authkey", "authkey.key", "token.cfg", ".my.cnf", "privkey.pem",
    "rclone.conf", "sasl_passwd", "debian.cnf", "secrets.yml", "secrets.yaml", "environ",
    "config.db", "opasswd", "token.shadow", "shadow.json", "redis.conf", ".bash_history",
    ".zsh_history", ".mysql_history", ".psql_history", "krb5.keytab", "ipsec.secrets",
    "chap-secrets", "pap-secrets", "acme.json", "passwd.client", "msmtprc", ".msmtprc",
    "ddclient.conf", "upsd.users", "homeserver.yaml",
];

/// Paths a pattern is tried against: one of each kind of secret.
#[rustfmt::skip]
const SAMPLES: &[&str] = &[
    "/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/pve/priv/authkey.key",
    "/etc/pve/priv/token.cfg", "/etc/ssl/private/ssl-cert-snakeoil.key", "/root/.ssh/id_rsa",
    "/root/.ssh/id_ed25519", "/home/user/.ssh/id_rsa", "/home/user/.ssh/id_ed25519",
    "/etc/ssh/ssh_host_rsa_key", "/etc/ssh/ssh_host_ed25519_key", "/etc/wireguard/wg0.conf",
    "/var/lib/pve-cluster/config.db", "/etc/ceph/ceph.client.admin.keyring",
    "/etc/letsencrypt/live/host/privkey.pem", "/root/.docker/config.json", "/root/.pgpass",
    "/root/.netrc", "/srv/app/.env", "/proc/1/environ", "/proc/self/environ",
    "/etc/postfix/sasl_passwd", "/etc/mysql/debian.cnf", "/var/backups/shadow.bak",
    "shadow", "id_rsa", "id_ed25519", ".env", "x.key", "privkey.pem", "secrets.yml",
];

/// Programs that show only names or metadata, never contents.
#[rustfmt::skip]
const METADATA_ONLY: &[&str] = &[
    "ls", "stat", "find", "file", "du", "realpath", "readlink", "test", "[", "lsattr",
    "getfacl", "namei", "dirname", "basename", "wc", "md5sum", "sha1sum", "sha256sum",
    "sha512sum", "b2sum", "cksum",
];

/// Kernel and process memory (`/proc/kcore`, `/proc/PID/mem`,
/// `/dev/mem`): everything a process held, keys included.
fn raw_memory(path: &str) -> bool {
    matches!(path, "/proc/kcore" | "/dev/mem" | "/dev/kmem" | "/dev/port")
        || (path.starts_with("/proc/") && path.ends_with("/mem"))
}

/// Programs that print what the files they name hold (so a disk device,
/// or a word only known at run time, could be a secret's bytes).
#[rustfmt::skip]
const PRINTS_FILES: &[&str] = &[
    "cat", "tac", "head", "tail", "less", "more", "most", "strings", "xxd", "od", "hexdump",
    "hd", "base64", "base32", "basenc", "nl", "fold", "grep", "egrep", "fgrep", "rg", "zcat",
    "zgrep", "zless", "bzcat", "xzcat", "zstdcat", "sed", "awk", "gawk", "mawk", "cut", "sort",
    "uniq", "paste", "jq", "yq", "diff", "tr", "rev", "column", "dd", "openssl", "look", "pr",
];

/// Whether `program` prints the contents of what it reads.
pub(crate) fn prints_files(program: &str) -> bool {
    PRINTS_FILES.contains(&program)
}

/// Whether a device or a word only known at run time, given to a program
/// that prints files, may show a secret: a disk (`cat /dev/sda`), or a
/// path whose known part is a folder holding secrets, or nothing known
/// at all (`cat /etc/${x:-shadow}`, `cat "$f"`).
pub(crate) fn may_print_secret(word: &str, dynamic: bool) -> bool {
    let word = word.trim_matches(['\'', '"']);
    if !dynamic {
        return word.starts_with("/dev/")
            && !matches!(
                word,
                "/dev/null"
                    | "/dev/zero"
                    | "/dev/random"
                    | "/dev/urandom"
                    | "/dev/stdin"
                    | "/dev/tty"
            )
            && !word.starts_with("/dev/fd/")
            && !word.starts_with("/dev/pts/");
    }
    if word.starts_with('-') {
        return false;
    }
    // The part before the first expansion, up to its last slash.
    let known = &word[..word.find(['$', '`', '{']).unwrap_or(word.len())];
    let known = known.trim_start_matches(['\'', '"']);
    match known.rfind('/') {
        Some(slash) => folder_holds_secrets(&known[..=slash]),
        None => true,
    }
}

/// Whether `program` with `words` (literal, options included) reads
/// folders recursively (`grep -r`, `rg`, `diff -r`), and one of them (or
/// the working folder, when none is named or one is relative) may hold a
/// secret; returns the folder.
pub(crate) fn recursive_secret_folder<'a>(program: &str, words: &[&'a str]) -> Option<&'a str> {
    let short = |w: &&str, letters: &[char]| {
        w.starts_with('-') && !w.starts_with("--") && w.contains(letters)
    };
    let recursive = match program {
        "rg" | "rgrep" => true,
        "grep" | "egrep" | "fgrep" | "zgrep" => {
            words.iter().any(|w| {
                short(w, &['r', 'R'])
                    || w.starts_with("--recursive")
                    || w.starts_with("--dereference-recursive")
                    || *w == "--directories=recurse"
            }) || words.windows(2).any(|p| p[0] == "-d" && p[1] == "recurse")
        }
        "diff" => words
            .iter()
            .any(|w| short(w, &['r']) || *w == "--recursive"),
        _ => false,
    };
    if !recursive {
        return None;
    }
    let operands: Vec<&str> = words
        .iter()
        .filter(|w| !w.starts_with('-'))
        .copied()
        .collect();
    // grep's first operand is its pattern (unless given with -e/-f).
    let pattern_given = words.iter().any(|w| {
        w.starts_with("-e")
            || w.starts_with("-f")
            || w.starts_with("--regexp")
            || w.starts_with("--file")
    });
    let skip = usize::from(program != "diff" && !pattern_given);
    let folders = operands.get(skip..).unwrap_or(&[]);
    if folders.is_empty() {
        return Some(".");
    }
    // A relative folder is under the working folder (root's home, for
    // the commands Nomos runs); a bare word may be an option's value.
    folders
        .iter()
        .filter(|f| f.starts_with(['/', '.', '~']) || f.contains('/'))
        .find(|f| !f.starts_with('/') || folder_holds_secrets(f))
        .copied()
}

/// Whether a folder searched recursively holds a secret (`/`, `/etc`,
/// `/root`, `/home/user/.ssh`, a secret folder itself).
pub(crate) fn folder_holds_secrets(dir: &str) -> bool {
    let owned = normalised(dir.trim_matches(['\'', '"']));
    let dir = owned.trim_end_matches('/');
    let prefix = format!("{dir}/");
    secret_path(dir)
        || SECRET_DIRS
            .iter()
            .any(|d| d.starts_with(&prefix) || prefix.starts_with(d))
        || SAMPLES.iter().any(|sample| {
            // An application's `.env` does not make its whole tree secret.
            let name = sample.rsplit('/').next().unwrap_or(sample);
            sample.starts_with('/') && sample.starts_with(&prefix) && !name.starts_with(".env")
        })
        || dir.is_empty()
}

/// Whether a file-name pattern (`find -name '*.key'`) can match the name
/// of a file that is a secret by its name alone.
pub(crate) fn name_pattern_names_secret(pattern: &str) -> bool {
    const MORE: &[&str] = &[
        "x.key",
        "a.keyring",
        "x-key.pem",
        "privkey1.pem",
        "shadow.bak",
        ".env",
        ".env.local",
        "ssh_host_rsa_key",
        ".smbcred",
        "password.txt",
    ];
    let pattern = pattern.trim_matches(['\'', '"']);
    SECRET_NAMES
        .iter()
        // `rclone.conf` is a secret where it lives (a secret folder); a
        // search for `*.conf` is not a search for it.
        .filter(|name| !name.ends_with(".conf"))
        .chain(MORE)
        .any(|name| glob(pattern, name) || glob(&pattern.to_ascii_lowercase(), name))
}

/// Whether `program` shows the contents of the files it names.
pub(crate) fn shows_contents(program: &str) -> bool {
    !METADATA_ONLY.contains(&program)
}

/// `path` with `.` and `..` resolved (`/etc/pve/priv/../storage.cfg` is
/// `/etc/pve/storage.cfg`).
fn normalised(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if path.starts_with('/') && !joined.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

/// Whether reading `path` (no glob) would show a secret.
pub(crate) fn secret_path(path: &str) -> bool {
    let owned = normalised(path);
    let path = owned.as_str();
    let name = path
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path);
    SECRET_DIRS.iter().any(|dir| path.starts_with(dir))
        || SECRET_NAMES.contains(&name)
        || name.ends_with(".key")
        || name.ends_with(".keyring")
        || name.ends_with("-key.pem")
        || name.starts_with("privkey")
        || name.starts_with("shadow.")
        || name == ".env"
        || name.starts_with(".env.")
        || (name.starts_with("ssh_host_") && name.ends_with("_key"))
        // Credential files for mounts, backups and clients (`.smbcred`,
        // `/etc/cifs-credentials`, `pbs.credentials`, `.s3cfg`).
        || name.ends_with(".keytab")
        || raw_memory(path)
        || name.starts_with(".smbcred")
        || name.ends_with("credentials")
        || name.ends_with(".cred")
        || name.ends_with(".creds")
        || matches!(name, ".s3cfg" | ".boto" | ".htpasswd" | "htpasswd")
}

/// Whether a word (a path, `--opt=PATH`, and where `pattern` is set, a
/// glob or a brace list bash expands) may name a secret.
pub(crate) fn names_secret(word: &str, pattern: bool) -> bool {
    let word = word.trim_matches(['\'', '"']);
    // `--password-file=PATH` names PATH too.
    let value = word.rsplit_once('=').map_or(word, |(_, v)| v);
    [word, value].iter().any(|w| {
        let candidates = if pattern {
            braces(w)
        } else {
            vec![w.to_string()]
        };
        candidates.iter().any(|candidate| {
            if pattern && candidate.contains(['*', '?', '[']) {
                // Inside a secret folder whatever it matches, or reaching
                // one of the sample secrets.
                secret_path(candidate)
                    || SAMPLES.iter().any(|sample| glob(candidate, sample))
                    || SAMPLES
                        .iter()
                        .filter_map(|s| s.rsplit('/').next())
                        .any(|name| glob(candidate, name))
            } else {
                secret_path(candidate)
            }
        })
    })
}

/// The words a brace list makes (`a{b,c}d` → `abd`, `acd`), nested lists
/// included; at most 64.
fn braces(word: &str) -> Vec<String> {
    let Some(open) = word.find('{') else {
        return vec![word.to_string()];
    };
    let mut depth = 0;
    let mut close = None;
    let mut commas = Vec::new();
    for (i, c) in word[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            ',' if depth == 1 => commas.push(open + i),
            _ => {}
        }
    }
    let Some(close) = close.filter(|_| !commas.is_empty()) else {
        return vec![word.to_string()];
    };
    let mut bounds = vec![open];
    bounds.extend(&commas);
    bounds.push(close);
    let (head, tail) = (&word[..open], &word[close + 1..]);
    let mut out = Vec::new();
    for pair in bounds.windows(2) {
        let part = &word[pair[0] + 1..pair[1]];
        for expanded in braces(&format!("{head}{part}{tail}")) {
            if out.len() < 64 {
                out.push(expanded);
            }
        }
    }
    out
}

/// Shell pattern matching (`*`, `?`, `[...]`, `[!...]`), where `*` and `?`
/// never match `/`.
fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    matches(&p, &t)
}

fn matches(p: &[char], t: &[char]) -> bool {
    match p.first() {
        None => t.is_empty(),
        Some('*') => (0..=t.len())
            .take_while(|&i| i == 0 || t[i - 1] != '/')
            .any(|i| matches(&p[1..], &t[i..])),
        Some('?') => t.first().is_some_and(|c| *c != '/') && matches(&p[1..], &t[1..]),
        Some('[') => {
            let Some(end) = p.iter().skip(2).position(|c| *c == ']').map(|e| e + 2) else {
                return t.first() == Some(&'[') && matches(&p[1..], &t[1..]);
            };
            let class = &p[1..end];
            let (negated, class) = match class.first() {
                Some('!' | '^') => (true, &class[1..]),
                _ => (false, class),
            };
            let Some(c) = t.first() else { return false };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                if i + 2 < class.len() && class[i + 1] == '-' {
                    hit |= class[i] <= *c && *c <= class[i + 2];
                    i += 3;
                } else {
                    hit |= class[i] == *c;
                    i += 1;
                }
            }
            hit != negated && *c != '/' && matches(&p[end + 1..], &t[1..])
        }
        Some(c) => t.first() == Some(c) && matches(&p[1..], &t[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_and_brace_lists_that_reach_a_secret_name_it() {
        for word in [
            "/etc/shadow",
            "/etc/shad*",
            "/etc/s?adow",
            "/etc/[s]hadow",
            "/etc/{shadow,passwd}",
            "/root/.ssh/id_*",
            "/root/.ssh/id_{rsa,ed25519}",
            "/home/*/.ssh/id_*",
            "/etc/ssh/ssh_host_*",
            "/etc/pve/{priv/token.cfg,storage.cfg}",
            "/srv/app/.en*",
            "/etc/wireguard/*.conf",
            "/var/lib/pve-cluster/config.db",
            "/proc/1/environ",
            "/etc/ceph/ceph.client.admin.keyring",
            "--password-file=/root/.pgpass",
        ] {
            assert!(names_secret(word, true), "{word}");
        }
        for word in [
            "/etc/hosts",
            "/etc/*.conf",
            "/var/log/*.log",
            "/etc/{hosts,hostname}",
        ] {
            assert!(!names_secret(word, true), "{word}");
        }
        // Quoted, a pattern is only text.
        assert!(!names_secret("/etc/shad*", false));
    }
}
