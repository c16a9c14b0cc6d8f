//! HTTPie (`http`, `https`) and its Rust twin xh (`xh`, `xhs`): each line
//! is judged as the curl line that sends the same request ([`as_curl`]),
//! so curl's rules for methods, paths that stop or delete, devices
//! switched by a GET and the Proxmox API's twin apply to it. Neither is a
//! plain read: HTTPie 3 fetches its release index
//! (`packages.httpie.io/latest.json`) in a background process every two
//! weeks and writes `version_info.json` into its configuration folder
//! (`httpie/internal/update_warnings.py`), and xh reads a configuration
//! file of default options the line does not show.
//!
//! The request line follows HTTPie's documentation (3.2, "Request items")
//! and xh's README (0.22): `[METHOD] URL [ITEM…]`, a method only when two
//! positionals or more are given and the first is letters only; an item's
//! kind is its first separator (`:=@`, `==@`, `=@`, `:=`, `==`, `=`, `@`,
//! `:`, `;`), whichever starts first; data items make the default method
//! a POST.

use super::*;

/// Judges `name args…` if it is HTTPie or xh.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    let scheme = match name {
        "http" | "xh" => "http",
        "https" | "xhs" => "https",
        _ => return None,
    };
    let floor = Verdict::mutation(match name {
        "http" | "https" => {
            "`http` (HTTPie) fetches its release index from packages.httpie.io and writes it into its configuration folder"
        }
        _ => "`xh` sends options from its configuration file that the line does not show",
    });
    // (Its version or help, printed before anything is sent or read.)
    if let [only] = args
        && matches!(only.literal(), Some("--version" | "--help"))
    {
        return Some(Verdict::read_only(format!(
            "`{name}` prints its version or help"
        )));
    }
    let Some(curl) = as_curl(args, scheme) else {
        return Some(floor.max(Verdict::mutation(format!(
            "`{name}`'s request is only known at run time"
        ))));
    };
    let twin = super::curl::judge(w, "curl", &curl, depth)?;
    Some(floor.max(twin.prefixed(&format!("`{name}` sends what curl would: "))))
}

/// HTTPie's options that take a value (3.2's `--help`; xh's share them).
const VALUED: &[&str] = &[
    "auth",
    "auth-type",
    "output",
    "session",
    "session-read-only",
    "verify",
    "cert",
    "cert-key",
    "cert-key-pass",
    "ssl",
    "ciphers",
    "timeout",
    "max-redirects",
    "max-headers",
    "proxy",
    "print",
    "history-print",
    "pretty",
    "style",
    "format-options",
    "response-charset",
    "response-mime",
    "boundary",
    "raw",
    "default-scheme",
    "unix-socket",
    "interface",
    "resolve",
    "http-version",
    // (xh's token for `Authorization: Bearer`.)
    "bearer",
];

/// HTTPie's (3.2) and xh's long options that take no value.
const FLAGS: &[&str] = &[
    "json",
    "form",
    "multipart",
    "compress",
    "unsorted",
    "sorted",
    "headers",
    "meta",
    "body",
    "verbose",
    "all",
    "stream",
    "download",
    "continue",
    "quiet",
    "ignore-netrc",
    "offline",
    "follow",
    "check-status",
    "path-as-is",
    "chunked",
    "ignore-stdin",
    "help",
    "manual",
    "version",
    "traceback",
    "debug",
    "native-tls",
    "curl",
    "curl-long",
];

/// A long option's name as argparse reads it: itself, or the one option
/// it is a unique prefix of (an ambiguous prefix fails, harmlessly).
fn long_name(given: &str) -> &str {
    if VALUED.contains(&given) || FLAGS.contains(&given) {
        return given;
    }
    let mut matches = VALUED.iter().chain(FLAGS).filter(|n| n.starts_with(given));
    match (matches.next(), matches.next()) {
        (Some(only), None) if !given.is_empty() => only,
        _ => given,
    }
}

