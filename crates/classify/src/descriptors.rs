//! Descriptors a command line points at files for reading (or appending,
//! `>>`), and the device names that reopen them. On Linux bash, dash, `tee` and `dd`
//! open `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`
//! with open(2): the kernel follows the link to whatever the descriptor
//! holds, and a write there truncates that file (`ls 2< /etc/fstab >
//! /dev/stderr` empties fstab; review 90). Those names are harmless
//! outputs only while no redirection of the line (in any statement, a
//! compound's, `exec`'s, or a quoted script's) has pointed their
//! descriptor at a file.
//!
//! The scan reads the whole text, order aside, so it holds for redirections
//! bash applies before a statement runs (`for …; done 2< FILE`) and for
//! scripts given to another shell (`ssh pve2 '…'`, `bash -c '…'`).
//!
//! The module also finds a pipeline that truncates a file it reads (`cat
//! f | sort > f`; review 92): the shell opens the target first.

/// Which descriptors point at files the line opened for reading or
/// appending.
#[derive(Debug, Default, PartialEq, Eq)]
struct Read {
    /// By number (`2< FILE`, `3<> FILE`, and `2>&3` from one of them).
    numbers: Vec<(u32, String)>,
    /// A descriptor bash numbers itself (`{fd}< FILE`): any of them.
    named: Option<String>,
}

/// Why a write to a descriptor's device name reaches a file the line
/// opened for reading or appending, if one does.
pub(crate) fn reopened_for_writing(text: &str) -> Option<String> {
    if !text.contains('<') && !text.contains(">>") {
        return None;
    }
    let plain = normalised(text);
    // (A name only read, `wc -l /dev/stdin < FILE`, `openssl x509 -in
    // /dev/stdin`, reopens nothing for writing: review 91.)
    // (Past MAX_NAMES of them, one more is taken as written: each look
    // back to its command's start is bounded so, and a long line costs
    // no more; the worst case is judged within bounds.)
    let written = |sink: &str| {
        let (places, more) = places(&plain, sink);
        more || places.into_iter().any(|at| written_at(&plain, at))
    };
    // (Read with quotes gone: `2<&"3"` is `2<&3`.)
    let read = read_descriptors(&plain);
    if read.numbers.is_empty() && read.named.is_none() {
        return None;
    }
    let found = |sink: &str| written(sink).then(|| sink.to_string());
    // (A name bash builds at run time, `/dev/std{out,err}`, `/dev/fd/$n`,
    // `/dev/$'stderr'`, `/dev/std??r`: any descriptor. Or a name relative
    // to where the line went, `cd /dev && … > stderr`.)
    let built = || {
        // (Any change of folder, with a name a descriptor has there:
        // `cd -- /dev`, `cd -P /dev`, `cd ~sys` (whose home is /dev),
        // `cd /proc/self/fd`; review 94.)
        let device_name = ["stdin", "stdout", "stderr", "fd/", "/fd"]
            .iter()
            .any(|n| plain.contains(n));
        let relative = ["cd ", "pushd ", "-C", "--directory", "chdir"]
            .iter()
            .find(|c| device_name && plain.contains(*c))
            .map(|c| format!("a name relative to the folder `{}` goes to", c.trim()));
        relative.or_else(|| {
            ["/dev/", "/fd", "/proc/"].iter().find_map(|stem| {
                let (places, more) = places(&plain, stem);
                let found = places.into_iter().find_map(|at| {
                    let next: String = plain[at + stem.len()..].chars().take(8).collect();
                    // (Not a name read: `< /proc/$p/environ`.)
                    let read = plain[..at].trim_end().ends_with('<');
                    (next.contains(['{', '*', '?', '[', '$', '`', '\\'])
                        && !read
                        && written_at(&plain, at))
                    .then(|| format!("{stem}{next}"))
                });
                found.or_else(|| more.then(|| format!("{stem}… (more than {MAX_NAMES})")))
            })
        })
    };
    let numbered = read.numbers.iter().find_map(|(fd, file)| {
        let standard = match fd {
            0 => Some("/stdin"),
            1 => Some("/stdout"),
            2 => Some("/stderr"),
            _ => None,
        };
        standard
            .and_then(found)
            .or_else(|| found(&format!("/fd/{fd}")))
            .or_else(built)
            .map(|sink| (*fd, file.clone(), sink))
    });
    let named = || {
        let file = read.named.clone()?;
        ["/fd/", "/stdin", "/stdout", "/stderr"]
            .iter()
            .find_map(|s| found(s))
            .or_else(built)
            .map(|sink| (u32::MAX, file, sink))
    };
    numbered.or_else(named).map(|(fd, file, sink)| {
        let which = if fd == u32::MAX {
            "a descriptor".to_string()
        } else {
            format!("descriptor {fd}")
        };
        format!(
            "{which} points at {file}, opened for reading, and `{sink}` reopens it: written \
             to, the file is emptied"
        )
    })
}

