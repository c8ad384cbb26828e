/**
 * Errors raised inside main carry a stable code and a message written for the person using the
 * app. The bridge turns them into `{ ok: false, error }`; anything else becomes INTERNAL with a
 * generic message, so that no stack trace or secret-bearing text reaches the renderer.
 */
import type { ServiceSource } from './result';
import { sanitizeServiceText } from './service-message';

export const ERROR_CODES = [
  'INVALID_REQUEST',
  'UNTRUSTED_SENDER',
  'UNKNOWN_METHOD',
  'INTERNAL',
  'KEYCHAIN_UNAVAILABLE',
  'ACCOUNT_EXISTS',
  'ACCOUNT_NOT_FOUND',
  'INVALID_SECRET_KEY',
  'INVALID_RECOVERY_PHRASE',
  'INVALID_ADDRESS',
  'INVALID_AMOUNT',
  'NETWORK_UNAVAILABLE',
  'NOT_SANDBOX',
  // ledger and sandbox funding (main/ledger, main/handlers/sandbox.ts)
  'FUNDING_FAILED',
  'TRANSACTION_FAILED',
  // vault (main/vault): the public accounts file
  'ACCOUNTS_FILE_UNREADABLE',
  'ACCOUNTS_FILE_UNWRITABLE',
  // swap API client (main/swap-api)
  'INVALID_SWAP_REQUEST',
  'NO_ROUTE',
  'SWAP_API_REJECTED',
  'SWAP_API_BAD_RESPONSE',
  'SWAP_API_UNREACHABLE',
  'RATE_LIMITED',
  'CANCELLED',
  // swap flow, activity and settings (main/tickets, main/send, main/activity, main/settings)
  'NOT_AVAILABLE',
  'NO_ACCOUNT',
  'QUOTE_NOT_FOUND',
  'TICKET_NOT_FOUND',
  'TICKET_MISMATCH',
  'TICKET_EXPIRED',
  'GUARD_REFUSED',
  'RISK_NOT_ACKNOWLEDGED',
  'SWAP_NOT_SIGNABLE',
  'SEND_REFUSED',
  'TRANSACTION_NOT_FOUND',
  'TOKEN_NOT_FOUND',
  // a Token-2022 mint its issuer has paused (issue 35): refused before anything is built
  'TOKEN_PAUSED',
  'INVALID_URL',
  'NETWORK_NOT_ALLOWED',
  'SETTINGS_FILE_UNREADABLE',
  'SETTINGS_FILE_UNWRITABLE',
  'ACTIVITY_FILE_UNREADABLE',
  'ACTIVITY_FILE_UNWRITABLE',
  // pay (main/pay): Solana Pay transfer requests, payee accounts, payment transactions
  'INVALID_PAYMENT_REQUEST',
  'TRANSACTION_REQUEST_UNSUPPORTED',
  // a merchant's transaction request (main/pay/merchant, issue 34): its answers, its transaction
  'MERCHANT_REFUSED',
  'INVALID_RECIPIENT',
  'DESTINATION_MISSING',
  'TRANSACTION_TOO_LARGE',
  'FEE_MINT_NOT_ALLOWED',
  'PLAN_NOT_FOUND',
  'INSUFFICIENT_FUNDS',
  // integrator fees (main/fees): checked before any request to the swap service
  'FEE_ACCOUNT_MISSING',
  'FEE_ACCOUNT_WRONG_MINT',
  'FEE_ACCOUNT_TOKEN_2022',
  'FEE_ACCOUNT_NOT_FOUND',
  'REFERRAL_PROGRAM_MISSING',
  // Ledger hardware accounts (main/hardware): every device state, in words (issue 17)
  'LEDGER_NOT_FOUND',
  'LEDGER_NO_ACCESS',
  'LEDGER_LOCKED',
  'LEDGER_WRONG_APP',
  'LEDGER_BLIND_SIGNING_OFF',
  'LEDGER_REJECTED',
  'LEDGER_WRONG_DEVICE',
  'LEDGER_DISCONNECTED',
  'LEDGER_NO_ANSWER',
  'LEDGER_BUSY',
  'LEDGER_BAD_SIGNATURE',
  'LEDGER_ERROR',
  // password, sealing and the lock (main/vault, main/lock): issue 24
  'LOCKED',
  'PASSWORD_REQUIRED',
  'WEAK_PASSWORD',
  'WRONG_PASSWORD',
  'TOO_MANY_TRIES',
  'VAULT_ITEM_DAMAGED',
  'NO_RECOVERY_PHRASE',
  'PHRASE_CHECK_FAILED',
  'NOTHING_TO_EXPORT',
  'UPGRADE_REQUIRED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export interface WalletErrorOptions {
  cause?: unknown;
  /**
   * What a service said about it, in its own words (issue 32): never part of `message`, shown
   * only behind a "Show the service's message" disclosure. Sanitized here, whoever passes it.
   */
  serviceMessage?: unknown;
  /** Whose words serviceMessage holds when not the swap service's (result.ts ServiceSource). */
  serviceFrom?: ServiceSource;
}

export class WalletError extends Error {
  readonly code: ErrorCode;
  /** The service's own text, sanitized (service-message.ts); undefined when it said nothing. */
  readonly serviceMessage: string | undefined;
  /** Set with serviceMessage when the words are the network's or the faucet's. */
  readonly serviceFrom: ServiceSource | undefined;

  constructor(code: ErrorCode, message: string, options?: WalletErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'WalletError';
    this.code = code;
    const said = sanitizeServiceText(options?.serviceMessage);
    this.serviceMessage = said === '' ? undefined : said;
    this.serviceFrom = said === '' ? undefined : options?.serviceFrom;
  }
}

export function isWalletError(error: unknown): error is WalletError {
  return error instanceof WalletError;
}
