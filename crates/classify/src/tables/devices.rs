//! Radios, buses and interfaces a host passes to its guests (blind
//! corpora 100 and 106): the kill switches' states, Bluetooth
//! controllers and the devices paired with them, USB devices and USB/IP
//! exports, NetworkManager's devices and connections. Only listings: no
//! block or unblock, no pairing, trusting or removal, no attaching or
//! binding, no remote USB/IP server, no connection brought up or down.

use super::*;

/// rfkill(8), util-linux 2.38: the switches' list (bare, `list [ID|TYPE]`)
/// and their events; not `block`, `unblock`, `toggle`.
const RFKILL: Spec = Spec {
    flags: "Jnr",
    valued: "o",
    long: &["json", "noheadings", "raw", "output-all", "help", "version"],
    long_valued: &["output"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "list|event",
            spec: Some(&RFKILL_WHICH),
        }],
        bare_ok: true,
    },
    ..Spec::GNU
};
const RFKILL_WHICH: Spec = Spec {
    operands: Operands::AtMost(1),
    ..NO_OPERANDS
};

/// A Bluetooth address, a type of device list or a controller.
fn bluetooth_word(word: &str) -> bool {
    matches!(word, "Paired" | "Bonded" | "Trusted" | "Connected")
        || (word.len() == 17
            && word
                .split(':')
                .all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_hexdigit())))
}

/// bluetoothctl(1), BlueZ 5.66, given its command (without one it reads
/// commands from its input): the controllers and devices shown (`show`,
/// `list`, `devices [FILTER]`, `info [ADDRESS]`, `version`). Not
/// `--agent` (registers an agent), `pair`, `trust`, `remove`, `power`,
/// `scan`.
const BLUETOOTHCTL: Spec = Spec {
    long: &["help", "version"],
    long_valued: &["timeout"],
    valued: "t",
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "show|list|devices|info|version|paired-devices",
            spec: Some(&BLUETOOTH_WORD),
        }],
        bare_ok: false,
    },
    permute: false,
    ..Spec::GNU
};
const BLUETOOTH_WORD: Spec = Spec {
    operands: Operands::Names {
        at_most: 1,
        test: bluetooth_word,
    },
    ..NO_OPERANDS
};

/// btmgmt(1), BlueZ 5.66: a controller's information and the version.
const BTMGMT: Spec = Spec {
    valued: "i",
    long_valued: &["index"],
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "info|version",
            spec: Some(&NO_OPERANDS),
        }],
        bare_ok: false,
    },
    permute: false,
    ..Spec::GNU
};

/// hciconfig(1), BlueZ 5.66: the controllers (`-a`, one named `hciN`);
/// a command after the name changes it (`up`, `down`, `reset`, `piscan`).
const HCICONFIG: Spec = Spec {
    flags: "a",
    operands: Operands::Names {
        at_most: 1,
        test: |w| {
            w.strip_prefix("hci")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        },
    },
    permute: false,
    ..Spec::POSIX
};

/// usbip(8), Linux 6.1: this host's exportable devices (`list -l`, `-p`)
/// and the ports it has attached (`port`); not `list -r HOST` (another
/// host), `attach`, `detach`, `bind`, `unbind`.
const USBIP: Spec = Spec {
    flags: "d",
    long: &["debug", "help", "version"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "list",
                spec: Some(&USBIP_LIST),
            },
            Verb {
                names: "port",
                spec: Some(&NO_OPERANDS),
            },
        ],
        bare_ok: false,
    },
    permute: false,
    ..Spec::GNU
};
const USBIP_LIST: Spec = Spec {
    flags: "lp",
    long: &["local", "parsable"],
    required: &["l", "local"],
    operands: Operands::None,
    ..Spec::GNU
};

/// A value that is no option of its own.
fn no_option(value: &str) -> bool {
    !value.starts_with('-')
}

