/**
 * The tip accounts a Swap API v2 service may be paid are exactly the 16 Jupiter publishes for
 * its send endpoint (docs-v2 "Transaction Submission",
 * test/fixtures/real-world/docs-v2/jup-ag-docs-1dda348d-transaction-submit.mdx), read from that
 * page; the sandbox keeps its own terms and mainnet on v6 or v1 Jito's.
 */
import { describe, expect, it } from 'vitest';
import { realWorldText } from '../../test/fixtures/real-world';
import {
  JITO_TIP_ACCOUNTS,
  JUPITER_TIP_ACCOUNTS,
  MAINNET_TERMS,
  SANDBOX_TERMS,
  SWAP_V2_TERMS,
  termsOf,
} from './service-terms';

describe("Jupiter's tip accounts", () => {
  it('are the 16 of the docs, in their order', () => {
    const page = realWorldText('docs-v2/jup-ag-docs-1dda348d-transaction-submit.mdx');
    const block = page.slice(page.indexOf('const TIP_ACCOUNTS = ['));
    const listed = [
      ...block.slice(0, block.indexOf('];')).matchAll(/"([1-9A-HJ-NP-Za-km-z]{32,44})"/g),
    ].map((match) => match[1]);
    expect(listed).toHaveLength(16);
    expect(JUPITER_TIP_ACCOUNTS).toEqual(listed);
  });

  it('are the only tip accounts on a v2 service', () => {
    expect(termsOf({ isSandbox: false, swapApiFlavour: 'swap-v2' })).toBe(SWAP_V2_TERMS);
    expect([...SWAP_V2_TERMS.tipAccounts]).toEqual(JUPITER_TIP_ACCOUNTS);
    for (const jito of JITO_TIP_ACCOUNTS) expect(SWAP_V2_TERMS.tipAccounts.has(jito)).toBe(false);
    expect(termsOf({ isSandbox: false, swapApiFlavour: 'swap-v1' })).toBe(MAINNET_TERMS);
    expect(termsOf({ isSandbox: true, swapApiFlavour: 'swap-v2' })).toBe(SANDBOX_TERMS);
  });
});
