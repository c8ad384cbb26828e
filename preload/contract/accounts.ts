/**
 * Accounts: create, import, rename, remove, select. Secrets go one way only, into main.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, label, method } from './schemas';

/**
 * How an account's secret came into the keychain; 'ledger': there is no secret here, the key
 * stays on a Ledger and signs there (issue 17).
 */
export type AccountKind = 'generated' | 'secret-key' | 'cli-keypair' | 'recovery-phrase' | 'ledger';

export interface AccountSummary {
  /** Base58 public key. */
  address: string;
  label: string;
  kind: AccountKind;
  /** BIP44 path of an account derived from a recovery phrase or on a Ledger, e.g. m/44'/501'/0'/0'. */
  derivationPath?: string;
  /** ISO-8601 time the account was added. */
  createdAt: string;
}

export interface AccountsState {
  accounts: AccountSummary[];
  /** Address of the account the screens act for, or null when there is none. */
  current: string | null;
}

export const accountsMethods = {
  'accounts.list': method<AccountsState>()(z.object({}).strict()),
  'accounts.create': method<AccountSummary>()(z.object({ label: label.optional() }).strict()),
  /**
   * Import a base58 64-byte secret key, a Solana CLI keypair JSON array, or a BIP39 recovery
   * phrase. For a phrase, `accountIndexes` picks m/44'/501'/N'/0' (default [0]).
   */
  'accounts.import': method<AccountSummary[]>()(
    z
      .object({
        secret: z.string().min(1).max(4096),
        label: label.optional(),
        accountIndexes: z.array(z.number().int().min(0).max(1000)).min(1).max(20).optional(),
      })
      .strict(),
  ),
  'accounts.rename': method<AccountSummary>()(z.object({ address: base58Address, label }).strict()),
  'accounts.remove': method<AccountsState>()(z.object({ address: base58Address }).strict()),
  'accounts.select': method<AccountsState>()(z.object({ address: base58Address }).strict()),
} as const;
