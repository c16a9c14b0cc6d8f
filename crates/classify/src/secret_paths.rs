//! Paths and names whose contents are secrets (passwords, private keys,
//! tokens), as bash expands the words that name them: a glob or a brace
//! list that could reach a secret (`/etc/shad*`, `/root/.ssh/id_{rsa,ed25519}`)
//! counts as naming it. Plain knowledge of places, below the program
//! tables and the rules that use it (`rules::secrets` decides what a
//! command shows).

/// Folders whose files are secrets.
#[rustfmt::skip]
pub(crate) const SECRET_DIRS: &[&str] = &[
    // VPN clients', frp's token, samba's mount credentials (thirty-first
    // review; not netplan's files, read on every host for its network,
    // whose Wi-Fi passwords a Proxmox lab's wired hosts do not have).
    "/etc/vpnc/", "/etc/openfortivpn/", "/etc/frp/", "/etc/samba/credentials/",
    // at's jobs: each keeps its submitter's whole environment (review 126).
    "/var/spool/cron/atjobs/", "/var/spool/at/",
    // CrowdSec's bouncers' API keys and notification tokens.
    "/etc/crowdsec/bouncers/", "/etc/crowdsec/notifications/",
    // NSS databases of corosync's quorum device and the system's: their
    // private keys (key4.db) and the password that opens them
    // (pwdfile.txt; blind corpus 131).
    "/etc/corosync/qnetd/nssdb/", "/etc/corosync/qdevice/net/nssdb/", "/etc/pki/nssdb/",
    // FreeIPMI's defaults for every tool, a BMC's user, password and K_g
    // key among them (freeipmi.conf(5); blind corpus 127).
    "/etc/freeipmi/",
    // LVM's metadata backups, with every volume's tags (an encrypted Ceph
    // OSD's lockbox secret among them; thirty-third review).
    "/etc/lvm/backup/", "/etc/lvm/archive/",
    "/etc/pve/priv/", "/etc/ssl/private/", "/etc/wireguard/", "/var/lib/pve-cluster/",
    "/root/.docker/", "/var/lib/docker/containers/", "/root/.config/rclone/", "/etc/ceph/",
    "/var/lib/ceph/",
    // Kubernetes and k3s: admin configs, node passwords, join tokens, PKI.
    "/etc/rancher/", "/var/lib/rancher/k3s/server/", "/var/lib/rancher/k3s/agent/",
    "/etc/kubernetes/", "/var/lib/kubelet/pki/", "/run/secrets/",
    // systemd's credentials handed to services (`LoadCredential=`).
    "/run/credentials/", "/etc/credstore/", "/etc/credstore.encrypted/",
    // Backup tools' settings with their repositories' passwords and
    // keys: resticprofile, duply, Bareos's director and console,
    // backupninja's actions; Netdata's claim token (review 136).
    "/etc/resticprofile/", "/etc/duply/", "/etc/bareos/", "/etc/backup.d/",
    "/var/lib/netdata/cloud.d/",
    // systemd's other credential stores (systemd.exec(5), review 136).
    "/run/credstore/", "/run/credstore.encrypted/", "/usr/lib/credstore/",
    "/usr/lib/credstore.encrypted/", "/usr/local/lib/credstore/",
    "/usr/local/lib/credstore.encrypted/",
    // Node keys, Wi-Fi and VPN passwords.
    "/var/lib/tailscale/", "/etc/wpa_supplicant/", "/etc/NetworkManager/system-connections/",
    // TSIG keys' folders (review 60); brokers' and stores' data (users'
    // hashes, append-only files, InfluxDB's tokens), iSCSI targets' CHAP
    // secrets, Vault's and strongSwan's configurations (review 61).
    "/etc/dhcp/ddns-keys/", "/etc/bind/keys/", "/var/lib/rabbitmq/", "/var/lib/redis/",
    "/var/lib/influxdb/", "/etc/tgt/", "/etc/target/", "/etc/vault.d/", "/etc/swanctl/",
    "/usr/local/etc/swanctl/", "/etc/iscsi/nodes/", "/etc/iscsi/send_targets/",
    "/var/lib/iwd/", "/etc/openvpn/", "/var/lib/zerotier-one/",
    // Samba's machine and user secrets, ACME accounts, vaults.
    "/var/lib/samba/private/", "/etc/letsencrypt/accounts/", "/etc/letsencrypt/keys/",
    "/etc/letsencrypt/archive/", "/var/lib/acme/", "/var/lib/step-ca/", "/etc/dehydrated/accounts/",
    "/var/lib/bitwarden_rs/", "/var/lib/vaultwarden/", "/etc/pki/tls/private/",
    "/var/lib/rancher/rke2/server/", "/etc/rancher/rke2/", "/var/lib/etcd/",
    "/run/containers/", "/var/lib/netbird/", "/etc/netbird/",
    "/root/.acme.sh/", "/etc/ipsec.d/private/", "/etc/swanctl/",
    "/var/lib/grafana/", "/etc/gitlab/", "/etc/cloudflared/", "/usr/lib/ssl/private/",
    "/etc/proxmox-backup/acme/", "/etc/apt/auth.conf.d/", "/var/lib/cloud/instance/",
    "/etc/iscsi/nodes/", "/etc/iscsi/send_targets/", "/var/lib/systemd/coredump/",
    "/var/crash/",
    "/var/lib/cloud/instances/", "/etc/tinc/",
    // App, directory and database secrets: Gitea, GitLab runners, LUKS
    // key files, SSSD's and OpenLDAP's stores, database files (password
    // hashes: PostgreSQL's `pg_authid`, MariaDB's `global_priv`).
    "/etc/gitea/", "/etc/gitlab-runner/", "/etc/luks-keys/", "/etc/cryptsetup-keys.d/",
    "/var/lib/sss/", "/var/lib/ldap/", "/etc/ldap/slapd.d/", "/etc/openldap/slapd.d/",
    "/var/lib/postgresql/", "/var/lib/pgsql/", "/var/lib/mysql/", "/etc/libvirt/secrets/",
    "/var/lib/tor/",
    // Containers' volumes hold what `/var/lib/postgresql/` holds on a host
    // (a Vaultwarden vault, `pg_authid`); Debian's database passwords for
    // the packages it configures (eighth review).
    "/var/lib/docker/volumes/", "/var/lib/containers/storage/volumes/", "/etc/dbconfig-common/",
    // Units and drop-ins an administrator wrote (`systemctl edit` puts
    // `Environment=` credentials there), and the run-time ones: units
    // `systemd-run -E`/`-p Environment=` made, and generators' output.
    "/etc/systemd/system/", "/run/systemd/system/", "/run/systemd/transient/",
    "/run/systemd/generator/", "/run/systemd/generator.early/", "/run/systemd/generator.late/",
    // Web applications' live login sessions (ninth review); restic's
    // repository passwords and keys, iSCSI boot firmware's CHAP secrets
    // (tenth review).
    "/var/lib/php/sessions/", "/etc/restic/", "/sys/firmware/ibft/",
    // Dropbear's host keys (its own format, which no PEM masker sees; the
    // initramfs copy unlocks disks remotely), raw ZFS encryption keys,
    // Yggdrasil's node key (eighteenth review).
    "/etc/dropbear/", "/etc/dropbear-initramfs/", "/etc/zfs/keys/", "/etc/yggdrasil/",
    // Nomos's own configuration (secrets may be inline: the Matrix
    // password, the model's API key) and its data (the Matrix session, the
    // store's passphrase, the database) (twenty-eighth review).
    "/etc/nomos/", "/var/lib/nomos/",
    // BlueZ's pairings (each device's `info` holds its `LinkKey`, and
    // LE's long-term keys; blind corpus 100).
    "/var/lib/bluetooth/",
    // The same folders where FreeBSD's ports keep them (databases' data,
    // OpenVPN, ACME accounts and keys), Arch's netctl profiles (Wi-Fi
    // keys), and the RHEL family's Satellite client identity (review
    // 128).
    "/var/db/mysql/", "/var/db/postgres/", "/usr/local/etc/openvpn/",
    "/usr/local/etc/letsencrypt/accounts/", "/usr/local/etc/letsencrypt/keys/",
    "/usr/local/etc/letsencrypt/archive/", "/etc/netctl/", "/etc/sysconfig/rhn/",
];

/// Folders a recursive reader may not walk unasked, though their files
/// are no secrets by name: guests' disks and backups on the default and
/// the mounted storages (a walk prints a guest's shadow file and keys, as
/// `cat DISK` would: eleventh review; the files are secrets to printers
/// by their kind, see `device_or_image`, and their headers, `qemu-img
/// info`, `tar -t`, `vma config`, stay readable), and kernel folders
/// whose files act when opened.
const NOT_WALKED: &[&str] = &[
    "/var/lib/vz/images/",
    "/var/lib/vz/dump/",
    "/mnt/pve/",
    // The default ZFS storage: containers' root file systems.
    "/rpool/data/",
    // Not secrets, but files that act when a recursive reader opens
    // them (PCI registers, the trace pipes: twelfth review).
    "/sys/bus/pci/",
    "/sys/kernel/tracing/",
    "/sys/kernel/debug/",
];

/// Folders under a home folder (`/root/…`, `/home/USER/…`) whose every
/// file is a secret: client credentials and keys.
#[rustfmt::skip]
pub(crate) const HOME_SECRET_DIRS: &[&str] = &[
    ".ssh/", ".gnupg/", ".docker/", ".kube/", ".aws/", ".azure/", ".config/gcloud/",
    ".config/rclone/", ".password-store/", ".local/share/keyrings/", ".config/proxmox-backup/",
    ".terraform.d/", ".config/gh/", ".cloudflared/", ".config/restic/", ".minikube/",
    ".config/credstore/", ".config/credstore.encrypted/", ".duplicacy/", ".duply/",
    ".config/doctl/", ".oci/", ".vault-token", ".config/hub", ".cargo/credentials",
    ".gem/credentials", ".config/containers/auth.json", ".config/borg/", ".secrets/",
    // Object stores, cloud CLIs, SOPS's age keys (seventh review).
    ".mc/", ".config/sops/", ".config/hcloud/", ".config/openstack/", ".terraformrc",
    // Node-RED's credential key (thirty-sixth review).
    ".node-red/settings.js",
    ".local/share/fish/fish_history", ".config/age/", ".talos/", ".influxdbv2/",
    // age identities, the MinIO and InfluxDB 2 clients' tokens, helm's
    // repository logins, Backblaze's token, Nomos's own configuration
    // (twenty-eighth review).
    ".age/", ".mcli/", ".config/influxdb2/", ".config/helm/repositories.yaml", ".b2_account_info",
    ".config/nomos/",
    // svn's proxy passwords, Gradle's repository logins (review 132).
    ".subversion/servers", ".gradle/gradle.properties", ".proxychains/", ".m2/settings-security.xml",
    ".m2/settings.xml", ".config/pnpm/rc", ".bunfig.toml",
    // VNC passwords, svn's cached logins, Emacs's and mail clients'
    // logins, Maven's server passwords, Git forges' and clouds' CLIs,
    // the X cookie, zsh's and mongosh's history under other names
    // (thirty-first review).
    ".vnc/", ".config/tigervnc/", ".subversion/auth/", ".authinfo", ".m2/settings.xml",
    ".config/glab-cli/", ".config/tea/", ".config/scw/", ".config/vultr-cli.yaml",
    ".config/linode-cli", ".mbsyncrc", ".offlineimaprc", ".getmail/", ".muttrc", ".Xauthority",
    ".zhistory", ".histfile", ".mongodb/", ".pg_service.conf",
];

/// Files in `~/.ssh/` that are not private keys; any other file there may
/// be one, whatever its name (`~/.ssh/deploy`, `~/.ssh/github`).
const SSH_PUBLIC: &[&str] = &[
    "authorized_keys",
    "authorized_keys2",
    "known_hosts",
    "known_hosts.old",
    "config",
    "rc",
];

/// File names that hold secrets wherever they are.
#[rustfmt::skip]
const SECRET_NAMES: &[&str] = &[
    // Web applications' database passwords and salts, mail and pooler
    // password lists, identity servers (thirty-first review).
    "LocalSettings.php", "configuration.php", "zabbix.conf.php", "debian-db.php",
    "users.auth.php", "dovecot-sql.conf.ext", "dovecot-ldap.conf.ext", "userlist.txt", "pcp.conf",
    "keycloak.conf", "api-users.conf", "frpc.toml", "frps.toml", "frpc.ini", "frps.ini",
    "autorestic.yml", "autorestic.yaml", ".autorestic.yml", "jwks.json", "identity", ".rclone.conf",
    "htdigest", ".htdigest", "htpasswd", ".htpasswd",
    // Traefik's basic and digest auth `usersFile`, htpasswd's lines by
    // its documented name (review 119).
    "usersfile", "usersFile",
    // SNMP's trap users and communities, Node-RED's credential key,
    // CrowdSec's API credentials, Firefox's saved logins (thirty-sixth
    // review).
    "snmptrapd.conf", "local_api_credentials.yaml", "online_api_credentials.yaml",
    "logins.json", "key4.db", "key3.db", "pwdfile.txt", ".linode-cli",
    "shadow", "shadow-", "gshadow", "gshadow-", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
    "id_ecdsa_sk", "id_ed25519_sk", ".netrc", ".pgpass", ".git-credentials", "credentials",
    ".vault-token", "authkey", "authkey.key", "token.cfg", ".my.cnf", "privkey.pem",
    "rclone.conf", "sasl_passwd", "debian.cnf", "secrets.yml", "secrets.yaml", "environ",
    "config.db", "opasswd", "token.shadow", "shadow.json", "redis.conf", ".bash_history",
    // libpq's system-wide services, `password=` among their keys (review
    // 137).
    "pg_service.conf",
    ".zsh_history", ".mysql_history", ".psql_history", "krb5.keytab", "ipsec.secrets",
    "chap-secrets", "pap-secrets", "acme.json", "passwd.client", "msmtprc", ".msmtprc",
    "ddclient.conf", "upsd.users", "homeserver.yaml",
    // Homelab applications' own stores (twenty-third review): inadyn's
    // DDNS login, paperless's secret key, Home Assistant's integrations'
    // logins (databases printed raw: `device_or_image`).
    "inadyn.conf", "paperless.conf", "core.config_entries",
    // By kind: package registries, dashboards, backups, Samba, k3s, PBS.
    ".npmrc", ".pypirc", ".yarnrc.yml", "grafana.ini", "secrets.tdb", "passdb.tdb",
    "encryption-key.json", "tape-encryption-keys.json", "node-token", "kubeconfig",
    "k3s.yaml", "admin.conf", "wpa_supplicant.conf", "tailscaled.state", "keyfile",
    "master.key", "vault.json", "private.json", "smbpasswd", "pve-ssl.key",
    ".env.local", "id_xmss",
    // Proxmox: OpenID secrets, PBS second factors, remotes' passwords.
    "domains.cfg", "tfa.json", "ldap_passwords.json", "notifications-priv.cfg",
    "passwords.dat", "iscsid.conf", "frr.conf", "nslcd.conf", "ipams.cfg", "user-data.txt", ".python_history", ".node_repl_history", ".sqlite_history",
    ".rediscli_history", ".lesshst", ".viminfo", ".bashrc", ".profile", ".bash_profile",
    ".zshrc", ".zshenv",
    // The other files a login shell or session reads, where tokens are
    // exported as often (review 136): Debian's aliases file, direnv's,
    // PAM's, fish's, zsh's login files.
    ".bash_aliases", ".envrc", ".pam_environment", "config.fish", ".zprofile", ".zlogin",
    // Netdata Cloud's claim token (review 136).
    "claim.conf",
    // Mail relays, directories, monitoring, VPN, Wi-Fi, web apps, backups.
    "sasl_passwd.db", "ssmtp.conf", "ldap.secret", "pam_ldap.secret", "libnss-ldap.secret",
    "sssd.conf", "rsyncd.secrets", ".fetchmailrc", ".mylogin.cnf", "keepalived.conf",
    "hostapd.conf", "snmpd.conf", "clients.conf", "secret_key", "credential.secret",
    "wp-config.php", "config.php", "gitlab-secrets.json", "initial_root_password",
    "alertmanager.yml", "auth.json", "zabbix_server.conf", "zabbix_agentd.psk",
    "passwd.db", "grafana.db", "davfs2.conf", "netrc", "credentials.json",
    "service-account.json", "serviceaccount.json", "private.key", "master.key", "vault-pass",
    ".vault_pass", "vault_pass.txt",
    // Time-server keys, LDAP bind passwords, UPS monitors, DNS-challenge
    // API keys (certbot's plugin files).
    "chrony.keys", "ntp.keys", "pam_ldap.conf", "libnss-ldap.conf", "slapd.conf",
    "upsmon.conf", "cloudflare.ini", "dns.ini", "route53.ini", "digitalocean.ini",
    "gandi.ini", "ovh.ini", "rfc2136.ini", "vaultwarden.env", "fetchmailrc", "vault-token",
    "terraform.tfstate", "terraform.tfstate.backup", "private_key", "hs_ed25519_secret_key",
    // Editors' backups of the account files, other shells' histories,
    // download tools' passwords, Erlang's cluster cookie (remote code on
    // the node), cloud and telemetry credentials (seventh review).
    "shadow~", "gshadow~", ".sh_history", ".ash_history", ".history", "fish_history",
    ".wgetrc", ".curlrc", ".erlang.cookie", "clouds.yaml", "secure.yaml", ".terraformrc",
    "credentials.tfrc.json", "telegraf.conf",
    // S3 mounts, Pi-hole, BIND's control key, SASL and mail relays, FTP and
    // IMAP password files, phpMyAdmin, Gitea, FRR's daemons, Tor, netdata
    // streaming (eighth review).
    "passwd-s3fs", ".passwd-s3fs", "setupVars.conf", "pihole.toml", "rndc.conf", "sasldb2",
    "authinfo", "ftpd.passwd", "config-db.php", "app.ini", "torrc", "stream.conf", "bgpd.conf",
    "ospfd.conf", "ospf6d.conf", "isisd.conf", "ripd.conf", "ripngd.conf", "eigrpd.conf",
    "zebra.conf", "ldpd.conf", "bfdd.conf",
    // Nomos's own configuration (twenty-eighth review).
    "nomos.toml",
    // Remote-desktop gateways: Guacamole's users and their connections'
    // passwords, its database login (blind corpus 84).
    "user-mapping.xml", "guacamole.properties",
    // Garage's `rpc_secret`, `admin_token` and `metrics_token` (blind
    // corpus 99).
    "garage.toml",
];

/// Names that are a secret as a file in a folder (`/etc/restic/password`,
/// `/run/app/token`) but ordinary words alone (`grep -i password`,
/// `kubectl get secret`).
const SECRET_NAMES_IN_A_FOLDER: &[&str] = &[
    "remotes",
    "user-data",
    "password",
    "passwords",
    "token",
    "tokens",
    "secret",
    "secrets",
    "api_key",
    "apikey",
    // A file named by the key word alone (`/etc/app/key`, `cat creds`;
    // thirty-second review).
    "key",
    "keys",
    "keyfile",
    "secretkey",
    "privkey",
    "credential",
    "creds",
];

/// Whether `path` names a key or credential a service uses by that name
/// (`id_ed25519`, `authkey.key`, `.pgpass`, WireGuard's `privatekey`, an
/// SSH host key, OpenVPN's `ta.key`): writing over it loses the one in
/// use. A name a secret only matches by its pattern (`client3.key`,
/// `ops-secret.asc`) may well be a new file.
pub(crate) fn names_credential_in_use(path: &str) -> bool {
    // (Files that are the key or credential itself, not a configuration
    // holding one among its settings: `sed -i` on telegraf.conf is an
    // edit.)
    const KEYS: &[&str] = &[
        "id_rsa",
        "id_dsa",
        "id_ecdsa",
        "id_ed25519",
        "id_ecdsa_sk",
        "id_ed25519_sk",
        "id_xmss",
        "authkey",
        "authkey.key",
        "privkey.pem",
        "private.key",
        "private_key",
        "pve-ssl.key",
        "privatekey",
        "ta.key",
        "server.key",
        "ca.key",
        "master.key",
        "keyfile",
        "node-token",
        "token.cfg",
        ".pgpass",
        ".netrc",
        "netrc",
        ".vault-token",
        "vault-token",
        ".git-credentials",
        "credentials",
        "smbpasswd",
        "krb5.keytab",
        "secret_key",
        "hs_ed25519_secret_key",
        "encryption-key.json",
        "tape-encryption-keys.json",
        // (Traefik's ACME store: the account's key and every
        // certificate's; blind corpus 108.)
        "acme.json",
        "chrony.keys",
        "ntp.keys",
        "shadow",
        "gshadow",
        "passwd.client",
        "ipsec.secrets",
        "chap-secrets",
        "pap-secrets",
        "vault-pass",
        ".vault_pass",
        "vault_pass.txt",
        "initial_root_password",
        "credential.secret",
        "token.shadow",
        "zabbix_agentd.psk",
    ];
    let name = path.rsplit('/').next().unwrap_or(path);
    KEYS.contains(&name)
        || SECRET_NAMES_IN_A_FOLDER.contains(&name)
        || (name.starts_with("ssh_host_") && name.ends_with("_key"))
        // (A key kept in /etc/ssh is the host's or a CA's: `user_ca`,
        // `host_ca`; blind corpus 119.)
        || ssh_folder_key(path)
}

