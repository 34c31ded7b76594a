#!/usr/bin/env bash
# End-to-end latency at a light paced load over RabbitMQ's stream protocol and over AMQP 1.0 on a
# stream, on the same broker: one publisher at RATE (default 1,000) msg/s with a confirm window of
# 1000, one consumer from the first offset, 12-byte bodies, a WARMUP (default 5 s, not measured) and
# then DURATION (default 30 s) measured, ROUNDS (default 2) alternating rounds. Prints per run and as
# medians the end-to-end p50 and p99 (ms; the summary's end-to-end row, from the pacer's intended
# send time) and the client CPU seconds per run. Each run declares its own stream (the harness
# deletes it afterwards), so `first` reads only this run's messages, and also any the consumer was
# not yet attached for (`next` would skip those, in the warm-up), so every round can be checked for
# completeness. Both protocols publish with confirms (the stream protocol confirms every message anyway).
#
#   bench/stream-latency.sh                       # RabbitMQ 4.0 of scripts/rabbitmq4.sh (5673, stream 5553)
#   HOST_AMQP=5672 HOST_STREAM=5552 bench/stream-latency.sh     # the local 3.10
#   DURATION=60s ROUNDS=5 bench/stream-latency.sh
# Run it on an idle machine: it measures fractions of a millisecond.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-2}
. bench/common.sh
AMQP_PORT=${HOST_AMQP:-5673}
STREAM_PORT=${HOST_STREAM:-5553}
RATE=${RATE:-1000}
INTERVAL=5

seconds() { # a whole number of seconds, with or without an s: 30, 30s
  [[ "$1" =~ ^([0-9]+)s?$ ]] || { echo "$2 must be whole seconds (30s), not $1" >&2; exit 2; }
  echo "${BASH_REMATCH[1]}"
}
MEASURED=$(seconds "${DURATION:-30s}" DURATION)
# The harness rounds a warm-up up to whole reporting intervals; round it here so that the measured
# stretch is DURATION.
WARM=$(seconds "${WARMUP:-5s}" WARMUP)
WARM=$(( (WARM + INTERVAL - 1) / INTERVAL * INTERVAL ))
TOTAL=$((WARM + MEASURED))

run() { # protocol output
  local uri opts
  read -r uri opts < <(stream_target "$1")
  # shellcheck disable=SC2086
  bench/cpu-time.py "$2" -- java $JAVA_OPTS -jar "$JAR" --uri "$uri" $opts --rate "$RATE" --confirm 1000 -s 12 \
    --stream-offset first --time "${TOTAL}s" --warmup "${WARM}s" --interval "${INTERVAL}s" --no-broker-metrics
}

# p50 and p99 end-to-end latency in milliseconds, from the summary's latency table (warm-up left out).
e2e_latency() { awk '/^  end-to-end / {print $3, $7; exit}' "$1"; }
# p50 of the publisher's confirm latency (to the broker and back, through the client's publishing
# threads): what of the end-to-end latency the publishing side accounts for.
confirm_p50() { awk '/^  confirm / {print $3; exit}' "$1"; }
harness_published() { grep -oE '^  published [0-9,]+' "$1" | grep -oE '[0-9,]+' | tr -d ,; }

printf '%-8s %5s %10s %10s %10s %8s %s\n' protocol round "e2e p50" "e2e p99" "conf p50" "cpu s" "wall s"
for p in stream amqp10; do for f in p50 p99 conf cpu; do : > "$WORK/sl-$p.$f"; done; done
for round in $(seq 1 "$ROUNDS"); do
  for p in stream amqp10; do
    out="$WORK/sl-$p-$round.log"
    read -r wall cpu code _ < <(run "$p" "$out" | tail -1)
    [ "$code" = 0 ] || { echo "$p run $round failed (exit $code); see $out" >&2; exit 1; }
    published=$(harness_published "$out"); consumed=$(harness_consumed "$out")
    if [ -z "$published" ] || [ "$consumed" != "$published" ]; then
      # RabbitMQ 3.x can pause AMQP 1.0 stream deliveries for longer than the drain (docs/amqp10.md):
      # the latency of such a round leaves out the messages still held back, so it is not compared.
      printf '%-8s %5s %10s %10s %10s %8s %s\n' "$p" "$round" stalled - - "$cpu" \
        "$wall (consumed ${consumed:-?} of ${published:-?}; see $out)"
      continue
    fi
    read -r p50 p99 < <(e2e_latency "$out"); conf=$(confirm_p50 "$out")
    printf '%-8s %5s %10s %10s %10s %8s %s\n' "$p" "$round" "$p50" "$p99" "$conf" "$cpu" "$wall"
    echo "$p50" >> "$WORK/sl-$p.p50"; echo "$p99" >> "$WORK/sl-$p.p99"; echo "$conf" >> "$WORK/sl-$p.conf"
    echo "$cpu" >> "$WORK/sl-$p.cpu"
  done
done

echo
echo "medians over the rounds that consumed everything ($ROUNDS rounds run, ${WARM} s warm-up + ${MEASURED} s at $RATE msg/s):"
for p in stream amqp10; do
  label=$([ "$p" = stream ] && echo "--protocol stream" || echo "--protocol amqp10 --queue-type stream")
  if [ -s "$WORK/sl-$p.p50" ]; then
    printf '  %-38s e2e p50 %s ms, p99 %s ms, confirm p50 %s ms, client CPU %s s per run\n' "$label" \
      "$(median < "$WORK/sl-$p.p50")" "$(median < "$WORK/sl-$p.p99")" "$(median < "$WORK/sl-$p.conf")" \
      "$(median < "$WORK/sl-$p.cpu")"
  else
    printf '  %-38s no round consumed every message\n' "$label"
  fi
done
