import type { KeyedText } from '../../../../shared/document/prepared-texts';

/**
 * On the page: its copies of the texts the document worker was also sent, newest last, with their
 * keys there, so a view of one asks the worker for it instead of sending it.
 */
export class SharedTextKeys {
  private readonly shared: KeyedText[] = [];

  constructor(private readonly remembered = 4) {}

  add(text: string, key: number): void {
    this.shared.push({ text, key });
    if (this.shared.length > this.remembered) this.shared.shift();
  }

  /**
   * The key of `text`, newest first: `===` finds the very string the parser just handed over at once
   * (the same object). An older copy with the same content (a repeated call) would do as well, but
   * may be gone from the worker.
   */
  keyOf(text: string): number | undefined {
    return this.shared.findLast((entry) => entry.text === text)?.key;
  }
}
