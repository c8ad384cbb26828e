/**
 * /quote and /swap in process over a real ledger (litesvm) running Raydium CP-Swap: the built
 * transaction references no more accounts than the router counted for maxAccounts, has the
 * person as its only signer, and the program executes it to the quoted amounts.
 */
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { encodeTokenAccount } from '../pools/token-account-data';
import { countRouteAccounts } from '../router/route-accounts';
import { createMarketContext } from './market-context';
import { replayQuote } from './route-replay';
import { parseSwapRequest } from './swap-request';
import { buildSwap } from './swap-service';
import { useSandboxMarket } from '../../../test/fixtures/sandbox-market';
import { sandboxMintOf } from '../../shared/sandbox-tokens';
import { CP_SWAP_LOOKUP_TABLE } from '../cp-swap/lookup-table';

const [SOL, JUP, WIF, USDC, USDT, MSOL] = ['SOL', 'JUP', 'WIF', 'USDC', 'USDT', 'mSOL'].map(
  sandboxMintOf,
);

const market = useSandboxMarket('swapdesk-swap-');

function fundSol(owner: Keypair, sol: bigint) {
  market.ledger.setAccount(owner.publicKey.toBase58(), {
    lamports: sol * 1_000_000_000n,
    owner: '11111111111111111111111111111111',
    data: new Uint8Array(),
    executable: false,
  });
}

describe('buildSwap', () => {
  it('a split two-hop swap needs no more accounts than maxAccounts counted, and executes as quoted', () => {
    const user = Keypair.generate();
    fundSol(user, 60_000n);
    // big enough to split the SOL leg, through an intermediate to WIF
    const quote = market.quote(
      `inputMint=${SOL}&outputMint=${WIF}&amount=5000000000000&restrictIntermediateTokens=false&platformFeeBps=10`,
    );
    const route = replayQuote(
      market.context,
      parseSwapRequest({ quoteResponse: quote, userPublicKey: user.publicKey.toBase58() }).quote,
      null,
    ).route;
    expect(route.hops).toHaveLength(2);
    expect(route.hops[0]!.legs.length).toBeGreaterThan(1);
    const counted = countRouteAccounts(route, market.context.isToken2022, true);
    const answer = buildSwap(
      market.context,
      parseSwapRequest({ quoteResponse: quote, userPublicKey: user.publicKey.toBase58() }),
    );
    expect(answer.simulationError).toBeNull();
    const tx = VersionedTransaction.deserialize(Buffer.from(answer.swapTransaction, 'base64'));
    expect(tx.message.staticAccountKeys.length).toBeLessThanOrEqual(counted);
    expect(tx.message.header.numRequiredSignatures).toBe(1);
    tx.sign([user]);
    const sent = market.ledger.sendTransaction(tx.serialize());
    expect(sent.status).toBe('executed');
    const logs = sent.status === 'executed' ? sent.record.logs : [];
    // Each leg is one top-level call of its venue (Raydium CP-Swap, AMM v4 or CLMM, issue 33).
    const swaps = logs.filter((line) =>
      /^Program (CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C|675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8|CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK) invoke \[1\]$/.test(
        line,
      ),
    );
    expect(swaps.length).toBe(route.hops.reduce((n, hop) => n + hop.legs.length, 0));
    // no feeAccount in the swap request: no fee is taken, the user gets the gross output
    const wif = getAssociatedTokenAddressSync(new PublicKey(WIF), user.publicKey);
    expect(market.ledger.tokenBalance(wif.toBase58())).toBe(
      BigInt(quote.outAmount) + BigInt(quote.platformFee!.amount),
    );
  });

  it('a /swap of a shape answered before answers exactly what one without that memory answers', () => {
    const user = Keypair.generate();
    fundSol(user, 10n);
    const request = (amount: bigint) =>
      parseSwapRequest({
        quoteResponse: market.quote(`inputMint=${SOL}&outputMint=${USDC}&amount=${amount}`),
        userPublicKey: user.publicKey.toBase58(),
        dynamicComputeUnitLimit: true,
      });
    // A context of its own: no /swap answered before (recompile.ts, swap-service.ts).
    const cold = () => createMarketContext(market.ledger, market.context.market);
    buildSwap(market.context, request(100_000_000n));
    for (const amount of [100_001_000n, 250_000_000n, 100_000_000n]) {
      const asked = request(amount);
      const warm = buildSwap(market.context, asked);
      expect(warm.simulationError).toBeNull();
      expect(warm).toEqual(buildSwap(cold(), asked));
    }
    // The run at the limit answered before fails (the person's SOL is gone): measured again at
    // the ceiling, it answers the error a /swap without memory answers.
    market.ledger.setAccount(user.publicKey.toBase58(), {
      lamports: 10_000n,
      owner: '11111111111111111111111111111111',
      data: new Uint8Array(),
      executable: false,
    });
    const broke = request(100_000_000n);
    const warm = buildSwap(market.context, broke);
    expect(warm.simulationError).not.toBeNull();
    expect(warm).toEqual(buildSwap(cold(), broke));
  });

  it('a resent swap is refused by the ledger: the quote executes once', () => {
    const user = Keypair.generate();
    fundSol(user, 10n);
    const quote = market.quote(`inputMint=${SOL}&outputMint=${JUP}&amount=100000000`);
    const answer = buildSwap(
      market.context,
      parseSwapRequest({ quoteResponse: quote, userPublicKey: user.publicKey.toBase58() }),
    );
    const tx = VersionedTransaction.deserialize(Buffer.from(answer.swapTransaction, 'base64'));
    tx.sign([user]);
    expect(market.ledger.sendTransaction(tx.serialize()).status).toBe('executed');
    const again = market.ledger.sendTransaction(tx.serialize());
    expect(again.status).toBe('rejected');
  });

  it('an ExactIn platform fee in SOL: the person pays the fee account and the operator in wSOL', () => {
    const user = Keypair.generate();
    fundSol(user, 1n);
    const usdcAccount = getAssociatedTokenAddressSync(
      new PublicKey(USDC),
      user.publicKey,
    ).toBase58();
    writeToken(usdcAccount, USDC, user.publicKey.toBase58(), 300_000_000n);
    const integrator = Keypair.generate().publicKey.toBase58();
    const feeAccount = Keypair.generate().publicKey.toBase58();
    writeToken(feeAccount, SOL, integrator, 0n);
    const operator = market.context.market.operatorFeeAccounts.get(SOL)!;
    const operatorBefore = market.ledger.tokenBalance(operator)!;
    const quote = market.quote(
      `inputMint=${USDC}&outputMint=${SOL}&amount=300000000&platformFeeBps=100`,
    );
    const answer = buildSwap(
      market.context,
      parseSwapRequest({
        quoteResponse: quote,
        userPublicKey: user.publicKey.toBase58(),
        feeAccount,
      }),
    );
    expect(answer.simulationError).toBeNull();
    const tx = VersionedTransaction.deserialize(Buffer.from(answer.swapTransaction, 'base64'));
    tx.sign([user]);
    const lamportsBefore = market.ledger.getAccount(user.publicKey.toBase58())!.lamports;
    expect(market.ledger.sendTransaction(tx.serialize()).status).toBe('executed');
    const fee = BigInt(quote.platformFee!.amount);
    expect(market.ledger.tokenBalance(feeAccount)).toBe(fee - (fee * 25n) / 1000n);
    expect(market.ledger.tokenBalance(operator)! - operatorBefore).toBe((fee * 25n) / 1000n);
    // the output was unwrapped: the user's SOL grew by outAmount less one signature's fee
    // (the person is the only signer)
    expect(market.ledger.getAccount(user.publicKey.toBase58())!.lamports - lamportsBefore).toBe(
      BigInt(quote.outAmount) - 5_000n,
    );
  });
});

