//! Windows guests' reads (blind corpus 88), reached through the QEMU
//! guest agent (`qm guest exec ID -- powershell …`, `… -- cmd /c …`, or a
//! tool by itself): a line reads when the grammar of [`crate::tables`]'s
//! Windows module reads it whole (its header says what it takes); any
//! other is judged as an unknown program's line. What loses data is
//! `rules::loss::identity`'s.

use super::*;
use crate::tables::{cmd_command, pipeline_reads, powershell_command, tool_reads, windows_program};

/// Judges a Windows program (`ipconfig.exe` as `ipconfig`).
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let program = windows_program(name)?;
    // (PowerShell 7 sends startup telemetry to Microsoft's Application
    // Insights unless `POWERSHELL_TELEMETRY_OPTOUT` is set, which a
    // variable before it makes a change anyway; review 123.)
    if program == "pwsh" {
        return Some(Verdict::mutation(format!(
            "`{name}` (PowerShell 7) sends startup telemetry to Microsoft, outside the lab"
        )));
    }
    let lits = args
        .iter()
        .map(Arg::literal)
        .collect::<Option<Vec<&str>>>()?;
    let reads = match program {
        "powershell" | "pwsh" => {
            powershell_command(&lits).is_some_and(|text| pipeline_reads(&text))
        }
        "cmd" => cmd_command(&lits).is_some_and(|words| tool_reads(&words)),
        _ => {
            let mut words = vec![program];
            words.extend(lits.iter().copied());
            tool_reads(&words)
        }
    };
    // (Any other line is judged as an unknown program's: a word naming
    // loss, `Remove-ADUser`, `sc delete`, stays destructive.)
    reads.then(|| Verdict::read_only(format!("`{name}` only runs reporting commands")))
}
