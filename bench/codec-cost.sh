#!/usr/bin/env bash
# What the shared AMQP 1.0 message codec (harness-amqp-message) costs per message on one thread:
# scanning a delivery, writing a message's head, encoding a stream message whole; nanoseconds and
# bytes allocated per message. Run on an idle machine (no build, no broker load): it times CPU work.
# Usage: bench/codec-cost.sh [messages per round, default 10000000] [rounds, default 5]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -ntp -pl harness-amqp-message -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.cp >/dev/null
cp="harness-amqp-message/target/test-classes:harness-amqp-message/target/classes:$(cat harness-amqp-message/target/bench.cp)"
java -cp "$cp" io.amqpharness.bench.CodecCost "$@"
