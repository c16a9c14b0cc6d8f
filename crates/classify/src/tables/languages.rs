//! Language toolchains' own reports in the lab's guests (blind corpus
//! 132): Go's version and settings, rustup's installed toolchains. Their
//! package managers' listings stay asked: npm writes a debug log for
//! every command and asks the registry whether it is current, pnpm and
//! yarn ask too, and `go list -m all` may fetch the module graph.

use super::*;

/// go(1), Go 1.22: `version [-m] [-v] [FILE…]` (a binary's build
/// information read), `env [-json] [-changed] NAME…` (settings by name).
/// Not a bare `go env` (every setting, a proxy's credentials among them),
/// `-w`/`-u` (write the user's go.env), nor any other verb (builds,
/// downloads, runs).
const GO: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "version",
                spec: Some(&GO_VERSION),
            },
            Verb {
                names: "env",
                spec: Some(&GO_ENV),
            },
        ],
        bare_ok: false,
    },
    permute: false,
    ..Spec::POSIX
};

const GO_VERSION: Spec = Spec {
    flags: "mv",
    ..Spec::ORDERED
};

const GO_ENV: Spec = Spec {
    long: &["json", "changed"],
    single_dash_long: true,
    operands: Operands::SomeNames {
        at_most: 16,
        test: go_setting,
    },
    ..Spec::ORDERED
};

/// A Go setting's name that may hold no credential: not the proxy list
/// (`https://user:token@proxy`), GOAUTH's commands, nor the flags.
fn go_setting(name: &str) -> bool {
    name.starts_with("GO")
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && !matches!(name, "GOPROXY" | "GOAUTH" | "GOFLAGS" | "GOINSECURE")
}

/// rustup(1), rustup 1.27: `toolchain list`, `target list --installed`,
/// `component list --installed` (without `--installed`, what the
/// distribution offers, read from its manifest). Not `show` (older
/// rustups install the toolchain a project names), `update`, `default`.
const RUSTUP: Spec = Spec {
    flags: "qv",
    long: &["quiet", "verbose"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "toolchain",
                spec: Some(&RUSTUP_TOOLCHAIN),
            },
            Verb {
                names: "target|component",
                spec: Some(&RUSTUP_INSTALLED),
            },
        ],
        bare_ok: false,
    },
    ..Spec::POSIX
};

verbs_then!(RUSTUP_TOOLCHAIN, "list", RUSTUP_LEAF, false);
verbs_then!(RUSTUP_INSTALLED, "list", RUSTUP_INSTALLED_LEAF, false);

const RUSTUP_LEAF: Spec = Spec {
    flags: "v",
    long: &["verbose"],
    operands: Operands::None,
    ..Spec::GNU
};

const RUSTUP_INSTALLED_LEAF: Spec = Spec {
    long: &["installed", "quiet"],
    long_valued: &["toolchain"],
    required: &["installed"],
    operands: Operands::None,
    ..Spec::GNU
};

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["go"],
        spec: &GO,
        read_only: &["go version", "go version -m /usr/local/bin/caddy", "go env GOPATH GOMODCACHE", "go env -json GOOS GOARCH"],
        not: &["go env", "go env GOPROXY", "go env -w GOPROXY=direct", "go list -m all", "go run .", "go build ./...", "go mod download"],
    },
    Entry {
        names: &["rustup"],
        spec: &RUSTUP,
        read_only: &["rustup toolchain list", "rustup target list --installed", "rustup component list --installed --toolchain stable"],
        not: &["rustup target list", "rustup show", "rustup update", "rustup default nightly", "rustup component add clippy"],
    },
];
