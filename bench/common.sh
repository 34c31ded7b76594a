# Shared by the bench scripts (sourced, not run): settings, the harness jar, queues through the
# management API, and reading numbers out of the harness's summary. The scripts run the harness with
# --no-broker-metrics: the peers they compare with do not sample the broker, and the samples would
# add to the broker CPU they measure.

MESSAGES=${MESSAGES:-300000}
ROUNDS=${ROUNDS:-3}
URI=${RABBITMQ_URI:-amqp://guest:guest@localhost:5672/%2F}
API=${RABBITMQ_API:-http://localhost:15672/api}
WORK=bench/work
JAR=${JAR:-harness-cli/target/harness.jar} # JAR=/tmp/before.jar bench/...: an older build of the harness
JAVA_OPTS=${JAVA_OPTS:--Xmx512m}

mkdir -p "$WORK"
if [ ! -f "$JAR" ]; then
  echo "building $JAR"
  mvn -q -B -ntp -pl harness-cli -am package -DskipTests
fi

delete_queue() { # name
  curl -sf -u guest:guest -X DELETE "$API/queues/%2F/$1" >/dev/null 2>&1 || true
}

declare_queue() { # name [arguments as JSON]
  delete_queue "$1"
  curl -sf -u guest:guest -X PUT -H 'content-type: application/json' \
    -d "{\"durable\":true,\"auto_delete\":false,\"arguments\":${2:-{\}}}" "$API/queues/%2F/$1" >/dev/null
}

# Seed 001's AMQP 0.9.1 classic-queue run for the harness (the queue QUEUE must exist): the default
# exchange, persistent + mandatory, 12-byte bodies, confirm window 192, prefetch 200, multi-ack every 200.
seed001_harness_args() {
  echo --uri "$URI" --predeclared --exchange amq.default --routing-key "$QUEUE" --queue "$QUEUE" \
    --flag persistent --flag mandatory --pmessages "$MESSAGES" --size 12 --confirm 192 --qos 200 \
    --multi-ack-every 200 --interval 5s
}

# Numbers from a harness summary: received msg/s, consumed and confirmed counts.
harness_rate() { grep -oE 'received [0-9,]+ msg/s' "$1" | tail -1 | grep -oE '[0-9,]+' | tr -d ,; }
harness_consumed() { grep -oE '^  consumed [0-9,]+' "$1" | grep -oE '[0-9,]+' | tr -d ,; }
harness_confirmed() { grep -oE 'confirmed [0-9,]+  nacked' "$1" | grep -oE '[0-9,]+' | head -1 | tr -d ,; }

per100k() { awk -v c="$1" -v m="$MESSAGES" 'BEGIN {printf "%.3f", c * 100000 / m}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# PerfTest 2.22.1 and its dependencies in $WORK/perftest-lib (fetched once, from Maven Central).
fetch_perftest() {
  if [ ! -f "$WORK/perftest-lib/perf-test-2.22.1.jar" ]; then
    echo "fetching PerfTest 2.22.1 and its dependencies from Maven Central"
    mvn -q -B -ntp -f bench/perftest/pom.xml dependency:copy-dependencies \
      -DoutputDirectory="$PWD/$WORK/perftest-lib" -DincludeScope=runtime
  fi
}

# The pid of the broker listening on URI's port (its beam.smp), for cpu-time.py --broker-pid; empty
# when it cannot be found (then broker CPU reads 0).
broker_pid() {
  local port
  port=$(echo "$URI" | sed -E 's#^[a-z+]+://([^@/]*@)?[^:/]+:([0-9]+).*#\2#')
  ss -ltnpH "sport = :$port" 2>/dev/null | grep -oE 'pid=[0-9]+' | head -1 | cut -d= -f2
}

# A stream run's address and protocol options, over the stream protocol or over AMQP 1.0 on a stream
# queue: prints "URI OPTIONS..." for `stream` or `amqp10` (AMQP_PORT and STREAM_PORT must be set).
stream_target() { # protocol
  if [ "$1" = stream ]; then
    echo "rabbitmq-stream://guest:guest@localhost:$STREAM_PORT/%2F --protocol stream"
  else
    echo "amqp://guest:guest@localhost:$AMQP_PORT/%2F --protocol amqp10 --queue-type stream"
  fi
}
