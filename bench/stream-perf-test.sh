#!/usr/bin/env bash
# Builds StreamPerfTest (rabbitmq/rabbitmq-stream-perf-test) from source into
# bench/work/stream-perf-test/target/stream-perf-test.jar, for bench/stream-compression.sh's SPT_JAR.
# SPT_SRC: a checkout of the repository (cloned from GitHub when not given); SPT_REF: what to build
# (default b7aaa30, its main branch of 2026-08-21, after 1.8.0: it builds against stream-client 1.11.0);
# STREAM_CLIENT: the stream-client it is built against (default
# 1.11.0, the harness's, so both compare with the same client and the same codec libraries).
#
#   bench/stream-perf-test.sh
#   SPT_SRC=~/src/rabbitmq-stream-perf-test SPT_REF=main bench/stream-perf-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DEST=bench/work/stream-perf-test
SPT_REF=${SPT_REF:-b7aaa30}
STREAM_CLIENT=${STREAM_CLIENT:-1.11.0}
mkdir -p bench/work
if [ ! -d "$DEST/.git" ]; then
  git clone -q "${SPT_SRC:-https://github.com/rabbitmq/rabbitmq-stream-perf-test.git}" "$DEST"
fi
git -C "$DEST" checkout -q "$SPT_REF"
# formatting and signing checks are the project's own, not needed to run it
(cd "$DEST" && mvn -q -B -ntp package -DskipTests -Dstream-client.version="$STREAM_CLIENT" \
  -Dspotless.check.skip=true -Dspotless.apply.skip=true -Dgpg.skip)
ls -l "$DEST/target/stream-perf-test.jar"
