#!/usr/bin/env bash
# Seed 001's stream shape over RabbitMQ's stream protocol and over AMQP 1.0, on the same broker
# (issue 30): MESSAGES (default 1,000,000) bodies of 12 bytes, one publisher with a confirm window of
# 1000, one consumer from the first offset, ROUNDS (default 2) alternating rounds. Prints per run and
# as medians the end-to-end throughput and the harness's client CPU seconds per 100k messages, then
# the ratios stream/AMQP 1.0. Each run declares its own stream (the harness deletes it afterwards).
#
#   bench/stream-vs-amqp10.sh                     # RabbitMQ 4.0 of scripts/rabbitmq4.sh (5673, stream 5553)
#   HOST_AMQP=5672 HOST_STREAM=5552 bench/stream-vs-amqp10.sh   # the local 3.10
#   EXTRA_STREAM="--batch-size 500 --sub-entry-size 10" bench/stream-vs-amqp10.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MESSAGES=${MESSAGES:-1000000}
ROUNDS=${ROUNDS:-2}
. bench/common.sh
AMQP_PORT=${HOST_AMQP:-5673}
STREAM_PORT=${HOST_STREAM:-5553}
EXTRA_STREAM=${EXTRA_STREAM:-}

run() { # protocol output
  local uri opts
  read -r uri opts < <(stream_target "$1")
  if [ "$1" = stream ]; then opts="$opts $EXTRA_STREAM"; fi
  # shellcheck disable=SC2086
  bench/cpu-time.py "$2" -- java $JAVA_OPTS -jar "$JAR" --uri "$uri" $opts -C "$MESSAGES" --confirm 1000 -s 12 \
    --interval 5s --no-broker-metrics
}

e2e_rate() { grep -oE 'end-to-end [0-9,]+ msg/s' "$1" | tail -1 | grep -oE '[0-9,]+' | tr -d ,; }

printf '%-8s %5s %12s %10s %s\n' protocol round "e2e msg/s" "cpu s/100k" "wall s"
for p in stream amqp10; do : > "$WORK/sv-$p.rates"; : > "$WORK/sv-$p.cpu"; done
for round in $(seq 1 "$ROUNDS"); do
  for p in stream amqp10; do
    out="$WORK/sv-$p-$round.log"
    read -r wall cpu code _ < <(run "$p" "$out" | tail -1)
    [ "$code" = 0 ] || { echo "$p run $round failed (exit $code); see $out" >&2; exit 1; }
    consumed=$(harness_consumed "$out")
    if [ "$consumed" != "$MESSAGES" ]; then
      # RabbitMQ 3.x can pause AMQP 1.0 stream deliveries for longer than the drain (docs/amqp10.md):
      # such a round has no throughput to compare, and says so.
      printf '%-8s %5s %12s %10s %s\n' "$p" "$round" "stalled" "-" "$wall (consumed $consumed of $MESSAGES; see $out)"
      continue
    fi
    rate=$(e2e_rate "$out"); c=$(per100k "$cpu")
    printf '%-8s %5s %12s %10s %s\n' "$p" "$round" "$rate" "$c" "$wall"
    echo "$rate" >> "$WORK/sv-$p.rates"; echo "$c" >> "$WORK/sv-$p.cpu"
  done
done
for p in stream amqp10; do
  if [ ! -s "$WORK/sv-$p.rates" ]; then
    echo "no $p round consumed every message, so there is no ratio; the rounds that did:"
    for q in stream amqp10; do
      [ -s "$WORK/sv-$q.rates" ] && echo "  $q $(median < "$WORK/sv-$q.rates") msg/s, $(median < "$WORK/sv-$q.cpu") s/100k"
    done
    exit 0
  fi
done
sr=$(median < "$WORK/sv-stream.rates"); ar=$(median < "$WORK/sv-amqp10.rates")
sc=$(median < "$WORK/sv-stream.cpu"); ac=$(median < "$WORK/sv-amqp10.cpu")
echo "medians over the rounds of $MESSAGES messages that consumed everything ($ROUNDS rounds run):"
echo "  end-to-end throughput  stream $sr msg/s, AMQP 1.0 $ar msg/s, ratio $(ratio "$sr" "$ar")"
echo "  client CPU             stream $sc s/100k, AMQP 1.0 $ac s/100k, ratio $(ratio "$sc" "$ac")"
