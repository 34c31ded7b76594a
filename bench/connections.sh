#!/usr/bin/env bash
# Idle connections from one harness process: opens N connections (default 10,000), each with one
# publisher channel (AMQP 0.9.1) or session and sender link (AMQP 1.0) that never sends
# (--idle-connections), holds them, and prints per protocol: connections, client heap per connection
# (heap used after a full GC with N connections open, minus the same with 1, over N), RSS, thread
# count, how fast they opened (connections/s, from the summary) and whether any failed.
# Targets (issue 18): at most 50 KiB of heap per idle connection, at least 500 opens/s, no errors.
#
#   bench/connections.sh                               # 10,000 per protocol against localhost:5672
#   CONNECTIONS=2000 PROTOCOLS=amqp091 bench/connections.sh
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F bench/connections.sh   # the RabbitMQ 4.0 of scripts/rabbitmq4.sh
#   EXTRA="--nio-threads 0" PROTOCOLS=amqp091 bench/connections.sh            # 0.9.1 blocking I/O, for comparison
# The broker needs an open-file limit above N (management API: fd_total; scripts/ensure-broker.sh
# raises it when it can). jcmd (from the JDK) reads the client's heap.
set -euo pipefail
cd "$(dirname "$0")/.."

JAVA_OPTS=${JAVA_OPTS:--Xmx1g}
. bench/common.sh
N=${CONNECTIONS:-10000}
PROTOCOLS=${PROTOCOLS:-amqp091 amqp10}
EXTRA=${EXTRA:-}
# How long the connections stay open once all are open: long enough to take the readings.
HOLD=${HOLD:-12s}

# Opens $2 idle connections over protocol $1, takes the readings once all are open; prints
# "heap_kib rss_kib threads opened_per_s failed exit" on stdout, the run's output in $WORK.
measure() { # protocol connections
  local out="$WORK/connections-$1-$2.txt"
  # shellcheck disable=SC2086
  java $JAVA_OPTS -jar "$JAR" --protocol "$1" --uri "$URI" -x 0 -y 0 --idle-connections "$2" --time "$HOLD" \
    --interval 2s --no-broker-metrics $EXTRA >"$out" 2>&1 &
  local pid=$!
  # The run's first interval line comes once every connection is open.
  until grep -qE '^ +[0-9.]+s( |$)' "$out" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  local heap=0 rss=0 threads=0
  if kill -0 "$pid" 2>/dev/null; then
    jcmd "$pid" GC.run >/dev/null
    heap=$(jcmd "$pid" GC.heap_info | grep -oE 'used [0-9]+K' | head -1 | grep -oE '[0-9]+')
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
    threads=$(awk '/^Threads/ {print $2}' "/proc/$pid/status")
  fi
  local code=0
  wait "$pid" || code=$?
  local rate failed
  rate=$(grep -oE '^Connections [0-9,]+ opened in [0-9.]+ s \([0-9,.]+/s\)' "$out" | grep -oE '\([0-9,.]+' | tr -d '(,')
  failed=$(grep -oE '^[0-9,]+ of [0-9,]+ [a-z ]+ failed to open' "$out" | grep -oE '^[0-9,]+' | tr -d , || true)
  echo "$heap $rss $threads ${rate:-0} ${failed:-0} $code"
}

echo "Idle connections: $N per protocol against $(sed -E 's#//([^:/@]*):[^@]*@#//\1:***@#' <<<"$URI") (${EXTRA:-default options}), JAVA_OPTS=$JAVA_OPTS"
printf '%-8s %11s %14s %10s %9s %9s %10s %7s %5s\n' protocol connections "heap KiB/conn" "RSS MiB" "KiB/conn" threads "opens/s" failed exit
for p in $PROTOCOLS; do
  read -r heap1 rss1 threads1 _ _ _ <<<"$(measure "$p" 1)"
  read -r heapn rssn threadsn rate failed code <<<"$(measure "$p" "$N")"
  awk -v p="$p" -v n="$N" -v h1="$heap1" -v hn="$heapn" -v r1="$rss1" -v rn="$rssn" -v t="$threadsn" \
      -v rate="$rate" -v f="$failed" -v c="$code" 'BEGIN {
    printf "%-8s %11d %14.1f %10.0f %9.1f %9d %10.0f %7d %5d\n", p, n, (hn - h1) / n, rn / 1024, (rn - r1) / n, t, rate, f, c
  }'
done
echo "(heap: used after a full GC, N open minus 1 open, over N; RSS and KiB/conn likewise from VmRSS; threads with N open)"
