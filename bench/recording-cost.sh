#!/usr/bin/env bash
# What recording a latency value and checking a sequence cost per message, on one thread and on
# two at once: the shared HdrHistogram Recorder the harness used before, the striped
# LatencyRecorder it uses now, and the SequenceTracker's lock. Run on an idle machine (no build,
# no broker load): it times CPU work. Usage: bench/recording-cost.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -ntp -pl harness-core test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.cp >/dev/null
cp="harness-core/target/test-classes:harness-core/target/classes:$(cat harness-core/target/bench.cp)"
java -cp "$cp" io.amqpharness.bench.RecordingCost
