//! `write_file` and `edit_file`: propose a change to one file on a host or
//! inside a container, shown to the approver as a unified diff.
//!
//! Nomos reads the file itself when the change is proposed (a read-only
//! step, refused for files the gate treats as holding secrets), so the
//! card's diff, owner, mode and hash are what is on the target now. The
//! change goes through the same gate as `run`: it is classified as the
//! plain write it is (`tee -- PATH`), so a critical path is destructive
//! and needs the typed phrase. The runner applies it only if the file
//! still has the hash the card showed.

use serde::Deserialize;
use serde_json::{Value, json};

use super::run::{check_target, submit};
use super::{Tool, ToolError, ToolFuture, TurnCtx, args};
use crate::domain::Work;
use crate::domain::file::{Bytes, FileChange, MAX_FILE_BYTES};
use crate::exec::file_edit::{self, Edit, Existing};
use crate::gate::classify::classify;
use crate::store::executions::Request;

pub(super) struct WriteFile;
pub(super) struct EditFile;

// The schemas ask for `purpose`; a call without one gets a plain one
// ("write PATH"), and the spellings other agents' file tools use
// (`file_path`, `old_string`, one edit at the top level) are taken too:
// nothing about them changes what the gate sees.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WriteArgs {
    target: String,
    #[serde(alias = "file_path")]
    path: String,
    #[serde(alias = "contents")]
    content: String,
    #[serde(default)]
    purpose: Option<String>,
    #[serde(default)]
    mode: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EditArgs {
    target: String,
    #[serde(alias = "file_path")]
    path: String,
    #[serde(default)]
    edits: Vec<Edit>,
    /// One edit given at the top level instead of in `edits`.
    #[serde(default, alias = "old_string", alias = "old_text")]
    old: Option<String>,
    #[serde(default, alias = "new_string", alias = "new_text")]
    new: Option<String>,
    #[serde(default, alias = "replace_all")]
    all: bool,
    #[serde(default)]
    purpose: Option<String>,
}

impl EditArgs {
    /// The edits asked for, in either form.
    fn edits(&mut self) -> Result<Vec<Edit>, ToolError> {
        let single = match (self.old.take(), self.new.take()) {
            (None, None) => None,
            (Some(old), Some(new)) => Some(Edit {
                old,
                new,
                all: self.all,
            }),
            _ => {
                return Err(ToolError::Refused(
                    "give `old` and `new` together (or a list of them in `edits`)".into(),
                ));
            }
        };
        let mut edits = std::mem::take(&mut self.edits);
        edits.extend(single);
        if edits.is_empty() {
            return Err(ToolError::Refused(
                "`edits` is empty: give at least one {old, new}".into(),
            ));
        }
        Ok(edits)
    }
}

/// The purpose given, or a plain one naming the file.
fn purpose_or(given: Option<String>, verb: &str, path: &str) -> String {
    given
        .filter(|p| !p.trim().is_empty())
        .unwrap_or_else(|| format!("{verb} {}", path.trim()))
}

const TARGET: &str = "`host:NAME` or `lxc:NAME`, as listed by list_entities.";
const PATH: &str = "The file's absolute path on the target (inside the container for lxc:).";
const PURPOSE: &str = "Why, in a few words; shown to the operator on the card.";

impl Tool for WriteFile {
    fn name(&self) -> &'static str {
        "write_file"
    }

    fn description(&self) -> &'static str {
        "Write a whole text file on a target. It creates the file or replaces all of it. Use this (or \
         edit_file) for config files instead of heredocs, echo or sed in `run`: the operator sees a \
         diff against the file as it is now, with its owner, mode and hash, and can undo it. The \
         write goes through the risk gate like `run` (writing a critical file such as fstab, \
         network interfaces, sshd config or /etc/pve needs the typed phrase); once approved it is \
         applied atomically, keeping the file's owner and mode, and only if the file has not \
         changed since: if it has, nothing is written and you are told to read it again. Files are \
         UTF-8 text of at most 64 KiB. For a small change to an existing file prefer edit_file."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "target": { "type": "string", "description": TARGET },
                "path": { "type": "string", "description": PATH },
                "content": { "type": "string", "description": "The whole new content of the file." },
                "purpose": { "type": "string", "description": PURPOSE },
                "mode": {
                    "type": "string",
                    "description": "Only for a new file: its octal mode (default 644). An existing file keeps its own."
                }
            },
            "required": ["target", "path", "content", "purpose"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: WriteArgs = args(self.name(), raw)?;
            if let Some(mode) = &a.mode
                && !valid_mode(mode)
            {
                return Err(ToolError::Refused(format!(
                    "`mode` must be an octal mode such as 644 or 0640, not `{mode}`"
                )));
            }
            let content = a.content;
            let purpose = purpose_or(a.purpose, "write", &a.path);
            let proposal = Proposal {
                target: &a.target,
                path: &a.path,
                purpose: &purpose,
            };
            propose(ctx, proposal, a.mode, |_| Ok(content.into_bytes())).await
        })
    }
}

