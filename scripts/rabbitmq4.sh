#!/usr/bin/env bash
# A RabbitMQ 4.0 broker beside the local 3.10 one, without Docker: Debian 13 (trixie) ships
# rabbitmq-server 4.0.5, which runs here in a minimal trixie root made with debootstrap. The root
# lives outside the repository (RABBITMQ4_ROOT, default /var/lib/amqp-harness/rabbitmq4) and is
# reused once it is set up.
#
#   scripts/rabbitmq4.sh start     set the root up if needed (~40 s and ~500 MB the first time), start the broker
#   scripts/rabbitmq4.sh stop      stop the broker (the root stays)
#   scripts/rabbitmq4.sh restart   stop, then start (the Erlang VM too)
#   scripts/rabbitmq4.sh status    say whether it runs, its version and its open-file limit; exit 1 if down
#   scripts/rabbitmq4.sh ctl ARGS  rabbitmqctl against it, e.g. ctl stop_app / ctl start_app / ctl list_queues
#   scripts/rabbitmq4.sh diag ARGS rabbitmq-diagnostics against it
#   scripts/rabbitmq4.sh remove    stop it and delete the root
#   scripts/rabbitmq4.sh setup-root set the root up and mount /proc, /sys and /dev in it, start nothing
#                                  (scripts/rabbitmq-cluster.sh runs its nodes from the same root)
#
# Ports (beside 3.10's 5672/15672/15692/5552/25672): AMQP 5673, AMQP over TLS 5674, management
# 15673, Prometheus 15693, stream 5553, stream over TLS 5554, Erlang distribution 25673; node
# rabbit4@localhost; guest/guest from anywhere. Both TLS listeners (AMQP and stream share the node's
# ssl_options) use the test certificates of scripts/tls-certs.sh (HARNESS_TLS_DIR, default
# /var/lib/amqp-harness/tls) and require a client certificate signed by its CA (DIR/client.p12).
# Every command is idempotent and safe to run concurrently (a lock serialises them). Needs root.
set -euo pipefail

ROOT=${RABBITMQ4_ROOT:-/var/lib/amqp-harness/rabbitmq4}
NODE=rabbit4@localhost
AMQP_PORT=5673
READY_MARK="$ROOT/.amqp-harness-ready"
CONFIG_VERSION=3 # bump when the configuration written below changes: start rewrites it and restarts the broker
TLS_DIR=${HARNESS_TLS_DIR:-/var/lib/amqp-harness/tls}
RECONFIGURED=0

say() { printf '[rabbitmq4] %s\n' "$*"; }
fail() { printf '[rabbitmq4] %s\n' "$*" >&2; exit 1; }

need_root() {
  [ "$(id -u)" = 0 ] || fail "needs root (debootstrap, chroot and mounts); run it with sudo, or set RABBITMQ4_URI to a RabbitMQ 4 broker you already have."
}

mounted() { grep -qs " $1 " /proc/mounts; }

mount_all() {
  local fs
  for fs in proc sys dev; do
    mkdir -p "$ROOT/$fs"
    mounted "$ROOT/$fs" || mount --bind "/$fs" "$ROOT/$fs"
  done
}

unmount_all() {
  local fs
  for fs in dev sys proc; do
    mounted "$ROOT/$fs" && umount -l "$ROOT/$fs" || true
  done
}

in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

# rabbitmqctl and rabbitmq-diagnostics as the rabbitmq user, so they read the node's Erlang cookie.
ctl() { in_root /usr/sbin/rabbitmqctl -n "$NODE" "$@"; }
diag() { in_root /usr/sbin/rabbitmq-diagnostics -n "$NODE" "$@"; }

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$AMQP_PORT") 2>/dev/null; }
# One Erlang round trip: "VERSION OS-PID", or nothing when the node is down.
probe() { listening && ctl -q eval 'io:format("~s ~s~n", [rabbit_misc:version(), os:getpid()]).' 2>/dev/null | head -1; }
running() { [ -n "$(probe)" ]; }

