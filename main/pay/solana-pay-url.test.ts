/**
 * The transfer-request parser against the Solana Pay library's own parser (@solana/pay 0.2,
 * the web3.js 1.x line) as an oracle: over the spec's cases both accept the same links with the
 * same fields, and refuse the same links. Where Swapdesk is deliberately stricter (a repeated
 * amount or token, which the library silently takes the first of), the table says so.
 */
import { parseURL, type TransferRequestURL } from '@solana/pay';
import { describe, expect, it } from 'vitest';
import { isWalletError } from '../shared/errors';
import {
  amountInBaseUnits,
  parseTransferRequest,
  TRANSACTION_REQUEST_MESSAGE,
  type TransferRequest,
} from './solana-pay-url';

const PAYEE = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const REF1 = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny';
const REF2 = 'GBxJ2ogu2xhXn4qsw7FsPTUy6xozKmw2YmxAdw5uTwrP';
const SHORT_KEY = '11111111111111111111111111111'; // 29 bytes of zeros in base58: not a key

type Case = [name: string, url: string, verdict: 'both-accept' | 'both-refuse' | 'we-refuse'];

const CASES: Case[] = [
  ['recipient only (amount asked)', `solana:${PAYEE}`, 'both-accept'],
  ['SOL with amount', `solana:${PAYEE}?amount=1`, 'both-accept'],
  ['amount with decimals', `solana:${PAYEE}?amount=0.000000001`, 'both-accept'],
  ['zero amount', `solana:${PAYEE}?amount=0`, 'both-accept'],
  ['spl-token', `solana:${PAYEE}?amount=12.5&spl-token=${USDC}`, 'both-accept'],
  ['spl-token, no amount', `solana:${PAYEE}?spl-token=${USDC}`, 'both-accept'],
  [
    'two references in order',
    `solana:${PAYEE}?amount=1&spl-token=${USDC}&reference=${REF1}&reference=${REF2}`,
    'both-accept',
  ],
  [
    'encoded label, message and memo',
    `solana:${PAYEE}?amount=1&label=Michael%27s%20Caf%C3%A9&message=Thanks+for+all+the+fish&memo=OrderId%2312345`,
    'both-accept',
  ],
  ['unknown parameters ignored', `solana:${PAYEE}?amount=1&foo=bar&x=`, 'both-accept'],
  ['upper-case scheme', `SOLANA:${PAYEE}?amount=1`, 'both-accept'],
  ['surrounding spaces', `  solana:${PAYEE}?amount=1  `, 'both-accept'],
  ['negative amount', `solana:${PAYEE}?amount=-1`, 'both-refuse'],
  ['exponent amount', `solana:${PAYEE}?amount=1e6`, 'both-refuse'],
  ['amount with comma', `solana:${PAYEE}?amount=1,5`, 'both-refuse'],
  ['amount leading dot', `solana:${PAYEE}?amount=.5`, 'both-refuse'],
  ['amount trailing dot', `solana:${PAYEE}?amount=5.`, 'both-refuse'],
  ['empty amount', `solana:${PAYEE}?amount=`, 'both-refuse'],
  ['bad recipient', `solana:notAnAddress0OIl?amount=1`, 'both-refuse'],
  ['short recipient', `solana:${SHORT_KEY}`, 'both-refuse'],
  ['no recipient', `solana:?amount=1`, 'both-refuse'],
  ['bad spl-token', `solana:${PAYEE}?amount=1&spl-token=xyz`, 'both-refuse'],
  ['bad reference', `solana:${PAYEE}?amount=1&reference=${REF1}&reference=abc`, 'both-refuse'],
  ['other scheme', `bitcoin:${PAYEE}?amount=1`, 'both-refuse'],
  ['too long', `solana:${PAYEE}?amount=1&memo=${'x'.repeat(2048)}`, 'both-refuse'],
  [
    'transaction request',
    `solana:https%3A%2F%2Fexample.com%2Fsolana-pay%3Forder%3D12345`,
    'both-refuse',
  ],
  ['transaction request, raw url', `solana:https://example.com/pay`, 'both-refuse'],
  ['repeated amount', `solana:${PAYEE}?amount=1&amount=2`, 'we-refuse'],
  ['repeated spl-token', `solana:${PAYEE}?spl-token=${USDC}&spl-token=${USDC}`, 'we-refuse'],
];

