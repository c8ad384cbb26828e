/**
 * The last bytes a ledger parsed, at which state version, and their parse (issue 26): the same
 * bytes at the same state version parse the same, so the second parse (the wallet's
 * simulateTransaction of the bytes /swap just ran) is answered from the first.
 */
import type { ParsedTransaction } from './wire';

export class LastParse {
  private last: { version: number; wire: Buffer; parsed: ParsedTransaction } | null = null;

  /** `wire`'s parse at `version`: the last one when both are the same, else `parse()`'s. */
  of(wire: Uint8Array, version: number, parse: () => ParsedTransaction): ParsedTransaction {
    const last = this.last;
    const same =
      last !== null &&
      last.version === version &&
      Buffer.from(wire.buffer, wire.byteOffset, wire.byteLength).equals(last.wire);
    if (same) return last.parsed;
    const parsed = parse();
    this.last = { version, wire: Buffer.from(wire), parsed };
    return parsed;
  }
}
