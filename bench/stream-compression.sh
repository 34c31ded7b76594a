#!/usr/bin/env bash
# Sub-entry compression over RabbitMQ's stream protocol (issue 40): MESSAGES (default 300,000) bodies
# of SIZE (default 100) bytes in sub-entries of SUB_ENTRY (default 10) messages, one publisher with a
# confirm window of CONFIRM (default 1000) and one consumer from the first offset, for each codec of CODECS (default
# "none gzip lz4 snappy zstd"), ROUNDS (default 3) rounds, the codecs alternating within a round.
# Prints per run and as medians the end-to-end throughput, the client's CPU seconds per 100k
# messages (whole process, JVM start included) and the harness's peak heap, then each codec's
# throughput as a share of `none`'s. With SPT_JAR (StreamPerfTest's jar, built from the source of
# rabbitmq/rabbitmq-stream-perf-test) each harness run is followed by
# a StreamPerfTest run of the same shape, and the ratios harness / StreamPerfTest are printed too.
#
#   bench/stream-compression.sh                             # the local 3.10 (stream port 5552)
#   STREAM_PORT=5553 bench/stream-compression.sh            # RabbitMQ 4.0 of scripts/rabbitmq4.sh
#   SPT_JAR=/path/to/stream-perf-test.jar bench/stream-compression.sh
#   bench/stream-compression.sh codecs                      # the codecs alone, in one thread (no broker)
#   MESSAGES=1000000 SIZE=12 SUB_ENTRY=1 CONFIRM=3000 CODECS=none SPT_JAR=... bench/stream-compression.sh
#                                      # seed 001's stream shape, no sub-entries: the driver's CPU per message
# Run it on an idle machine: the ratios come from alternated runs, the absolute rates move with the machine.
set -euo pipefail
cd "$(dirname "$0")/.."

MESSAGES=${MESSAGES:-300000}
ROUNDS=${ROUNDS:-3}
. bench/common.sh
STREAM_PORT=${STREAM_PORT:-5552}
SIZE=${SIZE:-100}
SUB_ENTRY=${SUB_ENTRY:-10}
CONFIRM=${CONFIRM:-1000}
CODECS=${CODECS:-none gzip lz4 snappy zstd}
SPT_JAR=${SPT_JAR:-}
STREAM_URI="rabbitmq-stream://guest:guest@localhost:$STREAM_PORT/%2F"

if [ "${1:-}" = codecs ]; then
  # CPU microseconds and bytes allocated per message, compressing and reading back a sub-entry:
  # Commons Compress's codecs (the harness's before), the client's default ones, the harness's.
  mvn -q -B -ntp -pl harness-stream -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$PWD/$WORK/stream-cp.txt" -Dmdep.includeScope=test >/dev/null
  exec java -cp "harness-stream/target/test-classes:harness-stream/target/classes:$(cat "$WORK/stream-cp.txt")" \
    io.amqpharness.stream.SubEntryCodecsBench "$SUB_ENTRY" "$SIZE" "${SECONDS_EACH:-3}"
fi

harness() { # codec output
  # shellcheck disable=SC2086
  bench/cpu-time.py "$2" -- java $JAVA_OPTS -jar "$JAR" --uri "$STREAM_URI" --protocol stream -C "$MESSAGES" \
    -s "$SIZE" --confirm "$CONFIRM" --sub-entry-size "$SUB_ENTRY" --compression "$1" --stream-offset first \
    --interval 5s --no-broker-metrics
}

spt() { # codec output
  # one stream of its own, deleted afterwards; the run ends when the consumer has read every message
  # (without this script's settings in its environment: StreamPerfTest reads variables such as SIZE
  # as option values, and then refuses its own defaults)
  # shellcheck disable=SC2086
  bench/cpu-time.py "$2" -- env -u SIZE -u SUB_ENTRY -u CONFIRM -u MESSAGES -u ROUNDS -u CODECS -u STREAM_PORT \
    java $JAVA_OPTS -jar "$SPT_JAR" --uris "$STREAM_URI" --producers 1 --consumers 1 \
    --size "$SIZE" --confirms "$CONFIRM" --sub-entry-size "$SUB_ENTRY" --compression "$1" --offset first \
    --pmessages "$MESSAGES" --cmessages "$MESSAGES" --streams "bench-spt-$1-$$" --delete-streams
}

