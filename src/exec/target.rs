//! Targets: `host:NAME` (run on that host) and `lxc:NAME` (run inside the
//! container, through `pct exec` on its Proxmox host). Resolved from the
//! store's entities on every run, so containers registered by `pct_create`
//! are targets at once. An LXC without a `host` attribute lives on the host
//! marked `default: true`.

use std::path::PathBuf;

use super::ExecError;
use super::shell::{ENV, SH, SYSTEM_PATH, path_problem};
pub use crate::domain::Transport;
use crate::domain::target::{self, HostAttrs, LxcAttrs, Target};
use crate::store::Store;
use crate::store::entities::Entity;

/// The environment every container command runs with: fresh Debian
/// containers have no locale, and apt must never prompt.
pub const LXC_ENV: &str = "LANG=C.UTF-8 LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive";

/// How to reach a host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostSpec {
    pub name: String,
    pub transport: Transport,
    pub address: String,
    pub port: u16,
    pub user: String,
    pub key_path: PathBuf,
    pub fingerprint: Option<String>,
    /// `transport: local` only: the folder commands start in (and their
    /// HOME); `None`: the bot's own working directory.
    pub workdir: Option<PathBuf>,
    /// The inventory's `path`: where programs are found on the host and
    /// in its containers. `None`: [`SYSTEM_PATH`] over SSH and in
    /// containers, Nomos's own `PATH` on the local transport.
    pub path: Option<String>,
}

impl HostSpec {
    /// Hosts with the same key share a pooled connection.
    pub fn pool_key(&self) -> String {
        format!(
            "{}@{}:{}#{}",
            self.user,
            self.address,
            self.port,
            self.fingerprint.as_deref().unwrap_or("")
        )
    }

    /// The search path commands get on this host (SSH) and in its
    /// containers.
    pub fn search_path(&self) -> &str {
        self.path.as_deref().unwrap_or(SYSTEM_PATH)
    }

    pub fn from_entity(entity: &Entity) -> Result<HostSpec, ExecError> {
        let bad = |reason: String| ExecError::BadTarget {
            target: entity.slug.clone(),
            reason,
        };
        let a: HostAttrs = target::decode(&entity.attributes.0).map_err(bad)?;
        let spec = HostSpec {
            name: entity.name.clone(),
            transport: a.transport,
            address: a.address.unwrap_or_default(),
            port: a.port.unwrap_or(22),
            user: a.user.unwrap_or_else(|| "root".to_string()),
            key_path: a.key_path.unwrap_or_default(),
            fingerprint: a.host_key_fingerprint,
            workdir: a.workdir,
            path: a.path,
        };
        if let Some(problem) = spec.path.as_deref().and_then(path_problem) {
            return Err(bad(format!("path {problem}")));
        }
        if spec.transport == Transport::Ssh
            && (spec.address.is_empty() || spec.key_path.as_os_str().is_empty())
        {
            return Err(bad("an ssh host needs address and key_path".into()));
        }
        Ok(spec)
    }
}

/// A container target made concrete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Container {
    pub host: HostSpec,
    pub vmid: u32,
    /// Its own or its host's `snapshots` attribute, if either has one.
    pub snapshots: Option<crate::domain::SnapshotPolicy>,
}

/// A target made concrete: where to run, and the command to send there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub host: HostSpec,
    pub command: String,
    pub vmid: Option<u32>,
}

/// The words that start a program inside container `vmid` (the words
/// that follow name it): `pct exec` found through the host's fixed
/// search path, then `/usr/bin/env` by absolute path setting the
/// container's search path (`path`) and [`LXC_ENV`] before anything is
/// looked up in the container.
pub fn in_container(vmid: u32, path: &str) -> String {
    format!(
        "LC_ALL=C.UTF-8 pct exec {vmid} -- {ENV} PATH={} {LXC_ENV}",
        shell_escape::unix::escape(path.into())
    )
}

