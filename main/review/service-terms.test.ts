/**
 * The tip accounts a Swap API v2 service may be paid are exactly the 16 Jupiter publishes for
 * its send endpoint (docs-v2 "Transaction Submission",
 * test/fixtures/real-world/docs-v2/jup-ag-docs-1dda348d-transaction-submit.mdx), read from that
 * page; the sandbox keeps its own terms and mainnet on v6 or v1 Jito's.
 */
import { describe, expect, it } from 'vitest';
import { PublicKey, SystemProgram } from '@solana/web3.js';
import { realWorldText } from '../../test/fixtures/real-world';
import {
  honestSwap,
  key,
  scenarioReport,
  systemAccount,
  USER,
  verdict,
} from '../../test/fixtures/review-scenarios';
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

describe('a tip on a v2 service, judged by the guard', () => {
  /** The honest swap plus a SOL tip of `lamports` to `to`, paid out of the person's wallet. */
  function tipped(to: string, lamports: bigint) {
    const scenario = honestSwap();
    const user = key(USER.publicKey);
    const after = scenario.post![user]!;
    return {
      ...scenario,
      instructions: [
        ...scenario.instructions,
        SystemProgram.transfer({
          fromPubkey: USER.publicKey,
          toPubkey: new PublicKey(to),
          lamports,
        }),
      ],
      pre: { ...scenario.pre, [to]: systemAccount(1_000_000_000n) },
      post: {
        ...scenario.post,
        [user]: systemAccount(after.lamports - lamports),
        [to]: systemAccount(1_000_000_000n + lamports),
      },
    };
  }

  it("goes to one of Jupiter's 16 within the cap", async () => {
    const report = await scenarioReport(tipped(JUPITER_TIP_ACCOUNTS[3]!, 500n), SWAP_V2_TERMS);
    expect(verdict(report, 'sol-transfer').ok).toBe(true);
  });

  it("is refused to Jito's accounts, and above the cap", async () => {
    const jito = await scenarioReport(tipped(JITO_TIP_ACCOUNTS[0]!, 500n), SWAP_V2_TERMS);
    expect(verdict(jito, 'sol-transfer').ok).toBe(false);
    const over = await scenarioReport(tipped(JUPITER_TIP_ACCOUNTS[3]!, 5_000n), SWAP_V2_TERMS);
    expect(over.accepted).toBe(false);
  });
});
