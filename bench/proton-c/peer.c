/*
 * A minimal AMQP 1.0 client on Qpid Proton C (proactor API): the yardstick that
 * bench/amqp10-vs-amqp091.sh puts next to amqp-harness, i.e. what this machine and broker do
 * when the client costs next to nothing.
 *
 * Two links on ADDRESS: a sender that sends MESSAGES durable 12-byte messages unsettled, as fast
 * as the broker's link credit allows (no other window), and a receiver that keeps CREDIT link
 * credit outstanding and accepts each message with its own disposition. With PEER_CONNECTIONS=2
 * (what the bench uses) each link has a connection of its own, as the harness's publisher and
 * consumer have and as quiver's sender and receiver processes had in seed 001; with 1 (the
 * default) both share one connection and one session, the cheapest layout for the broker. The
 * message is encoded once and sent as is. It ends when every message was
 * received and every send settled, and prints
 *   sent=N accepted=N other=N received=N seconds=S msgs_per_s=R
 * seconds running from the first send to the last event (CLOCK_MONOTONIC). Exit code 1 and a
 * sentence on stderr on any error.
 *
 *   peer HOST PORT ADDRESS MESSAGES CREDIT [USER PASS]     (ADDRESS: /queues/Q on 4.x, /amq/queue/Q on 3.x)
 */
#include <proton/condition.h>
#include <proton/connection.h>
#include <proton/delivery.h>
#include <proton/link.h>
#include <proton/message.h>
#include <proton/proactor.h>
#include <proton/sasl.h>
#include <proton/session.h>
#include <proton/transport.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  const char *address, *user, *pass;
  long messages;
  int credit;
  long sent, accepted, other, received;
  char encoded[256];
  size_t encoded_size;
  pn_link_t *sender, *receiver;
  pn_proactor_t *proactor;
  struct timespec start, end;
  int started, failed, closing;
} peer_t;

static double seconds(struct timespec a, struct timespec b) {
  return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
}

static void fail_on(peer_t *p, pn_condition_t *c, const char *what) {
  if (c && pn_condition_is_set(c)) {
    fprintf(stderr, "%s: %s: %s\n", what, pn_condition_get_name(c), pn_condition_get_description(c));
    p->failed = 1;
  }
}

static void send_what_credit_allows(peer_t *p) {
  while (pn_link_credit(p->sender) > 0 && p->sent < p->messages) {
    if (!p->started) {
      clock_gettime(CLOCK_MONOTONIC, &p->start);
      p->started = 1;
    }
    long tag = p->sent++;
    pn_delivery(p->sender, pn_dtag((const char *)&tag, sizeof(tag)));
    pn_link_send(p->sender, p->encoded, p->encoded_size);
    pn_link_advance(p->sender);
  }
}

static void maybe_done(peer_t *p) {
  if (!p->closing && p->received == p->messages && p->accepted + p->other == p->messages) {
    clock_gettime(CLOCK_MONOTONIC, &p->end);
    p->closing = 1;
    /* Two connections can take the broker ~15 s to see both closed: stop waiting after 2 s. */
    pn_proactor_set_timeout(p->proactor, 2000);
    pn_connection_close(pn_session_connection(pn_link_session(p->sender)));
    if (pn_link_session(p->receiver) != pn_link_session(p->sender)) {
      pn_connection_close(pn_session_connection(pn_link_session(p->receiver)));
    }
  }
}

