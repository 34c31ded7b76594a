#!/usr/bin/env bash
# The latency floor: end-to-end latency of a light paced load (1,000 msg/s, auto-ack, one publisher
# and one consumer, 12-byte bodies) from amqp-harness and from PerfTest 2.22.1 on the same broker,
# one after the other in alternating rounds, plus the harness's publish delay (how late the pacer
# sends) and both tools' client CPU. The harness measures from the intended send time (so a late
# pacer shows), PerfTest from its actual send.
#
#   bench/latency-floor.sh                        # against amqp://localhost:5672, 3 rounds of 20 s
#   SECONDS_PER_RUN=60 ROUNDS=5 bench/latency-floor.sh
#   SPIN=0 bench/latency-floor.sh                 # the harness parking all the way (--pacing-spin 0)
#   GRANULARITY=1ms bench/latency-floor.sh        # the harness waking in bursts (its default) instead of
#                                                 # the precise mode (--pacing-granularity 0) used here
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     bench/latency-floor.sh                      # against the RabbitMQ 4.0 of scripts/rabbitmq4.sh
# Run it on an idle machine: it measures microseconds.
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/common.sh
RUN_SECONDS=${SECONDS_PER_RUN:-20}
RATE=${RATE:-1000}
SPIN=${SPIN:-100us}
GRANULARITY=${GRANULARITY:-0}
QUEUE=bench-latency-floor

fetch_perftest

run_harness() {
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -jar "$JAR" --uri "$URI" --predeclared --exchange amq.default \
    --routing-key "$QUEUE" --queue "$QUEUE" --rate "$RATE" --autoack --size 12 --time "${RUN_SECONDS}s" \
    --interval 5s --pacing-spin "$SPIN" --pacing-granularity "$GRANULARITY" --no-broker-metrics
}

run_perftest() {
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -cp "$WORK/perftest-lib/*" com.rabbitmq.perf.PerfTest --uri "$URI" \
    --predeclared --exchange amq.default --routing-key "$QUEUE" --queue "$QUEUE" --rate "$RATE" --autoack \
    --size 12 --time "$RUN_SECONDS" --interval 5
}

# p50 and p99 end-to-end latency in milliseconds.
harness_latency() { awk '/^  end-to-end / {print $3, $7; exit}' "$1"; }
harness_delay_p50() { awk '/^  publish delay / {print $4; exit}' "$1"; }
# PerfTest ends with "consumer latency min/median/75th/95th/99th 101/238/263/301/402 µs".
perftest_latency() {
  grep -E 'consumer latency min/median/75th/95th/99th' "$1" | tail -1 \
    | awk '{split($NF == "µs" ? $(NF-1) : $NF, v, "/"); printf "%.3f %.3f\n", v[2] / 1000, v[5] / 1000}'
}

printf '%-9s %5s %10s %10s %14s %12s\n' tool round "e2e p50" "e2e p99" "pub delay p50" "cpu s"
for f in harness.p50 harness.p99 harness.delay harness.cpu perftest.p50 perftest.p99 perftest.cpu; do : > "$WORK/floor-$f"; done
for round in $(seq 1 "$ROUNDS"); do
  for tool in harness perftest; do
    declare_queue "$QUEUE"
    out="$WORK/floor-$tool-$round.log"
    read -r wall cpu code _ < <(run_$tool "$out" | tail -1)
    [ "$code" = 0 ] || { echo "$tool run $round failed (exit $code); see $out" >&2; exit 1; }
    read -r p50 p99 < <(${tool}_latency "$out")
    delay=-
    [ "$tool" = harness ] && delay=$(harness_delay_p50 "$out") && echo "$delay" >> "$WORK/floor-harness.delay"
    printf '%-9s %5s %10s %10s %14s %12s\n' "$tool" "$round" "$p50" "$p99" "$delay" "$cpu"
    echo "$p50" >> "$WORK/floor-$tool.p50"; echo "$p99" >> "$WORK/floor-$tool.p99"; echo "$cpu" >> "$WORK/floor-$tool.cpu"
  done
done
delete_queue "$QUEUE"

hp50=$(median < "$WORK/floor-harness.p50"); pp50=$(median < "$WORK/floor-perftest.p50")
echo
echo "median over $ROUNDS rounds of ${RUN_SECONDS} s at $RATE msg/s (--pacing-spin $SPIN):"
printf '  e2e p50      harness %s ms, PerfTest %s ms, ratio %s\n' "$hp50" "$pp50" "$(ratio "$hp50" "$pp50")"
printf '  e2e p99      harness %s ms, PerfTest %s ms\n' "$(median < "$WORK/floor-harness.p99")" "$(median < "$WORK/floor-perftest.p99")"
printf '  publish delay p50 (harness) %s ms\n' "$(median < "$WORK/floor-harness.delay")"
printf '  client CPU   harness %s s, PerfTest %s s per run\n' "$(median < "$WORK/floor-harness.cpu")" "$(median < "$WORK/floor-perftest.cpu")"
