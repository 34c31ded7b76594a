#!/usr/bin/env bash
# Runs the AMQP 1.0 workloads of seed 001 (the RabbitMQ 4.0 AMQP 1.0 benchmark report) with
# amqp-harness over --protocol amqp10, next to the same workloads over AMQP 0.9.1 and next to a
# small Qpid Proton C client (bench/proton-c: the physical limit of the box), on the same broker,
# and prints per run and as medians: throughput, client CPU and broker CPU seconds per 100k
# messages, then the ratios issue 12 sets as targets.
#
# Workloads of MESSAGES (default 1,000,000: seed 001's count, "the client sends and receives 1
# million messages") 12-byte persistent messages through the default exchange to a predeclared
# durable queue. Shorter runs measure the JVM's warm-up as much as the client: its JIT compilers
# take about 3.5 CPU-seconds per run whatever its length, on the cores the broker needs.
#   classic  amqp10   credit 200  (--qos 200), settlement window 192 (--confirm 192), one accept per message
#   classic  amqp091  seed 0.9.1 run: --confirm 192 --qos 200 --multi-ack-every 200 --flag mandatory
#   classic  proton-c credit 200, sender bounded by the broker's credit only, one accept per message,
#                     sender and receiver on a connection each (PEER_CONNECTIONS=2) like the harness
#   quorum   amqp10   credit 5000 (--qos 5000), settlement window 3000, one accept per message
#   quorum   amqp091  seed 0.9.1 run: --confirm 3000 --qos 5000 --multi-ack-every 5000 --flag mandatory
#   quorum   proton-c credit 5000
# quiver, which the report used, has no in-flight limit; the windows here are the 0.9.1 runs' ones
# so both protocols carry the same load. AMQP 1.0 has no mandatory flag (RabbitMQ 4 settles
# unroutable messages as released; 3.x drops them), so the 1.0 runs go without it.
# Client CPU includes JVM start-up for the harness. Broker CPU is the beam process's (found by the
# port it listens on), so nothing else should use the broker meanwhile.
# ROUNDS (default 3) alternating rounds; the summary shows medians. PEER=0 leaves the C client out.
# BEFORE_JAR=/tmp/before.jar adds a client "amqp10-before": the same amqp10 runs with that build, in
# the same rounds, so a change is measured against the build before it and the C client alternately.
# CLIENTS="amqp10 proton-c" runs only those clients (default: all of amqp10, amqp091, amqp10-before
# when BEFORE_JAR is set, and proton-c unless PEER=0).
#
#   bench/amqp10-vs-amqp091.sh                    # against amqp://localhost:5672
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     bench/amqp10-vs-amqp091.sh                  # against the RabbitMQ 4.0 of scripts/rabbitmq4.sh
#   MESSAGES=200000 ROUNDS=5 bench/amqp10-vs-amqp091.sh      # shorter runs, more rounds
set -euo pipefail
cd "$(dirname "$0")/.."

MESSAGES=${MESSAGES:-1000000}
. bench/common.sh

PEER=${PEER:-1}
PROTOCOLS="amqp10 amqp091"
if [ "$PEER" = 1 ]; then
  bench/proton-c/build.sh
  PROTOCOLS="amqp10 amqp091 proton-c"
fi
if [ -n "${BEFORE_JAR:-}" ]; then
  [ -f "$BEFORE_JAR" ] || { echo "BEFORE_JAR=$BEFORE_JAR: no such file" >&2; exit 2; }
  PROTOCOLS="${PROTOCOLS/amqp10 /amqp10 amqp10-before }"
fi
PROTOCOLS=${CLIENTS:-$PROTOCOLS}
HOST=$(sed -E 's#^amqps?://([^@/]*@)?([^:/]+).*#\2#' <<<"$URI")
PORT=$(sed -nE 's#^amqps?://([^@/]*@)?[^:/]+:([0-9]+).*#\2#p' <<<"$URI"); PORT=${PORT:-5672}
BROKER_PID=$(ss -ltnpH "sport = :$PORT" | grep -oE 'pid=[0-9]+' | head -1 | cut -d= -f2)
[ -n "$BROKER_PID" ] || { echo "no local process listens on port $PORT: broker CPU cannot be measured" >&2; exit 1; }
VERSION=$(curl -sf -u guest:guest "$API/overview" | python3 -c 'import json,sys; print(json.load(sys.stdin)["rabbitmq_version"])')
echo "RabbitMQ $VERSION at $HOST:$PORT (beam pid $BROKER_PID), $MESSAGES messages, $ROUNDS rounds"

queue_name() { echo "bench-amqp10-$1"; }

declare_type_queue() { # type
  local args='{}'
  [ "$1" = quorum ] && args='{"x-queue-type":"quorum"}'
  declare_queue "$(queue_name "$1")" "$args"
}

# Protocol-specific options per queue type.
options() {
  case "$1/$2" in
    classic/amqp10|classic/amqp10-before)  echo "--protocol amqp10 --confirm 192 --qos 200" ;;
    classic/amqp091) echo "--protocol amqp091 --confirm 192 --qos 200 --multi-ack-every 200 --flag mandatory" ;;
    quorum/amqp10|quorum/amqp10-before)   echo "--protocol amqp10 --confirm 3000 --qos 5000" ;;
    quorum/amqp091)  echo "--protocol amqp091 --confirm 3000 --qos 5000 --multi-ack-every 5000 --flag mandatory" ;;
  esac
}

credit() { [ "$1" = quorum ] && echo 5000 || echo 200; }

