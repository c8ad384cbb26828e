/**
 * The signer of the signing path, chosen by account kind (issue 17): a Ledger account signs on
 * its device, every other account with its keychain secret. The submitter calls this one
 * `signMessage` for swaps, payments, payee and fee accounts and claims alike, so a Ledger
 * account gets the same review, tickets, expiry and send as a keychain account.
 */
import type { AccountSummary } from '../../preload/api-types';
import type { LedgerDevice } from '../hardware/ledger-device';
import { WalletError } from '../shared/errors';
import type { Signer } from './signer';

export interface AccountSignerOptions {
  /** The keychain signer (createSigner). */
  keychain: Signer;
  /** The Ledger; null where none can be opened. */
  ledger: LedgerDevice | null;
  /** The account's entry in the vault. */
  accountOf: (address: string) => Promise<AccountSummary | undefined>;
}

/**
 * @example
 * const signer = createAccountSigner({ keychain: createSigner({ keychain }), ledger, accountOf });
 */
export function createAccountSigner(options: AccountSignerOptions): Signer {
  return {
    async signMessage(address, message) {
      const account = await options.accountOf(address);
      if (account?.kind !== 'ledger') return options.keychain.signMessage(address, message);
      if (!options.ledger || account.derivationPath === undefined) {
        throw new WalletError(
          'LEDGER_NOT_FOUND',
          'This Swapdesk cannot reach a Ledger. Nothing was signed.',
        );
      }
      // Exactly the reviewed message bytes go to the device; the device module checks the
      // signature against them and the account's key before it returns.
      return options.ledger.sign({ address, path: account.derivationPath, message });
    },
  };
}
