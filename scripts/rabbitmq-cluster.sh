#!/usr/bin/env bash
# A 3-node RabbitMQ 4.0 cluster beside the local 3.10 and 4.0 brokers, without Docker, from the
# Debian trixie root that scripts/rabbitmq4.sh makes (RABBITMQ4_ROOT, default
# /var/lib/amqp-harness/rabbitmq4; set up on first use). The three nodes share that root's
# binaries and its Erlang cookie; each has its own configuration, data and log directories.
#
#   scripts/rabbitmq-cluster.sh start        set the root up if needed, start the nodes that are down, cluster them
#   scripts/rabbitmq-cluster.sh stop         stop the three nodes (their data stays)
#   scripts/rabbitmq-cluster.sh status       each node up or down, the cluster's members; exit 1 unless all 3 run
#   scripts/rabbitmq-cluster.sh remove       stop the nodes and delete their data (the root stays)
#   scripts/rabbitmq-cluster.sh ctl K ARGS   rabbitmqctl against node K (1, 2 or 3), e.g. ctl 2 stop_app
#   scripts/rabbitmq-cluster.sh kill K       kill -9 node K's Erlang VM (start brings it back)
#
# Node K (1-3) is rabbitcK@localhost, listening on 127.0.0.1 only:
#   AMQP 568K, management 1568K, Prometheus 1570K, stream 558K, Erlang distribution 2568K.
# guest/guest works from localhost. Every command is idempotent and safe to run concurrently (a lock
# serialises start, stop and remove). Needs root.
set -euo pipefail

ROOT=${RABBITMQ4_ROOT:-/var/lib/amqp-harness/rabbitmq4}
NODES=(1 2 3)
CONFIG_VERSION=3 # bump when the configuration below changes: start rewrites it and restarts the nodes
HERE=$(cd "$(dirname "$0")" && pwd)

say() { printf '[rabbitmq-cluster] %s\n' "$*"; }
fail() { printf '[rabbitmq-cluster] %s\n' "$*" >&2; exit 1; }

need_root() {
  [ "$(id -u)" = 0 ] || fail "needs root (chroot and mounts); run it with sudo, or point the tests at a cluster you have with RABBITMQ_CLUSTER_URIS."
}

node() { echo "rabbitc$1@localhost"; }
amqp_port() { echo "568$1"; }
conf_dir() { echo "/etc/rabbitmq/cluster/n$1"; } # inside the root
mark() { echo "$ROOT/etc/rabbitmq/cluster/n$1/.ready"; }

in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
ctl() { local k=$1; shift; in_root /usr/sbin/rabbitmqctl -n "$(node "$k")" "$@"; }

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$(amqp_port "$1")") 2>/dev/null; }
# "VERSION OS-PID", or nothing when node K is down.
probe() { listening "$1" && ctl "$1" -q eval 'io:format("~s ~s~n", [rabbit_misc:version(), os:getpid()]).' 2>/dev/null | head -1; }