impl Tool for EditFile {
    fn name(&self) -> &'static str {
        "edit_file"
    }

    fn description(&self) -> &'static str {
        "Change parts of a text file on a target by exact replacements. Each edit's `old` \
         text must occur exactly once in the file (include surrounding lines to make it unique, or \
         set `all` to replace every occurrence) and is replaced by `new`; edits apply in order. Read \
         the file first (run `cat -- PATH`) and copy `old` exactly, whitespace included. Use this \
         for config changes instead of sed or heredocs in `run`: the operator sees a diff, and the \
         change can be undone. It goes through the risk gate like `run` and is applied atomically, \
         keeping owner and mode, only if the file has not changed since it was proposed."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "target": { "type": "string", "description": TARGET },
                "path": { "type": "string", "description": PATH },
                "edits": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "properties": {
                            "old": { "type": "string", "description": "Exact text now in the file." },
                            "new": { "type": "string", "description": "What replaces it." },
                            "all": { "type": "boolean", "description": "Replace every occurrence (default: old must be unique)." }
                        },
                        "required": ["old", "new"],
                        "additionalProperties": false
                    }
                },
                "purpose": { "type": "string", "description": PURPOSE }
            },
            "required": ["target", "path", "edits", "purpose"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let mut a: EditArgs = args(self.name(), raw)?;
            let edits = a.edits()?;
            let purpose = purpose_or(a.purpose.take(), "edit", &a.path);
            let proposal = Proposal {
                target: &a.target,
                path: &a.path,
                purpose: &purpose,
            };
            let missing = format!(
                "{} does not exist; create it with write_file",
                a.path.trim()
            );
            propose(ctx, proposal, None, move |existing| {
                let Some(existing) = existing else {
                    return Err(ToolError::Refused(missing));
                };
                // A read file is UTF-8 (binary files are refused).
                let text = String::from_utf8_lossy(&existing.content.0);
                file_edit::apply_edits(&text, &edits)
                    .map(String::into_bytes)
                    .map_err(|e| ToolError::Refused(e.to_string()))
            })
            .await
        })
    }
}

/// What both tools were asked.
struct Proposal<'a> {
    target: &'a str,
    path: &'a str,
    purpose: &'a str,
}

/// `path` as the file tools take it: absolute, or relative to the folder
/// commands on `target` start in (a host's `workdir`), which a relative
/// path is resolved against; with no such folder, a relative path is
/// refused saying so.
async fn in_workdir(ctx: &TurnCtx, target: &str, path: &str) -> Result<String, ToolError> {
    if path.starts_with('/') {
        return Ok(path.to_string());
    }
    let workdir = match target.parse::<crate::domain::Target>() {
        Ok(crate::domain::Target::Host(name)) => ctx
            .agent
            .dispatcher()
            .executor()
            .resolver()
            .host(&name)
            .await
            .ok()
            .and_then(|h| h.workdir)
            .filter(|w| w.is_absolute()),
        _ => None,
    };
    match workdir {
        Some(dir) => Ok(dir.join(path).to_string_lossy().into_owned()),
        None => Err(ToolError::Refused(format!(
            "`{path}` is not an absolute path, and {target} has no workdir to read it from: give \
             the file's full path"
        ))),
    }
}

