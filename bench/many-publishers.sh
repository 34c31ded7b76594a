#!/usr/bin/env bash
# Many publishers, against PerfTest 2.22.1 on the same broker (issue 27):
#
# 1. Seed 000's 100-queue row: PUBLISHERS publishers (default 100) at PER_PUBLISHER msg/s each
#    (default 50: 5,000 msg/s in all, what a 2-core machine shared with the broker carries), 1 kB
#    bodies, one queue per publisher (x-max-length=10000), as many auto-ack consumers, SECONDS s
#    (DURATION, default 20). Prints per round the client CPU seconds of each tool, the harness's end-to-end
#    latency from the actual send (p50, p99) and PerfTest's consumer latency median; then the medians
#    and the ratios harness/PerfTest.
# 2. Idle publishers (IDLE, default 5000) at -r 0 for 10 s, both protocols: wall and CPU seconds of
#    the whole run. IDLE=0 skips it.
#
#   bench/many-publishers.sh
#   ROUNDS=2 PER_PUBLISHER=100 bench/many-publishers.sh          # 10,000 msg/s where the machine has room
#   EXTRA="--pacing-threads 0" bench/many-publishers.sh           # a thread per publisher, for comparison
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     bench/many-publishers.sh                                    # the RabbitMQ 4.0 of scripts/rabbitmq4.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-2}
. bench/common.sh
PUBLISHERS=${PUBLISHERS:-100}
PER_PUBLISHER=${PER_PUBLISHER:-50}
SECONDS_=${DURATION:-20}
IDLE=${IDLE:-5000}
EXTRA=${EXTRA:-}
fetch_perftest

delete_queues() {
  for i in $(seq 1 "$PUBLISHERS"); do delete_queue "perf-test-$i"; done
}

run_harness() { # output
  # shellcheck disable=SC2086
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -jar "$JAR" --uri "$URI" --queue-pattern 'perf-test-%d' \
    --queue-pattern-from 1 --queue-pattern-to "$PUBLISHERS" --queue-args x-max-length=10000 \
    -x "$PUBLISHERS" -y "$PUBLISHERS" -r "$PER_PUBLISHER" -s 1000 --autoack -z "${SECONDS_}s" \
    --interval 5s --no-broker-metrics $EXTRA
}

run_perftest() { # output
  bench/cpu-time.py "$1" -- java $JAVA_OPTS -cp "$WORK/perftest-lib/*" com.rabbitmq.perf.PerfTest --uri "$URI" \
    --queue-pattern 'perf-test-%d' --queue-pattern-from 1 --queue-pattern-to "$PUBLISHERS" \
    --queue-args x-max-length=10000 --producers "$PUBLISHERS" --consumers "$PUBLISHERS" --rate "$PER_PUBLISHER" \
    --size 1000 --autoack --time "$SECONDS_" --interval 5
}

# The first "e2e from send" row of the harness's latency table (ms: min p50 p75 p90 p95 p99 ...).
harness_from_send() { # output column (p50 or p99)
  local col=5; [ "$2" = p99 ] && col=9
  grep -E '^ +e2e from send' "$1" | head -1 | awk -v c="$col" '{v=$c; gsub(",","",v); print v}'
}
# PerfTest's last "consumer latency min/median/75th/95th/99th" line of the summary, median in ms.
perftest_median() {
  grep -oE 'consumer latency min/median/75th/95th/99th [0-9./]+ (µs|ms)' "$1" | tail -1 \
    | awk '{split($4, a, "/"); v=a[2]; if ($5=="µs") v/=1000; printf "%.2f", v}'
}

echo "== seed 000's 100-queue row: $PUBLISHERS publishers x $PER_PUBLISHER msg/s, 1 kB, auto-ack, ${SECONDS_} s, $URI"
printf '%-9s %5s %8s %10s %10s %s\n' tool round "cpu s" "p50 ms" "p99 ms" "wall s"
: > "$WORK/mp-harness.cpu"; : > "$WORK/mp-perftest.cpu"; : > "$WORK/mp-harness.p50"; : > "$WORK/mp-perftest.p50"
for round in $(seq 1 "$ROUNDS"); do
  for tool in harness perftest; do
    delete_queues
    out="$WORK/mp-$tool-$round.log"
    read -r wall cpu code _ < <(run_$tool "$out" | tail -1)
    [ "$code" = 0 ] || { echo "$tool run $round failed (exit $code); see $out" >&2; exit 1; }
    if [ "$tool" = harness ]; then
      p50=$(harness_from_send "$out" p50); p99=$(harness_from_send "$out" p99)
    else
      p50=$(perftest_median "$out"); p99=-
    fi
    printf '%-9s %5s %8s %10s %10s %s\n' "$tool" "$round" "$cpu" "$p50" "$p99" "$wall"
    echo "$cpu" >> "$WORK/mp-$tool.cpu"; echo "$p50" >> "$WORK/mp-$tool.p50"
  done
done
delete_queues
hc=$(median < "$WORK/mp-harness.cpu"); pc=$(median < "$WORK/mp-perftest.cpu")
hl=$(median < "$WORK/mp-harness.p50"); pl=$(median < "$WORK/mp-perftest.p50")
echo "medians: client CPU harness $hc s, PerfTest $pc s (ratio $(ratio "$hc" "$pc")); e2e from send p50 $hl ms," \
  "PerfTest consumer latency median $pl ms (ratio $(ratio "$hl" "$pl"))"

if [ "$IDLE" -gt 0 ]; then
  echo "== $IDLE idle publishers (-r 0), 10 s, $URI"
  printf '%-8s %8s %8s %s\n' protocol "wall s" "cpu s" exit
  for protocol in amqp091 amqp10; do
    out="$WORK/idle-$protocol.log"
    # shellcheck disable=SC2086
    read -r wall cpu code _ < <(bench/cpu-time.py "$out" -- java $JAVA_OPTS -jar "$JAR" --protocol "$protocol" \
      --uri "$URI" -x "$IDLE" -y 0 -r 0 -z 10s --interval 5s --no-broker-metrics $EXTRA | tail -1)
    printf '%-8s %8s %8s %s\n' "$protocol" "$wall" "$cpu" "$code"
  done
fi
