/**
 * The aggregator's route forms as the review reads them, checked against the program's own
 * Anchor IDL (test/fixtures/real-world/schema/idl/sava-software_idl-clients@f7c239e8__
 * jupiter_swap_gen_idl.json: the on-chain IDL of JUP6…TaV4, copied from sava-software/
 * idl-clients, Apache-2.0) and against real route instructions: the Ultra order of
 * test/fixtures/real-world/swap (jup-ag/docs), the real /swap-instructions answer of
 * ilkamo/jupiter-go, the V2 transactions of wancupie-netizen/DexSato and gemwalletcom/core, and
 * the V2 instruction data collected in test/fixtures/real-world/swap-v2/ (sources in its README).
 */
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { minimumReceived } from '../swap-api/slippage-bound';
import { realWorldJson, realWorldText } from '../../test/fixtures/real-world';
import {
  decodeJupiter,
  decodeJupiterRoute,
  enforcedBound,
  routeDiscriminator,
} from './decode-jupiter';
import { referralTokenAccountV2 } from '../fees/referral-v2';
import { ROUTE_LAYOUTS, V1_LEDGER_TAIL, V1_TAIL, V2_HEADER } from './jupiter-layouts';
import { JUPITER_V6_PROGRAM } from './program-ids';
import type { JupiterRoute } from './types';

interface IdlInstruction {
  name: string;
  discriminator: number[];
  accounts: { name: string }[];
  args: { name: string; type: unknown }[];
}
const idl = realWorldJson<{ address: string; instructions: IdlInstruction[] }>(
  'schema/idl/sava-software_idl-clients@f7c239e8__jupiter_swap_gen_idl.json',
);
const SIZES: Record<string, number> = { u8: 1, u16: 2, u64: 8 };
const byName = (name: string) => idl.instructions.find((ix) => ix.name === name) as IdlInstruction;

/** Random distinct accounts, as many as the IDL names. */
const accountsFor = (count: number) =>
  Array.from({ length: count }, () => Keypair.generate().publicKey.toBase58() as Address);

/**
 * Instruction data laid out from the IDL's argument list: a one-step route plan (a Swap variant
 * with no fields, then its share and indices), the given values for the scalar arguments.
 */
function dataFromIdl(ix: IdlInstruction, values: Record<string, bigint>): Uint8Array {
  const parts: Buffer[] = [Buffer.from(ix.discriminator)];
  for (const arg of ix.args) {
    if (typeof arg.type !== 'string') {
      // Vec<RoutePlanStep>: length 1, Swap variant 7 (no fields), percent/bps, 0, 1.
      const v2 = JSON.stringify(arg.type).includes('RoutePlanStepV2');
      parts.push(Buffer.from([1, 0, 0, 0, 7, ...(v2 ? [0x10, 0x27] : [100]), 0, 1]));
      continue;
    }
    const size = SIZES[arg.type] as number;
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(values[arg.name] ?? 0n, 0);
    parts.push(bytes.subarray(0, size));
  }
  return Uint8Array.from(Buffer.concat(parts));
}