/// Whether a file's name alone makes it a secret ([`SECRET_NAMES`]).
fn secret_name(name: &str) -> bool {
    static NAMES: std::sync::OnceLock<crate::Set<&'static str>> = std::sync::OnceLock::new();
    NAMES
        .get_or_init(|| SECRET_NAMES.iter().copied().collect())
        .contains(name)
}

/// Paths a pattern is tried against: one of each kind of secret.
#[rustfmt::skip]
const SAMPLES: &[&str] = &[
    // The applications' stores the path rules name (twenty-fourth review:
    // `/var/lib/*arr/config.xml`, `/opt/hass/.sto?age/auth`).
    "/var/lib/sonarr/config.xml", "/var/lib/radarr/config.xml", "/opt/hass/.storage/auth",
    "/config/.storage/auth", "/opt/zigbee2mqtt/data/configuration.yaml",
    "/etc/authelia/configuration.yml", "/var/lib/uptime-kuma/kuma.db",
    "/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/pve/priv/authkey.key",
    "/etc/pve/priv/token.cfg", "/etc/ssl/private/ssl-cert-snakeoil.key", "/root/.ssh/id_rsa",
    "/root/.ssh/id_ed25519", "/home/user/.ssh/id_rsa", "/home/user/.ssh/id_ed25519",
    "/etc/ssh/ssh_host_rsa_key", "/etc/ssh/ssh_host_ed25519_key", "/etc/wireguard/wg0.conf",
    "/etc/ssh/user_ca", "/etc/ssh/ca/host_ca",
    "/var/lib/pve-cluster/config.db", "/etc/ceph/ceph.client.admin.keyring",
    "/etc/letsencrypt/live/host/privkey.pem", "/root/.docker/config.json", "/root/.pgpass",
    "/root/.netrc", "/srv/app/.env", "/proc/1/environ", "/proc/self/environ",
    "/boot/grub/user.cfg", "/boot/grub2/user.cfg", "/boot/efi/EFI/redhat/user.cfg",
    "/etc/grub.d/40_custom", "/data/access/1", "/opt/npm/data/access/1",
    "/etc/postfix/sasl_passwd", "/etc/mysql/debian.cnf", "/var/backups/shadow.bak",
    "shadow", "id_rsa", "id_ed25519", ".env", "x.key", "privkey.pem", "secrets.yml",
    "/etc/grafana/grafana.ini", "/etc/postfix/sasl_passwd.db", "/etc/zabbix/zabbix_agentd.psk",

    "/etc/restic/password", "/etc/snmp/snmpd.conf", "/etc/mosquitto/passwd",
    "/etc/sssd/sssd.conf", "/etc/keepalived/keepalived.conf", "/etc/hostapd/hostapd.conf",
    "/etc/systemd/network/wg0.netdev", "/var/www/html/wp-config.php", "/root/.kube/config",
    "/root/.aws/credentials", "/etc/openvpn/client.ovpn",
    "/etc/NetworkManager/system-connections/home.nmconnection", "/etc/ldap.secret",
    "/etc/ssmtp/ssmtp.conf", "/etc/rsyncd.secrets", "/etc/gitlab/gitlab-secrets.json",
    "x.psk", "x.netdev", "x.nmconnection", "x.ovpn", "x.p12", "x.kdbx", "server.pem",
    "wp-config.php", "config.php", "credentials.json",
    "/etc/pve/nodes/pve1/pve-ssl.key", "/etc/pve/local/pve-ssl.key", "/etc/corosync/authkey",
    "/etc/proxmox-backup/authkey.key", "/etc/proxmox-backup/tfa.json", "/etc/pve/domains.cfg",
    "/proc/sys/net/ipv4/tcp_fastopen_key", "/proc/sys/net/ipv6/conf/vmbr0/stable_secret",
    "/tmp/krb5cc_0", "/var/lib/php/sessions/sess_x", "/root/core.1234", "/core",
    // Twenty-eighth review: keys, tokens and dumps by the words of their
    // names, drop-ins of secret configurations, Nomos's own files.
    "/etc/nomos/nomos.toml", "/var/lib/nomos/matrix/store-passphrase", "/root/.age/key.txt",
    "/root/pbs-encryption-key.json", "/root/luks.keyfile", "/root/api_token.json",
    "/root/dump.sql", "/var/backups/db.dump", "/etc/telegraf/telegraf.d/outputs.conf",
    "/etc/matrix-synapse/conf.d/database.yaml", "/root/.mcli/config.json",
    "/root/.config/influxdb2/configs", "/root/.b2_account_info", "/root/.ansible/vault_pass",
    "/root/.config/helm/repositories.yaml", "key.txt", "dump.sql", "/etc/default/restic",
    "/etc/environment", "/root/.token", "/root/api_token", "/root/rootkey.csv",
    "/root/api-key.conf",
];

/// Whether a walk from `start` (as `find` walks, the folders it may be
/// resolved in) may reach a file that acts when opened: from `/`, or from
/// `/dev`, `/proc`, `/sys` and the folders in them. `stays` (`-xdev`,
/// `-mount`): a walk from `/` stays out of them (other file systems).
/// A relative start in a folder only known at run time may be anywhere.
pub(crate) fn walk_may_reach_acting(start: &str, stays: bool, folders: &Folders) -> bool {
    if !start.starts_with(['/', '~']) && folders.unknown() {
        return true;
    }
    let start = if start.is_empty() { "/" } else { start };
    folders.resolve(start).iter().any(|path| {
        let path = path.trim_end_matches('/');
        (path.is_empty() && !stays)
            || ["/dev", "/proc", "/sys"]
                .iter()
                .any(|kernel| path == *kernel || path.starts_with(&format!("{kernel}/")))
    })
}

/// Kernel and process memory (`/proc/kcore`, `/proc/PID/mem`,
/// `/dev/mem`), and the files memory is paged or hibernated to (a swap
/// file: pages of every process, keys and typed passwords included):
/// everything a process held.
fn raw_memory(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    // A core dump (Debian's `core_pattern` is `core`, `core.PID` with
    // `core_uses_pid`): a crashed process's memory. A bare `core` only at
    // the root: elsewhere it is a word (`grep core`, read as `/root/core`).
    let core = path == "/core"
        || name
            .strip_prefix("core.")
            .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
    core || matches!(path, "/proc/kcore" | "/dev/mem" | "/dev/kmem" | "/dev/port")
        || (path.starts_with("/proc/") && path.ends_with("/mem"))
        || [
            "swapfile",
            "swap",
            "swap.img",
            "hiberfil.sys",
            "pagefile.sys",
            "swapfile.sys",
        ]
        .iter()
        .any(|n| name.eq_ignore_ascii_case(n))
        || name.ends_with(".swap")
}

/// Whether a glob may match a folder that holds secrets: matched against
/// every folder on the way to a secret folder or a sample secret (once
/// per input, like [`name_pattern_names_secret`]).
pub(crate) fn folder_pattern_holds_secrets(pattern: &str) -> bool {
    remembered(
        &FOLDER_PATTERNS_CHECKED,
        pattern,
        folder_pattern_unremembered,
    )
}

fn folder_pattern_unremembered(pattern: &str) -> bool {
    let pattern = extglob_as_star(&pattern.to_ascii_lowercase());
    let compiled = Pattern::new(pattern.trim_end_matches('/'));
    SECRET_DIRS
        .iter()
        .copied()
        .chain(SAMPLES.iter().copied().filter(|s| s.starts_with('/')))
        .any(|secret| {
            let mut at = 0;
            let lower = secret.to_ascii_lowercase();
            let mut hit = compiled.matches("/");
            while let Some(slash) = lower[at + 1..].find('/') {
                at += slash + 1;
                hit |= compiled.matches(&lower[..at]);
            }
            hit || compiled.matches(lower.trim_end_matches('/'))
        })
}

/// Trees that hold no secret by convention, not even a file secret by
/// its name alone: installed programs and their data, documentation,
/// headers, kernel interfaces, logs (read as `cat /var/log/syslog` is),
/// the package lists.
const PUBLIC_TREES: &[&str] = &[
    "/usr/share",
    "/usr/include",
    "/usr/lib",
    "/usr/lib64",
    "/usr/libexec",
    "/usr/bin",
    "/usr/sbin",
    "/usr/local/share",
    "/usr/local/include",
    "/lib",
    "/lib64",
    "/bin",
    "/sbin",
    "/var/log",
    "/sys",
    "/proc/sys",
    "/var/lib/dpkg",
    "/var/lib/apt/lists",
    "/var/cache/apt",
    // Files whose format has no setting that takes a credential (hosts(5),
    // nsswitch.conf(5), login.defs(5), sudoers(5), passwd(5), group(5),
    // sysctl.conf(5), modprobe.d(5), limits.conf(5), exports(5)) and
    // pmxcfs's status files (blind corpus 37).
    "/etc/hosts",
    "/etc/hostname",
    "/etc/resolv.conf",
    "/etc/nsswitch.conf",
    "/etc/login.defs",
    "/etc/sudoers",
    "/etc/sudoers.d",
    "/etc/passwd",
    "/etc/group",
    "/etc/shells",
    "/etc/os-release",
    "/etc/debian_version",
    "/etc/timezone",
    "/etc/exports",
    "/etc/sysctl.conf",
    "/etc/sysctl.d",
    "/etc/modprobe.d",
    "/etc/security/limits.conf",
    "/etc/security/limits.d",
    "/etc/pve/.vmlist",
    "/etc/pve/.members",
    "/etc/pve/.version",
];

/// The formats of files with credential settings, for the searches that
/// may pick their plain settings (`rules::search::shows_no_setting`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SettingsFormat {
    /// A VM's configuration (`/etc/pve/qemu-server/ID.conf`).
    VmConfig,
    /// A compose project's file.
    Compose,
    /// Proxmox VE's cluster options (`/etc/pve/datacenter.cfg`).
    ClusterOptions,
    /// A database server's or client's own settings (`postgresql.conf`,
    /// MariaDB's `.cnf` files, `redis-NAME.conf`, `mongod.conf`).
    Database,
    /// Any other, or a glob that may be more than one kind.
    Other,
}

/// Whether `head` followed by `rest` ends with `tail`, without joining
/// them.
fn joined_ends_with(head: &str, rest: &str, tail: &str) -> bool {
    match tail.strip_suffix(rest) {
        Some(before) => head.ends_with(before),
        None => rest.ends_with(tail),
    }
}

/// How many characters a glob pins: each literal or escaped character
/// and each bracket expression; `*` and `?` pin none.
fn pinned_characters(glob: &str) -> usize {
    let mut count = 0;
    let mut chars = glob.chars();
    while let Some(c) = chars.next() {
        match c {
            '*' | '?' => {}
            '\\' => {
                chars.next();
                count += 1;
            }
            '[' => {
                // (Up to the closing bracket; a `]` first is a member.)
                let mut first = true;
                for inner in chars.by_ref() {
                    if inner == ']' && !first {
                        break;
                    }
                    first = inner == '!' || (inner == '^' && first);
                }
                count += 1;
            }
            _ => count += 1,
        }
    }
    count
}

/// Game servers' settings files that hold passwords or tokens: RCON,
/// admin and join passwords, Steam and service tokens (Minecraft,
/// Terraria, Factorio, Palworld, ARK, 7 Days to Die, Project Zomboid,
/// Source games, V Rising, Enshrouded, Conan Exiles), and rcon-cli's.
const GAME_SETTINGS: &[&str] = &[
    "server.properties",
    "serverconfig.txt",
    "server-settings.json",
    "player-data.json",
    "PalWorldSettings.ini",
    "GameUserSettings.ini",
    "serverconfig.xml",
    "servertest.ini",
    "server.cfg",
    "ServerHostSettings.json",
    "enshrouded_server.json",
    "ServerSettings.ini",
    ".rcon-cli.yaml",
    ".rcon-cli.env",
    "forwarding.secret",
];

/// A configuration file whose format has settings that take a
/// credential, filled in on a homelab as often as not, and its format: a
/// VM's (qemu-server's `cipassword`, a hash or, for Windows, the password:
/// `qm config` masks it), a compose project's (`environment:`),
/// HAProxy's (`stats auth`, `userlist`), Traefik's static configuration,
/// Prometheus' and Promtail's (`basic_auth`, `bearer_token`), and the
/// system-wide clients' (`/etc/wgetrc`, pip.conf)
/// (review 47). Printed whole, they show those; a line search that names
/// no credential shows none. (Left out by choice, as every corpus reads
/// them whole to diagnose: a container's configuration, whose
/// `lxc.environment` the credential-line rule guards, the Caddyfile, and
/// APT's configuration and Docker's `daemon.json`.)
/// A glob is any file it may match: its folders compared one by one (a
/// glob never spans a `/`; `/etc/hap*/`, `/etc/pve/nodes/*2/qemu-server/`),
/// its name by the file's kind (`*.cfg` in HAProxy's folder) or, where
/// the name alone decides, by its letters (`docker-compo?e.yml`, not
/// `/var/log/*`); reviews 51 and 52.
pub(crate) fn credential_settings_file(path: &str) -> Option<SettingsFormat> {
    let glob = |s: &str| s.contains(['*', '?', '[']);
    let whole = path.rsplit('/').next().unwrap_or(path);
    let parts: Vec<&str> = path[..path.len() - whole.len()]
        .split('/')
        .filter(|p| !p.is_empty())
        .collect();
    // (`.`, `..`, `**` in a glob: any folder.)
    let anywhere = glob(path) && parts.iter().any(|p| matches!(*p, "." | ".." | "**"));
    let part_is = |part: &str, fixed: &str| {
        if glob(part) {
            Pattern::new(part).matches(fixed)
        } else {
            part == fixed
        }
    };
    let under = |dir: &[&str]| {
        anywhere || (parts.len() >= dir.len() && dir.iter().zip(&parts).all(|(d, p)| part_is(p, d)))
    };
    let at = |dir: &[&str]| anywhere || (parts.len() == dir.len() && under(dir));
    // A copy keeps what the file held (`haproxy.cfg.bak`, `100.conf~`).
    let stem = copied_name(whole);
    let name = if stem.is_empty() { whole } else { stem };
    let name_glob = glob(name).then(|| Pattern::new(name));
    // Of a kind by its ending (any name in a folder of its own).
    let of_kind = |ends: &[&str]| match &name_glob {
        Some(_) => ends.iter().any(|e| glob_may_end_with(name, e)),
        None => ends.iter().any(|e| name.ends_with(e)),
    };
    // This name, or a glob whose letters keep it to that name.
    let named = |fixed: &str| match &name_glob {
        Some(pattern) => {
            name.chars().filter(char::is_ascii_alphanumeric).count() >= 3 && pattern.matches(fixed)
        }
        None => name == fixed,
    };
    const YAML: &[&str] = &[".yml", ".yaml", ".toml"];
    let vm_config = under(&["etc", "pve"])
        && (anywhere || parts.last().is_some_and(|p| part_is(p, "qemu-server")))
        && of_kind(&[".conf"]);
    // Compose's own names and its override and per-environment files
    // (`docker-compose.override.yml`, `compose.prod.yaml`,
    // `podman-compose.yml`).
    let compose = match &name_glob {
        None => name.contains("compose") && of_kind(YAML),
        Some(_) => {
            [
                "docker-compose.yml",
                "docker-compose.yaml",
                "compose.yml",
                "compose.yaml",
            ]
            .iter()
            .any(|n| named(n))
                || (name.contains("compose") && (name.ends_with('*') || of_kind(YAML)))
        }
    };
    // (A glob only in the file's own folder: `/etc/pve/lxc/*.conf` is
    // no pip.conf.)
    let fixed = [
        ("haproxy.cfg", &["etc", "haproxy"][..]),
        ("prometheus.yml", &["etc", "prometheus"]),
        ("prometheus.yaml", &["etc", "prometheus"]),
        ("wgetrc", &["etc"]),
        ("pip.conf", &["etc"]),
    ]
    .iter()
    .any(|(file, home)| {
        if name_glob.is_some() {
            at(home) && named(file)
        } else {
            name == *file
        }
    });
    let other = fixed
        // (The metric servers: PVE 9's
        // OpenTelemetry one with its extra HTTP headers, an
        // `Authorization` one among them, in the file itself, not under
        // `priv/` as InfluxDB's token (blind corpus 181).)
        || (at(&["etc", "pve"]) && named("status.cfg"))
        || (under(&["etc", "haproxy"]) && of_kind(&[".cfg"]))
        || ["traefik", "promtail", "prometheus"]
            .iter()
            .any(|tool| under(&["etc", tool]) && of_kind(YAML))
        // (Kept anywhere, `/opt/traefik/traefik.yml`: by their names.)
        || match &name_glob {
            None => of_kind(YAML) && (name.starts_with("traefik") || name.starts_with("promtail")),
            Some(_) => ["traefik.yml", "traefik.yaml", "traefik.toml", "promtail.yml", "promtail.yaml"]
                .iter()
                .any(|n| named(n)),
        }
        // (Review 59: BIND's and ISC dhcpd's `key { secret … }`, Kea's
        // database passwords and TSIG keys, Consul's and Nomad's gossip
        // keys and ACL tokens, Loki's object-store keys.)
        || (under(&["etc", "bind"])
            && (of_kind(&[".conf"])
                || match &name_glob {
                    None => name.starts_with("named.conf"),
                    Some(_) => ["named.conf.local", "named.conf.options", "named.conf.default-zones"]
                        .iter()
                        .any(|n| named(n)),
                }))
        || (under(&["etc", "dhcp"]) && of_kind(&[".conf"]))
        || (under(&["etc", "kea"]) && of_kind(&[".conf", ".json"]))
        || ["consul.d", "nomad.d", "consul", "nomad"]
            .iter()
            .any(|tool| under(&["etc", tool]) && of_kind(&[".hcl", ".json"]))
        || (under(&["etc", "loki"]) && of_kind(YAML))
        || (name_glob.is_none() && name.starts_with("loki") && of_kind(YAML))
        // (Review 60: RabbitMQ's `default_pass` and definitions' hashes,
        // Sentinel's `auth-pass`, Patroni's and pgBackRest's passwords
        // and cipher keys, Mosquitto's bridges' passwords, Grafana Alloy's
        // and Agent's `basic_auth`.)
        || under(&["etc", "rabbitmq"])
        || under(&["etc", "patroni"])
        || under(&["etc", "pgbackrest"])
        || under(&["etc", "alloy"])
        || (under(&["etc", "mosquitto"]) && of_kind(&[".conf"]))
        // (Review 65: Ansible's configuration, Galaxy's tokens and
        // connection passwords among its settings; review 67: its
        // inventories and variables, `ansible_password` among them.)
        || (name_glob.is_none() && (name == "ansible.cfg" || name == ".ansible.cfg"))
        || path.starts_with("/etc/ansible/hosts")
        || path.contains("/group_vars/")
        || path.contains("/host_vars/")
        || (name.starts_with("inventory") && of_kind(&[".ini", ".yml", ".yaml", ".cfg"]))
        // (Review 62: netplan's Wi-Fi passwords and WireGuard keys.)
        || (under(&["etc", "netplan"]) && of_kind(YAML))
        // (Review 71: applications' configurations that hold their
        // database and API credentials by convention: Rails'
        // `database.yml`, `secrets.yml`, ASP.NET's `appsettings*.json`,
        // Spring's `application*.yml`/`.properties`, node-config's
        // `production.json`, cloud-init's `user-data`.)
        || (name_glob.is_none()
            && (name.starts_with("database.y")
                || name.starts_with("secrets.y")
                || (name.starts_with("appsettings") && name.ends_with(".json"))
                || (name.starts_with("application")
                    && of_kind(&[".yml", ".yaml", ".properties"]))
                || name == "production.json"
                || name.starts_with("user-data")))
        // (Blind corpus 96, review 83: game servers' settings, their RCON,
        // admin and join passwords, tokens and Steam logins, by their
        // names, and rcon-cli's own settings.)
        || (name_glob.is_none()
            && [name, whole].iter().any(|n| {
                GAME_SETTINGS.contains(n)
                    || (n.starts_with("start_server") && n.ends_with(".sh"))
            }))
        // (A glob is matched against each name, and against its common
        // copies, `server.properties.ba[a-z]`, when it pins at least three
        // characters, punctuation or bracket expressions among them
        // (`*g.t*` is `serverconfig.txt`; review 84), not `*` or `?x`;
        // only a name the text after its last wildcard can end is tried,
        // since matching is the cost. Not under sysfs.)
        || name_glob
            .as_ref()
            .filter(|_| !path.starts_with("/sys/") && pinned_characters(name) >= 3)
            .is_some_and(|pattern| {
                let tail = name
                    .rfind(['*', '?', '[', ']', '\\'])
                    .map_or(name, |at| &name[at + 1..]);
                GAME_SETTINGS.iter().chain(&["start_server.sh"]).any(|n| {
                    (n.ends_with(tail) && pattern.matches(n))
                        || ["~", ".bak", ".old", ".orig", ".save"].iter().any(|copy| {
                            joined_ends_with(n, copy, tail)
                                && pattern.matches(&format!("{n}{copy}"))
                        })
                })
            })
        || (path.contains("/lgsm/config-lgsm/") && of_kind(&[".cfg"]))
        // (Blind corpus 98: Seafile's settings, its database passwords
        // and Seahub's secret key.)
        || (name_glob.is_none()
            && matches!(
                name,
                "seafile.conf" | "ccnet.conf" | "seahub_settings.py" | "seafdav.conf"
            ))
        || under(&["opt", "seafile", "conf"])
        // (Review 83: LinuxGSM's game settings under `serverfiles/`,
        // 7 Days to Die's `sdtdserver.xml` among them; Paper's global
        // settings, Velocity's forwarding secret in them; Bukkit plugins'
        // settings, DiscordSRV's bot token among them.)
        || (path.contains("/serverfiles/") && of_kind(&[".xml", ".ini", ".cfg", ".json", ".txt"]))
        || (name_glob.is_none() && name == "paper-global.yml")
        || (path.contains("/plugins/") && of_kind(YAML))
        || (name_glob.is_none()
            && (name.starts_with("sentinel") && name.ends_with(".conf")
                || name == "pgbackrest.conf"
                || name.starts_with("grafana-agent")
                || name.starts_with("patroni") && of_kind(YAML)))
        // (Review 123: self-hosted apps whose settings files hold their
        // secrets, in folders named for them; a proxy's settings, whose
        // URL may hold `user:password@`; PBS's node settings, whose
        // `http-proxy` may.)
        // (A glob part only where it spells some of the name: `*` is any
        // folder, `goti?y` Gotify's.)
        || (APP_FOLDERS.iter().any(|app| {
            parts
                .iter()
                .any(|p| part_is(p, app) && p.chars().any(|c| c.is_ascii_alphanumeric()))
        })
            && of_kind(&[".json", ".yml", ".yaml", ".conf", ".js", ".toml", ".ini", ".cfg", ".env"]))
        || ((under(&["etc", "apt", "apt.conf.d"]) || under(&["etc", "profile.d"]))
            && (name.contains("proxy") || name_glob.is_some()))
        || (at(&["etc", "proxmox-backup"]) && named("node.cfg"));
    // The cluster's options, whose `http_proxy` may hold a proxy's
    // `user:password@` (review 119).
    let cluster_options = at(&["etc", "pve"]) && named("datacenter.cfg");
    // (Review 137: database servers' own settings: PostgreSQL's
    // `primary_conninfo` and `archive_command` (the archive's transfer
    // login) in postgresql.conf and its conf.d, PgBouncer's connection
    // strings, WAL-G's keys, Redis' and KeyDB's instances' `requirepass`
    // and `masterauth`, MariaDB's and MySQL's option files (`password`,
    // Galera's `wsrep_sst_auth`), ClickHouse's users, replicas and
    // client logins, InfluxDB 1's `shared-secret`, mongod's inline key
    // and LDAP passwords.)
    let database = (under(&["etc", "postgresql"])
        && (named("postgresql.conf") || (parts.contains(&"conf.d") && of_kind(&[".conf"]))))
        || (under(&["etc", "redis"]) && of_kind(&[".conf"]))
        || under(&["etc", "keydb"])
        || (under(&["etc", "mysql"]) && of_kind(&[".cnf"]))
        || (at(&["etc"]) && named("my.cnf"))
        || (under(&["etc", "my.cnf.d"]) && of_kind(&[".cnf"]))
        || (under(&["etc", "influxdb"]) && of_kind(&[".conf", ".toml"]))
        || (name_glob.is_none() && name == "mongod.conf");
    // (Files whose every line may hold one: PgBouncer's databases are
    // connection strings under any name, WAL-G's keys all start `WALG_`
    // or `AWS_`, ClickHouse's users and replicas are XML.)
    let database_whole = under(&["etc", "pgbouncer"])
        || under(&["etc", "wal-g"])
        || under(&["etc", "clickhouse-server"])
        || under(&["etc", "clickhouse-client"])
        || parts.contains(&".clickhouse-client");
    let other = other || database_whole;
    match (vm_config, compose, cluster_options, database, other) {
        (false, false, false, false, false) => None,
        (true, false, false, false, false) => Some(SettingsFormat::VmConfig),
        (false, true, false, false, false) => Some(SettingsFormat::Compose),
        (false, false, true, false, false) => Some(SettingsFormat::ClusterOptions),
        (false, false, false, true, false) => Some(SettingsFormat::Database),
        _ => Some(SettingsFormat::Other),
    }
}

