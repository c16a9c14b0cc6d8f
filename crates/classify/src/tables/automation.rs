//! Infrastructure-as-code tools asked only to report (blind corpus 70):
//! Terraform 1.6's and OpenTofu 1.6's version, formatting check, state
//! and workspace listings and provider requirements (not `plan`,
//! `validate`, `output`, `show`, `console`: they run providers' plugins or
//! print state, which holds secrets); Ansible 2.15's ad-hoc runs (the
//! rules judge the module and its arguments), its playbooks' listings and
//! syntax check, its inventory graph, configuration and documentation;
//! yamllint 1.29 and ShellCheck 0.9 (they read files and print findings).

use super::*;

/// Terraform's flags after a subcommand (Go's flag package: one dash or
/// two, `-name=value`).
const TF_FLAGS: Spec = Spec {
    single_dash_long: true,
    permute: false,
    long: &["no-color", "json", "help"],
    long_valued: &["state", "id"],
    operands: Operands::None,
    ..Spec::GNU
};

/// `terraform fmt -check|-diff|-list|-recursive [DIR…]` (the rules ask for
/// `-check` or `-write=false`: without, it rewrites the files).
const TF_FMT: Spec = Spec {
    // (Not `-diff`: it prints lines of the files, `.tfvars` among them;
    // review 65.)
    long: &["check", "recursive", "no-color", "list", "help"],
    long_valued: &["write"],
    checked: &[("write", |v| v == "false")],
    operands: Operands::Read,
    ..TF_FLAGS
};

const TF_ADDRESSES: Spec = Spec {
    operands: Operands::Read,
    ..TF_FLAGS
};

verbs_then!(TF_STATE, "list", TF_ADDRESSES, false);
verbs_then!(TF_WORKSPACE, "list|show", TF_FLAGS, false);

/// `terraform providers` alone: the providers the configuration requires
/// (not `schema`, `lock`, `mirror`: they run or fetch plugins).
const TF_PROVIDERS: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[],
        bare_ok: true,
    },
    ..TF_FLAGS
};