/// Short options' long names (HTTPie's and xh's alike).
const SHORT: &[(char, &str)] = &[
    ('a', "auth"),
    ('A', "auth-type"),
    ('o', "output"),
    ('p', "print"),
    ('P', "history-print"),
    ('s', "style"),
    ('d', "download"),
    ('F', "follow"),
    ('v', "verbose"),
    ('f', "form"),
    ('m', "multipart"),
    ('j', "json"),
    ('I', "ignore-stdin"),
];

/// The curl words (after `curl`) of the request `args` make, or `None`
/// when a word that shapes it is only known at run time (an option, a
/// word bash may split, an item whose kind is not written out). A value
/// only known at run time stays so in the curl words.
pub(in crate::rules) fn as_curl(args: &[Arg], default_scheme: &str) -> Option<Vec<Arg>> {
    let mut request = Request {
        scheme: default_scheme.to_string(),
        ..Request::default()
    };
    let mut positionals: Vec<&Arg> = Vec::new();
    let mut i = 0;
    let mut options_end = false;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if arg.splits() {
            return None;
        }
        let raw = arg.raw();
        if options_end || !raw.starts_with('-') || raw == "-" {
            positionals.push(arg);
            continue;
        }
        let word = arg.literal()?;
        if word == "--" {
            options_end = true;
            continue;
        }
        for (name, value) in option_words(word, args, &mut i)? {
            request.option(&name, value);
        }
    }
    if request.offline {
        // Nothing is sent: the request is only printed.
        return Some(vec![Arg::literal_of("--version")]);
    }
    let method_first = |a: &Arg| {
        a.literal()
            .is_some_and(|m| m.chars().all(|c| c.is_ascii_alphabetic()))
    };
    let (method, url, items) = match positionals.as_slice() {
        [] => return Some(request.out),
        [url] => (None, *url, &[][..]),
        [first, url, items @ ..] if method_first(first) => {
            (first.literal().map(str::to_ascii_uppercase), *url, items)
        }
        [first, ..] if first.is_dynamic() && positionals.len() > 1 => return None,
        [url, items @ ..] => (None, *url, items),
    };
    for item in items {
        request.item(item)?;
    }
    Some(request.finish(method, url))
}

/// A request as its options and items build it, in curl's words.
#[derive(Default)]
struct Request {
    scheme: String,
    offline: bool,
    ignore_stdin: bool,
    form: bool,
    data: bool,
    out: Vec<Arg>,
    query: Vec<String>,
    query_dynamic: bool,
    json: Vec<String>,
    json_dynamic: bool,
}

impl Request {
    fn push(&mut self, words: &[&str]) {
        self.out.extend(words.iter().map(|w| Arg::literal_of(*w)));
    }

    /// An option by its long name, with its value where it takes one.
    fn option(&mut self, name: &str, value: Option<Arg>) {
        let text = value.as_ref().map_or("", Arg::raw).to_string();
        let mut valued = |curl: &str| {
            self.out.push(Arg::literal_of(curl));
            self.out.extend(value.clone());
        };
        match name {
            // (xh's `--curl` prints the curl line instead of sending.)
            "offline" | "curl" | "curl-long" => self.offline = true,
            "ignore-stdin" => self.ignore_stdin = true,
            "form" | "multipart" => self.form = true,
            "default-scheme" => self.scheme = text,
            "download" => self.push(&["-O"]),
            "follow" => self.push(&["-L"]),
            "verbose" => self.push(&["-v"]),
            "verify" if text.eq_ignore_ascii_case("no") => self.push(&["-k"]),
            "output" => valued("-o"),
            "auth" => valued("-u"),
            "raw" => valued("--data-raw"),
            "session" => self.push(&["--cookie-jar=session"]),
            _ => {}
        }
    }

