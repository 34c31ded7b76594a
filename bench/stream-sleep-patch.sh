#!/usr/bin/env bash
# What RabbitMQ 4.0.5's 1 ms sleep in the stream connection's delivery loop costs at a paced load
# (issue 40; docs/performance.md, "The stream protocol against AMQP 1.0 on a stream"). RabbitMQ
# 4.2.2 removed that one line (rabbitmq-server commit 1ac17e4, pull request 14969, the backport of
# 193b04d, pull request 14766); no 4.2.2 broker is at hand here, so this puts 4.2.2's change into a
# 4.0.5 broker of its own and compares, on that one broker, the stock module with the changed one.
#
#   sudo bench/stream-sleep-patch.sh                          # ROUNDS=3 DURATION=20s RATE=1000
#   sudo ROUNDS=5 DURATION=30s bench/stream-sleep-patch.sh
#
# 1. Starts a throwaway RabbitMQ 4.0.5 node, rabbitsleep@localhost, from the Debian trixie root of
#    scripts/rabbitmq4.sh (RABBITMQ4_ROOT, set up if needed), listening on 127.0.0.1 only: AMQP
#    5690, stream 5590, Erlang distribution 25690, no management; its configuration, data and logs
#    in /tmp/amqp-harness-stream-sleep inside the root. It refuses to start if one of those ports is
#    taken. The 3.10 broker, rabbit4@localhost and the cluster's nodes are not touched.
# 2. Builds the changed module from the installed one: bench/stream-sleep-patch.escript takes the
#    abstract code of the installed rabbit_stream_reader.beam (its debug_info), removes the one call
#    timer:sleep(1) in send_chunks/8, and compiles it with the installed Erlang and the module's own
#    build options (after checking that the unchanged forms compile to the installed code).
# 3. Runs bench/stream-latency.sh (ROUNDS=1 each time) against that node, the stock module and the
#    changed one loaded in turn with code:load_binary (in that node only, between runs, with no
#    stream connection open), ROUNDS rounds, the order alternating (stock first in odd rounds), and
#    prints each run's e2e p50/p99 for the stream protocol and AMQP 1.0 on a stream, and the ratios
#    stream / AMQP 1.0 within each run: the two protocols of one run share the machine's state, so
#    the ratio is what holds up on a loaded machine.
# 4. Stops the node and deletes its directory at the end, on failure and on Ctrl-C too.
#
# Needs root (chroot). Run it on an idle machine: it measures fractions of a millisecond. Not run by
# any test or by CI. Logs: bench/work/stream-sleep-*.log.
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=${RABBITMQ4_ROOT:-/var/lib/amqp-harness/rabbitmq4}
NODE=rabbitsleep@localhost
AMQP_PORT=5690
STREAM_PORT=5590
DIST_PORT=25690
DIR=/tmp/amqp-harness-stream-sleep # inside the root
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-20s}
RATE=${RATE:-1000}
WORK=bench/work
PLUGINS=/usr/lib/rabbitmq/lib/rabbitmq_server-4.0.5/plugins
STOCK_BEAM=$PLUGINS/rabbitmq_stream-4.0.5/ebin/rabbit_stream_reader.beam
PATCHED_BEAM=$DIR/patched/rabbit_stream_reader.beam

