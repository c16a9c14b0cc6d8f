# Shared shell functions for scripts/test and scripts/dev: install what a
# fresh Debian machine lacks, and start Synapse and PostgreSQL on loopback.
# Sourced, not run. Everything started here is stopped by `nomos_cleanup`.

set -euo pipefail

SYNAPSE_VERSION="${SYNAPSE_VERSION:-1.163.2}"
NOMOS_CACHE="${NOMOS_CACHE:-${HOME:-/root}/.cache/nomos}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$NOMOS_CACHE/target}"

say() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

NOMOS_PIDS=()
NOMOS_PG_DATA=""
NOMOS_PG_BIN=""

nomos_cleanup() {
  local pid
  for pid in "${NOMOS_PIDS[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  if [ -n "$NOMOS_PG_DATA" ] && [ -f "$NOMOS_PG_DATA/postmaster.pid" ]; then
    runuser -u postgres -- "$NOMOS_PG_BIN/pg_ctl" -D "$NOMOS_PG_DATA" -m fast -w stop >/dev/null 2>&1 || true
  fi
}

# A free TCP port on 127.0.0.1.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Waits until URL answers HTTP 200, or fails after $2 seconds.
wait_http() {
  local url=$1 limit=$2 i
  for ((i = 0; i < limit * 4; i++)); do
    if python3 - "$url" <<'PY' 2>/dev/null; then return 0; fi
import sys, urllib.request
urllib.request.urlopen(sys.argv[1], timeout=2).read()
PY
    sleep 0.25
  done
  return 1
}

# Debian packages the tests and the dev setup need.
# rust-toolchain.toml pins a release. Where rustup knows that release only
# as its `stable` toolchain (a machine that can download nothing), the
# pinned name is made to point at it; any other release is refused by name.
ensure_toolchain() {
  local want have home triple
  want=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)
  [ -n "$want" ] || die "rust-toolchain.toml names no channel"
  command -v rustup >/dev/null || return 0
  if rustup toolchain list | grep -q "^$want-"; then return 0; fi
  have=$(rustup run stable rustc --version 2>/dev/null | awk '{print $2}')
  [ "$have" = "$want" ] || die "Rust $want is pinned (rust-toolchain.toml) but rustup has ${have:-no stable toolchain}; install $want"
  home=$(rustup show home)
  triple=$(rustup run stable rustc -vV | sed -n 's/^host: //p')
  ln -s "$home/toolchains/stable-$triple" "$home/toolchains/$want-$triple"
  say "rustup: $want is this machine's stable toolchain"
}

ensure_packages() {
  ensure_toolchain
  local missing=()
  command -v python3 >/dev/null || missing+=(python3)
  python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  command -v runuser >/dev/null || missing+=(util-linux)
  command -v cc >/dev/null || missing+=(build-essential)
  [ -x /usr/sbin/sshd ] || missing+=(openssh-server)
  command -v ssh >/dev/null || missing+=(openssh-client)
  command -v ss >/dev/null || missing+=(iproute2)
  command -v pgrep >/dev/null || missing+=(procps)
  command -v useradd >/dev/null || missing+=(passwd)
  command -v openssl >/dev/null || missing+=(openssl)
  command -v strace >/dev/null || missing+=(strace)
  command -v unshare >/dev/null || missing+=(util-linux)
  # The confinement's hostile corpus (tests/fixtures/confine/sandbox.sh).
  [ -x /usr/bin/python3 ] || missing+=(python3)
  command -v ip >/dev/null || missing+=(iproute2)
  command -v setpriv >/dev/null || missing+=(util-linux)
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing Debian packages: ${missing[*]}"
    [ "$(id -u)" = 0 ] || die "need root to apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || die "apt-get update failed"
    apt-get install -y -qq "${missing[@]}" >/dev/null || die "apt-get install ${missing[*]} failed"
  fi
  if ! cargo nextest --version >/dev/null 2>&1; then
    say "installing cargo-nextest"
    cargo install --locked cargo-nextest || die "cannot install cargo-nextest"
  fi
}