write_config() {
  local etc="$ROOT/etc/rabbitmq"
  mkdir -p "$etc/tls"
  "$(dirname "$0")/tls-certs.sh" "$TLS_DIR"
  cp "$TLS_DIR/ca.pem" "$TLS_DIR/server.pem" "$TLS_DIR/server-key.pem" "$etc/tls/"
  chmod 644 "$etc/tls/"*.pem
  cat >"$etc/rabbitmq.conf" <<'CONF'
# written by amqp-harness scripts/rabbitmq4.sh: runs beside a RabbitMQ 3.x on the default ports
listeners.tcp.default = 5673
listeners.ssl.default = 5674
ssl_options.cacertfile = /etc/rabbitmq/tls/ca.pem
ssl_options.certfile = /etc/rabbitmq/tls/server.pem
ssl_options.keyfile = /etc/rabbitmq/tls/server-key.pem
ssl_options.verify = verify_peer
ssl_options.fail_if_no_peer_cert = true
management.tcp.port = 15673
prometheus.tcp.port = 15693
stream.listeners.tcp.1 = 5553
stream.listeners.ssl.1 = 5554
loopback_users = none
CONF
  cat >"$etc/rabbitmq-env.conf" <<'CONF'
# written by amqp-harness scripts/rabbitmq4.sh
NODENAME=rabbit4@localhost
DIST_PORT=25673
CONF
  printf '[rabbitmq_management,rabbitmq_prometheus,rabbitmq_stream].\n' >"$etc/enabled_plugins"
  echo "$CONFIG_VERSION" >"$READY_MARK"
}

setup() {
  if [ -f "$READY_MARK" ]; then
    if [ "$(cat "$READY_MARK")" != "$CONFIG_VERSION" ]; then
      write_config
      RECONFIGURED=1
    fi
    return
  fi
  command -v debootstrap >/dev/null 2>&1 || {
    say "installing debootstrap (apt-get)"
    apt-get install -o DPkg::Lock::Timeout=300 -y -qq debootstrap >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -o DPkg::Lock::Timeout=300 -y -qq debootstrap >/dev/null; } \
      || fail "could not install debootstrap; install it (apt-get install debootstrap) and run this again."
  }
  if [ -e "$ROOT" ]; then
    say "removing an unfinished root at $ROOT"
    unmount_all
    rm -rf --one-file-system "$ROOT"
  fi
  local started=$SECONDS
  say "creating a Debian trixie root at $ROOT (debootstrap, about 30 s)"
  mkdir -p "$(dirname "$ROOT")"
  debootstrap --variant=minbase trixie "$ROOT" >"$ROOT.debootstrap.log" 2>&1 \
    || fail "debootstrap failed; see $ROOT.debootstrap.log"
  rm -f "$ROOT.debootstrap.log"
  # Nothing may start while packages install.
  printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
  chmod +x "$ROOT/usr/sbin/policy-rc.d"
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
  cp /etc/hosts "$ROOT/etc/hosts"
  mount_all
  say "installing rabbitmq-server from trixie (about 10 s)"
  in_root sh -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends rabbitmq-server' \
    >"$ROOT/var/log/amqp-harness-install.log" 2>&1 \
    || fail "apt-get install rabbitmq-server failed in $ROOT; see $ROOT/var/log/amqp-harness-install.log"
  in_root apt-get clean >/dev/null 2>&1 || true
  write_config
  say "root ready in $((SECONDS - started)) s"
}