address() { # queue
  case "$VERSION" in 3.*) echo "/amq/queue/$1" ;; *) echo "/queues/$1" ;; esac
}

run() { # type protocol output
  local q; q=$(queue_name "$1")
  if [ "$2" = proton-c ]; then
    PEER_CONNECTIONS=2 bench/cpu-time.py "$3" --broker-pid "$BROKER_PID" -- bench/proton-c/target/peer "$HOST" "$PORT" \
      "$(address "$q")" "$MESSAGES" "$(credit "$1")"
    return
  fi
  local jar=$JAR
  [ "$2" = amqp10-before ] && jar=$BEFORE_JAR
  # shellcheck disable=SC2046
  bench/cpu-time.py "$3" --broker-pid "$BROKER_PID" -- java $JAVA_OPTS -jar "$jar" --uri "$URI" --predeclared \
    --exchange amq.default --routing-key "$q" --queue "$q" --flag persistent --pmessages "$MESSAGES" --size 12 \
    --interval 5s --drain-timeout 120s --no-broker-metrics $(options "$1" "$2")
}

# Received msg/s of a run, after checking every message was confirmed and consumed.
rate_of() { # protocol output
  if [ "$1" = proton-c ]; then
    grep -q "accepted=$MESSAGES other=0 received=$MESSAGES" "$2" || return 1
    grep -oE 'msgs_per_s=[0-9]+' "$2" | cut -d= -f2
  else
    [ "$(harness_consumed "$2")" = "$MESSAGES" ] && [ "$(harness_confirmed "$2")" = "$MESSAGES" ] || return 1
    harness_rate "$2"
  fi
}

printf '%-8s %-13s %5s %11s %11s %13s %8s\n' queue client round "recv msg/s" "client cpu" "broker cpu" "wall s"
printf '%-8s %-13s %5s %11s %11s %13s %8s\n' "" "" "" "" "s/100k" "s/100k" ""
for type in classic quorum; do
  for p in $PROTOCOLS; do : > "$WORK/$type-$p.rates"; : > "$WORK/$type-$p.cpu"; : > "$WORK/$type-$p.broker"; done
done
for round in $(seq 1 "$ROUNDS"); do
  for type in classic quorum; do
    for p in $PROTOCOLS; do
      declare_type_queue "$type"
      out="$WORK/$type-$p-$round.log"
      read -r wall cpu code broker < <(run "$type" "$p" "$out" | tail -1)
      if [ "$code" != 0 ]; then
        echo "$type $p run $round failed (exit $code); see $out" >&2
        exit 1
      fi
      r=$(rate_of "$p" "$out") || { echo "$type $p run $round: not every message was confirmed and consumed; see $out" >&2; exit 1; }
      printf '%-8s %-13s %5s %11s %11s %13s %8s\n' "$type" "$p" "$round" "$r" "$(per100k "$cpu")" "$(per100k "$broker")" "$wall"
      echo "$r" >> "$WORK/$type-$p.rates"
      per100k "$cpu" >> "$WORK/$type-$p.cpu"; echo >> "$WORK/$type-$p.cpu"
      per100k "$broker" >> "$WORK/$type-$p.broker"; echo >> "$WORK/$type-$p.broker"
    done
  done
done
delete_queue "$(queue_name classic)"
delete_queue "$(queue_name quorum)"

echo
echo "medians over $ROUNDS rounds of $MESSAGES messages, RabbitMQ $VERSION:"
printf '  %-8s %-13s %11s %11s %11s\n' queue client "msg/s" "client cpu" "broker cpu"
for type in classic quorum; do
  for p in $PROTOCOLS; do
    printf '  %-8s %-13s %11s %11s %11s\n' "$type" "$p" "$(median < "$WORK/$type-$p.rates")" \
      "$(grep . "$WORK/$type-$p.cpu" | median)" "$(grep . "$WORK/$type-$p.broker" | median)"
  done
done
echo
echo "ratios (targets in brackets: issue 12 for amqp091, issue 40 for proton-c):"
has() { [[ " $PROTOCOLS " == *" $1 "* ]]; }
for type in classic quorum; do
  has amqp10 || continue
  r10=$(median < "$WORK/$type-amqp10.rates"); c10=$(grep . "$WORK/$type-amqp10.cpu" | median)
  line="  $type:"
  if has amqp091; then
    r91=$(median < "$WORK/$type-amqp091.rates"); c91=$(grep . "$WORK/$type-amqp091.cpu" | median)
    line="$line amqp10/amqp091 throughput $(ratio "$r10" "$r91") [>= 1.0], client cpu $(ratio "$c10" "$c91") [<= 1.0];"
  fi
  if has amqp10-before; then
    rb=$(median < "$WORK/$type-amqp10-before.rates"); cb=$(grep . "$WORK/$type-amqp10-before.cpu" | median)
    line="$line amqp10/amqp10-before throughput $(ratio "$r10" "$rb"), client cpu $(ratio "$c10" "$cb");"
  fi
  if has proton-c; then
    rc=$(median < "$WORK/$type-proton-c.rates"); cc=$(grep . "$WORK/$type-proton-c.cpu" | median)
    b10=$(grep . "$WORK/$type-amqp10.broker" | median); bc=$(grep . "$WORK/$type-proton-c.broker" | median)
    line="$line amqp10/proton-c throughput $(ratio "$r10" "$rc") [>= 0.95], client cpu $(ratio "$c10" "$cc") [<= 1.5], broker cpu $(ratio "$b10" "$bc") [<= 1.2]"
  fi
  echo "$line"
done
