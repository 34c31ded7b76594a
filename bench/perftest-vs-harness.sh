#!/usr/bin/env bash
# Runs amqp-harness and PerfTest 2.22.1 one after the other on the same broker with the same
# workload and prints throughput and client CPU seconds per 100k messages for both.
#
# Workload: the AMQP 0.9.1 classic-queue run of seed 001 (default exchange, persistent +
# mandatory, 12-byte bodies, confirm window 192, prefetch 200, multi-ack every 200), scaled to
# MESSAGES (default 300k) for a 2-core machine. ROUNDS (default 3) alternating rounds; medians.
# Also prints the broker's CPU per 100k messages during each run (the beam.smp listening on the
# URI's port, or BROKER_PID): when both tools cost the broker the same, throughput is the broker's.
#
#   bench/perftest-vs-harness.sh                 # against amqp://localhost:5672
#   MESSAGES=1000000 ROUNDS=5 bench/perftest-vs-harness.sh
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     bench/perftest-vs-harness.sh             # against the RabbitMQ 4.0 of scripts/rabbitmq4.sh
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/common.sh
QUEUE=bench-classic-queue

fetch_perftest

BROKER_PID=${BROKER_PID:-$(broker_pid)}
BROKER_ARGS=${BROKER_PID:+--broker-pid $BROKER_PID}

run_harness() {
  # shellcheck disable=SC2086
  bench/cpu-time.py "$1" $BROKER_ARGS -- java $JAVA_OPTS -jar "$JAR" $(seed001_harness_args) --no-broker-metrics
}

run_perftest() {
  # shellcheck disable=SC2086
  bench/cpu-time.py "$1" $BROKER_ARGS -- java $JAVA_OPTS -cp "$WORK/perftest-lib/*" com.rabbitmq.perf.PerfTest --uri "$URI" \
    --predeclared --exchange amq.default --routing-key "$QUEUE" --queue "$QUEUE" --flag persistent \
    --flag mandatory --pmessages "$MESSAGES" --cmessages "$MESSAGES" --size 12 --confirm 192 --qos 200 \
    --multi-ack-every 200 --interval 5 --time 300
}

perftest_rate() { grep -oE 'receiving rate avg: [0-9]+' "$1" | grep -oE '[0-9]+$'; }

printf '%-9s %5s %12s %10s %12s %14s %s\n' tool round "recv msg/s" "cpu s" "cpu s/100k" "broker s/100k" "wall s"
for t in harness perftest; do : > "$WORK/$t.rates"; : > "$WORK/$t.cpu"; : > "$WORK/$t.broker"; done
for round in $(seq 1 "$ROUNDS"); do
  for tool in harness perftest; do
    declare_queue "$QUEUE"
    out="$WORK/$tool-$round.log"
    read -r wall cpu code broker < <(run_$tool "$out" | tail -1)
    if [ "$code" != 0 ]; then
      echo "$tool run $round failed (exit $code); see $out" >&2
      exit 1
    fi
    rate=$(${tool}_rate "$out")
    if [ "$tool" = harness ]; then
      consumed=$(harness_consumed "$out")
      [ "$consumed" = "$MESSAGES" ] || { echo "harness consumed $consumed of $MESSAGES; see $out" >&2; exit 1; }
    fi
    per100k=$(per100k "$cpu")
    b100k=$(per100k "$broker")
    printf '%-9s %5s %12s %10s %12s %14s %s\n' "$tool" "$round" "$rate" "$cpu" "$per100k" "$b100k" "$wall"
    echo "$rate" >> "$WORK/$tool.rates"
    echo "$per100k" >> "$WORK/$tool.cpu"
    echo "$b100k" >> "$WORK/$tool.broker"
  done
done
delete_queue "$QUEUE"

hr=$(median < "$WORK/harness.rates"); pr=$(median < "$WORK/perftest.rates")
hc=$(median < "$WORK/harness.cpu"); pc=$(median < "$WORK/perftest.cpu")
echo
echo "median over $ROUNDS rounds of $MESSAGES messages:"
printf '  throughput  harness %s msg/s, PerfTest %s msg/s, ratio %s\n' "$hr" "$pr" "$(ratio "$hr" "$pr")"
printf '  client CPU  harness %s s/100k, PerfTest %s s/100k, ratio %s\n' "$hc" "$pc" "$(ratio "$hc" "$pc")"
hb=$(median < "$WORK/harness.broker"); pb=$(median < "$WORK/perftest.broker")
if [ -n "$BROKER_PID" ]; then
  printf '  broker CPU  with harness %s s/100k, with PerfTest %s s/100k, ratio %s (pid %s)\n' "$hb" "$pb" \
    "$(ratio "$hb" "$pb")" "$BROKER_PID"
fi