/// nmcli(1), NetworkManager 1.42: its state, devices and connections
/// shown (`general [status|permissions]`, `device [status|show [IF]]`,
/// `connection [show [--active] [ID…]]`, bare `radio`); not
/// `--show-secrets`, `--ask`, `device wifi` (a scan), `networking
/// connectivity check` (asks an outside host), any change.
const NMCLI: Spec = Spec {
    flags: "tp",
    valued: "fmcegw",
    long: &["terse", "pretty", "help", "version"],
    long_valued: &["fields", "mode", "colors", "escape", "get-values", "wait"],
    // (nmcli reads `-te` as `--terse`: a value that is an option, `-s`
    // (`--show-secrets`), is one; review 89.)
    checked: &[
        ("f", no_option),
        ("m", no_option),
        ("c", no_option),
        ("e", no_option),
        ("g", no_option),
        ("w", no_option),
        ("fields", no_option),
        ("mode", no_option),
        ("colors", no_option),
        ("escape", no_option),
        ("get-values", no_option),
        ("wait", no_option),
    ],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "general|g|gen",
                spec: Some(&NMCLI_GENERAL),
            },
            Verb {
                names: "device|d|dev",
                spec: Some(&NMCLI_DEVICE),
            },
            Verb {
                names: "connection|c|con",
                spec: Some(&NMCLI_CONNECTION),
            },
            Verb {
                names: "radio|r",
                spec: Some(&NO_OPERANDS),
            },
        ],
        bare_ok: true,
    },
    permute: false,
    ..Spec::GNU
};
verbs_then!(NMCLI_GENERAL, "status|permissions", NO_OPERANDS, true);
verbs_then!(NMCLI_DEVICE, "status|show", NMCLI_NAMES, true);
verbs_then!(NMCLI_CONNECTION, "show|s", NMCLI_NAMES, true);
const NMCLI_NAMES: Spec = Spec {
    long: &["active"],
    operands: Operands::Names {
        at_most: 8,
        test: |w| !w.starts_with('-') && w != "--show-secrets",
    },
    ..Spec::GNU
};

#[rustfmt::skip]
/// Proxmox Backup Server's `pmt` (a tape drive) and `pmtx` (a changer):
/// their state and counters read. Not the moves (`load`, `rewind`,
/// `fsf`…), `erase`, `format`, `weof`, `options`, `lock`.
const PMT: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "status|cartridge-memory|tape-alert-flags|volume-statistics|scan|inquiry",
            spec: Some(&PMT_WORDS),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

const PMT_WORDS: Spec = Spec {
    long_valued: &["drive", "device", "changer", "output-format"],
    operands: Operands::None,
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["pmt", "pmtx"],
        spec: &PMT,
        read_only: &[
            "pmt status --drive lto1",
            "pmt tape-alert-flags --drive lto1",
            "pmtx status --changer sl3",
        ],
        not: &[
            "pmt weof --drive lto1",
            "pmt format --drive lto1",
            "pmt rewind --drive lto1",
            "pmtx load 3 --changer sl3",
        ],
    },
    Entry {
        names: &["nmcli"],
        spec: &NMCLI,
        read_only: &[
            "nmcli device status",
            "nmcli -f NAME,UUID,TYPE,DEVICE connection show",
            "nmcli",
            "nmcli general",
            "nmcli con show --active",
            "nmcli -t -f DEVICE,STATE dev",
            "nmcli device show eth0",
        ],
        not: &[
            "nmcli connection show home --show-secrets",
            "nmcli -s connection show home",
            "nmcli connection up home",
            "nmcli device wifi list",
            "nmcli networking connectivity check",
            "nmcli radio wifi off",
            "nmcli general hostname evil",
            "nmcli --ask con up x",
            "nmcli -te -s connection show home",
        ],
    },
    Entry {
        names: &["rfkill"],
        spec: &RFKILL,
        read_only: &[
            "rfkill",
            "rfkill list bluetooth",
            "rfkill -J",
            "rfkill list 0",
            "rfkill --output ID,TYPE,SOFT",
        ],
        not: &[
            "rfkill block bluetooth",
            "rfkill unblock all",
            "rfkill toggle 0",
        ],
    },
    Entry {
        names: &["bluetoothctl"],
        spec: &BLUETOOTHCTL,
        read_only: &[
            "bluetoothctl show",
            "bluetoothctl devices Paired",
            "bluetoothctl info A4:C1:38:5E:12:9B",
            "bluetoothctl list",
        ],
        not: &[
            "bluetoothctl",
            "bluetoothctl remove A4:C1:38:5E:12:9B",
            "bluetoothctl power off",
            "bluetoothctl --agent NoInputNoOutput pair A4:C1:38:5E:12:9B",
            "bluetoothctl info x; y",
        ],
    },
    Entry {
        names: &["btmgmt"],
        spec: &BTMGMT,
        read_only: &["btmgmt info", "btmgmt --index 0 info"],
        not: &["btmgmt power off", "btmgmt", "btmgmt le on"],
    },
    Entry {
        names: &["hciconfig"],
        spec: &HCICONFIG,
        read_only: &["hciconfig", "hciconfig -a hci0", "hciconfig hci1"],
        not: &[
            "hciconfig hci0 down",
            "hciconfig hci0 reset",
            "hciconfig hci0 piscan",
        ],
    },
    Entry {
        names: &["usbip"],
        spec: &USBIP,
        read_only: &["usbip list -l", "usbip list --local -p", "usbip port"],
        not: &[
            "usbip list -r 10.0.0.13",
            "usbip attach -r 10.0.0.13 -b 1-1",
            "usbip bind -b 1-1",
            "usbip list",
        ],
    },
    Entry {
        names: &["usb-devices"],
        spec: &NO_OPERANDS,
        read_only: &["usb-devices"],
        not: &["usb-devices --bogus"],
    },
];
