/**
 * The deepest pool across venues (issue 32), on a real sandbox ledger: Raydium AMM v4 pools
 * found by getProgramAccounts (the sandbox RPC's own handler, main/sandbox/rpc/) in the AmmInfo
 * bytes its genesis writes from the program's state.rs, and Raydium CLMM pools opened by the
 * program itself (`create_pool`, `open_position_with_token22_nft`), read at their derived
 * addresses. A pool added here on a pair the market already serves becomes the deepest, and the
 * token is priced from it; AMM v4's fees owed (`need_take_pnl`) are not its reserves.
 */
import { PublicKey } from '@solana/web3.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { writeAmmV4Genesis } from '../../sandbox/amm-v4/amm-genesis';
import { writeClmmGenesis } from '../../sandbox/clmm/clmm-genesis';
import { decodeClmmPoolState } from '../../sandbox/clmm/state';
import { formatUnits } from '../../shared/amount';
import { SandboxLedger } from '../../sandbox/ledger/ledger';
import { getProgramAccounts } from '../../sandbox/rpc/methods-program-accounts';
import { SANDBOX_TOKENS } from '../../shared/sandbox-tokens';
import type { OracleConnection } from '../oracle/oracle-reader';
import { AMM_V4_PROGRAM, CLMM_PROGRAM } from '../../review/program-ids';
import { ammV4PoolFilters } from './amm-v4-pool-account';
import { clmmPoolAddress } from './clmm-pool-account';
import { createPoolPriceReader, type ReferencePrice } from './pool-price-reader';
import type { ProgramAccountsRead } from './program-accounts';

const mint = (symbol: string) => SANDBOX_TOKENS.find((t) => t.symbol === symbol)!.mint;
const [SOL, USDC, USDT, RAY, UNVR] = ['SOL', 'USDC', 'USDT', 'RAY', 'UNVR'].map(mint) as [
  string,
  string,
  string,
  string,
  string,
];
const reference = (m: string, usdPrice: string, feed: string): [string, ReferencePrice] => [
  m,
  { mint: m, usdPrice, toleranceBps: 0n, source: `Pyth's ${feed}/USD feed` },
];
const references = new Map([
  reference(SOL, '150', 'SOL'),
  reference(USDC, '1', 'USDC'),
  reference(USDT, '1', 'USDT'),
]);

let ledger: SandboxLedger;
let ammPool: string;
const connection: OracleConnection = {
  async getMultipleAccountsInfo(keys: PublicKey[]) {
    return keys.map((key) => ledger.getAccount(key.toBase58()));
  },
};
/** getProgramAccounts answered by the sandbox RPC's handler, decoded as the wallet decodes it. */
const programAccounts: ProgramAccountsRead = async (program, filters) => {
  const answer = getProgramAccounts([program, { encoding: 'base64', filters }], {
    ledger,
  }) as { pubkey: string; account: { owner: string; data: [string, string] } }[];
  return answer.map(({ pubkey, account }) => ({
    pubkey,
    owner: account.owner,
    data: new Uint8Array(Buffer.from(account.data[0], 'base64')),
  }));
};
const reader = () =>
  createPoolPriceReader({ connection: () => connection, programAccounts: () => programAccounts });

beforeAll(() => {
  ledger = SandboxLedger.open({
    stateDir: join(tempDir('swapdesk-pool-venues-'), 'ledger'),
    slotMs: 0,
  });
  // RAY/USDT on AMM v4: $5.2 M of USDT at 2.6, deeper than CP-Swap's RAY/USDC ($2.5 M at 2.5).
  [ammPool] = writeAmmV4Genesis(ledger, SANDBOX_TOKENS, [
    { coin: 'RAY', pc: 'USDT', amountCoin: '2000000', price: '2.6' },
  ]) as [string];
  // UNVR/USDC on CLMM (0.05%) at 0.012, far deeper than CP-Swap's UNVR/USDC ($100,000 at 0.01).
  writeClmmGenesis(ledger, SANDBOX_TOKENS, [
    {
      a: 'UNVR',
      b: 'USDC',
      feeTier: '0.05%',
      price: '0.012',
      ranges: [
        { halfWidth: 20, amountA: '20000000' },
        { halfWidth: 200, amountA: '50000000' },
        { halfWidth: 4000, amountA: '50000000' },
      ],
    },
  ]);
}, 120_000);