/// MariaDB's and MySQL's binary, relay, general and slow logs in their
/// folders (`mysql-bin.000231`, `mysql.log`, `mariadb-slow.log`): every
/// statement's text with its values (review 62); the error log is not one.
fn mysql_statement_log(path: &str, name: &str) -> bool {
    let folder = ["/var/log/mysql/", "/var/log/mariadb/", "/var/lib/mysql/"]
        .iter()
        .any(|f| path.starts_with(f));
    folder
        && (name.contains("-bin.")
            || name.contains("slow")
            || matches!(
                name,
                "mysql.log" | "mariadb.log" | "general.log" | "query.log"
            ))
}

/// Whether a glob matches some name that ends with `end` (`100.con[f]`,
/// `*.c?nf` and `*` may each end with `.conf`): some tail of it, from a
/// point between two of its parts, matches `end` itself (what comes
/// before is matched by any text its parts accept).
fn glob_may_end_with(glob: &str, end: &str) -> bool {
    let bytes = glob.as_bytes();
    let mut at = 0;
    loop {
        if Pattern::new(&glob[at..]).matches(end) {
            return true;
        }
        if at >= bytes.len() {
            return false;
        }
        // The next part: an escaped character, a bracket expression, or
        // one character.
        at += match bytes[at] {
            b'\\' => 2,
            b'[' => glob[at + 1..]
                .char_indices()
                .skip(1)
                .find(|(_, c)| *c == ']')
                .map_or(1, |(i, _)| i + 2),
            _ => glob[at..].chars().next().map_or(1, char::len_utf8),
        };
        at = at.min(bytes.len());
        while !glob.is_char_boundary(at) {
            at += 1;
        }
    }
}

/// Whether `dir` (normalised, no trailing slash) is inside a public tree.
/// (Not the folders above the kernel's keys: [`kernel_key`].)
pub(crate) fn in_public_tree(dir: &str) -> bool {
    let above_kernel_keys = matches!(dir, "/proc/sys" | "/proc/sys/net" | "/proc/sys/net/ipv4")
        || dir.starts_with("/proc/sys/net/ipv6");
    !above_kernel_keys
        && PUBLIC_TREES.iter().any(|tree| {
            dir.strip_prefix(tree)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

/// Whether reading every file below `dir` may print a secret: a folder
/// that holds secrets by place ([`folder_holds_secrets`]), or any tree
/// not known public, since a file secret by its name alone (an app's
/// `.env`, `*.key`, `*.pem`, `.git-credentials`) may sit anywhere in one
/// (`grep -r . /srv`, `find /opt -exec cat {} +`). Globs are matched
/// by their known start (`/usr/share/doc/*` is public, `/s*` is not).
pub(crate) fn tree_may_hold_secrets(dir: &str) -> bool {
    let word = dir.trim_matches(['\'', '"']);
    if word.contains(['*', '?', '[']) {
        if folder_pattern_holds_secrets(word) {
            return true;
        }
        let known = &word[..word.find(['*', '?', '[']).unwrap_or(word.len())];
        let known = &known[..known.rfind('/').unwrap_or(0)];
        let owned = normalised(known);
        return !in_public_tree(owned.trim_end_matches('/'));
    }
    if folder_holds_secrets(word) {
        return true;
    }
    let owned = normalised(word);
    !in_public_tree(owned.trim_end_matches('/'))
}

/// Whether a folder (read one level deep, or deeper) holds a secret:
/// [`folder_holds_secrets`], or a folder whose every file is one
/// (`/root/.ssh`, `/etc/pve/priv`), named with or without its slash.
pub(crate) fn folder_with_secrets_in_it(dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    folder_holds_secrets(dir) || secret_path(&format!("{dir}/x"))
}

/// Whether a folder searched recursively holds a secret (`/`, `/etc`,
/// `/root`, `/home/user/.ssh`, a secret folder itself).
pub(crate) fn folder_holds_secrets(dir: &str) -> bool {
    remembered(&FOLDERS_CHECKED, dir, folder_holds_secrets_unremembered)
}

fn folder_holds_secrets_unremembered(dir: &str) -> bool {
    if dir.contains("/.zfs/snapshot") || dir.ends_with("/.zfs") {
        return true;
    }
    if let Some(inner) = inside_guest(dir.trim_matches(['\'', '"']))
        && folder_holds_secrets(&inner)
    {
        return true;
    }
    // `~ceph`, `~postgres`: a system user's home may be anywhere.
    if dir.starts_with('~') && !dir.starts_with("~/") && dir != "~" && !dir.starts_with("~root") {
        return true;
    }
    let owned = normalised(dir.trim_matches(['\'', '"']));
    let dir = owned.trim_end_matches('/');
    let prefix = format!("{dir}/");
    secret_path(dir)
        || SECRET_DIRS
            .iter()
            .chain(NOT_WALKED)
            .any(|d| d.starts_with(&prefix) || prefix.starts_with(d))
        || SAMPLES.iter().any(|sample| {
            // An application's `.env` does not make its whole tree secret.
            let name = sample.rsplit('/').next().unwrap_or(sample);
            sample.starts_with('/') && sample.starts_with(&prefix) && !name.starts_with(".env")
        })
        || dir.is_empty()
}

/// Whether a file-name pattern (`find -name '*.key'`) can match the name
/// of a file that is a secret by its name alone; each pattern is matched
/// against the names once per input (a hostile input repeats a word
/// thousands of times, a loop judges it again on every pass).
pub(crate) fn name_pattern_names_secret(pattern: &str) -> bool {
    remembered(&NAME_PATTERNS_CHECKED, pattern, name_pattern_unremembered)
}

/// `check(key)`, remembered in `memo` for the rest of the input (the
/// memo is emptied by [`budget_patterns`]).
fn remembered(
    memo: &'static std::thread::LocalKey<std::cell::RefCell<crate::Map<String, bool>>>,
    key: &str,
    check: fn(&str) -> bool,
) -> bool {
    if let Some(known) = memo.with_borrow(|seen| seen.get(key).copied()) {
        return known;
    }
    let found = check(key);
    memo.with_borrow_mut(|seen| seen.insert(key.to_string(), found));
    found
}

fn name_pattern_unremembered(pattern: &str) -> bool {
    const MORE: &[&str] = &[
        "x.key",
        "a.keyring",
        "x-key.pem",
        "privkey1.pem",
        "shadow.bak",
        ".env",
        ".env.local",
        "ssh_host_rsa_key",
        ".smbcred",
        "password.txt",
        "x.psk",
        "x.netdev",
        "x.nmconnection",
        "x.ovpn",
        "x.p12",
        "x.pfx",
        "x.kdbx",
        "server.pem",
        "wp-config.php",
    ];
    let pattern = pattern.trim_matches(['\'', '"']);
    let start = fixed_start(pattern);
    let compiled = Pattern::new(pattern);
    let lower = Pattern::new(&pattern.to_ascii_lowercase());
    pattern_names_a_kind(pattern)
        || SECRET_NAMES
            .iter()
            // `rclone.conf` is a secret where it lives (a secret folder); a
            // search for `*.conf` is not a search for it (`ddc*` is one
            // for `ddclient.conf`).
            .filter(|name| !name.ends_with(".conf") || !start.is_empty())
            .chain(MORE)
            // A pattern names files: the everyday words that are secrets
            // as a file's whole name too (`/etc/app/t?ken`; thirty-third
            // review).
            .chain(SECRET_NAMES_IN_A_FOLDER)
            .any(|name| compiled.matches(name) || lower.matches(name))
}

/// A pattern's part before its first glob character (`ddc` of `ddc*`).
fn fixed_start(pattern: &str) -> &str {
    &pattern[..pattern.find(['*', '?', '[']).unwrap_or(pattern.len())]
}

/// Whether a name pattern matches a secret by its kind, the end of its
/// name (`*.ke?`, `site.ke*`: the pattern's fixed start, then each ending,
/// `site.ke.key`, is a name it matches).
fn pattern_names_a_kind(pattern: &str) -> bool {
    /// Kinds of secret by the end of their name.
    const ENDINGS: &[&str] = &[
        ".key",
        ".keyring",
        "-key.pem",
        ".psk",
        ".netdev",
        ".nmconnection",
        ".ovpn",
        ".p12",
        ".pfx",
        ".kdbx",
        ".env",
        ".keytab",
        ".priv",
    ];
    let start = fixed_start(pattern);
    let compiled = Pattern::new(pattern);
    pattern.contains(['*', '?', '['])
        && ENDINGS
            .iter()
            .any(|end| compiled.matches(&format!("{start}{end}")))
}

/// Whether a path pattern's last part may name a secret by the name and
/// kind rules: with a fixed start (`ddc*`, `id_*`, `.bash_h*`), any secret
/// name it matches; without one, a kind (`*.ke?`) or any name at all (a
/// bare `*`), not every name of an extension (`*.yml` is a search for
/// YAML files, not for `secrets.yml`).
fn last_part_names_secret(last: &str) -> bool {
    let start = fixed_start(last);
    // An application's database (`*.db-wal`, `kuma*`): see `database_file`.
    let compiled = Pattern::new(last);
    let database = [".db", ".db-wal", ".sqlite", ".sqlite3", ".db.bak"]
        .iter()
        .any(|ext| {
            compiled.matches(&format!("{start}{ext}"))
                || compiled.matches(&format!("{start}x{ext}"))
        });
    if database {
        return true;
    }
    if !start.is_empty() {
        return name_pattern_names_secret(last);
    }
    // A fixed end that is more than an extension (`*-secrets`) names
    // files as much as a fixed start does.
    let end = &last[last.rfind(['*', '?', ']']).map_or(0, |p| p + 1)..];
    let extension = end.starts_with('.') && !end[1..].contains(['.', '-', '_']);
    last.chars().all(|c| matches!(c, '*' | '?'))
        || pattern_names_a_kind(last)
        || (!end.is_empty() && !extension && name_pattern_names_secret(last))
}

/// `path` as the kernel would resolve it, as far as text can tell: empty
/// and `.` parts dropped (`/etc//x`, `/etc/./x`), `..` applied,
/// `/proc/PID/root/` (a process's view of `/`) read as `/`, and
/// `/var/run/` as `/run/`.
pub(crate) fn normalised(path: &str) -> String {
    if plain_path(path) {
        return path.to_string();
    }
    normalise_parts(path)
}

/// [`normalised`] of a path already owned, kept as it is when plain.
fn normalised_owned(path: String) -> String {
    if plain_path(&path) {
        path
    } else {
        normalise_parts(&path)
    }
}

/// Whether `path` is already as [`normalised`] writes it (most are).
fn plain_path(path: &str) -> bool {
    if path.starts_with("/proc/") || path.starts_with("/var/run") {
        return false;
    }
    // No `.` or `..` part, no empty part but at either end (`//`).
    let mut parts = path.split('/').peekable();
    let mut first = true;
    while let Some(part) = parts.next() {
        let plain = match part {
            "." | ".." => false,
            "" => first || parts.peek().is_none(),
            _ => true,
        };
        if !plain {
            return false;
        }
        first = false;
    }
    true
}

/// [`normalised`]'s work on a path that is not plain.
fn normalise_parts(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        // A folder that is a link, followed before a `..` climbs out of
        // it, as the kernel follows it (review 90: `/var/run/../etc/passwd`
        // is /etc/passwd, `/etc/pve/local/../../priv/x` is
        // /etc/pve/priv/x).
        if absolute && part == ".." {
            match parts.as_slice() {
                ["var", "run"] => parts = vec!["run"],
                ["var", "lock"] => parts = vec!["run", "lock"],
                ["etc", "pve", "local"] => parts = vec!["etc", "pve", "nodes", "localhost"],
                ["etc", "pve", guests @ ("lxc" | "qemu-server" | "openvz")] => {
                    parts = vec!["etc", "pve", "nodes", "localhost", guests]
                }
                _ => {}
            }
        }
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !absolute {
                    parts.push("..");
                }
            }
            other => {
                parts.push(other);
                // `/proc/PID/root` and `/proc/PID/task/TID/root` are `/`.
                let at_root = matches!(
                    parts.as_slice(),
                    ["proc", _, "root"] | ["proc", _, "task", _, "root"]
                );
                if absolute && at_root {
                    parts.clear();
                }
            }
        }
    }
    if absolute && parts.first() == Some(&"var") && parts.get(1) == Some(&"run") {
        parts.remove(0);
    }
    let joined = parts.join("/");
    let trailing = path.ends_with('/') && !joined.is_empty();
    match (absolute, trailing) {
        (true, true) => format!("/{joined}/"),
        (true, false) => format!("/{joined}"),
        (false, true) => format!("{joined}/"),
        (false, false) => joined,
    }
}

/// A view into another process (`/proc/PID/cwd/…`, `/proc/PID/fd/N`,
/// `/proc/PID/map_files/…`): whatever that process has open or sits in,
/// a secret file included. (`self` is the command itself: its own
/// descriptors were judged where they were opened.)
fn other_process_view(path: &str) -> bool {
    if !path.contains("proc/") {
        return false;
    }
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        ["proc", pid, "task", _, view, ..] | ["proc", pid, view, ..] => {
            let own = matches!(*pid, "self" | "thread-self");
            match *view {
                "cwd" | "map_files" => true,
                "fd" | "fdinfo" => !own && *view == "fd",
                _ => false,
            }
        }
        _ => false,
    }
}

/// Where the system's trusted certificates live.
const PUBLIC_CERT_DIRS: &[&str] = &[
    "/etc/ssl/certs/",
    "/usr/share/ca-certificates/",
    "/usr/local/share/ca-certificates/",
    "/etc/ca-certificates/",
    "/etc/pki/ca-trust/",
];

/// The part of `path` under a home folder (`/root/x` → `x`,
/// `/home/ann/x` → `x`).
fn in_home(path: &str) -> Option<&str> {
    if let Some(rest) = path.strip_prefix("/root/") {
        return Some(rest);
    }
    let rest = path.strip_prefix("/home/")?;
    rest.split_once('/').map(|(_, rest)| rest)
}

/// A client's credentials or key in a dot folder of any folder, a
/// service account's home being anywhere (`/var/www/.docker/config.json`,
/// `/var/lib/jenkins/.kube/config`, `/srv/git/.ssh/id_ed25519`;
/// thirty-second review).
fn in_any_home(path: &str) -> bool {
    path.match_indices("/.")
        .any(|(at, _)| at > 0 && home_secret(&path[at + 1..]))
}