/// terraform(1) and tofu(1).
const TERRAFORM: Spec = Spec {
    single_dash_long: true,
    permute: false,
    long: &["help", "version", "v"],
    long_valued: &["chdir"],
    // (A folder below the working one, or root's or /etc's: elsewhere a
    // planted configuration names its own backend; review 67.)
    checked: &[("chdir", |v| {
        !v.contains("..")
            && (!v.starts_with('/') || v.starts_with("/root/") || v.starts_with("/etc/"))
    })],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "version",
                spec: Some(&TF_FLAGS),
            },
            Verb {
                names: "fmt",
                spec: Some(&TF_FMT),
            },
            Verb {
                names: "state",
                spec: Some(&TF_STATE),
            },
            Verb {
                names: "workspace",
                spec: Some(&TF_WORKSPACE),
            },
            Verb {
                names: "providers",
                spec: Some(&TF_PROVIDERS),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// An inventory named as a file Ansible reads as data (YAML or INI), or
/// a list of hosts (`pve1,pve2,`): an executable inventory, or a folder
/// holding one, is run.
fn inventory_data(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    [".yml", ".yaml", ".ini", ".cfg"]
        .iter()
        .any(|e| lower.ends_with(e))
}

/// ansible(1): an ad-hoc run on the pattern's hosts. Not `-e` (extra
/// variables: `ansible_python_interpreter` runs any program), `-t`/
/// `--tree` (writes), `-M` (modules from a folder), `-k`/`-K` (prompts),
/// `--vault-password-file` (an executable one is run), `-c` (another
/// connection plugin).
const ANSIBLE: Spec = Spec {
    flags: "obCDv",
    valued: "imaflu",
    long: &[
        "one-line",
        "become",
        "check",
        "diff",
        "list-hosts",
        "version",
        "help",
        "verbose",
    ],
    long_valued: &[
        "inventory",
        "module-name",
        "args",
        "forks",
        "limit",
        "user",
        "become-user",
        "timeout",
    ],
    // (A user's name, nothing else: Ansible pastes `--become-user` into
    // the remote `sudo -u %s …` unquoted; `-l @FILE` prints the file's
    // lines in its warnings; review 67.)
    checked: &[
        ("i", inventory_data),
        ("inventory", inventory_data),
        ("u", account_name),
        ("user", account_name),
        ("become-user", account_name),
        ("l", plain_pattern),
        ("limit", plain_pattern),
        ("f", |v| v.bytes().all(|b| b.is_ascii_digit())),
        ("forks", |v| v.bytes().all(|b| b.is_ascii_digit())),
    ],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

/// An account's name (`root`, `ansible`, `svc-backup`).
fn account_name(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 32
        && value
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-'))
        && !value.starts_with('-')
}

/// A host pattern with no file in it (`-l @FILE` reads one).
fn plain_pattern(value: &str) -> bool {
    !value.contains('@') && !value.contains('/')
}

/// ansible-playbook(1): its listings and syntax check (the rules ask for
/// one of them: without, the playbook runs).
const ANSIBLE_PLAYBOOK: Spec = Spec {
    valued: "ilt",
    long: &[
        "list-hosts",
        "list-tasks",
        "list-tags",
        "syntax-check",
        "version",
        "help",
    ],
    long_valued: &["inventory", "limit", "tags", "skip-tags"],
    checked: &[("i", inventory_data), ("inventory", inventory_data)],
    operands: Operands::Read,
    ..Spec::GNU
};

/// ansible-inventory(1) `--graph [GROUP]`: the groups and hosts (not
/// `--list`, `--host`, `--vars`: variables, vaulted ones decrypted).
const ANSIBLE_INVENTORY: Spec = Spec {
    valued: "i",
    long: &["graph", "version", "help"],
    long_valued: &["inventory"],
    checked: &[("i", inventory_data), ("inventory", inventory_data)],
    operands: Operands::AtMost(1),
    ..Spec::GNU
};

verbs_then!(
    ANSIBLE_CONFIG_VERBS,
    // (Not `view`, `dump`: the configuration's values, Galaxy's tokens
    // and connection passwords among them; review 65.)
    "list",
    ANSIBLE_CONFIG_FLAGS,
    false
);

/// `ansible-config list|view|dump [--only-changed]`.
const ANSIBLE_CONFIG_FLAGS: Spec = Spec {
    long: &["only-changed", "help"],
    long_valued: &["format", "type"],
    operands: Operands::None,
    ..Spec::GNU
};

/// etckeeper(8): `vcs ARGS` (git in /etc, the line judged as that git
/// line by `rules::programs::automation`), `list-installed`.
const ETCKEEPER: Spec = Spec {
    valued: "d",
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "vcs",
                spec: Some(&Spec::FREE),
            },
            Verb {
                names: "list-installed",
                spec: Some(&ETCKEEPER_LIST),
            },
        ],
        bare_ok: false,
    },
    permute: false,
    ..Spec::POSIX
};

const ETCKEEPER_LIST: Spec = Spec {
    operands: Operands::None,
    ..Spec::POSIX
};

/// salt-key(1): the minions' keys listed (`-L`, `-l acc`), their
/// fingerprints (`-f`, `-F`) and public keys (`-p`, `-P`); not `-a`,
/// `-r`, `-d` and their `-A`, `-R`, `-D`, nor `-c`, another
/// configuration folder.
const SALT_KEY: Spec = Spec {
    flags: "LFPy",
    valued: "lfp",
    long: &[
        "list-all",
        "finger-all",
        "print-all",
        "help",
        "version",
        "versions-report",
        "no-color",
        "yes",
    ],
    long_valued: &["list", "finger", "print", "out", "out-indent"],
    operands: Operands::None,
    ..Spec::GNU
};

/// ansible-doc(1): a plugin's documentation (`-l` lists, `-s` a snippet).
const ANSIBLE_DOC: Spec = Spec {
    flags: "lsFj",
    valued: "t",
    long: &[
        "list",
        "snippet",
        "list_files",
        "json",
        "metadata-dump",
        "help",
        "version",
    ],
    long_valued: &["type"],
    operands: Operands::Read,
    ..Spec::GNU
};

