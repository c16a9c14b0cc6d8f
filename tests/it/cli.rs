//! The `nomos` binary as an operator uses it: config checking with errors
//! that name the key, secrets from the environment, migrate, seed twice,
//! and listing entities.

use std::path::Path;
use std::process::{Command, Output};

use crate::support::repo_root;

fn nomos(args: &[&str], envs: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_nomos"));
    cmd.args(args)
        .env_remove("NOMOS_CONFIG")
        .env_remove("RUST_LOG");
    for (k, v) in envs {
        cmd.env(k, v);
    }
    cmd.output().expect("run nomos")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A config for `dir` with the shipped seeds, the password from `pw_env`.
fn write_config(dir: &Path, extra_top: &str, pw_env: &str) -> std::path::PathBuf {
    let root = repo_root();
    let config = format!(
        r#"data_dir = "{data}"
{extra_top}
[matrix]
homeserver = "http://127.0.0.1:1"
user = "@nomos:localhost"
password_env = "{pw_env}"

[access]
operators = ["@operator:localhost"]

[llm]
base_url = "http://127.0.0.1:2/v1"
model = "scripted"

[inventory]
file = "{inv}"
knowledge_file = "{kb}"
"#,
        data = dir.join("data").display(),
        inv = root.join("seeds/inventory.yaml").display(),
        kb = root.join("seeds/knowledge.yaml").display(),
    );
    let path = dir.join("nomos.toml");
    std::fs::write(&path, config).expect("write config");
    path
}

#[test]
fn example_config_checks_ok() {
    let example = repo_root().join("config/nomos.example.toml");
    let out = nomos(
        &[
            "check-config",
            "--config",
            example.to_str().expect("utf-8 path"),
        ],
        &[],
    );
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("ok"), "{}", text(&out.stdout));
}

#[test]
fn misspelled_key_fails_and_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let example =
        std::fs::read_to_string(repo_root().join("config/nomos.example.toml")).expect("read");
    let bad = example.replace("homeserver = ", "homeservr = ");
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, bad).expect("write");
    let out = nomos(
        &["check-config", "--config", path.to_str().expect("utf-8")],
        &[],
    );
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("homeservr"), "{err}");
}

#[test]
fn missing_required_key_fails_and_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_config(dir.path(), "", "NOMOS_IT_PW");
    let text_without = std::fs::read_to_string(&path)
        .expect("read")
        .replace("model = \"scripted\"\n", "");
    std::fs::write(&path, text_without).expect("write");
    let out = nomos(
        &["check-config", "--config", path.to_str().expect("utf-8")],
        &[("NOMOS_IT_PW", "pw")],
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("missing field `model`"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn secret_comes_from_the_environment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_config(dir.path(), "", "NOMOS_IT_SECRET_PW");
    let path = path.to_str().expect("utf-8");

    // Unset: a warning by default, an error naming key and variable with --require-env.
    let out = nomos(&["check-config", "--config", path], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("NOMOS_IT_SECRET_PW is not set"),
        "{}",
        text(&out.stderr)
    );
    let out = nomos(&["check-config", "--require-env", "--config", path], &[]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("matrix.password_env") && err.contains("NOMOS_IT_SECRET_PW"),
        "{err}"
    );

    // Set: clean, and the value never appears in the output.
    let out = nomos(
        &["check-config", "--require-env", "--config", path],
        &[("NOMOS_IT_SECRET_PW", "sup3r-s3cret-value")],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(!all.contains("warning"), "{all}");
    assert!(!all.contains("sup3r-s3cret-value"), "{all}");
}

#[test]
fn migrate_seed_twice_and_list_entities() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_config(dir.path(), "", "NOMOS_IT_PW");
    let path = path.to_str().expect("utf-8");
    // None of these talks to Matrix or the model: no password, no key.
    let env: [(&str, &str); 0] = [];

    let out = nomos(&["migrate", "--config", path], &env);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("SQLite"),
        "{}",
        text(&out.stdout)
    );
    assert!(dir.path().join("data/nomos.db").exists());

    let out = nomos(&["seed", "--config", path], &env);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !text(&out.stdout).contains("nothing changed"),
        "{}",
        text(&out.stdout)
    );
    let out = nomos(&["seed", "--config", path], &env);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("nothing changed"),
        "{}",
        text(&out.stdout)
    );

    let out = nomos(&["entities", "--type", "lxc", "--config", path], &env);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listing = text(&out.stdout);
    assert!(
        listing.contains("lxc:caddy") && listing.contains("vmid=121"),
        "{listing}"
    );
    assert!(
        !listing.contains("host:strong "),
        "type filter leaked other types:\n{listing}"
    );

    let out = nomos(
        &["entities", "--json", "--type", "host", "--config", path],
        &env,
    );
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|e| e["type"] == "host"));
}

