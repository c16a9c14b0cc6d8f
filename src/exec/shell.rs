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
//! This module owns the POSIX `sh` line that starts bash on a command
//! given as `$1`: the transports embed it in their supervisors, which are
//! Nomos's own fixed text, never the operator's command.

/// Variables unset before bash starts.
pub const UNSET: &[&str] = &[
    "BASH_ENV",
    "ENV",
    "SHELLOPTS",
    "BASHOPTS",
    "POSIXLY_CORRECT",
    "CDPATH",
    "GLOBIGNORE",
];

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
    let unset: Vec<String> = UNSET.iter().map(|v| format!("-u {v}")).collect();
    format!("env {} bash --noprofile --norc -c \"$1\"", unset.join(" "))
}

/// A supervisor in POSIX `sh` for the command `$1`: it starts the command
/// with `launch` (a line that ends in `&`, built on
/// [`bash_on_first_argument`]), and a watcher blocked on the supervisor's
/// standard input (a pipe or channel only Nomos holds) that runs `kill`
/// when that input ends, that is when Nomos is gone or gives up on the
/// command. On a normal end the watcher is dismissed and the command's
/// status returned.
pub fn supervisor(launch: &str, kill: &str) -> String {
    format!(
        r#"exec 3<&0
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
