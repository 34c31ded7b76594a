#!/usr/bin/env bash
# One paced publisher against PerfTest 2.22.1: client CPU of the whole process at RATES (default
# 1,000, 10,000 and 50,000 msg/s), 12-byte bodies on one classic queue, one auto-ack consumer,
# DURATION s (default 20), ROUNDS alternating rounds (default 3); the harness with --warmup 0s so
# both tools publish for the same time. Prints per run the CPU seconds (user + system, JVM start
# included), the messages received and the latency (harness: end-to-end from the intended time,
# from the send, and the publish delay, p50 in ms; PerfTest: its consumer latency median), then per
# rate the medians and the ratio harness / PerfTest (the target: at most 1.2).
#
#   bench/paced-cpu.sh
#   BEFORE_JAR=/tmp/harness-main.jar bench/paced-cpu.sh       # also an older build, alternated with the others
#   EXTRA="--pacing-granularity 0" bench/paced-cpu.sh           # the precise mode: a wake-up per message
#   RATES="10000" ROUNDS=5 bench/paced-cpu.sh
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     bench/paced-cpu.sh                                        # the RabbitMQ 4.0 of scripts/rabbitmq4.sh
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/common.sh
RATES=${RATES:-1000 10000 50000}
SECONDS_=${DURATION:-20}
EXTRA=${EXTRA:-}
BEFORE_JAR=${BEFORE_JAR:-}
QUEUE=bench-paced
fetch_perftest

run_harness() { # output rate [jar]
  # shellcheck disable=SC2086
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -jar "${3:-$JAR}" --uri "$URI" --predeclared --queue "$QUEUE" \
    -x 1 -y 1 -r "$2" -s 12 --autoack -z "${SECONDS_}s" --warmup 0s --interval 5s --no-broker-metrics $EXTRA
}
run_before() { run_harness "$1" "$2" "$BEFORE_JAR"; }

run_perftest() { # output rate
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -cp "$WORK/perftest-lib/*" com.rabbitmq.perf.PerfTest --uri "$URI" \
    --predeclared --queue "$QUEUE" --producers 1 --consumers 1 --rate "$2" --size 12 --autoack \
    --time "$SECONDS_" --interval 5
}

# The first latency table of a harness summary (the whole run): p50 in ms of a row.
harness_p50() { # output row-name field
  grep -E "^  $2 " "$1" | head -1 | awk -v f="$3" '{print $f}'
}
harness_latency() {
  echo "e2e $(harness_p50 "$1" end-to-end 3) send $(harness_p50 "$1" 'e2e from send' 5) delay $(harness_p50 "$1" 'publish delay' 4)"
}
before_latency() { harness_latency "$1"; }
perftest_latency() {
  grep -oE 'consumer latency min/median/75th/95th/99th [0-9/]+ µs' "$1" | tail -1 | awk '{split($4, v, "/"); printf "median %.3f ms", v[2] / 1000}'
}
harness_received() { harness_consumed "$1"; }
before_received() { harness_consumed "$1"; }
perftest_received() { grep -oE 'receiving rate avg: [0-9]+' "$1" | grep -oE '[0-9]+$' | awk -v s="$SECONDS_" '{print $1 * s}'; }

tools="harness perftest"
[ -n "$BEFORE_JAR" ] && tools="harness before perftest"
echo "== one publisher, 12 B, one queue, auto-ack, ${SECONDS_} s, $URI; harness: $JAR $EXTRA${BEFORE_JAR:+; before: $BEFORE_JAR}"
printf '%-9s %6s %5s %10s %8s %s\n' tool rate round received "cpu s" "latency p50 (ms)"
for rate in $RATES; do for tool in $tools; do : > "$WORK/paced-$tool-$rate.cpu"; done; done
for round in $(seq 1 "$ROUNDS"); do
  for rate in $RATES; do
    for tool in $tools; do
      declare_queue "$QUEUE"
      out="$WORK/paced-$tool-$rate-$round.log"
      read -r wall cpu code _ < <(run_$tool "$out" "$rate" | tail -1)
      [ "$code" = 0 ] || { echo "$tool at $rate msg/s, round $round failed (exit $code); see $out" >&2; exit 1; }
      printf '%-9s %6s %5s %10s %8s %s (wall %s s)\n' "$tool" "$rate" "$round" "$(${tool}_received "$out")" "$cpu" \
        "$(${tool}_latency "$out")" "$wall"
      echo "$cpu" >> "$WORK/paced-$tool-$rate.cpu"
    done
  done
done
delete_queue "$QUEUE"
for rate in $RATES; do
  p=$(median < "$WORK/paced-perftest-$rate.cpu")
  line="medians at $rate msg/s: PerfTest $p CPU-s"
  for tool in $tools; do
    [ "$tool" = perftest ] && continue
    m=$(median < "$WORK/paced-$tool-$rate.cpu")
    line="$line, $tool $m ($(ratio "$m" "$p")x)"
  done
  echo "$line"
done