/// Device names looked at one by one, at most.
const MAX_NAMES: usize = 64;

/// Where `pattern` stands in `text` (the first [`MAX_NAMES`]), and
/// whether it stands there more often.
fn places(text: &str, pattern: &str) -> (Vec<usize>, bool) {
    let mut all = text.match_indices(pattern).map(|(at, _)| at);
    let first: Vec<usize> = all.by_ref().take(MAX_NAMES).collect();
    (first, all.next().is_some())
}

/// Whether the name at `at` may be opened for writing: not when the
/// command it stands in is a reader given it as a file to read, with no
/// redirection before it and no output option (`wc -l /dev/stdin`; but
/// `sort -o /dev/stdout`, `tee /dev/stderr`, `> /dev/stderr`).
fn written_at(plain: &str, at: usize) -> bool {
    const READERS: &[&str] = &[
        "cat",
        "wc",
        "diff",
        "cmp",
        "md5sum",
        "sha1sum",
        "sha256sum",
        "sha512sum",
        "b2sum",
        "b3sum",
        "cksum",
        "ls",
        "stat",
        "file",
        "head",
        "tail",
        "grep",
        "less",
        "jq",
        "base64",
        // (Not xxd: `xxd [INFILE [OUTFILE]]` writes its second operand;
        // review 94.)
        "od",
        "hexdump",
        "strings",
        "openssl",
        "awk",
        "cut",
        "nl",
        "readlink",
        "realpath",
    ];
    let start = plain[..at]
        .rfind([';', '|', '&', '(', '{', '\n'])
        .map_or(0, |p| p + 1);
    let command = plain[start..at].trim_start();
    let program = command
        .split_whitespace()
        .next()
        .map(|w| w.rsplit('/').next().unwrap_or(w));
    let reader = program.is_some_and(|p| READERS.contains(&p));
    let outputs = command.contains('>')
        || command.split_whitespace().any(|w| {
            matches!(w, "-o" | "-out" | "--output")
                || w.starts_with("--output=")
                || w.starts_with("of=")
        });
    !reader || outputs
}

/// `text` with its quotes and backslashes gone (`/dev/std'err'` is
/// `/dev/stderr` to bash), `/./` and repeated slashes read as the kernel
/// reads them.
fn normalised(text: &str) -> String {
    // (`$'…'` and `$"…"` are quotes too; their escapes stay, and a `\` is
    // kept so that a name built with one is seen as built.)
    let unquoted: String = text
        .replace("$'", "'")
        .replace("$\"", "\"")
        .chars()
        .filter(|c| !matches!(c, '\'' | '"'))
        .collect();
    let mut out = unquoted.replace("/./", "/");
    while out.contains("//") {
        out = out.replace("//", "/");
    }
    while out.contains("/./") {
        out = out.replace("/./", "/");
    }
    out
}

