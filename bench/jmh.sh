#!/usr/bin/env bash
# JMH microbenchmarks of per-message and per-interval work that needs no broker: the shared AMQP 1.0
# codec (encoding a message into a reused array, scanning a delivery) and the interval latency
# summary (one pass against HdrHistogram's calls). Sources in bench/jmh/src; JMH 1.37 is fetched
# once from Maven Central into bench/work/jmh-lib (bench/jmh/pom.xml), the benchmarks are compiled
# against the modules' classes, nothing is installed. Arguments go to JMH. Run on an idle machine.
#
#   bench/jmh.sh                                  # every benchmark, JMH's defaults (5 forks: long)
#   bench/jmh.sh -f 1 -wi 3 -i 5 -prof gc Codec   # the codec, with bytes allocated per operation
#   bench/jmh.sh -f 1 -wi 0 -i 1 -r 1s            # a smoke run: do they work at all
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=bench/work
LIB=$WORK/jmh-lib
OUT=$WORK/jmh-classes
mkdir -p "$WORK"
if [ ! -f "$LIB/jmh-core-1.37.jar" ]; then
  echo "fetching JMH 1.37 from Maven Central"
  mvn -q -B -ntp -f bench/jmh/pom.xml dependency:copy-dependencies -DoutputDirectory="$PWD/$LIB" -DincludeScope=runtime
fi
mvn -q -B -ntp -pl harness-amqp-message -am test-compile dependency:build-classpath -Dmdep.outputFile=target/jmh.cp >/dev/null
cp="harness-amqp-message/target/classes:harness-core/target/classes:$(cat harness-amqp-message/target/jmh.cp):$(ls "$LIB"/*.jar | tr '\n' ':')"
rm -rf "$OUT" && mkdir -p "$OUT"
javac -d "$OUT" -cp "$cp" -processorpath "$(ls "$LIB"/*.jar | tr '\n' ':')" $(find bench/jmh/src -name '*.java')
java -cp "$OUT:$cp" org.openjdk.jmh.Main "$@"
