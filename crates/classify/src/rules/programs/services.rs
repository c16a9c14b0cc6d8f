//! The rules for systemd units and the servers Nomos manages (nginx, caddy,
//! apache, haproxy, sshd): each arm judges one program (or family) by its
//! flags and subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    Some(match name {
        "systemctl" => {
            let values = SYSTEMCTL_VALUED;
            if has_flag(args, "", &["version", "help", "failed"]) && verb(values).is_none() {
                return Some(ro("only lists"));
            }
            // (`log-level` alone prints the level, `service-log-level UNIT`
            // a unit's; with one more word they set it; blind corpus 123.)
            let operands = positionals(args, values);
            let getter = match operands.first().and_then(|a| a.literal()) {
                Some("log-level" | "log-target" | "service-watchdogs") => operands.len() == 1,
                Some("service-log-level" | "service-log-target") => operands.len() == 2,
                _ => false,
            };
            if getter {
                return Some(ro("prints a setting"));
            }
            let v = by_verb(name, verb(values), SYSTEMCTL_READ, SYSTEMCTL_DESTRUCTIVE);
            // `disable --now` stops the unit too.
            let stops = matches!(verb(values).and_then(Arg::literal), Some("disable"));
            if stops && has_flag(args, "", &["now"]) && v.class == crate::RiskClass::ConfigMutation
            {
                de("stops the unit now (`--now`)")
            } else {
                v
            }
        }
        "service" => {
            if has_flag(args, "", &["status-all", "version", "help"]) {
                return Some(ro("lists services"));
            }
            by_verb(
                name,
                positionals(args, &[]).get(1).copied(),
                // (FreeBSD's rc.subr(8) takes `one`, `force`, `fast` and
                // `quiet` before a command: `onestop` stops a service
                // not even enabled; review 128.)
                &["status", "onestatus", "quietstatus"],
                &[
                    "stop",
                    "force-stop",
                    "onestop",
                    "forcestop",
                    "faststop",
                    "quietstop",
                ],
            )
        }
        "nginx" => match option_value(args, &["-s"]).as_deref() {
            Some("stop" | "quit") => de("stops the web server"),
            Some(_) => mu("signals the web server"),
            None if has_flag(args, "tTvVh?", &[]) => ro("tests or prints configuration"),
            None => mu("starts the web server"),
        },
        "caddy" => by_verb(
            name,
            verb(&["--config", "--adapter", "--address"]),
            &[
                "validate",
                "version",
                "list-modules",
                "build-info",
                "environ",
                "adapt",
                "help",
                "hash-password",
                "fmt",
            ],
            &["stop"],
        ),
        "apachectl" | "apache2ctl" => by_verb(
            name,
            verb(&[]),
            &["configtest", "-t", "-S", "status", "fullstatus", "-v", "-V"],
            &["stop", "graceful-stop"],
        ),
        "certbot" => by_verb(
            name,
            verb(&[]),
            &["certificates", "plugins", "help"],
            &["delete", "revoke"],
        ),
        "sshd" => either(
            has_flag(args, "tTV", &[]),
            ro("checks its configuration"),
            mu("starts an SSH server"),
        ),
        "haproxy" => either(
            has_flag(args, "cvV", &[]),
            ro("checks its configuration"),
            mu("starts a proxy"),
        ),
        // promtool(1) `query KIND SERVER …`: the server is the first word
        // after the kind, read as a URL (`http` filled in when no scheme
        // is written): only a lab host's URL with its scheme (review 75).
        "promtool"
            if crate::tables::operands(name, args)
                .first()
                .and_then(|a| a.literal())
                == Some("query") =>
        {
            // (Read as the table reads the line, the kind's own options
            // and their values set aside: `--time 5`.)
            let line = crate::tables::reading(name, args);
            let server = line.as_ref().and_then(|line| {
                line.operands
                    .iter()
                    .filter_map(|a| a.literal())
                    .find(|w| !matches!(*w, "query" | "instant" | "range" | "series" | "labels"))
            });
            if server.is_some_and(|s| s.contains("://") && crate::tables::lab_url(s)) {
                return None;
            }
            mu("sends its query to a server not proven a lab host's")
        }
        _ => return None,
    })
}
