/**
 * The runners: documents in parallel with per-(document, run, method) streams, results in document order whatever the threads; the adaptive escalation, calibration (bidirectional Monte Carlo), the variational floors. Depends on plan only.
 */
package tmeval.run.exec;
