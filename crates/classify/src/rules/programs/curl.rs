//! Everything the rules know of curl's own effects, in one place: what a
//! request sends, writes and asks of the server ([`judge`]), and the
//! requests that lose data or stop a service ([`loses`]). Where it may
//! connect is `egress`'s business; its output files `persist`'s and
//! `loss`'s (shared with wget); its table is `CURL` in `tables/network.rs`.

use super::*;

/// Judges `name args…` if it is curl.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    (name == "curl").then(|| {
        // (A credential that only authenticates a read is no unknown
        // option: `-H "X-Api-Key: $KEY"` to a documented read.)
        // (Nor is a URL in double quotes with a known path, its query only
        // known at run time, when it is a documented read.)
        let mut known = authenticating_words(args);
        if !known.is_empty()
            && let Some(urls) = crate::tables::reading("curl", args)
                .as_ref()
                .and_then(documented_reads)
        {
            known.extend(urls);
        }
        let unknown = args
            .iter()
            .filter(|a| !known.iter().any(|x| std::ptr::eq(*x, *a)))
            .cloned()
            .collect::<Vec<_>>();
        let v = unknown_arg(name, &unknown).unwrap_or_else(|| verdict(args));
        // The Proxmox API (`/api2/json/…`) is judged as pvesh judges the
        // same call, its loss rules with it (review 92).
        let v = pve_api_calls(args).into_iter().fold(v, |v, call| {
            let twin = w.invocation(&call, crate::Stdin::Inherited, depth + 1);
            v.max(twin.prefixed("`curl` calls the Proxmox API as `pvesh` would: "))
        });
        // (A device switched off, reset or restarted, whatever else the
        // line holds: `curl -s "http://10.0.0.$i/cm?cmnd=Restart%201"`.)
        if v.class != crate::RiskClass::Destructive
            && acts_on_get(&args.iter().map(Arg::raw).collect::<Vec<_>>()) == Some(true)
        {
            return Verdict::destructive(
                "`curl` asks a device or service to switch off, reset or restart",
            );
        }
        v
    })
}

/// The words of a curl line (`args`, after `curl`) that only authenticate
/// a read: each value of `-H`/`--header` naming an authentication header
/// (its name written out, the credential in its value) and of
/// `-u`/`--user`, when the line is one curl's table reads, every URL is a
/// path its service documents as a read ([`documented_reads`]), the
/// method a GET or HEAD, and nothing shows the request (`-v`,
/// `--trace*`). Empty otherwise. Such a credential goes to the service it
/// belongs to and is printed nowhere, so naming it is no read of a secret
/// (blind corpora 134, 142).
pub(in crate::rules) fn authenticating_words(args: &[Arg]) -> Vec<&Arg> {
    let Some(line) = crate::tables::reading("curl", args) else {
        return Vec::new();
    };
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    // (`-L` sends custom headers to whatever host a redirect names, curl's
    // `header.d`; review 105.)
    // (Nor the response's headers, which may carry a session minted for
    // the credential, `Set-Cookie`: `-i`, `-D`, `-w '%header{…}'`;
    // review 106.)
    let shows_request = line.options.iter().any(|g| {
        matches!(
            g.name,
            "v" | "verbose"
                | "L"
                | "location"
                | "i"
                | "include"
                | "D"
                | "dump-header"
                | "w"
                | "write-out"
        )
    }) || lits
        .iter()
        .any(|w| w.starts_with("--trace") || w.starts_with("--location"));
    let method_reads = last_method(&lits).is_none_or(|m| matches!(m, "GET" | "HEAD"));
    if shows_request || !method_reads || documented_reads(&line).is_none() {
        return Vec::new();
    }
    line.options
        .iter()
        .filter(|g| match (g.name, g.value) {
            ("H" | "header", Some(value)) => {
                let text = value.as_written();
                crate::tables::names_authentication_header(text)
            }
            // (A cookie given as `NAME=VALUE` data, not a file to read
            // cookies from (curl's `cookie.d`: a value with `=`), a
            // session ticket sent; blind corpus 227.)
            ("b" | "cookie", Some(value)) => {
                let text = value.as_written();
                crate::tables::quoted_plain_expansions(text) && crate::tables::cookie_data(text)
            }
            // (A user and its password, the colon written out: without
            // one curl asks for the password, naming the user; review 105.)
            ("u" | "user", Some(value)) => {
                let text = value.as_written();
                crate::tables::quoted_plain_expansions(text) && text.contains(':')
            }
            _ => false,
        })
        .filter_map(|g| args.get(g.at + g.from))
        .collect()
}

/// The URL operands of a curl line, when every URL it names (operands and
/// `--url` values) is a path its service documents as a read
/// ([`super::web_apis`]; the Proxmox APIs' `/api2/json/…`, whose
/// revealing paths `api_reveals` judges): a URL written in double quotes
/// whose query only is known at run time counts
/// (`"…/api/v3/calendar?start=$(date +%F)"`: bash does not split it, and
/// a query picks no other path). `None` otherwise.
fn documented_reads<'a>(line: &crate::options::Reading<'a>) -> Option<Vec<&'a Arg>> {
    // (A Proxmox path judged as pvesh judges it, whatever its query holds:
    // `…/scan/iscsi?portal=$(…)`; review 105.)
    documented_urls(line, |path| match path.strip_prefix("/api2/json/") {
        Some(rest) => !super::guests::api_path_reveals(rest),
        None => super::web_apis::documented_read(path),
    })
}

/// The URL operands of a curl line whose every URL is a path `test`
/// takes ([`documented_reads`]).
fn documented_urls<'a>(
    line: &crate::options::Reading<'a>,
    test: fn(&str) -> bool,
) -> Option<Vec<&'a Arg>> {
    let path_known = |raw: &'a str| -> Option<&'a str> {
        let inner = raw.strip_prefix('"')?.strip_suffix('"')?;
        let path = &inner[..inner.find('?').unwrap_or(inner.len())];
        (!inner.contains('"') && !path.contains(['$', '`', '\\', '\''])).then_some(inner)
    };
    // (Redfish's `$expand` and OData's kin inline the resources a path
    // only links, the accounts and the managers' protocols among them;
    // review 131.)
    let documented = |url: &str| {
        let url = url.trim_matches(['\'', '"']);
        let expands = url
            .split_once('?')
            .is_some_and(|(_, query)| query.to_ascii_lowercase().contains("expand"));
        url_like(url)
            && !expands
            && routed_path(url_parts(url).path).is_some_and(|path| test(&path))
    };
    let mut urls = 0;
    for value in line.values(&["url"]) {
        urls += 1;
        match value {
            Some(crate::options::Value::Text(t)) if documented(t) => {}
            _ => return None,
        }
    }
    for operand in &line.operands {
        urls += 1;
        if !operand
            .literal()
            .or_else(|| path_known(operand.raw()))
            .is_some_and(documented)
        {
            return None;
        }
    }
    (urls > 0).then(|| line.operands.clone())
}