/// yamllint(1): findings for the files it reads.
const YAMLLINT: Spec = Spec {
    flags: "sv",
    valued: "fd",
    long: &["strict", "no-warnings", "list-files", "version", "help"],
    long_valued: &["format", "config-data"],
    // (Not `-c FILE`, nor `-d` naming one, `-d FILE` or `extends: FILE`:
    // a configuration that fails to parse is quoted, the line of a secret
    // file among it; nor `ignore-from-file`, `locale`; review 68.)
    checked: &[("d", yamllint_data), ("config-data", yamllint_data)],
    operands: Operands::Read,
    ..Spec::GNU
};

/// A `-d` value naming no file: a built-in configuration (`relaxed`,
/// `default`) or inline settings extending only one.
fn yamllint_data(value: &str) -> bool {
    let value = value.trim_matches(['\'', '"']).trim();
    let builtin = |name: &str| matches!(name.trim(), "default" | "relaxed");
    if !value.contains(':') {
        return builtin(value);
    }
    // (No quote inside: a double-quoted YAML key spells `extends` with
    // escapes, `"ext\x65nds"`; review 69.)
    !value.contains("ignore-from-file")
        && !value.contains("locale")
        && !value.contains(['$', '`', '!', '&', '*', '\\', '"', '\'', '%', '?', '<'])
        && value.split("extends").skip(1).all(|rest| {
            rest.trim_start()
                .strip_prefix(':')
                .is_some_and(|v| builtin(v.split([',', '}', '\n']).next().unwrap_or("")))
        })
}

/// shellcheck(1): findings for the scripts it reads (it runs none).
const SHELLCHECK: Spec = Spec {
    // (Not `-a`/`--check-sourced`: it quotes the lines of every file the
    // script sources, which the line never names; review 68.)
    flags: "xVW",
    valued: "efiosPS",
    long: &[
        "external-sources",
        "norc",
        "version",
        "help",
        "list-optional",
    ],
    long_valued: &[
        "exclude",
        "format",
        "include",
        "enable",
        "shell",
        "source-path",
        "severity",
        "wiki-link-count",
        "color",
    ],
    operands: Operands::Read,
    ..Spec::GNU
};

/// `packer version` (Packer 1.10; not `validate` nor `fmt`: plugins found
/// in the working folder run, and `fmt -diff` prints the files' lines;
/// review 66).
const PACKER_VERSION: Spec = Spec {
    operands: Operands::None,
    ..Spec::GNU
};
const PACKER: Spec = Spec {
    operands: Operands::Verbs {
        verbs: &[Verb {
            names: "version",
            spec: Some(&PACKER_VERSION),
        }],
        bare_ok: false,
    },
    ..Spec::GNU
};

/// `cloud-init status|analyze|query --list-keys` (cloud-init 23): the
/// run's state, timings and the names of the instance's data (not
/// `query` of a key: `userdata` holds passwords; not `schema
/// --annotate`, which prints the user data; not `clean`, `init`,
/// `single`).
const CLOUD_INIT_STATUS: Spec = Spec {
    long: &["long", "wait", "help"],
    long_valued: &["format"],
    operands: Operands::None,
    ..Spec::GNU
};
const CLOUD_INIT_ANALYZE_VERB: Spec = Spec {
    flags: "i",
    long_valued: &["infile"],
    checked: &[("i", |_| false), ("infile", |_| false)],
    operands: Operands::None,
    ..Spec::GNU
};
verbs_then!(
    CLOUD_INIT_ANALYZE,
    "show|blame|dump|boot",
    CLOUD_INIT_ANALYZE_VERB,
    false
);
const CLOUD_INIT_QUERY: Spec = Spec {
    long: &["list-keys", "help"],
    operands: Operands::None,
    ..Spec::GNU
};
const CLOUD_INIT: Spec = Spec {
    long: &["version", "help"],
    operands: Operands::Verbs {
        verbs: &[
            Verb {
                names: "status",
                spec: Some(&CLOUD_INIT_STATUS),
            },
            Verb {
                names: "analyze",
                spec: Some(&CLOUD_INIT_ANALYZE),
            },
            Verb {
                names: "query",
                spec: Some(&CLOUD_INIT_QUERY),
            },
        ],
        bare_ok: false,
    },
    ..Spec::GNU
};

