package io.amqpharness.report.html;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One chart of the report: a Chart.js configuration plus what the page script needs to finish it
 * (tick formats cannot travel as JSON).
 *
 * @param id     element id of the canvas
 * @param title  heading shown above the chart
 * @param kind   {@code time} (x in seconds), {@code distribution} (x is 1/(1-percentile), log
 *               scale) or {@code perRun} (x is the runs, in order)
 * @param config the Chart.js configuration
 */
record ChartSpec(String id, String title, String kind, ObjectNode config) {
}