/// Whether a curl line POSTs a form to a path whose POST is the same
/// query as its GET (Prometheus' `/api/v1/query`, `query_range`,
/// `series`, `labels`): a read (blind corpus 142), with no file, upload
/// or JSON body and no other method.
fn posts_documented_query(args: &[Arg], reading: &Option<crate::options::Reading<'_>>) -> bool {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    form_fields_query(reading, args)
        && !has_short(args, 'T', CURL_VALUED)
        && !has_short(args, 'F', CURL_VALUED)
        && !has_flag(
            args,
            "",
            &["upload-file", "json", "form", "form-string", "data-binary"],
        )
        && last_method(&lits).is_none_or(|m| m == "POST")
        && reading
            .as_ref()
            .and_then(|line| documented_urls(line, super::web_apis::documented_query))
            .is_some()
}

/// Whether a line's form fields are Prometheus query parameters
/// (`query=…`, `match[]=…`, `start`, `end`, `step`, `time`, `timeout`,
/// `limit`) and no header sets the body's type: another service's path
/// of the same name takes a JSON body that creates (Homebox's
/// `/api/v1/labels`; review 106).
fn form_fields_query(reading: &Option<crate::options::Reading<'_>>, args: &[Arg]) -> bool {
    const PARAMETERS: &[&str] = &[
        "query", "match[]", "start", "end", "step", "time", "timeout", "limit",
    ];
    let Some(line) = reading else {
        return false;
    };
    let typed = line.options.iter().any(|g| {
        matches!(g.name, "H" | "header")
            && g.value.is_some_and(|v| {
                v.as_written()
                    .trim_start_matches(['\'', '"'])
                    .to_ascii_lowercase()
                    .starts_with("content-type")
            })
    });
    let fields: Vec<Option<crate::options::Value<'_>>> = line
        .values(&["d", "data", "data-urlencode", "data-ascii", "data-raw"])
        .collect();
    !typed
        && !fields.is_empty()
        && args
            .iter()
            .all(|a| a.literal().is_some() || a.raw().starts_with('"'))
        && fields.iter().all(|v| match v {
            Some(crate::options::Value::Text(t)) => t
                .split_once('=')
                .is_some_and(|(name, _)| PARAMETERS.contains(&name)),
            _ => false,
        })
}

/// The method curl sends: the last one given (curl uses the last), as
/// `-X M`, `-XM`, `--request M`, `--request=M`, or a cluster ending in
/// `X` (`-sX M`).
fn last_method<'a>(lits: &[&'a str]) -> Option<&'a str> {
    lits.iter().enumerate().rev().find_map(|(i, w)| {
        if *w == "--request" || *w == "-X" {
            return lits.get(i + 1).copied();
        }
        if let Some(m) = w.strip_prefix("--request=") {
            return Some(m);
        }
        let cluster = w.strip_prefix('-').filter(|c| !c.starts_with('-'))?;
        let rest = &cluster[cluster.find('X')? + 1..];
        if rest.is_empty() {
            lits.get(i + 1).copied()
        } else {
            Some(rest)
        }
    })
}

/// A curl request to the Proxmox VE API, as the pvesh line that makes
/// the same call: `POST` is `create`, `PUT` `set`, `DELETE` `delete`
/// (the last `-X` given; data makes a `POST`), the path after
/// `/api2/json` (or `/api2/extjs`), each form field (`-d k=v`, `k=v&…`,
/// `--data-urlencode k=v`) as `--k v`. `None` for a GET or another URL.
fn pve_api_calls(args: &[Arg]) -> Vec<Vec<Arg>> {
    // (Each URL-like word, an option's value too (`-e URL`), is a call
    // judged; a part only known at run time stays in its path, `…/qemu/
    // $VMID/snapshot/s1/rollback`; review 138.)
    let urls: Vec<String> = args
        .iter()
        .filter(|a| !a.splits())
        .filter_map(|a| match a.literal() {
            Some(w) => Some(w.to_string()),
            None => a
                .raw()
                .contains("/api2/")
                .then(|| a.raw().replace(['"', '\''], "")),
        })
        .filter(|w| w.contains("://") || url_like(w))
        .collect();
    urls.iter()
        .filter_map(|w| {
            let UrlParts { path, query, .. } = url_parts(w);
            let routed = routed_path(path)?;
            let url = format!("/{}", pve_api_rest(&routed)?);
            pve_api_call(args, &url, query)
        })
        .collect()
}

/// The pvesh line of one curl request to the Proxmox API: `url` its path
/// after `/api2/FORMAT`, `query` its query.
fn pve_api_call(args: &[Arg], url: &str, query: &str) -> Option<Vec<Arg>> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let method = last_method(&lits);
    // (The URL's query too: pveproxy merges it with the form; review 95.)
    let (mut fields, queried) = sent_fields(&lits);
    if !query.is_empty() {
        fields.insert(0, query.to_string());
    }
    // (pveproxy takes a JSON body as it takes a form: each member a
    // parameter; review 133.)
    let mut fields: Vec<String> = fields
        .into_iter()
        .map(|f| json_fields(&f).unwrap_or(f))
        .collect();
    // (With `-G` the data is the query of a GET, curl(1); blind corpus
    // 227.)
    let get = has_short(args, 'G', CURL_VALUED) || has_flag(args, "", &["get"]);
    // (`-T FILE` without `-X` is a PUT; review 138.)
    let uploads = has_short(args, 'T', CURL_VALUED) || has_flag(args, "", &["upload-file"]);
    let verb = match method.map(str::to_ascii_uppercase).as_deref() {
        None if get => return None,
        None if uploads => "set",
        Some("POST") => "create",
        Some("PUT") => "set",
        Some("DELETE") => "delete",
        None if fields.len() > usize::from(!query.is_empty()) => "create",
        _ => return None,
    };
    fields.extend(queried);
    // (pveproxy unescapes the path too, `/api2/json/%73torage/nas`
    // (review 130): `routed_path` did.)
    let path = url.trim_end_matches('/').to_string();
    let mut call = vec![
        Arg::literal_of("pvesh"),
        Arg::literal_of(verb),
        Arg::literal_of(if path.is_empty() {
            "/".to_string()
        } else {
            path
        }),
    ];
    // (pveproxy decodes the form: `del%65te=…` is `delete=…`; review
    // 94.)
    // (Fields end at `&` or `;`, as pveproxy splits them.)
    for field in fields
        .iter()
        .flat_map(|f| f.split(['&', ';']))
        .filter(|f| !f.is_empty())
    {
        let (key, value) = field.split_once('=').unwrap_or((field, "1"));
        call.push(Arg::literal_of(format!("--{}", form_decoded(key))));
        call.push(Arg::literal_of(form_decoded(value)));
    }
    Some(call)
}

