/**
 * Escrows of /swap-instructions in process over a real ledger (litesvm, clock moved by hand):
 * a split two-hop route with an output-side fee is settled into one escrow, swept back to the
 * exact vault balances after its deadline and not before, a used escrow is only closed, and a
 * record whose settlement never reached the ledger is dropped.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { loadOrSeedMarket } from '../pools/seed-market';
import { encodeTokenAccount } from '../pools/token-account-data';
import { createEscrowBook, type EscrowBook } from './escrow';
import { saveEscrows } from './escrow-store';
import { createMarketContext, type MarketContext } from './market-context';
import { parseQuoteParams } from './quote-params';
import { computeQuote } from './quote-service';
import { parseSwapRequest } from './swap-request';
import { buildSwapInstructionsResponse, type InstructionJson } from './swap-instructions-service';
import { tempDir } from '../../../test/fixtures/temp-dirs';

const SOL = 'So11111111111111111111111111111111111111112';
const WIF = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

let dir: string;
let ledger: SandboxLedger;
let context: MarketContext;
let book: EscrowBook;
const logs: string[] = [];

beforeAll(() => {
  dir = tempDir('swapdesk-escrow-');
  ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  context = createMarketContext(ledger, loadOrSeedMarket(ledger, join(dir, 'swap')));
  book = createEscrowBook(
    ledger,
    context.market.authority,
    join(dir, 'swap'),
    (mint) => context.tokens.get(mint)?.decimals ?? 0,
    (line) => logs.push(line),
  );
});

afterAll(() => {
  ledger.close();
  rmSync(dir, { recursive: true, force: true });
});

function fundedUser(): Keypair {
  const user = Keypair.generate();
  ledger.setAccount(user.publicKey.toBase58(), {
    lamports: 60_000n * 1_000_000_000n,
    owner: '11111111111111111111111111111111',
    data: new Uint8Array(),
    executable: false,
  });
  return user;
}

/** An integrator's existing WIF fee account. */
function feeAccount(): string {
  const address = Keypair.generate().publicKey.toBase58();
  ledger.setAccount(address, {
    lamports: ledger.minimumBalanceForRentExemption(165),
    owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    data: encodeTokenAccount({ mint: WIF, owner: address, amount: 0n, nativeReserve: null }),
    executable: false,
  });
  return address;
}

const vaultBalances = () =>
  context.market.pools.flatMap((pool) => [
    ledger.tokenBalance(pool.vaultA),
    ledger.tokenBalance(pool.vaultB),
  ]);

/** A split two-hop SOL → WIF swap with a WIF platform fee, as /swap-instructions answers it. */
function request(user: Keypair, fee: string) {
  const quote = computeQuote(
    context,
    parseQuoteParams(
      new URLSearchParams(
        `inputMint=${SOL}&outputMint=${WIF}&amount=5000000000000&restrictIntermediateTokens=false&platformFeeBps=10`,
      ),
    ),
    () => 0,
  );
  expect(quote.routePlan.length).toBeGreaterThan(2); // two hops, one of them split
  return buildSwapInstructionsResponse(
    context,
    book,
    parseSwapRequest({
      quoteResponse: quote,
      userPublicKey: user.publicKey.toBase58(),
      feeAccount: fee,
    }),
  );
}

function decode(json: InstructionJson): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(json.programId),
    keys: json.accounts.map((a) => ({ ...a, pubkey: new PublicKey(a.pubkey) })),
    data: Buffer.from(json.data, 'base64'),
  });
}

function execute(user: Keypair, body: ReturnType<typeof request>) {
  const instructions = [
    ...body.computeBudgetInstructions,
    ...body.setupInstructions,
    body.swapInstruction,
    ...(body.cleanupInstruction ? [body.cleanupInstruction] : []),
  ].map(decode);
  const message = new TransactionMessage({
    payerKey: user.publicKey,
    recentBlockhash: ledger.latestBlockhash().blockhash,
    instructions,
  }).compileToV0Message();
  const tx = new VersionedTransaction(message);
  tx.sign([user]);
  return ledger.sendTransaction(tx.serialize());
}

const expire = (body: { lastValidBlockHeight: number }) =>
  ledger.advanceSlots(body.lastValidBlockHeight - ledger.blockHeight() + 1);

describe('escrow book', () => {
  it('settles a split two-hop route into one escrow and sweeps it back exactly after, not before, its deadline', () => {
    const before = vaultBalances();
    const user = fundedUser();
    const body = request(user, feeAccount());
    expect(body.simulationError).toBeNull();
    expect(ledger.tokenBalance(body.escrow.account)).toBe(BigInt(body.escrow.amount));
    expect(vaultBalances()).not.toEqual(before);

    ledger.advanceSlots(body.lastValidBlockHeight - ledger.blockHeight());
    expect(book.sweepExpired()).toBe(0); // at the deadline it is still the user's
    expect(book.list().map((r) => r.escrow)).toEqual([body.escrow.account]);

    ledger.advanceSlots(1);
    expect(book.sweepExpired()).toBe(1);
    expect(vaultBalances()).toEqual(before);
    expect(ledger.getAccount(body.escrow.account)).toBeNull();
    expect(book.list()).toEqual([]);
    expect(execute(user, body)).toMatchObject({ status: 'rejected' });
  });

  it('only closes an escrow the user emptied: the swap stays done', () => {
    const user = fundedUser();
    const fee = feeAccount();
    const body = request(user, fee);
    const outcome = execute(user, body);
    expect(outcome.status === 'executed' && outcome.record.err).toBeNull();
    const wif = getAssociatedTokenAddressSync(new PublicKey(WIF), user.publicKey).toBase58();
    const received = ledger.tokenBalance(wif);
    expect(received).toBeGreaterThan(0n);
    expect((received ?? 0n) + (ledger.tokenBalance(fee) ?? 0n)).toBeLessThan(
      BigInt(body.escrow.amount),
    ); // the operator took its 2.5% of the fee
    const afterSwap = vaultBalances();
    expect(ledger.tokenBalance(body.escrow.account)).toBe(0n);
    expire(body);
    expect(book.sweepExpired()).toBe(1);
    expect(vaultBalances()).toEqual(afterSwap);
    expect(ledger.getAccount(body.escrow.account)).toBeNull();
  });

  it('drops a record whose settlement never reached the ledger (a crash in between), and reloads open ones', () => {
    const stateDir = join(dir, 'crash');
    rmSync(stateDir, { recursive: true, force: true });
    loadOrSeedMarket(ledger, stateDir);
    const missing = Keypair.generate().publicKey.toBase58();
    saveEscrows(stateDir, [
      {
        escrow: missing,
        mint: USDC,
        tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        decimals: 6,
        amount: '5',
        user: missing,
        lastValidBlockHeight: ledger.blockHeight() - 1,
        transfers: [],
        failedSweeps: 0,
      },
    ]);
    const reloaded = createEscrowBook(ledger, context.market.authority, stateDir, () => 6);
    expect(reloaded.list()).toHaveLength(1);
    expect(reloaded.sweepExpired()).toBe(1);
    expect(createEscrowBook(ledger, context.market.authority, stateDir, () => 6).list()).toEqual(
      [],
    );
    expect(logs.filter((line) => line.includes('failed'))).toEqual([]);
  });
});
