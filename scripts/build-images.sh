#!/usr/bin/env bash
# Builds the local images the container tests, --broker container and docker/compose.yml use when
# no registry can be reached (docker pull fails), from Debian packages; each is reused when it is
# already there and its recipe has not changed (a label), so a second call takes about a second.
#
#   amqp-harness/rabbitmq:4.0.5  RabbitMQ 4.0.5 (Debian trixie's rabbitmq-server) with the management,
#                                Prometheus, stream and AMQP 1.0 plugins; made from the trixie root of
#                                scripts/rabbitmq4.sh with docker import (about 5 s)
#   amqp-harness/java:17         a Java 17 runtime on PATH, the base of the harness image here: this
#                                machine's own Debian openjdk-17 (its JDK directory, symbolic links
#                                followed, without jmods and headers) on the Debian trixie root of
#                                scripts/rabbitmq4.sh less RabbitMQ and Erlang (about 10 s); where either is
#                                missing, a Debian bookworm root with openjdk-17-jre-headless (debootstrap,
#                                about 1 to 2 minutes)
#   amqp-harness:latest          docker/Dockerfile on amqp-harness/java:17, when harness-cli/target/harness.jar
#                                exists (the tests build it themselves after mvn package); rebuilt when the jar changed
#
# Users with a registry need none of this: the official images (rabbitmq:4.1-management,
# eclipse-temurin:17-jre) stay the defaults everywhere. See docker/README.md.
#
# It never fails: when Docker does not answer or an image cannot be made it prints one sentence per
# image and exits 0; the tests that need the image skip, saying why.
#
#   scripts/build-images.sh              build what is missing or stale
#   scripts/build-images.sh --rebuild    build all three again
#   scripts/build-images.sh --base-only  the RabbitMQ and Java images only (./run-tests, whose build writes
#                                        harness.jar meanwhile: HarnessImageIT builds amqp-harness:latest itself)
set -uo pipefail
cd "$(dirname "$0")/.."

RABBITMQ_IMAGE=amqp-harness/rabbitmq:4.0.5
JAVA_IMAGE=amqp-harness/java:17
HARNESS_IMAGE=amqp-harness:latest
RABBITMQ4_ROOT=${RABBITMQ4_ROOT:-/var/lib/amqp-harness/rabbitmq4}
WORK=/var/lib/amqp-harness
REBUILD=0
BASE_ONLY=0
case "${1:-}" in
  --rebuild) REBUILD=1 ;;
  --base-only) BASE_ONLY=1 ;;
esac

say() { printf '[build-images] %s\n' "$*"; }

# The recipe's fingerprint: a label on each image, so a changed recipe rebuilds it.
recipe() { sha256sum "$@" | sha256sum | cut -c1-16; }
label_of() { # IMAGE LABEL
  docker image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null
}
current() { # IMAGE RECIPE
  [ "$REBUILD" = 0 ] && [ "$(label_of "$1" io.amqpharness.recipe)" = "$2" ]
}
# After a rebuild, the image the tag named before is left untagged: remove it unless a container uses it.
drop_old() { # OLD-ID IMAGE
  [ -n "$1" ] && [ "$1" != "$(docker image inspect --format '{{.Id}}' "$2" 2>/dev/null)" ] && docker rmi "$1" >/dev/null 2>&1
  true
}
id_of() { docker image inspect --format '{{.Id}}' "$1" 2>/dev/null; }

timeout 20 docker info >/dev/null 2>&1 || { say "Docker does not answer (scripts/ensure-docker.sh starts it), so no image is built; the tests that need them will skip."; exit 0; }
mkdir -p "$WORK"
exec 9>"$WORK/.build-images.lock"
flock 9