/// The form fields a curl line sends (`-d`, `--data*` in any prefix,
/// `--json`, `--expand-data`, a short option's value stuck to it) and the
/// query parts it adds (`--url-query`).
fn sent_fields(lits: &[&str]) -> (Vec<String>, Vec<String>) {
    const DATA: &[&str] = &[
        "-d",
        "--data",
        "--data-raw",
        "--data-urlencode",
        "--data-binary",
        "--data-ascii",
        "--json",
        // (curl 8.3's `--expand-data`, data with `{{variables}}`; review
        // 135.)
        "--expand-data",
    ];
    let mut fields: Vec<String> = Vec::new();
    // (curl 7.87's `--url-query`: a part of the query, `+` first when
    // already encoded; review 135.)
    let mut queried: Vec<String> = Vec::new();
    let mut words = lits.iter().peekable();
    while let Some(w) = words.next() {
        let value = |words: &mut std::iter::Peekable<std::slice::Iter<'_, &str>>| {
            words.next().map(|v| v.to_string())
        };
        // (curl takes a unique prefix of a long option: `--data-b`,
        // `--url-q`; review 138.)
        let (option, glued) = match w.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            _ => (*w, None),
        };
        let data = DATA.contains(&option)
            || option.starts_with("--data")
            || (option.len() >= 4 && "--json".starts_with(option))
            || (option.len() >= 10 && "--expand-data".starts_with(option));
        let url_query = option.len() >= 7 && "--url-query".starts_with(option);
        if url_query {
            match glued {
                Some(q) => queried.push(q.trim_start_matches('+').to_string()),
                None => {
                    queried.extend(value(&mut words).map(|v| v.trim_start_matches('+').to_string()))
                }
            }
        } else if data && option.starts_with("--") {
            match glued {
                Some(d) => fields.push(d.to_string()),
                None => fields.extend(value(&mut words)),
            }
        } else if DATA.contains(w) {
            fields.extend(value(&mut words));
        } else if let Some(cluster) = w.strip_prefix('-').filter(|c| !c.starts_with('-'))
            && let Some(at) = cluster.find('d')
        {
            // (A short option's value stuck to it, `-ddelete=scsi1`,
            // `-sd k=v`; review 94.)
            match &cluster[at + 1..] {
                "" => fields.extend(value(&mut words)),
                stuck => fields.push(stuck.to_string()),
            }
        }
    }
    (fields, queried)
}

/// A JSON object's members as form fields (`k=v&…`, each escaped as a
/// form's), `None` for any other text.
fn json_fields(text: &str) -> Option<String> {
    let serde_json::Value::Object(members) = serde_json::from_str(text.trim()).ok()? else {
        return None;
    };
    let escaped = |t: &str| {
        t.replace('%', "%25")
            .replace('&', "%26")
            .replace(';', "%3B")
            .replace('+', "%2B")
            .replace('=', "%3D")
    };
    Some(
        members
            .iter()
            .map(|(key, value)| {
                let value = match value {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                format!("{}={}", escaped(key), escaped(&value))
            })
            .collect::<Vec<_>>()
            .join("&"),
    )
}

/// A form field as `application/x-www-form-urlencoded` reads it: `+` a
/// blank, `%XX` the byte it names (a malformed escape as written).
fn form_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Why a curl command loses data or availability, if it does: a DELETE
/// (or a changing request to a path that stops, deletes or purges), raw
/// FTP or SFTP commands (`-Q`/`--quote`: `DELE`, `RMD`, `rm`, `rename`).
pub(in crate::rules) fn loses(lits: &[&str]) -> Option<&'static str> {
    let quote = lits.iter().any(|w| {
        w.starts_with("--quote") || (w.starts_with('-') && !w.starts_with("--") && w.contains('Q'))
    });
    if quote {
        Some("sends raw FTP or SFTP commands (deletions, renames)")
    } else if deletes_or_stops(lits) {
        Some("deletes or stops through an API")
    } else {
        None
    }
}

/// Flags with which curl sends data to the server or writes it locally.
#[rustfmt::skip]
const CURL_SENDS: &[&str] = &[
    "upload-file", "data", "data-binary", "data-raw", "data-urlencode", "data-ascii", "json", "form",
    "form-string",
];
#[rustfmt::skip]
const CURL_WRITES: &[&str] = &[
    "remote-name", "remote-name-all", "output-dir", "cookie-jar", "create-dirs",
];

/// curl is read-only when it only fetches to standard output (or
/// `-o /dev/null`) with a GET, HEAD or OPTIONS request.
/// curl's short options that take a value (their letters in a cluster
/// after one of these are the value, `-XGET` is not `-T`).
const CURL_VALUED: &str = "AbcCdDeEFhHKmoQrtTuUwxXYyz";

fn verdict(args: &[Arg]) -> Verdict {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    // A URL glob (`{a,b}`, `[x-y]`, in the host, port, path or query):
    // curl sends one request per expansion, paths no rule has read
    // (review 60); not with `-g`/`--globoff`.
    let globoff = has_flag(args, "", &["globoff"]) || has_short(args, 'g', CURL_VALUED);
    // (An IPv6 address in brackets is no glob: `http://[::1]:8080/`.)
    let ipv6_out = |w: &str| -> String {
        match w
            .find("://[")
            .map(|at| at + 3)
            .or_else(|| w.starts_with('[').then_some(0))
        {
            Some(at) => match w[at..].find(']') {
                Some(end)
                    if w[at + 1..at + end]
                        .chars()
                        .all(|c| c.is_ascii_hexdigit() || matches!(c, ':' | '.')) =>
                {
                    format!("{}{}", &w[..at], &w[at + end + 1..])
                }
                _ => w.to_string(),
            },
            None => w.to_string(),
        }
    };
    if !globoff
        && lits
            .iter()
            .any(|w| (w.contains("://") || url_like(w)) && ipv6_out(w).contains(['{', '[']))
    {
        return Verdict::mutation(
            "`curl` has a URL glob: the requests it sends are only known once expanded",
        );
    }
    if let Some(why) = api_reveals(&lits) {
        return Verdict::mutation(format!("`curl` {why}"));
    }
    let short = |c: char| has_short(args, c, CURL_VALUED);
    let reading = crate::tables::reading("curl", args);
    let posts_query = posts_documented_query(args, &reading);
    // With `-G`, `-d`/`--data`/`--data-urlencode` only build the URL's
    // query of a GET (curl(1)); a body is still sent by the others.
    let in_query = reading
        .as_ref()
        .is_some_and(|line| line.options.iter().any(|g| matches!(g.name, "G" | "get")));
    let body = short('T')
        || short('F')
        || has_flag(
            args,
            "",
            &[
                "upload-file",
                "json",
                "form",
                "form-string",
                "data-binary",
                "data-raw",
            ],
        )
        || (!in_query && (short('d') || has_flag(args, "", CURL_SENDS)));
    if body && !posts_query {
        return Verdict::mutation("`curl` sends data");
    }
    let output_is_sink = matches!(
        option_value(args, &["-o", "--output"]).as_deref(),
        None | Some("/dev/null" | "-")
    );
    if short('O') || short('c') || has_flag(args, "", CURL_WRITES) || !output_is_sink {
        return Verdict::mutation("`curl` writes files");
    }
    method_verdict(args, posts_query && !in_query)
}

