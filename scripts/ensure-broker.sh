#!/usr/bin/env bash
# Makes sure a local RabbitMQ broker is up on localhost:5672 with the plugins the harness and its
# tests use (AMQP 1.0, streams, management, Prometheus). Starts an installed broker that is down.
# Does nothing if RABBITMQ_URI points at another broker.
set -euo pipefail

PLUGINS="rabbitmq_amqp1_0 rabbitmq_stream rabbitmq_management rabbitmq_prometheus"

say() { printf '[ensure-broker] %s\n' "$*"; }

if [ -n "${RABBITMQ_URI:-}" ]; then
  say "RABBITMQ_URI is set; using that broker and leaving any local one alone."
  exit 0
fi

if ! command -v rabbitmq-server >/dev/null 2>&1 || ! command -v rabbitmqctl >/dev/null 2>&1; then
  cat >&2 <<'MSG'
[ensure-broker] RabbitMQ is not installed on this machine. Either:
  - install it (Debian/Ubuntu: sudo apt-get install rabbitmq-server), then run this script again;
  - run one in Docker: docker run -d -p 5672:5672 -p 15672:15672 rabbitmq:4-management;
  - or point the harness and the tests at a broker: export RABBITMQ_URI=amqp://user:pass@host:5672/%2F
MSG
  exit 1
fi

running() { rabbitmqctl -q status >/dev/null 2>&1; }

if ! running; then
  say "starting RabbitMQ (rabbitmq-server -detached)"
  rabbitmq-server -detached >/dev/null 2>&1 || true
fi
for _ in $(seq 1 60); do
  running && break
  sleep 1
done
if ! running; then
  say "RabbitMQ did not start within 60 s; see its log under /var/log/rabbitmq/." >&2
  exit 1
fi
rabbitmqctl -q await_startup >/dev/null 2>&1 || true

missing=""
enabled=$(rabbitmq-plugins list -e -m 2>/dev/null || true)
for p in $PLUGINS; do
  grep -qx "$p" <<<"$enabled" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  say "enabling plugins:$missing"
  rabbitmq-plugins enable $missing >/dev/null
fi

# The broker answers AMQP once its listener is up.
for _ in $(seq 1 30); do
  if (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; then
    say "RabbitMQ $(rabbitmqctl -q eval 'rabbit_misc:version().' 2>/dev/null | tr -d '\"') is up on localhost:5672 with$(printf ' %s' $PLUGINS)"
    exit 0
  fi
  sleep 1
done
say "RabbitMQ runs but nothing listens on 127.0.0.1:5672." >&2
exit 1