harness_e2e() { grep -oE 'end-to-end [0-9,]+ msg/s' "$1" | tail -1 | grep -oE '[0-9,]+' | tr -d ,; }
harness_heap() { grep -oE 'peak heap [0-9.]+ MiB' "$1" | grep -oE '[0-9.]+'; }
# StreamPerfTest's summary: the consumed rate over its run
spt_rate() { grep -oE 'consume(d|r)? ?(rate)?[^0-9]*[0-9,.]+ msg/s' "$1" | tail -1 | grep -oE '[0-9,.]+ msg/s' | grep -oE '[0-9,.]+' | tr -d ,; }

printf '%-8s %-6s %5s %12s %10s %10s %s\n' codec tool round "e2e msg/s" "cpu s/100k" "heap MiB" "wall s"
for c in $CODECS; do for t in harness spt; do : > "$WORK/sc-$t-$c.rate"; : > "$WORK/sc-$t-$c.cpu"; done; : > "$WORK/sc-harness-$c.heap"; done
for round in $(seq 1 "$ROUNDS"); do
  for c in $CODECS; do
    out="$WORK/sc-harness-$c-$round.log"
    read -r wall cpu code _ < <(harness "$c" "$out" | tail -1)
    [ "$code" = 0 ] || { echo "harness $c run $round failed (exit $code); see $out" >&2; exit 1; }
    consumed=$(harness_consumed "$out")
    [ "$consumed" = "$MESSAGES" ] || { echo "harness $c run $round consumed $consumed of $MESSAGES; see $out" >&2; exit 1; }
    rate=$(harness_e2e "$out"); heap=$(harness_heap "$out"); p=$(per100k "$cpu")
    printf '%-8s %-6s %5s %12s %10s %10s %s\n' "$c" harness "$round" "$rate" "$p" "$heap" "$wall"
    echo "$rate" >> "$WORK/sc-harness-$c.rate"; echo "$p" >> "$WORK/sc-harness-$c.cpu"; echo "$heap" >> "$WORK/sc-harness-$c.heap"
    if [ -n "$SPT_JAR" ]; then
      out="$WORK/sc-spt-$c-$round.log"
      read -r wall cpu code _ < <(spt "$c" "$out" | tail -1)
      if [ "$code" != 0 ]; then # its connection can fail on a busy broker: that round has no peer row
        printf '%-8s %-6s %5s %12s %10s %10s %s\n' "$c" spt "$round" failed - - "$wall (exit $code; see $out)"
        continue
      fi
      rate=$(spt_rate "$out"); p=$(per100k "$cpu")
      printf '%-8s %-6s %5s %12s %10s %10s %s\n' "$c" spt "$round" "${rate:-?}" "$p" - "$wall"
      [ -n "$rate" ] && echo "$rate" >> "$WORK/sc-spt-$c.rate"
      echo "$p" >> "$WORK/sc-spt-$c.cpu"
    fi
  done
done

echo
echo "medians over $ROUNDS rounds, $MESSAGES x $SIZE B, sub-entries of $SUB_ENTRY, stream port $STREAM_PORT:"
none=""
if [[ " $CODECS " == *" none "* ]]; then none=$(median < "$WORK/sc-harness-none.rate"); fi
for c in $CODECS; do
  r=$(median < "$WORK/sc-harness-$c.rate"); p=$(median < "$WORK/sc-harness-$c.cpu"); h=$(median < "$WORK/sc-harness-$c.heap")
  line=$(printf '  %-6s harness %9s msg/s %7s CPU-s/100k  peak heap %6s MiB' "$c" "$r" "$p" "$h")
  [ -n "$none" ] && line="$line  $(ratio "$r" "$none")x none"
  if [ -s "$WORK/sc-spt-$c.cpu" ]; then
    sp=$(median < "$WORK/sc-spt-$c.cpu")
    line="$line | StreamPerfTest $sp CPU-s/100k, CPU ratio $(ratio "$p" "$sp")"
    if [ -s "$WORK/sc-spt-$c.rate" ]; then
      sr=$(median < "$WORK/sc-spt-$c.rate")
      line="$line, $sr msg/s, throughput ratio $(ratio "$r" "$sr")"
    fi
  fi
  echo "$line"
done
