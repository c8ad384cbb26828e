/**
 * Accounts: create, import, rename, remove, select, and the backups of issue 24. Secrets go
 * into main; only the REVEALING_METHODS answer with one, each shown on purpose.
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
  /**
   * True for an account derived from the wallet's own recovery phrase (sealed in the keychain,
   * shown by Show recovery phrase; issue 24): Restore from recovery phrase brings it back.
   */
  walletPhrase?: true;
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
  /**
   * A new recovery phrase for this wallet (issue 24), shown once: main keeps it under `draft`
   * until three of its words come back (accounts.confirmPhrase). One of the three methods whose
   * answer carries a secret, on purpose (REVEALING_METHODS).
   */
  'accounts.beginPhrase': method<{ draft: string; words: string[] }>()(
    z.object({ words: z.union([z.literal(12), z.literal(24)]) }).strict(),
  ),
  /** Three words of the draft (Word N): when right, the phrase is kept and account 1 added. */
  'accounts.confirmPhrase': method<AccountSummary>()(
    z
      .object({
        draft: z.uuid(),
        answers: z
          .array(
            z
              .object({ position: z.number().int().min(1).max(24), word: z.string().max(16) })
              .strict(),
          )
          .length(3),
        label: label.optional(),
      })
      .strict(),
  ),
  /** **Show recovery phrase**: the wallet's phrase, after the password again. */
  'accounts.revealPhrase': method<{ words: string[] }>()(
    z.object({ password: z.string().min(1).max(1024) }).strict(),
  ),
  /** **Export secret key**: base58 of a keychain account's 64-byte key, after the password. */
  'accounts.exportSecret': method<{ secretKey: string }>()(
    z.object({ address: base58Address, password: z.string().min(1).max(1024) }).strict(),
  ),
} as const;

/**
 * The only methods whose answer carries a secret, each shown to the person on purpose (a new
 * phrase once, a backup after the password). The leak check leaves exactly these answers out.
 */
export const REVEALING_METHODS = [
  'accounts.beginPhrase',
  'accounts.revealPhrase',
  'accounts.exportSecret',
] as const;
