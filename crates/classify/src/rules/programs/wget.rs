//! wget's requests to the Proxmox API judged as curl's twin of them
//! (review 135): `--post-data`, `--body-data` and `--method` make the same
//! call `curl -d`/`-X` does, and curl's rules turn it into the `pvesh`
//! line that makes it. The rest of wget is `network`'s.

use super::*;

/// Judges `wget args…`: its own rules, and where a URL names `/api2/`,
/// the curl line that sends the same request.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    if name != "wget" {
        return None;
    }
    let own = super::network::judge(w, name, args, depth)?;
    let api = args.iter().any(|a| a.raw().contains("/api2/"));
    match as_curl(args).filter(|_| api) {
        Some(curl) => {
            let twin = super::curl::judge(w, "curl", &curl, depth)?;
            Some(own.max(twin.prefixed("`wget` sends what curl would: ")))
        }
        None => Some(own),
    }
}

/// The curl words of the request a wget line sends (GNU Wget 1.21's
/// options that shape it: the method, the body, headers, the URLs), or
/// `None` for a word bash may split.
fn as_curl(args: &[Arg]) -> Option<Vec<Arg>> {
    const SHAPING: &[(&str, &str)] = &[
        ("--post-data", "-d"),
        ("--body-data", "-d"),
        ("--post-file", "--data-binary"),
        ("--body-file", "--data-binary"),
        ("--method", "-X"),
        ("--header", "-H"),
    ];
    let mut out = Vec::new();
    let mut method = None;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if arg.splits() {
            return None;
        }
        let raw = arg.raw();
        // (The URLs only: another option's value is no operand of curl.)
        if !raw.starts_with('-') {
            if raw.contains("://") || raw.contains("/api2/") {
                out.push(arg.clone());
            }
            continue;
        }
        let (option, glued) = match raw.split_once('=') {
            Some((o, v)) => (o, Some(v)),
            None => (raw, None),
        };
        let Some((_, curl)) = SHAPING.iter().find(|(o, _)| *o == option) else {
            continue;
        };
        let value = match glued {
            Some(v) => Arg {
                text: v.to_string(),
                kind: arg.kind,
            },
            None => {
                i += 1;
                args.get(i - 1)?.clone()
            }
        };
        let value = match *curl {
            "--data-binary" => Arg {
                text: format!("@{}", value.text),
                kind: value.kind,
            },
            _ => value,
        };
        if *curl == "-X" {
            method = Some(value);
        } else {
            out.push(Arg::literal_of(*curl));
            out.push(value);
        }
    }
    if let Some(m) = method {
        out.push(Arg::literal_of("-X"));
        out.push(m);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_and_method_become_curl_words() {
        let args: Vec<Arg> = [
            "-qO-",
            "--post-data=",
            "--header=Authorization: x",
            "https://10.0.0.1:8006/api2/json/a",
        ]
        .into_iter()
        .map(Arg::literal_of)
        .collect();
        let curl: Vec<String> = as_curl(&args)
            .expect("literal")
            .iter()
            .map(|a| a.raw().to_string())
            .collect();
        assert_eq!(
            curl,
            [
                "-d",
                "",
                "-H",
                "Authorization: x",
                "https://10.0.0.1:8006/api2/json/a"
            ]
        );
    }
}
