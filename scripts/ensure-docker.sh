#!/usr/bin/env bash
# Makes sure a Docker engine answers, for the container tests, --broker container and the images
# (scripts/build-images.sh): installs Debian's docker.io (and docker-compose) when dockerd is
# missing, starts the daemon by hand when none answers (no systemd needed), and waits for it.
# Idempotent and quick when Docker already answers; safe to run concurrently (a lock).
#
# It never fails: where Docker cannot run (not root, no apt-get, the daemon does not start on this
# kernel, DOCKER_HOST pointing at an engine that does not answer) it prints one sentence and exits
# 0, and the tests that need Docker skip, saying why.
#
#   HARNESS_DOCKER_DATA   the daemon's --data-root when this script starts it (default /var/lib/docker)
#   HARNESS_DOCKER_LOG    the daemon's log (default /var/log/amqp-harness-dockerd.log)
#   HARNESS_DOCKER_BIP    the default bridge's address (default 172.17.0.1/16)
set -uo pipefail

DATA_ROOT=${HARNESS_DOCKER_DATA:-/var/lib/docker}
LOG=${HARNESS_DOCKER_LOG:-/var/log/amqp-harness-dockerd.log}
LOCK=/var/lib/amqp-harness/.docker.lock
started=$SECONDS

say() { printf '[ensure-docker] %s\n' "$*"; }
# One sentence, then exit 0: the run goes on without Docker.
give_up() { say "$* The tests that need Docker will skip."; exit 0; }

answers() { timeout 20 docker info >/dev/null 2>&1; }
# "20.10.24 (API 1.41)" of the engine that answers.
server() { timeout 20 docker version --format '{{.Server.Version}} (API {{.Server.APIVersion}})' 2>/dev/null; }

up() {
  local took=$((SECONDS - started))
  if [ "$took" -gt 0 ]; then say "Docker $(server) answers ($took s)."; else say "Docker $(server) answers."; fi
  exit 0
}

command -v docker >/dev/null 2>&1 && answers && up

if [ -n "${DOCKER_HOST:-}" ] && [ "$DOCKER_HOST" != unix:///var/run/docker.sock ]; then
  give_up "DOCKER_HOST is $DOCKER_HOST and no engine answers there; this script starts a local engine only when DOCKER_HOST is unset."
fi
[ "$(id -u)" = 0 ] || give_up "Docker does not answer and this script is not root, so it can neither install nor start it (run it with sudo, or start Docker yourself)."

mkdir -p "$(dirname "$LOCK")"
exec 9>"$LOCK"
flock 9
# Another run may have started it while this one waited for the lock.
command -v docker >/dev/null 2>&1 && answers && up

if ! command -v dockerd >/dev/null 2>&1 || ! command -v docker-compose >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || give_up "dockerd is not installed and there is no apt-get to install it with; install Docker yourself."
  say "installing Debian's docker.io and docker-compose (apt-get, about 20 s)"
  install_log=/var/log/amqp-harness-docker-install.log
  if ! { DEBIAN_FRONTEND=noninteractive apt-get install -o DPkg::Lock::Timeout=300 -y -q docker.io docker-compose \
        || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -o DPkg::Lock::Timeout=300 -y -q docker.io docker-compose; }; } \
        >"$install_log" 2>&1; then
    give_up "apt-get could not install docker.io ($(grep -E '^(E|W):' "$install_log" | tail -1)); see $install_log."
  fi
  command -v dockerd >/dev/null 2>&1 || give_up "docker.io installed but there is no dockerd on PATH; see $install_log."
fi

# A daemon that runs but does not answer (still starting, or stuck): wait for it rather than start a second one.
pid=$(cat /var/run/docker.pid 2>/dev/null || true)
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
  say "a Docker daemon runs (pid $pid) but does not answer yet; waiting"
else
  say "starting the Docker daemon (data in $DATA_ROOT, log in $LOG)"
  mkdir -p "$DATA_ROOT" "$(dirname "$LOG")"
  # setsid: the daemon outlives this script and the test run; 9>&-: it must not hold the lock.
  # --bip: the default bridge then names its gateway, which Testcontainers asks for on a machine
  # that looks like a container (/.dockerenv); without it, it runs alpine (from a registry) to find it.
  setsid dockerd --data-root "$DATA_ROOT" -p /var/run/docker.pid --bip "${HARNESS_DOCKER_BIP:-172.17.0.1/16}" \
    </dev/null >>"$LOG" 2>&1 9>&- &
  pid=$!
fi

for _ in $(seq 1 60); do
  answers && up
  kill -0 "$pid" 2>/dev/null || break # the daemon exited
  sleep 1
done
last=$(grep -v '^\s*$' "$LOG" 2>/dev/null | tail -1 | sed -E 's/^time="[^"]*" //' | cut -c1-300)
give_up "the Docker daemon did not answer within 60 s (its last log line: ${last:-none}); see $LOG."
