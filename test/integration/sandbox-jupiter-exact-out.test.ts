/**
 * Why ExactOut on the sandbox is not one Jupiter instruction: the program itself refuses it.
 * Jupiter's mainnet binary (a test fixture: test/fixtures/programs/jupiter-v6/PROVENANCE.md) on
 * the sandbox, given the four ExactOut route forms around a real CP-Swap leg (the one the
 * sandbox's /swap-instructions answers, shaped as mainnet's API would shape a RaydiumCP step).
 *
 * What the program compares (found in its bytecode, held here by behaviour; sandbox README,
 * "Jupiter"): before any CPI, every ExactOut form counts the accounts after its own that are
 * one of five venue programs (Raydium AMM v4, Raydium CLMM, Orca Whirlpool and two more ids) and
 * requires that count to equal the number of route steps (Anchor RequireEqViolated, 2501; the
 * binary logs no Left/Right). CP-Swap's program is not among the five, so a RaydiumCP step fails
 * it. With the count met by one of those ids, the RaydiumCP step is refused next as
 * SwapNotSupported (6016): of every `Swap` variant, only Raydium, Whirlpool, RaydiumClmm,
 * WhirlpoolSwapV2 and RaydiumV2 have an ExactOut path, and none of them calls CP-Swap.
 */
