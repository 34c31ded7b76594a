#!/usr/bin/env bash
# What goes over the wire, per message, when amqp-harness (--protocol amqp10) and the Qpid Proton C
# client of bench/proton-c carry the classic-queue workload of bench/amqp10-vs-amqp091.sh (credit
# 200, settlement window 192, 12-byte persistent messages, one publisher and one consumer on a
# connection each): for each connection and direction, the AMQP frames by performative and the TCP
# payload bytes, per 100 messages. Counts and bytes, not times: it can run on a loaded machine.
#
# Needs tshark (Debian: apt-get install -y tshark) and root, or a user allowed to capture on lo.
# Each client gets a queue of its own, and only the connections whose attach names that queue are
# counted, so other traffic on the broker's port does not count.
#
#   RABBITMQ_URI=amqp://guest:guest@localhost:5673/%2F RABBITMQ_API=http://localhost:15673/api \
#     MESSAGES=20000 bench/amqp10-wire.sh
#   JAR=/tmp/before.jar ... bench/amqp10-wire.sh       # another build of the harness
#   PEER=0 HARNESS_ARGS='--rate 3000' ... bench/amqp10-wire.sh   # the harness alone, with more options
set -euo pipefail
cd "$(dirname "$0")/.."

MESSAGES=${MESSAGES:-20000}
. bench/common.sh
command -v tshark >/dev/null || { echo "tshark is needed (apt-get install -y tshark)" >&2; exit 1; }
[ "${PEER:-1}" = 1 ] && bench/proton-c/build.sh
HOST=$(sed -E 's#^amqps?://([^@/]*@)?([^:/]+).*#\2#' <<<"$URI")
PORT=$(sed -nE 's#^amqps?://([^@/]*@)?[^:/]+:([0-9]+).*#\2#p' <<<"$URI"); PORT=${PORT:-5672}
VERSION=$(curl -sf -u guest:guest "$API/overview" | python3 -c 'import json,sys; print(json.load(sys.stdin)["rabbitmq_version"])')
case "$VERSION" in 3.*) PREFIX=/amq/queue ;; *) PREFIX=/queues ;; esac

capture() { # name queue command...
  local name=$1 queue=$2; shift 2
  declare_queue "$queue"
  dumpcap -q -i lo -f "tcp port $PORT" -w "$WORK/wire-$name.pcap" 2>/dev/null &
  local cap=$!
  sleep 2
  "$@" > "$WORK/wire-$name.log" 2>&1 || { echo "$name failed; see $WORK/wire-$name.log" >&2; kill $cap; exit 1; }
  sleep 2
  kill $cap; wait $cap || true
  delete_queue "$queue"
}

table() { # name queue
  local f="$WORK/wire-$1.pcap" streams
  streams=$(tshark -r "$f" -d "tcp.port==$PORT,amqp" -Y "amqp.performative == 18 && frame contains \"$2\"" \
    -T fields -e tcp.stream 2>/dev/null | sort -u | paste -sd, -)
  [ -n "$streams" ] || { echo "$1: no connection attached to $2 in the capture" >&2; exit 1; }
  echo "$1 ($MESSAGES messages; connections: tcp streams $streams)"
  tshark -r "$f" -d "tcp.port==$PORT,amqp" -Y "tcp.stream in {$streams}" \
    -T fields -e tcp.stream -e tcp.srcport -e amqp.performative -e tcp.len 2>/dev/null | awk -F'\t' -v n="$MESSAGES" -v port="$PORT" '
    BEGIN { split("open begin attach flow transfer disposition detach end close", names, " ") }
    { dir = ($2 == port ? "broker->client" : "client->broker"); key = $1 " " dir
      bytes[key] += $4; if ($4 > 0) segments[key]++
      if ($3 != "") { m = split($3, p, ","); for (i = 1; i <= m; i++) { frames[key " " names[p[i] - 15]]++ } } }
    END { for (k in frames) if (frames[k] > 5) printf "  %-32s %8d frames  %7.2f per 100 messages\n", k, frames[k], 100 * frames[k] / n
          for (k in bytes) if (bytes[k] > 0) printf "  %-32s %8d bytes   %7.1f per message\n", k " bytes", bytes[k], bytes[k] / n
          for (k in segments) printf "  %-32s %8d         %7.2f per 100 messages\n", k " tcp segments", segments[k], 100 * segments[k] / n }' | sort
}

QH=bench-wire-harness-$$
QP=bench-wire-proton-c-$$
# shellcheck disable=SC2086
capture harness "$QH" java $JAVA_OPTS -jar "$JAR" --uri "$URI" --predeclared --exchange amq.default --routing-key "$QH" \
  --queue "$QH" --flag persistent --pmessages "$MESSAGES" --size 12 --interval 5s --drain-timeout 120s \
  --no-broker-metrics --protocol amqp10 --confirm 192 --qos 200 ${HARNESS_ARGS:-}
table harness "$QH"
if [ "${PEER:-1}" = 1 ]; then
  capture proton-c "$QP" env PEER_CONNECTIONS=2 bench/proton-c/target/peer "$HOST" "$PORT" "$PREFIX/$QP" "$MESSAGES" 200
  table proton-c "$QP"
fi