# A venv with Synapse, cached across runs under $NOMOS_CACHE.
ensure_synapse() {
  SYNAPSE_VENV="$NOMOS_CACHE/synapse-venv"
  if ! "$SYNAPSE_VENV/bin/python" -c "import synapse, sys; sys.exit(synapse.__version__ != '$SYNAPSE_VERSION')" 2>/dev/null; then
    say "installing Synapse $SYNAPSE_VERSION into $SYNAPSE_VENV"
    mkdir -p "$NOMOS_CACHE"
    python3 -m venv "$SYNAPSE_VENV" || die "cannot create a Python venv (is python3-venv installed?)"
    "$SYNAPSE_VENV/bin/pip" install -q --upgrade pip || die "pip upgrade failed"
    "$SYNAPSE_VENV/bin/pip" install -q "matrix-synapse==$SYNAPSE_VERSION" || die "pip install matrix-synapse failed"
  fi
}

# Starts Synapse in $1 (a folder) on loopback, with SQLite, no federation
# and raised rate limits. A folder that already holds a homeserver.yaml is
# reused as it is (scripts/dev keeps its accounts across runs); otherwise
# one is written for port $2 (default: a free port). Sets SYNAPSE_URL and
# SYNAPSE_SECRET (the shared registration secret).
start_synapse() {
  local dir=$1 port
  if [ -f "$dir/homeserver.yaml" ]; then
    port=$(cat "$dir/port")
    SYNAPSE_SECRET=$(cat "$dir/secret")
    launch_synapse "$dir" "$port"
    return
  fi
  port=${2:-$(free_port)}
  mkdir -p "$dir/media"
  SYNAPSE_SECRET=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
  echo "$port" > "$dir/port"
  (umask 077; echo "$SYNAPSE_SECRET" > "$dir/secret")
  local macaroon form
  macaroon=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
  form=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
  local fast='{per_second: 10000, burst_count: 10000}'
  cat > "$dir/log.yaml" <<YAML
version: 1
formatters:
  plain: {format: '%(asctime)s %(levelname)s %(name)s %(message)s'}
handlers:
  file: {class: logging.FileHandler, formatter: plain, filename: $dir/homeserver.log}
root: {level: WARNING, handlers: [file]}
disable_existing_loggers: false
YAML
  cat > "$dir/homeserver.yaml" <<YAML
server_name: localhost
pid_file: $dir/homeserver.pid
public_baseurl: http://127.0.0.1:$port/
listeners:
  - port: $port
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args: {database: $dir/homeserver.db}
log_config: $dir/log.yaml
media_store_path: $dir/media
signing_key_path: $dir/signing.key
registration_shared_secret: "$SYNAPSE_SECRET"
macaroon_secret_key: "$macaroon"
form_secret: "$form"
report_stats: false
enable_registration: false
trusted_key_servers: []
suppress_key_server_warning: true
url_preview_enabled: false
presence: {enabled: false}
rc_message: $fast
rc_registration: $fast
rc_login: {address: $fast, account: $fast, failed_attempts: $fast}
rc_joins: {local: $fast, remote: $fast}
rc_joins_per_room: $fast
rc_invites: {per_room: $fast, per_user: $fast, per_issuer: $fast}
rc_admin_redaction: $fast
rc_room_creation: $fast
rc_key_requests: $fast
YAML
  "$SYNAPSE_VENV/bin/python" -m synapse.app.homeserver -c "$dir/homeserver.yaml" --generate-keys >/dev/null 2>&1 \
    || die "Synapse could not generate its signing key (see $dir)"
  launch_synapse "$dir" "$port"
}

