/**
 * The sandbox's `--api-shape v2` in process, over a real ledger (litesvm) running Raydium
 * CP-Swap and the sandbox's market maker, through its HTTP server and the wallet's own v2
 * client: every answer of /build, /order and /execute is validated against the official
 * OpenAPI (test/fixtures/real-world/schema/jup-ag-docs-1dda348d-openapi-swap-v2.yaml). ExactIn
 * only; the market maker fills only on /order and signs at /execute; a referral fee is taken on
 * /order only when the referral account's token account of the fee mint exists; /execute lands
 * only the message /order built.
 */
import bs58 from 'bs58';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { SANDBOX_GAS_PAYER } from '../../shared/sandbox-operator';
import { TOKEN_2022_PROGRAM_ID } from '../tokens';
import { sandboxMintOf } from '../../shared/sandbox-tokens';
import { useV2SandboxServer } from '../../../test/harness/v2-sandbox-server';
import { answerValidator, expectValid } from '../../../test/fixtures/openapi-v2';
import { landOrder, swapQuery } from '../../../test/fixtures/v2-orders';

const [SOL, USDC, PDLG] = ['SOL', 'USDC', 'PDLG'].map(sandboxMintOf);

const build200 = answerValidator('/build', 'get', '200');
const build400 = answerValidator('/build', 'get', '400');
const order200 = answerValidator('/order', 'get', '200');
const order400 = answerValidator('/order', 'get', '400');
const execute200 = answerValidator('/execute', 'post', '200');
const execute400 = answerValidator('/execute', 'post', '400');

const v2 = useV2SandboxServer('v2-shape');
const { get, tokenAccount } = v2;

function fund(owner: Keypair, mint?: string, amount?: bigint) {
  v2.ledger.setAccount(owner.publicKey.toBase58(), {
    lamports: 10n * 1_000_000_000n,
    owner: '11111111111111111111111111111111',
    data: new Uint8Array(),
    executable: false,
  });
  if (mint !== undefined && amount !== undefined)
    tokenAccount(owner.publicKey.toBase58(), mint, amount);
}

async function execute(body: unknown) {
  return v2.post('/execute', body);
}

describe('GET /swap/v2/build', () => {
  it('answers a quote and instructions at the official shape, without a unit limit', async () => {
    const taker = Keypair.generate();
    fund(taker);
    const { status, body } = await get(
      '/build',
      swapQuery(SOL, USDC, '100000000', taker, { slippageBps: '50' }),
    );
    expect(status).toBe(200);
    expectValid(build200, body);
    expect(body.swapMode).toBe('ExactIn');
    const budget = body.computeBudgetInstructions as { data: string }[];
    expect(budget.every((ix) => Buffer.from(ix.data, 'base64')[0] !== 2)).toBe(true);
    const meta = body.blockhashWithMetadata as { blockhash: number[] };
    expect(bs58.encode(Uint8Array.from(meta.blockhash))).toBe(
      v2.ledger.latestBlockhash().blockhash,
    );
  });

  it('has no market maker (Metis only), and no ExactOut', async () => {
    const taker = Keypair.generate();
    fund(taker, USDC, 100_000_000n);
    const mm = await get('/build', swapQuery(USDC, PDLG, '10000000', taker));
    expect(mm.status).toBe(400);
    expectValid(build400, mm.body);
    const exactOut = await get(
      '/build',
      swapQuery(SOL, USDC, '1000000', taker, { swapMode: 'ExactOut' }),
    );
    expect(exactOut.status).toBe(400);
    expect(String(exactOut.body.error)).toMatch(/ExactIn only/);
  });
});

