/**
 * The rate search behind {@code find-max}: doubling probes, then bisection, never answering a rate
 * at or above one that failed.
 */
package io.amqpharness.search;
