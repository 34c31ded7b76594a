#!/usr/bin/env bash
# What sampling the broker (the default; --no-broker-metrics turns it off) costs the harness's
# process in seed 001's AMQP 0.9.1 run (the shape of bench/perftest-vs-harness.sh), measured per
# thread: the sampling thread (harness-broker-metrics) and the JDK HTTP client's threads against the
# whole process. The JIT's work on the sampling code is in the JIT's threads, not counted here; the
# whole-process difference with --no-broker-metrics, over ROUNDS alternating rounds, bounds it.
#
#   MESSAGES=1000000 ROUNDS=2 bench/broker-sampling.sh
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     bench/broker-sampling.sh                 # against the RabbitMQ 4.0 of scripts/rabbitmq4.sh
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/common.sh
QUEUE=bench-classic-queue

run() { # output-file [extra options]
  local out=$1
  shift
  # shellcheck disable=SC2046
  bench/thread-cpu.py "$out" -- java $JAVA_OPTS -jar "$JAR" $(seed001_harness_args) "$@"
}

sampling() { # thread table: CPU-s of the sampling thread and the HTTP client's threads
  awk '$2 ~ /^harness-broker/ || $2 ~ /^HttpClient/ {s += $1} END {printf "%.2f", s}' "$1"
}
total() { awk '$1 == "total" {print $2}' "$1"; }

printf '%-22s %5s %10s %14s %8s\n' run round "process s" "sampling s" share
: > "$WORK/sampling.on"; : > "$WORK/sampling.off"; : > "$WORK/sampling.share"
for round in $(seq 1 "$ROUNDS"); do
  declare_queue "$QUEUE"
  run "$WORK/sampling-on-$round.log" > "$WORK/sampling-on-$round.threads"
  grep -q 'exit 0' "$WORK/sampling-on-$round.threads" || { echo "run failed: $WORK/sampling-on-$round.log" >&2; exit 1; }
  grep -q "broker's metrics could not be read" "$WORK/sampling-on-$round.log" \
    && echo "note: the broker's metrics could not be read (is the management plugin on? RABBITMQ_API?)" >&2
  on=$(total "$WORK/sampling-on-$round.threads")
  s=$(sampling "$WORK/sampling-on-$round.threads")
  share=$(awk -v s="$s" -v t="$on" 'BEGIN {printf "%.2f", 100 * s / t}')
  printf '%-22s %5s %10s %14s %7s%%\n' "broker metrics (default)" "$round" "$on" "$s" "$share"
  echo "$on" >> "$WORK/sampling.on"; echo "$share" >> "$WORK/sampling.share"
  declare_queue "$QUEUE"
  run "$WORK/sampling-off-$round.log" --no-broker-metrics > "$WORK/sampling-off-$round.threads"
  off=$(total "$WORK/sampling-off-$round.threads")
  printf '%-22s %5s %10s %14s\n' "--no-broker-metrics" "$round" "$off" "-"
  echo "$off" >> "$WORK/sampling.off"
done
delete_queue "$QUEUE"
on=$(median < "$WORK/sampling.on"); off=$(median < "$WORK/sampling.off")
echo "medians: process CPU $on s with sampling, $off s without ($(ratio "$on" "$off")x);" \
  "the sampling threads' share $(median < "$WORK/sampling.share") %"