/// What a curl line's method asks (curl sends the last one given, in any
/// spelling; review 92), and a GET whose words act; `posts_query`: the
/// line POSTs a documented query ([`posts_documented_query`]).
fn method_verdict(args: &[Arg], posts_query: bool) -> Verdict {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    match last_method(&lits) {
        Some(m) if m.eq_ignore_ascii_case("DELETE") => {
            Verdict::destructive("`curl` sends a DELETE request, which removes what it names")
        }
        // (And a POST that names a power switch, PiKVM's
        // `/api/atx/click?button=power_long`; blind corpus 211.)
        Some(m)
            if !(matches!(m.to_ascii_uppercase().as_str(), "GET" | "HEAD" | "OPTIONS")
                || posts_query && m == "POST") =>
        {
            if acts_on_get(&args.iter().map(Arg::raw).collect::<Vec<_>>()) == Some(true) {
                Verdict::destructive(
                    "`curl` asks a device or service to switch off, reset or restart",
                )
            } else {
                Verdict::mutation("`curl` sends a changing HTTP request")
            }
        }
        // (Words only known at run time too, as written: a loop's
        // `http://10.0.0.$i/cm?cmnd=Restart%201`. A documented read's
        // path is no proof: another service may serve it, SABnzbd's
        // `/api?mode=…`; review 105.)
        _ => match acts_on_get(&args.iter().map(Arg::raw).collect::<Vec<_>>()) {
            Some(true) => Verdict::destructive(
                "`curl` asks a device or service to switch off, reset or restart (it acts on a GET)",
            ),
            Some(false) => Verdict::mutation("`curl` asks a device or service to act (on a GET)"),
            None if posts_query => {
                Verdict::read_only("`curl` posts a query its service documents as a read")
            }
            None => Verdict::read_only("`curl` fetches a URL to standard output"),
        },
    }
}

/// What a GET asks of a lab service's API that its own client is asked
/// for (review 43): the Proxmox API's paths that fetch from the internet
/// or another host or answer with credentials ([`super::guests`]'s
/// `api_path_reveals`, after `/api2/json/`, as pvesh's are judged), and
/// the Docker Engine's API (ports 2375 and 2376, or its `/containers/`
/// paths: an inspect's environment, an export of a container's files).
pub(in crate::rules) fn api_reveals(lits: &[&str]) -> Option<&'static str> {
    // (A Vault token sent: any path of Vault's API but its health, on any
    // host or port; KV version 1 has no `data/` part; review 62.)
    let vault_token = lits.iter().any(|w| {
        w.to_ascii_lowercase()
            .trim_matches(['\'', '"'])
            .starts_with("x-vault-token")
    });
    lits.iter().find_map(|w| {
        let w = w.trim_matches(['\'', '"']);
        let UrlParts {
            authority, path, ..
        } = url_parts(w);
        // (The port as a number: `08006` is 8006.)
        let port = authority
            .rsplit_once('@')
            .map_or(authority, |(_, h)| h)
            .rsplit_once(':')
            .map(|(_, p)| p);
        let number = port.and_then(|p| p.parse::<u16>().ok());
        // The path as the server routes it (review 59): a path that
        // cannot be read so (a bad escape, brackets a dot segment
        // removes: a URL glob is judged before) may be any path (review
        // 62).
        let Some(routed) = routed_path(path) else {
            return (url_like(w) || matches!(number, Some(8006 | 8007)))
                .then_some("asks a service's API for a path only known as the server reads it");
        };
        let api = pve_api_rest(&routed);
        let path = routed.as_str();
        if vault_token
            && url_like(w)
            && path.starts_with("/v1/")
            && !matches!(
                path,
                "/v1/sys/health" | "/v1/sys/seal-status" | "/v1/sys/leader"
            )
        {
            return Some("asks Vault's API, which answers with secrets");
        }
        if api.is_some_and(super::guests::api_path_reveals) {
            return Some(
                "asks the Proxmox API for data fetched from the internet or holding credentials",
            );
        }
        let containers = path.contains("/containers/")
            && ["/json", "/export", "/archive", "/logs", "/attach", "/exec"]
                .iter()
                .any(|end| path.contains(end));
        if matches!(number, Some(2375 | 2376)) || containers {
            return Some("asks the Docker Engine's API for containers' environments or files");
        }
        (url_like(w) && service_secrets(path, port))
            .then_some("asks a service's API for what holds credentials (secrets, keys, users)")
    })
}