describe('buildSwap through the market lookup table', () => {
  it('a route of four CP-Swap legs, too large inline, is a v0 transaction through the table and executes', () => {
    const user = Keypair.generate();
    fundSol(user, 1n);
    const amount = 100_000n * 10n ** 9n; // 100,000 mSOL: split on both hops
    writeToken(
      getAssociatedTokenAddressSync(new PublicKey(MSOL), user.publicKey).toBase58(),
      MSOL,
      user.publicKey.toBase58(),
      amount,
    );
    const quote = market.quote(
      `inputMint=${MSOL}&outputMint=${USDT}&amount=${amount}&restrictIntermediateTokens=false`,
    );
    // Four legs or more (since issue 33 the best is three hops, each split: six).
    expect(quote.routePlan.length).toBeGreaterThanOrEqual(4);
    const answer = buildSwap(
      market.context,
      parseSwapRequest({ quoteResponse: quote, userPublicKey: user.publicKey.toBase58() }),
    );
    expect(answer.simulationError).toBeNull();
    const tx = VersionedTransaction.deserialize(Buffer.from(answer.swapTransaction, 'base64'));
    expect(tx.message.addressTableLookups.map((lookup) => lookup.accountKey.toBase58())).toEqual([
      CP_SWAP_LOOKUP_TABLE,
    ]);
    // legacy cannot use a table: the same route is refused in words that say what to do
    expect(() =>
      buildSwap(
        market.context,
        parseSwapRequest({
          quoteResponse: quote,
          userPublicKey: user.publicKey.toBase58(),
          asLegacyTransaction: true,
        }),
      ),
    ).toThrow(/as a legacy transaction. Ask for a v0 transaction/);
    // a quote asked for a legacy transaction picks a route that fits one
    const legacyQuote = market.quote(
      `inputMint=${MSOL}&outputMint=${USDT}&amount=${amount}&restrictIntermediateTokens=false&asLegacyTransaction=true`,
    );
    expect(legacyQuote.routePlan.length).toBeLessThanOrEqual(3);
    const legacy = buildSwap(
      market.context,
      parseSwapRequest({
        quoteResponse: legacyQuote,
        userPublicKey: user.publicKey.toBase58(),
        asLegacyTransaction: true,
      }),
    );
    expect(legacy.simulationError).toBeNull();
    tx.sign([user]);
    const sent = market.ledger.sendTransaction(tx.serialize());
    expect(sent.status === 'executed' && sent.record.err).toBeNull();
    const usdt = getAssociatedTokenAddressSync(new PublicKey(USDT), user.publicKey);
    expect(market.ledger.tokenBalance(usdt.toBase58())).toBe(BigInt(quote.outAmount));
  });
});

function writeToken(address: string, mint: string, owner: string, amount: bigint) {
  const rent = market.ledger.minimumBalanceForRentExemption(165);
  const native = mint === SOL;
  market.ledger.setAccount(address, {
    lamports: native ? rent + amount : rent,
    owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    data: encodeTokenAccount({ mint, owner, amount, nativeReserve: native ? rent : null }),
    executable: false,
  });
}