start() {
  need_root
  setup
  # The broker resolves this machine's host name: without the host's /etc/hosts it asks an
  # unreachable name server and every ~53rd connection waits 5 s for connection.start.
  cp /etc/hosts "$ROOT/etc/hosts"
  mount_all
  local facts
  facts=$(probe || true)
  if [ -n "$facts" ] && [ "$RECONFIGURED" = 1 ]; then
    say "restarting RabbitMQ 4 for its new configuration"
    stop
    facts=""
  fi
  if [ -n "$facts" ]; then
    say "$(describe "$facts")"
    return 0
  fi
  local uid gid
  uid=$(awk -F: '$1 == "rabbitmq" {print $3}' "$ROOT/etc/passwd")
  gid=$(awk -F: '$1 == "rabbitmq" {print $4}' "$ROOT/etc/passwd")
  [ -n "$uid" ] || fail "no rabbitmq user in $ROOT/etc/passwd; remove the root (scripts/rabbitmq4.sh remove) and start again."
  say "starting RabbitMQ 4 (node $NODE, AMQP port $AMQP_PORT)"
  # Debian's rabbitmq-server wrapper switches user with su, whose PAM limits put the open-file
  # limit back to 1024 (about 900 sockets). Start it as the rabbitmq user directly, with the soft
  # limit raised to the hard one, so the broker takes as many connections as the machine allows.
  ( ulimit -Sn "$(ulimit -Hn)"
    chroot --userspec="$uid:$gid" "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/var/lib/rabbitmq LANG=C.UTF-8 sh -c 'cd /var/lib/rabbitmq && exec /usr/lib/rabbitmq/bin/rabbitmq-server -detached' \
      >/dev/null 2>&1 9>&- ) || true # 9>&-: the broker must not hold the script's lock
  local i
  for i in $(seq 1 90); do
    listening && ctl -q await_startup >/dev/null 2>&1 && break
    sleep 1
  done
  facts=$(probe || true)
  [ -n "$facts" ] || fail "RabbitMQ 4 did not start within 90 s; see $ROOT/var/log/rabbitmq/."
  say "$(describe "$facts")"
}

stop() {
  need_root
  if [ -f "$READY_MARK" ] && running; then
    say "stopping RabbitMQ 4"
    ctl -q stop >/dev/null 2>&1 || true
    local i
    for i in $(seq 1 30); do listening || break; sleep 1; done
  fi
}

open_file_limit() { # pid
  awk '/^Max open files/ {print $4}' "/proc/$1/limits" 2>/dev/null || echo '?'
}

describe() { # "VERSION OS-PID"
  local version pid
  read -r version pid <<<"$1"
  echo "RabbitMQ $version is up on amqp://localhost:$AMQP_PORT and amqps://localhost:5674, streams on rabbitmq-stream://localhost:5553 and rabbitmq-stream+tls://localhost:5554 (management http://localhost:15673, open-file limit $(open_file_limit "$pid"))"
}

status() {
  need_root
  if [ ! -f "$READY_MARK" ]; then
    say "not set up (no root at $ROOT); scripts/rabbitmq4.sh start sets it up"
    return 1
  fi
  local facts
  facts=$(probe || true)
  if [ -n "$facts" ]; then say "$(describe "$facts")"; else say "set up at $ROOT, not running"; return 1; fi
}

remove() {
  need_root
  stop
  unmount_all
  rm -rf --one-file-system "$ROOT"
  say "removed $ROOT"
}

main() {
  local cmd=${1:-status}
  shift || true
  case "$cmd" in
    start|stop|status|remove|restart|setup-root)
      need_root
      mkdir -p "$(dirname "$ROOT")"
      exec 9>"$(dirname "$ROOT")/.rabbitmq4.lock"
      flock 9
      case "$cmd" in
        restart) stop; start ;;
        setup-root) setup; cp /etc/hosts "$ROOT/etc/hosts"; mount_all ;;
        *) "$cmd" ;;
      esac ;;
    ctl) need_root; ctl "$@" ;;
    diag) need_root; diag "$@" ;;
    *) fail "unknown command '$cmd'; use start, stop, restart, status, setup-root, ctl ARGS, diag ARGS or remove." ;;
  esac
}

main "$@"