/// Reads the file, makes its new bytes with `new_content`, and hands the
/// change to the gate.
async fn propose(
    ctx: &mut TurnCtx,
    proposal: Proposal<'_>,
    create_mode: Option<String>,
    new_content: impl FnOnce(Option<&Existing>) -> Result<Vec<u8>, ToolError>,
) -> super::ToolResult {
    let target = proposal.target.trim();
    if proposal.purpose.trim().is_empty() {
        return Err(ToolError::Refused(
            "`purpose` is empty: say in a few words why this changes".into(),
        ));
    }
    check_target(ctx, target).await?;
    let path = &in_workdir(ctx, target, proposal.path.trim()).await?;
    file_edit::check_path(path).map_err(|e| ToolError::Refused(e.to_string()))?;
    readable(path)?;
    let executor = ctx.agent.dispatcher().executor();
    let read = file_edit::read(executor, target, path)
        .await
        .map_err(|e| ToolError::Refused(e.to_string()))?;
    // The change names the file where it really is (its folder resolved),
    // and the gate judges that path: `/srv/etc-link/sudoers` is sudoers.
    let path = read.path.as_str();
    file_edit::check_path(path).map_err(|e| ToolError::Refused(e.to_string()))?;
    readable(path)?;
    let before = read.existing;
    let after = new_content(before.as_ref())?;
    check_content(path, before.as_ref(), &after)?;
    if after.len() > MAX_FILE_BYTES {
        return Err(ToolError::Refused(format!(
            "the new content is {} bytes; files over {MAX_FILE_BYTES} bytes are changed with `run`",
            after.len()
        )));
    }
    if before.as_ref().is_some_and(|e| e.content.0 == after) {
        return Err(ToolError::Refused(format!(
            "that leaves {path} exactly as it is; nothing to change"
        )));
    }
    // Under /etc/pve the cluster filesystem allows one mode only: it wins
    // over one asked for.
    let create_mode = match before {
        Some(_) => None,
        None => pve_mode(path).map(str::to_string).or(create_mode),
    };
    let change = FileChange {
        path: path.to_string(),
        create_mode,
        before,
        after: Some(Bytes(after)),
        restores: None,
    };
    let request = Request {
        session_id: Some(ctx.session),
        target: target.to_string(),
        command: change.gate_command(),
        purpose: proposal.purpose.trim().to_string(),
        work: Work::write(change),
        window: None,
        // A write is at least a change, whatever the classifier makes of
        // its path (`tee -- /dev/null` is read-only to it).
        declared_risk: Some(crate::domain::RiskClass::ConfigMutation),
        requested_by: ctx.requested_by.clone(),
        turn_id: Some(ctx.turn),
    };
    submit(ctx, request).await
}

/// Nomos reads a file into the card only where the gate would let `cat`
/// show it at once: a file it treats as holding secrets is not shown.
fn readable(path: &str) -> Result<(), ToolError> {
    if path.strip_prefix("/etc/pve/").is_some_and(pve_private) {
        return Err(ToolError::Refused(format!(
            "Nomos does not show {path} in a diff: Proxmox keeps its keys and tokens there. Change it with `run`."
        )));
    }
    let quoted = shell_escape::unix::escape(path.into());
    let verdict = classify(&format!("cat -- {quoted}"), None);
    if verdict.class == crate::domain::RiskClass::ReadOnly {
        return Ok(());
    }
    Err(ToolError::Refused(format!(
        "Nomos does not show {path} in a diff: {}. Change it with `run`, which the gate reviews as it is.",
        verdict.reason
    )))
}

/// Text Nomos can show and later restore: no NUL (a file with one could
/// not be read back for an undo), and no private key, which a diff would
/// put in the room.
fn check_content(path: &str, before: Option<&Existing>, after: &[u8]) -> Result<(), ToolError> {
    if after.contains(&0) {
        return Err(ToolError::Refused(
            "the new content contains a NUL byte: only text files are written".into(),
        ));
    }
    let key = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        text.contains("-----BEGIN") && text.contains("PRIVATE KEY")
    };
    if key(after) || before.is_some_and(|e| key(&e.content.0)) {
        return Err(ToolError::Refused(format!(
            "{path} holds a private key, which a diff would show in the room; change it with `run`"
        )));
    }
    Ok(())
}

/// The one mode Proxmox's cluster filesystem allows a new file under
/// `/etc/pve` (pmxcfs refuses any other chmod): 0600 under `priv`, else
/// 0640.
fn pve_mode(path: &str) -> Option<&'static str> {
    let rest = path.strip_prefix("/etc/pve/")?;
    Some(if pve_private(rest) { "600" } else { "640" })
}

/// pmxcfs's private files (`path_is_private`): `priv/…` and
/// `nodes/NODE/priv/…`, relative to `/etc/pve`.
fn pve_private(rest: &str) -> bool {
    let parts: Vec<&str> = rest.split('/').collect();
    matches!(
        parts.as_slice(),
        ["priv", _, ..] | ["nodes", _, "priv", _, ..]
    )
}

