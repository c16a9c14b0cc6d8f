//! The first run, as a newcomer meets it: `scripts/dev`'s account helper
//! with passwords that look like options and a `.dev/` that must repair
//! itself, the whole dev start-up traced in a network namespace that has
//! only loopback (any other destination fails the test), and the demo lab
//! (`config/demo/`) working in a real room: a read-only `!run` at once, a
//! change after the operator's ✅, and the model's "create a file" through
//! a card to done.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::ruma::RoomId;
use serde_json::Value;

use crate::support::bot::RunningBot;
use crate::support::matrix::{LIMIT, body, events, react, send};
use crate::support::model::{Model, last, run, say};
use crate::support::scenario::Scenario;
use crate::support::{eventually, repo_root, require_env, unique};
use nomos::domain::HealthStatus;

/// Runs `script` in bash with `scripts/lib.sh` sourced, pointed at the test
/// Synapse; returns (success, stdout + stderr).
fn lib_sh(script: &str) -> (bool, String) {
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("source scripts/lib.sh\n{script}"))
        .current_dir(repo_root())
        .env("SYNAPSE_URL", require_env("NOMOS_TEST_HOMESERVER"))
        .env(
            "SYNAPSE_SECRET",
            require_env("NOMOS_TEST_REGISTRATION_SECRET"),
        )
        .env("SYNAPSE_VENV", require_env("NOMOS_TEST_SYNAPSE_VENV"))
        .output()
        .expect("run bash");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The HTTP status of a password login of `user` at the test Synapse.
async fn login_status(user: &str, password: &str) -> u16 {
    let hs = require_env("NOMOS_TEST_HOMESERVER");
    let body = serde_json::json!({
        "type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": user},
        "password": password,
    });
    reqwest::Client::new()
        .post(format!("{hs}/_matrix/client/v3/login"))
        .json(&body)
        .send()
        .await
        .expect("login request")
        .status()
        .as_u16()
}

#[tokio::test]
async fn dev_accounts_take_passwords_that_look_like_options_and_repair_themselves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let user = format!("dev{}", unique());
    let file = dir.path().join("pw");
    // What `token_urlsafe` once produced: a password that reads as an option.
    let dashed = format!("-3RLc{}", unique());
    std::fs::write(&file, format!("{dashed}\n")).expect("password file");
    let (ok, out) = lib_sh(&format!("ensure_account {user} {}", file.display()));
    assert!(ok, "a password starting with `-` must register:\n{out}");
    assert_eq!(login_status(&user, &dashed).await, 200);

    // The saved password no longer matches the account (an edited or lost
    // file, a kept homeserver): the next start sets it anew, not fails.
    let replaced = format!("--password={}", unique());
    std::fs::write(&file, format!("{replaced}\n")).expect("password file");
    let (ok, out) = lib_sh(&format!("ensure_account {user} {}", file.display()));
    assert!(
        ok,
        "a .dev/ with a stale password must repair itself:\n{out}"
    );
    assert!(out.contains("setting it anew"), "{out}");
    assert_eq!(login_status(&user, &replaced).await, 200);
    assert_eq!(login_status(&user, &dashed).await, 403);

    // A third run with everything in order changes nothing.
    let (ok, out) = lib_sh(&format!("ensure_account {user} {}", file.display()));
    assert!(ok && !out.contains("anew"), "{out}");

    // Fresh passwords: made once, kept, and never shaped like an option.
    let (ok, out) = lib_sh(&format!(
        "for i in $(seq 1 100); do ensure_password {d}/p$i; ensure_password {d}/p$i; done",
        d = dir.path().display()
    ));
    assert!(ok, "{out}");
    for i in 1..=100 {
        let text = std::fs::read_to_string(dir.path().join(format!("p{i}"))).expect("made");
        let pw = text.trim();
        assert_eq!(pw.len(), 32, "{pw:?}");
        assert!(pw.chars().all(|c| c.is_ascii_hexdigit()), "{pw:?}");
    }
}

/// Every address in a strace line of connect/sendto/sendmsg: IPv4 from
/// `inet_addr("…")`, IPv6 from `inet_pton(AF_INET6, "…"`.
fn addresses(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (marker, end) in [("inet_addr(\"", '"'), ("inet_pton(AF_INET6, \"", '"')] {
        let mut rest = line;
        while let Some(at) = rest.find(marker) {
            let tail = &rest[at + marker.len()..];
            let addr: String = tail.chars().take_while(|c| *c != end).collect();
            rest = &tail[addr.len()..];
            found.push(addr);
        }
    }
    found
}

