//! Windows guests' programs (blind corpus 88), run through the QEMU guest
//! agent: PowerShell, cmd.exe and the built-in reporting tools. Their
//! arguments are no getopt options (`/all`, `-NoProfile`, a whole
//! PowerShell pipeline in one word), so each table reads every word as
//! an operand and proves it plain: a PowerShell word is one of the
//! command-line parameters `rules::programs::windows` takes or a whole
//! reporting pipeline; any other program's word has no character cmd.exe
//! or PowerShell reads as more than text, and names no other computer
//! or account. Which combination reports is that rule's to read.

use super::*;

/// A word of `powershell`'s line: a parameter the rule reads, or a
/// pipeline it proves.
fn powershell_word(word: &str) -> bool {
    crate::rules::powershell_parameter(word) || crate::rules::windows_pipeline_reads(word)
}

/// A word of a Windows tool's line with no character cmd.exe reads as
/// more than text, no other computer (`\\server`, `/s`, `/node:`) and no
/// account (`/u`, `/p`).
fn tool_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    !word.contains(['&', '|', '<', '>', '^', '%', '!', '`', '\n', '\r'])
        && !lower.starts_with("\\\\")
        && !matches!(lower.as_str(), "/s" | "/u" | "/p")
        && ![
            "/node:",
            "/r:",
            "/u:",
            "/p:",
            "/s:",
            "/computer:",
            "/server:",
        ]
        .iter()
        .any(|p| lower.starts_with(p))
}

const POWERSHELL: Spec = Spec {
    free: true,
    operands: Operands::Names {
        at_most: 16,
        test: powershell_word,
    },
    ..Spec::POSIX
};

const WINDOWS_TOOL: Spec = Spec {
    free: true,
    operands: Operands::Names {
        at_most: 32,
        test: tool_word,
    },
    ..Spec::POSIX
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["powershell", "powershell.exe", "pwsh", "pwsh.exe"],
        spec: &POWERSHELL,
        read_only: &[
            "powershell -NoProfile -Command \"Get-Service | Where-Object Status -eq 'Running' | Select-Object -First 30 Name,DisplayName\"",
            "powershell -NoProfile -Command 'Get-Volume | Where-Object { $_.DriveLetter } | Format-Table DriveLetter,Size'",
            "powershell -NoProfile -Command \"Get-WinEvent -FilterHashtable @{LogName='System'; ProviderName='viostor'} -MaxEvents 10\"",
            "powershell -NoProfile -Command 'Get-ADUser -Filter {Enabled -eq $false} -Properties LastLogonDate | Select-Object SamAccountName,LastLogonDate'",
            "pwsh -NoProfile -NonInteractive -c \"Get-CimInstance -ClassName Win32_OperatingSystem | Select-Object Caption,Version\"",
        ],
        not: &[
            "powershell -Command Get-Service",
            "powershell -NoProfile -Command \"Get-Service; Remove-Item C:\\x\"",
            "powershell -NoProfile -Command \"Get-Process notepad | ForEach-Object Kill\"",
            "powershell -NoProfile -Command \"Get-Process | Stop-Process\"",
            "powershell -NoProfile -Command \"Get-Content C:\\Windows\\Panther\\unattend.xml\"",
            "powershell -NoProfile -Command \"Get-ChildItem Env:\"",
            "powershell -NoProfile -Command \"Get-ADUser -Filter * -Properties *\"",
            "powershell -NoProfile -Command \"Get-ADComputer dc01 -Properties ms-Mcs-AdmPwd\"",
            "powershell -NoProfile -Command \"Get-Service -ComputerName dc02\"",
            "powershell -NoProfile -Command \"Get-Service -Comp dc02\"",
            "powershell -NoProfile -Command \"Get-Service | Where-Object { Remove-Item x }\"",
            "powershell -NoProfile -Command \"Get-Service $(Remove-Item x)\"",
            "powershell -NoProfile -EncodedCommand RwBlAHQA",
            "powershell -NoProfile -Command \"Get-CimInstance SoftwareLicensingService\"",
            "powershell -NoProfile -Command \"Get-ChildItem \\\\fileserver\\share\"",
        ],
    },
    Entry {
        names: &["cmd", "cmd.exe"],
        spec: &WINDOWS_TOOL,
        read_only: &["cmd /c ver", "cmd /c \"sc query NTDS\"", "cmd /c \"vssadmin list shadowstorage\"", "cmd /c \"manage-bde -status C:\""],
        not: &["cmd /c \"vssadmin delete shadows /all /quiet\"", "cmd /c \"sc query state= all | findstr x\"", "cmd /k ver", "cmd /c \"del /s /q D:\\x\"", "cmd /c \"manage-bde -protectors -get C:\""],
    },
    Entry {
        names: &[
            "ipconfig", "ipconfig.exe", "systeminfo", "systeminfo.exe", "tasklist", "tasklist.exe",
            "driverquery", "driverquery.exe", "w32tm", "w32tm.exe", "wevtutil", "wevtutil.exe", "sc",
            "sc.exe", "fsutil", "fsutil.exe", "vssadmin", "vssadmin.exe", "manage-bde", "manage-bde.exe",
        ],
        spec: &WINDOWS_TOOL,
        read_only: &[
            "ipconfig /all", "systeminfo /fo list", "tasklist /svc /fo table", "driverquery /v /fo csv",
            "w32tm /query /status", "wevtutil qe System /c:20 /rd:true /f:text", "sc queryex MSSQLSERVER",
            "sc query type= service state= all", "fsutil volume diskfree D:", "vssadmin list shadows /for=C:",
        ],
        not: &[
            "ipconfig /release", "wevtutil cl Security", "sc delete MSSQLSERVER", "sc stop W32Time",
            "systeminfo /s dc02", "systeminfo -s dc02", "tasklist -s dc02", "fsutil file setzerodata offset=0 length=1 x",
            "w32tm /resync", "vssadmin delete shadows /all", "wevtutil qe System /r:dc02", "sc \\\\dc02 query",
            "vssadmin resize shadowstorage /for=C: /on=C: /maxsize=320MB",
        ],
    },
];
