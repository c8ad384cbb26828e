/**
 * Every refusal of the sandbox swap API, over HTTP against a real sandbox process: the status,
 * the `{ errorCode, error }` body, and that nothing was built when the request was wrong.
 */
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-session';
import {
  ataOf,
  BONK,
  faucet,
  getJson,
  JUP,
  postJson,
  PDLG,
  PYUSD,
  signAndSend,
  SOL,
  USDC,
  USDT,
} from './sandbox-swap-fixtures';

const sandbox = useSandbox();

const quoteUrl = (query: string) => `${sandbox.swapApiUrl}/quote?${query}`;

async function expectError(
  answer: Promise<{ status: number; body: Record<string, unknown> }>,
  status: number,
  errorCode: string,
): Promise<string> {
  const { status: actual, body } = await answer;
  expect({ status: actual, errorCode: body.errorCode }).toEqual({ status, errorCode });
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(10);
  return body.error as string;
}

async function quote(query: string): Promise<Record<string, unknown>> {
  const { status, body } = await getJson(quoteUrl(query));
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('GET /quote refusals', () => {
  it.each([
    ['no inputMint', `outputMint=${USDC}&amount=1`],
    ['a mint that is not base58', `inputMint=nope&outputMint=${USDC}&amount=1`],
    ['a fractional amount', `inputMint=${SOL}&outputMint=${USDC}&amount=1.5`],
    ['a zero amount', `inputMint=${SOL}&outputMint=${USDC}&amount=0`],
    ['an amount above u64', `inputMint=${SOL}&outputMint=${USDC}&amount=18446744073709551616`],
    ['an unknown swapMode', `inputMint=${SOL}&outputMint=${USDC}&amount=1&swapMode=Both`],
    ['slippage above 100%', `inputMint=${SOL}&outputMint=${USDC}&amount=1&slippageBps=10001`],
    ['an unknown venue', `inputMint=${SOL}&outputMint=${USDC}&amount=1&dexes=Orca%20V1`],
    [
      'a platform fee above 10%',
      `inputMint=${SOL}&outputMint=${USDC}&amount=1&platformFeeBps=1001`,
    ],
    ['a non-boolean flag', `inputMint=${SOL}&outputMint=${USDC}&amount=1&onlyDirectRoutes=yes`],
    [
      'a repeated single parameter',
      `inputMint=${SOL}&inputMint=${USDT}&outputMint=${USDC}&amount=1`,
    ],
  ])('INVALID_PARAMETER for %s', async (_name, query) => {
    await expectError(getJson(quoteUrl(query)), 400, 'INVALID_PARAMETER');
  });

  it('CIRCULAR_ARBITRAGE_IS_DISABLED for the same input and output', async () => {
    await expectError(
      getJson(quoteUrl(`inputMint=${USDC}&outputMint=${USDC}&amount=5`)),
      400,
      'CIRCULAR_ARBITRAGE_IS_DISABLED',
    );
  });

  it('TOKEN_NOT_TRADABLE for a mint the sandbox does not trade', async () => {
    const stranger = Keypair.generate().publicKey.toBase58();
    const error = await expectError(
      getJson(quoteUrl(`inputMint=${stranger}&outputMint=${USDC}&amount=5`)),
      400,
      'TOKEN_NOT_TRADABLE',
    );
    expect(error).toContain(stranger);
  });

  it('MAX_ACCOUNT_GREATER_THAN_MAX above 64 accounts', async () => {
    await expectError(
      getJson(quoteUrl(`inputMint=${SOL}&outputMint=${USDC}&amount=5&maxAccounts=65`)),
      400,
      'MAX_ACCOUNT_GREATER_THAN_MAX',
    );
  });

  it('NOT_SUPPORTED for maxAccounts with ExactOut', async () => {
    await expectError(
      getJson(
        quoteUrl(`inputMint=${SOL}&outputMint=${USDC}&amount=5&swapMode=ExactOut&maxAccounts=30`),
      ),
      400,
      'NOT_SUPPORTED',
    );
  });

  it('NO_ROUTES_FOUND when the filters leave no market (USDC -> USDT on the market maker, direct BONK -> JUP)', async () => {
    await expectError(
      getJson(
        quoteUrl(
          `inputMint=${USDC}&outputMint=${USDT}&amount=5&swapMode=ExactOut&dexes=Sandbox%20Market%20Maker`,
        ),
      ),
      400,
      'NO_ROUTES_FOUND',
    );
    await expectError(
      getJson(quoteUrl(`inputMint=${BONK}&outputMint=${JUP}&amount=5&onlyDirectRoutes=true`)),
      400,
      'NO_ROUTES_FOUND',
    );
  });

  it('COULD_NOT_FIND_ANY_ROUTE when no pool holds that much, or maxAccounts is too tight', async () => {
    await expectError(
      getJson(
        quoteUrl(`inputMint=${SOL}&outputMint=${JUP}&amount=100000000000000&swapMode=ExactOut`),
      ),
      400,
      'COULD_NOT_FIND_ANY_ROUTE',
    );
    await expectError(
      getJson(quoteUrl(`inputMint=${SOL}&outputMint=${USDC}&amount=5000&maxAccounts=8`)),
      400,
      'COULD_NOT_FIND_ANY_ROUTE',
    );
  });

  it('unknown paths and wrong methods', async () => {
    await expectError(getJson(`${sandbox.swapApiUrl}/price`), 404, 'NOT_FOUND');
    await expectError(getJson(`${sandbox.swapApiUrl}/swap`), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('POST /swap refusals', () => {
  let user: Keypair;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    user = await sandbox.fundedUser(10, { [USDC]: 10_000_000n });
    base = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=100000000&platformFeeBps=20`);
  });

  const swap = (body: unknown) => postJson(`${sandbox.swapApiUrl}/swap`, body);
  /** POST /swap with `body` is refused with 400 and `errorCode` (expectError); its words. */
  const swapRefused = (body: unknown, errorCode: string) => expectError(swap(body), 400, errorCode);

  it('INVALID_REQUEST_BODY for a body that is not JSON, lacks userPublicKey / quoteResponse, or has an unknown fee form', async () => {
    await swapRefused('{not json', 'INVALID_REQUEST_BODY');
    await swapRefused({ quoteResponse: base }, 'INVALID_REQUEST_BODY');
    await swapRefused({ userPublicKey: user.publicKey.toBase58() }, 'INVALID_REQUEST_BODY');
    await swapRefused(
      {
        userPublicKey: user.publicKey.toBase58(),
        quoteResponse: base,
        prioritizationFeeLamports: {
          jitoTipLamportsWithPayer: { lamports: 1, payer: user.publicKey.toBase58() },
        },
      },
      'INVALID_REQUEST_BODY',
    );
  });

  it('INVALID_QUOTE_RESPONSE, MARKET_NOT_FOUND and ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT for tampered quotes', async () => {
    const userPublicKey = user.publicKey.toBase58();
    const plan = base.routePlan as { swapInfo: Record<string, unknown>; percent: number }[];
    await swapRefused(
      { userPublicKey, quoteResponse: { ...base, inAmount: '1e9' } },
      'INVALID_QUOTE_RESPONSE',
    );
    await swapRefused(
      { userPublicKey, quoteResponse: { ...base, outputMint: USDT } },
      'INVALID_QUOTE_RESPONSE',
    );
    const unknownPool = plan.map((step) => ({
      ...step,
      swapInfo: { ...step.swapInfo, ammKey: Keypair.generate().publicKey.toBase58() },
    }));
    await swapRefused(
      { userPublicKey, quoteResponse: { ...base, routePlan: unknownPool } },
      'MARKET_NOT_FOUND',
    );
    const half = plan.map((step) => ({
      ...step,
      percent: Math.max(1, Math.floor(step.percent / 2)),
    }));
    await swapRefused(
      { userPublicKey, quoteResponse: { ...base, routePlan: half } },
      'ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT',
    );
  });

  it('INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE when both are given', async () => {
    await swapRefused(
      {
        userPublicKey: user.publicKey.toBase58(),
        quoteResponse: base,
        prioritizationFeeLamports: 1000,
        computeUnitPriceMicroLamports: 5,
      },
      'INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE',
    );
  });

  it('fee account refusals: missing, Token-2022, wrong mint (ExactIn and ExactOut)', async () => {
    const userPublicKey = user.publicKey.toBase58();
    const nobody = Keypair.generate().publicKey;
    await swapRefused(
      { userPublicKey, quoteResponse: base, feeAccount: ataOf(nobody, USDC).toBase58() },
      'INVALID_FEE_ACCOUNT',
    );
    await faucet(sandbox.rpcUrl, nobody, PYUSD, 1n);
    await faucet(sandbox.rpcUrl, nobody, USDT, 1n);
    await faucet(sandbox.rpcUrl, nobody, USDC, 1n);
    const pyusdQuote = await quote(
      `inputMint=${SOL}&outputMint=${PYUSD}&amount=100000000&platformFeeBps=20`,
    );
    await swapRefused(
      {
        userPublicKey,
        quoteResponse: pyusdQuote,
        feeAccount: ataOf(nobody, PYUSD).toBase58(),
      },
      'TOKEN_2022_FEE_ACCOUNT_NOT_SUPPORTED',
    );
    await swapRefused(
      { userPublicKey, quoteResponse: base, feeAccount: ataOf(nobody, USDT).toBase58() },
      'FEE_ACCOUNT_MINT_MISMATCH',
    );
    const exactOut = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=1000000&swapMode=ExactOut&platformFeeBps=20`,
    );
    const error = await swapRefused(
      { userPublicKey, quoteResponse: exactOut, feeAccount: ataOf(nobody, USDC).toBase58() },
      'FEE_ACCOUNT_MINT_MISMATCH',
    );
    expect(error).toContain('input token');
  });

  it('INVALID_DESTINATION_TOKEN_ACCOUNT: missing, not a token account, or another mint', async () => {
    const userPublicKey = user.publicKey.toBase58();
    const exactOut = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=1000000&swapMode=ExactOut`,
    );
    const payee = Keypair.generate().publicKey;
    await swapRefused(
      {
        userPublicKey,
        quoteResponse: exactOut,
        destinationTokenAccount: ataOf(payee, USDC).toBase58(),
      },
      'INVALID_DESTINATION_TOKEN_ACCOUNT',
    );
    await swapRefused(
      { userPublicKey, quoteResponse: exactOut, destinationTokenAccount: userPublicKey },
      'INVALID_DESTINATION_TOKEN_ACCOUNT',
    );
    await faucet(sandbox.rpcUrl, payee, USDT, 1n);
    await swapRefused(
      {
        userPublicKey,
        quoteResponse: exactOut,
        destinationTokenAccount: ataOf(payee, USDT).toBase58(),
      },
      'INVALID_DESTINATION_TOKEN_ACCOUNT',
    );
  });

  it('SLIPPAGE_TOLERANCE_EXCEEDED when the pools moved past the bound since the quote (ExactIn and ExactOut)', async () => {
    const exactIn = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&slippageBps=10&onlyDirectRoutes=true`,
    );
    const exactOut = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=150000000&slippageBps=10&swapMode=ExactOut&onlyDirectRoutes=true`,
    );
    // a whale sells SOL for USDC through the same pools, pushing the SOL price down
    const whale = await sandbox.fundedUser(100_000);
    const dump = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=30000000000000&onlyDirectRoutes=true`,
    );
    const dumpSwap = await swap({ userPublicKey: whale.publicKey.toBase58(), quoteResponse: dump });
    expect(dumpSwap.status).toBe(200);
    await signAndSend(sandbox.connection, dumpSwap.body.swapTransaction as string, whale);
    await expectError(
      swap({ userPublicKey: user.publicKey.toBase58(), quoteResponse: exactIn }),
      409,
      'SLIPPAGE_TOLERANCE_EXCEEDED',
    );
    await expectError(
      swap({ userPublicKey: user.publicKey.toBase58(), quoteResponse: exactOut }),
      409,
      'SLIPPAGE_TOLERANCE_EXCEEDED',
    );
  });

  it('answers a transaction with simulationError set when the user cannot pay for it', async () => {
    const poor = await sandbox.fundedUser(1);
    const big = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=5000000000`);
    const { status, body } = await swap({
      userPublicKey: poor.publicKey.toBase58(),
      quoteResponse: big,
    });
    expect(status).toBe(200);
    expect(body.simulationError).toMatchObject({ errorCode: 'TRANSACTION_ERROR' });
    expect(typeof body.swapTransaction).toBe('string');
  });

  it('lets the caller replace the blockhash of a CP-Swap transaction (the person is its only signer), not of a market-maker fill', async () => {
    const q = await quote(`inputMint=${SOL}&outputMint=${USDC}&amount=10000000`);
    const { body } = await swap({ userPublicKey: user.publicKey.toBase58(), quoteResponse: q });
    const tx = VersionedTransaction.deserialize(
      Buffer.from(body.swapTransaction as string, 'base64'),
    );
    await new Promise((done) => setTimeout(done, 900)); // a newer slot, a newer blockhash
    const { blockhash } = await sandbox.connection.getLatestBlockhash();
    expect(blockhash).not.toBe(tx.message.recentBlockhash);
    tx.message.recentBlockhash = blockhash;
    tx.sign([user]);
    expect(await sandbox.connection.sendRawTransaction(tx.serialize())).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]+$/,
    );

    const fill = await quote(`inputMint=${USDC}&outputMint=${PDLG}&amount=1000000`);
    const filled = await swap({ userPublicKey: user.publicKey.toBase58(), quoteResponse: fill });
    const coSigned = VersionedTransaction.deserialize(
      Buffer.from(filled.body.swapTransaction as string, 'base64'),
    );
    expect(coSigned.message.header.numRequiredSignatures).toBe(2);
    await new Promise((done) => setTimeout(done, 900));
    const newer = (await sandbox.connection.getLatestBlockhash()).blockhash;
    expect(newer).not.toBe(coSigned.message.recentBlockhash);
    coSigned.message.recentBlockhash = newer;
    coSigned.sign([user]);
    await expect(sandbox.connection.sendRawTransaction(coSigned.serialize())).rejects.toThrow(
      /signature/i,
    );
  });
});
