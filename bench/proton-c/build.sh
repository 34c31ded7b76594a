#!/usr/bin/env bash
# Builds bench/proton-c/target/peer (Qpid Proton C; installs Debian's libqpid-proton11-dev if missing).
set -euo pipefail
cd "$(dirname "$0")"
if ! pkg-config --exists libqpid-proton 2>/dev/null; then
  echo "installing libqpid-proton11-dev (apt-get)" >&2
  apt-get install -y -q libqpid-proton11-dev >/dev/null
fi
mkdir -p target
if [ ! -x target/peer ] || [ peer.c -nt target/peer ]; then
  gcc -O2 -Wall -o target/peer peer.c $(pkg-config --cflags --libs libqpid-proton)
fi
