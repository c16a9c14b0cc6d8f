//! The one shell every command runs with, on every transport: bash, the
//! grammar the risk gate's classifier parses. Debian's and Proxmox's `sh`
//! is dash, which reads some text differently (`uptime &>/dev/null reboot`
//! is one harmless command to bash and `uptime &` then `reboot` to dash),
//! so a command judged as bash must run as bash, never as `sh`.
//!
//! bash is started with no startup files (`--noprofile --norc`) and
//! without the variables that make it read code or change how it reads
//! (`BASH_ENV`, `ENV`, `SHELLOPTS`, `BASHOPTS`, `POSIXLY_CORRECT`,
//! `CDPATH`, `GLOBIGNORE`). Where bash is missing (a minimal container,
//! say) the run fails with a message that says so, exit 127; it never
//! falls back to another shell.
//!
//! Programs are found through a fixed `PATH`, the host's `path` setting
//! ([`SYSTEM_PATH`] unless the inventory says otherwise), set before the
//! first program is looked up, and `sh` itself is started by absolute
//! path: a program planted in a folder early on root's login `PATH`
//! (`/usr/local/bin/pct`, `/usr/local/sbin/bash`) is never what Nomos,
//! or a command shown on a card, runs.
//!
//! This module owns the POSIX `sh` line that starts bash on a command
//! given as `$1`: the transports embed it in their supervisors, which are
//! Nomos's own fixed text, never the operator's command.

/// Variables unset before bash starts (and `DEBUGINFOD_URLS`, which
/// would make binutils' and elfutils' readers fetch debug files from the
/// servers it names: `readelf -w`, `objdump --dwarf` read as read-only).
pub const UNSET: &[&str] = &[
    "BASH_ENV",
    "ENV",
    "SHELLOPTS",
    "BASHOPTS",
    "POSIXLY_CORRECT",
    "CDPATH",
    "GLOBIGNORE",
    "DEBUGINFOD_URLS",
];

/// The `sh` every supervisor and launcher is started as, on hosts and in
/// containers alike (Debian and Alpine both have it).
pub const SH: &str = "/bin/sh";

/// `env` by absolute path: how a launcher inside a container sets the
/// fixed `PATH` before anything is looked up there.
pub const ENV: &str = "/usr/bin/env";

/// The folders programs are found in on SSH hosts and in containers when
/// the host names no `path`: the system's own, without `/usr/local`.
pub const SYSTEM_PATH: &str = "/usr/sbin:/usr/bin:/sbin:/bin";

/// What is wrong with a `path` setting, if anything: it must be a
/// `:`-separated list of absolute folders (an empty or relative entry
/// would look programs up in whatever folder a command starts in).
pub fn path_problem(path: &str) -> Option<String> {
    if path.is_empty() {
        return Some("is empty".into());
    }
    if let Some(bad) = path.split(':').find(|entry| !entry.starts_with('/')) {
        return Some(if bad.is_empty() {
            "has an empty entry (an empty entry means the current folder)".into()
        } else {
            format!("has `{bad}`, which is not an absolute folder")
        });
    }
    if path.chars().any(char::is_control) {
        return Some("holds a control character".into());
    }
    None
}

/// The POSIX `sh` line that makes `path` the search path, first in every
/// script Nomos runs.
pub fn fix_path(path: &str) -> String {
    format!(
        "PATH={}; export PATH",
        shell_escape::unix::escape(path.into())
    )
}

/// The message (and exit status 127) where bash is missing.
pub const NO_BASH: &str = "nomos: bash is not installed here; Nomos runs every command with bash, \
                           the shell its risk gate reads, and never falls back to sh";

/// POSIX `sh` that fails clearly when bash is missing.
pub fn require_bash() -> String {
    format!("command -v bash >/dev/null 2>&1 || {{ echo '{NO_BASH}' >&2; exit 127; }}")
}

/// POSIX `sh` words that run `"$1"` with bash as described above (to be
/// followed by redirections or `&`).
pub fn bash_on_first_argument() -> String {
    bash_under("")
}