launch_synapse() {
  local dir=$1 port=$2
  "$SYNAPSE_VENV/bin/python" -m synapse.app.homeserver -c "$dir/homeserver.yaml" >"$dir/stdout.log" 2>&1 &
  NOMOS_PIDS+=($!)
  SYNAPSE_URL="http://127.0.0.1:$port"
  wait_http "$SYNAPSE_URL/_matrix/client/versions" 60 || {
    tail -n 40 "$dir/stdout.log" "$dir/homeserver.log" >&2 || true
    die "Synapse did not come up on $SYNAPSE_URL"
  }
  say "Synapse $SYNAPSE_VERSION is up at $SYNAPSE_URL"
}

# Makes FILE hold a password if it holds none: 32 hex digits, which no
# option parser can mistake for an option (a password that starts with `-`
# once broke `register_new_matrix_user -p`).
ensure_password() {
  local file=$1
  if [ ! -s "$file" ]; then
    (umask 077; python3 -c 'import secrets; print(secrets.token_hex(16))' > "$file") \
      || die "cannot write $file"
  fi
}

# Registers @$1:localhost on the running Synapse with the shared secret and
# the password in file $2 (passed as a file, never on the command line). A
# user that exists already is left as it is.
register_user() {
  local user=$1 file=$2 out
  out=$("$SYNAPSE_VENV/bin/register_new_matrix_user" -u "$user" --password-file "$file" --no-admin \
        --exists-ok -k "$SYNAPSE_SECRET" "$SYNAPSE_URL" 2>&1) \
    || die "cannot register @$user:localhost: $out"
}

# Whether @$1:localhost logs in on $SYNAPSE_URL with the password in file $2.
# Exit 0: yes; 1: wrong password (or no such user); 2: anything else.
matrix_login_ok() {
  python3 - "$SYNAPSE_URL" "$1" "$2" <<'PY'
import json, sys, urllib.error, urllib.request
url, user, path = sys.argv[1:4]
password = open(path).read().strip()
body = json.dumps({"type": "m.login.password", "password": password,
                   "identifier": {"type": "m.id.user", "user": user}}).encode()
req = urllib.request.Request(url + "/_matrix/client/v3/login", body,
                             {"Content-Type": "application/json"})
try:
    token = json.load(urllib.request.urlopen(req, timeout=60))["access_token"]
except urllib.error.HTTPError as e:
    sys.exit(1 if e.code == 403 else 2)
except Exception:
    sys.exit(2)
# Leave no device behind for this check.
out = urllib.request.Request(url + "/_matrix/client/v3/logout", b"{}",
                             {"Authorization": "Bearer " + token, "Content-Type": "application/json"})
urllib.request.urlopen(out, timeout=10).read()
PY
}

# Sets the password of @$1:localhost to the one in file $2 with Synapse's
# admin API, through a dev admin account kept in $3 (its password file).
reset_password() {
  local user=$1 file=$2 admin_file=$3 out
  ensure_password "$admin_file"
  out=$("$SYNAPSE_VENV/bin/register_new_matrix_user" -u nomos-dev-admin --password-file "$admin_file" \
        --admin --exists-ok -k "$SYNAPSE_SECRET" "$SYNAPSE_URL" 2>&1) \
    || die "cannot register the dev admin account: $out"
  python3 - "$SYNAPSE_URL" "$user" "$file" "$admin_file" <<'PY'
import json, sys, urllib.request
url, user, path, admin_path = sys.argv[1:5]
def call(method, endpoint, body, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(url + endpoint, json.dumps(body).encode(), headers, method=method)
    return json.load(urllib.request.urlopen(req, timeout=10))
admin = call("POST", "/_matrix/client/v3/login", {"type": "m.login.password",
    "identifier": {"type": "m.id.user", "user": "nomos-dev-admin"},
    "password": open(admin_path).read().strip()})["access_token"]
call("POST", "/_synapse/admin/v1/reset_password/@%s:localhost" % user,
     {"new_password": open(path).read().strip(), "logout_devices": False}, admin)
call("POST", "/_matrix/client/v3/logout", {}, admin)
PY
}

# Makes sure @$1:localhost exists and logs in with the password in file $2
# (made if missing). A saved password the account does not accept (a kept
# homeserver with a lost or edited password file) is set anew through the
# admin API, so a .dev/ folder repairs itself instead of failing every run.
ensure_account() {
  local user=$1 file=$2 dir status=0
  dir=$(dirname "$file")
  ensure_password "$file"
  register_user "$user" "$file"
  matrix_login_ok "$user" "$file" || status=$?
  case $status in
    0) ;;
    1)
      say "the saved password of @$user:localhost is not the account's; setting it anew"
      reset_password "$user" "$file" "$dir/dev-admin-password"
      matrix_login_ok "$user" "$file" || die "@$user:localhost still cannot log in after a password reset"
      ;;
    *) die "cannot check the login of @$user:localhost at $SYNAPSE_URL" ;;
  esac
}

