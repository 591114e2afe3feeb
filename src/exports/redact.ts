// txpipe/redact: the redact stage and its engine, and what a format's redaction facet uses.
// Listed in docs/api.md; the root entry exports it too.
export { redact, redactDefaults, type RedactStageOptions } from '../transforms/redact.js';
export {
  createRedactor,
  redactOptionsDefaults,
  REDACTED,
  REDACT_RULES,
  type RedactRules,
  WITHHELD,
  type Redactor,
  type RedactOptions,
} from '../redact/redactor.js';
export {
  checkRedactConfig,
  loadRedactConfig,
  type RedactConfig,
  type RedactConfigFile,
} from '../redact/config.js';
export { isSecretPath, secretFileOfCall } from '../redact/secret-files.js';
// For a format's redaction facet (docs/api.md: adding a format)
export type { FormatRedaction, WithholdContext } from '../redact/facet.js';
export type { PendingCalls } from '../redact/pending-calls.js';
export { callInput, resultOutput, withholdFields, withKey } from '../redact/withhold.js';