/// The descriptors `text` opens for reading on files, and those it
/// duplicates from them.
fn read_descriptors(text: &str) -> Read {
    let bytes = text.as_bytes();
    let mut read = Read::default();
    let mut dups: Vec<(u32, u32)> = Vec::new();
    for (at, &b) in bytes.iter().enumerate() {
        if b != b'<' && b != b'>' {
            continue;
        }
        let before = at.checked_sub(1).map(|p| bytes[p]);
        let after = bytes.get(at + 1).copied();
        // A duplication: `N>&M`, `N<&M`; from a number only known at run
        // time (`2<&$x`), from any descriptor the line read.
        if after == Some(b'&') && before != Some(b'&') {
            let default = if b == b'<' { 0 } else { 1 };
            let fd = number_before(bytes, at).unwrap_or(default);
            match digits_after(bytes, at + 2) {
                Some(target) => dups.push((fd, target)),
                None if bytes.get(at + 2) == Some(&b'$') => dups.push((fd, u32::MAX)),
                None => {}
            }
            continue;
        }
        // An append, `N>> FILE`: the name reopened truncates what it held.
        if b == b'>' && after == Some(b'>') && before != Some(b'>') {
            if let Some(file) = target_after(text, at + 2) {
                read.numbers
                    .push((number_before(bytes, at).unwrap_or(1), file));
            }
            continue;
        }
        if b != b'<' || before == Some(b'<') || matches!(after, Some(b'<' | b'(')) {
            continue;
        }
        let start = if after == Some(b'>') { at + 2 } else { at + 1 };
        let Some(file) = target_after(text, start) else {
            continue;
        };
        if before == Some(b'}') {
            read.named = Some(file);
        } else {
            read.numbers
                .push((number_before(bytes, at).unwrap_or(0), file));
        }
    }
    // (Order aside: a duplication of a read descriptor is one too. Past
    // MAX_NAMES of either, any descriptor may be one: the work stays
    // bounded on a hostile line.)
    if dups.len() > MAX_NAMES || read.numbers.len() > MAX_NAMES {
        read.named = read
            .named
            .take()
            .or_else(|| read.numbers.first().map(|(_, f)| f.clone()));
        if read.named.is_some() {
            return read;
        }
    }
    let mut grew = true;
    while grew {
        grew = false;
        for (fd, from) in &dups {
            let source = if *from == u32::MAX {
                read.numbers.first().cloned()
            } else {
                read.numbers.iter().find(|(n, _)| n == from).cloned()
            };
            if let Some((_, file)) = source
                && !read.numbers.iter().any(|(n, _)| n == fd)
            {
                read.numbers.push((*fd, file));
                grew = true;
            }
        }
    }
    read
}

/// The descriptor number written right before `at` (`2<`), if any.
fn number_before(bytes: &[u8], at: usize) -> Option<u32> {
    let start = bytes[..at]
        .iter()
        .rposition(|b| !b.is_ascii_digit())
        .map_or(0, |p| p + 1);
    if start == at {
        return None;
    }
    std::str::from_utf8(&bytes[start..at]).ok()?.parse().ok()
}

fn digits_after(bytes: &[u8], at: usize) -> Option<u32> {
    let end = bytes[at.min(bytes.len())..]
        .iter()
        .position(|b| !b.is_ascii_digit())
        .map_or(bytes.len(), |p| at + p);
    std::str::from_utf8(bytes.get(at..end)?).ok()?.parse().ok()
}

/// The file a redirection at `start` names: the next word, quotes
/// removed; not `/dev/null` (empty however it is opened) nor nothing.
fn target_after(text: &str, start: usize) -> Option<String> {
    let rest = text.get(start..)?.trim_start();
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ';' | '|' | '&' | ')' | '<' | '>'))
        .filter(|c| !matches!(c, '\'' | '"'))
        .collect();
    (!word.is_empty() && word != "/dev/null").then_some(word)
}

/// Why a pipeline empties a file it reads, if one does: a `>` (or `tee`
/// without `-a`, or uniq's OUTPUT) target that a command of the same
/// pipeline reads (`cat f | sort > f`, `sort f > f`, `cat f | sudo tee
/// f`, `uniq f f`). The shell truncates the target before the reader has
/// read it (review 92); tee and uniq open theirs before reading (review
/// 94). Paths compared as spelled after `./`, `//` and `/./` are taken
/// out.
pub(crate) fn truncates_what_it_reads(text: &str) -> Option<String> {
    if !text.contains('>') && !text.contains("tee") && !text.contains("uniq") {
        return None;
    }
    pipelines(text).into_iter().find_map(|pipeline| {
        let tokens = lex(&pipeline);
        let mut truncated: Vec<String> = Vec::new();
        let mut read: Vec<String> = Vec::new();
        let mut command = Command::default();
        for (at, token) in tokens.iter().enumerate() {
            let Token::Word(word) = token else {
                if matches!(token, Token::Op(op) if op == "|" || op == "|&") {
                    command.end(&mut truncated, &mut read);
                }
                continue;
            };
            let before = at.checked_sub(1).map(|p| &tokens[p]);
            // (`>& FILE` and `&> FILE` truncate FILE too; `>&2` dups.)
            let to_file = !word.chars().all(|c| c.is_ascii_digit()) && word != "-";
            match before {
                Some(Token::Op(op))
                    if op.ends_with(">") && !op.ends_with(">>") && !op.contains('&')
                        || op_is(before, ">|")
                        || (matches!(op.as_str(), ">&" | "&>") && to_file) =>
                {
                    truncated.push(plain(word))
                }
                Some(Token::Op(op))
                    if op.ends_with(">>") || op.contains('&') && op.contains(['>', '<']) => {}
                _ => command.word(word),
            }
        }
        command.end(&mut truncated, &mut read);
        let read: std::collections::HashSet<String> = read.into_iter().collect();
        truncated
            .into_iter()
            .find(|t| !t.starts_with("/dev/") && read.contains(t))
            .map(|t| {
                format!(
                    "empties {t} while the same pipeline reads it: the shell truncates it first"
                )
            })
    })
}