/// Wraps a command to run inside container `vmid`: `pct exec` starts a
/// fixed `sh` launcher that hands the command, as its `$1`, byte for byte
/// to bash ([`super::shell`]), or says that the container has no bash.
/// `pct` itself runs with a UTF-8 locale on the host: it decodes its
/// arguments with the host session's locale, and without one a `é` in the
/// command arrives in the container as U+FFFD.
pub fn lxc_command(vmid: u32, command: &str, path: &str) -> Result<String, ExecError> {
    if command.contains('\0') {
        return Err(ExecError::Nul);
    }
    let launcher = format!(
        "{}; exec {}",
        super::shell::require_bash(),
        super::shell::bash_on_first_argument()
    );
    // Single quotes with '\'' for embedded quotes: nothing inside is special
    // to any POSIX shell.
    let quoted = shell_escape::unix::escape(command.into());
    let launcher = shell_escape::unix::escape(launcher.into());
    Ok(format!(
        "{} {SH} -c {launcher} nomos-run {quoted}",
        in_container(vmid, path)
    ))
}

/// [`lxc_command`] for a run under the confinement: the launcher inside
/// the container starts bash under the helper at `helper` (a POSIX `sh`
/// word, [`super::confine::remote_path`]) with `profile`.
pub fn lxc_command_confined(
    vmid: u32,
    command: &str,
    helper: &str,
    profile: super::confine::Profile,
    path: &str,
) -> Result<String, ExecError> {
    if command.contains('\0') {
        return Err(ExecError::Nul);
    }
    let launcher = format!(
        "{}; exec {}",
        super::shell::require_bash(),
        super::shell::bash_under(&format!("{helper} {} --", profile.args()))
    );
    let quoted = shell_escape::unix::escape(command.into());
    let launcher = shell_escape::unix::escape(launcher.into());
    Ok(format!(
        "{} {SH} -c {launcher} nomos-run {quoted}",
        in_container(vmid, path)
    ))
}

#[derive(Clone)]
pub struct Resolver {
    store: Store,
}

impl Resolver {
    pub fn new(store: Store) -> Self {
        Resolver { store }
    }

    /// The host named `name` (as in `host:NAME`).
    pub async fn host(&self, name: &str) -> Result<HostSpec, ExecError> {
        let slug = Target::host_slug(name);
        match self.store.get_entity(&slug).await {
            Ok(Some(entity)) => HostSpec::from_entity(&entity),
            Ok(None) => Err(ExecError::UnknownTarget(slug)),
            Err(e) => Err(ExecError::BadTarget {
                target: slug,
                reason: e.to_string(),
            }),
        }
    }

    /// The host marked `default: true` in the inventory.
    pub async fn default_host(&self) -> Result<HostSpec, ExecError> {
        let hosts = self
            .store
            .list_entities(Some(Target::HOST))
            .await
            .map_err(|e| ExecError::BadTarget {
                target: Target::host("*").to_string(),
                reason: e.to_string(),
            })?;
        let default = hosts
            .iter()
            .find(|h| target::decode::<HostAttrs>(&h.attributes.0).is_ok_and(|a| a.default))
            .ok_or_else(|| ExecError::BadTarget {
                target: Target::host("*").to_string(),
                reason: "no host is marked `default: true` in the inventory".into(),
            })?;
        HostSpec::from_entity(default)
    }

    /// The Proxmox host and VMID of `lxc:NAME`.
    pub async fn lxc(&self, name: &str) -> Result<(HostSpec, u32), ExecError> {
        let (host, vmid, _) = self.container(name).await?;
        Ok((host, vmid))
    }

    /// A container of `target` (`lxc:NAME`; `None` for other targets): its
    /// host, VMID, and the snapshot policy it and its host ask for.
    pub async fn container_of(&self, target: &str) -> Result<Option<Container>, ExecError> {
        let Ok(Target::Lxc(name)) = target.parse::<Target>() else {
            return Ok(None);
        };
        let (host, vmid, lxc_policy) = self.container(&name).await?;
        let host_policy = match self.store.get_entity(&Target::host_slug(&host.name)).await {
            Ok(Some(entity)) => target::decode::<HostAttrs>(&entity.attributes.0)
                .ok()
                .and_then(|a| a.snapshots),
            Ok(None) | Err(_) => None,
        };
        Ok(Some(Container {
            host,
            vmid,
            snapshots: lxc_policy.or(host_policy),
        }))
    }