# ---------------------------------------------------------------- amqp-harness/rabbitmq:4.0.5
# The entry point: writes the configuration (the container's own listeners on the default ports,
# guest allowed from outside the container) and the plugin list unless they were mounted, logs to
# the console (Testcontainers waits for "Server startup complete"), and runs the broker as rabbitmq.
RABBITMQ_ENTRY=$(cat <<'SH'
#!/bin/sh
# The entry point of amqp-harness/rabbitmq (scripts/build-images.sh).
set -e
etc=/etc/rabbitmq
mkdir -p "$etc"
[ -f "$etc/rabbitmq.conf" ] || cat >"$etc/rabbitmq.conf" <<'CONF'
loopback_users = none
listeners.tcp.default = 5672
management.tcp.port = 15672
prometheus.tcp.port = 15692
stream.listeners.tcp.1 = 5552
CONF
[ -f "$etc/enabled_plugins" ] || echo '[rabbitmq_management,rabbitmq_prometheus,rabbitmq_stream,rabbitmq_amqp1_0].' >"$etc/enabled_plugins"
# The broker rewrites enabled_plugins when RABBITMQ_ENABLED_PLUGINS is set (Testcontainers sets it).
chown -R rabbitmq:rabbitmq "$etc" /var/lib/rabbitmq /var/log/rabbitmq
cd /var/lib/rabbitmq
exec setpriv --reuid=rabbitmq --regid=rabbitmq --init-groups env HOME=/var/lib/rabbitmq /usr/lib/rabbitmq/bin/rabbitmq-server "$@"
SH
)

# The live root of the local 4.0 broker as a tar stream on stdout, without its mounts, data, logs, cookie,
# configuration and TLS keys, plus the PATHS of STAGE; further tar options (--exclude=...) after the paths.
root_tar() { # STAGE PATH... [--exclude=...]
  local stage=$1 paths=() extra=() a
  shift
  for a in "$@"; do
    case "$a" in --*) extra+=("$a") ;; *) paths+=("$a") ;; esac
  done
  tar -C "$RABBITMQ4_ROOT" --numeric-owner --warning=no-file-changed --ignore-failed-read \
    --exclude=./proc --exclude=./sys --exclude=./dev --exclude='./tmp/*' --exclude='./run/*' \
    --exclude='./var/lib/rabbitmq/*' --exclude='./var/log/rabbitmq/*' --exclude='./etc/rabbitmq/*' \
    --exclude=./.amqp-harness-ready "${extra[@]}" -c . -C "$stage" "${paths[@]}" 2>/dev/null
}

build_rabbitmq() {
  if [ ! -f "$RABBITMQ4_ROOT/.amqp-harness-ready" ]; then
    say "$RABBITMQ_IMAGE is not built: there is no RabbitMQ 4 root at $RABBITMQ4_ROOT (scripts/rabbitmq4.sh start makes it); the tests that need it will skip."
    return
  fi
  local stage fingerprint version
  stage=$(mktemp -d)
  mkdir -p "$stage/usr/local/bin"
  printf '%s\n' "$RABBITMQ_ENTRY" >"$stage/usr/local/bin/amqp-harness-rabbitmq"
  chmod 755 "$stage/usr/local/bin/amqp-harness-rabbitmq"
  version=$(basename "$(ls -d "$RABBITMQ4_ROOT"/usr/lib/rabbitmq/lib/rabbitmq_server-* 2>/dev/null | tail -1)" \
    | sed -n 's/^rabbitmq_server-//p')
  fingerprint=$( { printf '%s\n' "$RABBITMQ_ENTRY" "$version" "v1"; } | sha256sum | cut -c1-16)
  if current "$RABBITMQ_IMAGE" "$fingerprint"; then
    say "$RABBITMQ_IMAGE is up to date."
    rm -rf "$stage"
    return
  fi
  local started=$SECONDS old
  old=$(id_of "$RABBITMQ_IMAGE")
  say "building $RABBITMQ_IMAGE from $RABBITMQ4_ROOT (RabbitMQ ${version:-?}, docker import)"
  # The root is the live one of the local 4.0 broker: leave out its mounts, data, logs, cookie,
  # configuration and TLS keys; the entry point writes the container's own configuration.
  if root_tar "$stage" ./usr/local/bin/amqp-harness-rabbitmq \
      | docker import \
        -c 'ENV RABBITMQ_LOGS=-' \
        -c 'ENV LANG=C.UTF-8' \
        -c 'EXPOSE 5672 5552 15672 15692' \
        -c "LABEL io.amqpharness.recipe=$fingerprint" \
        -c "LABEL org.opencontainers.image.version=${version:-unknown}" \
        -c 'CMD ["/usr/local/bin/amqp-harness-rabbitmq"]' \
        - "$RABBITMQ_IMAGE" >/dev/null; then
    say "built $RABBITMQ_IMAGE in $((SECONDS - started)) s."
    drop_old "$old" "$RABBITMQ_IMAGE"
  else
    say "could not build $RABBITMQ_IMAGE (tar or docker import failed); the tests that need it will skip."
  fi
  rm -rf "$stage"
}