#[test]
fn only_run_needs_the_matrix_password_and_it_names_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_config(dir.path(), "", "NOMOS_IT_UNSET_PW");
    let path = path.to_str().expect("utf-8");
    let keyed = std::fs::read_to_string(path).expect("config").replace(
        "model = \"scripted\"",
        "model = \"scripted\"\napi_key_env = \"NOMOS_IT_UNSET_KEY\"",
    );
    std::fs::write(path, keyed).expect("config");
    for args in [
        vec!["migrate", "--config", path],
        vec!["seed", "--config", path],
        vec!["entities", "--config", path],
    ] {
        let out = nomos(&args, &[]);
        assert!(
            out.status.success(),
            "{args:?} needs no secret: {}",
            text(&out.stderr)
        );
    }
    let out = nomos(&["run", "--config", path], &[]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("matrix.password_env") && err.contains("NOMOS_IT_UNSET_PW"),
        "{err}"
    );
    // The console names the model key it lacks, never the Matrix password.
    let out = nomos(&["chat", "--config", path], &[]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("llm.api_key_env") && err.contains("NOMOS_IT_UNSET_KEY"),
        "{err}"
    );
    assert!(!err.contains("matrix"), "{err}");
}

#[test]
fn json_logs_are_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_config(dir.path(), "", "NOMOS_IT_PW");
    let out = nomos(
        &[
            "--log-format",
            "json",
            "--log-level",
            "debug",
            "migrate",
            "--config",
            path.to_str().expect("utf-8"),
        ],
        &[("NOMOS_IT_PW", "pw")],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(!lines.is_empty(), "migrate logged nothing");
    for line in &lines {
        serde_json::from_str::<serde_json::Value>(line)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
    }
}