/// [`bash_on_first_argument`] with bash started by `launcher` (the
/// confinement helper and its options, ending in `--`): the variables are
/// unset before the helper starts, so that inside the confinement only
/// bash is started (each program started in there pays for the secret
/// guard's look at every file it opens).
pub fn bash_under(launcher: &str) -> String {
    let unset: Vec<String> = UNSET.iter().map(|v| format!("-u {v}")).collect();
    let launcher = if launcher.is_empty() {
        String::new()
    } else {
        format!("{launcher} ")
    };
    format!(
        "env {} {launcher}bash --noprofile --norc -c \"$1\"",
        unset.join(" ")
    )
}

/// A supervisor in POSIX `sh` for the command `$1`: it starts the command
/// with `launch` (a line that ends in `&`, built on
/// [`bash_on_first_argument`]), and a watcher blocked on the supervisor's
/// standard input (a pipe or channel only Nomos holds) that runs `kill`
/// when that input ends, that is when Nomos is gone or gives up on the
/// command. On a normal end the watcher is dismissed and the command's
/// status returned.
///
/// With `path`, the supervisor first makes it the search path
/// ([`fix_path`]); without, it keeps the one it was started with (the
/// local transport's default: Nomos's own environment).
pub fn supervisor(launch: &str, kill: &str, path: Option<&str>) -> String {
    let path = path
        .map(|p| format!("{}\n", fix_path(p)))
        .unwrap_or_default();
    format!(
        r#"{path}exec 3<&0
{require}
{launch}
p=$!
{{ read -r _ <&3; {kill}; }} 2>/dev/null &
w=$!
wait "$p"; s=$?
kill "$w" 2>/dev/null
exit "$s""#,
        require = require_bash(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(script: &str, command: &str, path: Option<&str>) -> std::process::Output {
        // By absolute path: a changed PATH must not change which sh runs.
        let mut sh = std::process::Command::new("/bin/sh");
        sh.arg("-c").arg(script).arg("nomos-run").arg(command);
        if let Some(path) = path {
            sh.env("PATH", path);
        }
        sh.output().expect("sh runs")
    }

    #[test]
    fn runs_bash_without_startup_files_or_their_variables() {
        let dir = tempfile::tempdir().expect("tempdir");
        let marker = dir.path().join("sourced");
        let startup = dir.path().join("startup.sh");
        std::fs::write(&startup, format!("touch {}\n", marker.display())).expect("startup");
        let script = format!("{}\n{}", require_bash(), bash_on_first_argument());
        let out = std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(&script)
            .arg("nomos-run")
            // bash grammar: `&>` redirects both streams; dash would put
            // `printf` in the background and run `touch`.
            .arg(format!(
                "printf '%s' \"$BASH_VERSION\" > {v}; printf x &>/dev/null touch {t}",
                v = dir.path().join("version").display(),
                t = dir.path().join("touched").display()
            ))
            .env("BASH_ENV", &startup)
            .env("ENV", &startup)
            .env("SHELLOPTS", "xtrace")
            .output()
            .expect("sh runs");
        assert!(out.status.success(), "{out:?}");
        let version = std::fs::read_to_string(dir.path().join("version")).expect("ran");
        assert!(!version.is_empty(), "not bash");
        assert!(!dir.path().join("touched").exists(), "read as dash");
        assert!(!marker.exists(), "a startup file was read");
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    #[test]
    fn a_missing_bash_is_a_clear_error_not_a_fallback() {
        let dir = tempfile::tempdir().expect("tempdir");
        let script = format!("{}\n{}", require_bash(), bash_on_first_argument());
        // `command` is a builtin of sh; with no bash on PATH it fails.
        let out = run(&script, "echo ran", Some(&dir.path().display().to_string()));
        assert_eq!(out.status.code(), Some(127));
        assert!(out.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("bash is not installed here"),
            "{out:?}"
        );
    }
}