/// The API path after `/api2/FORMAT/` of a routed path (`routed_path`),
/// in any output format pveproxy's router takes (`[a-z][a-z0-9]+`:
/// `json`, `extjs`, `htmljs`, `spiceconfig`, `png`, `html`; pve-http-server's
/// `split_abs_uri`).
fn pve_api_rest(routed: &str) -> Option<&str> {
    let (format, rest) = routed.strip_prefix("/api2/")?.split_once('/')?;
    let mut chars = format.chars();
    (chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
    .then_some(rest)
}

/// A word that may be a URL: a scheme, or a host followed by a path or a
/// query without one (`10.0.0.40/cm?cmnd=…`, `10.0.0.40?rst=`,
/// `[fe80::1%25eth0]/x`); no option, header or body.
fn url_like(w: &str) -> bool {
    // (A host without a dot or port too: curl and wget take `nas/reboot`
    // and `localhost/x` as `http://…`; review 60. An IPv6 address in
    // brackets, a zone id in it, too: `[::1]:8500/…`; reviews 61, 62.)
    if w.contains("://") {
        return true;
    }
    let authority = url_parts(w).authority;
    let bracketed = authority.strip_prefix('[').and_then(|r| r.split_once(']'));
    let host_ok = match bracketed {
        Some((address, port)) => {
            !address.is_empty()
                && !address.contains(char::is_whitespace)
                && (port.is_empty() || port.starts_with(':'))
        }
        None => !authority.starts_with(['-', '/', '{', '[', '@', '.', '~', '%']),
    };
    host_ok && !authority.is_empty() && authority.len() < w.len() && !w.contains([' ', '"', '\''])
}

/// A word split as curl splits a URL (`lib/urlapi.c`): after the scheme,
/// the authority ends at the first `/`, `?` or `#`; the path runs to the
/// first `?`, the query from there to the first `#` (the fragment is
/// never sent). A later `?` is an ordinary character of the query (RFC
/// 3986 3.4; review 62).
struct UrlParts<'a> {
    authority: &'a str,
    path: &'a str,
    query: &'a str,
}

fn url_parts(w: &str) -> UrlParts<'_> {
    let rest = w.split_once("://").map_or(w, |(_, r)| r);
    let rest = rest.split('#').next().unwrap_or(rest);
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, target) = rest.split_at(end);
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    UrlParts {
        authority,
        path,
        query,
    }
}

/// A query's pairs as a server reads them: split at `&` (and `;`, which
/// old CGI readers take too), each key and value percent-decoded (`+` is
/// a space) and lowercased; `None` where an escape is bad or decodes to
/// no text.
fn query_pairs(query: &str) -> Option<Vec<(String, String)>> {
    let decode = |text: &str| -> Option<String> {
        let raw = text.as_bytes();
        let mut bytes = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            match raw[i] {
                b'%' => {
                    let hex = std::str::from_utf8(raw.get(i + 1..i + 3)?).ok()?;
                    bytes.push(u8::from_str_radix(hex, 16).ok()?);
                    i += 3;
                }
                b'+' => {
                    bytes.push(b' ');
                    i += 1;
                }
                b => {
                    bytes.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8(bytes)
            .ok()
            .map(|t| t.to_ascii_lowercase())
    };
    query
        .split(['&', ';'])
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            Some((decode(key)?, decode(value)?))
        })
        .collect()
}

/// Paths of lab services' APIs whose GET answers with credentials, which
/// their own clients are asked for (review 59): Kubernetes' Secrets
/// (through `kubectl proxy` or the API server) and the kubelet's pods
/// (their environments), Consul's KV store and ACL tokens, Vault's
/// secrets, RabbitMQ's definitions and users (password hashes),
/// CouchDB's users and configuration, Spring's actuator environment and
/// heap dump; and any path with a part named for secrets or tokens.
fn service_secrets(path: &str, port: Option<&str>) -> bool {
    let path = path.to_ascii_lowercase();
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let port = port.and_then(|p| p.parse::<u16>().ok());
    // (Review 60: the same services' other credential endpoints, matched
    // anywhere in the path (a management prefix, `/rabbitmq/api/users`):
    // RabbitMQ's parameters (federation and shovel URIs with passwords),
    // Consul's and Nomad's snapshots, Consul's leaf certificates' keys,
    // Nomad's variables, Vault's port, Kubernetes' workloads and
    // configmaps (their environments), Traefik's middlewares (basicAuth
    // users), CouchDB's replications, the Docker Engine's services,
    // tasks, configs and image exports on any port.)
    const ANYWHERE: &[&str] = &[
        "/v1/kv",
        "/v1/acl",
        "/v1/secret",
        "api/definitions",
        "api/users",
        "api/parameters",
        "api/global-parameters",
        "/v1/snapshot",
        "/v1/operator/snapshot",
        "/v1/var",
        "/connect/ca",
        "/_replicator",
        // (Review 61: etcd v2's keys, Nomad's allocation files and job
        // specs, Docker's swarm (its unlock key), registry searches and
        // distribution look-ups (the daemon reaches out), Traefik's raw
        // data, OPNsense's configuration download, Keycloak's realms,
        // Authentik's providers, the *arr apps' host config and
        // initialize.js, Jellyfin's keys, Syncthing's config, ESPHome's
        // editor, UniFi's WLAN settings.)
        "/v2/keys",
        "/client/fs/",
        "/v1/job/",
        "/v1/allocation",
        "/swarm",
        "/images/search",
        "/distribution/",
        "/api/rawdata",
        "backup/download",
        "/admin/realms",
        "/providers/",
        "/config/host",
        "/initialize.js",
        "/auth/keys",
        "/rest/config",
        "/edit",
        "wlanconf",
        // (Review 62: Consul's gossip keyring, InfluxDB 2's tokens and
        // backups, Syncthing's config, UniFi's settings, networks (Wi-Fi
        // passphrases), RADIUS secrets and accounts, raw configurations
        // (Frigate, HAProxy's Data Plane API), Portainer's stacks (their
        // environments), OPNsense's WireGuard keys and IPsec PSKs, Vault's
        // dynamic credentials, transit exports and cubbyholes, CI
        // variables and triggers' tokens.)
        "/operator/keyring",
        "/api/v2/authorizations",
        "/api/v2/backup",
        "/rest/system/config",
        "/rest/setting",
        "/get/setting",
        "networkconf",
        "radiusprofile",
        "/rest/account",
        "config/raw",
        "configuration/raw",
        "/api/stacks",
        "/api/wireguard/",
        "pre_shared_keys",
        "/creds/",
        "/transit/export",
        "/cubbyhole",
        "/variables",
        "/triggers",
        // (Review 136: the paths lab services' references name as
        // answering with credentials, asked whatever key the request
        // sends (a literal one as much as a variable's): the *arr apps'
        // download clients, indexers and notifications, Grafana's data
        // sources and settings, Gitea's and GitLab's hooks, Portainer's
        // endpoints, qBittorrent's preferences, Immich's system
        // configuration, Overseerr's settings, ntfy's account.)
        "/api/datasources",
        "/api/admin/settings",
        "/api/endpoints",
        "/app/preferences",
        "/api/system-config",
        "/api/v1/settings",
        "/v1/account",
    ];
    const KUBERNETES: &[&str] = &[
        "pods",
        "configmaps",
        "deployments",
        "statefulsets",
        "daemonsets",
        "replicasets",
        "jobs",
        "cronjobs",
        "replicationcontrollers",
        "podtemplates",
        "serviceaccounts",
    ];
    let docker = matches!(
        parts
            .iter()
            .find(|p| !(p.starts_with("v1.") || p.starts_with("v2."))),
        Some(&"services" | &"tasks" | &"configs")
    ) && parts.len() <= 3
        || (parts.contains(&"images") && parts.last() == Some(&"get"));
    // (Any group API, `/apis/…`; the core API's workloads; Vault's KV v2
    // on any port, `/v1/MOUNT/data/…`.)
    let kubernetes = path.starts_with("/apis/")
        || (path.starts_with("/api/v1/") && parts.iter().any(|p| KUBERNETES.contains(p)));
    let vault = parts.first() == Some(&"v1") && parts.get(2) == Some(&"data");
    // (Review 62: Caddy's admin API (its whole config, TLS keys' paths
    // and DNS tokens), Webdis (any Redis command as a path), Tasmota's
    // configuration download, Gotify's application and client tokens.)
    // (Vault's health, seal status and leader answer anyone, no secret.)
    let vault_public = matches!(
        path.as_str(),
        "/v1/sys/health" | "/v1/sys/seal-status" | "/v1/sys/leader"
    );
    (matches!(port, Some(10250 | 10255 | 7379)) || (port == Some(8200) && !vault_public))
        || (port == Some(2019) && matches!(parts.first(), Some(&"config" | &"id")))
        || matches!(
            parts.as_slice(),
            ["dl"] | ["application"] | ["client"] | ["devices"]
        )
        || ANYWHERE.iter().any(|a| path.contains(a))
        || docker
        || kubernetes
        || vault
        || parts.contains(&"middlewares")
        || parts
            .iter()
            .any(|p| p.contains("token") || p.contains("secret"))
        || parts.iter().any(|p| {
            matches!(
                *p,
                "secrets"
                    | "secret"
                    | "credentials"
                    | "tokens"
                    | "token"
                    | "_users"
                    | "_config"
                    | "heapdump"
                    | "env"
                    | "configprops"
                    | "definitions"
                    // (Review 136: the *arr apps' download clients,
                    // indexers and notifications; Gitea's and GitLab's
                    // hooks, each with its secret.)
                    | "downloadclient"
                    | "indexer"
                    | "notification"
                    | "hooks"
            )
        })
}