static void handle(peer_t *p, pn_event_t *e) {
  switch (pn_event_type(e)) {
  case PN_CONNECTION_INIT: {
    pn_connection_t *c = pn_event_connection(e);
    const char *role = (const char *)pn_connection_get_context(c); /* "s", "r" or "sr" */
    pn_connection_set_container(c, "proton-c-peer");
    pn_connection_set_hostname(c, "vhost:/");
    pn_connection_set_user(c, p->user);
    pn_connection_set_password(c, p->pass);
    pn_connection_open(c);
    pn_session_t *s = pn_session(c);
    pn_session_open(s);
    if (strchr(role, 's')) {
      p->sender = pn_sender(s, "peer-sender");
      pn_terminus_set_address(pn_link_target(p->sender), p->address);
      pn_link_set_snd_settle_mode(p->sender, PN_SND_UNSETTLED);
      pn_link_open(p->sender);
    }
    if (strchr(role, 'r')) {
      p->receiver = pn_receiver(s, "peer-receiver");
      pn_terminus_set_address(pn_link_source(p->receiver), p->address);
      pn_link_set_snd_settle_mode(p->receiver, PN_SND_UNSETTLED);
      pn_link_open(p->receiver);
      pn_link_flow(p->receiver, p->credit);
    }
    break;
  }
  case PN_CONNECTION_BOUND: {
    pn_sasl_t *sasl = pn_sasl(pn_event_transport(e));
    pn_sasl_allowed_mechs(sasl, "PLAIN");
    pn_sasl_set_allow_insecure_mechs(sasl, 1);
    break;
  }
  case PN_LINK_FLOW:
    if (pn_event_link(e) == p->sender) {
      send_what_credit_allows(p);
    }
    break;
  case PN_DELIVERY: {
    pn_delivery_t *d = pn_event_delivery(e);
    pn_link_t *l = pn_delivery_link(d);
    if (l == p->receiver) {
      if (!pn_delivery_readable(d) || pn_delivery_partial(d)) {
        break;
      }
      char buf[1024];
      while (pn_link_recv(l, buf, sizeof(buf)) > 0) {
      }
      pn_link_advance(l);
      pn_delivery_update(d, PN_ACCEPTED);
      pn_delivery_settle(d);
      p->received++;
      int credit = pn_link_credit(l);
      if (credit <= p->credit / 2) {
        pn_link_flow(l, p->credit - credit);
      }
    } else if (pn_delivery_remote_state(d) || pn_delivery_settled(d)) {
      if (pn_delivery_remote_state(d) == PN_ACCEPTED) {
        p->accepted++;
      } else {
        p->other++;
      }
      pn_delivery_settle(d);
      send_what_credit_allows(p);
    }
    maybe_done(p);
    break;
  }
  case PN_LINK_REMOTE_CLOSE:
  case PN_LINK_REMOTE_DETACH:
    fail_on(p, pn_link_remote_condition(pn_event_link(e)), "the broker detached a link");
    pn_connection_close(pn_event_connection(e));
    break;
  case PN_CONNECTION_REMOTE_CLOSE:
    fail_on(p, pn_connection_remote_condition(pn_event_connection(e)), "the broker closed the connection");
    pn_connection_close(pn_event_connection(e));
    break;
  case PN_TRANSPORT_CLOSED:
    fail_on(p, pn_transport_condition(pn_event_transport(e)), "transport");
    break;
  default:
    break;
  }
}

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s HOST PORT ADDRESS MESSAGES CREDIT [USER PASS]\n", argv[0]);
    return 2;
  }
  peer_t p;
  memset(&p, 0, sizeof(p));
  p.address = argv[3];
  p.messages = atol(argv[4]);
  p.credit = atoi(argv[5]);
  p.user = argc > 6 ? argv[6] : "guest";
  p.pass = argc > 7 ? argv[7] : "guest";

  pn_message_t *m = pn_message();
  pn_message_set_durable(m, true);
  char body[12] = {0};
  pn_data_put_binary(pn_message_body(m), pn_bytes(sizeof(body), body));
  p.encoded_size = sizeof(p.encoded);
  if (pn_message_encode(m, p.encoded, &p.encoded_size) != 0) {
    fprintf(stderr, "cannot encode the message\n");
    return 1;
  }
  pn_message_free(m);

  pn_proactor_t *proactor = pn_proactor();
  p.proactor = proactor;
  char addr[PN_MAX_ADDR];
  pn_proactor_addr(addr, sizeof(addr), argv[1], argv[2]);
  const char *connections = getenv("PEER_CONNECTIONS");
  if (connections && strcmp(connections, "2") == 0) {
    pn_connection_t *r = pn_connection();
    pn_connection_set_context(r, (void *)"r"); /* the receiver first, so no message waits for it */
    pn_proactor_connect2(proactor, r, NULL, addr);
    pn_connection_t *s = pn_connection();
    pn_connection_set_context(s, (void *)"s");
    pn_proactor_connect2(proactor, s, NULL, addr);
  } else {
    pn_connection_t *c = pn_connection();
    pn_connection_set_context(c, (void *)"sr"); /* the links it carries: sender and receiver */
    pn_proactor_connect2(proactor, c, NULL, addr);
  }
  int running = 1;
  while (running) {
    pn_event_batch_t *batch = pn_proactor_wait(proactor);
    pn_event_t *e;
    while ((e = pn_event_batch_next(batch))) {
      handle(&p, e);
      if (pn_event_type(e) == PN_PROACTOR_INACTIVE || pn_event_type(e) == PN_PROACTOR_TIMEOUT) {
        running = 0;
      }
    }
    pn_proactor_done(proactor, batch);
  }
  pn_proactor_free(proactor);

  if (p.failed || !p.closing) {
    fprintf(stderr, "incomplete: sent=%ld accepted=%ld other=%ld received=%ld\n", p.sent, p.accepted, p.other, p.received);
    return 1;
  }
  double s = seconds(p.start, p.end);
  printf("sent=%ld accepted=%ld other=%ld received=%ld seconds=%.3f msgs_per_s=%.0f\n", p.sent, p.accepted, p.other,
         p.received, s, p.received / s);
  return 0;
}