# ---------------------------------------------------------------- amqp-harness/java:17
HOST_JDK=${HOST_JDK:-/usr/lib/jvm/java-17-openjdk-amd64}

build_java() {
  if [ -x "$HOST_JDK/bin/java" ] && [ -f "$RABBITMQ4_ROOT/.amqp-harness-ready" ]; then
    build_java_from_host && return
  fi
  build_java_debootstrap
}

# The quick way: the JDK this machine already runs (Debian's openjdk-17) copied onto the trixie root the
# 4.0 broker runs from, which has what the JVM links against (glibc, libstdc++, zlib) and what the
# harness image's Dockerfile runs (sh, useradd). glibc keeps old binaries working, so bookworm's JDK runs on
# trixie. Returns 1 (and the slow way runs) when the copy or the import fails.
build_java_from_host() {
  local fingerprint version stage started=$SECONDS
  version=$("$HOST_JDK/bin/java" -version 2>&1 | head -1)
  case "$version" in
    *'"17.'*) ;;
    *) say "$HOST_JDK is not a Java 17 ($version); building $JAVA_IMAGE with debootstrap instead."; return 1 ;;
  esac
  fingerprint=$(printf '%s\n' host-jdk "$version" "$(cat "$RABBITMQ4_ROOT/etc/debian_version" 2>/dev/null)" v2 \
    | sha256sum | cut -c1-16)
  if current "$JAVA_IMAGE" "$fingerprint"; then
    say "$JAVA_IMAGE is up to date."
    return 0
  fi
  local old
  old=$(id_of "$JAVA_IMAGE")
  say "building $JAVA_IMAGE from this machine's $(basename "$HOST_JDK") on $RABBITMQ4_ROOT (docker import)"
  stage=$(mktemp -d)
  mkdir -p "$stage/usr/lib/jvm" "$stage/usr/bin"
  # -h: the Debian JDK's conf and security files are links into /etc, which the image must hold themselves.
  if ! tar -C "$(dirname "$HOST_JDK")" -h --exclude=jmods --exclude=include --exclude=man --exclude=docs --exclude=demo --exclude=src.zip \
        -c "$(basename "$HOST_JDK")" 2>/dev/null | tar -C "$stage/usr/lib/jvm" -x; then
    rm -rf "$stage"
    say "could not copy $HOST_JDK; building $JAVA_IMAGE with debootstrap instead."
    return 1
  fi
  ln -s "/usr/lib/jvm/$(basename "$HOST_JDK")/bin/java" "$stage/usr/bin/java"
  if root_tar "$stage" ./usr/lib/jvm ./usr/bin/java --exclude=./usr/lib/rabbitmq --exclude=./usr/lib/erlang \
      | docker import -c 'ENV LANG=C.UTF-8' -c "ENV JAVA_HOME=/usr/lib/jvm/$(basename "$HOST_JDK")" \
        -c "LABEL io.amqpharness.recipe=$fingerprint" -c 'CMD ["java", "-version"]' - "$JAVA_IMAGE" >/dev/null \
      && docker run --rm "$JAVA_IMAGE" java -version >/dev/null 2>&1; then
    rm -rf "$stage"
    say "built $JAVA_IMAGE in $((SECONDS - started)) s."
    drop_old "$old" "$JAVA_IMAGE"
    return 0
  fi
  rm -rf "$stage"
  say "could not make $JAVA_IMAGE from $HOST_JDK (import, or java -version in it, failed); building it with debootstrap instead."
  return 1
}