describe('GET /swap/v2/order and POST /swap/v2/execute', () => {
  it('quotes without a taker (transaction null), and lands a signed order', async () => {
    const quoteOnly = await get('/order', swapQuery(SOL, USDC, '100000000'));
    expect(quoteOnly.status).toBe(200);
    expectValid(order200, quoteOnly.body);
    expect(quoteOnly.body.transaction).toBeNull();

    const taker = Keypair.generate();
    fund(taker);
    const order = await get('/order', swapQuery(SOL, USDC, '100000000', taker));
    expectValid(order200, order.body);
    expect(order.body.router).toBe('metis');
    const landed = await landOrder(v2, order, taker);
    expect(landed.status).toBe(200);
    expectValid(execute200, landed.body);
    expect(landed.body).toMatchObject({ status: 'Success', code: 0 });
    const record = v2.ledger.transaction(landed.body.signature as string);
    expect(record?.err ?? null).toBeNull();
    expect(BigInt(landed.body.totalOutputAmount as string)).toBeGreaterThanOrEqual(
      BigInt(order.body.otherAmountThreshold as string),
    );
  });

  it("a market maker's fill: unsigned by the maker at /order, signed by it at /execute", async () => {
    const taker = Keypair.generate();
    fund(taker, USDC, 100_000_000n);
    const order = await get('/order', swapQuery(USDC, PDLG, '10000000', taker));
    expectValid(order200, order.body);
    expect(order.body.router).toBe('jupiterz');
    // Without JupiterZ nothing else trades PDLG here.
    const without = await get(
      '/order',
      swapQuery(USDC, PDLG, '10000000', undefined, { excludeRouters: 'jupiterz' }),
    );
    expect(without.status).toBe(400);
    const tx = VersionedTransaction.deserialize(
      Buffer.from(order.body.transaction as string, 'base64'),
    );
    const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
    // As on mainnet ("JupiterZ market maker: signatureFeePayer is the MM address"): the maker
    // pays the network fee, so it is the first account; the person signs second.
    expect(signers.map(String)).toEqual([order.body.maker, taker.publicKey.toBase58()]);
    expect(order.body).toMatchObject({ gasless: true, signatureFeePayer: order.body.maker });
    expect(tx.signatures.every((s) => s.every((b) => b === 0))).toBe(true);
    const lamportsBefore = v2.ledger.getAccount(taker.publicKey.toBase58())!.lamports;
    const landed = await landOrder(v2, order, taker);
    expectValid(execute200, landed.body);
    expect(landed.body.status).toBe('Success');
    // The person pays only the rent of their new PDLG account (rentFeePayer), no fee.
    const opened = getAssociatedTokenAddressSync(
      new PublicKey(PDLG),
      taker.publicKey,
      true,
      new PublicKey(TOKEN_2022_PROGRAM_ID),
    ).toBase58();
    expect(order.body.rentFeePayer).toBe(taker.publicKey.toBase58());
    expect(lamportsBefore - v2.ledger.getAccount(taker.publicKey.toBase58())!.lamports).toBe(
      v2.ledger.getAccount(opened)!.lamports,
    );
  });

  it('a gasless order: a taker under 0.01 SOL asking plainly has the gas payer pay, and signs second', async () => {
    const taker = Keypair.generate();
    tokenAccount(taker.publicKey.toBase58(), USDC, 50_000_000n);
    const order = await get('/order', swapQuery(USDC, SOL, '20000000', taker));
    expectValid(order200, order.body);
    expect(order.body).toMatchObject({
      router: 'metis',
      mode: 'ultra',
      gasless: true,
      signatureFeePayer: SANDBOX_GAS_PAYER,
      rentFeePayer: SANDBOX_GAS_PAYER,
    });
    const tx = VersionedTransaction.deserialize(
      Buffer.from(order.body.transaction as string, 'base64'),
    );
    expect(tx.message.staticAccountKeys[0]!.toBase58()).toBe(SANDBOX_GAS_PAYER);
    const landed = await landOrder(v2, order, taker);
    expectValid(execute200, landed.body);
    expect(landed.body.status).toBe('Success');
    expect(v2.ledger.transaction(landed.body.signature as string)?.err ?? null).toBeNull();
    // The person paid no fee: they hold the swap's output, plus the rent of the temporary wSOL
    // account the gas payer opened for them, which closing it returned to them.
    expect(v2.ledger.getAccount(taker.publicKey.toBase58())!.lamports).toBe(
      BigInt(landed.body.totalOutputAmount as string) +
        v2.ledger.minimumBalanceForRentExemption(165),
    );

    // With an optional parameter the order is manual, and the taker is its fee payer.
    const manual = await get(
      '/order',
      swapQuery(USDC, SOL, '20000000', taker, { slippageBps: '50' }),
    );
    expect(manual.body).toMatchObject({
      mode: 'manual',
      gasless: false,
      signatureFeePayer: taker.publicKey.toBase58(),
    });
  });

  it('lands only the message /order built, and only known orders', async () => {
    const taker = Keypair.generate();
    fund(taker);
    const order = await get('/order', swapQuery(SOL, USDC, '50000000', taker));
    const other = await get('/order', swapQuery(SOL, USDC, '60000000', taker));
    const swapped = await landOrder(v2, other, taker, order.body.requestId);
    expect(swapped.status).toBe(400);
    expectValid(execute400, swapped.body);
    expect(swapped.body.code).toBe(-3);
    const unknown = await landOrder(v2, order, taker, 'no-such-order');
    expect(unknown.body.code).toBe(-1);
    const unsigned = await execute({
      signedTransaction: order.body.transaction,
      requestId: order.body.requestId,
    });
    expect(unsigned.body).toMatchObject({ status: 'Failed', code: -1003 });
  });

  it('takes the referral fee only when the referral token account of the fee mint exists', async () => {
    const taker = Keypair.generate();
    fund(taker);
    const referral = Keypair.generate().publicKey.toBase58();
    const query = swapQuery(SOL, USDC, '100000000', taker, {
      referralAccount: referral,
      referralFee: '100',
    });
    const without = await get('/order', query);
    expectValid(order200, without.body);
    expect(without.body).toMatchObject({ feeBps: 0, feeMint: SOL, referralAccount: referral });
    const feeAccount = tokenAccount(referral, SOL, 0n);
    const withFee = await get('/order', query);
    expectValid(order200, withFee.body);
    expect(withFee.body).toMatchObject({ feeBps: 100, feeMint: SOL });
    const before = v2.ledger.tokenBalance(feeAccount) ?? 0n;
    const landed = await landOrder(v2, withFee, taker);
    expect(landed.body.status).toBe('Success');
    expect((v2.ledger.tokenBalance(feeAccount) ?? 0n) - before).toBeGreaterThan(0n);
    const bad = await get('/order', { ...query, referralFee: '20' });
    expect(bad.status).toBe(400);
    expectValid(order400, bad.body);
  });
});
