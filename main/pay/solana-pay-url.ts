/**
 * Solana Pay transfer requests (the invoice format, API-NOTES "Solana Pay transfer requests"):
 * `solana:<recipient>?amount=&spl-token=&reference=&label=&message=&memo=`. Pure: the amount is
 * kept as the decimal text of the URL here and becomes base units only once the mint's decimals
 * are known (see amountInBaseUnits), because "too many decimals" depends on the mint.
 */
import { isAddress, type Address } from '../shared/address';
import { parseUnits } from '../shared/amount';
import { parseScaledUnits } from '../shared/scaled-amount';
import { WalletError } from '../shared/errors';

/** Solana Pay's limit: longer links are refused (QR codes and wallets cap them there too). */
export const MAX_URL_LENGTH = 2048;

const AMOUNT_TEXT = /^\d+(\.\d+)?$/;

export const TRANSACTION_REQUEST_MESSAGE =
  'This is a Solana Pay transaction request: the merchant builds the transaction. Paste it into Payment request and choose Review payment, which asks the merchant for it and reviews it.';

/** A parsed transfer request; the amount is still user-unit text. */
export interface TransferRequest {
  /** The payee: a wallet (usually) or one of its token accounts. */
  recipient: Address;
  /** Decimal text in user units as the link wrote it; null when the wallet must ask. */
  amount: string | null;
  /** The token to pay; null means native SOL. */
  splToken: Address | null;
  /** Keys the merchant finds the payment by, in link order. */
  references: Address[];
  label: string | null;
  message: string | null;
  memo: string | null;
}

function invalid(message: string): never {
  throw new WalletError('INVALID_PAYMENT_REQUEST', message);
}

/** The one value of a parameter that may appear at most once, or null. */
function single(params: URLSearchParams, name: string, what: string): string | null {
  const values = params.getAll(name);
  if (values.length > 1) {
    invalid(`This payment link names ${what} ${values.length} times; a payment has only one.`);
  }
  return values[0] ?? null;
}

function address(text: string, what: string): Address {
  if (!isAddress(text)) {
    invalid(`${what} in this payment link is not a valid Solana address (base58 of 32 bytes).`);
  }
  return text;
}

/**
 * The link `text` trimmed, as every Solana Pay request starts: at most MAX_URL_LENGTH long and
 * a `solana:` link. Throws INVALID_PAYMENT_REQUEST with a sentence otherwise.
 */
export function solanaLinkText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length > MAX_URL_LENGTH) {
    invalid(
      `This payment link is ${trimmed.length} characters long; Solana Pay links are at most ${MAX_URL_LENGTH}.`,
    );
  }
  if (!/^solana:/i.test(trimmed)) {
    invalid('This is not a Solana Pay link: it must start with "solana:".');
  }
  return trimmed;
}

/**
 * Parses a Solana Pay transfer-request URL. Throws INVALID_PAYMENT_REQUEST with a sentence for
 * the person (too long, not a `solana:` link, a transaction request, a bad recipient, amount,
 * token or reference, a repeated amount or token). Unknown parameters are ignored.
 *
 * @example
 * parseTransferRequest('solana:9Wz...?amount=12.5&spl-token=EPjF...&label=Shop')
 * // { recipient: '9Wz...', amount: '12.5', splToken: 'EPjF...', references: [], label: 'Shop', ... }
 */
export function parseTransferRequest(text: string): TransferRequest {
  const trimmed = solanaLinkText(text);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    invalid('This payment link cannot be read as a URL. Copy it again from the merchant.');
  }
  const path = url.pathname;
  if (path === '') invalid('This payment link names no recipient.');
  // The spec tells them apart this way: a transaction request's path is an (encoded) https URL.
  if (/[:%]/.test(path)) {
    throw new WalletError('TRANSACTION_REQUEST_UNSUPPORTED', TRANSACTION_REQUEST_MESSAGE);
  }
  const recipient = address(path, 'The recipient');
  const params = url.searchParams;
  const amount = single(params, 'amount', 'an amount');
  if (amount !== null && !AMOUNT_TEXT.test(amount)) {
    invalid(
      `The amount "${amount.slice(0, 40)}" in this payment link is not a plain decimal number like 12.5.`,
    );
  }
  const token = single(params, 'spl-token', 'a token');
  return {
    recipient,
    amount,
    splToken: token === null ? null : address(token, 'The token (spl-token)'),
    references: params.getAll('reference').map((key) => address(key, 'A reference key')),
    label: params.get('label'),
    message: params.get('message'),
    memo: params.get('memo'),
  };
}

/**
 * The request's amount in base units of a mint with `decimals` decimals (9 for SOL). Throws
 * INVALID_AMOUNT when it has more fractional digits than the mint, or is zero. A Scaled UI
 * Amount mint's amount is in its UI units (issue 35): raw = amount / multiplier, rounded down.
 *
 * @example amountInBaseUnits('12.5', 6) // 12500000n
 */
export function amountInBaseUnits(amount: string, decimals: number, multiplier?: number): bigint {
  const value =
    multiplier === undefined
      ? parseUnits(amount, decimals)
      : parseScaledUnits(amount, decimals, multiplier);
  if (value === 0n) {
    throw new WalletError('INVALID_AMOUNT', 'A payment of zero cannot be made; enter the amount.');
  }
  return value;
}