/// One command of a pipeline, as [`truncates_what_it_reads`] reads it.
#[derive(Default)]
struct Command {
    program: Option<String>,
    operands: Vec<String>,
    appends: bool,
    /// After `--`: every word is an operand.
    ended: bool,
    /// The next word is an option's value (uniq's `-f N`).
    value_next: bool,
}

/// Programs that run the command after their own words (`sudo tee f`,
/// `timeout 5 tee f`).
const RUNNERS: &[&str] = &[
    "sudo", "doas", "command", "builtin", "exec", "nice", "ionice", "nohup", "stdbuf", "timeout",
    "env", "time", "setsid", "chrt", "taskset", "flock", "runuser", "busybox", "unbuffer",
];

impl Command {
    fn word(&mut self, word: &str) {
        let base = word.rsplit('/').next().unwrap_or(word);
        match self.program.as_deref() {
            // (An assignment before the command: `LC_ALL=C tee f`.)
            None if word.contains('=') && !word.starts_with(['=', '-', '/']) => {}
            None => self.program = Some(base.to_string()),
            // (A runner's words up to the writer it runs: its options'
            // values are no files of the writer's.)
            Some(runner) if RUNNERS.contains(&runner) && matches!(base, "tee" | "uniq") => {
                self.program = Some(base.to_string());
                self.operands.clear();
                self.ended = false;
                self.value_next = false;
            }
            Some(program) => {
                let option = !self.ended && word.starts_with('-') && word != "-";
                if self.value_next {
                    self.value_next = false;
                } else if option && word == "--" {
                    self.ended = true;
                } else if option {
                    // (GNU tee permutes: `-a` anywhere, in a cluster or
                    // abbreviated, `--app`.)
                    self.appends |= program == "tee"
                        && (word.len() > 3 && "--append".starts_with(word)
                            || !word.starts_with("--") && word.contains('a'));
                    // (uniq's `-f N`, `-s N`, `-w N`: a count, no file.)
                    self.value_next = program == "uniq"
                        && matches!(
                            word,
                            "-f" | "-s" | "-w" | "--skip-fields" | "--skip-chars" | "--check-chars"
                        );
                } else {
                    self.operands.push(plain(word));
                }
            }
        }
    }

    /// The command's files, sorted into those it truncates and those it
    /// reads; the next command starts.
    fn end(&mut self, truncated: &mut Vec<String>, read: &mut Vec<String>) {
        let operands = std::mem::take(&mut self.operands);
        match self.program.as_deref() {
            Some("tee") if !self.appends => truncated.extend(operands),
            Some("tee") => {}
            Some("echo" | "printf") => {}
            // uniq [INPUT [OUTPUT]]: OUTPUT is opened for writing first.
            Some("uniq") if operands.len() == 2 => {
                read.push(operands[0].clone());
                truncated.push(operands[1].clone());
            }
            _ => read.extend(operands),
        }
        *self = Command::default();
    }
}