# Starts a throwaway PostgreSQL cluster in $1 on a free loopback port,
# owned by the postgres system user (PostgreSQL refuses to run as root).
# Sets PG_URL (trust auth, superuser "nomos").
start_postgres() {
  local dir=$1 port
  NOMOS_PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  [ -x "$NOMOS_PG_BIN/initdb" ] || die "PostgreSQL server binaries not found under /usr/lib/postgresql"
  port=$(free_port)
  mkdir -p "$dir"
  chown postgres "$dir"
  NOMOS_PG_DATA="$dir/data"
  runuser -u postgres -- "$NOMOS_PG_BIN/initdb" -D "$NOMOS_PG_DATA" -U nomos -A trust -E UTF8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
  runuser -u postgres -- "$NOMOS_PG_BIN/pg_ctl" -D "$NOMOS_PG_DATA" -l "$dir/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null \
    || { cat "$dir/postgres.log" >&2; die "PostgreSQL did not start"; }
  PG_URL="postgres://nomos@127.0.0.1:$port/postgres"
  say "PostgreSQL is up at $PG_URL"
}

# Starts an OpenSSH server as root in $1 (a folder) with its own host key,
# a client key allowed to log in as root, and the simulated Proxmox tools
# of tests/fixtures/pve first on PATH. It listens on 127.0.0.1-127.0.0.16
# (one port; sshd takes at most 16 listen sockets), so tests have sixteen
# loopback "hosts", each with its own simulated state (each test that may
# run in parallel owns one). A second sshd with the same host key, keys,
# PATH and state, on the same port, listens on the "lab" addresses
# 127.0.2.1-127.0.2.16: more hosts (pve_sim.rs's lab takes .1-.3, the
# agent's three-host lab in exec.rs .4-.6, the doctor test in cli.rs .7, the
# window tests of approvals.rs .8, the snapshot and undo tests of undo.rs
# .9, the file edits of files.rs .10, exec.rs's confinement tests .11-.12, the
# fleet rollouts of fleet.rs .13 and .15, matrix_fleet.rs .14).
# Logins are as the user nomos-sim, whose shell is /bin/sh
# (so no dotfiles of this machine's root slow down or change each command).
# Sets SSHD_PORT, SSHD_USER, SSHD_KEY (client private key), SSHD_FINGERPRINT
# (host key, SHA256:...), SSHD_LAB_ADDRESSES (comma-separated), SSHD_PATH
# (the `path` test inventories give their hosts: the shims, then the
# system folders) and SIM_STATE (writable by everyone: tests and the shims
# both write it).
start_sshd() {
  local dir=$1 shims=$2 port i
  port=$(free_port)
  SSHD_USER=nomos-sim
  id "$SSHD_USER" >/dev/null 2>&1 \
    || useradd --system --create-home --shell /bin/sh "$SSHD_USER" \
    || die "cannot create the test user $SSHD_USER"
  # '*': no password, but not locked ('!'), which sshd without PAM refuses.
  usermod -p '*' "$SSHD_USER" || die "cannot unlock the test user $SSHD_USER"
  mkdir -p "$dir/state" /run/sshd
  chmod 755 "$dir"
  chmod 1777 "$dir/state"
  ssh-keygen -q -t ed25519 -N '' -C nomos-test-host -f "$dir/ssh_host_ed25519_key" </dev/null
  ssh-keygen -q -t ed25519 -N '' -C nomos-test-client -f "$dir/client_ed25519" </dev/null
  cp "$dir/client_ed25519.pub" "$dir/authorized_keys"
  chmod 644 "$dir/authorized_keys"
  SIM_STATE="$dir/state"
  # A trap for the executor: every command it runs must start bash without
  # reading BASH_ENV (tests/it/exec.rs checks that this file never ran).
  printf 'touch "%s/bash_env_was_read"\n' "$SIM_STATE" > "$dir/bash_env"
  chmod 644 "$dir/bash_env"
  # Another: programs "planted" first on the login PATH under the names
  # Nomos itself runs. Nomos finds programs through the host's fixed
  # `path` (the shims, then the system folders), so none of them may ever
  # run; scripts/test fails if one left its mark.
  mkdir -p "$dir/planted"
  local name
  for name in pct pvesh pveam pvesm bash sh env setsid mkdir; do
    printf '#!/bin/sh\necho "nomos-test: the planted %s ran" >&2\ntouch "%s/planted_program_ran"\nexit 97\n' \
      "$name" "$SIM_STATE" > "$dir/planted/$name"
    chmod 755 "$dir/planted/$name"
  done
  SSHD_PATH="$shims:/usr/sbin:/usr/bin:/sbin:/bin"
  local -a addresses=() lab=()
  for i in $(seq 1 16); do lab+=("127.0.2.$i"); done
  for i in $(seq 1 16); do addresses+=("127.0.0.$i"); done
  SSHD_LAB_ADDRESSES=$(IFS=,; echo "${lab[*]}")
  sshd_config "$port" "$dir/sshd.pid" "${addresses[@]}" > "$dir/sshd_config"
  sshd_config "$port" "$dir/sshd-lab.pid" "${lab[@]}" > "$dir/sshd_lab_config"
  /usr/sbin/sshd -t -f "$dir/sshd_config" || die "the test sshd_config is invalid"
  /usr/sbin/sshd -t -f "$dir/sshd_lab_config" || die "the test sshd_lab_config is invalid"
  /usr/sbin/sshd -D -e -f "$dir/sshd_config" 2>"$dir/sshd.log" &
  NOMOS_PIDS+=($!)
  /usr/sbin/sshd -D -e -f "$dir/sshd_lab_config" 2>"$dir/sshd-lab.log" &
  NOMOS_PIDS+=($!)
  SSHD_PORT=$port
  SSHD_KEY="$dir/client_ed25519"
  SSHD_FINGERPRINT=$(ssh-keygen -lf "$dir/ssh_host_ed25519_key.pub" | awk '{print $2}')
  local address up
  for address in 127.0.0.1 "${lab[@]}"; do
    up=0
    for i in $(seq 1 40); do
      if ssh -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
           -i "$SSHD_KEY" -p "$port" "$SSHD_USER@$address" true 2>/dev/null; then
        up=1
        break
      fi
      sleep 0.25
    done
    if [ $up = 0 ]; then
      cat "$dir/sshd.log" "$dir/sshd-lab.log" >&2
      die "the test OpenSSH server did not accept a login on $address port $port"
    fi
  done
  say "OpenSSH is up on 127.0.0.1-16 and $SSHD_LAB_ADDRESSES, port $port (host key $SSHD_FINGERPRINT)"
}