say() { printf '[stream-sleep-patch] %s\n' "$*"; }
fail() { printf '[stream-sleep-patch] %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "needs root (chroot into $ROOT); run it with sudo."
mkdir -p "$WORK"

in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
ctl() { in_root /usr/sbin/rabbitmqctl -n "$NODE" "$@"; }
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# The OS pid of this node's Erlang VM: the beam.smp started with this script's RABBITMQ_CONF_ENV_FILE
# (RabbitMQ 4 puts no node name on the VM's command line); empty if none runs.
node_pid() {
  local d
  for d in /proc/[0-9]*; do
    [ "$(cat "$d/comm" 2>/dev/null)" = beam.smp ] || continue
    if { tr '\0' '\n' <"$d/environ"; } 2>/dev/null | grep -qx "RABBITMQ_CONF_ENV_FILE=$DIR/rabbitmq-env.conf"; then
      echo "${d#/proc/}"; return
    fi
  done
}

cleanup() {
  local rc=$? pid
  trap - EXIT INT TERM
  if [ -d "$ROOT$DIR" ]; then
    say "stopping $NODE and removing $ROOT$DIR"
    ctl -q stop >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do [ -n "$(node_pid)" ] || break; sleep 1; done
    pid=$(node_pid)
    if [ -n "$pid" ]; then say "$NODE did not stop; killing its VM (pid $pid)"; kill -9 "$pid" 2>/dev/null || true; fi
    rm -rf --one-file-system "${ROOT:?}$DIR"
  fi
  exit "$rc"
}

for port in $AMQP_PORT $STREAM_PORT $DIST_PORT; do
  ! listening "$port" || fail "port $port is taken; is another run of this script going on?"
done
[ -z "$(node_pid)" ] || fail "a $NODE VM runs already (pid $(node_pid)); is another run of this script going on?"

scripts/rabbitmq4.sh setup-root >/dev/null
[ -f "$ROOT$STOCK_BEAM" ] || fail "no $STOCK_BEAM in $ROOT: this compares against RabbitMQ 4.0.5, which the root's Debian trixie ships."
trap cleanup EXIT
trap 'exit 130' INT TERM

ids=$(awk -F: '$1 == "rabbitmq" {printf "%s:%s", $3, $4}' "$ROOT/etc/passwd")
[ -n "$ids" ] || fail "no rabbitmq user in $ROOT/etc/passwd"
rm -rf --one-file-system "${ROOT:?}$DIR"
mkdir -p "$ROOT$DIR/mnesia" "$ROOT$DIR/log" "$ROOT$DIR/patched"
cat >"$ROOT$DIR/rabbitmq.conf" <<CONF
# written by amqp-harness bench/stream-sleep-patch.sh: a throwaway node, removed at the end
listeners.tcp.1 = 127.0.0.1:$AMQP_PORT
stream.listeners.tcp.1 = 127.0.0.1:$STREAM_PORT
stream.advertised_host = localhost
stream.advertised_port = $STREAM_PORT
loopback_users = none
CONF
cat >"$ROOT$DIR/rabbitmq-env.conf" <<CONF
NODENAME=$NODE
DIST_PORT=$DIST_PORT
CONFIG_FILE=$DIR/rabbitmq.conf
ENABLED_PLUGINS_FILE=$DIR/enabled_plugins
MNESIA_BASE=$DIR/mnesia
LOG_BASE=$DIR/log
SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
CONF
printf '[rabbitmq_stream].\n' >"$ROOT$DIR/enabled_plugins"
cp bench/stream-sleep-patch.escript "$ROOT$DIR/"
chown -R "$ids" "$ROOT$DIR"

say "building rabbit_stream_reader without the sleep from the installed module"
in_root /usr/bin/escript "$DIR/stream-sleep-patch.escript" "$STOCK_BEAM" "$PATCHED_BEAM"

say "starting $NODE (AMQP $AMQP_PORT, stream $STREAM_PORT)"
( ulimit -Sn "$(ulimit -Hn)"
  chroot --userspec="$ids" "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/var/lib/rabbitmq LANG=C.UTF-8 RABBITMQ_CONF_ENV_FILE="$DIR/rabbitmq-env.conf" \
    sh -c 'cd /var/lib/rabbitmq && exec /usr/lib/rabbitmq/bin/rabbitmq-server -detached' \
    >/dev/null 2>&1 ) || true
up=0
for _ in $(seq 1 120); do
  if listening "$STREAM_PORT" && ctl -q await_startup >/dev/null 2>&1; then up=1; break; fi
  sleep 1
done
[ "$up" = 1 ] || fail "$NODE did not start within 120 s; see $ROOT$DIR/log/"
say "$NODE is up: RabbitMQ $(ctl -q eval 'io:format("~s~n", [rabbit_misc:version()]).' 2>/dev/null | sed -n 1p)"

# load stock|patched: make that version of rabbit_stream_reader the node's current code and check it.
load() {
  local file expected got
  file=$([ "$1" = stock ] && echo "$STOCK_BEAM" || echo "$PATCHED_BEAM")
  expected=$(in_root /usr/bin/erl -noshell -eval "{ok, {_, M}} = beam_lib:md5(\"$file\"), io:format(\"~s\", [[io_lib:format(\"~2.16.0b\", [B]) || <<B>> <= M]]), halt()." )
  for _ in $(seq 1 30); do
    got=$(ctl -q eval "
      Reader = rabbit_stream_reader,
      false = code:is_sticky(Reader),
      case code:soft_purge(Reader) of
        false -> io:format(\"busy~n\");
        true ->
          {ok, Bin} = file:read_file(\"$file\"),
          {module, Reader} = code:load_binary(Reader, \"$file\", Bin),
          io:format(\"~s~n\", [[io_lib:format(\"~2.16.0b\", [B]) || <<B>> <= Reader:module_info(md5)]])
      end." 2>&1 | sed -n 1p)
    [ "$got" = busy ] || break
    sleep 1 # a stream connection of the previous run still runs the old code
  done
  [ "$got" = "$expected" ] || fail "loading the $1 rabbit_stream_reader: node says '$got', expected MD5 $expected"
  printf '%s' "$expected"
}

fields() { # protocol log -> "p50 p99 confirm-p50", or "stalled - -"
  awk -v p="$1" '$1 == p && $2 == "1" {print $3, $4, $5; exit}' "$2"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b; else print "-"}'; }
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "-"; else print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

summary="$WORK/stream-sleep-summary.txt"
: >"$summary"
for v in stock patched; do : >"$WORK/stream-sleep-$v.r50"; : >"$WORK/stream-sleep-$v.r99"; done
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then order="stock patched"; else order="patched stock"; fi
  for v in $order; do
    md5=$(load "$v")
    log="$WORK/stream-sleep-$v-$round.log"
    say "round $round, $v module (MD5 $md5): bench/stream-latency.sh, $RATE msg/s, $DURATION"
    HOST_AMQP=$AMQP_PORT HOST_STREAM=$STREAM_PORT ROUNDS=1 DURATION=$DURATION RATE=$RATE \
      bench/stream-latency.sh >"$log" 2>&1 || fail "bench/stream-latency.sh failed; see $log"
    read -r s50 s99 sc < <(fields stream "$log")
    read -r a50 a99 ac < <(fields amqp10 "$log")
    r50=$(ratio "$s50" "$a50"); r99=$(ratio "$s99" "$a99")
    [ "$r50" = - ] || echo "$r50" >>"$WORK/stream-sleep-$v.r50"
    [ "$r99" = - ] || echo "$r99" >>"$WORK/stream-sleep-$v.r99"
    printf '%5s %-8s %10s %10s %10s %10s %10s %10s %7s %7s\n' "$round" "$v" "$s50" "$s99" "$sc" "$a50" "$a99" "$ac" \
      "$r50" "$r99" >>"$summary"
  done
done

echo
echo "RabbitMQ 4.0.5 node $NODE, $RATE msg/s, $DURATION measured per run (bench/stream-latency.sh), load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "e2e and confirm latency in ms; stock = the installed rabbit_stream_reader, patched = the same without timer:sleep(1)"
echo "(RabbitMQ 4.2.2's change); e2e p50 less confirm p50 is roughly the delivery side's; x = stream / AMQP 1.0 in the same run"
printf '%5s %-8s %10s %10s %10s %10s %10s %10s %7s %7s\n' round module "stream p50" "stream p99" "stream cnf" \
  "amqp10 p50" "amqp10 p99" "amqp10 cnf" "p50 x" "p99 x"
cat "$summary"
echo
for v in stock patched; do
  printf 'median over the rounds, %-8s stream / AMQP 1.0: p50 %sx, p99 %sx\n' "$v" \
    "$(median <"$WORK/stream-sleep-$v.r50")" "$(median <"$WORK/stream-sleep-$v.r99")"
done
