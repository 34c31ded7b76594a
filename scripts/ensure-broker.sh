#!/usr/bin/env bash
# Makes sure the brokers the harness and its tests use are up:
#  - the machine's RabbitMQ (3.x here) on localhost:5672 with the plugins the tests use (AMQP 1.0,
#    streams, management, Prometheus), started if it is down, and restarted once if it runs with
#    the 1,024 open-file limit Debian's wrapper gives it (about 830 sockets);
#  - a RabbitMQ 4.0 on localhost:5673 (scripts/rabbitmq4.sh: a Debian trixie root, set up on
#    first use, about 40 s and 500 MB);
#  - a 3-node RabbitMQ 4.0 cluster on localhost:5681-5683 from the same root
#    (scripts/rabbitmq-cluster.sh; SKIP_CLUSTER=1 skips it and its tests).
# RABBITMQ_URI set: that broker is used and the local 3.x is left alone. RABBITMQ4_URI set: that
# 4.x broker is used and no local one is set up. SKIP_RABBITMQ4=1: no 4.x broker (its tests skip).
set -euo pipefail
cd "$(dirname "$0")/.."

PLUGINS="rabbitmq_amqp1_0 rabbitmq_stream rabbitmq_management rabbitmq_prometheus"
WANTED_FILES=10000 # below this the broker is restarted with the machine's hard limit

say() { printf '[ensure-broker] %s\n' "$*"; }

local_broker() {
  if ! command -v rabbitmq-server >/dev/null 2>&1 || ! command -v rabbitmqctl >/dev/null 2>&1; then
    cat >&2 <<'MSG'
[ensure-broker] RabbitMQ is not installed on this machine. Either:
  - install it (Debian/Ubuntu: sudo apt-get install rabbitmq-server), then run this script again;
  - run one in Docker: docker run -d -p 5672:5672 -p 15672:15672 rabbitmq:4-management;
  - or point the harness and the tests at a broker: export RABBITMQ_URI=amqp://user:pass@host:5672/%2F
MSG
    return 1
  fi

  # One Erlang round trip: "VERSION OS-PID plugin,plugin,..." or nothing when the node is down.
  # Never fails (set -e): rabbitmqctl exits 69 when the node is down, which means "start it".
  probe() {
    { rabbitmqctl -q eval 'io:format("~s ~s ~s~n", [rabbit_misc:version(), os:getpid(), lists:join(",", [atom_to_list(P) || P <- rabbit_plugins:active()])]).' 2>/dev/null || true; } | head -1
  }
  running() { [ -n "$(probe)" ]; }
  open_file_limit() { # pid
    awk '/^Max open files/ {print $4}' "/proc/$1/limits" 2>/dev/null || true
  }
  start() {
    if [ "$(id -u)" = 0 ] && id rabbitmq >/dev/null 2>&1 && [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then
      # Debian's rabbitmq-server wrapper switches user with su, whose PAM limits set the soft
      # open-file limit back to 1024; start it as the rabbitmq user directly instead.
      ( ulimit -Sn "$(ulimit -Hn)"
        setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups /usr/bin/env HOME=/var/lib/rabbitmq \
          sh -c 'cd /var/lib/rabbitmq && exec /usr/lib/rabbitmq/bin/rabbitmq-server -detached' >/dev/null 2>&1 ) || true
    else
      rabbitmq-server -detached >/dev/null 2>&1 || true
    fi
  }

  local facts version pid plugins limit
  facts=$(probe)
  if [ -n "$facts" ]; then
    read -r version pid plugins <<<"$facts"
    limit=$(open_file_limit "$pid")
    if [ -n "$limit" ] && [ "$limit" != unlimited ] && [ "$limit" -lt "$WANTED_FILES" ] \
        && [ "$(id -u)" = 0 ] && [ "$(ulimit -Hn)" -gt "$limit" ]; then
      say "restarting RabbitMQ to raise its open-file limit from $limit to $(ulimit -Hn)"
      rabbitmqctl -q stop >/dev/null 2>&1 || true
      for _ in $(seq 1 30); do running || break; sleep 1; done
      facts=""
    fi
  fi
  if [ -z "$facts" ]; then
    say "starting RabbitMQ"
    start
    for _ in $(seq 1 60); do
      rabbitmqctl -q await_startup >/dev/null 2>&1 && facts=$(probe) && [ -n "$facts" ] && break
      sleep 1
    done
    if [ -z "$facts" ]; then
      say "RabbitMQ did not start within 60 s; see its log under /var/log/rabbitmq/." >&2
      return 1
    fi
    read -r version pid plugins <<<"$facts"
  fi

  local missing="" p
  for p in $PLUGINS; do
    [[ ",$plugins," == *",$p,"* ]] || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    say "enabling plugins:$missing"
    rabbitmq-plugins enable $missing >/dev/null
  fi

  # The broker answers AMQP once its listener is up.
  for _ in $(seq 1 30); do
    if (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; then
      say "RabbitMQ $version is up on localhost:5672 with$(printf ' %s' $PLUGINS) (open-file limit $(open_file_limit "$pid"))"
      return 0
    fi
    sleep 1
  done
  say "RabbitMQ runs but nothing listens on 127.0.0.1:5672." >&2
  return 1
}

if [ -n "${RABBITMQ_URI:-}" ]; then
  say "RABBITMQ_URI is set; using that broker and leaving any local one alone."
else
  local_broker
  # As below for RabbitMQ 4: MeasurementIT's memory alarm, stopped halfway, would block every publisher.
  rabbitmqctl set_vm_memory_high_watermark 0.4 >/dev/null 2>&1 \
    || say "could not reset the local broker's memory watermark; a memory alarm may still be set."
fi

if [ -n "${RABBITMQ4_URI:-}" ]; then
  say "RABBITMQ4_URI is set; using that RabbitMQ 4 broker."
elif [ "${SKIP_RABBITMQ4:-}" = 1 ]; then
  say "SKIP_RABBITMQ4=1: no RabbitMQ 4 broker; its tests will be skipped."
else
  scripts/rabbitmq4.sh start 2>&1 | sed 's/^\[rabbitmq4\]/[ensure-broker]/'
  [ "${PIPESTATUS[0]}" = 0 ] || exit 1
  # A memory-alarm test that was stopped halfway (MemoryAlarmIT lowers the watermark, then puts it
  # back) leaves the broker blocking every publisher: put RabbitMQ's default back.
  scripts/rabbitmq4.sh ctl set_vm_memory_high_watermark 0.4 >/dev/null 2>&1 \
    || say "could not reset the RabbitMQ 4 broker's memory watermark; a memory alarm may still be set."
fi

# The 3-node RabbitMQ 4.0 cluster of the cluster tests (ClusterIT), from the same root. A cluster
# that does not come up skips those tests rather than failing the run.
if [ "${SKIP_CLUSTER:-}" = 1 ] || [ -n "${RABBITMQ4_URI:-}" ] || [ "${SKIP_RABBITMQ4:-}" = 1 ]; then
  say "no local 3-node cluster (SKIP_CLUSTER=1, RABBITMQ4_URI or SKIP_RABBITMQ4=1); the cluster tests will be skipped."
else
  scripts/rabbitmq-cluster.sh start 2>&1 | sed 's/^\[rabbitmq-cluster\]/[ensure-broker]/'
  [ "${PIPESTATUS[0]}" = 0 ] || say "the 3-node cluster did not come up; the cluster tests will be skipped."
fi