# For the executor bench's fleet row: $1 more loopback hosts (127.0.3.1
# on, sixteen per sshd process: sshd takes at most 16 listen sockets), with
# the configuration, keys and port of start_sshd in $2 (its folder; call
# it first) and shims $3. Sets FLEET_ADDRESSES (comma-separated).
start_fleet_sshds() {
  local want=$1 dir=$2 shims=$3 n=0 group=0 address i
  local -a all=()
  while [ "$n" -lt "$want" ]; do
    local -a these=()
    for i in $(seq 1 16); do
      [ "$n" -lt "$want" ] || break
      these+=("127.0.$((3 + group)).$i")
      n=$((n + 1))
    done
    sshd_config "$SSHD_PORT" "$dir/sshd-fleet-$group.pid" "${these[@]}" > "$dir/sshd_fleet_${group}_config"
    /usr/sbin/sshd -t -f "$dir/sshd_fleet_${group}_config" || die "the fleet sshd_config is invalid"
    /usr/sbin/sshd -D -e -f "$dir/sshd_fleet_${group}_config" 2>"$dir/sshd-fleet-$group.log" &
    NOMOS_PIDS+=($!)
    all+=("${these[@]}")
    group=$((group + 1))
  done
  for address in "${all[@]}"; do
    for i in $(seq 1 40); do
      ssh -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
        -i "$SSHD_KEY" -p "$SSHD_PORT" "$SSHD_USER@$address" true 2>/dev/null && continue 2
      sleep 0.25
    done
    die "the fleet sshd did not accept a login on $address"
  done
  FLEET_ADDRESSES=$(IFS=,; echo "${all[*]}")
  say "OpenSSH is up on $want more loopback hosts for the fleet row (127.0.3.1 on)"
}

