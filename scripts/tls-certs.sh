#!/usr/bin/env bash
# Test certificates for amqps:// (openssl): a CA, a server certificate for localhost and
# 127.0.0.1 signed by it, and a client certificate signed by it. For tests and local tries only:
# the keys are not protected.
#
#   scripts/tls-certs.sh [DIR]   (default /var/lib/amqp-harness/tls; HARNESS_TLS_DIR overrides it)
#
# DIR/ca.pem           the CA certificate: what --tls-trust-store takes
# DIR/server.pem, DIR/server-key.pem   the broker's certificate and key
# DIR/client.p12       the client certificate and key, PKCS#12, password "harness": --tls-key-store
# DIR/client.pem, DIR/client-key.pem   the same in PEM
# Idempotent: existing certificates are kept while they are valid for another 30 days.
set -euo pipefail
DIR=${1:-${HARNESS_TLS_DIR:-/var/lib/amqp-harness/tls}}
DAYS=3650

say() { printf '[tls-certs] %s\n' "$*"; }

if [ -f "$DIR/client.p12" ] && openssl x509 -checkend $((30 * 86400)) -noout -in "$DIR/server.pem" >/dev/null 2>&1 \
    && openssl x509 -checkend $((30 * 86400)) -noout -in "$DIR/ca.pem" >/dev/null 2>&1; then
  exit 0
fi
command -v openssl >/dev/null 2>&1 || { echo "[tls-certs] openssl is missing (apt-get install openssl)" >&2; exit 1; }
mkdir -p "$DIR"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -days $DAYS -subj "/CN=amqp-harness test CA" \
  -keyout "$tmp/ca-key.pem" -out "$tmp/ca.pem" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null

issue() { # name subject extensions
  openssl req -newkey rsa:2048 -nodes -subj "$2" -keyout "$tmp/$1-key.pem" -out "$tmp/$1.csr" 2>/dev/null
  printf '%s\n' "$3" >"$tmp/$1.ext"
  openssl x509 -req -in "$tmp/$1.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca-key.pem" -CAcreateserial \
    -days $DAYS -extfile "$tmp/$1.ext" -out "$tmp/$1.pem" 2>/dev/null
}
issue server "/CN=localhost" "subjectAltName=DNS:localhost,IP:127.0.0.1
extendedKeyUsage=serverAuth
keyUsage=critical,digitalSignature,keyEncipherment"
issue client "/CN=amqp-harness-client" "extendedKeyUsage=clientAuth
keyUsage=critical,digitalSignature,keyEncipherment"
openssl pkcs12 -export -in "$tmp/client.pem" -inkey "$tmp/client-key.pem" -certfile "$tmp/ca.pem" \
  -name client -passout pass:harness -out "$tmp/client.p12"

chmod 644 "$tmp"/*.pem "$tmp/client.p12"
cp "$tmp"/ca.pem "$tmp"/ca-key.pem "$tmp"/server.pem "$tmp"/server-key.pem "$tmp"/client.pem \
  "$tmp"/client-key.pem "$tmp"/client.p12 "$DIR/"
chmod 600 "$DIR/ca-key.pem"
say "test CA, server (localhost, 127.0.0.1) and client certificates in $DIR"
