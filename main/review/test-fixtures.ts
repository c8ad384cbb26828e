/**
 * Scenarios for the review's unit tests: real messages compiled and signed with web3.js,
 * account states encoded with @solana/spl-token's layouts, run through the same assembly as
 * the review (assemble.ts). Only the RPC is absent: lookup tables come from a map.
 */
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import {
  ACCOUNT_SIZE,
  AccountLayout,
  AccountState as SplAccountState,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  MintLayout,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import type { Address } from '../shared/address';
import { accountState, type AccountState } from './account-state';
import { assembleFacts, reportOf } from './assemble';
import type { ReviewFacts } from './facts';
import { decodeMessage } from './message';
import type { GuardRule, GuardVerdict, ReviewReport, SimulationSummary, SwapIntent } from './types';

const seeded = (n: number) =>
  Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + n) % 256));
export const USER = seeded(1);
export const VENUE = seeded(2);
export const STRANGER = seeded(3);
export const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
export const BONK = new PublicKey('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263');
export const WSOL = new PublicKey('So11111111111111111111111111111111111111112');
export const RENT = 2_039_280n;

export const ata = (owner: PublicKey, mint: PublicKey) =>
  getAssociatedTokenAddressSync(mint, owner, true);
export const key = (value: PublicKey) => value.toBase58();

/** A token account of `mint` owned by `owner` holding `amount` (encoded like the chain does). */
export function tokenAccount(
  mint: PublicKey,
  owner: PublicKey,
  amount: bigint,
  extra: { delegate?: PublicKey; native?: boolean } = {},
): AccountState {
  const data = Buffer.alloc(ACCOUNT_SIZE);
  AccountLayout.encode(
    {
      mint,
      owner,
      amount,
      delegateOption: extra.delegate ? 1 : 0,
      delegate: extra.delegate ?? PublicKey.default,
      state: SplAccountState.Initialized,
      isNativeOption: extra.native ? 1 : 0,
      isNative: extra.native ? RENT : 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  );
  const lamports = RENT + (extra.native ? amount : 0n);
  return accountState(lamports, TOKEN_PROGRAM_ID.toBase58(), data) as AccountState;
}

export function mintAccount(decimals: number): AccountState {
  const data = Buffer.alloc(MINT_SIZE);
  MintLayout.encode(
    {
      mintAuthorityOption: 0,
      mintAuthority: PublicKey.default,
      supply: 0n,
      decimals,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    data,
  );
  return accountState(1_461_600n, TOKEN_PROGRAM_ID.toBase58(), data) as AccountState;
}

export function systemAccount(lamports: bigint): AccountState {
  return accountState(
    lamports,
    '11111111111111111111111111111111',
    new Uint8Array(),
  ) as AccountState;
}

export type States = Record<string, AccountState | null>;

export interface Scenario {
  instructions: TransactionInstruction[];
  payer?: PublicKey;
  /** Who signs (only those the message requires sign). Default: the venue. */
  signers?: Keypair[];
  /** Flips a byte of this signer's signature after signing (a tampered co-signature). */
  corruptSignatureOf?: PublicKey;
  tables?: AddressLookupTableAccount[];
  /** Lookup tables the "RPC" knows (default: `tables`). */
  knownTables?: AddressLookupTableAccount[];
  legacy?: boolean;
  pre: States;
  /** After the simulation; null = the simulation failed. */
  post: States | null;
  simulation?: SimulationSummary;
  intent: SwapIntent;
  blockHeight?: number;
  lastValidBlockHeight?: number;
  allowJupiter?: boolean;
}

/** An honest ExactIn swap of 10 USDC for 1,000 BONK through one venue leg each way. */
export function honestSwap(): Scenario {
  const userUsdc = ata(USER.publicKey, USDC);
  const userBonk = ata(USER.publicKey, BONK);
  const vaultUsdc = ata(VENUE.publicKey, USDC);
  const vaultBonk = ata(VENUE.publicKey, BONK);
  const fee = 5_000n * 2n + 200n; // two signatures + ⌈200,000 × 1,000 / 10^6⌉
  return {
    instructions: [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }),
      createTransferCheckedInstruction(userUsdc, USDC, vaultUsdc, USER.publicKey, 10_000_000n, 6),
      createTransferCheckedInstruction(vaultBonk, BONK, userBonk, VENUE.publicKey, 100_000_000n, 5),
    ],
    pre: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 100_000_000n),
      [key(userBonk)]: tokenAccount(BONK, USER.publicKey, 0n),
      [key(vaultUsdc)]: tokenAccount(USDC, VENUE.publicKey, 1_000_000_000n),
      [key(vaultBonk)]: tokenAccount(BONK, VENUE.publicKey, 1_000_000_000_000n),
      [key(USDC)]: mintAccount(6),
      [key(BONK)]: mintAccount(5),
      [key(WSOL)]: mintAccount(9),
    },
    post: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n - fee),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 90_000_000n),
      [key(userBonk)]: tokenAccount(BONK, USER.publicKey, 100_000_000n),
      [key(vaultUsdc)]: tokenAccount(USDC, VENUE.publicKey, 1_010_000_000n),
      [key(vaultBonk)]: tokenAccount(BONK, VENUE.publicKey, 999_900_000_000n),
    },
    intent: {
      swapMode: 'ExactIn',
      inputMint: key(USDC) as Address,
      outputMint: key(BONK) as Address,
      inAmount: 10_000_000n,
      outAmount: 100_000_000n,
      otherAmountThreshold: 99_000_000n,
      amount: 10_000_000n,
      slippageBps: 100,
      platformFee: null,
      feeAccount: null,
      destinationTokenAccount: null,
      maxPriorityFeeLamports: 1_000n,
    },
  };
}