pub(super) const ENTRIES: &[Entry] = &[
    Entry {
        names: &["packer"],
        spec: &PACKER,
        read_only: &["CHECKPOINT_DISABLE=1 packer version"],
        not: &[
            "packer version",
            "packer validate -syntax-only templates/debian12.pkr.hcl",
            "packer fmt -check templates/",
            "packer build templates/",
            "packer init templates/",
        ],
    },
    Entry {
        names: &["cloud-init"],
        spec: &CLOUD_INIT,
        read_only: &[
            "cloud-init status --long",
            "cloud-init status --wait --format json",
            "cloud-init analyze blame",
            "cloud-init query --list-keys",
        ],
        not: &[
            "cloud-init query userdata",
            "cloud-init schema --system --annotate",
            "cloud-init clean --logs",
            "cloud-init analyze show -i /etc/shadow",
        ],
    },
    Entry {
        names: &["terraform", "tofu"],
        spec: &TERRAFORM,
        read_only: &[
            "CHECKPOINT_DISABLE=1 terraform version -json",
            "CHECKPOINT_DISABLE=1 terraform -chdir=envs/prod version",
            "tofu state list",
            "CHECKPOINT_DISABLE=1 terraform -chdir=envs/lab state list module.k3s",
            "tofu workspace list",
            "CHECKPOINT_DISABLE=1 terraform workspace show",
            "tofu providers",
            "tofu fmt -check -recursive",
            "tofu fmt -write=false",
        ],
        not: &[
            "terraform version",
            "tofu fmt -check -diff",
            "terraform fmt",
            "tofu fmt -recursive",
            "terraform plan",
            "tofu validate",
            "terraform output -json",
            "tofu show",
            "tofu state show proxmox_vm_qemu.a",
            "tofu state pull",
            "tofu providers schema -json",
            "terraform console",
            "terraform apply -auto-approve",
        ],
    },
    Entry {
        names: &["ansible"],
        spec: &ANSIBLE,
        read_only: &[
            "ansible all -m ping -o",
            "ansible all --list-hosts",
            "ansible pve -m command -a 'pvecm status'",
            "ansible all -m shell -a 'uptime' -f 10 -o",
            "ansible nas -m stat -a 'path=/mnt/tank/backups'",
            "ansible pve1 -m debug -a 'var=ansible_host'",
        ],
        not: &[
            "ansible all -m shell -a 'rm -rf /srv/x'",
            "ansible all -b -m file -a 'path=/etc/x state=absent'",
            "ansible all -m setup --tree /tmp/facts",
            "ansible all -m ping -e ansible_python_interpreter=/tmp/x",
            "ansible all -i inventory.py -m ping",
            "ansible all -i inventory/hosts.yml -m ping",
            "ansible all -i 'evil.example,' -m ping",
            "ansible all -m ping -m shell -a 'rm -rf /srv/x'",
            "ansible all -m shell -a 'ls executable=/tmp/evil'",
            "ansible pve -m mount_facts -a 'mount_binary=reboot'",
            "ansible all -m debug -a 'var=hostvars'",
            "ansible pve1 -m debug -a 'var=vault_pm_api_token_secret'",
            "ansible pve1 -m debug -a \"msg={{ lookup('pipe', 'id') }}\"",
            "ansible all -m apt -a 'name=x state=present'",
        ],
    },
    Entry {
        names: &["ansible-playbook"],
        spec: &ANSIBLE_PLAYBOOK,
        read_only: &["ansible-playbook --version"],
        not: &[
            "ansible-playbook playbooks/decommission.yml --list-tags",
            "ansible-playbook -i inventory/hosts.yml site.yml --syntax-check",
            "ansible-playbook site.yml",
            "ansible-playbook site.yml --check --diff",
        ],
    },
    Entry {
        names: &["ansible-inventory"],
        spec: &ANSIBLE_INVENTORY,
        read_only: &[
            "ansible-inventory --graph pve_nodes",
            "ansible-inventory --graph",
        ],
        not: &[
            "ansible-inventory -i inventory/hosts.yml --list",
            "ansible-inventory --graph --vars",
            "ansible-inventory -i inventory/ --graph",
            "ansible-inventory -i inventory/proxmox.yml --graph",
        ],
    },
    // (What a Salt line does is its rules' to judge: only the functions
    // that report are read-only there.)
    Entry {
        names: &["salt", "salt-call", "salt-run"],
        spec: &Spec::FREE,
        read_only: &[
            "salt '*' test.ping",
            "salt-call --local grains.items",
            "salt-run manage.status",
        ],
        not: &[
            "salt '*' cmd.run 'rm -rf /srv'",
            "salt '*' pillar.items",
            "salt '*' test.ping --out-file /etc/x",
            "salt-ssh '*' test.ping",
            "salt-run jobs.lookup_jid 2024",
            "salt '*' file.get_hash /etc/shadow",
        ],
    },
    Entry {
        names: &["etckeeper"],
        spec: &ETCKEEPER,
        read_only: &[
            "etckeeper vcs log --oneline -10",
            "etckeeper list-installed",
        ],
        not: &[
            "etckeeper vcs log -p -1",
            "etckeeper vcs reset --hard",
            "etckeeper commit x",
            "etckeeper uninit -f",
        ],
    },
    Entry {
        names: &["salt-key"],
        spec: &SALT_KEY,
        read_only: &[
            "salt-key -L",
            "salt-key -l acc",
            "salt-key -F",
            "salt-key -f pve1 --out json",
        ],
        not: &[
            "salt-key -A",
            "salt-key -a pve1",
            "salt-key -D -y",
            "salt-key -d pve2",
            "salt-key -c /tmp/x -L",
        ],
    },
    Entry {
        names: &["ansible-config"],
        spec: &ANSIBLE_CONFIG_VERBS,
        read_only: &["ansible-config list"],
        not: &[
            "ansible-config init --disabled > ansible.cfg",
            "ansible-config view",
            "ansible-config dump --only-changed",
        ],
    },
    Entry {
        names: &["ansible-doc"],
        spec: &ANSIBLE_DOC,
        read_only: &[
            "ansible-doc -l",
            "ansible-doc -s community.general.proxmox_kvm",
        ],
        not: &["ansible-doc -M /tmp/x ping"],
    },
    Entry {
        names: &["yamllint"],
        spec: &YAMLLINT,
        read_only: &[
            "yamllint -s .",
            "yamllint -d relaxed /var/lib/vz/snippets/",
            "yamllint -d '{extends: default, rules: {line-length: disable}}' x.yml",
            "yamllint -f parsable x.yml",
        ],
        not: &[
            "yamllint -c /tmp/x --fix x.yml",
            "yamllint -c /etc/ceph/ceph.client.admin.keyring x.yml",
            "yamllint -d /etc/ppp/chap-secrets x.yml",
            "yamllint -d 'extends: /etc/nut/upsd.users' x.yml",
            "yamllint -d '{extends: relaxed, ignore-from-file: /etc/shadow}' x.yml",
            "yamllint --config-file=/etc/postfix/sasl_passwd x.yml",
        ],
    },
    Entry {
        names: &["shellcheck"],
        spec: &SHELLCHECK,
        read_only: &[
            "shellcheck scripts/deploy*.sh",
            "shellcheck -x -S warning deploy.sh",
            "shellcheck -f gcc a.sh",
        ],
        not: &[
            "shellcheck --rcfile=/tmp/x a.sh | sh",
            "shellcheck -a -x backup.sh",
            "shellcheck --check-sourced -x backup.sh",
        ],
    },
];
