/**
 * Jupiter's fee account, derived as the real answers show it: the Ultra /order of jup-ag/docs
 * (test/fixtures/real-world/swap/ultra-2025-04-order-aggregator.json) pays its 5 bps into the
 * wSOL associated token account of the aggregator's program authority 12, and the sixteen
 * authorities are the sixteen tip accounts of docs-v2 "Transaction Submission"
 * (test/fixtures/real-world/docs-v2/jup-ag-docs-1dda348d-transaction-submit.mdx). The real
 * /order of wancupie-netizen/DexSato (an integrator's 50 bps referral fee) is not Jupiter's.
 */
import { VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { realWorldJson, realWorldText } from '../../test/fixtures/real-world';
import { decodeJupiter } from '../review/decode-jupiter';
import type { Address } from '../shared/address';
import {
  feeAccountOwner,
  JUPITER_AGGREGATOR,
  JUPITER_AUTHORITIES,
  jupiterAuthority,
} from './jupiter-fee-account';
import { SOL_MINT } from './jupiter-fee-table';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** The aggregator's fee-taking route instructions of a real transaction (static keys only). */
function feeRoutes(base64: string) {
  const tx = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  const keys = tx.message.staticAccountKeys.map((key) => key.toBase58());
  return tx.message.compiledInstructions.flatMap((ix) => {
    if (keys[ix.programIdIndex] !== JUPITER_AGGREGATOR) return [];
    const accounts = ix.accountKeyIndexes.map((i) => (keys[i] ?? `table-${i}`) as Address);
    const decoded = decodeJupiter(ix.data, accounts);
    return decoded.kind === 'jupiterRoute' && decoded.platformFeeBps > 0 ? [decoded] : [];
  });
}

describe("Jupiter's fee account", () => {
  it('is, in the real Ultra order, the wSOL account of the program authority 12', () => {
    const order = realWorldJson<{ transaction: string; feeBps: number; inputMint: string }>(
      'swap/ultra-2025-04-order-aggregator.json',
    );
    const [route] = feeRoutes(order.transaction);
    expect(route).toMatchObject({ name: 'route', platformFeeBps: order.feeBps });
    expect(route?.platformFeeAccount).toBe('6AMWTvaL1pscDo5CAaBhPfv7xnSLjJ3ZXScV9yt5Gr5G');
    // SOL is first by the fee mint priority, and the order sells SOL.
    expect(order.inputMint).toBe(SOL_MINT);
    const owner = feeAccountOwner(route!.platformFeeAccount!, SOL_MINT, TOKEN, JUPITER_AUTHORITIES);
    expect(owner).toBe(jupiterAuthority(12));
    expect(owner).toBe('3LoAYHuSd7Gh8d7RTFnhvYtiTiefdZ5ByamU42vkzd76');
  });

  it('belongs to one of the sixteen authorities, which are the docs’ sixteen tip accounts', () => {
    const page = realWorldText('docs-v2/jup-ag-docs-1dda348d-transaction-submit.mdx');
    const block = page.slice(page.indexOf('const TIP_ACCOUNTS = ['));
    const listed = [
      ...block.slice(0, block.indexOf('];')).matchAll(/"([1-9A-HJ-NP-Za-km-z]{32,44})"/g),
    ].map((match) => match[1]);
    expect(JUPITER_AUTHORITIES).toEqual(listed);
  });

  it('is not the integrator’s referral account of the real DexSato /order, nor a stranger’s', () => {
    const dexSato = realWorldJson<{ transaction: string }>(
      'swap-v2/wancupie-netizen_DexSato@48ed5673__tests_fixtures_jupiter_v2_unsigned.json',
    );
    const [route] = feeRoutes(dexSato.transaction);
    // Its 50 bps go to the referral account 5q9R…zNQQ's wSOL account (decode-jupiter.test.ts).
    expect(route?.platformFeeBps).toBe(50);
    expect(feeAccountOwner(route!.platformFeeAccount!, SOL_MINT, TOKEN, JUPITER_AUTHORITIES)).toBe(
      null,
    );
    expect(
      feeAccountOwner(route!.platformFeeAccount!, SOL_MINT, TOKEN, [
        '5q9Rk7oLhpxyoUstjKqbJxV3xnAi7Zucqsuw6NCzzNQQ',
      ]),
    ).toBe('5q9Rk7oLhpxyoUstjKqbJxV3xnAi7Zucqsuw6NCzzNQQ');
    // The right owner but another mint's account is not the fee mint's.
    expect(
      feeAccountOwner(
        '6AMWTvaL1pscDo5CAaBhPfv7xnSLjJ3ZXScV9yt5Gr5G',
        USDC,
        TOKEN,
        JUPITER_AUTHORITIES,
      ),
    ).toBe(null);
  });
});
