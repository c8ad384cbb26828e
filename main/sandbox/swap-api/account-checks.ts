/**
 * Checks of the accounts a /swap request names: the fee account (exists, SPL Token not
 * Token-2022, of an allowed mint) and the destination token account (exists, of the output mint).
 */
import type { LedgerView } from '../ledger/ledger-view';
import { decodeTokenAccount, isTokenAccountData } from '../ledger/token-layout';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../tokens';
import { SwapApiError } from './api-error';
import type { QuoteResponseInput } from './swap-request';

/** The mint of a valid fee account for this quote; throws SwapApiError otherwise. */
export function checkFeeAccount(
  ledger: LedgerView,
  address: string,
  quote: QuoteResponseInput,
  /**
   * Jupiter's V2 route forms name each side's token program, so the program takes a fee into a
   * Token-2022 account too (the v2 docs: referral fees "Support SPL and Token2022 tokens", and
   * Jupiter's own fee by pair in PYUSD, issue 32); the v6 and v1 shapes refuse one as before.
   */
  options: { token2022: boolean } = { token2022: false },
): string {
  const account = ledger.getAccount(address);
  if (account === null) {
    throw new SwapApiError(
      'INVALID_FEE_ACCOUNT',
      `The fee account ${address} does not exist; create the token account first.`,
    );
  }
  if (account.owner === TOKEN_2022_PROGRAM_ID && !options.token2022) {
    throw new SwapApiError(
      'TOKEN_2022_FEE_ACCOUNT_NOT_SUPPORTED',
      `The fee account ${address} is a Token-2022 account; platform fees are only taken in SPL Token accounts.`,
    );
  }
  const program = options.token2022
    ? [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]
    : [TOKEN_PROGRAM_ID];
  if (!program.includes(account.owner) || !isTokenAccountData(account.data)) {
    throw new SwapApiError(
      'INVALID_FEE_ACCOUNT',
      `The fee account ${address} is not a token account.`,
    );
  }
  const { mint } = decodeTokenAccount(account.data);
  if (quote.swapMode === 'ExactOut' && mint !== quote.inputMint) {
    throw new SwapApiError(
      'FEE_ACCOUNT_MINT_MISMATCH',
      `For an exact-output swap the fee account must hold the input token (${quote.inputMint}); it holds ${mint}.`,
    );
  }
  if (quote.swapMode === 'ExactIn' && mint !== quote.inputMint && mint !== quote.outputMint) {
    throw new SwapApiError(
      'FEE_ACCOUNT_MINT_MISMATCH',
      `The fee account must hold the input or the output token of the swap; it holds ${mint}.`,
    );
  }
  return mint;
}

/** Throws unless `address` is an existing token account of `outputMint`. */
export function checkDestinationAccount(
  ledger: LedgerView,
  address: string,
  outputMint: string,
): void {
  const account = ledger.getAccount(address);
  if (account === null) {
    throw new SwapApiError(
      'INVALID_DESTINATION_TOKEN_ACCOUNT',
      `The destination token account ${address} does not exist; the payee must create it first.`,
    );
  }
  const isToken = account.owner === TOKEN_PROGRAM_ID || account.owner === TOKEN_2022_PROGRAM_ID;
  if (!isToken || !isTokenAccountData(account.data)) {
    throw new SwapApiError(
      'INVALID_DESTINATION_TOKEN_ACCOUNT',
      `The destination ${address} is not a token account (a wallet address? pass its token account for the output mint).`,
    );
  }
  const { mint } = decodeTokenAccount(account.data);
  if (mint !== outputMint) {
    throw new SwapApiError(
      'INVALID_DESTINATION_TOKEN_ACCOUNT',
      `The destination token account holds ${mint}, not the output token ${outputMint}.`,
    );
  }
}