/// Whether a file under a home folder is a client's credential or key.
fn home_secret(rest: &str) -> bool {
    if let Some(name) = rest.strip_prefix(".ssh/") {
        return !name.is_empty()
            && !name.contains('/')
            && !name.ends_with(".pub")
            && !SSH_PUBLIC.contains(&name);
    }
    // (Each is a dotfile or a dot folder: most names are neither.)
    rest.starts_with('.')
        && HOME_SECRET_DIRS
            .iter()
            .any(|dir| rest.starts_with(dir) || (!dir.ends_with('/') && rest == *dir))
}

/// An SSH private key by OpenSSH's names with a purpose added
/// (`id_rsa_pve`, `id_ed25519-github`, `id_ed25519.github`) or an
/// algorithm at the end (`deploy_ed25519`, `backup_rsa`), but a public
/// half or a certificate (thirty-first review).
/// (`lower`: the name in lower case.)
fn ssh_private_key_name(lower: &str) -> bool {
    const ALGORITHMS: &[&str] = &[
        "rsa",
        "dsa",
        "ecdsa",
        "ed25519",
        "ecdsa_sk",
        "ed25519_sk",
        "xmss",
    ];
    if lower.ends_with(".pub") {
        return false;
    }
    ALGORITHMS.iter().any(|alg| {
        lower
            .strip_prefix("id_")
            .and_then(|rest| rest.strip_prefix(alg))
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['_', '-', '.']))
            || lower
                .strip_suffix(alg)
                .is_some_and(|stem| stem.len() > 1 && stem.ends_with(['_', '-']))
    })
}

/// Private keys in formats named for no key word: PKCS#8 (`.p8`,
/// `.pk8`), JSON web keys (`.jwk`), signify's secret keys (`.sec`), an
/// armoured private key (`private.asc`, `secret-subkeys.asc`), a PEM of a
/// certificate and its key (`cert+key.pem`).
/// (`lower`: the name in lower case.)
fn other_key_format(lower: &str) -> bool {
    [
        ".p8",
        ".pk8",
        ".jwk",
        ".sec",
        ".pkcs12",
        ".pkcs8",
        ".pvk",
        ".rsa",
        ".ed25519",
        ".ecdsa",
        ".kdb",
        ".htdigest",
    ]
    .iter()
    .any(|end| lower.ends_with(end) && lower.len() > end.len())
        || (lower.ends_with(".der") && lower.contains("priv"))
        || lower.contains("recovery-codes")
        || lower.contains("recovery_codes")
        || lower.contains("backup-codes")
        || (lower.ends_with(".asc") && (lower.contains("private") || lower.contains("secret")))
        || (lower.ends_with(".pem") && lower.contains("key") && !lower.contains("pub"))
}

/// Whether `path` is inside one of [`SECRET_DIRS`] (each ends with `/`):
/// each folder on the path is looked up, rather than each secret folder
/// compared with the path.
fn in_secret_dir(path: &str) -> bool {
    // The folders, and the longest one's length: a path is looked at no
    // further (one of thousands of parts costs no more than a short one).
    static DIRS: std::sync::OnceLock<(crate::Set<&'static str>, usize)> =
        std::sync::OnceLock::new();
    let (dirs, longest) = DIRS.get_or_init(|| {
        let longest = SECRET_DIRS.iter().map(|d| d.len()).max().unwrap_or(0);
        (SECRET_DIRS.iter().copied().collect(), longest)
    });
    path.match_indices('/')
        .take_while(|(at, _)| at < longest)
        .any(|(at, _)| dirs.contains(&path[..=at]))
}

/// A PEM file that may hold a private key: any `.pem` whose name does not
/// say it is a certificate, a chain or a public key.
fn private_pem(name: &str) -> bool {
    let pem = name
        .len()
        .checked_sub(4)
        .and_then(|at| name.get(at..))
        .is_some_and(|end| end.eq_ignore_ascii_case(".pem"));
    if !pem {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".pem")
        && ![
            "cert", "chain", "ca.", "-ca", "_ca", "ssl.pem", "pub", "bundle", "crt", "dhparam",
        ]
        .iter()
        .any(|public| lower.contains(public))
}

/// Whether `path` climbs out of a folder with `..` and then names
/// something that is a secret under *some* folder. The kernel resolves
/// `..` from where a symlink led (`/var/run/..` is `/`, `/etc/pve/local/..`
/// is `/etc/pve/nodes`), which text cannot know, so what follows the
/// last `..` is placed under every folder on the way to a secret folder
/// and checked there (`…/../priv/acme/default` may be
/// `/etc/pve/priv/acme/default`).
fn climbs_to_secret(path: &str, pattern: bool) -> bool {
    let parts: Vec<&str> = path
        .split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    let Some(last) = parts.iter().rposition(|p| *p == "..") else {
        return false;
    };
    let rest = parts[last + 1..].join("/");
    if last == 0 || rest.is_empty() {
        return false;
    }
    let check = |candidate: &str| {
        if pattern {
            pattern_reaches_secret(candidate)
        } else {
            secret_path(candidate)
        }
    };
    secret_ancestors()
        .iter()
        .any(|a| check(&format!("{a}{rest}")))
}

/// Every folder on the way to a secret folder (`/`, `/etc/`, `/etc/pve/`,
/// …, root's home folders), computed once.
fn secret_ancestors() -> &'static [String] {
    static ANCESTORS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ANCESTORS.get_or_init(|| {
        let homes = HOME_SECRET_DIRS.iter().map(|d| format!("/root/{d}"));
        let mut ancestors: Vec<String> = vec!["/".to_string(), "/root/".to_string()];
        for dir in SECRET_DIRS.iter().map(|d| d.to_string()).chain(homes) {
            let mut at = 0;
            while let Some(slash) = dir[at + 1..].find('/') {
                at += slash + 1;
                ancestors.push(dir[..=at].to_string());
            }
        }
        ancestors.sort();
        ancestors.dedup();
        ancestors
    })
}

/// The *arr applications, whose `config.xml` holds their API key.
const ARR_APPS: &[&str] = &[
    "sonarr", "radarr", "lidarr", "readarr", "prowlarr", "bazarr", "whisparr",
    // (Sonarr's former name, its AppData folder on old installs.)
    "nzbdrone",
];

/// Whether reading `path` (no glob) would show a secret.
pub(crate) fn secret_path(path: &str) -> bool {
    let owned;
    let path = if plain_path(path) {
        path
    } else {
        owned = normalise_parts(path);
        owned.as_str()
    };
    let trimmed = path.trim_end_matches('/');
    let name = trimmed.rsplit('/').next().unwrap_or(trimmed);
    // A copy keeps what the file held, whatever its suffix
    // (`ssh_host_ed25519_key.old`, `id_rsa.bak`, `kuma.db.2024-01-01`,
    // `shadow~`, `.env.gz`): judged as the file it copies too.
    // The name in lower case, made once for the rules that ignore case.
    let lower: std::borrow::Cow<'_, str> = if name.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(name.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(name)
    };
    let stem = copied_name(name);
    if stem.len() < name.len() && !stem.is_empty() {
        // (`name` ends `trimmed`: the cut falls between characters.)
        let folder = &trimmed[..trimmed.len() - name.len()];
        if secret_path(&format!("{folder}{stem}")) {
            return true;
        }
    }
    // (Not the public keys kept beside the cluster's private ones,
    // `/etc/pve/priv/authorized_keys`, `known_hosts`: every file of the
    // cluster's private folder is one, as the confinement hides it whole
    // and readers count it; blind corpus 178.)
    // What secret folders keep beside their secrets: an OSD's id, the
    // container's log `docker logs` prints (review 86).
    // OpenVPN's per-client settings (routes and addresses pushed) and
    // its CA's public side: the issued certificates, the index of them,
    // the revocation list, the CA's certificate (blind corpus 186).
    let openvpn_public = path.starts_with("/etc/openvpn/")
        && (path.starts_with("/etc/openvpn/ccd/")
            || path.contains("/pki/issued/")
            || (path.contains("/pki/")
                && matches!(
                    name,
                    "index.txt"
                        | "index"
                        | "index.txt.attr"
                        | "serial"
                        | "crl.pem"
                        | "crl"
                        | "ca.crt"
                ))
            || (name == "ca.crt" && !path.contains("/private/")))
        && !path.contains("..");
    let public = (matches!(name, "whoami" | "ceph_fsid" | "fsid" | "type")
        && path.starts_with("/var/lib/ceph/osd/"))
        || (name.ends_with("-json.log") && path.starts_with("/var/lib/docker/containers/"))
        || openvpn_public;
    (in_secret_dir(path) && !public)
        || pve_node_private(path)
        || inside_guest(path).is_some_and(|inner| inner != path && secret_path(&inner))
        || in_home(path).is_some_and(home_secret)
        || in_any_home(path)
        || other_process_view(path)
        || (private_pem(name) && !PUBLIC_CERT_DIRS.iter().any(|d| path.starts_with(d)))
        || (name.ends_with(".pw") && path.contains("/priv/"))
        || ssh_folder_key(trimmed)
        // A storage's snippets: cloud-init user data (`cicustom`), with
        // `chpasswd` passwords and keys (twelfth review).
        || (path.contains("/snippets/")
            && (path.starts_with("/var/lib/vz/") || path.starts_with("/mnt/pve/")))
        || name.ends_with(".psk")
        // (Review 125: Alpine lbu's backup password, FreeBSD's ppp and
        // iSCSI CHAP secrets, dnf's and yum's proxy password.)
        || matches!(
            path,
            // (OpenMediaVault's configuration database: its users', mail
            // and directory passwords; blind corpus 207.)
            "/etc/openmediavault/config.xml"
                | "/etc/lbu/lbu.conf"
                | "/etc/ppp/ppp.conf"
                | "/etc/iscsi.conf"
                | "/etc/ctl.conf"
                | "/etc/dnf/dnf.conf"
                | "/etc/yum.conf"
                // (subscription-manager's proxy password, dma's
                // smarthost logins from ports; review 128.)
                | "/etc/rhsm/rhsm.conf"
                // (Users' `keys`, a realm's enforced TOTP secrets among
                // them; notification targets' webhook URLs and headers;
                // review 130.)
                | "/etc/pve/user.cfg"
                | "/etc/pve/notifications.cfg"
                // (Proxy and registry logins: npm's global `_authToken`,
                // svn's `http-proxy-password`, proxychains', cntlm's,
                // tinyproxy's and redsocks' credentials; review 132.)
                | "/etc/npmrc"
                | "/usr/etc/npmrc"
                | "/usr/local/etc/npmrc"
                | "/usr/local/etc/proxychains.conf"
                | "/usr/local/etc/cntlm.conf"
                | "/etc/subversion/servers"
                | "/etc/proxychains.conf"
                | "/etc/proxychains4.conf"
                | "/etc/cntlm.conf"
                | "/etc/tinyproxy/tinyproxy.conf"
                | "/etc/redsocks.conf"
                | "/usr/local/etc/dma/auth.conf"
        )
        // ZED's notification tokens (zed.rc, installed 0600), Proxmox's
        // subscription keys (the enterprise repository's password), and
        // SMBIOS type 11 strings, systemd's channel for credentials
        // (smbios-type-11(7)) (review 47).
        || name == "zed.rc"
        // (A repository's `password=` and `proxy_password=`, as dnf.conf's;
        // review 128.)
        || (path.starts_with("/etc/yum.repos.d/") && name.ends_with(".repo"))
        || (name == "subscription"
            && (path.starts_with("/etc/pve/")
                || path.starts_with("/etc/proxmox-backup/")
                || path == "/etc/subscription"))
        || path.starts_with("/sys/firmware/dmi/entries/11-")
        || path == "/sys/firmware/dmi/tables/DMI"
        || name.ends_with(".netdev")
        || name.ends_with(".nmconnection")
        || name.ends_with(".ovpn")
        || name.ends_with(".p12")
        || name.ends_with(".pfx")
        || name.ends_with(".jks")
        || name.ends_with(".keystore")
        || name.ends_with(".kdbx")
        // Terraform's and Packer's variable files, where Proxmox's
        // providers keep their API token (thirty-first review).
        || name.ends_with(".tfvars")
        || name.ends_with(".tfvars.json")
        || name.ends_with(".pkrvars.hcl")
        || name.ends_with(".gpg")
            && !name.ends_with(".pub.gpg")
            // APT's keyrings: the archives' public keys.
            && !["/etc/apt/", "/usr/share/keyrings/"].iter().any(|d| path.starts_with(d))
        // A service's own password list (`/etc/mosquitto/passwd`), not
        // the system's account list or its PAM stack.
        || (name == "passwd"
            && path.starts_with("/etc/")
            && path != "/etc/passwd"
            && !path.starts_with("/etc/pam.d/"))
        || path.contains("/borgmatic") && name.ends_with(".yaml")
        || path.contains("/provisioning/datasources/")
        || secret_name(name)
        || (path.contains('/')
            && SECRET_NAMES_IN_A_FOLDER.contains(&name)
            && !path.starts_with("/proc/")
            && !path.starts_with("/sys/"))
        || (name.ends_with(".key") && !bind_public_key(name))
        || name.ends_with(".keyring")
        || name.ends_with("-key.pem")
        || name.starts_with("privkey")
        || name.starts_with("shadow.")
        || name.starts_with("gshadow.")
        || name.ends_with(".priv")
        || (name == "remote.cfg" && path.contains("proxmox-backup"))
        // Net-SNMP's client defaults (`defCommunity`, `defAuthPassphrase`,
        // snmp.conf(5)) and the Zabbix agent 2's plugins' sessions
        // (`Plugins.Mysql.Sessions.*.Password`); review 115.
        || (name == "snmp.conf" && (path.contains("/.snmp/") || path.starts_with("/etc/snmp/")))
        || path.contains("/zabbix_agent2.d/plugins.d/")
        // A Borg repository's `config` holds its key (repokey mode, the
        // default), and a restic repository's `keys/` its master keys,
        // each behind the passphrase alone (blind corpus 160).
        || (name == "config"
            && path
                .rsplit('/')
                .skip(1)
                .any(|part| part.to_ascii_lowercase().contains("borg")))
        || (path.contains("/keys/")
            && path
                .split('/')
                .any(|part| part.to_ascii_lowercase().contains("restic")))
        || ssh_private_key_name(&lower)
        || other_key_format(&lower)
        // Drupal's and Magento's settings, mosquitto's password list
        // wherever its container keeps it (thirty-first review).
        || (name == "settings.php" && path.contains("/sites/"))
        || (name == "env.php" && path.contains("/app/etc/"))
        || (name == "passwd" && path.contains("mosquitto"))
        // git's settings files: what `git config -l` prints (an
        // `http.extraheader` Authorization line, a proxy's or a remote's
        // URL with its password; fortieth review).
        || ((name == "config" || name == "config.worktree")
            && (trimmed.contains(".git/") || trimmed.ends_with("/.config/git/config")))
        || name == ".gitconfig"
        || path == "/etc/gitconfig"
        // debugfs: usbmon's text captures (a USB keyboard's keystrokes),
        // kmemleak's and the drivers' states (review 43).
        || path.starts_with("/sys/kernel/debug/")
        || path == "/etc/apt/auth.conf"
        || path == "/etc/pve/sdn/dns.cfg"
        // n8n's key to every credential in its database (review 121).
        || (name == "config" && path.contains("/.n8n/"))
        // What /etc/ceph/ceph.conf links to on a PVE node (review 58).
        || path == "/etc/pve/ceph.conf"
        // Nomad's root keys (review 60).
        || path.contains("/keystore/")
        // CI runners' registrations: act_runner's `.runner`, GitLab
        // Runner's config.toml (their tokens; blind corpus 65).
        || name == ".runner"
        // (Review 61: Mosquitto's dynamic security, InfluxDB's bolt store
        // and history, Node-RED's credential secret, Zigbee's network
        // key, acme.sh's account, BIRD's and HAProxy's anywhere.)
        || matches!(
            name,
            "dynamic-security.json"
                | "influxd.bolt"
                | ".influx_history"
                | ".config.runtime.json"
                | ".config.users.json"
                | "coordinator_backup.json"
                | "iscsid.conf"
                | "bird.conf"
                | "haproxy.conf"
        )
        || (name == "account.conf" && path.contains("acme"))
        // (Review 62: the same stores in containers' layouts and other
        // tools' credential files: RabbitMQ's user table, definitions and
        // config, Redis' append-only files, Mosquitto's config and PSKs,
        // LIO's saved targets (CHAP), Vault's and BIRD's configs, CI
        // agents' tokens, Grafana's LDAP bind, Z-Wave JS UI's network
        // keys, Home Assistant Cloud's tokens, MongoDB shells' histories,
        // Kibana's and Beats' outputs, Zabbix's database
        // password, UniFi's backups, ngrok's token; MariaDB's binary,
        // general and slow logs: every statement's text and values.)
        || lower.ends_with(".dcd") && path.contains("rabbit")
        || (name == "definitions.json" && path.contains("rabbit"))
        || matches!(
            lower.as_ref(),
            "rabbitmq.conf"
                | "advanced.config"
                | "mosquitto.conf"
                | "saveconfig.json"
                | "vault.hcl"
                | "bird6.conf"
                | "buildkite-agent.cfg"
                | "buildagent.properties"
                | "ldap.toml"
                | "production_auth.json"
                | "mongosh_repl_history"
                | ".dbshell"
                | "kibana.yml"
                | "zabbix_proxy.conf"
                | "zabbix_server.conf"
                | "ngrok.yml"
                | "keystore"
                // (Review 68: setup outputs and stores of identity and
                // provisioning tools; the rest by shape in
                // [`setup_output_or_store`].)
                | "openbao.hcl"
                | "openbao.env"
                | "errored.tfstate"
                | ".tofurc"
                | "tofu.rc"
                | "backend.hcl"
                | "backend.conf"
                | "preseed.cfg"
                | "99-installer.cfg"
                | "instance-data-sensitive.json"
        )
        || name.starts_with("appendonly.aof")
        || path.contains("/appendonlydir/")
        || name.starts_with("psk")
        || (name.ends_with("beat.yml") && !name.contains('*'))
        || name.ends_with(".unf")
        || path.starts_with("/etc/rtslib-fb-target/")
        || (name.ends_with(".conf") && path.contains("/bird/"))
        || (name.ends_with(".hcl") && path.contains("/vault"))
        || (name == "config.toml" && path.contains("runner"))
        || (name == "settings.json" && path.contains("zwave"))
        || (name == "settings.json" && path.contains("/store/"))
        || mysql_statement_log(path, name)
        || (name == "config.toml" && (path.contains("gitlab-runner") || path.contains("act_runner")))
        // OPNsense's and pfSense's whole configuration: users' hashes,
        // API keys, VPN keys and certificates' keys (blind corpus 64).
        || path == "/conf/config.xml"
        || path == "/cf/conf/config.xml"
        || path.starts_with("/conf/backup/")
        || path.starts_with("/cf/conf/backup/")
        || name == ".env"
        || name.starts_with(".env.")
        || name.ends_with(".env")
        || (name.starts_with("ssh_host_") && name.ends_with("_key"))
        // Credential files for mounts, backups and clients (`.smbcred`,
        // `/etc/cifs-credentials`, `pbs.credentials`, `.s3cfg`).
        || name.ends_with(".keytab")
        || raw_memory(path)
        || name.starts_with(".smbcred")
        || name.ends_with("credentials")
        || name.ends_with(".cred")
        || name.ends_with(".creds")
        || matches!(name, ".s3cfg" | ".boto" | ".htpasswd" | "htpasswd")
        // Nginx Proxy Manager's access lists, its htpasswd files by number
        // (`/data/access/2` in its container, `…/data/access/2` on the
        // host); GRUB's password hash (`grub2-setpassword` writes
        // `user.cfg`); blind corpora 149, 150.
        || (path.contains("/data/access/") && name.bytes().all(|b| b.is_ascii_digit()))
        || (name == "user.cfg" && (path.contains("/grub") || path.starts_with("/boot/efi/")))
        // (Debian's way, no grub2-setpassword: `password_pbkdf2 USER
        // grub.pbkdf2…` in a custom script; review 109.)
        || (path.starts_with("/etc/grub.d/") && name.ends_with("_custom"))
        // Kerberos credential caches (`/tmp/krb5cc_0`: a ticket with its
        // session key) and the kernel's keys among its settings (ninth
        // review: what `sysctl` guards, read as files).
        || name.starts_with("krb5cc")
        || name.starts_with(".restic-pass")
        // Passphrase and password files by their name (`/etc/restic-password`,
        // `/root/.borg-passphrase`, `db_password.txt`), WireGuard configs
        // anywhere (`/root/wg0.conf`: `PrivateKey =`), and editors' swap
        // files of the account files (eighteenth review).
        // (A file's name with more than the word: alone, or in a phrase,
        // `password` is a word to grep for.)
        // (PAM's stacks are named for its management groups,
        // `/etc/pam.d/common-password`: rules, no password.)
        || (password_file_name(name) && !path.starts_with("/etc/pam.d/"))
        || (name.starts_with("wg") && name.ends_with(".conf"))
        || matches!(
            name,
            "yggdrasil.conf"
                | "users.acl"
                | "users_database.yml"
                | "pureftpd.passwd"
                | "bacula-dir.conf"
                | "bacula-fd.conf"
                | "bacula-sd.conf"
                | ".ovh.conf"
                | ".shadow.swp"
                | ".gshadow.swp"
        )
        // Prometheus's web config: its users' password hashes.
        || (path.starts_with("/etc/prometheus/") && name == "web.yml")
        // Home Assistant's `.storage` (login sessions, every integration's
        // credentials); the *arr applications' `config.xml` (their API
        // key); zigbee2mqtt's and Authelia's configuration (network key,
        // MQTT password; JWT and session secrets).
        || path.contains("/.storage/")
        // (Their AppData folders are capitalised, `~/.config/Sonarr`;
        // review 86.)
        || (name == "config.xml" && {
            let path = path.to_ascii_lowercase();
            ARR_APPS.iter().any(|app| path.contains(app))
        })
        || services_by_path(path, name)
        || (name.starts_with("configuration.y")
            && (path.contains("zigbee2mqtt") || path.contains("authelia")))
        || kernel_key(path)
        || app_store(path, name)
        || key_file_name(path, name)
        || database_dump(path, name)
        || environment_file(path)
        || secret_drop_in(path)
        || setup_output_or_store(path, &lower)
        || history_file(path, &lower)
}

