/**
 * A taker with no SOL on the sandbox's `--api-shape v2` (issue 32), in process over a real
 * ledger (litesvm) through its HTTP server, every answer validated against the official OpenAPI
 * (test/fixtures/real-world/schema/jup-ag-docs-1dda348d-openapi-swap-v2.yaml):
 *
 * - a market maker's fill followed by a pool (PDLG -> SOL, two hops) asked plainly: the maker
 *   pays the fee and the gas payer the rent of the taker's new accounts, and it lands with the
 *   taker paying no SOL (it used to fail, the taker left to pay the rent);
 * - an order the taker cannot fund for want of SOL answers the docs' aggregator errorCode 2
 *   ("Insufficient SOL for gas"), and one it cannot fund for want of the token errorCode 1
 *   (docs-v2 "Order & Execute", Error codes);
 * - /build names the market's lookup table even when the swap alone fits without it, so an
 *   integrator's own instructions fit.
 */
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { CP_SWAP_LOOKUP_TABLE } from '../cp-swap/lookup-table';
import { SANDBOX_GAS_PAYER } from '../../shared/sandbox-operator';
import { TOKEN_2022_PROGRAM_ID } from '../tokens';
import { sandboxMintOf } from '../../shared/sandbox-tokens';
import { useV2SandboxServer } from '../../../test/harness/v2-sandbox-server';
import { answerValidator, expectValid } from '../../../test/fixtures/openapi-v2';
import { landOrder, swapQuery } from '../../../test/fixtures/v2-orders';

const [SOL, USDC, JUP, PDLG] = ['SOL', 'USDC', 'JUP', 'PDLG'].map(sandboxMintOf);

const build200 = answerValidator('/build', 'get', '200');
const order200 = answerValidator('/order', 'get', '200');
const execute200 = answerValidator('/execute', 'post', '200');

const v2 = useV2SandboxServer('v2-gasless');
const { get, tokenAccount } = v2;

describe('a taker with no SOL (issue 32)', () => {
  it("a two-hop order through the market maker's fill: the maker pays the fee, the gas payer the rent", async () => {
    const taker = Keypair.generate();
    tokenAccount(taker.publicKey.toBase58(), PDLG, 100_000_000n, TOKEN_2022_PROGRAM_ID);
    const order = await get('/order', swapQuery(PDLG, SOL, '1500000', taker));
    expectValid(order200, order.body);
    expect(order.body).toMatchObject({ router: 'jupiterz', gasless: true });
    expect((order.body.routePlan as unknown[]).length).toBe(2);
    expect(order.body.signatureFeePayer).toBe(order.body.maker);
    expect(order.body.rentFeePayer).toBe(SANDBOX_GAS_PAYER);
    const landed = await landOrder(v2, order, taker);
    expectValid(execute200, landed.body);
    expect(landed.body.status).toBe('Success');
    // The taker paid nothing: it holds exactly the SOL the swap delivered.
    expect(v2.ledger.getAccount(taker.publicKey.toBase58())?.lamports ?? 0n).toBeGreaterThanOrEqual(
      BigInt(landed.body.totalOutputAmount as string),
    );
  });

  it('says what is missing: the SOL for the fee (errorCode 2), or the token (errorCode 1)', async () => {
    const taker = Keypair.generate();
    tokenAccount(taker.publicKey.toBase58(), USDC, 50_000_000n);
    // slippageBps makes the order manual: not gasless, the taker pays its fee.
    const noSol = await get(
      '/order',
      swapQuery(USDC, JUP, '3000000', taker, { slippageBps: '50' }),
    );
    expectValid(order200, noSol.body);
    expect(noSol.body).toMatchObject({
      router: 'metis',
      transaction: '',
      errorCode: 2,
      errorMessage: 'Insufficient SOL for gas',
    });
    const noToken = await get('/order', swapQuery(USDC, JUP, '300000000', taker));
    expect(noToken.body).toMatchObject({
      transaction: '',
      errorCode: 1,
      errorMessage: 'Insufficient funds',
    });
  });

  it("/build names the market's lookup table even for a swap that fits without it", async () => {
    const taker = Keypair.generate();
    tokenAccount(taker.publicKey.toBase58(), USDC, 50_000_000n);
    const { status, body } = await get('/build', swapQuery(USDC, JUP, '3000000', taker));
    expect(status).toBe(200);
    expectValid(build200, body);
    expect(Object.keys(body.addressesByLookupTableAddress as object)).toEqual([
      CP_SWAP_LOOKUP_TABLE,
    ]);
  });
});
