package io.amqpharness.scenario;

/** Checks of the publishing settings. */
final class PublishValidator {
    private PublishValidator() {
    }

    static void validate(ScenarioDraft<?> d, Problems p) {
        size(d, p);
        rate(d, p);
        if (d.producerMessages != null && d.producerMessages < 1) {
            p.add(Setting.PRODUCER_MESSAGES, "%s must be at least 1, got %d; for example %1$s 100000", d.producerMessages);
        } else if (d.producerMessages != null && d.producers == 0) {
            p.add(Setting.PRODUCER_MESSAGES, "%s needs at least one producer, but %s is 0", p.name(Setting.PRODUCERS));
        } else if (d.producerMessages != null && d.rate != null && d.rate == 0) {
            p.add(Setting.PRODUCER_MESSAGES, "%s can never be reached with %s 0 (idle producers); drop one of them",
                    p.name(Setting.RATE));
        }
        if (d.confirm != null && (d.confirm < 1 || d.confirm > Scenario.MAX_CONFIRM_WINDOW)) {
            p.add(Setting.CONFIRM, "%s must be between 1 and %d unconfirmed messages, got %d; for example %1$s 200",
                    Scenario.MAX_CONFIRM_WINDOW, d.confirm);
        }
        if (!ScenarioValidator.positive(d.confirmTimeout)) {
            p.add(Setting.CONFIRM_TIMEOUT, "%s must be a positive duration; for example %1$s 30s");
        }
        if (d.txSize != null) {
            if (d.txSize < 1 || d.txSize > Scenario.MAX_CONFIRM_WINDOW) {
                p.add(Setting.TX_SIZE, "%s must be between 1 and %d messages per transaction, got %d; for example "
                        + "%1$s 100", Scenario.MAX_CONFIRM_WINDOW, d.txSize);
            } else if (d.confirm != null) {
                p.add(Setting.TX_SIZE, "%s and %s are two ways to get the broker's verdict; use one of them",
                        p.name(Setting.CONFIRM));
            }
        }
        properties(d, p);
    }

    private static void size(ScenarioDraft<?> d, Problems p) {
        if (d.size != null && d.size < 12) {
            p.add(Setting.SIZE, "%s must be at least 12 bytes (the sequence and timestamp header), got %d; "
                    + "for example %1$s 1000", d.size);
        } else if (d.size != null && d.size > Scenario.MAX_MESSAGE_SIZE) {
            p.add(Setting.SIZE, "%s must be at most 128mb (the broker's default limit), got %d bytes; "
                    + "for example %1$s 1mb", d.size);
        }
        if (!d.variableSize.isEmpty()) {
            if (d.size != null) {
                p.add(Setting.VARIABLE_SIZE, "%s and %s both set the body size; use one of them", p.name(Setting.SIZE));
            }
            for (SizeStep s : d.variableSize) {
                if (s.bytes() < 12 || s.bytes() > Scenario.MAX_MESSAGE_SIZE || !ScenarioValidator.positive(s.duration())) {
                    p.add(Setting.VARIABLE_SIZE, "%s steps need sizes from 12 bytes to 128mb and positive durations, "
                            + "got %s; for example %1$s 1000:30s,10kb:30s", s);
                    break;
                }
            }
        }
    }

    private static void rate(ScenarioDraft<?> d, Problems p) {
        int given = (d.rate != null ? 1 : 0) + (d.totalRate != null ? 1 : 0) + (d.variableRate.isEmpty() ? 0 : 1);
        if (given > 1) {
            p.addSentence(p.name(Setting.RATE) + ", " + p.name(Setting.TOTAL_RATE) + " and "
                    + p.name(Setting.VARIABLE_RATE) + " each set the publishing rate; use only one of them");
        }
        if (d.rate != null && !(d.rate >= 0 && !d.rate.isInfinite())) {
            p.add(Setting.RATE, "%s must be 0 or more messages per second, got %s; for example %1$s 1000", d.rate);
        }
        if (d.totalRate != null && !(d.totalRate >= 0 && !d.totalRate.isInfinite())) {
            p.add(Setting.TOTAL_RATE, "%s must be 0 or more messages per second, got %s; for example %1$s 50000",
                    d.totalRate);
        }
    }

    private static void properties(ScenarioDraft<?> d, Problems p) {
        if (d.priority != null && (d.priority < 0 || d.priority > 255)) {
            p.add(Setting.MESSAGE_PROPERTIES, "%s priority must be between 0 and 255, got %d; for example "
                    + "%1$s priority=5", d.priority);
        }
        if (d.expiration != null && !ScenarioValidator.positive(d.expiration)) {
            p.add(Setting.MESSAGE_PROPERTIES, "%s expiration must be a positive duration; for example "
                    + "%1$s expiration=60s");
        }
        if (d.headers.keySet().stream().anyMatch(String::isBlank)) {
            p.add(Setting.MESSAGE_HEADERS, "%s needs a name for every header; for example %1$s region=eu,tier=1");
        }
    }
}
