/**
 * Transaction-request links: every example URL of SPEC.md and SPEC1.1.md
 * (solana-foundation/solana-pay, "Examples" of both sections) is classified and, for transaction
 * requests, read to the same URL as @solana/pay's own parseURL reads it; malformed ones are
 * refused in words (SPEC.md "Link": "If the decoded value is not an absolute HTTPS URL, the
 * wallet must reject it as malformed").
 */
import { parseURL } from '@solana/pay';
import { describe, expect, it } from 'vitest';
import { WalletError } from '../../shared/errors';
import {
  callableMerchantUrl,
  paymentLinkKind,
  transactionRequestUrl,
} from './transaction-request-url';

/** SPEC.md and SPEC1.1.md, "Examples", verbatim. */
const SPEC_TRANSFER_EXAMPLES = [
  'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId12345',
  'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=0.01&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?label=Michael',
  'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1&label=Michael&message=Thanks%20for%20all%20the%20fish&memo=OrderId12345&redirect=https%3A%2F%2Fexample.com',
];
const SPEC_TRANSACTION_EXAMPLES: [string, string][] = [
  ['solana:https://example.com/solana-pay', 'https://example.com/solana-pay'],
  [
    'solana:https%3A%2F%2Fexample.com%2Fsolana-pay%3Forder%3D12345',
    'https://example.com/solana-pay?order=12345',
  ],
];

function refusalOf(text: string): string {
  try {
    transactionRequestUrl(text);
  } catch (error) {
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).code).toBe('INVALID_PAYMENT_REQUEST');
    return (error as WalletError).message;
  }
  throw new Error(`${text} was accepted`);
}

describe('Solana Pay links by kind', () => {
  it.each(SPEC_TRANSFER_EXAMPLES)('reads the spec example %s as a transfer request', (text) => {
    expect(paymentLinkKind(text)).toBe('transfer');
  });

  it.each(SPEC_TRANSACTION_EXAMPLES)(
    'reads the spec example %s as a transaction request for %s, as @solana/pay does',
    (text, href) => {
      expect(paymentLinkKind(text)).toBe('transaction');
      expect(transactionRequestUrl(text).href).toBe(href);
      const library = parseURL(text);
      expect('link' in library && library.link.href).toBe(href);
    },
  );
});

describe('malformed transaction requests, refused in words', () => {
  it.each([
    ['solana:http://shop.example/pay', 'is not https (it is http)'],
    ['solana:ftp%3A%2F%2Fshop.example%2Fpay', 'is not https (it is ftp)'],
    ['solana:javascript:alert(1)', 'is not https (it is javascript)'],
    ['solana:https%3A%2F%2F', 'is not a complete web address'],
    ['solana:https%E0%A4%A', 'is badly encoded'],
    ['solana:https://user:pass@shop.example/pay', 'carries a user name or password'],
    [`solana:https://shop.example/${'a'.repeat(2100)}`, 'Solana Pay links are at most 2048'],
    ['https://shop.example/pay', 'must start with "solana:"'],
  ])('%s', (text, words) => {
    expect(refusalOf(text)).toContain(words);
  });

  it('allows plain http to this machine only (the sandbox merchant)', () => {
    expect(transactionRequestUrl('solana:http://127.0.0.1:8899/sandbox/merchant/usdc').host).toBe(
      '127.0.0.1:8899',
    );
    expect(callableMerchantUrl('http://127.0.0.1:1/x')).not.toBeNull();
    expect(callableMerchantUrl('http://10.0.0.1/x')).toBeNull();
    expect(callableMerchantUrl('https://a:b@shop.example/')).toBeNull();
  });
});