/// The setup outputs and stores of identity and provisioning tools
/// (review 68): Vault's and OpenBao's `operator init` output (root token,
/// unseal keys) under its usual names, OpenBao's server config, the
/// state Terraform writes when it cannot save it, OpenTofu's CLI config,
/// partial backend configs, installers' answer files (a root password),
/// cloud-init's sensitive instance data, the KDC's master key stash and
/// principal database, 389-DS's config and token PIN, step-ca's config.
/// (Their exact names are in [`secret_path`]'s list of names.)
fn setup_output_or_store(path: &str, lower: &str) -> bool {
    // (Judged only for a name holding `init`: most do not.)
    let vaultish = || {
        ["vault", "bao"].iter().any(|w| lower.contains(w))
            || path.contains("/vault")
            || path.contains("/bao")
    };
    lower.contains("unseal")
        || (lower.contains("init") && vaultish())
        || (lower == "init.json" && in_home(path).is_some())
        || lower.ends_with(".tfbackend")
        || lower.ends_with("answer.toml")
        || lower.starts_with("autoinstall")
        || (path.contains("/krb5kdc/")
            && (lower == "stash" || lower.starts_with(".k5.") || lower.starts_with("principal")))
        || (path.starts_with("/etc/dirsrv/") && matches!(lower, "dse.ldif" | "pin.txt"))
        || (lower == "ca.json" && (path.contains("/.step/") || path.contains("step-ca")))
}

/// A shell's, a client's or a REPL's history, where passwords are typed
/// (`AUTH`, `ALTER ROLE … PASSWORD`, `neighbor … password`): a dotfile
/// whose name holds `hist` (`.history_frr`, `.valkeycli_history`,
/// `.psql_history-app`, `.Rhistory`, `.octave_hist`), or a file named for
/// its history inside a dot folder (`.config/pgcli/history`,
/// `.cassandra/cqlsh_history`, lftp's `rl_history`); not a system log
/// (`/var/log/apt/history.log`).
fn history_file(path: &str, lower: &str) -> bool {
    (lower.starts_with('.') && lower.contains("hist"))
        || (lower.contains("history") && path.contains("/.") && !path.starts_with("/var/log/"))
}