/// An absolute path with each `NAME/..` taken out as text (a link in
/// NAME would lead elsewhere: the same file compared, not proven other).
fn without_dot_dot(word: &str) -> String {
    if !word.starts_with('/') || !word.contains("/..") {
        return word.to_string();
    }
    let mut parts: Vec<&str> = Vec::new();
    for part in word.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "" | "." => {}
            _ => parts.push(part),
        }
    }
    format!("/{}", parts.join("/"))
}

/// A path as the kernel reads it where the spelling differs only by `./`
/// in front, doubled slashes or `/./`, or by `NAME/..`.
fn plain(word: &str) -> String {
    let mut path = without_dot_dot(word);
    while path.contains("//") {
        path = path.replace("//", "/");
    }
    while path.contains("/./") {
        path = path.replace("/./", "/");
    }
    while let Some(rest) = path.strip_prefix("./").filter(|r| !r.is_empty()) {
        path = rest.to_string();
    }
    path
}

fn op_is(token: Option<&Token>, op: &str) -> bool {
    matches!(token, Some(Token::Op(o)) if o == op)
}

enum Token {
    Word(String),
    Op(String),
}

/// The pipelines of `text`: split at `;`, `&`, `&&`, `||` and newlines
/// outside quotes.
fn pipelines(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let (mut single, mut double) = (false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            ';' | '\n' if !single && !double => {
                out.push(String::new());
                continue;
            }
            '&' if !single && !double && chars.peek() != Some(&'>') => {
                // (`>&`, `<&` and `|&` keep their `&`.)
                if let Some(last) = out.last()
                    && last.ends_with(['>', '<', '|'])
                {
                } else {
                    chars.next_if_eq(&'&');
                    out.push(String::new());
                    continue;
                }
            }
            '|' if !single && !double && chars.peek() == Some(&'|') => {
                chars.next();
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
    }
    out.retain(|p| !p.trim().is_empty());
    out
}

/// Words (quotes removed) and operators (`|`, `<`, `>`, `>>`, `>|`, `&>`,
/// `N>`, `N>&M`).
fn lex(pipeline: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let (mut single, mut double) = (false, false);
    let flush = |word: &mut String, quoted: &mut bool, tokens: &mut Vec<Token>| {
        if !word.is_empty() || *quoted {
            tokens.push(Token::Word(std::mem::take(word)));
        }
        *quoted = false;
    };
    let mut chars = pipeline.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' if !double => {
                single = !single;
                quoted = true;
            }
            '"' if !single => {
                double = !double;
                quoted = true;
            }
            _ if single || double => word.push(c),
            ' ' | '\t' => flush(&mut word, &mut quoted, &mut tokens),
            '|' | '<' | '>' => {
                // (A descriptor number written before it is the operator's.)
                let fd = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) && c == '>';
                let mut op = if fd {
                    std::mem::take(&mut word)
                } else {
                    String::new()
                };
                if !fd {
                    flush(&mut word, &mut quoted, &mut tokens);
                }
                op.push(c);
                while let Some(&next) = chars.peek() {
                    if matches!(next, '>' | '|' | '&' | '<') && op.len() < 4 {
                        op.push(next);
                        chars.next();
                    } else {
                        break;
                    }
                }
                if op.ends_with('&') {
                    while let Some(&next) = chars.peek() {
                        if next.is_ascii_digit() || next == '-' {
                            op.push(next);
                            chars.next();
                        } else {
                            break;
                        }
                    }
                }
                tokens.push(Token::Op(op));
            }
            _ => word.push(c),
        }
    }
    flush(&mut word, &mut quoted, &mut tokens);
    tokens
}

#[cfg(test)]
mod tests {
    use super::reopened_for_writing;
    use super::truncates_what_it_reads;