    async fn container(
        &self,
        name: &str,
    ) -> Result<(HostSpec, u32, Option<crate::domain::SnapshotPolicy>), ExecError> {
        let slug = Target::lxc_slug(name);
        let entity = match self.store.get_entity(&slug).await {
            Ok(Some(entity)) => entity,
            Ok(None) => return Err(ExecError::UnknownTarget(slug)),
            Err(e) => {
                return Err(ExecError::BadTarget {
                    target: slug,
                    reason: e.to_string(),
                });
            }
        };
        let a: LxcAttrs =
            target::decode(&entity.attributes.0).map_err(|reason| ExecError::BadTarget {
                target: slug.clone(),
                reason,
            })?;
        let host = match a.host_name() {
            Some(host) => self.host(host).await?,
            None => self.default_host().await?,
        };
        Ok((host, a.vmid, a.snapshots))
    }

    /// Where `target` runs: its host, and its VMID for a container.
    pub async fn place(&self, target: &str) -> Result<(HostSpec, Option<u32>), ExecError> {
        match target.parse::<Target>() {
            Ok(Target::Host(name)) => Ok((self.host(&name).await?, None)),
            Ok(Target::Lxc(name)) => {
                let (host, vmid) = self.lxc(&name).await?;
                Ok((host, Some(vmid)))
            }
            Err(_) => Err(ExecError::UnknownTarget(target.to_string())),
        }
    }

    /// Resolves `target` and wraps `command` for it.
    pub async fn resolve(&self, target: &str, command: &str) -> Result<Resolved, ExecError> {
        match target.parse::<Target>() {
            Ok(Target::Host(name)) => Ok(Resolved {
                host: self.host(&name).await?,
                command: command.to_string(),
                vmid: None,
            }),
            Ok(Target::Lxc(name)) => {
                let (host, vmid) = self.lxc(&name).await?;
                Ok(Resolved {
                    command: lxc_command(vmid, command, host.search_path())?,
                    host,
                    vmid: Some(vmid),
                })
            }
            Err(_) => Err(ExecError::UnknownTarget(target.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn wraps_with_environment_and_quotes() {
        let wrapped = lxc_command(150, "echo 'hi' && df -h", SYSTEM_PATH).expect("quote");
        assert!(
            wrapped.starts_with(
                "LC_ALL=C.UTF-8 pct exec 150 -- /usr/bin/env PATH='/usr/sbin:/usr/bin:/sbin:/bin' \
                 LANG=C.UTF-8 LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive /bin/sh -c "
            ),
            "{wrapped}"
        );
        assert!(wrapped.contains("bash --noprofile --norc -c"), "{wrapped}");
        assert!(
            wrapped.ends_with(r#" nomos-run 'echo '\''hi'\'' && df -h'"#),
            "{wrapped}"
        );
        assert_eq!(lxc_command(1, "a\0b", SYSTEM_PATH), Err(ExecError::Nul));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

        /// A real `sh` parsing the wrapped command hands the original,
        /// byte for byte, to `sh -c` (here a function that prints its
        /// last argument stands in for `pct`).
        #[test]
        fn quoting_round_trips_through_sh(command in "[ -~\\n\\t'\"\\\\$`é€]{0,80}") {
            let wrapped = lxc_command(150, &command, "/opt/a b:/usr/bin").expect("no NUL");
            let script = format!("pct() {{ for a; do last=$a; done; printf %s \"$last\"; }}; {wrapped}");
            let out = std::process::Command::new("sh").arg("-c").arg(&script).output().expect("sh runs");
            prop_assert_eq!(String::from_utf8_lossy(&out.stdout).into_owned(), command);
        }
    }
}