describe('the route layouts, from the program IDL', () => {
  it('the IDL is the aggregator program’s', () => {
    expect(idl.address).toBe(JUPITER_V6_PROGRAM);
  });

  it.each(ROUTE_LAYOUTS.map((layout) => [layout.name, layout] as const))(
    '%s: discriminator, accounts and argument offsets',
    (name, layout) => {
      const ix = byName(name);
      expect(ix, `${name} is in the IDL`).toBeDefined();
      expect(routeDiscriminator(name)).toBe(Buffer.from(ix.discriminator).toString('hex'));
      const accountName = (index: number | null) =>
        index === null ? null : (ix.accounts[index]?.name ?? 'missing');
      const places = layout.accounts;
      expect(accountName(places.source)).toMatch(/^(user_)?source_token_account$/);
      expect(accountName(places.destination)).toBe('destination_token_account');
      if (places.userDestination !== null) {
        expect(accountName(places.userDestination)).toBe('user_destination_token_account');
      }
      expect(accountName(places.destinationMint)).toBe('destination_mint');
      if (places.sourceMint !== null) expect(accountName(places.sourceMint)).toBe('source_mint');
      expect(accountName(places.platformFeeAccount)).toBe(
        layout.version === 1 ? 'platform_fee_account' : null,
      );
      if (layout.version === 2) {
        expect(ix.accounts.some((a) => a.name === 'platform_fee_account')).toBe(false);
      }
      const names = ix.args.map((a) => a.name);
      const amount = layout.swapMode === 'ExactIn' ? 'in_amount' : 'out_amount';
      const quoted = layout.swapMode === 'ExactIn' ? 'quoted_out_amount' : 'quoted_in_amount';
      const scalars = ix.args.filter((a) => typeof a.type === 'string' && a.name !== 'id');
      const scalarSize = scalars.reduce((sum, a) => sum + (SIZES[a.type as string] ?? 99), 0);
      if (layout.version === 1) {
        // The route plan first, the amounts after it: read from the end.
        expect(names.at(-1)).toBe('platform_fee_bps');
        expect(names.indexOf('route_plan')).toBeLessThan(names.indexOf(quoted));
        expect(scalarSize).toBe(layout.tokenLedger ? V1_LEDGER_TAIL : V1_TAIL);
        expect(names.includes(amount)).toBe(!layout.tokenLedger);
      } else {
        expect(names.at(-1)).toBe('route_plan');
        expect(names.slice(names[0] === 'id' ? 1 : 0, -1)).toEqual([
          amount,
          quoted,
          'slippage_bps',
          'platform_fee_bps',
          'positive_slippage_bps',
        ]);
        expect(scalarSize).toBe(V2_HEADER);
        expect(layout.amountsAt).toBe(names[0] === 'id' ? 9 : 8);
      }

      // Data laid out from the IDL decodes to the values written.
      const accounts = accountsFor(ix.accounts.length);
      const route = decodeJupiterRoute(
        dataFromIdl(ix, {
          id: 3n,
          [amount]: 1_234_567n,
          [quoted]: 7_654_321n,
          slippage_bps: 150n,
          platform_fee_bps: 20n,
          positive_slippage_bps: 0n,
        }),
        accounts,
      ) as JupiterRoute;
      expect(route).not.toBeNull();
      expect(route.name).toBe(name);
      expect(route.swapMode).toBe(layout.swapMode);
      expect(route.amount).toBe(layout.tokenLedger ? null : 1_234_567n);
      expect(route.quotedAmount).toBe(7_654_321n);
      expect(route.slippageBps).toBe(150);
      expect(route.platformFeeBps).toBe(20);
      expect(route.bound).toBe(enforcedBound(layout.swapMode, 7_654_321n, 150));
      expect(route.source).toBe(accounts[places.source]);
      expect(route.destination).toBe(accounts[places.destination]);
      expect(route.destinationMint).toBe(accounts[places.destinationMint]);
      if (places.destinationOptional && places.userDestination !== null) {
        // No destination_token_account (the program's id): the person's own account is paid.
        const none = [...accounts];
        none[places.destination] = JUPITER_V6_PROGRAM as Address;
        const own = decodeJupiterRoute(dataFromIdl(ix, { [quoted]: 1n }), none) as JupiterRoute;
        expect(own.destination).toBe(accounts[places.userDestination]);
      }
      // Too few accounts, or data cut short: not read (and so refused by the bound rule).
      expect(decodeJupiterRoute(dataFromIdl(ix, {}), accounts.slice(0, 3))).toBeNull();
      expect(decodeJupiter(Uint8Array.from(ix.discriminator), accounts)).toEqual({
        kind: 'other',
        name: 'swap',
      });
    },
  );

  it('the bound the program enforces: ExactIn rounded down, ExactOut rounded up', () => {
    expect(enforcedBound('ExactIn', 10_001n, 50)).toBe(9_950n); // 9,950.995
    expect(enforcedBound('ExactOut', 10_001n, 50)).toBe(10_052n); // 10,051.005
    expect(enforcedBound('ExactIn', 5n, 10_000)).toBe(0n);
    expect(enforcedBound('ExactOut', 5n, 0)).toBe(5n);
  });
});

/** The aggregator's route instructions of a real transaction, decoded. */
function routesOf(transactionBase64: string): JupiterRoute[] {
  const tx = VersionedTransaction.deserialize(Buffer.from(transactionBase64, 'base64'));
  const keys = tx.message.staticAccountKeys.map((key) => key.toBase58());
  return tx.message.compiledInstructions.flatMap((ix) => {
    if (keys[ix.programIdIndex] !== JUPITER_V6_PROGRAM) return [];
    // Accounts behind lookup tables are not published with these transactions: stand-ins keep
    // the positions (the amounts and bounds do not depend on them).
    const accounts = ix.accountKeyIndexes.map(
      (index) => (keys[index] ?? `table-account-${index}`) as Address,
    );
    const decoded = decodeJupiter(ix.data, accounts);
    return decoded.kind === 'jupiterRoute' ? [decoded] : [];
  });
}

