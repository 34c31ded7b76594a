/**
 * TLS contexts from the {@code --tls-*} options (PEM, PKCS#12 or JKS) and one-sentence explanations of
 * certificate failures.
 */
package io.amqpharness.tls;