const OK_SIMULATION: SimulationSummary = {
  ok: true,
  error: null,
  reason: null,
  logs: [],
  unitsConsumed: 1_000,
};

/** Compiles, signs and decodes the scenario's transaction and assembles the review facts. */
export async function scenarioFacts(scenario: Scenario): Promise<ReviewFacts> {
  const payer = scenario.payer ?? USER.publicKey;
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: key(seeded(9).publicKey),
    instructions: scenario.instructions,
  });
  const compiled = scenario.legacy
    ? message.compileToLegacyMessage()
    : message.compileToV0Message(scenario.tables ?? []);
  const tx = new VersionedTransaction(compiled);
  const required = new Set(
    compiled.staticAccountKeys.slice(0, compiled.header.numRequiredSignatures).map(key),
  );
  const signers = (scenario.signers ?? [VENUE]).filter((signer) =>
    required.has(key(signer.publicKey)),
  );
  if (signers.length > 0) tx.sign(signers);
  if (scenario.corruptSignatureOf !== undefined) {
    const slot = compiled.staticAccountKeys.findIndex((k) =>
      k.equals(scenario.corruptSignatureOf as PublicKey),
    );
    (tx.signatures[slot] as Uint8Array)[0] ^= 0xff;
  }
  const known = new Map(
    (scenario.knownTables ?? scenario.tables ?? []).map((t) => [key(t.key), t]),
  );
  const decoded = await decodeMessage(VersionedTransaction.deserialize(tx.serialize()), {
    getAddressLookupTable: async (address: PublicKey) => ({
      context: { slot: 1 },
      value: known.get(key(address)) ?? null,
    }),
  });
  const pre = new Map(Object.entries(scenario.pre));
  const post = scenario.post === null ? null : new Map(Object.entries(scenario.post));
  const simulation =
    scenario.simulation ??
    (post === null
      ? { ok: false, error: '"Failed"', reason: 'it failed.', logs: [], unitsConsumed: null }
      : OK_SIMULATION);
  const { intent } = scenario;
  return assembleFacts({
    user: key(USER.publicKey) as Address,
    intent,
    message: decoded,
    pre,
    post,
    simulation,
    blockHeight: scenario.blockHeight ?? 100,
    lastValidBlockHeight: scenario.lastValidBlockHeight ?? 250,
    allowJupiter: scenario.allowJupiter ?? false,
    expectedDestination: (intent.destinationTokenAccount ??
      key(ata(USER.publicKey, new PublicKey(intent.outputMint)))) as Address,
    mintStates: pre,
    tokenSymbols: { [key(USDC)]: 'USDC', [key(BONK)]: 'BONK', [key(WSOL)]: 'SOL' },
  });
}

export async function scenarioReport(scenario: Scenario): Promise<ReviewReport> {
  return reportOf(await scenarioFacts(scenario));
}

/** The verdict of `rule` in `report`; throws when the rule did not run. */
export function verdict(report: ReviewReport, rule: GuardRule): GuardVerdict {
  const found = report.verdicts.find((v) => v.rule === rule);
  if (found === undefined) throw new Error(`no ${rule} verdict`);
  return found;
}
