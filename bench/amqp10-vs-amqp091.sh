#!/usr/bin/env bash
# Runs the AMQP 1.0 workloads of seed 001 (the RabbitMQ 4.0 AMQP 1.0 benchmark report) with
# amqp-harness over --protocol amqp10, next to the same workloads over AMQP 0.9.1 on the same
# broker, and prints throughput and client CPU seconds per 100k messages for each.
#
# Workloads, scaled to MESSAGES (default 300k) for a 2-core machine; 12-byte persistent messages
# through the default exchange to a predeclared durable queue:
#   classic  amqp10   credit 200  (--qos 200), settlement window 192 (--confirm 192), one accept per message
#   classic  amqp091  seed 0.9.1 run: --confirm 192 --qos 200 --multi-ack-every 200 --flag mandatory
#   quorum   amqp10   credit 5000 (--qos 5000), settlement window 3000, one accept per message
#   quorum   amqp091  seed 0.9.1 run: --confirm 3000 --qos 5000 --multi-ack-every 5000 --flag mandatory
# quiver, which the report used, has no in-flight limit; the windows here are the 0.9.1 runs' ones
# so both protocols carry the same load. AMQP 1.0 has no mandatory flag (RabbitMQ 4 settles
# unroutable messages as released; 3.x drops them), so the 1.0 runs go without it.
# ROUNDS (default 3) alternating rounds; the summary shows medians.
#
#   bench/amqp10-vs-amqp091.sh                    # against amqp://localhost:5672
#   MESSAGES=1000000 ROUNDS=5 bench/amqp10-vs-amqp091.sh
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/common.sh

queue_name() { echo "bench-amqp10-$1"; }

declare_type_queue() { # type
  local args='{}'
  [ "$1" = quorum ] && args='{"x-queue-type":"quorum"}'
  declare_queue "$(queue_name "$1")" "$args"
}

# Protocol-specific options per queue type.
options() {
  case "$1/$2" in
    classic/amqp10)  echo "--protocol amqp10 --confirm 192 --qos 200" ;;
    classic/amqp091) echo "--protocol amqp091 --confirm 192 --qos 200 --multi-ack-every 200 --flag mandatory" ;;
    quorum/amqp10)   echo "--protocol amqp10 --confirm 3000 --qos 5000" ;;
    quorum/amqp091)  echo "--protocol amqp091 --confirm 3000 --qos 5000 --multi-ack-every 5000 --flag mandatory" ;;
  esac
}

run() { # type protocol output
  local q; q=$(queue_name "$1")
  # shellcheck disable=SC2046
  bench/cpu-time.py "$3" -- java $JAVA_OPTS -jar "$JAR" --uri "$URI" --predeclared --exchange amq.default \
    --routing-key "$q" --queue "$q" --flag persistent --pmessages "$MESSAGES" --size 12 --interval 5s \
    --drain-timeout 120s $(options "$1" "$2")
}

printf '%-8s %-8s %5s %12s %8s %12s %8s\n' queue protocol round "recv msg/s" "cpu s" "cpu s/100k" "wall s"
for type in classic quorum; do
  for protocol in amqp10 amqp091; do : > "$WORK/$type-$protocol.rates"; : > "$WORK/$type-$protocol.cpu"; done
done
for round in $(seq 1 "$ROUNDS"); do
  for type in classic quorum; do
    for protocol in amqp10 amqp091; do
      declare_type_queue "$type"
      out="$WORK/$type-$protocol-$round.log"
      read -r wall cpu code < <(run "$type" "$protocol" "$out" | tail -1)
      if [ "$code" != 0 ]; then
        echo "$type $protocol run $round failed (exit $code); see $out" >&2
        exit 1
      fi
      [ "$(harness_consumed "$out")" = "$MESSAGES" ] && [ "$(harness_confirmed "$out")" = "$MESSAGES" ] || {
        echo "$type $protocol run $round: confirmed $(harness_confirmed "$out"), consumed $(harness_consumed "$out") of $MESSAGES; see $out" >&2
        exit 1
      }
      r=$(harness_rate "$out")
      per100k=$(per100k "$cpu")
      printf '%-8s %-8s %5s %12s %8s %12s %8s\n' "$type" "$protocol" "$round" "$r" "$cpu" "$per100k" "$wall"
      echo "$r" >> "$WORK/$type-$protocol.rates"
      echo "$per100k" >> "$WORK/$type-$protocol.cpu"
    done
  done
done
delete_queue "$(queue_name classic)"
delete_queue "$(queue_name quorum)"

echo
echo "median over $ROUNDS rounds of $MESSAGES messages (client CPU includes JVM start-up):"
printf '  %-8s %-26s %-26s %s\n' queue "amqp10 msg/s | cpu s/100k" "amqp091 msg/s | cpu s/100k" "amqp10/amqp091 throughput | cpu"
for type in classic quorum; do
  r10=$(median < "$WORK/$type-amqp10.rates"); r91=$(median < "$WORK/$type-amqp091.rates")
  c10=$(median < "$WORK/$type-amqp10.cpu"); c91=$(median < "$WORK/$type-amqp091.cpu")
  printf '  %-8s %-26s %-26s %s\n' "$type" "$r10 | $c10" "$r91 | $c91" \
    "$(awk -v a="$r10" -v b="$r91" -v c="$c10" -v d="$c91" 'BEGIN {printf "%.2f | %.2f", a / b, c / d}')"
done
