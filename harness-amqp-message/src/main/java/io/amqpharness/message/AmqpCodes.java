package io.amqpharness.message;

/**
 * The codes of the AMQP 1.0 type system and message format that the harness writes and reads:
 * the constructors of the primitive encodings (AMQP 1.0 part 1, section 1.6) and the numeric
 * descriptors of the message sections (part 3, section 3.2). Names follow the specification.
 */
public final class AmqpCodes {
    /** A described type: a descriptor, then the described value. */
    public static final int DESCRIBED = 0x00;

    public static final int NULL = 0x40;
    public static final int TRUE = 0x41;
    public static final int FALSE = 0x42;
    /** A boolean in one byte after the constructor (0 false, 1 true). */
    public static final int BOOLEAN = 0x56;
    public static final int UINT0 = 0x43;
    public static final int ULONG0 = 0x44;
    public static final int LIST0 = 0x45;
    public static final int UBYTE = 0x50;
    public static final int BYTE = 0x51;
    public static final int SMALL_UINT = 0x52;
    public static final int SMALL_ULONG = 0x53;
    public static final int SMALL_INT = 0x54;
    public static final int SMALL_LONG = 0x55;
    public static final int USHORT = 0x60;
    public static final int SHORT = 0x61;
    public static final int UINT = 0x70;
    public static final int INT = 0x71;
    public static final int FLOAT = 0x72;
    public static final int CHAR = 0x73;
    public static final int DECIMAL32 = 0x74;
    public static final int ULONG = 0x80;
    public static final int LONG = 0x81;
    public static final int DOUBLE = 0x82;
    public static final int TIMESTAMP = 0x83;
    public static final int DECIMAL64 = 0x84;
    public static final int DECIMAL128 = 0x94;
    public static final int UUID = 0x98;
    public static final int VBIN8 = 0xa0;
    public static final int STR8 = 0xa1;
    public static final int SYM8 = 0xa3;
    public static final int VBIN32 = 0xb0;
    public static final int STR32 = 0xb1;
    public static final int SYM32 = 0xb3;
    public static final int LIST8 = 0xc0;
    public static final int MAP8 = 0xc1;
    public static final int LIST32 = 0xd0;
    public static final int MAP32 = 0xd1;

    /** Section descriptor: the header (durable, priority, ttl, first-acquirer, delivery-count). */
    public static final int HEADER = 0x70;
    public static final int DELIVERY_ANNOTATIONS = 0x71;
    public static final int MESSAGE_ANNOTATIONS = 0x72;
    public static final int PROPERTIES = 0x73;
    public static final int APPLICATION_PROPERTIES = 0x74;
    /** Section descriptor: a data section, one binary; a message's body is one or more of them. */
    public static final int DATA = 0x75;
    public static final int AMQP_SEQUENCE = 0x76;
    public static final int AMQP_VALUE = 0x77;
    public static final int FOOTER = 0x78;

    /** Header fields, by position in the header's list. */
    public static final int DURABLE_FIELD = 0;
    public static final int PRIORITY_FIELD = 1;
    public static final int TTL_FIELD = 2;
    public static final int FIRST_ACQUIRER_FIELD = 3;
    public static final int DELIVERY_COUNT_FIELD = 4;
    /** Properties fields, by position in the properties' list. */
    public static final int SUBJECT_FIELD = 3;
    /** The properties' {@code to} field: a message's own target address (a link whose target is null). */
    public static final int TO_FIELD = 2;
    public static final int CONTENT_TYPE_FIELD = 6;
    public static final int CONTENT_ENCODING_FIELD = 7;
    /** The properties field that carries the publisher identity (the eleventh). */
    public static final int GROUP_ID_FIELD = 10;

    private AmqpCodes() {
    }
}