fn is_loopback(addr: &str) -> bool {
    match addr.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(v4)) => v4.is_loopback(),
        Ok(std::net::IpAddr::V6(v6)) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
        Err(_) => false,
    }
}

#[test]
fn the_trace_reader_sees_every_destination() {
    let v4 = r#"1234 connect(7, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("192.168.178.1")}, 16) = -1 ENETUNREACH"#;
    let v6 = r#"99 connect(3, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = -1"#;
    let lo = r#"7 connect(9, {sa_family=AF_INET, sin_port=htons(8008), sin_addr=inet_addr("127.0.0.1")}, 16) = 0"#;
    assert_eq!(addresses(v4), ["192.168.178.1"]);
    assert_eq!(addresses(v6), ["2001:db8::1"]);
    assert!(!is_loopback("192.168.178.1") && !is_loopback("2001:db8::1"));
    assert!(is_loopback("127.0.0.1") && is_loopback("::1") && is_loopback("::ffff:127.0.0.1"));
    assert!(addresses(lo).iter().all(|a| is_loopback(a)));
    assert!(addresses(r#"connect(3, {sa_family=AF_UNIX, sun_path="/run/x"}, 110)"#).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dev_start_up_connects_to_loopback_only() {
    // The venv scripts/test made; scripts/dev finds it in the same cache.
    require_env("NOMOS_TEST_SYNAPSE_VENV");
    let dir = tempfile::tempdir().expect("tempdir");
    let dev = dir.path().join("dev");
    let trace = dir.path().join("trace");
    let log_path = dir.path().join("dev.log");
    let mut child = spawn_dev_traced_with_loopback_only(&dev, &trace, &log_path);
    let pgid = child.id().and_then(|p| i32::try_from(p).ok());
    let read_log = || std::fs::read_to_string(&log_path).unwrap_or_default();

    let ready = tokio::time::timeout(Duration::from_secs(300), async {
        loop {
            if read_log().contains("Nomos is listening") {
                return;
            }
            if let Ok(Some(status)) = child.try_wait() {
                panic!(
                    "scripts/dev ended ({status}) before listening:\n{}",
                    read_log()
                );
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    })
    .await;
    if ready.is_err() {
        kill_group(pgid);
        panic!("scripts/dev did not reach listening:\n{}", read_log());
    }

    // The demo lab's checks run against what scripts/dev started and pass.
    let store =
        nomos::store::Store::connect(&format!("sqlite://{}", dev.join("data/nomos.db").display()))
            .await
            .expect("the bot's database");
    let healthy = tokio::time::timeout(Duration::from_secs(120), async {
        loop {
            let health = store.entity_health().await.unwrap_or_default();
            let ok = |slug: &str| {
                health
                    .iter()
                    .any(|h| h.slug == slug && h.status == HealthStatus::Healthy)
            };
            if ok("service:synapse") && ok("service:nomos") && ok("host:sandbox") {
                return health;
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    })
    .await;
    let seen = store.entity_health().await.unwrap_or_default();
    store.close().await;

    let (pid, lock, ended) = stop_the_bot_and_scripts_dev(&dev, &mut child, pgid).await;
    let healthy = healthy.unwrap_or_else(|_| {
        let seen: Vec<String> = seen
            .iter()
            .map(|h| format!("{}={} ({:?})", h.slug, h.status, h.detail))
            .collect();
        panic!(
            "the demo lab's checks did not all pass: {seen:?}\n{}",
            read_log()
        )
    });
    assert!(pid.is_some(), "no PID in the lock file: {lock:?}");
    assert!(
        ended,
        "scripts/dev did not stop on SIGTERM:\n{}",
        read_log()
    );
    let entities: Vec<String> = healthy
        .iter()
        .map(|h| format!("{}={}", h.slug, h.status))
        .collect();
    the_trace_saw_loopback_only(&trace, &entities);
}

/// scripts/dev (data in `dev`) in a network namespace that has only
/// loopback, under strace writing to `trace`, its output in `log_path`.
fn spawn_dev_traced_with_loopback_only(
    dev: &Path,
    trace: &Path,
    log_path: &Path,
) -> tokio::process::Child {
    let log = std::fs::File::create(log_path).expect("log");
    tokio::process::Command::new("unshare")
        .args(["--net", "--", "sh", "-c"])
        .arg(
            "ip link set lo up && exec strace -f -qq -e trace=connect,sendto,sendmsg -o \"$1\" scripts/dev",
        )
        .arg("sh")
        .arg(trace)
        .current_dir(repo_root())
        .env("NOMOS_DEV_DIR", dev)
        .env("NOMOS_BIN", env!("CARGO_BIN_EXE_nomos"))
        .env_remove("NOMOS_LLM_BASE_URL")
        .env_remove("NOMOS_DEV_INVENTORY")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .process_group(0)
        .kill_on_drop(true)
        .spawn()
        .expect("unshare (util-linux) and strace are installed by scripts/test")
}

/// A clean stop: SIGTERM to the bot, whose PID its lock file holds;
/// scripts/dev then stops Synapse on its way out. Returns (the PID, the
/// lock file's text, whether scripts/dev ended within 60 s).
async fn stop_the_bot_and_scripts_dev(
    dev: &Path,
    child: &mut tokio::process::Child,
    pgid: Option<i32>,
) -> (Option<i32>, String, bool) {
    let lock = std::fs::read_to_string(dev.join("data/nomos.db.lock")).unwrap_or_default();
    let pid: Option<i32> = lock
        .split(|c: char| !c.is_ascii_digit())
        .find(|s| !s.is_empty())
        .and_then(|s| s.parse().ok());
    if let Some(pid) = pid {
        // SAFETY: kill(2) has no memory effects.
        unsafe {
            libc::kill(pid, libc::SIGTERM);
        }
    }
    let ended = tokio::time::timeout(Duration::from_secs(60), child.wait()).await;
    if ended.is_err() {
        kill_group(pgid);
    }
    (pid, lock, ended.is_ok())
}

/// Every destination in `trace` is loopback, and there were enough of
/// them to show the trace saw the traffic; `entities` are the checks that
/// passed, for the summary line.
fn the_trace_saw_loopback_only(trace: &Path, entities: &[String]) {
    let text = std::fs::read_to_string(trace).expect("the strace output");
    let mut elsewhere = Vec::new();
    let mut to_loopback = 0;
    for line in text.lines() {
        for addr in addresses(line) {
            if is_loopback(&addr) {
                to_loopback += 1;
            } else {
                elsewhere.push(line.to_string());
            }
        }
    }
    println!(
        "dev start-up: {} traced calls, {to_loopback} to loopback, {} elsewhere; entities {:?}",
        text.lines().count(),
        elsewhere.len(),
        entities
    );
    // The bot, the helpers and Synapse talk to each other: a trace that
    // saw no loopback traffic saw nothing.
    assert!(to_loopback > 10, "the trace caught too little:\n{text}");
    assert!(
        elsewhere.is_empty(),
        "scripts/dev reached beyond loopback:\n{}",
        elsewhere.join("\n")
    );
}

fn kill_group(pgid: Option<i32>) {
    if let Some(pgid) = pgid {
        // SAFETY: kill(2) with a negative pid signals that group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// The demo inventory as scripts/dev writes it, for a bot whose sandbox
/// and data live in `dir`.
fn demo_inventory(dir: &Path, homeserver: &str, healthz: &str) -> PathBuf {
    let template =
        std::fs::read_to_string(repo_root().join("config/demo/inventory.yaml")).expect("template");
    let text = template
        .replace("{{SYNAPSE_URL}}", homeserver)
        .replace("{{HEALTHZ_URL}}", healthz);
    assert!(
        !text.contains("{{"),
        "a placeholder scripts/dev does not fill:\n{text}"
    );
    let path = dir.join("demo-inventory.yaml");
    std::fs::write(&path, text).expect("inventory");
    std::fs::create_dir_all(dir.join("sandbox")).expect("sandbox");
    path
}

/// The bot's first message (not an edit) whose body contains `needle`.
async fn bot_message(client: &Client, room: &RoomId, bot: &str, needle: &str) -> String {
    eventually(needle, LIMIT, || async {
        events(client, room).await.into_iter().find_map(|ev| {
            (ev["sender"] == bot
                && ev["type"] == "m.room.message"
                && ev["content"]["m.relates_to"]["rel_type"] != "m.replace"
                && body(&ev).contains(needle))
            .then(|| ev["event_id"].as_str().unwrap_or("").to_string())
        })
    })
    .await
}

/// The newest text of the bot's event `id`: its last edit, or itself.
async fn newest_text(client: &Client, room: &RoomId, id: &str) -> String {
    let all = events(client, room).await;
    let edit = all.iter().rev().find(|ev| {
        ev["content"]["m.relates_to"]["rel_type"] == "m.replace"
            && ev["content"]["m.relates_to"]["event_id"] == id
    });
    match edit {
        Some(ev) => ev["content"]["m.new_content"]["body"]
            .as_str()
            .unwrap_or("")
            .to_string(),
        None => all
            .iter()
            .find(|ev| ev["event_id"] == id)
            .map(|ev| body(ev).to_string())
            .unwrap_or_default(),
    }
}

async fn wait_for_status(client: &Client, room: &RoomId, id: &str, word: &str) -> String {
    eventually(word, LIMIT, || async {
        let text = newest_text(client, room, id).await;
        text.contains(word).then_some(text)
    })
    .await
}

fn demo_brain() -> impl Fn(&Value) -> Value + Send + Sync + 'static {
    move |req| {
        let (role, content) = last(req);
        match role.as_str() {
            "user" if content.contains("create a file called hello") => run(
                "host:sandbox",
                "printf 'hello\\n' > hello",
                "create the file hello in the sandbox",
            ),
            "tool" if content.contains("pending_approval") => say("It waits for your ✅."),
            "system" => say("Done: hello is in the sandbox."),
            _ => say("Noted."),
        }
    }
}

/// The bot on the demo inventory and knowledge as scripts/dev writes
/// them (health checks off), its data and sandbox in `dir`.
fn demo_bot(s: &Scenario, dir: &Path, model: &Model) -> RunningBot {
    let inventory = demo_inventory(dir, &s.hs, "http://127.0.0.1:9/healthz");
    let toml = format!(
        "data_dir = \"{data}\"\n[matrix]\nhomeserver = \"{hs}\"\nuser = \"{bot}\"\npassword = \"{pw}\"\n\
         [access]\noperators = [\"{op}\"]\n[llm]\nbase_url = \"{model}\"\nmodel = \"scripted\"\n\
         [inventory]\nfile = \"{inventory}\"\nknowledge_file = \"{knowledge}\"\n[health]\nenabled = false\n",
        data = dir.join("data").display(),
        hs = s.hs,
        bot = s.bot.user_id,
        pw = s.bot.password,
        op = s.operator.user_id,
        model = model.base_url,
        inventory = inventory.display(),
        knowledge = repo_root().join("config/demo/knowledge.yaml").display(),
    );
    RunningBot::start(&toml, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_lab_runs_a_check_and_approved_changes_in_a_real_room() {
    let s = Scenario::new().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = dir.path().join("sandbox");
    let model = Model::start(demo_brain()).await;
    let bot = demo_bot(&s, dir.path(), &model);
    let (op, room) = s.room(&[]).await;
    let b = s.b();

    // Read-only: runs at once, in the sandbox folder.
    send(&op, &room, "!run host:sandbox uptime && pwd", None).await;
    let check = bot_message(&op, &room, b, "uptime && pwd").await;
    let done = wait_for_status(&op, &room, &check, "completed").await;
    assert!(done.contains("load average"), "{done}");
    assert!(
        done.contains(&sandbox.display().to_string()),
        "commands start in the sandbox: {done}"
    );

    the_models_change_runs_after_the_check_mark(&op, &room, b, &sandbox).await;

    // The approval opened the room's assent window; close it, so the next
    // change waits again.
    send(&op, &room, "!revoke", None).await;
    bot_message(&op, &room, b, "Closed 1 window").await;

    // A change by hand: it waits, then runs on the operator's ✅.
    send(&op, &room, "!run host:sandbox touch by-hand", None).await;
    let change = bot_message(&op, &room, b, "touch by-hand").await;
    let pending = newest_text(&op, &room, &change).await;
    assert!(pending.contains("Waiting for approval"), "{pending}");
    assert!(!sandbox.join("by-hand").exists());
    react(&op, &room, &change, "✅").await;
    wait_for_status(&op, &room, &change, "completed").await;
    assert!(sandbox.join("by-hand").exists());

    bot.stop().await;
}

/// The model's change: a card, the ✅, done, and the agent carries on.
async fn the_models_change_runs_after_the_check_mark(
    op: &Client,
    room: &RoomId,
    b: &str,
    sandbox: &Path,
) {
    send(op, room, "create a file called hello in the sandbox", None).await;
    let card = bot_message(op, room, b, "printf 'hello").await;
    let pending = newest_text(op, room, &card).await;
    assert!(pending.contains("Waiting for approval"), "{pending}");
    assert!(!sandbox.join("hello").exists());
    react(op, room, &card, "✅").await;
    wait_for_status(op, room, &card, "completed").await;
    assert_eq!(
        std::fs::read_to_string(sandbox.join("hello")).expect("hello"),
        "hello\n"
    );
    bot_message(op, room, b, "Done: hello is in the sandbox.").await;
}
