/**
 * One provider's token format, as data: what `redact` removes wherever it stands (a prompt, a
 * header, a JSON value, a tool's output, an assignment). The catalog (`catalog/index.ts`) is a
 * list of these; `compile.ts` turns it into the matcher the text rules and the prescan run.
 * docs/commands/redact.md, "Token formats", says how to add one.
 */
export interface ProviderFormat {
  /** The kind counted by `--report` (kebab-case, e.g. 'huggingface-token'); several entries may share one. */
  readonly kind: string;
  /** The provider's name, e.g. 'Hugging Face'. */
  readonly provider: string;
  /** Where the format is documented: the provider's own docs URL (else its reference implementation / public scanner rule naming it). */
  readonly source: string;
  /** Literal, case-sensitive starts of the token, e.g. ['hf_', 'api_org_']. At least 3 characters each. */
  readonly prefixes: readonly string[];
  /** Regex source of what follows the prefix: an alphabet and a length, e.g. '[A-Za-z]{34}' or '[A-Za-z0-9_-]{20,}'. No capture groups, no anchors, no look-arounds. */
  readonly body: string;
  /** Optional regex source that must follow the body (e.g. a fixed suffix). */
  readonly suffix?: string;
  /** Optional: a checksum the provider documents, checked after a match. */
  readonly checksum?: 'github-crc32';
  /** Optional: the body must look random (a digit, a lower- and an upper-case letter), for prefixes that also start ordinary words. */
  readonly random?: boolean;
  /** Optional: the token may be glued to a word before it (default false: a word character before the prefix means no match). */
  readonly gluedBefore?: boolean;
  /** Optional: the body must hold a digit (a looser `random`, for formats whose bodies may be one case). */
  readonly digit?: boolean;
  /** Optional: an `_` just before the prefix does not count as a word character (`KEY_AKIA…`). */
  readonly afterUnderscore?: boolean;
  /** Optional: the token must not be followed by a letter or a digit (a fixed-length body that would otherwise match the start of a longer word). */
  readonly endsWord?: boolean;
}