# Fails (with what ran) if a program planted on the test sshd's login
# PATH ran: Nomos must find its programs through the host's fixed path.
planted_check() {
  if [ -e "$SIM_STATE/planted_program_ran" ]; then
    echo "error: a program planted on the SSH login PATH ran (see the test output for 'nomos-test: the planted')" >&2
    return 1
  fi
}

# The test sshd's configuration: port $1, pid file $2, then the addresses.
# Uses $dir, $shims and SIM_STATE of start_sshd.
sshd_config() {
  local port=$1 pidfile=$2 address
  shift 2
  {
    echo "Port $port"
    for address in "$@"; do echo "ListenAddress $address"; done
    cat <<CONF
HostKey $dir/ssh_host_ed25519_key
PidFile $pidfile
AuthorizedKeysFile $dir/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
AllowUsers $SSHD_USER
StrictModes no
UsePAM no
PrintMotd no
MaxSessions 128
MaxStartups 200:30:400
LogLevel ERROR
SetEnv PATH=$dir/planted:$shims:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin NOMOS_SIM_STATE=$SIM_STATE BASH_ENV=$dir/bash_env
CONF
  }
}

# Starts the services the tests need under $1 (a folder): Synapse,
# PostgreSQL and the OpenSSH server with the simulated Proxmox tools, and
# exports the NOMOS_TEST_* variables the tests read.
start_test_services() {
  local work=$1
  start_synapse "$work/synapse"
  start_postgres "$work/pg"
  start_sshd "$work/ssh" "$PWD/tests/fixtures/pve"
  export NOMOS_TEST_HOMESERVER="$SYNAPSE_URL"
  export NOMOS_TEST_REGISTRATION_SECRET="$SYNAPSE_SECRET"
  export NOMOS_TEST_DATABASE_URL="$PG_URL"
  export NOMOS_TEST_SSH_PORT="$SSHD_PORT"
  export NOMOS_TEST_SSH_USER="$SSHD_USER"
  export NOMOS_TEST_SSH_KEY="$SSHD_KEY"
  export NOMOS_TEST_SSH_FINGERPRINT="$SSHD_FINGERPRINT"
  export NOMOS_TEST_SSH_PATH="$SSHD_PATH"
  export NOMOS_TEST_SIM_STATE="$SIM_STATE"
  export NOMOS_TEST_LAB_ADDRESSES="$SSHD_LAB_ADDRESSES"
  export NOMOS_TEST_SYNAPSE_VENV="$SYNAPSE_VENV"
}