describe('real route instructions', () => {
  it('the Ultra order’s `route` enforces at least its quote’s minimum (jup-ag/docs)', () => {
    const order = realWorldJson<{
      transaction: string;
      inAmount: string;
      outAmount: string;
      otherAmountThreshold: string;
      slippageBps: number;
      feeBps: number;
    }>('swap/ultra-2025-04-order-aggregator.json');
    const [route] = routesOf(order.transaction);
    expect(route).toMatchObject({
      name: 'route',
      version: 1,
      swapMode: 'ExactIn',
      amount: BigInt(order.inAmount),
      quotedAmount: BigInt(order.outAmount),
      // The order's dynamic slippage (its report's 75 bps) is tighter than the quote's 100.
      slippageBps: 75,
      platformFeeBps: order.feeBps,
    });
    expect(route?.bound).toBe(12_603_153n);
    expect(route!.bound).toBeGreaterThanOrEqual(BigInt(order.otherAmountThreshold));
    expect(route!.bound).toBeGreaterThanOrEqual(
      minimumReceived(BigInt(order.outAmount), order.slippageBps),
    );
  });

  it('a real /swap-instructions answer’s `shared_accounts_route` (ilkamo/jupiter-go)', () => {
    const answer = realWorldJson<{
      swapInstruction: { data: string; accounts: { pubkey: string }[] };
    }>('swap-instructions/ilkamo-jupiter-go-swapInstructionsWithoutJito.json');
    const { data, accounts } = answer.swapInstruction;
    const route = decodeJupiterRoute(
      Buffer.from(data, 'base64'),
      accounts.map((a) => a.pubkey as Address),
    );
    expect(route).toMatchObject({
      name: 'shared_accounts_route',
      amount: 100_000n,
      quotedAmount: 24_256n,
      slippageBps: 250,
      platformFeeBps: 0,
      source: accounts[3]?.pubkey,
      destination: accounts[6]?.pubkey,
    });
    expect(route?.bound).toBe(minimumReceived(24_256n, 250));
  });

  it('the V2 transactions: `shared_accounts_route_v2` amounts come before the route plan', () => {
    const dexSato = realWorldJson<{ transaction: string }>(
      'swap-v2/wancupie-netizen_DexSato@48ed5673__tests_fixtures_jupiter_v2_unsigned.json',
    );
    expect(routesOf(dexSato.transaction)).toMatchObject([
      {
        name: 'shared_accounts_route_v2',
        version: 2,
        amount: 1_000_000n, // 0.001 SOL
        quotedAmount: 102_841n, // USDC base units
        slippageBps: 50,
        platformFeeBps: 50,
        positiveSlippageBps: 0,
        feeAccountSlot: false,
        bound: minimumReceived(102_841n, 50),
        // No slot: the fee goes to the first account after the instruction's own twelve. The
        // DexSato repository names it (tests/test_jupiter_fee_simulation.py @ 48ed5673): its
        // referral account 5q9R…zNQQ's wSOL token account, the 50 bps fee of this /order.
        platformFeeAccount: '3vDQ2eA5mAu1Wf5podZ7rFRnamuMKC9prhaTkf8PvyUv',
      },
    ]);
    expect(
      referralTokenAccountV2(
        '5q9Rk7oLhpxyoUstjKqbJxV3xnAi7Zucqsuw6NCzzNQQ' as Address,
        'So11111111111111111111111111111111111111112' as Address,
        'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address,
      ),
    ).toBe('3vDQ2eA5mAu1Wf5podZ7rFRnamuMKC9prhaTkf8PvyUv');
    const gem = realWorldText(
      'swap-v2/gemwalletcom_core@d93b1fdc__crates_gem_solana_src_signer_chain_signer.rs__MAYAN_V0_TX_shared_accounts_route_v2.b64',
    ).trim();
    expect(routesOf(gem)).toMatchObject([
      {
        name: 'shared_accounts_route_v2',
        amount: 100_000_000n,
        quotedAmount: 413_015n,
        slippageBps: 100,
      },
    ]);
  });

  it('every recorded V2 instruction data decodes with a header that makes sense', () => {
    const lines = realWorldText('swap-v2/route_v2_instruction_data_samples.txt')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) {
      const data = /^[0-9a-f]+$/.test(line)
        ? Buffer.from(line, 'hex')
        : Buffer.from(line, 'base64');
      const route = decodeJupiterRoute(data, accountsFor(12)) as JupiterRoute;
      expect(route?.version, line).toBe(2);
      expect(route.slippageBps).toBeLessThanOrEqual(10_000);
      expect(route.platformFeeBps).toBeLessThanOrEqual(10_000);
      expect(route.amount).toBeGreaterThan(0n);
      expect(route.quotedAmount).toBeGreaterThan(0n);
      expect(route.bound).toBe(enforcedBound('ExactIn', route.quotedAmount, route.slippageBps));
    }
  });
});
