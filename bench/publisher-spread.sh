#!/usr/bin/env bash
# One rate, spread over many publishers (issue 27): one publisher at TOTAL msg/s (default 10,000)
# against SPREAD publishers (default 1,000) at TOTAL/SPREAD msg/s each, the same 12-byte bodies on
# one classic queue, one auto-ack consumer, SECONDS s (DURATION, default 20), ROUNDS alternating
# rounds (default 2), for the harness and for PerfTest 2.22.1. Prints per run the client CPU
# seconds of the whole process (opening the connections included) per 100k messages consumed, then
# the medians and, per tool, the ratio spread/one (target for the harness: within 2).
#
#   bench/publisher-spread.sh
#   TOTAL=5000 SPREAD=500 bench/publisher-spread.sh
#   EXTRA="--pacing-threads 0" bench/publisher-spread.sh        # a thread per publisher, for comparison
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     bench/publisher-spread.sh                                 # the RabbitMQ 4.0 of scripts/rabbitmq4.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-2}
. bench/common.sh
TOTAL=${TOTAL:-10000}
SPREAD=${SPREAD:-1000}
SECONDS_=${DURATION:-20}
EXTRA=${EXTRA:-}
QUEUE=bench-spread
fetch_perftest

run_harness() { # output publishers rate-each
  # shellcheck disable=SC2086
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -jar "$JAR" --uri "$URI" --predeclared --queue "$QUEUE" \
    -x "$2" -y 1 -r "$3" -s 12 --autoack -z "${SECONDS_}s" --interval 5s --no-broker-metrics $EXTRA
}

run_perftest() { # output publishers rate-each
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -cp "$WORK/perftest-lib/*" com.rabbitmq.perf.PerfTest --uri "$URI" \
    --predeclared --queue "$QUEUE" --producers "$2" --consumers 1 --rate "$3" --size 12 --autoack \
    --time "$SECONDS_" --interval 5
}

harness_received() { harness_consumed "$1"; }
# PerfTest's summary: "sending rate avg: N msg/s ... receiving rate avg: N msg/s" over --time seconds.
perftest_received() { grep -oE 'receiving rate avg: [0-9]+' "$1" | grep -oE '[0-9]+$' | awk -v s="$SECONDS_" '{print $1 * s}'; }

echo "== one publisher at $TOTAL msg/s against $SPREAD publishers at $((TOTAL / SPREAD)) msg/s, 12 B, one queue, auto-ack, ${SECONDS_} s, $URI"
printf '%-9s %7s %5s %10s %8s %12s %s\n' tool shape round received "cpu s" "cpu s/100k" "wall s"
for tool in harness perftest; do for shape in one spread; do : > "$WORK/spread-$tool-$shape.cpu"; done; done
for round in $(seq 1 "$ROUNDS"); do
  for shape in one spread; do
    for tool in harness perftest; do
      if [ "$shape" = one ]; then publishers=1; each=$TOTAL; else publishers=$SPREAD; each=$((TOTAL / SPREAD)); fi
      declare_queue "$QUEUE"
      out="$WORK/spread-$tool-$shape-$round.log"
      read -r wall cpu code _ < <(run_$tool "$out" "$publishers" "$each" | tail -1)
      [ "$code" = 0 ] || { echo "$tool $shape run $round failed (exit $code); see $out" >&2; exit 1; }
      received=$(${tool}_received "$out")
      per100k=$(awk -v c="$cpu" -v m="$received" 'BEGIN {printf "%.3f", c * 100000 / m}')
      printf '%-9s %7s %5s %10s %8s %12s %s\n' "$tool" "$shape" "$round" "$received" "$cpu" "$per100k" "$wall"
      echo "$per100k" >> "$WORK/spread-$tool-$shape.cpu"
    done
  done
done
delete_queue "$QUEUE"
for tool in harness perftest; do
  one=$(median < "$WORK/spread-$tool-one.cpu"); spread=$(median < "$WORK/spread-$tool-spread.cpu")
  echo "medians $tool: CPU per 100k messages, one publisher $one s, $SPREAD publishers $spread s (ratio $(ratio "$spread" "$one"))"
done