/// A file named for the key, token, password or credential it holds, by
/// the words of its name in any case ([`name_words`], [`keyish`]:
/// `pbs-encryption-key.json`, `luks.keyfile`, `API_TOKEN`,
/// `apiToken.json`, `pvetoken`, `creds.json`, `db.pw`, `restic.pass`,
/// `vault_pass`), with any extension but a log's; a name without an
/// extension only as a dotfile, a name of several words or a fused word
/// (a single word is also something to grep for); not a public half
/// (`pub`, `public`, `authorized`, `trusted` as words of their own), key
/// bindings, a pattern or a setting (reviews 28 to 30).
fn key_file_name(path: &str, name: &str) -> bool {
    // (Every word [`keyish`] takes, and `pass`, holds one of these: a name
    // with none is no key's, without cutting it into words.)
    const MARKS: &[&str] = &["key", "token", "secret", "cred", "pass", "pw", "pat"];
    if !MARKS.iter().any(|m| contains_ignoring_case(name, m)) || bind_public_key(name) {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    // (PAM's stacks are named for its management groups,
    // `/etc/pam.d/common-password`: rules, no password; blind corpus 37.)
    if path.starts_with("/usr/")
        || path.starts_with("/proc/")
        || path.starts_with("/sys/")
        || path.starts_with("/etc/pam.d/")
        || lower.ends_with(".log")
    {
        return false;
    }
    // (A pattern or a setting, not a file's name: `failed password`,
    // `admin:secret`, `key=value`, `^(PasswordAuthentication|…)`.)
    if name.contains([
        ' ', '\t', ':', '=', '@', ',', '^', '(', ')', '|', '$', '[', ']', '*', '?', '{', '}', '\\',
        '+',
    ]) {
        return false;
    }
    let words = name_words(name);
    let has = |word: &str| words.iter().any(|w| w == word);
    // Public halves, by a word of their own (`id_rsa.pub`,
    // `public-key.json`, `known_hosts`, `key-bindings.json`); a
    // certificate's key (`cert-key.txt`, `ca-key.json`) is a key.
    #[rustfmt::skip]
    const PUBLIC: &[&str] = &[
        "pub", "public", "authorized", "trusted", "bindings", "binding", "keymap",
        "keymaps", "keyboard",
    ];
    if PUBLIC.iter().any(|w| has(w)) || lower.contains("gpg-key") {
        return false;
    }
    let dotted = name.trim_start_matches('.').contains('.');
    let keyish_words = words.iter().filter(|w| keyish(w)).count();
    if !dotted && keyish_words > 0 {
        // A name without an extension is also a word to look for (`grep
        // -r password`): a secret as a dotfile (`.token`), a name of
        // several words (`api_token`, `API_TOKEN`, `token_file`), one
        // word fused of several (`pvetoken`), or credentials in a
        // folder (`/etc/samba/creds`).
        return name.starts_with('.')
            || words.len() > 1
            || words
                .first()
                .is_some_and(|w| !KEY_WORDS.contains(&w.as_str()))
            || (path.contains('/') && words.first().is_some_and(|w| w == "creds"));
    }
    // `pass` only as the file's kind (`restic.pass`, `pass.txt`): as a
    // word it is everyday (`proxy_pass`, `bypass`).
    let pass = dotted && (lower.ends_with(".pass") || words.first().is_some_and(|w| w == "pass"));
    keyish_words > 0 || pass || lower.contains("vault_pass") || lower.contains("vault-pass")
}

/// Words that name a key, a token, a password or a credential.
#[rustfmt::skip]
const KEY_WORDS: &[&str] = &[
    "key", "keys", "keyfile", "token", "tokens", "secret", "secrets", "apikey", "rootkey",
    "accesskey", "accesskeys", "secretkey", "privkey", "credential", "credentials", "creds",
    "passwd", "password", "passwords", "passphrase", "pw", "pat",
];

/// Whether a word of a file's name names a key or a credential: one of
/// [`KEY_WORDS`], or fused with another before it (`pvetoken`,
/// `dbpassword`) or a kind of file after it (`tokenfile`); `key` only at
/// the end and not in everyday words (`monkey`, `hotkey`).
fn keyish(word: &str) -> bool {
    #[rustfmt::skip]
    const STEMS: &[&str] = &[
        "token", "secret", "credential", "passwd", "password", "passphrase", "apikey",
    ];
    const EVERYDAY: &[&str] = &["monkey", "hotkey", "turkey", "donkey", "hockey", "whiskey"];
    let fused = |stem: &&str| {
        word.len() > stem.len()
            && (word.ends_with(stem)
                || word
                    .strip_prefix(stem)
                    .is_some_and(|rest| matches!(rest, "file" | "s" | "store" | "db")))
    };
    KEY_WORDS.contains(&word)
        || STEMS.iter().any(fused)
        || (word.ends_with("key") && word.len() > 3 && !EVERYDAY.contains(&word))
}

/// The words of a file's name, lower-cased: split at `.`, `-`, `_` and
/// where a lower-case letter meets a capital (`apiToken` is `api token`).
fn name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if matches!(c, '.' | '-' | '_') {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            previous_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && previous_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_ascii_lowercase();
        word.push(c.to_ascii_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A database dump (`dump.sql`, `nextcloud-2024.sql`, `db.dump`): a
/// database's rows, its users' password hashes and its applications'
/// tokens with them; not the schema files packages ship under `/usr`.
fn database_dump(path: &str, name: &str) -> bool {
    #[rustfmt::skip]
    const DUMPS: &[&str] = &[".sql", ".dump", ".pgdump", ".sqldump", ".psql", ".dmp", ".mysql"];
    let by_end = DUMPS
        .iter()
        .any(|end| name.len() > end.len() && ends_ignoring_case(name, end));
    // (`pg_dumpall.out`, `nextcloud.dump.gz`; not a folder named `dump`,
    // nor vzdump's guest backups, judged as guests' disks.)
    let dump_word = || {
        name.contains('.')
            && contains_ignoring_case(name, "dump")
            && name_words(name).iter().any(|w| {
                matches!(
                    w.as_str(),
                    "dump" | "dumpall" | "pgdump" | "mysqldump" | "sqldump"
                )
            })
    };
    // (Not the migrations a project keeps beside its code.)
    let code = || {
        ["/migrations/", "/db/migrate/"]
            .iter()
            .any(|d| path.contains(d))
    };
    !path.starts_with("/usr/") && (by_end || dump_word()) && !code()
}

/// A service's environment file (`EnvironmentFile=/etc/default/restic`,
/// `/etc/sysconfig/…`, `/etc/environment`), where credentials are set
/// (`RESTIC_PASSWORD`, a proxy's login, API tokens): all but the base
/// system's own settings.
fn environment_file(path: &str) -> bool {
    #[rustfmt::skip]
    const BASE: &[&str] = &[
        "grub", "keyboard", "locale", "console-setup", "useradd", "rcS", "networking", "ssh",
        "cron", "rsyslog", "nfs-common", "nfs-kernel-server", "zfs", "hwclock", "tmpfs", "halt",
        "devpts", "bsdmainutils", "dbus", "amd64-microcode", "intel-microcode", "crda", "chrony",
        "ntp", "ntpdate", "smartmontools", "lxc", "lxc-net", "pveproxy", "pve-ha-manager",
        "rrdcached", "motd-news", "ufw", "cpufrequtils", "irqbalance", "lm-sensors", "acpid",
        "anacron", "atd", "kexec", "apport", "libvirtd", "qemu-guest-agent", "sysstat", "nss",
        "rsync", "postfix", "bind9", "named", "isc-dhcp-server", "dnsmasq", "openvswitch",
        "openvswitch-switch", "mdadm", "lvm2", "iscsid", "open-iscsi", "multipath", "keepalived",
        "haproxy", "nginx", "apache2", "prometheus-node-exporter", "snmpd", "nut", "corosync",
        "ceph", "pve-firewall", "spiceproxy", "zramswap", "earlyoom", "fancontrol", "saned",
        "ifupdown2", "chronyd", "kdump-tools", "console", "init", "pve-manager", "zfs-zed",
        "watchdog", "cryptdisks", "lxcfs", "rpcbind", "fail2ban",
    ];
    if path == "/etc/environment"
        || path.starts_with("/etc/environment.d/")
        || path == "/etc/security/pam_env.conf"
    {
        return true;
    }
    let Some(name) = path
        .strip_prefix("/etc/default/")
        .or_else(|| path.strip_prefix("/etc/sysconfig/"))
        .or_else(|| path.strip_prefix("/etc/conf.d/"))
    else {
        return false;
    };
    !name.is_empty() && !name.contains('/') && !BASE.contains(&name.trim_end_matches(".conf"))
}

/// A file in a drop-in folder of an application whose own configuration
/// holds secrets (`/etc/telegraf/telegraf.d/outputs.conf` beside
/// `telegraf.conf`, `/etc/matrix-synapse/conf.d/` beside
/// `homeserver.yaml`): the drop-ins hold what the configuration would.
fn secret_drop_in(path: &str) -> bool {
    let Some(rest) = path.strip_prefix("/etc/") else {
        return false;
    };
    let mut parts = rest.split('/');
    let (Some(app), Some(folder), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let Some(stem) = folder.strip_suffix(".d") else {
        return false;
    };
    if file.is_empty() || app.is_empty() {
        return false;
    }
    if app == "matrix-synapse" {
        return true;
    }
    [app, stem].iter().any(|base| {
        ["conf", "yaml", "yml", "toml", "ini", "cfg"]
            .iter()
            .any(|ext| secret_name(&format!("{base}.{ext}")))
    })
}

/// Suffixes copies, backups and compressed copies get (editors, package
/// managers, `cp --backup`, logrotate, people).
#[rustfmt::skip]
/// [`COPY_SUFFIXES`] that end with the byte `last` (in any case), in
/// their order: a name is compared with those only.
fn copy_suffixes_ending(last: u8) -> &'static [&'static str] {
    static BY_LAST: std::sync::OnceLock<Vec<Vec<&'static str>>> = std::sync::OnceLock::new();
    let by_last = BY_LAST.get_or_init(|| {
        (0..=u8::MAX)
            .map(|b| {
                COPY_SUFFIXES
                    .iter()
                    .copied()
                    .filter(|s| s.as_bytes().last().is_some_and(|l| l.eq_ignore_ascii_case(&b)))
                    .collect()
            })
            .collect()
    });
    by_last.get(usize::from(last)).map_or(&[], Vec::as_slice)
}

/// The endings a file's spare copy takes (editors', dpkg's, ucf's, RPM's,
/// an operator's).
pub(crate) const COPY_SUFFIXES: &[&str] = &[
    "~",
    ".bak",
    ".old",
    ".orig",
    ".save",
    ".backup",
    ".copy",
    ".tmp",
    ".new",
    ".prev",
    ".dist",
    ".dpkg-old",
    ".dpkg-dist",
    ".dpkg-new",
    ".dpkg-bak",
    ".ucf-old",
    ".ucf-dist",
    ".ucf-new",
    ".rpmsave",
    ".rpmnew",
    ".swp",
    ".swo",
    "-bak",
    "_bak",
    "-backup",
    "_backup",
    "-old",
    "_old",
    "-orig",
    ".gz",
    ".bz2",
    ".xz",
    ".zst",
    ".lz4",
    ".lzma",
    ".lz",
    ".z",
    ".zip",
    ".tar",
    ".tgz",
    ".bk",
    ".bkp",
    ".bck",
    ".sav",
    ".keep",
    ".disabled",
    ".off",
    ".pre-upgrade",
    ".dpkg-remove",
    ".dpkg-tmp",
    ".ucf-tmp",
    ".pacnew",
    ".pacsave",
    ",v",
    " (copy)",
    " copy",
    ".lzo",
    ".br",
    ".7z",
    "_copy",
    "-copy",
    ".txt",
    ".previous",
    ".last",
    ".rej",
    ".b64",
    ".base64",
    ".asc",
    ".sql",
    ".dump",
    ".mine",
    "-",
    "_",
    " ",
    // What is left of `name.~1~` and `name.2024-01-01` once the rest is off.
    ".",
    "~",
];

/// `name` without the suffixes copies get ([`COPY_SUFFIXES`]), numbers and
/// date stamps (`.1`, `.2024-01-01`, `-20240101`, `.2024-01-01T10:00`)
/// taken off too, as often as they come: the name of what was copied.
/// BIND's public DNSKEY file, `K<zone>+<alg>+<id>.key` (dnssec-keygen
/// writes the private half to the `.private` beside it; blind corpus
/// 117), for a signing algorithm.
fn bind_public_key(name: &str) -> bool {
    // (Either case: the name is checked lower-cased too.)
    name.strip_prefix(['K', 'k'])
        .and_then(|rest| rest.strip_suffix(".key"))
        .is_some_and(|middle| {
            let parts: Vec<&str> = middle.rsplitn(3, '+').collect();
            parts.len() == 3
                && parts[0].len() == 5
                && parts[0].bytes().all(|b| b.is_ascii_digit())
                && parts[1].len() == 3
                && parts[1].bytes().all(|b| b.is_ascii_digit())
                // (An HMAC "key" of the old dnssec-keygen, TSIG's shared
                // secret, is no public key: 157, 161–165.)
                && !matches!(parts[1], "157" | "161" | "162" | "163" | "164" | "165")
        })
}

/// A file of /etc/ssh that is none of OpenSSH's public files or
/// settings: a key, whatever its name (`ssh-keygen -f /etc/ssh/user_ca`
/// keeps a CA's private half there; blind corpus 119). A copy is judged
/// by the name it copies (`sshd_config.bak`, `user_ca.pub.orig`).
fn ssh_folder_key(path: &str) -> bool {
    let Some(rest) = path.strip_prefix("/etc/ssh/") else {
        return false;
    };
    let name = rest.rsplit('/').next().unwrap_or(rest);
    let name = match copied_name(name) {
        "" => name,
        stem => stem,
    };
    // (OpenSSH's folders of settings and principals; a name under a
    // settings file is no key either, `diff` asking whether it is a
    // folder.)
    // (Only the `.conf` files of the settings folders, which sshd reads
    // as settings; review 95.)
    let first = rest.split('/').next().unwrap_or(rest);
    let settings = rest.contains('/')
        && (matches!(first, "ssh_config" | "sshd_config" | "auth_principals")
            || (first.starts_with("ssh_config") || first.starts_with("sshd_config"))
                && name.ends_with(".conf"));
    !(rest.is_empty()
        || settings
        || name.ends_with(".pub")
        || name.ends_with(".conf")
        || name.starts_with("ssh_config")
        || name.starts_with("sshd_config")
        || matches!(
            name,
            "moduli"
                | "ssh_known_hosts"
                | "ssh_known_hosts2"
                | "revoked_keys"
                | "sshrc"
                | "ssh_import_id"
                | "sshd_not_to_be_run"
        ))
}

pub(crate) fn copied_name(name: &str) -> &str {
    let mut stem = name;
    loop {
        let lower_end = |end: &str| {
            stem.len() > end.len()
                && stem
                    .get(stem.len() - end.len()..)
                    .is_some_and(|tail| tail.eq_ignore_ascii_case(end))
        };
        let before = stem.len();
        let last = stem.as_bytes().last().copied().unwrap_or(0);
        if let Some(end) = copy_suffixes_ending(last).iter().find(|end| lower_end(end)) {
            stem = &stem[..stem.len() - end.len()];
        } else {
            // A stamp: digits with `-`, `:`, `T` between, after `.`, `-`
            // or `_` (`.1`, `-20240101`, `.2024-01-01T10:00`).
            let trimmed = stem.trim_end_matches(|c: char| {
                c.is_ascii_digit() || matches!(c, '-' | ':' | 'T' | 'Z')
            });
            // The stamp starts at its first digit (`shadow-20240101`).
            let start = stem[trimmed.len()..]
                .find(|c: char| c.is_ascii_digit())
                .map(|at| trimmed.len() + at);
            if let Some(start) = start
                && start > 1
                && stem[..start].ends_with(['.', '-', '_', '~'])
            {
                stem = &stem[..start - 1];
            } else if stem.ends_with(|c: char| c.is_ascii_digit()) {
                // A number run into the name (`id_rsa2`, `key.bak2`).
                let digits = stem.trim_end_matches(|c: char| c.is_ascii_digit());
                if digits.len() >= 3 {
                    stem = digits;
                }
            }
        }
        if stem.len() == before {
            return stem;
        }
    }
}

/// Self-hosted services' settings that hold their credentials by
/// default, at their documented paths (review 86): PBS's metric servers
/// (an InfluxDB token inline), hostapd's side files (stations' PSKs, EAP
/// users' passwords, RADIUS secrets), FreeRADIUS's modules, mail
/// clients' and relays' files, SeaweedFS's and Kopia's, web and
/// monitoring applications' main settings (database passwords, secret
/// keys), PowerDNS's drop-ins, PADL's `/etc/ldap.conf`, SoftEther's
/// server, and the settings folders of the images Docker runs them from
/// (`/config`, `/app/data`).
fn services_by_path(path: &str, name: &str) -> bool {
    const FOLDERS: &[&str] = &[
        "/etc/freeradius/",
        "/etc/raddb/",
        "/etc/dma/",
        "/etc/semaphore/",
        "/etc/gotify/",
        "/etc/sogo/",
        "/etc/pterodactyl/",
        "/etc/icingaweb2/",
        "/etc/graylog/",
        "/etc/opensearch/opensearch-security/",
        "/etc/grafana/provisioning/",
        "/etc/powerdns/pdns.d/",
        "/etc/seaweedfs/",
        "/root/.seaweedfs/",
        "/usr/local/vpnserver/",
        "/etc/influxdb2/",
        // The Distribution registry's `http.secret`, storage keys (S3,
        // Azure) and notification tokens (blind corpus 109).
        "/etc/docker/registry/",
        "/etc/distribution/",
    ];
    const NAMES: &[&str] = &[
        "hostapd.wpa_psk",
        "hostapd.eap_user",
        "hostapd.radius_clients",
        "muttrc",
        ".neomuttrc",
        "neomuttrc",
        "repository.config",
        "config.production.json",
        "mailcow.conf",
        "harbor.yml",
        "internal_users.yml",
        "vpn_server.config",
        "config.inc.php",
        "influx-configs",
        "ido-mysql.conf",
        "ido-pgsql.conf",
        "security.toml",
        "configuration.py",
    ];
    // (In a container's settings folder: the *arr's `config.xml`,
    // Deluge's `auth`, Transmission's `settings.json`, Authelia's and
    // Frigate's settings, Zigbee2MQTT's data.)
    const IN_IMAGES: &[&str] = &[
        "config.xml",
        "auth",
        "settings.json",
        "configuration.yml",
        "configuration.yaml",
        "config.yml",
        "config.yaml",
        "core.conf",
    ];
    FOLDERS.iter().any(|f| path.starts_with(f))
        || NAMES.contains(&name)
        || path == "/etc/proxmox-backup/metricserver.cfg"
        || path == "/etc/ldap.conf"
        || path.ends_with("/.config/msmtp/config")
        || (path.ends_with("/resource.cfg") && path.contains("nagios"))
        || (name == "config.json" && (path.contains("mattermost") || path.contains("hedgedoc")))
        || (name == "config.yml" && path.contains("wiki"))
        || (matches!(name, "services.yaml" | "proxmox.yaml" | "widgets.yaml")
            && (path.contains("homepage") || path.starts_with("/app/config/")))
        // (Review 87: Overseerr's and Jellyseerr's `/app/config`,
        // Vaultwarden's `admin_token`, Tautulli's and Jackett's API keys,
        // Icinga 2's ticket salt.)
        || (name == "settings.json" && path.starts_with("/app/config/"))
        || (name == "config.json" && (path.starts_with("/data/") || path.contains("vaultwarden")))
        || (name == "config.ini"
            && (path.to_ascii_lowercase().contains("tautulli") || path.starts_with("/config/")))
        || (name == "ServerConfig.json" && path.to_ascii_lowercase().contains("jackett"))
        || (name == "constants.conf" && path.contains("icinga2"))
        || ((path.starts_with("/config/") || path.starts_with("/app/data/"))
            && IN_IMAGES.contains(&name))
}

/// Homelab applications' own stores (twenty-fifth review): logins, API
/// keys and password hashes kept in files named for the application.
fn app_store(path: &str, name: &str) -> bool {
    let under = |app: &str| path.contains(app);
    ends_ignoring_case(name, ".private") // DKIM signing keys (`opendkim-genkey`)
        || ends_ignoring_case(name, ".ppk") // PuTTY private keys
        || contains_ignoring_case(name, "htpasswd")
        || (name == "s3.cfg" && under("proxmox-backup")) // inline `secret-key`
        || (name == "auth" && under("deluge"))
        || (name == "authkeys" && under("/ha.d/")) // heartbeat's shared key
        || (matches!(name, "users" | "passwd" | "passwd-file") && under("dovecot"))
        || (path.starts_with("/etc/postfix/")
            && name.ends_with(".cf")
            && ["mysql", "pgsql", "ldap", "sqlite", "memcache"].iter().any(|m| name.contains(m)))
        || matches!(
            name,
            "pdns.conf" | "lighttpd.user" | "miniserv.users" | "nzbget.conf" | "sabnzbd.ini"
                | "flows_cred.json" | "AdGuardHome.yaml" | "qBittorrent.conf" | "pwfile"
                | "Preferences.xml" | "worker-controller.inc" | "password_file"
        )
        || (matches!(name, "users" | "authorize") && under("freeradius"))
        || (name == "config.xml" && under("syncthing"))
        || (name == "settings.json"
            && ["transmission", "overseerr", "jellyseerr"].iter().any(|app| under(app)))
        || (name.starts_with("config.") && ARR_APPS.iter().any(|app| under(app)))
        || (name.starts_with("config.y") && ["frigate", "headscale"].iter().any(|app| under(app)))
}

/// A file named for the password or passphrase it holds: the word and
/// more (`restic-password`, `.borg-passphrase`, `db_password.txt`), no
/// blank, not a document about it.
fn password_file_name(name: &str) -> bool {
    (name.contains("password") || name.contains("passphrase"))
        && !matches!(name, "password" | "passwords" | "passphrase")
        && !name.contains(char::is_whitespace)
        && !name.ends_with(".md")
        && !name.ends_with(".html")
}

/// The kernel's secrets among its settings: TCP Fast Open's key and each
/// interface's IPv6 `stable_secret`.
fn kernel_key(path: &str) -> bool {
    path == "/proc/sys/net/ipv4/tcp_fastopen_key"
        || (path.starts_with("/proc/sys/net/ipv6/conf/") && path.ends_with("/stable_secret"))
}

/// A path inside a container's or guest's root file system (a ZFS
/// subvolume `…/subvol-101-disk-0/…`, `/var/lib/lxc/NAME/rootfs/…`, a
/// mounted guest disk under `/mnt/pve/…/images`), as seen from the host:
/// the path it names inside the guest (`/etc/shadow`).
pub(crate) fn inside_guest(path: &str) -> Option<String> {
    // (Each way in below needs one of these parts: most paths have none,
    // and are let go after one pass over their parts.)
    let marked = |p: &str| {
        p.starts_with("subvol-")
            || p.starts_with("basevol-")
            || p.starts_with("vzsnap")
            || matches!(
                p,
                "rootfs"
                    | "overlay2"
                    | "overlay"
                    | "btrfs"
                    | "machines"
                    | "graph"
                    | "dir"
                    | "fuse-overlayfs"
                    | "fs"
            )
    };
    if !path.split('/').any(marked) {
        return None;
    }
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let root = parts.iter().position(|p| {
        (p.starts_with("subvol-") || p.starts_with("basevol-")) && p.contains("-disk-")
    });
    // (vzdump's mount of a container it backs up, `/mnt/vzsnap0`;
    // review 86.)
    let root = root.or_else(|| {
        (parts.len() > 2 && parts[0] == "mnt" && parts[1].starts_with("vzsnap")).then_some(1)
    });
    let root = root.or_else(|| {
        // `/var/lib/lxc/NAME/rootfs`, Incus's and LXD's
        // `…/containers/NAME/rootfs`.
        // (And a running task's root under containerd,
        // `io.containerd.runtime.v2.task/NAMESPACE/ID/rootfs`.)
        parts
            .windows(3)
            .position(|w| {
                (matches!(w[0], "lxc" | "containers") || w[0].starts_with("io.containerd.runtime."))
                    && w[2] == "rootfs"
            })
            .map(|at| at + 2)
            .or_else(|| {
                parts
                    .windows(4)
                    .position(|w| w[0].starts_with("io.containerd.runtime.") && w[3] == "rootfs")
                    .map(|at| at + 3)
            })
    });
    let root = root.or_else(|| {
        // Docker's and Podman's layers (`overlay2/ID/merged`, `…/diff`),
        // Docker's btrfs subvolumes, systemd-nspawn's machines.
        // Docker's other drivers (zfs `graph/ID`, vfs `dir/ID`,
        // fuse-overlayfs), containerd's snapshots (`snapshots/N/fs`)
        // (fortieth review).
        parts.windows(3).enumerate().find_map(|(at, w)| match w {
            [
                "overlay2" | "overlay" | "fuse-overlayfs",
                _,
                "merged" | "diff",
            ] => Some(at + 2),
            ["btrfs", "subvolumes", _] => Some(at + 2),
            ["zfs", "graph", _] | ["vfs", "dir", _] => Some(at + 2),
            ["snapshots", _, "fs"] => Some(at + 2),
            ["lib", "machines", _] if at >= 1 && parts[at - 1] == "var" => Some(at + 2),
            _ => None,
        })
    })?;
    Some(format!("/{}", parts[root + 1..].join("/")))
}

/// An archive of files (a tarball, compressed or not, a zip, a cpio): a
/// printer given one shows every file inside, and a backup of `/etc` or
/// a home holds keys and passwords it never names (`zcat etc.tar.gz`,
/// `strings /srv/backup/etc.tar`). `name` is lowercase.
pub(crate) fn archive(name: &str) -> bool {
    const ARCHIVES: &[&str] = &[
        ".tar", ".tgz", ".taz", ".tbz", ".tbz2", ".txz", ".tzst", ".tlz", ".zip", ".7z", ".rar",
        ".cpio", ".pxar", ".jar", ".war", ".ear", ".dump", ".pgdump",
        // Disk images a hypervisor's `vm-*-disk-*` names do not cover.
        ".img", ".vdi", ".vhd", ".vhdx", ".qed",
    ];
    const COMPRESSIONS: &[&str] = &[
        "gz", "bz2", "bz", "xz", "zst", "zstd", "lz4", "lzma", "lz", "lzo", "z", "br",
    ];
    const ROTATED: &[&str] = &["bak", "old", "orig", "prev", "save", "backup"];
    // `.tar.gz`, `.tar.zst.1`, `etc.tgz.bak`, `etc.tar.001`: an archive
    // under a compression, a rotation, a split.
    let mut stem = name;
    let mut wrapped = false;
    for _ in 0..4 {
        match stem.rsplit_once('.') {
            Some((head, last))
                if (!last.is_empty() && last.chars().all(|c| c.is_ascii_digit()))
                    || ROTATED.contains(&last)
                    || COMPRESSIONS.contains(&last) =>
            {
                stem = head;
                wrapped = true;
            }
            _ => break,
        }
    }
    // A database dump compressed or kept aside (`db.sql.gz`), not a
    // schema file beside an app's code.
    ARCHIVES.iter().any(|ext| stem.ends_with(ext)) || (wrapped && stem.ends_with(".sql"))
}

/// `/etc/pve/nodes/NODE/priv/…` and `/etc/pve/local/priv/…`: a node's
/// private folder in the cluster file system.
fn pve_node_private(path: &str) -> bool {
    if !path.contains("pve/") {
        return false;
    }
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    matches!(
        parts.as_slice(),
        ["etc", "pve", "nodes", _, "priv", ..] | ["etc", "pve", "local", "priv", ..]
    )
}

/// The folders a command may be working in when it names a relative
/// path: root's home at first, then every folder a `cd`, `pushd`, `env
/// -C` or `git -C` may have entered (kept, not replaced: a `cd` inside a
/// branch or a subshell may or may not have happened). `unknown` once one
/// is only known at run time (`cd "$d"`, `cd -`, `popd`).
#[derive(Debug, Clone)]
pub(crate) struct Folders {
    known: Vec<String>,
    unknown: bool,
    /// Where `~` and a bare `cd` lead: root's home, or the account's a
    /// command runs as (`su postgres -c 'cat ~/…'`; review 124).
    home: String,
    /// Whether a folder under `/proc` was entered (`cd
    /// /proc/4242/root/srv/app`, `cd /proc`): the folders known are the
    /// host's paths it resolves to, not the process's view (review 126).
    through_proc: bool,
    /// [`Folders::key`] of the two above, kept with them.
    key: String,
}

/// The working folder a container's image chose (`docker exec` without
/// `-w`), standing for it where paths are resolved: a relative path there
/// is under it, nowhere the host knows.
pub(crate) const IMAGE_WORKDIR: &str = "/.image-workdir";

/// The working folders images commonly choose (`WORKDIR`), where a
/// relative path `docker exec` reads or writes is judged too: `/`
/// (none chosen), Node's, Python's and PHP's usual ones, LinuxServer.io's
/// `/config`, Zigbee2MQTT's and Homepage's `/app` (review 120).
pub(crate) const IMAGE_WORKDIRS: &[&str] = &[
    "/",
    "/app",
    "/usr/src/app",
    "/usr/app",
    "/home/node/app",
    "/opt/app",
    "/srv/app",
    "/var/www/html",
    "/var/www",
    "/data",
    "/config",
    // (Homes, where a relative `.ssh/authorized_keys` or `.profile` runs
    // at the next login; review 120.)
    "/root",
    "/home/node",
];

/// Linux's `PATH_MAX`: no path is longer, and a longer pattern is not
/// analysed (it may name anything).
const MAX_PATTERN: usize = 4096;

/// More folders than this and a relative path could be anywhere.
const MAX_FOLDERS: usize = 16;

impl Folders {
    /// The folders as one text, for remembering what was checked in them.
    fn key_of(&self) -> String {
        let mut key = if self.unknown {
            "?".to_string()
        } else {
            String::new()
        };
        for folder in &self.known {
            key.push_str(folder);
            key.push('\0');
        }
        if self.home != "/root" {
            key.push('~');
            key.push_str(&self.home);
        }
        if self.through_proc {
            key.push_str("/proc");
        }
        key
    }

    /// `path` as written, made absolute from each folder known and
    /// normalised by its text alone (`//`, `.`, `..`), no link followed:
    /// where a `/proc/PID/root/…` spelling leads (`cd / && cd proc/1/root`,
    /// `//proc/…`; review 127).
    pub(crate) fn places_of(&self, path: &str) -> Vec<String> {
        let joined: Vec<String> = if path.starts_with('/') {
            vec![path.to_string()]
        } else {
            self.known.iter().map(|k| format!("{k}/{path}")).collect()
        };
        joined
            .iter()
            .map(|p| {
                let mut parts: Vec<&str> = Vec::new();
                for part in p.split('/') {
                    match part {
                        "" | "." => {}
                        ".." => {
                            parts.pop();
                        }
                        part => parts.push(part),
                    }
                }
                format!("/{}", parts.join("/"))
            })
            .collect()
    }

    /// Whether a folder under `/proc` was entered ([`Folders::enter`]).
    pub(crate) fn through_proc(&self) -> bool {
        self.through_proc
    }

    /// The command from here on runs as an account whose home is `home`:
    /// `~` leads there, and with `login` (a login shell, `ssh`) it starts
    /// there too.
    pub(crate) fn become_user(&mut self, home: &str, login: bool) {
        self.home = home.to_string();
        if login {
            self.known = vec![home.to_string()];
            self.unknown = false;
        }
        self.key = self.key_of();
    }

    /// Exactly `dir` (an absolute folder), as a service's folder is.
    pub(crate) fn at(dir: &str) -> Folders {
        let mut at = Folders {
            known: vec![dir.to_string()],
            unknown: false,
            home: "/root".to_string(),
            through_proc: false,
            key: String::new(),
        };
        at.key = at.key_of();
        at
    }

    pub(crate) fn home() -> Folders {
        let mut home = Folders {
            known: vec!["/root".to_string()],
            unknown: false,
            home: "/root".to_string(),
            through_proc: false,
            key: String::new(),
        };
        home.key = home.key_of();
        home
    }

    /// The command may now be in `dir` (`None`: a folder only known at
    /// run time).
    pub(crate) fn enter(&mut self, dir: Option<&str>) {
        self.enter_unkeyed(dir);
        self.key = self.key_of();
    }

    /// [`Folders::enter`] but for the key.
    fn enter_unkeyed(&mut self, dir: Option<&str>) {
        let Some(dir) = dir.map(|d| d.trim_matches(['\'', '"'])) else {
            self.unknown = true;
            return;
        };
        if self.places_of(dir).iter().any(|p| p.starts_with("/proc")) {
            self.through_proc = true;
        }
        // `..` after a folder that may be a symlink (`/var/run/..`) lands
        // where text cannot tell.
        let climbs = dir.split('/').skip(1).any(|part| part == "..")
            // `~ceph`: a system user's home may be anywhere.
            || (dir.starts_with('~') && !dir.starts_with("~/") && dir != "~" && !dir.starts_with("~root"));
        if dir == "-" || dir.contains(['$', '`', '*', '?', '[']) {
            self.unknown = true;
            return;
        }
        // (Still the folder the text names, as the known links resolve:
        // `cd /etc/ssh/.. && cp x passwd` writes /etc/passwd; review 90.)
        if climbs {
            self.unknown = true;
        }
        // (A relative folder is also taken from `/`, where the command may
        // have started: [`Folders::resolve_reading`].)
        let folders: Vec<String> = self
            .resolve_reading(dir)
            .into_iter()
            .map(|f| match f.trim_end_matches('/') {
                "" => "/".to_string(),
                trimmed => trimmed.to_string(),
            })
            .collect();
        // (Anywhere already, a folder entered by name is still one the
        // command may be in: `cd ~ceph; cd /etc/iptables && iptables-save
        // -f rules.v4` writes `/etc/iptables/rules.v4`.)
        for folder in folders {
            if self.known.len() >= MAX_FOLDERS {
                self.unknown = true;
                return;
            }
            if !self.known.contains(&folder) {
                self.known.push(folder);
            }
        }
    }

    /// The folders known to be entered (root's home first).
    pub(crate) fn known(&self) -> &[String] {
        &self.known
    }

    /// Whether a folder only known at run time may have been entered.
    pub(crate) fn unknown(&self) -> bool {
        self.unknown
    }

    /// The absolute paths `path` may name: `~` and `~USER` expanded, a
    /// relative path under each folder the command may be in, each
    /// normalised.
    pub(crate) fn resolve(&self, path: &str) -> Vec<String> {
        self.resolve_from(path, &self.known)
    }

    /// [`Folders::resolve`] for what a command reads: a relative path
    /// also from `/`, where the command may have started (a service's
    /// shell starts there, a runner's working folder is the host's
    /// `workdir`; a `cd` that fails leaves it there: reviews 45 and 46).
    /// (Writes keep the folders known: a relative write is a change
    /// wherever it lands.)
    pub(crate) fn resolve_reading(&self, path: &str) -> Vec<String> {
        let mut from = self.known.clone();
        if !from.iter().any(|f| f == "/") {
            from.push("/".to_string());
        }
        self.resolve_from(path, &from)
    }

    fn resolve_from(&self, path: &str, from: &[String]) -> Vec<String> {
        // The command's own views of its folder and descriptors.
        let fd;
        let path = match path.strip_prefix("/dev/fd/") {
            Some(rest) => {
                fd = format!("/proc/self/fd/{rest}");
                fd.as_str()
            }
            None => path,
        };
        for own in ["/proc/self/cwd/", "/proc/thread-self/cwd/"] {
            if let Some(rest) = path.strip_prefix(own) {
                return self.resolve_from(rest, from);
            }
        }
        if let Some(rest) = path.strip_prefix('~') {
            let (user, tail) = rest.split_once('/').unwrap_or((rest, ""));
            let homes: Vec<String> = match user {
                "" => vec![self.home.clone()],
                "root" => vec!["/root".to_string()],
                "+" => from.to_vec(),
                "-" => self.known.clone(),
                user => match system_home(user) {
                    Some(home) => vec![home.to_string()],
                    None => vec![format!("/home/{user}")],
                },
            };
            return homes
                .iter()
                .map(|home| normalised_owned(format!("{home}/{tail}")))
                .collect();
        }
        if path.starts_with('/') {
            return vec![normalised(path)];
        }
        from.iter()
            .map(|folder| normalised_owned(format!("{folder}/{path}")))
            .collect()
    }
}

/// An account's home: root's, a system account's ([`system_home`]), or
/// `/home/NAME`.
pub(crate) fn home_of(user: &str) -> String {
    match user {
        "root" | "0" => "/root".to_string(),
        user => system_home(user).map_or_else(|| format!("/home/{user}"), str::to_string),
    }
}

/// A system account's home as Debian and Proxmox create it
/// (base-passwd's passwd.master, and the packages' own users): `~sys` is
/// `/dev`, `~bin` is `/bin` (review 90: `echo x > ~sys/sda`).
fn system_home(user: &str) -> Option<&'static str> {
    Some(match user {
        "daemon" => "/usr/sbin",
        "bin" | "sync" | "proxy" => "/bin",
        "sys" => "/dev",
        "games" => "/usr/games",
        "man" => "/var/cache/man",
        "lp" => "/var/spool/lpd",
        "mail" => "/var/mail",
        "news" => "/var/spool/news",
        "uucp" => "/var/spool/uucp",
        "www-data" => "/var/www",
        "backup" => "/var/backups",
        "list" => "/var/list",
        "irc" => "/run/ircd",
        "systemd-network" | "systemd-resolve" | "systemd-timesync" => "/",
        "sshd" => "/run/sshd",
        "postfix" => "/var/spool/postfix",
        "ceph" => "/var/lib/ceph",
        "statd" => "/var/lib/nfs",
        "_chrony" => "/var/lib/chrony",
        "postgres" => "/var/lib/postgresql",
        "redis" => "/var/lib/redis",
        "tss" => "/var/lib/tpm",
        // (On the RHEL family and FreeBSD mysql's home is its data
        // folder; Debian's `/nonexistent` does not exist: the data
        // folder is taken; review 128.)
        "mysql" => "/var/lib/mysql",
        "_apt" | "nobody" | "messagebus" => "/nonexistent",
        _ => return None,
    })
}

/// The paths one word may name, as programs read words: the word itself,
/// a value after `=` (`--password-file=PATH`, `if=PATH`), a value stuck to
/// a short option (`-f/etc/x`, `-xf.env`), a binutils response file
/// (`@PATH`) and the path of a `HOST:PATH` or `REV:PATH` word.
pub(crate) fn spellings(word: &str) -> Vec<&str> {
    let word = word.trim_matches(['\'', '"']);
    // (Past MAX_SPELLINGS one more is enough: the word may name anything.)
    fn add<'w>(out: &mut Vec<&'w str>, s: &'w str) {
        if !s.is_empty() && out.len() <= MAX_SPELLINGS && !out.contains(&s) {
            out.push(s);
        }
    }
    let mut out = vec![word];
    if let Some((_, value)) = word.split_once('=') {
        add(&mut out, value);
    }
    if let Some((_, value)) = word.rsplit_once('=') {
        add(&mut out, value);
    }
    if let Some(file) = word.strip_prefix('@') {
        add(&mut out, file);
    }
    // `HOST:/path`, `REV:./path`: a path after a colon (not the
    // password of `user:password`).
    if let Some((_, path)) = word.rsplit_once(':')
        && (path.contains('/') || path.starts_with(['.', '~']))
    {
        add(&mut out, path);
    }
    if word.starts_with('-') && !word.starts_with("--") {
        // The value of the first letter, stuck (`-fid_ed25519`).
        if let Some(value) = word.get(2..) {
            add(&mut out, value);
        }
        for (at, c) in word.char_indices().skip(2) {
            if matches!(c, '/' | '~' | '.') {
                add(&mut out, &word[at..]);
            }
        }
    }
    out
}

/// Whether a word (a path, `--opt=PATH`, and where `pattern` is set, a
/// glob or a brace list bash expands) may name a secret, relative paths
/// read under root's home.
pub(crate) fn names_secret(word: &str, pattern: bool) -> bool {
    names_secret_in(word, pattern, &Folders::home())
}

/// Whether `word`, known to name a file (an operand a program prints, a
/// redirection's source, `dd if=`, `xargs -a`), names a secret: also an
/// everyday word (`token`, `password`) as the file of that name in the
/// working folder, which the same word as a pattern (`grep -i password`)
/// is not (thirty-second and thirty-third reviews: `cat < token`).
pub(crate) fn file_names_secret(word: &str, folders: &Folders) -> bool {
    // (Only those words are spared as patterns: any other is judged the
    // same either way, and checked once.)
    names_secret_in(word, false, folders)
        || (SECRET_NAMES_IN_A_FOLDER
            .iter()
            .any(|name| name.eq_ignore_ascii_case(word))
            && names_secret_in(&format!("./{word}"), false, folders))
}

/// [`names_secret`], relative paths read under each of `folders`.
/// Remembered for the input being classified (a word repeated thousands
/// of times is checked once), and bounded: past [`MAX_WORDS`] distinct
/// checks, a word may name anything.
pub(crate) fn names_secret_in(word: &str, pattern: bool, folders: &Folders) -> bool {
    // (Looked up without copying the word: most words are checked once.)
    let known = CHECKED.with_borrow(|seen| {
        seen.get(folders.key.as_str())
            .and_then(|words| words.get(word))
            .and_then(|found| found[usize::from(pattern)])
    });
    if let Some(known) = known {
        return known;
    }
    let left = WORDS_LEFT.get();
    WORDS_LEFT.set(left.saturating_sub(1));
    let found = left == 0 || names_secret_unremembered(word, pattern, folders);
    CHECKED.with_borrow_mut(|seen| {
        if !seen.contains_key(folders.key.as_str()) {
            seen.insert(folders.key.clone(), Default::default());
        }
        if let Some(words) = seen.get_mut(folders.key.as_str()) {
            words.entry(word.to_string()).or_default()[usize::from(pattern)] = Some(found);
        }
    });
    found
}

/// The most spellings of one word checked ([`spellings`]).
const MAX_SPELLINGS: usize = 32;

fn names_secret_unremembered(word: &str, pattern: bool, folders: &Folders) -> bool {
    let spellings = spellings(word);
    // Each spelling is resolved and checked: a word of thousands of `/`
    // and `.` (`-a/./././…`) may name anything rather than take seconds.
    if spellings.len() > MAX_SPELLINGS {
        return true;
    }
    spellings.into_iter().any(|spelling| {
        // Longer than a path can be (PATH_MAX), a pattern could still match
        // a short name, and is not worth the work: it may name anything.
        if pattern && spelling.len() > MAX_PATTERN {
            return true;
        }
        let check = |candidate: &str| {
            // An option word is no path; its value is among the spellings.
            if candidate.starts_with('-') {
                return false;
            }
            if candidate.contains("..") && climbs_to_secret(candidate, pattern) {
                return true;
            }
            // `/.zfs/snapshot/NAME/…`: a dataset's past contents, under
            // whatever folder it is mounted on.
            if let Some((_, rest)) = candidate.split_once("/.zfs/snapshot/")
                && let Some((_, tail)) = rest.split_once('/')
                && climbs_to_secret(&format!("/x/../{tail}"), pattern)
            {
                return true;
            }
            // `~ceph/mon/x/keyring`: a system user's home may be any folder.
            if let Some(rest) = candidate.strip_prefix('~')
                && let Some((user, tail)) = rest.split_once('/')
                && !matches!(user, "" | "root" | "+" | "-")
                && climbs_to_secret(&format!("/x/../{tail}"), pattern)
            {
                return true;
            }
            // An ordinary word (`grep -i password`) is no file, unless the
            // command moved into a folder where it may be one.
            let word_alone = !candidate.contains('/')
                && SECRET_NAMES_IN_A_FOLDER.contains(&candidate)
                && folders.known().len() == 1
                && !folders.unknown();
            if word_alone {
                return false;
            }
            // The name alone, wherever the command is; but a plain word
            // with no `/` names a secret alone only where it does under
            // root's home, which `resolve` always gives (tested:
            // `a_bare_name_is_secret_only_where_it_is_under_home`), and a
            // path with a folder in it also from `/` (`etc/pve/priv/tfa.cfg`).
            let bare = !pattern && !candidate.contains('/');
            let mut paths = if bare {
                folders.resolve(candidate)
            } else {
                folders.resolve_reading(candidate)
            };
            if !candidate.starts_with(['/', '~']) && !bare {
                paths.push(candidate.to_string());
            }
            let written_with_folder = candidate.contains('/');
            paths.iter().any(|path| {
                if password_manager_path(path) {
                    true
                } else if pattern && path.contains(['*', '?', '[', '(']) {
                    pattern_reaches_secret(path)
                } else if written_with_folder {
                    secret_path_any_case(path)
                } else {
                    secret_path(path)
                }
            })
        };
        if pattern {
            braces(spelling).iter().any(|candidate| check(candidate))
        } else {
            check(spelling)
        }
    })
}

/// A password manager's data wherever its container keeps it, after any
/// `cd` (`/opt/vaultwarden/data/db.sqlite3`, `/srv/vaultwarden-data/`,
/// its `.env`'s admin token): a folder whose name holds `vaultwarden` or
/// `bitwarden`, or `vw-data`.
pub(crate) fn password_manager_path(path: &str) -> bool {
    // (Each name holds a `w`: a path without one is none of them.)
    if !path.bytes().any(|b| b.eq_ignore_ascii_case(&b'w')) {
        return false;
    }
    contains_ignoring_case(path, "vaultwarden")
        || contains_ignoring_case(path, "bitwarden")
        || path
            .split('/')
            .any(|part| part.eq_ignore_ascii_case("vw-data"))
}

/// Whether `text` holds `word` (ASCII, any case), without a lowered copy.
pub(crate) fn contains_ignoring_case(text: &str, word: &str) -> bool {
    let (text, word) = (text.as_bytes(), word.as_bytes());
    word.is_empty()
        || text
            .windows(word.len())
            .any(|w| w.eq_ignore_ascii_case(word))
}

/// Whether `text` ends with `end` (ASCII, any case).
fn ends_ignoring_case(text: &str, end: &str) -> bool {
    text.len() >= end.len()
        && text.as_bytes()[text.len() - end.len()..].eq_ignore_ascii_case(end.as_bytes())
}

/// Takes one pattern from the budget; false when none is left.
fn spend_pattern() -> bool {
    let left = PATTERNS_LEFT.get();
    PATTERNS_LEFT.set(left.saturating_sub(1));
    left > 0
}

/// Whether a glob may match a secret: inside a secret folder whatever it
/// matches, a folder part that matches a secret folder (`/etc/pve/pri?/…`),
/// or a match for one of the sample secrets. extglob groups (`@(a|b)`) are
/// read as `*`, `**` as any depth, and case is ignored (`nocaseglob`).
fn pattern_reaches_secret(pattern: &str) -> bool {
    // Past the input's budget, a pattern may name anything.
    if !spend_pattern() {
        return true;
    }
    if let Some(inner) = inside_guest(pattern)
        && inner != pattern
        && pattern_reaches_secret(&inner)
    {
        return true;
    }
    // (A glob's own characters in its last part: an extglob group alone,
    // `ab+(c|d)`, is as often a quoted regular expression.)
    let globbed = pattern
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains(['*', '?', '[']));
    let pattern = extglob_as_star(&pattern.to_ascii_lowercase());
    if secret_path(&pattern) {
        return true;
    }
    // The rules by name and kind, on the pattern's last part, as they are
    // on a literal path's (`~/.bash_h*`, `priv*`, `*.ke?`, `id_*`, a bare
    // `*` over any folder but the public trees and the logs).
    let (folder, last) = pattern.rsplit_once('/').unwrap_or(("", &pattern));
    if globbed && extension_glob_reaches_secret(folder, last) {
        return true;
    }
    if globbed
        && last_part_names_secret(last)
        && !in_public_tree(folder)
        && !PLAIN_FRAGMENT_FOLDERS.contains(&folder)
        && !["/var/log", "/proc", "/sys"]
            .iter()
            .any(|tree| folder == *tree || folder.starts_with(&format!("{tree}/")))
    {
        return true;
    }
    // A name of fixed length (`?`, `[…]`, no `*`) that spells a secret
    // word where its wildcards stand (`tok?n.txt`, `db_pa?sword`): each
    // such spelling is judged as a literal name (thirty-third review).
    if globbed
        && !last.contains('*')
        && !in_public_tree(folder)
        && spellings_of_secret_words(last)
            .iter()
            .any(|name| secret_path(&format!("{folder}/{name}")))
    {
        return true;
    }
    pattern_matches_known_secret(&pattern)
}