    /// A request item (`Header:value`, `field=value`, `field:=json`,
    /// `param==value`, `field@file`), `None` when its kind is only known
    /// at run time.
    fn item(&mut self, item: &Arg) -> Option<()> {
        let dynamic = item.is_dynamic();
        let (key, separator, value) = match item.literal() {
            Some(text) => split_item(text)?,
            // (The key and separator written out before anything only
            // known at run time: `Authorization:"Bearer $T"`.)
            None => {
                let (key, separator, value) = split_item(item.raw())?;
                let key = key.strip_prefix('"').unwrap_or(key);
                if key.contains(['$', '`', '"', '\'', '\\']) {
                    return None;
                }
                (key, separator, value)
            }
        };
        let arg = |text: String| match dynamic {
            true => Arg::dynamic(text),
            false => Arg::literal_of(text),
        };
        match separator {
            "==" => {
                self.query_dynamic |= dynamic;
                self.query.push(format!("{key}={}", query_escaped(value)));
            }
            "=" if self.form => {
                self.data = true;
                self.push(&["-d"]);
                self.out.push(arg(format!("{key}={value}")));
            }
            "=" => {
                self.data = true;
                self.json_dynamic |= dynamic;
                self.json
                    .push(format!("{}:{}", json_string(key), json_string(value)));
            }
            ":=" => {
                self.data = true;
                self.json_dynamic |= dynamic;
                self.json.push(format!("{}:{value}", json_string(key)));
            }
            "@" | "=@" | ":=@" | "==@" => {
                self.data = true;
                self.push(&["-F"]);
                self.out.push(arg(format!("{key}=@{value}")));
            }
            ":" => {
                self.push(&["-H"]);
                self.out.push(arg(format!("{key}: {value}")));
            }
            _ => {
                self.push(&["-H"]);
                self.out.push(arg(format!("{key};")));
            }
        }
        Some(())
    }

    /// The curl words: options, body, method and the URL with its query.
    fn finish(mut self, method: Option<String>, url: &Arg) -> Vec<Arg> {
        if !self.json.is_empty() {
            let body = format!("{{{}}}", self.json.join(","));
            self.push(&["--json"]);
            self.out.push(match self.json_dynamic {
                true => Arg::dynamic(body),
                false => Arg::literal_of(body),
            });
        }
        // (Without `--ignore-stdin` an input that is no terminal is the
        // body, and makes the default method a POST: HTTPie's
        // `has_stdin_data`, xh's `pick_method`; a command Nomos runs has
        // none; review 138.)
        match method {
            Some(m) => self.push(&["-X", &m]),
            None if self.data || !self.ignore_stdin => self.push(&["-X", "POST"]),
            None => {}
        }
        let mut text = match url.is_dynamic() {
            true => url.raw().to_string(),
            false => full_url(url.raw(), &self.scheme),
        };
        if !self.query.is_empty() {
            text.push(if text.contains('?') { '&' } else { '?' });
            text.push_str(&self.query.join("&"));
        }
        self.out.push(match url.is_dynamic() || self.query_dynamic {
            true => Arg::dynamic(text),
            false => Arg::literal_of(text),
        });
        self.out
    }
}

/// An option word's options by their long names, each with its value
/// (the next word taken where it is one: `i` moves past it); `None` when
/// a value bash may split.
fn option_words(word: &str, args: &[Arg], i: &mut usize) -> Option<Vec<(String, Option<Arg>)>> {
    let mut next = || {
        let value = args.get(*i).filter(|a| !a.splits()).cloned();
        *i += 1;
        value
    };
    if let Some(long) = word.strip_prefix("--") {
        let (name, glued) = match long.split_once('=') {
            Some((n, v)) => (n, Some(Arg::literal_of(v))),
            None => (long, None),
        };
        // (argparse takes a unique prefix of a long option: `--ou` is
        // `--output`; review 138.)
        let name = long_name(name);
        let value = match (VALUED.contains(&name), glued) {
            (true, Some(v)) => Some(v),
            (true, None) => Some(next()?),
            (false, _) => None,
        };
        return Some(vec![(name.to_string(), value)]);
    }
    let mut given = Vec::new();
    for (at, letter) in word.char_indices().skip(1) {
        let name = SHORT.iter().find(|(c, _)| *c == letter).map(|(_, n)| *n);
        let Some(name) = name.filter(|n| VALUED.contains(n)) else {
            given.push((name.unwrap_or("").to_string(), None));
            continue;
        };
        // (`-o=FILE` is FILE to argparse and to clap; review 138.)
        let rest = &word[at + letter.len_utf8()..];
        let rest = rest.strip_prefix('=').unwrap_or(rest);
        let value = match rest.is_empty() {
            true => next()?,
            false => Arg::literal_of(rest),
        };
        given.push((name.to_string(), Some(value)));
        break;
    }
    Some(given)
}

