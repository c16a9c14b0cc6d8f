//! What the tests of an agent over a simulated Proxmox host of their own
//! share (`undo.rs`, `files.rs`): the inventory of that host and its
//! containers over the test SSH server, files the SSH user may write, and
//! an operator's messages, commands and newest execution in one room.

use nomos::agent::Agent;
use nomos::chat::Inbound;
use nomos::store::Store;
use nomos::store::executions::{self, Execution};

use super::require_env;

/// An inventory with host `sim` at `address` (the test SSH server) as the
/// default host, and its containers `(name, vmid)`.
pub(crate) fn inventory(address: &str, lxcs: &[(&str, u32)]) -> String {
    let mut text = format!(
        "hosts:\n  - name: sim\n    transport: ssh\n    address: {address}\n    port: {port}\n    user: {user}\n    \
         key_path: {key}\n    host_key_fingerprint: \"{fp}\"\n    default: true\n    path: {path}\nlxcs:\n",
        port = require_env("NOMOS_TEST_SSH_PORT"),
        user = require_env("NOMOS_TEST_SSH_USER"),
        path = require_env("NOMOS_TEST_SSH_PATH"),
        key = require_env("NOMOS_TEST_SSH_KEY"),
        fp = require_env("NOMOS_TEST_SSH_FINGERPRINT"),
    );
    for (name, vmid) in lxcs {
        text.push_str(&format!("  - name: {name}\n    vmid: {vmid}\n"));
    }
    text
}

/// A fresh simulated Proxmox host at `address` with `count` running
/// containers `c01…` (VMIDs 201…) on LVM-thin (so each can be
/// snapshotted): its state folder and the containers `(name, vmid)`.
pub(crate) fn containers(address: &str, count: u32) -> (std::path::PathBuf, Vec<(String, u32)>) {
    let state = std::path::PathBuf::from(require_env("NOMOS_TEST_SIM_STATE")).join(address);
    let _ = std::fs::remove_dir_all(&state);
    std::fs::create_dir_all(state.join("vms")).expect("state dir");
    share(&state);
    share(&state.join("vms"));
    let mut lxcs = Vec::new();
    for i in 1..=count {
        let vmid = 200 + i;
        let file = state.join("vms").join(vmid.to_string());
        std::fs::write(
            &file,
            format!(
                "name=c{i:02}\nstatus=running\nmemory=512\nrootfs=local-lvm:vm-{vmid}-disk-0,size=8G\nnet0=name=eth0,bridge=vmbr0,ip=dhcp\n"
            ),
        )
        .expect("vm file");
        share(&file);
        lxcs.push((format!("c{i:02}"), vmid));
    }
    (state, lxcs)
}

/// A simulated container's memory, as its config file holds it.
pub(crate) fn memory(state: &std::path::Path, vmid: u32) -> String {
    std::fs::read_to_string(state.join("vms").join(vmid.to_string()))
        .expect("vm file")
        .lines()
        .find_map(|l| l.strip_prefix("memory="))
        .map(|v| v.trim_matches('\'').to_string())
        .unwrap_or_default()
}

/// Changes a simulated container's memory behind Nomos's back.
pub(crate) fn set_memory(state: &std::path::Path, vmid: u32, value: &str) {
    let file = state.join("vms").join(vmid.to_string());
    let text: String = std::fs::read_to_string(&file)
        .expect("vm file")
        .lines()
        .map(|l| match l.starts_with("memory=") {
            true => format!("memory={value}\n"),
            false => format!("{l}\n"),
        })
        .collect();
    std::fs::write(&file, text).expect("write vm file");
}

/// Opens `path` to the SSH user: folders 777, files 666.
pub(crate) fn share(path: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = if path.is_dir() { 0o777 } else { 0o666 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A message from `sender` in `room`.
pub(crate) fn said(room: &str, sender: &str, body: &str) -> Inbound {
    Inbound {
        room: room.into(),
        sender: sender.into(),
        event_id: format!("$in{}", uuid::Uuid::now_v7().simple()),
        body: body.into(),
        ..Inbound::default()
    }
}

/// `sender`'s `!` command in `room`; the bot's answer.
pub(crate) async fn command(agent: &Agent, room: &str, sender: &str, body: &str) -> String {
    let command = nomos::chat::parse::parse(body).expect("a command");
    let reply = nomos::agent::commands::execute(agent, &said(room, sender, body), &command)
        .await
        .expect("command");
    reply.map(|r| r.markdown).unwrap_or_default()
}

/// The newest execution of `room`.
pub(crate) async fn latest(store: &Store, room: &str) -> Execution {
    let session = store
        .open_session(room, nomos::domain::SurfaceKind::Matrix)
        .await
        .expect("session")
        .id;
    executions::recent_in_session(store, session, 1)
        .await
        .expect("executions")
        .into_iter()
        .next()
        .expect("an execution")
}

/// Runs `command` on the simulated host as the SSH user, outside the gate
/// (the test's own hands): its outcome, whatever the exit.
pub(crate) async fn run_on_host(agent: &Agent, command: &str) -> nomos::exec::RunOutcome {
    agent
        .dispatcher()
        .executor()
        .run(
            "host:sim",
            command,
            nomos::exec::Limits {
                timeout: std::time::Duration::from_secs(20),
                output_cap: 64 * 1024,
            },
            nomos::exec::discard(),
            tokio_util::sync::CancellationToken::new(),
        )
        .await
        .expect("the test's own command reaches the host")
}
