package io.amqpharness.amqp10;

import io.amqpharness.scenario.AddressFormat;
import io.amqpharness.scenario.QueueType;
import io.amqpharness.spi.DriverSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The sentences and facts an AMQP 1.0 run adds to its report. Stateless. */
final class Amqp10Notes {
    private Amqp10Notes() {
    }

    static Map<String, String> facts(DriverSettings settings, BrokerProfile profile, AddressFormat format) {
        DriverSettings.Links s = settings.links();
        Map<String, String> f = new LinkedHashMap<>();
        if (profile == null) {
            return f;
        }
        f.put("broker-version", profile.version());
        f.put("address-format", BrokerProfile.name(format));
        if (s.publishers() > 0) {
            f.put("publisher-settlement", s.confirms() ? "unsettled (at-least-once)" : "pre-settled (at-most-once)");
        }
        if (s.consumers() > 0) {
            f.put("consumer-settlement", s.autoAck() ? "pre-settled (at-most-once)" : "accepted by the consumer");
            f.put("link-credit", Integer.toString(s.prefetch().orElse(LinkCredit.DEFAULT_CREDIT_WINDOW)));
            if (s.queueType() == QueueType.STREAM && s.streamOffset()) {
                f.put("stream-filter", profile.describedFilters() ? "described" : "plain");
            }
        }
        return f;
    }

    static List<String> notes(DriverSettings settings, BrokerProfile profile, AddressFormat format) {
        DriverSettings.Links s = settings.links();
        List<String> notes = new ArrayList<>();
        if (profile == null) {
            return notes;
        }
        notes.add(String.format("AMQP 1.0 addresses use the %s format (%s), %s for %s.", BrokerProfile.name(format),
                format == AddressFormat.V1 ? "/amq/queue/Q, /exchange/X/RK" : "/queues/Q, /exchanges/X/RK",
                settings.amqp10().addressFormat() == AddressFormat.AUTO ? "chosen automatically" : "as requested",
                profile.describe()));
        if (format == AddressFormat.V1 && profile.nativeAmqp10()) {
            notes.add("v1 addresses are deprecated on RabbitMQ 4 and refused by default from 4.3.");
        }
        if (s.publishers() > 0 && s.confirms()) {
            int window = s.maxInFlight().orElse(1);
            if (profile.nativeAmqp10()) {
                notes.add(String.format("RabbitMQ 4 grants each publisher link %d credits (max_link_credit) and "
                        + "grants more only while fewer than %d messages are unconfirmed, so a link has at most "
                        + "about %d unconfirmed messages and the broker's link credit also bounds the confirm "
                        + "window: --confirm %d %s.", LinkCredit.RABBITMQ4_LINK_CREDIT, LinkCredit.RABBITMQ4_LINK_CREDIT,
                        LinkCredit.RABBITMQ4_UNCONFIRMED_BOUND, window, window > LinkCredit.RABBITMQ4_UNCONFIRMED_BOUND
                                ? "acts as about " + LinkCredit.RABBITMQ4_UNCONFIRMED_BOUND + " unless max_link_credit is raised"
                                : "is within that bound"));
            } else if (window > LinkCredit.RABBITMQ3_PUBLISHER_CREDIT) {
                notes.add(String.format("%s grants publisher links %,d credits, which bounds --confirm %,d.",
                        profile.describe(), LinkCredit.RABBITMQ3_PUBLISHER_CREDIT, window));
            }
        }
        if (s.publishers() > 0 && !s.confirms() && !profile.nativeAmqp10()) {
            notes.add(profile.describe() + " takes pre-settled messages (no --confirm) in faster than it routes them, "
                    + "so the send rate overstates what reached the queue and the drain can end before consumers "
                    + "saw the backlog; add --confirm N for counts that add up.");
        }
        if (s.queueType() == QueueType.STREAM && s.consumers() > 0
                && s.publishers() > 0 && !profile.nativeAmqp10()) {
            notes.add(profile.describe() + " can pause AMQP 1.0 stream deliveries for seconds while publishers are "
                    + "busy, and a stream run's drain ends after one idle second, so consumers may not have read "
                    + "everything published; read the stream again with --stream-offset first to check.");
        }
        if (s.consumers() > 0 && !s.autoAck()) {
            int credit = s.prefetch().orElse(LinkCredit.DEFAULT_CREDIT_WINDOW);
            notes.add(String.format("Consumers keep %,d link credits (%s), topped up by the client as messages are "
                    + "taken; unlike 0.9.1 prefetch, credit does not wait for acknowledgements.", credit,
                    s.prefetch().isPresent() ? "--qos" : "the default without --qos"));
            if (s.batchedAcks()) {
                notes.add("AMQP 1.0 has no multiple ack: with --multi-ack-every and --ack-timeout the held accepts "
                        + "go out as one disposition frame per contiguous range of deliveries (first..last).");
            }
        }
        return notes;
    }
}
