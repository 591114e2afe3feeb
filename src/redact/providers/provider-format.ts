export interface ProviderFormat {
  /** The kind counted by `--report` (kebab-case, e.g. 'huggingface-token'); several entries may share one. */
  readonly kind: string;
  /** The provider's name, e.g. 'Hugging Face'. */
  readonly provider: string;
  /** Where the format is documented: the provider's own docs URL (else its reference implementation / public scanner rule naming it). */
  readonly source: string;
  /** Literal, case-sensitive starts of the token, e.g. ['hf_', 'api_org_']. At least 3 characters each. */
  readonly prefixes: readonly string[];
  /** Regex source of what follows the prefix: an alphabet and a length, e.g. '[A-Za-z]{34}' or '[A-Za-z0-9_-]{20,}'. No capture groups (use (?:...)), no anchors, no look-arounds. */
  readonly body: string;
  /** Optional regex source that must follow the body (e.g. a fixed suffix). */
  readonly suffix?: string;
  /** Optional: a checksum the provider documents, checked after a match. */
  readonly checksum?: 'github-crc32';
  /** Optional: the body must look random (a digit, a lower- and an upper-case letter), for prefixes that also start ordinary words. */
  readonly random?: boolean;
  /** Optional: the token may be glued to a word before it (default false). */
  readonly gluedBefore?: boolean;
}
