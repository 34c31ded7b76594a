package io.amqpharness.report;

import java.util.List;
import java.util.Locale;

/** Number formatting shared by the text reports: grouped integers, latencies in milliseconds. */
public final class Format {
    private Format() {
    }

    /** {@code 1234567} as {@code 1,234,567}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A rate rounded to whole messages per second, grouped. */
    public static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    /**
     * Nanoseconds as milliseconds with about four significant digits: {@code 0.215},
     * {@code 1.453}, {@code 23.41}, {@code 345.6}, {@code 2,345}.
     */
    public static String millis(long nanos) {
        double ms = nanos / 1e6;
        if (ms < 10) {
            return String.format(Locale.ROOT, "%.3f", ms);
        }
        if (ms < 100) {
            return String.format(Locale.ROOT, "%.2f", ms);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        return String.format(Locale.ROOT, "%,.0f", ms);
    }

    /** Seconds with one decimal. */
    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }

    /** Bytes as MiB with one decimal. */
    public static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024.0));
    }

    /** Appends one line of the text reports, formatted in the root locale. */
    static void line(StringBuilder b, String format, Object... args) {
        b.append(String.format(Locale.ROOT, format, args)).append('\n');
    }

    /**
     * Rows as a Markdown table: the first row the header, the first column left-aligned, the others
     * right, each cell's pipes escaped.
     *
     * @param rows the header, then the rows, each with as many cells as the header
     * @return the table, each line ending in a newline
     */
    public static String markdownTable(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], Math.max(3, escape(r[i]).length()));
            }
        }
        StringBuilder b = new StringBuilder();
        for (int n = 0; n < rows.size(); n++) {
            String[] r = rows.get(n);
            b.append('|');
            for (int i = 0; i < columns; i++) {
                String c = escape(r[i]);
                String pad = " ".repeat(width[i] - c.length());
                b.append(' ').append(i == 0 ? c + pad : pad + c).append(" |");
            }
            b.append('\n');
            if (n == 0) {
                b.append('|');
                for (int i = 0; i < columns; i++) {
                    b.append(' ').append(i == 0 ? "-".repeat(width[i]) : "-".repeat(width[i] - 1) + ":").append(" |");
                }
                b.append('\n');
            }
        }
        return b.toString();
    }

    /** A cell's text with its pipes escaped, so that a gate or a setting cannot split the row. */
    private static String escape(String cell) {
        return cell.replace("|", "\\|").replace("\n", " ");
    }
}