/// [`glob_names_known_secret`] of a pattern already in lower case.
pub(crate) fn pattern_matches_known_secret(pattern: &str) -> bool {
    let compiled = Pattern::new(pattern);
    let parts: Vec<&str> = pattern.split('/').collect();
    // The pattern's first DEPTH+1 parts, compiled once per depth.
    let mut prefixes: Vec<Option<Pattern>> = Vec::new();
    let reaches_folder = lowercase_secret_dirs().iter().any(|dir| {
        let depth = dir.matches('/').count();
        if prefixes.len() <= depth {
            prefixes.resize_with(depth + 1, || None);
        }
        let prefix = prefixes[depth]
            .get_or_insert_with(|| Pattern::new(&parts[..(depth + 1).min(parts.len())].join("/")));
        prefix.matches(dir)
    });
    reaches_folder
        || lowercase_samples()
            .iter()
            .any(|sample| compiled.matches(sample))
        || SAMPLES
            .iter()
            .filter_map(|s| s.rsplit('/').next())
            .any(|name| compiled.matches(name))
}

/// The names a fixed-length pattern matches that spell a secret word
/// where the word fits (`tok?n.txt` gives `token.txt`), every other
/// wildcard filled with a character it admits.
fn spellings_of_secret_words(pattern: &str) -> Vec<String> {
    const WORDS: &[&str] = &[
        "token",
        "password",
        "passwd",
        "passphrase",
        "secret",
        "apikey",
        "api_key",
        "api-key",
        "key",
        "cred",
        "private",
        "privkey",
        "id_rsa",
        "id_ecdsa",
        "id_ed25519",
        "shadow",
        ".env",
        "htpasswd",
        "netrc",
        "kdbx",
        "pass",
    ];
    let tokens = tokens(pattern);
    let fixed = tokens.len() <= 64
        && !tokens
            .iter()
            .any(|t| matches!(t, Token::Star | Token::Globstar));
    if !fixed {
        return Vec::new();
    }
    // A character each token takes, for the places no word covers.
    let filler = |t: &Token| match t {
        Token::Char(c) => *c,
        _ => ['x', 'y', '0']
            .into_iter()
            .find(|c| t.takes(*c))
            .unwrap_or('x'),
    };
    let mut out = Vec::new();
    for word in WORDS {
        let word: Vec<char> = word.chars().collect();
        if word.len() > tokens.len() {
            continue;
        }
        for at in 0..=tokens.len() - word.len() {
            if !word
                .iter()
                .enumerate()
                .all(|(i, c)| tokens[at + i].takes(*c))
            {
                continue;
            }
            let name: String = tokens
                .iter()
                .enumerate()
                .map(|(i, t)| match i.checked_sub(at) {
                    Some(k) if k < word.len() => word[k],
                    _ => filler(t),
                })
                .collect();
            out.push(name);
        }
    }
    out
}

/// Folders of one program's plain fragments, where even a bare `*` lists
/// only them: APT's sources and pins, sysctl's, modprobe's, logrotate's,
/// rsyslog's (blind corpus 167). Fragment folders too
/// ([`FRAGMENT_FOLDERS`]).
const PLAIN_FRAGMENT_FOLDERS: &[&str] = &[
    "/etc/apt/sources.list.d",
    "/etc/apt/preferences.d",
    "/etc/sysctl.d",
    "/etc/modprobe.d",
    "/etc/modules-load.d",
    "/etc/logrotate.d",
    "/etc/rsyslog.d",
];

/// Folders of an application's configuration fragments, whose files are
/// its own settings (`/etc/pve/lxc/*.conf`, `/etc/nginx/conf.d/*.conf`):
/// an extension's glob there is a look at them, not at a secret named
/// elsewhere (`/etc/pve/priv` and the other secret folders are judged
/// before this).
const FRAGMENT_FOLDERS: &[&str] = &[
    "/etc/pve",
    "/etc/nginx",
    "/etc/apache2",
    "/etc/network",
    "/etc/haproxy",
    "/etc/fail2ban",
    "/etc/udev",
    "/etc/systemd",
    "/etc/cron.d",
    "/etc/security",
    "/etc/default",
    "/etc/sudoers.d",
    "/etc/lvm",
    "/etc/multipath",
];

/// Whether an extension's glob over a folder named outright
/// (`/etc/*.conf`, `/opt/hass/*.yaml`) reaches a file secret by its name
/// or its place there: each secret name it matches, and each file a place
/// rule names, read as a file of that folder.
fn extension_glob_reaches_secret(folder: &str, last: &str) -> bool {
    const PLACED: &[&str] = &[
        "config.xml",
        "configuration.yaml",
        "configuration.yml",
        "secrets.yaml",
    ];
    // (Also any folder of fragments by its name: `conf.d`, `rules`,
    // `sites-enabled`.)
    let own = folder.rsplit('/').next().unwrap_or(folder);
    let fragments = FRAGMENT_FOLDERS
        .iter()
        .chain(PLAIN_FRAGMENT_FOLDERS)
        .any(|f| folder == *f || folder.starts_with(&format!("{f}/")))
        || own.ends_with(".d")
        || matches!(
            own,
            "rules" | "sites-enabled" | "sites-available" | "conf-enabled"
        );
    if folder.contains(['*', '?', '[']) || fragments || in_public_tree(folder) {
        return false;
    }
    let compiled = Pattern::new(last);
    SECRET_NAMES
        .iter()
        .chain(PLACED)
        .filter(|name| compiled.matches(name))
        .any(|name| secret_path(&format!("{folder}/{name}")))
}

/// The secret folders, lower case and without their last `/`.
fn lowercase_secret_dirs() -> &'static [String] {
    static DIRS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    DIRS.get_or_init(|| {
        SECRET_DIRS
            .iter()
            .map(|d| d.to_ascii_lowercase().trim_end_matches('/').to_string())
            .collect()
    })
}

/// The sample secrets, lower case.
fn lowercase_samples() -> &'static [String] {
    static SAMPLES_LOWER: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SAMPLES_LOWER.get_or_init(|| SAMPLES.iter().map(|s| s.to_ascii_lowercase()).collect())
}

/// `@(a|b)`, `!(x)`, `+(x)`, `*(x)`, `?(x)` read as `*`.
pub(crate) fn extglob_as_star(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if matches!(c, '@' | '!' | '+' | '*' | '?') && chars.peek() == Some(&'(') {
            let mut depth = 0;
            for inner in chars.by_ref() {
                match inner {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            out.push('*');
        } else {
            out.push(c);
        }
    }
    out
}

/// Folders of self-hosted apps whose settings files (any of their
/// `.json`, `.yml`, `.conf`, `.js`, `.toml` files) hold the app's
/// secrets: code-server's password, wg-easy's peers' private keys,
/// Semaphore's and MeshCentral's session and database secrets, Node-RED's
/// credential secret, ntfy's and Gotify's tokens, Homarr's and Dashy's
/// and Homepage's widget API keys, Vector's and Fluent Bit's sinks'
/// credentials (review 123).
#[rustfmt::skip]
const APP_FOLDERS: &[&str] = &[
    "code-server", "wg-easy", "semaphore", "node-red", "nodered", ".node-red", "ntfy", "gotify",
    "meshcentral", "meshcentral-data", "homarr", "dashy", "homepage", "vector", "fluent-bit",
    "td-agent-bit",
];

/// More words than this from one brace list and it is read as a glob.
const MAX_BRACE_WORDS: usize = 16;

/// The words a brace list makes (`a{b,c}d` → `abd`, `acd`), nested lists
/// included. Bounded by total work: when the lists would make more than
/// [`MAX_BRACE_WORDS`] words (`/x{a,b}{a,b}…`), each list stands for any
/// text instead (`*`, or `**` where an alternative holds a `/`), a
/// pattern that matches every word the lists make and more.
fn braces(word: &str) -> Vec<String> {
    if brace_words(word) > MAX_BRACE_WORDS {
        return vec![braces_as_glob(word)];
    }
    expand(word)
}

/// The outermost brace list of `word`: where it opens, its commas at
/// depth one, where it closes.
fn outer_list(word: &str) -> Option<(usize, Vec<usize>, usize)> {
    let mut from = 0;
    while let Some(open) = word[from..].find('{').map(|o| o + from) {
        let mut depth = 0;
        let mut commas = Vec::new();
        for (i, c) in word[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        if !commas.is_empty() {
                            return Some((open, commas, open + i));
                        }
                        break;
                    }
                }
                ',' if depth == 1 => commas.push(open + i),
                _ => {}
            }
        }
        from = open + 1;
    }
    None
}