#[test]
fn classify_prints_class_reason_and_segments() {
    let out = nomos(
        &["classify", "--", "systemctl status caddy; rm -rf /srv/old"],
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert!(
        lines.next().is_some_and(|l| l.starts_with("destructive: ")),
        "{stdout}"
    );
    assert!(
        stdout.contains("read_only") && stdout.contains("`systemctl status` only inspects"),
        "{stdout}"
    );

    let out = nomos(
        &[
            "classify",
            "--json",
            "--",
            "curl",
            "-fsSL",
            "https://get.docker.com",
            "|",
            "sh",
        ],
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    // A script made at run time piped into a shell can run anything.
    assert_eq!(json["class"], "destructive");
    // The reason still says where data would go.
    assert!(
        json["reason"]
            .as_str()
            .is_some_and(|r| r.contains("get.docker.com")),
        "{}",
        json["reason"]
    );
    let segments = json["segments"].as_array().expect("segments");
    assert_eq!(segments.len(), 2);
    // Fetching from outside the lab is a change of its own: it sends data
    // off the host.
    assert_eq!(segments[0]["class"], "config_mutation");
    assert!(
        segments[0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("get.docker.com")),
        "{}",
        segments[0]["reason"]
    );
    assert_eq!(segments[1]["command"], "sh");

    let out = nomos(
        &[
            "classify",
            "--json",
            "--declared",
            "destructive",
            "--",
            "uptime",
        ],
        &[],
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["class"], "destructive");

    let out = nomos(&["classify", "--declared", "risky", "--", "uptime"], &[]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("risky"), "{}", text(&out.stderr));
}

/// A config whose inventory has the test SSH server at 127.0.0.6 as
/// `host:sim`, a host that is down, and a local host.
fn write_ssh_config(dir: &Path) -> std::path::PathBuf {
    use crate::support::require_env;
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let inventory = dir.join("inventory.yaml");
    std::fs::write(
        &inventory,
        format!(
            "hosts:\n  - name: sim\n    transport: ssh\n    address: 127.0.2.7\n    port: {port}\n    user: {user}\n    \
             key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n    default: true\n    path: {path}\n    attributes: {{proxmox: true}}\n  \
             - name: down\n    transport: ssh\n    address: 127.0.0.1\n    port: {closed}\n    user: root\n    \
             key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n  - name: here\n    transport: local\n",
            port = require_env("NOMOS_TEST_SSH_PORT"),
            user = require_env("NOMOS_TEST_SSH_USER"),
            path = require_env("NOMOS_TEST_SSH_PATH"),
            key = require_env("NOMOS_TEST_SSH_KEY"),
            fp = require_env("NOMOS_TEST_SSH_FINGERPRINT"),
        ),
    )
    .expect("inventory");
    let config = dir.join("nomos.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = \"{data}\"\n[matrix]\nhomeserver = \"http://127.0.0.1:1\"\nuser = \"@nomos:localhost\"\npassword = \"x\"\n\
             [access]\noperators = [\"@op:localhost\"]\n[llm]\nbase_url = \"http://127.0.0.1:2/v1\"\nmodel = \"m\"\n\
             [inventory]\nfile = \"{inv}\"\n[exec]\nconnect_timeout_secs = 3\n",
            data = dir.join("data").display(),
            inv = inventory.display()
        ),
    )
    .expect("config");
    config
}

#[test]
fn doctor_names_each_hosts_problem_and_fix() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = write_ssh_config(dir.path());
    let config = config.to_str().expect("utf-8");
    assert!(nomos(&["seed", "--config", config], &[]).status.success());
    // The simulated host (127.0.2.7, this test's own) caches a standard
    // Debian template, so pct_create would work there.
    let state = std::path::PathBuf::from(crate::support::require_env("NOMOS_TEST_SIM_STATE"))
        .join("127.0.2.7");
    let _ = std::fs::remove_dir_all(&state);
    std::fs::create_dir_all(state.join("templates")).expect("state");
    std::fs::write(
        state.join("templates/local"),
        "debian-13-standard_13.1-2_amd64.tar.zst\n",
    )
    .expect("templates");
    for path in [
        state.clone(),
        state.join("templates"),
        state.join("templates/local"),
    ] {
        use std::os::unix::fs::PermissionsExt;
        let mode = if path.is_dir() { 0o777 } else { 0o666 };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    }
    let out = nomos(&["doctor", "--config", config], &[]);
    let stdout = text(&out.stdout);
    assert!(
        !out.status.success(),
        "a down host fails the check:\n{stdout}"
    );
    let line = |host: &str| {
        stdout
            .lines()
            .find(|l| l.contains(host))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        line("host:sim").starts_with("ok") && line("host:sim").contains("pct/pvesh/pveam present"),
        "{stdout}"
    );
    assert!(
        line("host:down").starts_with("FAIL")
            && line("host:down").contains("fix: check address and port"),
        "{stdout}"
    );
    assert!(line("host:here").starts_with("ok"), "{stdout}");
    assert!(line("data_dir").starts_with("ok"), "{stdout}");
    let proxmox = line("host:sim proxmox");
    for part in [
        "root disks on: local-lvm (lvmthin)",
        "newest standard Debian: local:vztmpl/debian-13-standard_13.1-2_amd64.tar.zst",
        "(gateway proved from the host)",
        "standalone node",
    ] {
        assert!(
            proxmox.starts_with("ok") && proxmox.contains(part),
            "{part}: {stdout}"
        );
    }
    // Each reached host says how read-only work is confined there (the
    // SSH user through a user namespace, this machine's root with the
    // secret guard).
    let sim = line("host:sim confinement");
    assert!(
        sim.starts_with("ok") && sim.contains("confined:") && sim.contains("user namespace"),
        "{stdout}"
    );
    let here = line("host:here confinement");
    assert!(
        here.starts_with("ok") && here.contains("secrets refused on open"),
        "{stdout}"
    );
    assert!(
        text(&out.stderr).contains("1 of 7 check(s) need attention"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn exec_runs_read_only_commands_and_refuses_the_rest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = write_ssh_config(dir.path());
    let config = config.to_str().expect("utf-8");
    assert!(nomos(&["seed", "--config", config], &[]).status.success());

    let out = nomos(
        &["exec", "--config", config, "host:sim", "--", "uname", "-s"],
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "Linux\n");

    // The remote exit code comes back.
    let out = nomos(
        &[
            "exec",
            "--config",
            config,
            "host:sim",
            "--",
            "grep",
            "-q",
            "no-such-text",
            "/etc/hostname",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(1));

    let marker = dir.path().join("must-not-exist");
    let rm = format!("rm -rf {}", marker.display());
    std::fs::write(&marker, "x").expect("marker");
    let out = nomos(&["exec", "--config", config, "host:here", "--", &rm], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("refused: this command is destructive"),
        "{}",
        text(&out.stderr)
    );
    assert!(marker.exists(), "nothing ran");
    let out = nomos(
        &[
            "exec",
            "--config",
            config,
            "host:here",
            "--",
            "systemctl restart caddy",
        ],
        &[],
    );
    assert!(
        text(&out.stderr).contains("config_mutation"),
        "{}",
        text(&out.stderr)
    );
}

/// `nomos exec` on a local host runs read-only work under nomos-confine:
/// the same output as unconfined for reads, and with the classifier
/// skipped, a write, a secret read and a signal all stopped, each said.
#[test]
fn exec_on_a_local_host_runs_confined() {
    // Outside /tmp, which the confinement shows through a private overlay.
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("tempdir");
    let config = write_ssh_config(dir.path());
    let config = config.to_str().expect("utf-8");
    assert!(nomos(&["seed", "--config", config], &[]).status.success());
    // A folder Nomos itself does not write (its `data` folder changes
    // with the run, and its time with it).
    let listed = dir.path().join("listed");
    std::fs::create_dir(&listed).expect("folder");
    std::fs::write(listed.join("a.txt"), "a\n").expect("file");
    let listing = format!("ls -la {}", listed.display());
    let out = nomos(
        &["exec", "--config", config, "host:here", "--", &listing],
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let plain = std::process::Command::new("bash")
        .args(["-c", &listing])
        .output()
        .expect("ls");
    assert_eq!(
        text(&out.stdout),
        text(&plain.stdout),
        "a read reads the same"
    );

    let marker = dir.path().join("written");
    let secret = dir.path().join(".env");
    std::fs::write(&secret, "API_TOKEN=canary-7d1f\n").expect("secret");
    let mut sentinel = std::process::Command::new("sleep")
        .arg("60")
        .spawn()
        .expect("sentinel");
    for (command, says) in [
        (
            format!("touch {}", marker.display()),
            "Read-only file system",
        ),
        (
            format!("cat {}", secret.display()),
            "Operation not permitted",
        ),
        (format!("kill -9 {}", sentinel.id()), "kill"),
    ] {
        let out = nomos(
            &[
                "exec",
                "--config",
                config,
                "--skip-classifier",
                "host:here",
                "--",
                &command,
            ],
            &[],
        );
        assert!(!out.status.success(), "{command} succeeded");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{command}: {err}");
        assert!(
            !text(&out.stdout).contains("canary"),
            "{command} showed the secret"
        );
    }
    assert!(!marker.exists(), "the write happened");
    assert!(
        sentinel.try_wait().expect("wait").is_none(),
        "the sentinel was killed"
    );
    sentinel.kill().expect("kill sentinel");
    let _ = sentinel.wait();
    let err = text(
        &nomos(
            &[
                "exec",
                "--config",
                config,
                "--skip-classifier",
                "host:here",
                "--",
                &format!("touch {}", marker.display()),
            ],
            &[],
        )
        .stderr,
    );
    assert!(err.contains("propose it as a change"), "{err}");

    let out = nomos(
        &[
            "exec",
            "--config",
            config,
            "--skip-classifier",
            "host:sim",
            "--",
            "uname",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("cannot be confined"),
        "{}",
        text(&out.stderr)
    );
}

/// A reader that goes away (`nomos classify … | head -1`) ends a subcommand
/// quietly: no panic on standard error, and the status a shell gives a
/// program SIGPIPE ended (141), not success.
#[test]
fn a_closed_pipe_ends_a_subcommand_quietly() {
    use std::process::Stdio;
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_nomos"))
        .args(["classify", "--", "systemctl status caddy; rm -rf /srv/old"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("nomos runs");
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "quietly: {stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}

/// A console-only config (no `[matrix]`, no `[access]`) checks ok for
/// `chat`, and is refused for `run`, naming the missing section.
#[test]
fn check_config_for_chat_takes_a_console_only_config() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("chat.toml");
    std::fs::write(
        &path,
        format!(
            "data_dir = \"{}\"\n[llm]\nbase_url = \"http://127.0.0.1:9/v1\"\nmodel = \"m\"\n\
             [inventory]\nfile = \"inventory.yaml\"\n",
            dir.path().join("data").display()
        ),
    )
    .expect("config");
    let path = path.to_str().expect("utf-8");
    let out = nomos(&["check-config", "--for", "chat", "--config", path], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("ok for `nomos chat`"),
        "{}",
        text(&out.stdout)
    );
    let out = nomos(&["check-config", "--config", path], &[]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("matrix"),
        "{}",
        text(&out.stderr)
    );
}