/// Whether a GET to a device's or service's API acts, as many do on a
/// plain GET (review 59): Tasmota's `cm?cmnd=Power%20Off`, Shelly's
/// `relay/0?turn=off` and Gen2 RPC methods (`rpc/Shelly.FactoryReset`),
/// WLED's `win&T=0`, Pi-hole's `api.php?disable=300`; `Some(true)` where
/// the words turn something off, reset or restart it (a server on the
/// plug goes down with it).
pub(in crate::rules) fn acts_on_get(lits: &[&str]) -> Option<bool> {
    const KEYS: &[&str] = &[
        "cmnd",
        "cmd",
        "command",
        "turn",
        "action",
        "disable",
        "enable",
        "toggle",
        "power",
        "reboot",
        "restart",
        "reset",
        // (Review 60: Shelly's `go=close` and settings, Domoticz's
        // `param=…&switchcmd=Off`, JSON-RPC over GET (Kodi's `request=`,
        // aria2's `method=`), Pi-hole's list edits, a firmware's `url=`.)
        "go",
        "param",
        "switchcmd",
        "request",
        "method",
        "add",
        "sub",
        "url",
        "ssid",
        "mqtt_server",
        "enabled",
        // (Review 61: Tasmota's console `c1=`, restart `rst`, toggles
        // `m=…&o=…`; QNAP's `apply=`; ESPurna's `value=`.)
        "c1",
        "c2",
        "rst",
        "o",
        "m",
        "apply",
        "value",
        "subfunc",
    ];
    // (Parts that act when a query comes with them: Shelly's `/settings`
    // and `/ota`, JSON-RPC, Domoticz's `json.htm`, openHAB's `CMD`.)
    // (Review 62: Shelly's lights, colours and whites, go-e's `mqtt`,
    // relays.)
    const WITH_QUERY: &[&str] = &[
        "settings", "ota", "jsonrpc", "json.htm", "cmd", "cs", "u1", "u2", "set", "light", "white",
        "color", "relay", "roller", "mqtt", "publish",
    ];
    // (Review 62: words an action's part holds, in any spelling of the
    // part: `restart.cgi`, `reboot.php`, `factorydefault.cgi`,
    // `buildWithParameters`, Webdis's `FLUSHALL`.)
    const IN_PARTS: &[&str] = &[
        "reboot",
        "restart",
        "shutdown",
        "poweroff",
        "factory",
        "reset",
        "toggle",
        "turn_on",
        "turn_off",
        "unlock",
        "flushall",
        "flushdb",
        "trigger",
        "webhook",
        "buildwithparameters",
        "publish",
    ];
    const PARTS: &[&str] = &[
        "reboot",
        "restart",
        "shutdown",
        "poweroff",
        "reset",
        "factory_reset",
        "factoryreset",
        "toggle",
        "turn_on",
        "turn_off",
        "off",
        // (Review 61: Tasmota's `/rt` (factory reset), Motion's
        // `action/quit` and `config/writeyes`, Jolokia's `exec`/`write`.)
        "rt",
        "quit",
        "writeyes",
        "action",
        "exec",
        "write",
        // (Review 62: parts that are an action on their own: Jenkins'
        // `build`, Watchtower's `update`, Uptime Kuma's `push`, a Hubitat
        // device's `on`/`open`/`lock`/`setlevel`, a speaker's `pause`.)
        "build",
        "update",
        "push",
        "on",
        "open",
        "close",
        "lock",
        "setlevel",
        "pause",
        "play",
        "resume",
        "start",
        "stop",
        "next",
        "previous",
        "mute",
        "unmute",
        "volume",
        "say",
        // (VictoriaMetrics' `/snapshot/create` on a GET; review 92.)
        "create",
        "add",
    ];
    const LOSES: &[&str] = &[
        "off",
        "false",
        "reset",
        "reboot",
        "restart",
        "shutdown",
        "poweroff",
        "factoryreset",
        "disable",
        "stop",
        "quit",
        "rst",
        "rt",
        "pause",
        "flushall",
        "flushdb",
        "factory",
    ];
    // (With `-G`, the data words are the query of a GET; review 60.)
    let get_mode = lits
        .iter()
        .any(|w| *w == "--get" || (w.starts_with('-') && !w.starts_with("--") && w.contains('G')));
    const DATA: &[&str] = &[
        "-d",
        "--data",
        "--data-urlencode",
        "--data-raw",
        "--data-ascii",
    ];
    let mut data: Vec<&str> = lits
        .windows(2)
        .filter(|p| DATA.contains(&p[0]))
        .map(|p| p[1])
        .collect();
    data.extend(lits.iter().filter_map(|w| {
        let (name, value) = w.split_once('=')?;
        (name.starts_with("--") && DATA.contains(&name)).then_some(value)
    }));
    // (Each URL with the data appended to its query, as curl sends it:
    // `-G -d update=true http://SHELLY/ota` is `/ota?update=true`;
    // review 63.)
    let joined = data.join("&");
    let urls: Vec<String> = lits
        .iter()
        .map(|w| w.trim_matches(['\'', '"']))
        .filter(|w| url_like(w))
        .map(|w| {
            let base = w.split('#').next().unwrap_or(w);
            match (get_mode && !data.is_empty(), base.contains('?')) {
                (false, _) => w.to_string(),
                (true, true) => format!("{base}&{joined}"),
                (true, false) => format!("{base}?{joined}"),
            }
        })
        .chain((get_mode && !data.is_empty()).then(|| format!("http://x/?{joined}")))
        .collect();
    let mut acts = None;
    for w in urls.iter().map(String::as_str) {
        let UrlParts { path, query, .. } = url_parts(w);
        // (A path or a query no server reads as written here may be any:
        // it acts, as far as the card can tell; review 62.)
        let (Some(routed), Some(pairs)) = (routed_path(path), query_pairs(query)) else {
            acts = Some(acts.unwrap_or(false));
            continue;
        };
        let path = routed.to_ascii_lowercase();
        let query = pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&");
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        let rpc = parts.windows(2).any(|p| {
            p[0] == "rpc"
                && p[1].split_once('.').is_some_and(|(_, method)| {
                    !["get", "list", "check", "status"]
                        .iter()
                        .any(|r| method.starts_with(r))
                })
        });
        let acting =
            rpc || parts.iter().any(|p| {
                PARTS.contains(p)
                    || IN_PARTS.iter().any(|w| p.contains(w))
                    || (p.starts_with("win") && p.contains('&'))
            }) || (!query.is_empty() && parts.iter().any(|p| WITH_QUERY.contains(p)))
                || pairs.iter().any(|(key, value)| {
                    let key = key.trim_start_matches('/');
                    // (Tasmota's `Status` commands only report.)
                    let reports =
                        key == "cmnd" && value.starts_with("status") && !value.contains([';', '&']);
                    // (Review 62: Tasmota's forms saved by GET (`save`),
                    // SABnzbd's modes that act, NETIO's outputs, FHEM's
                    // `cmd.NAME`, Pi-hole's `set…`, a light's levels, a
                    // message published.)
                    // (Not the filters Prometheus' and Alertmanager's lists
                    // take: `targets?state=active`.)
                    let filter = key == "state"
                        && matches!(
                            value.as_str(),
                            "active" | "dropped" | "any" | "firing" | "pending" | "inactive"
                        );
                    let form = !filter
                        && matches!(
                            key,
                            "save"
                                | "state"
                                | "brightness"
                                | "red"
                                | "green"
                                | "blue"
                                | "gain"
                                | "payload"
                                | "message"
                        )
                        || key.starts_with("cmd")
                        || key.starts_with("set")
                        || key.strip_prefix("output").is_some_and(|n| {
                            !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
                        });
                    let mode = key == "mode"
                        && !matches!(
                            value.as_str(),
                            "queue"
                                | "history"
                                | "version"
                                | "qstatus"
                                | "status"
                                | "fullstatus"
                                | "warnings"
                                | "server_stats"
                        );
                    // (A newznab or torznab search, NZBHydra2's, Jackett's,
                    // Prowlarr's `/api?t=search`: the indexers it asks are
                    // outside the lab; review 105.)
                    let search = key == "t"
                        && matches!(
                            value.as_str(),
                            "search" | "tvsearch" | "movie" | "music" | "book"
                        );
                    (KEYS.contains(&key) && !reports) || form || mode || search
                });
        if acting {
            let words = format!("{path} {query}");
            // (WLED's `win&T=0`, `on=false`: a switch set to nothing.)
            let zeroed = words.split(['&', '?', '/', ' ']).any(|pair| {
                pair.split_once('=').is_some_and(|(key, value)| {
                    matches!(key, "t" | "on" | "power" | "state" | "enable" | "blocking")
                        && matches!(value, "0" | "false" | "off")
                })
            });
            // (Tasmota's `Power 0`, `Power1 0`: off.)
            let tokens: Vec<&str> = words
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|t| !t.is_empty())
                .collect();
            let powered_off = tokens
                .windows(2)
                .any(|p| p[0].starts_with("power") && p[1] == "0");
            let loses = zeroed
                || powered_off
                || words
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|t| LOSES.contains(&t));
            acts = Some(acts.unwrap_or(false) || loses);
        }
    }
    acts
}