describe('the deepest pool across Raydium CP-Swap, AMM v4 and CLMM', () => {
  it('finds AMM v4 pools by getProgramAccounts with the layout’s filters, both mint orders', async () => {
    const asCoin = await programAccounts(AMM_V4_PROGRAM, ammV4PoolFilters(RAY, USDT));
    expect(asCoin.map((a) => a.pubkey)).toEqual([ammPool]);
    expect(await programAccounts(AMM_V4_PROGRAM, ammV4PoolFilters(USDT, RAY))).toEqual([]);
    // Accounts a transaction created are indexed too: the CLMM pool the program opened.
    const clmm = await programAccounts(CLMM_PROGRAM, [{ dataSize: 1544 }]);
    expect(clmm.map((a) => a.pubkey)).toContain(clmmPoolAddress(1, UNVR, USDC));
    // The genesis seeds' RAY/USDC and RAY/SOL are found as well.
    expect(await programAccounts(AMM_V4_PROGRAM, ammV4PoolFilters(RAY, USDC))).toHaveLength(1);
  });

  it('prices RAY from its deepest pool, AMM v4’s RAY/USDT, and UNVR from CLMM’s', async () => {
    const prices = await reader().read([RAY, UNVR], references);
    const ray = prices.get(RAY)!;
    expect(ray).toMatchObject({ pool: ammPool, venue: 'Raydium AMM v4', referenceMint: USDT });
    expect(Number(ray.usdPrice)).toBeCloseTo(2.6, 9);
    expect(Number(ray.depthUsd)).toBeCloseTo(5_200_000, 0);
    const unvr = prices.get(UNVR)!;
    expect(unvr).toMatchObject({ venue: 'Raydium CLMM', referenceMint: USDC });
    expect(unvr.pool).toBe(clmmPoolAddress(1, UNVR, USDC));
    // sqrt_price_x64 at the pool's price, to the tick's precision.
    expect(Number(unvr.usdPrice)).toBeCloseTo(0.012, 5);
    // Its depth: the active liquidity's virtual USDC reserve (a narrow range makes it huge),
    // capped by what its USDC vault really holds.
    const state = decodeClmmPoolState(ledger.getAccount(unvr.pool)!.data);
    const vault = state.mint0 === USDC ? state.vault0 : state.vault1;
    const held = ledger.tokenBalance(vault)!;
    expect(state.liquidity * (1n << 64n) > held * state.sqrtPriceX64).toBe(true);
    expect(unvr.depthUsd).toBe(formatUnits(held, 6));
  });

  it('without getProgramAccounts (a public RPC refusing it), the other venues still count', async () => {
    const refusing = createPoolPriceReader({
      connection: () => connection,
      programAccounts: () => () => Promise.reject(new Error('-32010 excluded from account index')),
    });
    const prices = await refusing.read([RAY, UNVR], references);
    expect(prices.get(RAY)).toMatchObject({ venue: 'Raydium CP-Swap', referenceMint: USDC });
    expect(prices.get(UNVR)?.venue).toBe('Raydium CLMM');
  });

  it('does not wait past its limit for a getProgramAccounts that never answers', async () => {
    const hanging = createPoolPriceReader({
      connection: () => connection,
      programAccounts: () => () => new Promise(() => undefined),
      ammV4SearchMs: 50,
    });
    const prices = await hanging.read([RAY], references);
    expect(prices.get(RAY)).toMatchObject({ venue: 'Raydium CP-Swap', referenceMint: USDC });
  });

  it('takes AMM v4’s need_take_pnl out of its reserves, and no pool another program owns', async () => {
    const account = ledger.getAccount(ammPool)!;
    const data = new Uint8Array(account.data);
    const view = new DataView(data.buffer);
    // A tenth of the USDT vault owed as fees: the pool's own USDT is 4.68 M, its price 2.34.
    view.setBigUint64(200, 520_000_000_000n, true);
    ledger.setAccount(ammPool, { ...account, data });
    try {
      const ray = (await reader().read([RAY], references)).get(RAY)!;
      expect(ray.pool).toBe(ammPool);
      expect(Number(ray.usdPrice)).toBeCloseTo(2.34, 9);
      ledger.setAccount(ammPool, { ...account, data, owner: CLMM_PROGRAM });
      expect((await reader().read([RAY], references)).get(RAY)?.venue).toBe('Raydium CP-Swap');
    } finally {
      ledger.setAccount(ammPool, account);
    }
  });
});
