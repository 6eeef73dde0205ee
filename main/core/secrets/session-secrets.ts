/**
 * Every secret value seen in this session, for redaction on export: it only grows, so a header
 * value edited or removed since it was sent is still redacted in the traffic that carried it.
 */
export class SessionSecrets {
  private readonly values = new Set<string>();

  remember(...values: Array<string | null | undefined>): void {
    for (const value of values) if (value) this.values.add(value);
  }

  all(): string[] {
    return [...this.values];
  }
}