fn deletes_or_stops(lits: &[&str]) -> bool {
    // (A URL's path as the server routes it too, percent-decoded:
    // `/_%64elete_by_query`; review 92.)
    let decoded: Vec<String> = lits
        .iter()
        .filter(|w| w.contains('%'))
        .filter_map(|w| {
            let (scheme, rest) = w.split_once("://")?;
            Some(format!("{scheme}://{}", routed_path(rest)?))
        })
        .collect();
    let with_decoded: Vec<&str> = lits
        .iter()
        .copied()
        .chain(decoded.iter().map(String::as_str))
        .collect();
    let lits = with_decoded.as_slice();
    // (curl sends the last `-X` given; review 92.)
    let method = last_method(lits);
    const STOPS: &[&str] = &[
        "/stop",
        "/shutdown",
        "/reboot",
        "/kill",
        "/_delete_by_query",
        "/stopall",
        "/reset",
        "/destroy",
        "/suspend",
        // Prometheus' `/-/quit` (blind corpus 46).
        "/quit",
        // Jenkins' `/exit` (blind corpus 206); Node-RED's `/flows`, a
        // deploy of the flows' code that replaces what runs (blind
        // corpus 205).
        "/exit",
        "/safeExit",
        "/safeRestart",
        "/scriptText",
        "/flows",
        "/flow",
        "/nodes",
    ];
    let url_stops = lits.iter().any(|w| {
        let path = w
            .split(['?', '#'])
            .next()
            .unwrap_or(w)
            .trim_end_matches('/');
        // A segment naming deletion (`/admin/tsdb/delete_series`,
        // `/api/snapshots/remove`, `/purge`).
        let deleting = path.contains("://")
            && path.split('/').skip(3).any(|segment| {
                let segment = segment.to_ascii_lowercase();
                [
                    "delete",
                    "remove",
                    "destroy",
                    "purge",
                    "wipe",
                    "truncate",
                    "drop",
                    // `/api/v1/admin/tsdb/clean_tombstones` (what was
                    // deleted goes for good), `…/prune`, `…/flush`.
                    "clean",
                    "prune",
                    "flush",
                    "erase",
                    // Plex's `/library/sections/N/emptyTrash` (the items
                    // gone from disk, their metadata with them; blind
                    // corpus 134).
                    "emptytrash",
                    // AdGuard Home's `/control/querylog_clear`, Syncthing's
                    // `/rest/db/revert` (a receive-only folder's local
                    // changes gone).
                    "clear",
                    "revert",
                    // A backup restored over the service's state (Radarr's
                    // `/system/backup/restore/7`; blind corpus 145).
                    "restore",
                ]
                .iter()
                .any(|verb| segment.contains(verb))
            });
        // (A trash emptied: Immich's `/api/trash/empty`; blind corpus 145.)
        let empties = path.contains("://")
            && path
                .split('/')
                .skip(3)
                .any(|segment| segment.eq_ignore_ascii_case("empty"));
        // A part that switches off or restarts (ESPHome's
        // `/switch/x/turn_off`, `/button/restart/press`; blind corpus 63).
        let switching = path.contains("://")
            && path.split('/').skip(3).any(|segment| {
                matches!(
                    segment.to_ascii_lowercase().as_str(),
                    "turn_off"
                        | "restart"
                        | "reboot"
                        | "shutdown"
                        | "poweroff"
                        | "power_off"
                        | "factory_reset"
                        | "factoryreset"
                        | "off"
                )
            });
        // (Node-RED's `/flow/ID`: a flow's code replaced; review 127.)
        deleting
            || empties
            || switching
            || STOPS.iter().any(|end| path.ends_with(end))
            || path.contains("/flow/")
    });
    // A body that switches something off (WLED's `{"on":false}`,
    // Pi-hole's `{"blocking":false}`, `{"state":"OFF"}`) or a query
    // that drops (InfluxDB's `q=DROP DATABASE …`; blind corpus 63).
    let switches_off = lits.iter().any(|w| {
        let tokens: Vec<String> = w
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .map(str::to_ascii_lowercase)
            .collect();
        let has = |t: &str| tokens.iter().any(|x| x == t);
        (w.starts_with('{')
            && (has("false") || has("off"))
            && ["on", "state", "power", "blocking", "enabled", "enable"]
                .iter()
                .any(|k| has(k)))
            || ((w.starts_with("q=") || w.starts_with("query="))
                && ["drop", "delete", "truncate"].iter().any(|k| has(k)))
    });
    // A form field or a body's command that names deletion (`delete=1`,
    // Kea's `{"command":"lease4-del"}`, `lease4-wipe`; blind corpus 53).
    let deletes_field = lits.iter().any(|w| {
        w.starts_with("delete=")
            || w.contains("&delete=")
            || ((w.starts_with('{') || w.contains("command"))
                && w.split(|c: char| !c.is_ascii_alphanumeric()).any(|t| {
                    matches!(
                        t.to_ascii_lowercase().as_str(),
                        "del"
                            | "delete"
                            | "wipe"
                            | "remove"
                            | "purge"
                            | "destroy"
                            | "drop"
                            | "truncate"
                            | "shutdown"
                            | "flush"
                    )
                }))
    });
    let deletes_field = deletes_field || switches_off;
    let changes = |m: &str| {
        ["POST", "PUT", "PATCH"]
            .iter()
            .any(|x| m.eq_ignore_ascii_case(x))
    };
    // Data without `-X` is a POST (curl(1) `-d`).
    let posts = lits.iter().any(|w| {
        matches!(
            *w,
            "-d" | "--data"
                | "--data-raw"
                | "--data-binary"
                | "--data-urlencode"
                | "--json"
                | "-F"
                | "--form"
        ) || w.starts_with("--data")
            || (w.starts_with("-d") && !w.starts_with("--"))
    });
    // A path part that is a deletion word (`delete_series`, `delete_all`,
    // `/snapshot/delete`, `purge`): some servers delete on a GET too
    // (VictoriaMetrics' admin and snapshot API; review 92).
    const DELETING: &[&str] = &[
        "delete", "remove", "destroy", "purge", "wipe", "truncate", "drop", "erase", "del", "rm",
        "clear", "flush", "prune",
    ];
    let get_deletes = lits.iter().any(|w| {
        let path = w.split(['?', '#']).next().unwrap_or(w);
        path.contains("://")
            && path.split('/').skip(3).any(|segment| {
                segment
                    .split(['_', '-', '.'])
                    .any(|t| DELETING.contains(&t.to_ascii_lowercase().as_str()))
            })
    });
    let reads =
        method.is_none_or(|m| m.eq_ignore_ascii_case("GET") || m.eq_ignore_ascii_case("HEAD"));
    // (A custom command on FTP, POP3 or IMAP: `-X 'DELE f'`, `'RMD d'`,
    // `'DELETE INBOX'`, `EXPUNGE`; review 92.)
    let deleting_command = |m: &str| {
        let first = m
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        matches!(
            first.as_str(),
            "DELETE" | "DELE" | "RMD" | "XRMD" | "EXPUNGE"
        )
    };
    method.is_some_and(deleting_command)
        || ((method.is_some_and(changes) || (method.is_none() && posts))
            && (url_stops || deletes_field))
        || (reads && !posts && get_deletes)
}

/// A URL's path as an HTTP server routes it (review 59): percent-decoded
/// (pveproxy decodes before it routes), dot segments removed (curl and
/// wget remove them before they send, RFC 3986 5.2.4), runs of `/`
/// collapsed (PVE's router drops empty parts), the query and fragment
/// cut. `None` where the client or server may read it otherwise: a URL
/// glob (`{a,b}`, `[x-y]`: curl expands them), an escape that decodes to
/// no text or to `/`, `?` or `%` again.
pub(in crate::rules) fn routed_path(path: &str) -> Option<String> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    if path.contains(['{', '}', '[', ']']) {
        return None;
    }
    let mut bytes = Vec::with_capacity(path.len());
    let raw = path.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' {
            let hex = raw.get(i + 1..i + 3)?;
            let value = u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
            bytes.push(value);
            i += 3;
        } else {
            bytes.push(raw[i]);
            i += 1;
        }
    }
    let decoded = String::from_utf8(bytes).ok()?;
    let mut parts: Vec<&str> = Vec::new();
    for part in decoded.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    Some(format!("/{}", parts.join("/")))
}