import {
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type SimulatedTransactionResponse,
} from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { instruction, type InstructionJson } from './sandbox-swap-instructions-helpers';
import { useSandbox } from './sandbox-session';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import {
  ataOf,
  CP_SWAP_PROGRAM,
  faucet,
  getJson,
  postJson,
  SOL,
  tokenBalance,
  USDC,
  USDT,
  waitFor,
} from './sandbox-swap-fixtures';
import {
  EXACT_OUT_FORMS,
  exactOutInstruction,
  RAYDIUM_CP,
  swapVariants,
  type ExactOutForm,
  type ExactOutRoute,
  type Step,
} from './jupiter-exact-out-shapes';

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** The five program ids the ExactOut forms count (read from the binary's constants). */
const EXACT_OUT_VENUES = [
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8', // Raydium AMM v4
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', // Raydium CLMM
  'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', // Orca Whirlpool
  'H8W3ctz92svYg6mkn1UtGfu2aQr2fnUFHM1RhScEtQDt',
  'HpNfyc2Saw7RKkQd8nEL4khUcuPhQ7WwY1B2qjx8jxFq',
];
const WHIRLPOOL = EXACT_OUT_VENUES[2]!;
/** The variants whose ExactOut path exists in the binary (the rest: SwapNotSupported). */
const EXACT_OUT_VARIANTS = ['Raydium', 'Whirlpool', 'RaydiumClmm', 'WhirlpoolSwapV2', 'RaydiumV2'];
const LOG_NAME: Record<ExactOutForm, string> = {
  exact_out_route: 'ExactOutRoute',
  shared_accounts_exact_out_route: 'SharedAccountsExactOutRoute',
  exact_out_route_v2: 'ExactOutRouteV2',
  shared_accounts_exact_out_route_v2: 'SharedAccountsExactOutRouteV2',
};

const sandbox = useSandbox({ args: ['--jupiter-program', JUPITER_PROGRAM_FIXTURE] });
let user: Keypair;

beforeAll(async () => {
  user = await sandbox.fundedUser(20, { [USDC]: 1_000_000_000n });
});

interface Leg {
  setup: TransactionInstruction[];
  base: Omit<ExactOutRoute, 'form' | 'steps'>;
}

/**
 * An ExactOut quote of `amount` of `outputMint`, and /swap-instructions' answer: its set-up (the
 * output account, SOL wrapped up to the maximum) and its CP-Swap swap_base_output, whose 13
 * accounts the Jupiter step takes.
 */
async function leg(
  inputMint: string,
  outputMint: string,
  amount: bigint,
  feeAccount: string | null,
) {
  // Without AMM v4 and CLMM: the CP-Swap leg this test is about (with the program loaded, an
  // ExactOut quote is otherwise routed over those two, which Jupiter runs backwards: issue 33).
  const query = `inputMint=${inputMint}&outputMint=${outputMint}&amount=${amount}&swapMode=ExactOut&onlyDirectRoutes=true&excludeDexes=Raydium,Raydium%20CLMM`;
  const quote = await getJson(`${sandbox.swapApiUrl}/quote?${query}`);
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const answer = await postJson(`${sandbox.swapApiUrl}/swap-instructions`, {
    quoteResponse: quote.body,
    userPublicKey: user.publicKey.toBase58(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const cpSwap = instruction(answer.body.swapInstruction as InstructionJson);
  expect(cpSwap.programId.toBase58()).toBe(CP_SWAP_PROGRAM);
  expect(cpSwap.keys).toHaveLength(13);
  const result: Leg = {
    setup: (answer.body.setupInstructions as InstructionJson[]).map(instruction),
    base: {
      user: user.publicKey,
      sourceMint: inputMint,
      destinationMint: outputMint,
      source: ataOf(user.publicKey, inputMint).toBase58(),
      destination: ataOf(user.publicKey, outputMint).toBase58(),
      cpSwap,
      outAmount: amount,
      quotedInAmount: BigInt(quote.body.inAmount as string),
      slippageBps: quote.body.slippageBps as number,
      feeAccount,
      platformFeeBps: feeAccount === null ? 0 : 50,
    },
  };
  return result;
}

const oneCpStep: Step[] = [{ variant: RAYDIUM_CP, percent: 100, from: 0, to: 1 }];

async function transaction(instructions: TransactionInstruction[]) {
  const { blockhash } = await sandbox.connection.getLatestBlockhash();
  const message = new TransactionMessage({
    payerKey: user.publicKey,
    recentBlockhash: blockhash,
    instructions,
  }).compileToV0Message();
  const tx = new VersionedTransaction(message);
  tx.sign([user]);
  return tx;
}

/** Simulates set-up + the route; answers the route's custom error (null: it succeeded) and logs. */
async function simulate(l: Leg, route: TransactionInstruction) {
  const tx = await transaction([...l.setup, route]);
  const { value } = await sandbox.connection.simulateTransaction(tx, { sigVerify: false });
  return { code: customError(value, l.setup.length), logs: value.logs ?? [] };
}

function customError(value: Pick<SimulatedTransactionResponse, 'err'>, at: number): number | null {
  if (value.err === null) return null;
  const [index, inner] = (value.err as { InstructionError: [number, unknown] }).InstructionError;
  expect(index).toBe(at);
  const custom = (inner as { Custom?: number }).Custom;
  if (custom === undefined) throw new Error(`not a custom error: ${JSON.stringify(inner)}`);
  return custom;
}

/** Jupiter's own compute units in the logs (one figure: no CPI ran). */
const jupiterUnits = (logs: string[]) =>
  logs
    .filter((line) => line.startsWith(`Program ${JUPITER} consumed`))
    .map((line) => Number(line.split(' ')[3]));

describe("Jupiter's program and ExactOut through Raydium CP-Swap", () => {
  it('every ExactOut form (plain, shared, V1, V2; fee or none; SOL wrapped or not) fails 2501 before any CPI', async () => {
    const feeOwner = Keypair.generate().publicKey;
    await faucet(sandbox.rpcUrl, feeOwner, USDC, 1n);
    const usdcFee = ataOf(feeOwner, USDC).toBase58();
    const legs = [
      await leg(USDC, USDT, 25_000_000n, null),
      await leg(USDC, USDT, 25_000_000n, usdcFee),
      await leg(SOL, USDC, 40_000_000n, null),
    ];
    let tried = 0;
    for (const l of legs) {
      for (const form of EXACT_OUT_FORMS) {
        const { code, logs } = await simulate(
          l,
          exactOutInstruction({ ...l.base, form, steps: oneCpStep }),
        );
        expect(code, `${form} ${l.base.sourceMint}`).toBe(2501);
        expect(logs).toContain(`Program log: Instruction: ${LOG_NAME[form]}`);
        // Refused before any CPI: CP-Swap never runs, and the program logs no Left/Right.
        const route = logs.slice(logs.indexOf(`Program ${JUPITER} invoke [1]`));
        expect(route.length).toBeGreaterThan(1);
        expect(logs.some((line) => line.includes(CP_SWAP_PROGRAM))).toBe(false);
        expect(route.some((line) => /invoke \[2\]|Left:|Right:|AnchorError/.test(line))).toBe(
          false,
        );
        expect(jupiterUnits(logs)).toHaveLength(1);
        expect(jupiterUnits(logs)[0]).toBeLessThan(2_500);
        tried += 1;
      }
    }
    expect(tried).toBe(12);

    // Landed for real (preflight skipped): the same refusal on chain, nothing moves.
    const [plain] = legs;
    const before = await tokenBalance(sandbox.connection, new PublicKey(plain!.base.destination));
    const tx = await transaction([
      ...plain!.setup,
      exactOutInstruction({ ...plain!.base, form: 'exact_out_route', steps: oneCpStep }),
    ]);
    const signature = await sandbox.connection.sendRawTransaction(tx.serialize(), {
      skipPreflight: true,
    });
    await waitFor(sandbox.connection, signature).catch(() => undefined);
    const landed = await sandbox.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(landed).not.toBeNull();
    expect(customError(landed!.meta!, plain!.setup.length)).toBe(2501);
    expect(await tokenBalance(sandbox.connection, new PublicKey(plain!.base.destination))).toBe(
      before,
    );
  });

  it('what 2501 compares: the route steps against the accounts that are one of five venue programs', async () => {
    const l = await leg(USDC, USDT, 25_000_000n, null);
    const route = (steps: Step[], extra: string[] = [], more: Partial<ExactOutRoute> = {}) =>
      exactOutInstruction({
        ...l.base,
        form: 'exact_out_route',
        steps,
        extraAccounts: extra,
        ...more,
      });
    const codeOf = async (ix: TransactionInstruction) => (await simulate(l, ix)).code;

    // No steps and none of those accounts: 0 = 0 passes. With nothing to receive the route
    // succeeds; asked for an output it fails the program's final check (6017), not 2501.
    expect(await codeOf(route([], [], { outAmount: 0n }))).toBeNull();
    expect(await codeOf(route([]))).toBe(6017);
    // One such account and no steps: 1 ≠ 0.
    expect(await codeOf(route([], [WHIRLPOOL], { outAmount: 0n }))).toBe(2501);
    // One CP-Swap step (its own program id is not counted): 0 ≠ 1, with or without its accounts.
    expect(await codeOf(route(oneCpStep))).toBe(2501);
    expect(await codeOf(route(oneCpStep, [], { noStepAccounts: true }))).toBe(2501);
    // Any one of the five ids, anywhere after the form's accounts, meets the count; the
    // RaydiumCP step is then refused for itself: SwapNotSupported.
    for (const venue of EXACT_OUT_VENUES) {
      expect(await codeOf(route(oneCpStep, [venue])), venue).toBe(6016);
    }
    // Two steps (50/50 over the pool): one id is 1 ≠ 2; two ids pass to SwapNotSupported.
    const split: Step[] = [
      { variant: RAYDIUM_CP, percent: 50, from: 0, to: 1 },
      { variant: RAYDIUM_CP, percent: 50, from: 0, to: 1 },
    ];
    expect(await codeOf(route(split, [WHIRLPOOL]))).toBe(2501);
    expect(await codeOf(route(split, [WHIRLPOOL, EXACT_OUT_VENUES[1]!]))).toBe(6016);
    // Neither the amounts nor the bound are compared: each still fails 2501.
    for (const more of [
      { outAmount: 1n },
      { quotedInAmount: 0n },
      { quotedInAmount: 10n ** 15n },
      { slippageBps: 0 },
      { slippageBps: 10_000 },
    ]) {
      expect(
        await codeOf(route(oneCpStep, [], more)),
        JSON.stringify(more, (_, v) => (typeof v === 'bigint' ? `${v}` : v)),
      ).toBe(2501);
    }
  });

  it('every Swap variant: only five have an ExactOut path, and RaydiumCP is not one', async () => {
    const l = await leg(USDC, USDT, 25_000_000n, null);
    const variants = swapVariants();
    const plain = new Map<number, string[]>();
    const counted = new Map<number, string[]>();
    for (const variant of variants) {
      const steps: Step[] = [{ variant, percent: 100, from: 0, to: 1 }];
      const base = { ...l.base, form: 'exact_out_route' as const, steps };
      const a = (await simulate(l, exactOutInstruction(base))).code!;
      const b = (await simulate(l, exactOutInstruction({ ...base, extraAccounts: [WHIRLPOOL] })))
        .code!;
      plain.set(a, [...(plain.get(a) ?? []), variant.name]);
      counted.set(b, [...(counted.get(b) ?? []), variant.name]);
    }
    // The binary predates the IDL's newest variants: it cannot decode those (Anchor 102).
    const known = variants.filter((v) => !(plain.get(102) ?? []).includes(v.name));
    expect(known.length).toBeGreaterThan(150);
    expect(known.map((v) => v.name)).toContain('RaydiumCP');
    // As mainnet would shape it: every variant the binary knows fails the count first.
    expect(plain.get(2501)).toEqual(known.map((v) => v.name));
    // With the count met: five variants reach their venue's path (here they find no venue
    // accounts after the counted id: EmptyRoute, 6000); every other one is SwapNotSupported.
    expect(counted.get(6000)).toEqual(EXACT_OUT_VARIANTS);
    expect(counted.get(6016)).toEqual(
      known.map((v) => v.name).filter((name) => !EXACT_OUT_VARIANTS.includes(name)),
    );
    expect(counted.get(6016)).toContain('RaydiumCP');
  }, 120_000);
});
