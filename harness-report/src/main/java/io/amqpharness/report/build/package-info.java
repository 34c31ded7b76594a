/**
 * Building a run's {@code result.json} from its {@code RunResult}:
 * {@link io.amqpharness.report.build.RunDocument} assembles the
 * {@link io.amqpharness.report.document.ResultDocument} from the measured sections
 * ({@code RunSections}), the broker's ({@code BrokerSections}) and the scenario's settings as they
 * are ({@code ScenarioValues}), with {@code Redaction} keeping the broker password out of every
 * text. {@link io.amqpharness.report.build.SectionValues} and
 * {@link io.amqpharness.report.build.HistogramLogHeader} give the merge and the files of a run the
 * document's spellings and the {@code .hlog} header. Sees only {@code report.document} and the core.
 */
package io.amqpharness.report.build;
