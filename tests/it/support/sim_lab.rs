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