    #[test]
    fn a_pipeline_that_truncates_what_it_reads_is_found() {
        for text in [
            "cat data.csv | sort > data.csv",
            "grep -v foo notes.txt | sort -u > notes.txt",
            "cat /srv/data/list.csv | tee /srv/data/list.csv",
            "sort < /srv/data/list.csv | uniq > /srv/data/list.csv",
            "sort f > f",
            "cat 'a b' | sort >| 'a b'",
            "grep -v x /srv/app/list.txt | sudo tee /srv/app/list.txt > /dev/null",
            "cat /srv/app/list.txt | timeout 5 tee /srv/app/list.txt",
            "cat f | sudo -u www-data tee f",
            "jq . ./config.json > config.json",
            "cat /srv//x | sort > /srv/./x",
            "uniq /srv/app/list.txt /srv/app/list.txt",
            "sudo cat f | sort > f",
            "cat /srv/app/list.txt | tee -- -a /srv/app/list.txt",
            "uniq -f 1 /srv/app/list.txt /srv/app/list.txt",
            "cat /srv/app/list.txt |& tee /srv/app/list.txt",
            "sort /srv/app/list.txt >& /srv/app/list.txt",
            "cat /srv/app/list.txt | LC_ALL=C tee /srv/app/list.txt",
            "cat /srv/app/list.txt | flock /tmp/l tee /srv/app/list.txt",
            "cat /srv/app/list.txt | sort > /srv/app/../app/list.txt",
        ] {
            assert!(truncates_what_it_reads(text).is_some(), "{text}");
        }
        for text in [
            "sort f > f.sorted",
            "cat f | sort >> f",
            "cat f | tee -a f",
            "echo f > f",
            "sort -o f f",
            "cat f 2>&1 | grep x",
            "grep x f > /dev/null",
            "cat f; sort g > f",
            "cat f | tee f -a",
            "cat f | tee -ap f",
            "cat f | sudo tee -a f",
            "uniq f g",
            "uniq -c f",
            "cat f | tee --app f",
            "sort f >&2",
        ] {
            assert_eq!(truncates_what_it_reads(text), None, "{text}");
        }
    }

    #[test]
    fn a_read_descriptor_reopened_by_its_device_name_is_found() {
        for text in [
            "ls 2< /etc/fstab > /dev/stderr",
            "date 2</etc/passwd >/dev/fd/2",
            "uptime 2</etc/passwd >/proc/self/fd/2",
            "{ uptime; } 1</etc/fstab 2>/dev/stdout",
            "ls 3</etc/fstab 2>&3 >/dev/stderr",
            "echo x | tee /dev/stderr 2</etc/fstab",
            "dd if=/tmp/x of=/dev/stdout 1</etc/fstab",
            "for i in 1; do echo x > /dev/stderr; done 2< /etc/passwd",
            "ssh pve2 'ls 2</etc/fstab >/dev/stderr'",
            "exec 3< /etc/hosts; echo x > /dev/fd/3",
            "exec {fd}< /etc/hosts; echo x > /dev/fd/10",
            "ls 2<>/etc/fstab >//dev/./stderr",
            "ls 2</etc/fstab >/dev/std'err'",
            "ls 2</etc/fstab >/dev/std{err,out}",
            "ls 2</etc/fstab >/dev/fd/$n",
            "qm guest exec 100 --pass-stdin 1 -- tee /dev/stdin < /tmp/x.sh",
            "ls 2</etc/fstab > $'/dev/std\\x65rr'",
            "date 2</etc/fstab >/dev/$'stderr'",
            "date 2</etc/fstab >/dev/$\"stderr\"",
            "exec 3</etc/fstab 2<&\"3\"; date >/dev/stderr",
            "x=3; exec 3</etc/fstab 2<&$x; date >/dev/stderr",
            "cd /dev && ls 2</etc/fstab > stderr",
            "date >>/var/log/app.log 2>/dev/stdout",
            "exec 1>>/var/log/app.log; uptime | tee /dev/stdout",
        ] {
            assert!(reopened_for_writing(text).is_some(), "{text}");
        }
    }

    #[test]
    fn other_descriptors_and_other_redirections_are_not() {
        for text in [
            "grep x < /etc/hosts 2>/dev/null",
            "cat <<'EOF' > /dev/stderr",
            "diff <(ls /a) <(ls /b) > /dev/stdout",
            "while read l; do echo \"$l\" >&2; done < /etc/hosts",
            "cat < /etc/hosts > /dev/stdout",
            "ls 2< /dev/null > /dev/stderr",
            "qm guest exec 100 -pass-stdin 1 -- bash < /tmp/x.sh",
            "wc -l /dev/stdin < /etc/hosts",
            "openssl x509 -in /dev/stdin -noout -subject < /etc/pve/local/pve-ssl.pem",
            "exec 2</etc/fstab; ls -l /dev/stderr",
            "uptime",
        ] {
            assert_eq!(reopened_for_writing(text), None, "{text}");
        }
    }
}