write_config() {
  local k=$1 dir="$ROOT$(conf_dir "$1")"
  mkdir -p "$dir" "$ROOT/var/lib/rabbitmq/cluster/n$k" "$ROOT/var/log/rabbitmq/cluster/n$k"
  chown -R "$(rabbitmq_ids)" "$ROOT/var/lib/rabbitmq/cluster" "$ROOT/var/log/rabbitmq/cluster"
  cat >"$dir/rabbitmq.conf" <<CONF
# written by amqp-harness scripts/rabbitmq-cluster.sh: node $k of a local 3-node cluster
listeners.tcp.1 = 127.0.0.1:568$k
management.tcp.ip = 127.0.0.1
management.tcp.port = 1568$k
prometheus.tcp.ip = 127.0.0.1
prometheus.tcp.port = 1570$k
stream.listeners.tcp.1 = 127.0.0.1:558$k
stream.advertised_host = localhost
loopback_users = none
CONF
  cat >"$dir/rabbitmq-env.conf" <<CONF
# written by amqp-harness scripts/rabbitmq-cluster.sh
NODENAME=rabbitc$k@localhost
DIST_PORT=2568$k
CONFIG_FILE=$(conf_dir "$k")/rabbitmq.conf
ENABLED_PLUGINS_FILE=$(conf_dir "$k")/enabled_plugins
MNESIA_BASE=/var/lib/rabbitmq/cluster/n$k
LOG_BASE=/var/log/rabbitmq/cluster/n$k
SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
CONF
  printf '[rabbitmq_management,rabbitmq_prometheus,rabbitmq_stream].\n' >"$dir/enabled_plugins"
  chmod 644 "$dir"/*
  echo "$CONFIG_VERSION" >"$(mark "$k")"
}

rabbitmq_ids() {
  awk -F: '$1 == "rabbitmq" {printf "%s:%s", $3, $4}' "$ROOT/etc/passwd"
}

start_node() {
  local k=$1 ids
  ids=$(rabbitmq_ids)
  [ -n "$ids" ] || fail "no rabbitmq user in $ROOT/etc/passwd; remove the root (scripts/rabbitmq4.sh remove) and start again."
  # As scripts/rabbitmq4.sh: as the rabbitmq user directly (su would put the open-file limit back
  # to 1024), with the soft limit raised to the hard one.
  ( ulimit -Sn "$(ulimit -Hn)"
    chroot --userspec="$ids" "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/var/lib/rabbitmq LANG=C.UTF-8 RABBITMQ_CONF_ENV_FILE="$(conf_dir "$k")/rabbitmq-env.conf" \
      sh -c 'cd /var/lib/rabbitmq && exec /usr/lib/rabbitmq/bin/rabbitmq-server -detached' \
      >/dev/null 2>&1 9>&- ) || true
}

await_node() { # K SECONDS
  local i
  for i in $(seq 1 "$2"); do
    listening "$1" && ctl "$1" -q await_startup >/dev/null 2>&1 && return 0
    sleep 1
  done
  return 1
}

members_running() { # node K's view: how many nodes of the cluster run
  ctl "$1" -q eval 'io:format("~b~n", [length(rabbit_nodes:list_running())]).' 2>/dev/null | head -1
}

start() {
  "$HERE/rabbitmq4.sh" setup-root >/dev/null
  local k started=$SECONDS restart=()
  for k in "${NODES[@]}"; do
    if [ ! -f "$(mark "$k")" ] || [ "$(cat "$(mark "$k")")" != "$CONFIG_VERSION" ]; then
      write_config "$k"
      [ -n "$(probe "$k" || true)" ] && restart+=("$k")
    fi
  done
  for k in "${restart[@]}"; do say "restarting node $k for its new configuration"; stop_node "$k"; done
  # The nodes boot at the same time, each on its own; nodes 2 and 3 then join node 1 (once: a node
  # that was a member finds the cluster again when it restarts).
  local down=()
  for k in "${NODES[@]}"; do [ -n "$(probe "$k" || true)" ] || down+=("$k"); done
  if [ ${#down[@]} -gt 0 ]; then
    say "starting node(s) ${down[*]}"
    for k in "${down[@]}"; do start_node "$k"; done
    for k in "${down[@]}"; do
      await_node "$k" 90 || fail "node $k did not start within 90 s; see $ROOT/var/log/rabbitmq/cluster/n$k/."
    done
  fi
  # A node that is not a member yet joins node 1.
  for k in 2 3; do
    local view
    view=$(ctl "$k" -q eval 'io:format("~p~n", [lists:member(rabbitc1@localhost, rabbit_nodes:list_members())]).' 2>/dev/null | head -1 || true)
    if [ "$view" != true ]; then
      say "joining node $k to node 1"
      ctl "$k" -q stop_app >/dev/null
      ctl "$k" -q reset >/dev/null
      ctl "$k" -q join_cluster rabbitc1@localhost >/dev/null
      ctl "$k" -q start_app >/dev/null
    fi
  done
  local running
  for _ in $(seq 1 30); do
    running=$(members_running 1 || true)
    [ "$running" = 3 ] && break
    sleep 1
  done
  [ "$running" = 3 ] || fail "the cluster has ${running:-0} running nodes of 3; see scripts/rabbitmq-cluster.sh status."
  say "3-node RabbitMQ $(probe 1 | awk '{print $1}') cluster up on amqp://localhost:5681,5682,5683 (management 15681-15683) in $((SECONDS - started)) s"
}

stop_node() {
  local k=$1
  if [ -n "$(probe "$k" || true)" ]; then
    ctl "$k" -q stop >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do listening "$k" || break; sleep 1; done
  fi
}

stop() {
  local k
  for k in 3 2 1; do
    [ -f "$(mark "$k")" ] || continue
    say "stopping node $k"
    stop_node "$k"
  done
}

status() {
  [ -f "$(mark 1)" ] || { say "not set up; scripts/rabbitmq-cluster.sh start sets it up"; return 1; }
  local k facts up=0
  for k in "${NODES[@]}"; do
    facts=$(probe "$k" || true)
    if [ -n "$facts" ]; then
      up=$((up + 1))
      say "node $k $(node "$k"): RabbitMQ ${facts%% *} up on amqp://localhost:$(amqp_port "$k") (OS pid ${facts##* })"
    else
      say "node $k $(node "$k"): down"
    fi
  done
  [ "$up" = 3 ]
}

kill_node() {
  local k=$1 facts
  facts=$(probe "$k" || true)
  [ -n "$facts" ] || { say "node $k is not running"; return 0; }
  kill -9 "${facts##* }"
  say "killed node $k (OS pid ${facts##* })"
}

remove() {
  stop
  rm -rf --one-file-system "$ROOT/etc/rabbitmq/cluster" "$ROOT/var/lib/rabbitmq/cluster" "$ROOT/var/log/rabbitmq/cluster"
  say "removed the cluster's configuration, data and logs"
}

node_arg() {
  case "${1:-}" in 1|2|3) ;; *) fail "name a node: 1, 2 or 3 (got '${1:-}'), e.g. scripts/rabbitmq-cluster.sh ctl 2 stop_app" ;; esac
}

main() {
  local cmd=${1:-status}
  shift || true
  need_root
  case "$cmd" in
    start|stop|remove)
      mkdir -p "$(dirname "$ROOT")"
      exec 9>"$(dirname "$ROOT")/.rabbitmq-cluster.lock"
      flock 9
      "$cmd" ;;
    status) status ;;
    ctl) node_arg "${1:-}"; local k=$1; shift; ctl "$k" "$@" ;;
    kill) node_arg "${1:-}"; kill_node "$1" ;;
    *) fail "unknown command '$cmd'; use start, stop, status, remove, ctl K ARGS or kill K." ;;
  esac
}

main "$@"