function oracle(url: string): TransferRequest | 'refused' {
  let parsed: ReturnType<typeof parseURL>;
  try {
    parsed = parseURL(url.trim());
  } catch {
    return 'refused';
  }
  if (!('recipient' in parsed)) return 'refused'; // a transaction request
  const transfer = parsed as TransferRequestURL;
  return {
    recipient: transfer.recipient.toBase58() as TransferRequest['recipient'],
    amount: transfer.amount === undefined ? null : transfer.amount.toFixed(),
    splToken: (transfer.splToken?.toBase58() ?? null) as TransferRequest['splToken'],
    references: (transfer.reference ?? []).map((k) =>
      k.toBase58(),
    ) as TransferRequest['references'],
    label: transfer.label ?? null,
    message: transfer.message ?? null,
    memo: transfer.memo ?? null,
  };
}

function ours(url: string): TransferRequest | 'refused' {
  try {
    return parseTransferRequest(url);
  } catch (error) {
    if (isWalletError(error)) return 'refused';
    throw error;
  }
}

/** Decimal text compared as a number of the oracle's BigNumber form ("1.50" vs "1.5"). */
function normalized(request: TransferRequest | 'refused') {
  if (request === 'refused') return request;
  return { ...request, amount: request.amount === null ? null : String(Number(request.amount)) };
}

describe('Solana Pay transfer requests, against @solana/pay as an oracle', () => {
  it.each(CASES)('%s', (_name, url, verdict) => {
    const expected = oracle(url);
    const actual = ours(url);
    if (verdict === 'both-accept') {
      expect(expected).not.toBe('refused');
      expect(normalized(actual)).toEqual(normalized(expected));
    } else if (verdict === 'both-refuse') {
      expect(expected).toBe('refused');
      expect(actual).toBe('refused');
    } else {
      expect(expected).not.toBe('refused');
      expect(actual).toBe('refused');
    }
  });

  it('keeps the amount as the link wrote it and the decoded texts', () => {
    const request = parseTransferRequest(
      `solana:${PAYEE}?amount=12.50&spl-token=${USDC}&reference=${REF1}&reference=${REF2}&label=Caf%C3%A9&message=Order+7&memo=INV%2F42`,
    );
    expect(request).toEqual({
      recipient: PAYEE,
      amount: '12.50',
      splToken: USDC,
      references: [REF1, REF2],
      label: 'Café',
      message: 'Order 7',
      memo: 'INV/42',
    });
  });

  it('says why a link is refused', () => {
    const refusal = (url: string) => {
      try {
        parseTransferRequest(url);
      } catch (error) {
        return isWalletError(error) ? { code: error.code, message: error.message } : error;
      }
      return null;
    };
    expect(refusal('solana:https%3A%2F%2Fshop.example%2Fpay')).toEqual({
      code: 'TRANSACTION_REQUEST_UNSUPPORTED',
      message: TRANSACTION_REQUEST_MESSAGE,
    });
    expect(refusal(`solana:${PAYEE}?memo=${'a'.repeat(2100)}`)).toMatchObject({
      code: 'INVALID_PAYMENT_REQUEST',
      message: expect.stringMatching(/at most 2048/),
    });
    expect(refusal(`solana:${PAYEE}?amount=1&amount=1`)).toMatchObject({
      message: 'This payment link names an amount 2 times; a payment has only one.',
    });
    expect(refusal(`solana:${PAYEE}?amount=1e3`)).toMatchObject({
      message: expect.stringMatching(/not a plain decimal number/),
    });
    expect(refusal(`solana:${PAYEE}?reference=zz`)).toMatchObject({
      message: expect.stringMatching(/A reference key .* not a valid Solana address/),
    });
  });

  it('turns the amount into base units once the decimals are known', () => {
    expect(amountInBaseUnits('12.5', 6)).toBe(12_500_000n);
    expect(amountInBaseUnits('12.50', 6)).toBe(12_500_000n);
    expect(amountInBaseUnits('1', 9)).toBe(1_000_000_000n);
    expect(() => amountInBaseUnits('0.0000001', 6)).toThrow(/at most 6 digits/);
    expect(() => amountInBaseUnits('1.5', 0)).toThrow(/whole number/);
    expect(() => amountInBaseUnits('0', 6)).toThrow(/zero/);
    expect(() => amountInBaseUnits('99999999999999999999', 6)).toThrow(/larger than/);
  });
});
