/**
 * Writes SPL token account data (the 165-byte base layout both token programs share), for the
 * vaults and operator fee accounts created at genesis.
 */
import bs58 from 'bs58';
import { TOKEN_ACCOUNT_SIZE } from '../ledger/token-layout';

export interface TokenAccountFields {
  mint: string;
  owner: string;
  amount: bigint;
  /** Rent-exempt reserve when the account holds wrapped SOL. */
  nativeReserve: bigint | null;
}

export function encodeTokenAccount(fields: TokenAccountFields): Uint8Array {
  const data = new Uint8Array(TOKEN_ACCOUNT_SIZE);
  const view = new DataView(data.buffer);
  data.set(bs58.decode(fields.mint), 0);
  data.set(bs58.decode(fields.owner), 32);
  view.setBigUint64(64, fields.amount, true);
  data[108] = 1; // initialized
  if (fields.nativeReserve !== null) {
    view.setUint32(109, 1, true);
    view.setBigUint64(113, fields.nativeReserve, true);
  }
  return data;
}