/// How many words `word`'s brace lists make, saturating past the limit
/// (the count of each list times the rest, never the words themselves;
/// lists side by side are walked in a loop, nesting is bounded by the
/// classifier's nesting limit).
fn brace_words(word: &str) -> usize {
    let cap = MAX_BRACE_WORDS + 1;
    let mut total = 1usize;
    let mut rest = word;
    while let Some((open, commas, close)) = outer_list(rest) {
        let mut bounds = vec![open];
        bounds.extend(&commas);
        bounds.push(close);
        let alternatives = bounds
            .windows(2)
            .map(|pair| brace_words(&rest[pair[0] + 1..pair[1]]))
            .fold(0usize, |sum, n| sum.saturating_add(n));
        total = total.saturating_mul(alternatives);
        if total >= cap {
            return cap;
        }
        rest = &rest[close + 1..];
    }
    total
}

fn expand(word: &str) -> Vec<String> {
    let Some((open, commas, close)) = outer_list(word) else {
        return vec![word.to_string()];
    };
    let mut bounds = vec![open];
    bounds.extend(&commas);
    bounds.push(close);
    let (head, tail) = (&word[..open], &word[close + 1..]);
    let mut out = Vec::new();
    for pair in bounds.windows(2) {
        let part = &word[pair[0] + 1..pair[1]];
        out.extend(expand(&format!("{head}{part}{tail}")));
    }
    out
}

/// `word` with each brace list replaced by a wildcard, in one pass.
fn braces_as_glob(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut rest = word;
    while let Some((open, _, close)) = outer_list(rest) {
        out.push_str(&rest[..open]);
        out.push_str(if rest[open..=close].contains('/') {
            "**"
        } else {
            "*"
        });
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// [`secret_path`], the name also in lower case where it has capitals
/// (`/etc/app/TOKEN`, `.ENV`, `cert.PFX`: Windows
/// and Java tools export so; thirty-third review). Only for a path
/// written with its folder: a bare word in capitals is more often a
/// command's (`redis-cli KEYS`, SQL) than a file.
pub(crate) fn secret_path_any_case(path: &str) -> bool {
    if secret_path(path) {
        return true;
    }
    let trimmed = path.trim_end_matches('/');
    let name = trimmed.rsplit('/').next().unwrap_or(trimmed);
    // (Whatever else the name holds: `my cert.PFX`, `TOKEN~`; thirty-fourth
    // review.)
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return false;
    }
    let folder = &trimmed[..trimmed.len() - name.len()];
    secret_path(&format!("{folder}{}", name.to_ascii_lowercase()))
}

/// Whether the shell pattern `pattern` matches `text` ([`Pattern`]).
pub(crate) fn glob_matches(pattern: &str, text: &str) -> bool {
    Pattern::new(pattern).matches(text)
}

/// Shell pattern matching (`*`, `?`, `[...]`, `[!...]`), where `*` and `?`
/// never match `/` and `**` matches across folders. Iterative and
/// bounded: a pattern is read into tokens once (runs of `*` fold into
/// one), one that needs more characters than the text has fails at once,
/// and the match keeps one row of states per pattern token, so a 64 KiB
/// pattern costs its length times the text's, never a deep recursion.
/// Read once, it matches many texts.
pub(crate) struct Pattern {
    tokens: Vec<Token>,
    /// The characters every match starts with (the literal ones before
    /// the first wildcard): a text without them is refused at once.
    prefix: String,
}

impl Pattern {
    pub(crate) fn new(pattern: &str) -> Pattern {
        let tokens = tokens(pattern);
        let prefix = tokens
            .iter()
            .map_while(|t| match t {
                Token::Char(c) => Some(*c),
                _ => None,
            })
            .collect();
        Pattern { tokens, prefix }
    }

    pub(crate) fn matches(&self, text: &str) -> bool {
        if !text.starts_with(self.prefix.as_str()) {
            return false;
        }
        if self.tokens.len() < 128 {
            matches_small(&self.tokens, text)
        } else {
            matches_tokens(&self.tokens, text)
        }
    }
}

/// [`matches_tokens`] for patterns of fewer than 128 tokens, with the
/// states as the bits of one number: no allocation per text or per
/// character (a check matches one pattern against hundreds of samples).
fn matches_small(tokens: &[Token], text: &str) -> bool {
    let needed = tokens
        .iter()
        .filter(|tok| !matches!(tok, Token::Star | Token::Globstar))
        .count();
    // A text has at most as many characters as bytes.
    if needed > text.len() {
        return false;
    }
    let close = |mut reach: u128| {
        for (i, tok) in tokens.iter().enumerate() {
            if reach & (1 << i) != 0 && matches!(tok, Token::Star | Token::Globstar) {
                reach |= 1 << (i + 1);
            }
        }
        reach
    };
    let mut reach = close(1);
    for c in text.chars() {
        let mut next = 0u128;
        let mut states = reach;
        while states != 0 {
            let i = states.trailing_zeros() as usize;
            states &= states - 1;
            let Some(tok) = tokens.get(i) else { continue };
            match tok {
                Token::Star => {
                    if c != '/' {
                        next |= 1 << i;
                    }
                }
                Token::Globstar => next |= 1 << i,
                other => {
                    if other.takes(c) {
                        next |= 1 << (i + 1);
                    }
                }
            }
        }
        reach = close(next);
        if reach == 0 {
            return false;
        }
    }
    reach & (1 << tokens.len()) != 0
}

fn matches_tokens(tokens: &[Token], text: &str) -> bool {
    let t: Vec<char> = text.chars().collect();
    let needed = tokens
        .iter()
        .filter(|tok| !matches!(tok, Token::Star | Token::Globstar))
        .count();
    if needed > t.len() {
        return false;
    }
    // reach[i]: the first i tokens can match the text read so far.
    let mut reach = vec![false; tokens.len() + 1];
    reach[0] = true;
    close_stars(tokens, &mut reach);
    for c in &t {
        let mut next = vec![false; tokens.len() + 1];
        for (i, tok) in tokens.iter().enumerate() {
            if !reach[i] {
                continue;
            }
            match tok {
                Token::Star => next[i] |= *c != '/',
                Token::Globstar => next[i] = true,
                other => next[i + 1] |= other.takes(*c),
            }
        }
        close_stars(tokens, &mut next);
        if !next.iter().any(|r| *r) {
            return false;
        }
        reach = next;
    }
    reach[tokens.len()]
}

/// A star may match nothing: reaching it reaches what follows it.
fn close_stars(tokens: &[Token], reach: &mut [bool]) {
    for (i, tok) in tokens.iter().enumerate() {
        if reach[i] && matches!(tok, Token::Star | Token::Globstar) {
            reach[i + 1] = true;
        }
    }
}

/// One element of a shell pattern.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Star,
    Globstar,
    Any,
    /// `[...]`: negated or not, its single characters and ranges.
    Class(bool, Vec<(char, char)>),
    Char(char),
}

impl Token {
    fn takes(&self, c: char) -> bool {
        match self {
            Token::Star | Token::Globstar => true,
            Token::Any => c != '/',
            Token::Class(negated, ranges) => {
                c != '/' && ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi) != *negated
            }
            Token::Char(d) => *d == c,
        }
    }
}

/// Where the bracket expression opening at `open` ends (its `]`), as
/// bash reads it: a `]` first (after `!`/`^`) is a member, and `[:name:]`,
/// `[=c=]`, `[.c.]` inside run to their own closing; with whether one of
/// those named classes is in it.
fn bracket_end(p: &[char], open: usize) -> (Option<usize>, bool) {
    let mut j = open + 1;
    if matches!(p.get(j), Some('!' | '^')) {
        j += 1;
    }
    if p.get(j) == Some(&']') {
        j += 1;
    }
    let mut named = false;
    while j < p.len() {
        match (p[j], p.get(j + 1)) {
            (']', _) => return (Some(j), named),
            ('[', Some(&d @ (':' | '=' | '.'))) => {
                let close =
                    (j + 2..p.len().saturating_sub(1)).find(|&k| p[k] == d && p[k + 1] == ']');
                match close {
                    Some(k) => {
                        named = true;
                        j = k + 2;
                    }
                    None => j += 1,
                }
            }
            _ => j += 1,
        }
    }
    (None, named)
}

fn tokens(pattern: &str) -> Vec<Token> {
    let p: Vec<char> = pattern.chars().collect();
    let mut out: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            '*' => {
                let mut run = 0;
                while i < p.len() && p[i] == '*' {
                    run += 1;
                    i += 1;
                }
                let tok = if run > 1 {
                    Token::Globstar
                } else {
                    Token::Star
                };
                match out.last_mut() {
                    Some(last @ Token::Star) if tok == Token::Globstar => *last = Token::Globstar,
                    Some(Token::Star | Token::Globstar) => {}
                    _ => out.push(tok),
                }
                continue;
            }
            '?' => out.push(Token::Any),
            '[' => {
                let (end, named) = bracket_end(&p, i);
                match end {
                    // `[[:alpha:]]`, `[[=a=]]`, `[[.d.]]`: a class by name
                    // (read as any character but `/`).
                    Some(end) if named => {
                        out.push(Token::Class(false, vec![('\0', char::MAX)]));
                        i = end;
                    }
                    Some(end) => {
                        let class = &p[i + 1..end];
                        let (negated, class) = match class.first() {
                            Some('!' | '^') => (true, &class[1..]),
                            _ => (false, class),
                        };
                        let mut ranges = Vec::new();
                        let mut j = 0;
                        while j < class.len() {
                            if j + 2 < class.len() && class[j + 1] == '-' {
                                ranges.push((class[j], class[j + 2]));
                                j += 3;
                            } else {
                                ranges.push((class[j], class[j]));
                                j += 1;
                            }
                        }
                        out.push(Token::Class(negated, ranges));
                        i = end;
                    }
                    None => out.push(Token::Char('[')),
                }
            }
            c => out.push(Token::Char(c)),
        }
        i += 1;
    }
    out
}

/// How many distinct words one input may have checked against the
/// secrets ([`names_secret_in`]).
pub(crate) const MAX_WORDS: usize = 4_000;

/// Words checked in one set of folders: whether each names a secret as
/// a plain word and as a pattern.
type WordsChecked = crate::Map<String, [Option<bool>; 2]>;

thread_local! {
    static WORDS_LEFT: std::cell::Cell<usize> = const { std::cell::Cell::new(MAX_WORDS) };
    /// By the folders' key, then the word: whether it names a secret as a
    /// plain word and as a pattern.
    static CHECKED: std::cell::RefCell<crate::Map<String, WordsChecked>> =
        std::cell::RefCell::new(crate::Map::default());
    static FOLDERS_CHECKED: std::cell::RefCell<crate::Map<String, bool>> =
        std::cell::RefCell::new(crate::Map::default());
    static NAME_PATTERNS_CHECKED: std::cell::RefCell<crate::Map<String, bool>> =
        std::cell::RefCell::new(crate::Map::default());
    static FOLDER_PATTERNS_CHECKED: std::cell::RefCell<crate::Map<String, bool>> =
        std::cell::RefCell::new(crate::Map::default());
}

/// How many patterns one input may have matched against the secrets
/// ([`pattern_reaches_secret`]); past it, every further pattern is taken
/// to name one. A brace list or a loop multiplies the patterns a command
/// makes, and the work must stay bounded whatever the input (issue 29,
/// class 12); a command a person writes makes a few dozen.
pub(crate) const MAX_PATTERNS: usize = 200;

thread_local! {
    static PATTERNS_LEFT: std::cell::Cell<usize> = const { std::cell::Cell::new(MAX_PATTERNS) };
}

/// Gives the input about to be classified its budgets of patterns and
/// words, and forgets the words checked for the last one.
pub(crate) fn budget_patterns() {
    PATTERNS_LEFT.set(MAX_PATTERNS);
    WORDS_LEFT.set(MAX_WORDS);
    CHECKED.with_borrow_mut(std::collections::HashMap::clear);
    FOLDERS_CHECKED.with_borrow_mut(std::collections::HashMap::clear);
    NAME_PATTERNS_CHECKED.with_borrow_mut(std::collections::HashMap::clear);
    FOLDER_PATTERNS_CHECKED.with_borrow_mut(std::collections::HashMap::clear);
}

/// Whether `path` has the shape of a disk's or a partition's name under
/// /dev, written plainly (no `.`, `..` or `//`): `/dev/sdb1`,
/// `/dev/nvme0n1p2`, `/dev/mapper/pve-data`, `/dev/disk/by-id/ata-…`.
/// (A name of another shape may be no device at all, and a tool that
/// creates what it opens makes a file of it: `mke2fs -n /dev/newfile`,
/// `/dev/./shm/x`; reviews 50 to 52.)
pub(crate) fn disk_device_name(path: &str) -> bool {
    let Some(rest) = path.strip_prefix("/dev/") else {
        return false;
    };
    let plain = |name: &str| {
        !name.is_empty()
            && !matches!(name, "." | "..")
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'+' | b':'))
    };
    match rest.split('/').collect::<Vec<_>>().as_slice() {
        ["mapper", name] => plain(name) && *name != "control",
        ["disk", by, name] => {
            matches!(
                *by,
                "by-id" | "by-uuid" | "by-label" | "by-partuuid" | "by-partlabel" | "by-path"
            ) && plain(name)
        }
        [name] => kernel_disk_name(name),
        _ => false,
    }
}

/// A kernel's name for a disk or a partition: `sda`, `sdb1`, `vdc`,
/// `xvda2`, `hdb`, `nvme0n1`, `nvme0n1p3`, `md0`, `md127p1`, `zd16`,
/// `rbd0`, `dm-3`, `loop0`, `mmcblk0p1`, `nbd0`.
fn kernel_disk_name(name: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    // `N` or `NpM`.
    let numbered = |s: &str| match s.split_once('p') {
        Some((n, part)) => digits(n) && digits(part),
        None => digits(s),
    };
    for letters in ["sd", "vd", "xvd", "hd"] {
        if let Some(rest) = name.strip_prefix(letters) {
            let letters_end = rest
                .find(|c: char| !c.is_ascii_lowercase())
                .unwrap_or(rest.len());
            let partition = &rest[letters_end..];
            return letters_end > 0
                && letters_end <= 3
                && (partition.is_empty() || digits(partition));
        }
    }
    if let Some(rest) = name.strip_prefix("nvme") {
        return rest
            .split_once('n')
            .is_some_and(|(controller, namespace)| digits(controller) && numbered(namespace));
    }
    if let Some(rest) = name.strip_prefix("dm-") {
        return digits(rest);
    }
    ["md", "zd", "rbd", "loop", "mmcblk", "nbd"]
        .iter()
        .any(|prefix| name.strip_prefix(prefix).is_some_and(numbered))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The bitset matcher and the general one agree on every pattern
        /// and text (the fast one serves patterns under 128 tokens).
        #[test]
        fn both_matchers_agree(
            pattern in "[ab/*?\\[\\]!-]{0,12}",
            text in "[ab/c]{0,12}",
        ) {
            let tokens = tokens(&pattern);
            prop_assert_eq!(
                matches_small(&tokens, &text),
                matches_tokens(&tokens, &text),
                "{:?} {:?}", pattern, text
            );
        }
    }

    #[test]
    fn globs_and_brace_lists_that_reach_a_secret_name_it() {
        for word in [
            "/etc/shadow",
            "/etc/shad*",
            "/etc/s?adow",
            "/etc/[s]hadow",
            "/etc/sh[[:alpha:]]dow",
            "/etc/sh[[=a=]]dow",
            "/etc/sha[[.d.]]ow",
            "/etc/sh[![:digit:]]dow",
            "/etc/ssh/ssh_host_*_ke[[:alpha:]]",
            "/proc/1/enviro[[:alpha:]]",
            "/etc/{shadow,passwd}",
            "/root/.ssh/id_*",
            "/root/.ssh/id_{rsa,ed25519}",
            "/home/*/.ssh/id_*",
            "/etc/ssh/ssh_host_*",
            "/etc/pve/{priv/token.cfg,storage.cfg}",
            "/srv/app/.en*",
            "/etc/wireguard/*.conf",
            "/var/lib/pve-cluster/config.db",
            "/proc/1/environ",
            "/etc/ceph/ceph.client.admin.keyring",
            "--password-file=/root/.pgpass",
        ] {
            assert!(names_secret(word, true), "{word}");
        }
        for word in [
            "/etc/hosts",
            "/etc/pve/lxc/*.conf",
            "/var/log/*.log",
            "/etc/{hosts,hostname}",
        ] {
            assert!(!names_secret(word, true), "{word}");
        }
        // Quoted, a pattern is only text.
        assert!(!names_secret("/etc/shad*", false));
    }

    #[test]
    fn disk_names_are_told_from_other_names_under_dev() {
        for disk in [
            "/dev/sda",
            "/dev/sdb1",
            "/dev/sdaa",
            "/dev/vdc",
            "/dev/xvda2",
            "/dev/nvme0n1",
            "/dev/nvme0n1p3",
            "/dev/md0",
            "/dev/md127p1",
            "/dev/zd16",
            "/dev/rbd0",
            "/dev/dm-3",
            "/dev/loop0",
            "/dev/mmcblk0p1",
            "/dev/mapper/pve-data",
            "/dev/disk/by-id/ata-X_1-part1",
            "/dev/disk/by-label/data",
        ] {
            assert!(disk_device_name(disk), "{disk}");
        }
        for other in [
            "/dev/newfile",
            "/dev/shm/x",
            "/dev/./shm/x",
            "/dev//sda",
            "/dev/sd",
            "/dev/sda1x",
            "/dev/nvme0",
            "/dev/nvme0n",
            "/dev/mapper/control",
            "/dev/mapper/..",
            "/dev/disk/x/y",
            "/dev/disk/by-id/../../shm/x",
            "/dev/pts/0",
            "/dev/sda/x",
            "/tmp/sda",
            "/dev/dm-",
        ] {
            assert!(!disk_device_name(other), "{other}");
        }
    }

    #[test]
    fn a_credential_settings_file_has_its_format() {
        use SettingsFormat::*;
        for (path, want) in [
            ("/etc/pve/qemu-server/100.conf", Some(VmConfig)),
            (
                "/etc/pve/nodes/pve2/qemu-server/100.conf.bak",
                Some(VmConfig),
            ),
            ("/etc/pve/nodes/*/qemu-server/*", Some(VmConfig)),
            ("/opt/app/docker-compose.yml", Some(Compose)),
            ("/home/*/compose.y*ml", Some(Compose)),
            ("/etc/haproxy/haproxy.cfg", Some(Other)),
            ("/etc/hap*/sites/web.cfg", Some(Other)),
            ("/etc/*/*", Some(Other)),
            ("/etc/pve/lxc/100.conf", None),
            ("/etc/postgresql/15/main/postgresql.conf", Some(Database)),
            (
                "/etc/postgresql/15/main/conf.d/replica.conf",
                Some(Database),
            ),
            ("/etc/postgresql/15/main/pg_hba.conf", None),
            ("/etc/redis/redis-6380.conf", Some(Database)),
            ("/etc/mysql/mariadb.conf.d/60-galera.cnf", Some(Database)),
            ("/etc/clickhouse-server/users.xml", Some(Other)),
            ("/var/log/*.log", None),
            ("/etc/hosts", None),
        ] {
            assert_eq!(credential_settings_file(path), want, "{path}");
        }
    }
}
