package io.amqpharness.stream;

import com.rabbitmq.stream.Properties;
import java.util.UUID;

/** Message properties of which only {@code group-id} (the publisher's identity) is set; every other one is absent. */
record GroupIdProperties(String groupId) implements Properties {

    @Override
    public String getGroupId() {
        return groupId;
    }

    @Override
    public Object getMessageId() {
        return null;
    }

    @Override
    public String getMessageIdAsString() {
        return null;
    }

    @Override
    public long getMessageIdAsLong() {
        return 0;
    }

    @Override
    public byte[] getMessageIdAsBinary() {
        return null;
    }

    @Override
    public UUID getMessageIdAsUuid() {
        return null;
    }

    @Override
    public byte[] getUserId() {
        return null;
    }

    @Override
    public String getTo() {
        return null;
    }

    @Override
    public String getSubject() {
        return null;
    }

    @Override
    public String getReplyTo() {
        return null;
    }

    @Override
    public Object getCorrelationId() {
        return null;
    }

    @Override
    public String getCorrelationIdAsString() {
        return null;
    }

    @Override
    public long getCorrelationIdAsLong() {
        return 0;
    }

    @Override
    public byte[] getCorrelationIdAsBinary() {
        return null;
    }

    @Override
    public UUID getCorrelationIdAsUuid() {
        return null;
    }

    @Override
    public String getContentType() {
        return null;
    }

    @Override
    public String getContentEncoding() {
        return null;
    }

    @Override
    public long getAbsoluteExpiryTime() {
        return 0;
    }

    @Override
    public long getCreationTime() {
        return 0;
    }

    @Override
    public long getGroupSequence() {
        return 0;
    }

    @Override
    public String getReplyToGroupId() {
        return null;
    }
}