build_java_debootstrap() {
  local fingerprint
  fingerprint=$(printf '%s\n' bookworm minbase openjdk-17-jre-headless v1 | sha256sum | cut -c1-16)
  if current "$JAVA_IMAGE" "$fingerprint"; then
    say "$JAVA_IMAGE is up to date."
    return
  fi
  command -v debootstrap >/dev/null 2>&1 || apt-get install -o DPkg::Lock::Timeout=300 -y -qq debootstrap >/dev/null 2>&1 \
    || { say "$JAVA_IMAGE is not built: debootstrap is missing and could not be installed; the harness image tests will skip."; return; }
  local root=$WORK/java17-root started=$SECONDS
  say "building $JAVA_IMAGE (debootstrap bookworm and openjdk-17-jre-headless, about 1 to 2 minutes)"
  umount -l "$root/proc" 2>/dev/null || true
  rm -rf --one-file-system "$root"
  mkdir -p "$root"
  if ! debootstrap --variant=minbase bookworm "$root" >"$WORK/java17-root.log" 2>&1; then
    say "$JAVA_IMAGE is not built: debootstrap failed (see $WORK/java17-root.log); the harness image tests will skip."
    return
  fi
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod +x "$root/usr/sbin/policy-rc.d"
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  mount -t proc proc "$root/proc"
  if ! chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        sh -c 'apt-get install -y -q --no-install-recommends openjdk-17-jre-headless && apt-get clean' \
        >>"$WORK/java17-root.log" 2>&1; then
    umount -l "$root/proc" 2>/dev/null || true
    say "$JAVA_IMAGE is not built: installing openjdk-17-jre-headless failed (see $WORK/java17-root.log); the harness image tests will skip."
    return
  fi
  umount -l "$root/proc" 2>/dev/null || true
  rm -f "$root/usr/sbin/policy-rc.d" "$root/etc/resolv.conf"
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin
  if tar -C "$root" --numeric-owner --exclude=./proc --exclude=./sys --exclude=./dev -c . \
      | docker import -c 'ENV LANG=C.UTF-8' -c "LABEL io.amqpharness.recipe=$fingerprint" \
        -c 'CMD ["java", "-version"]' - "$JAVA_IMAGE" >/dev/null; then
    say "built $JAVA_IMAGE in $((SECONDS - started)) s."
  else
    say "could not import $JAVA_IMAGE; the harness image tests will skip."
  fi
  rm -rf --one-file-system "$root" "$WORK/java17-root.log"
}

# ---------------------------------------------------------------- amqp-harness:latest
build_harness() {
  local jar=harness-cli/target/harness.jar fingerprint
  if [ ! -f "$jar" ]; then
    say "$HARNESS_IMAGE is not built yet: $jar does not exist (mvn package makes it; the harness image test builds the image then)."
    return
  fi
  docker image inspect "$JAVA_IMAGE" >/dev/null 2>&1 || { say "$HARNESS_IMAGE is not built: $JAVA_IMAGE is missing."; return; }
  # The base image's id too: a new base (another JDK) makes a new harness image.
  fingerprint=$( { recipe "$jar" docker/Dockerfile; id_of "$JAVA_IMAGE"; } | sha256sum | cut -c1-16)
  if current "$HARNESS_IMAGE" "$fingerprint"; then
    say "$HARNESS_IMAGE is up to date."
    return
  fi
  local started=$SECONDS old
  old=$(id_of "$HARNESS_IMAGE")
  if DOCKER_BUILDKIT=0 docker build -q -f docker/Dockerfile --build-arg BASE_IMAGE="$JAVA_IMAGE" \
       --label io.amqpharness.recipe="$fingerprint" -t "$HARNESS_IMAGE" . >"$WORK/harness-image.log" 2>&1; then
    say "built $HARNESS_IMAGE on $JAVA_IMAGE in $((SECONDS - started)) s."
    drop_old "$old" "$HARNESS_IMAGE"
  else
    say "could not build $HARNESS_IMAGE ($(tail -1 "$WORK/harness-image.log")); the harness image tests will skip."
  fi
}

build_rabbitmq
build_java
[ "$BASE_ONLY" = 1 ] || build_harness
exit 0