fn valid_mode(mode: &str) -> bool {
    (3..=4).contains(&mode.len()) && mode.bytes().all(|b| (b'0'..=b'7').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_agents_spellings_are_taken() {
        let mut a: EditArgs = args(
            "edit_file",
            serde_json::json!({
                "target": "lxc:a", "file_path": "/etc/x",
                "old_string": "a", "new_string": "b", "replace_all": true
            }),
        )
        .expect("one edit at the top level");
        let edits = a.edits().expect("edits");
        assert_eq!(
            edits,
            [Edit {
                old: "a".into(),
                new: "b".into(),
                all: true
            }]
        );
        let mut a: EditArgs = args(
            "edit_file",
            serde_json::json!({
                "target": "lxc:a", "path": "/etc/x",
                "edits": [{"old_text": "a", "new_text": "b"}]
            }),
        )
        .expect("a list");
        assert_eq!(a.edits().expect("edits").len(), 1);
        assert_eq!(purpose_or(a.purpose, "edit", &a.path), "edit /etc/x");
        let mut a: EditArgs = args(
            "edit_file",
            serde_json::json!({"target": "lxc:a", "path": "/etc/x", "old": "a"}),
        )
        .expect("parses");
        assert!(a.edits().is_err(), "old without new");
        let mut a: EditArgs = args(
            "edit_file",
            serde_json::json!({"target": "lxc:a", "path": "/etc/x"}),
        )
        .expect("parses");
        assert!(a.edits().is_err(), "no edit at all");
        assert!(
            args::<EditArgs>(
                "edit_file",
                serde_json::json!({"target": "t", "path": "/x", "bogus": 1})
            )
            .is_err(),
            "unknown fields are still refused"
        );
    }

    #[test]
    fn pmxcfs_gets_its_one_mode_and_its_private_files_stay_unread() {
        assert_eq!(pve_mode("/etc/pve/firewall/101.fw"), Some("640"));
        assert_eq!(pve_mode("/etc/pve/priv/token.cfg"), Some("600"));
        assert_eq!(pve_mode("/etc/pve/nodes/pve1/priv/x"), Some("600"));
        assert_eq!(pve_mode("/etc/nginx/x"), None);
        assert!(readable("/etc/pve/nodes/pve1/priv/authorized_keys").is_err());
        assert!(readable("/etc/pve/nodes/pve1/lxc/100.conf").is_ok());
    }

    #[test]
    fn modes_are_octal() {
        for good in ["644", "0640", "4755"] {
            assert!(valid_mode(good), "{good}");
        }
        for bad in ["", "8", "rw-r--r--", "64", "06444", "u+x"] {
            assert!(!valid_mode(bad), "{bad}");
        }
    }

    /// The gate reads a change as the plain write it is: an ordinary config
    /// file is a config change, a file the host needs to boot, reach the
    /// network or let its operators in is destructive, and says which.
    #[test]
    fn critical_paths_are_destructive_and_say_why() {
        let change = |path: &str| FileChange {
            path: path.into(),
            before: None,
            after: Some(Bytes(b"x\n".to_vec())),
            create_mode: None,
            restores: None,
        };
        let ordinary = classify(
            &change("/etc/nginx/sites-available/app").gate_command(),
            None,
        );
        assert_eq!(ordinary.class, crate::domain::RiskClass::ConfigMutation);
        for critical in [
            "/etc/fstab",
            "/etc/pve/lxc/100.conf",
            "/etc/network/interfaces",
            "/etc/ssh/sshd_config",
            "/boot/grub/grub.cfg",
            "/etc/sudoers",
        ] {
            let verdict = classify(&change(critical).gate_command(), None);
            assert_eq!(
                verdict.class,
                crate::domain::RiskClass::Destructive,
                "{critical}"
            );
            assert!(
                verdict.reason.contains(critical),
                "{critical}: {}",
                verdict.reason
            );
            let removal = FileChange {
                after: None,
                ..change(critical)
            };
            let verdict = classify(&removal.gate_command(), None);
            assert_eq!(
                verdict.class,
                crate::domain::RiskClass::Destructive,
                "rm {critical}"
            );
        }
    }

    #[test]
    fn files_holding_secrets_are_not_read_into_a_diff() {
        assert!(readable("/etc/nginx/nginx.conf").is_ok());
        let err = readable("/etc/shadow").expect_err("secrets");
        assert!(err.to_string().contains("secrets"), "{err}");
    }
}