/// A request item's key, separator and value: the separator that starts
/// first (the longest of those starting there), backslash escapes kept
/// out of the search.
fn split_item(item: &str) -> Option<(&str, &'static str, &str)> {
    const SEPARATORS: &[&str] = &[":=@", "==@", "=@", ":=", "==", "=", "@", ":", ";"];
    let bytes = item.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'\\' {
            at += 2;
            continue;
        }
        if let Some(sep) = SEPARATORS.iter().find(|s| item[at..].starts_with(**s)) {
            return Some((&item[..at], sep, &item[at + sep.len()..]));
        }
        at += 1;
    }
    None
}

/// A URL as HTTPie completes it: `:8080/x` is localhost's, and one with
/// no scheme gets the program's (`http` or `https`).
fn full_url(url: &str, scheme: &str) -> String {
    let url = match url.strip_prefix(':') {
        Some(rest) if !rest.starts_with("//") => format!("localhost:{rest}"),
        _ => url.to_string(),
    };
    let url = url.replace("localhost:/", "localhost/");
    match url.contains("://") {
        true => url,
        false => format!("{scheme}://{url}"),
    }
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A query value as HTTPie sends it: blanks, `&`, `#` and `%` escaped.
fn query_escaped(value: &str) -> String {
    value
        .replace('%', "%25")
        .replace(' ', "%20")
        .replace('&', "%26")
        .replace('#', "%23")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curl(line: &str, scheme: &str) -> String {
        let args: Vec<Arg> = line.split(' ').map(Arg::literal_of).collect();
        as_curl(&args, scheme)
            .expect("literal")
            .iter()
            .map(|a| a.raw().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn a_method_needs_a_url_after_it() {
        assert_eq!(curl("-I pve1:8006/x", "http"), "http://pve1:8006/x");
        assert_eq!(curl("pve1:8006/x", "http"), "-X POST http://pve1:8006/x");
        assert_eq!(
            curl("--ou=/tmp/x -o=/etc/x :1/a", "http"),
            "-o /tmp/x -o /etc/x -X POST http://localhost:1/a"
        );
        assert_eq!(
            curl("post :8006/a/stop", "http"),
            "-X POST http://localhost:8006/a/stop"
        );
        assert_eq!(
            curl("-a u:p DELETE 10.0.0.1/v", "https"),
            "-u u:p -X DELETE https://10.0.0.1/v"
        );
    }

    #[test]
    fn items_are_split_at_their_first_separator() {
        assert_eq!(
            split_item("Authorization:PVEAPIToken=a@pam!b=c"),
            Some(("Authorization", ":", "PVEAPIToken=a@pam!b=c"))
        );
        assert_eq!(split_item("on:=false"), Some(("on", ":=", "false")));
        assert_eq!(split_item("q==a=b"), Some(("q", "==", "a=b")));
        assert_eq!(split_item("f@/etc/x"), Some(("f", "@", "/etc/x")));
        assert_eq!(split_item("a\\:b=c"), Some(("a\\:b", "=", "c")));
        assert_eq!(split_item("plain"), None);
    }

    #[test]
    fn data_makes_a_post_and_query_items_join_the_url() {
        assert_eq!(
            curl("--ignore-stdin 10.0.0.5/cm cmnd==Power%Off", "http"),
            "http://10.0.0.5/cm?cmnd=Power%25Off"
        );
        assert_eq!(
            curl("10.0.0.5/json on:=false", "http"),
            "--json {\"on\":false} -X POST http://10.0.0.5/json"
        );
    }
}
