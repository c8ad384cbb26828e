/**
 * Test-only encoder of Jupiter's four ExactOut route forms (exact_out_route,
 * shared_accounts_exact_out_route and their V2 forms), laid out as the program's on-chain IDL
 * says (test/fixtures/real-world/schema/idl/), around one CP-Swap leg that the sandbox's own
 * /swap-instructions answered (its swap_base_output and that instruction's 13 accounts, the same
 * accounts as swap_base_input). The sandbox does not build these: the program refuses them
 * (sandbox README, "Jupiter"); the test that holds that fact builds them here, as mainnet's
 * API would shape them if it routed ExactOut through Raydium CP-Swap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PublicKey, TransactionInstruction, type AccountMeta } from '@solana/web3.js';
import {
  discriminator,
  JUPITER_EVENT_AUTHORITY,
  JUPITER_PROGRAM_AUTHORITY,
  JUPITER_PROGRAM_ID,
  programTokenAccount,
  RAYDIUM_CP_SWAP_VARIANT,
  SANDBOX_AUTHORITY_ID,
} from '../../main/sandbox/jupiter/program';

export type ExactOutForm =
  | 'exact_out_route'
  | 'shared_accounts_exact_out_route'
  | 'exact_out_route_v2'
  | 'shared_accounts_exact_out_route_v2';

export const EXACT_OUT_FORMS: readonly ExactOutForm[] = [
  'exact_out_route',
  'shared_accounts_exact_out_route',
  'exact_out_route_v2',
  'shared_accounts_exact_out_route_v2',
];

/** One step of the route plan: a `Swap` variant (its fields zero-valued) from `from` to `to`. */
export interface Step {
  variant: Variant;
  percent: number;
  from: number;
  to: number;
}

export interface Variant {
  index: number;
  name: string;
  /** The bytes of its fields with every field zero (bool false, None, empty vec, variant 0). */
  fieldBytes: number;
}

interface IdlType {
  name: string;
  type: {
    kind: string;
    variants?: { name: string; fields?: { type: unknown }[] }[];
    fields?: { type: unknown }[];
  };
}

const IDL_PATH = join(
  fileURLToPath(import.meta.url),
  '../../fixtures/real-world/schema/idl/sava-software_idl-clients@f7c239e8__jupiter_swap_gen_idl.json',
);

/** Every variant of the IDL's `Swap` enum, with the size of its zero-valued fields. */
export function swapVariants(): Variant[] {
  const idl = JSON.parse(readFileSync(IDL_PATH, 'utf8')) as { types: IdlType[] };
  const types = new Map(idl.types.map((t) => [t.name, t]));
  const SIZES: Record<string, number> = { bool: 1, u8: 1, u16: 2, u32: 4, u64: 8, u128: 16 };
  const size = (type: unknown): number => {
    if (typeof type === 'string') return type === 'bytes' ? 4 : SIZES[type]!;
    const t = type as Record<string, unknown>;
    if ('option' in t) return 1;
    if ('vec' in t) return 4;
    if ('array' in t) {
      const [inner, length] = t.array as [unknown, number];
      return size(inner) * length;
    }
    const defined = types.get((t.defined as { name: string }).name)!;
    if (defined.type.kind === 'enum') return 1;
    return (defined.type.fields ?? []).reduce((sum, field) => sum + size(field.type), 0);
  };
  return types.get('Swap')!.type.variants!.map((variant, index) => ({
    index,
    name: variant.name,
    fieldBytes: (variant.fields ?? []).reduce((sum, field) => sum + size(field.type), 0),
  }));
}

export const RAYDIUM_CP: Variant = {
  index: RAYDIUM_CP_SWAP_VARIANT,
  name: 'RaydiumCP',
  fieldBytes: 0,
};

export interface ExactOutRoute {
  form: ExactOutForm;
  user: PublicKey;
  sourceMint: string;
  destinationMint: string;
  source: string;
  destination: string;
  /**
   * The venue's instruction whose accounts make the step's: CP-Swap's from /swap-instructions
   * (13 accounts), or AMM v4's `swap_base_out_v2` (8, main/sandbox/jupiter/amm-v4-route.test.ts).
   */
  cpSwap: TransactionInstruction;
  steps: Step[];
  outAmount: bigint;
  quotedInAmount: bigint;
  slippageBps: number;
  /** V1: the platform_fee_account slot; V2: the first account after the form's own. */
  feeAccount: string | null;
  platformFeeBps: number;
  /** Appended after the steps' accounts (read-only). */
  extraAccounts?: readonly string[];
  /** Leave the step accounts out (only the extra ones follow the form's own). */
  noStepAccounts?: boolean;
  /**
   * Where the payer, input and output accounts are among the step's (the shared forms put the
   * program authority's there); by default CP-Swap's or AMM v4's, told apart by the count.
   */
  stepSlots?: readonly [number, number, number];
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const meta = (address: string, writable = false, signer = false): AccountMeta => ({
  pubkey: new PublicKey(address),
  isWritable: writable,
  isSigner: signer,
});

/**
 * The step's accounts: the venue's program, then its instruction's accounts, as the route passes
 * them (CP-Swap's 13: payer 0, input 4, output 5; AMM v4's v2 swap's 8: source 5, destination 6,
 * owner 7).
 */
function stepKeys(route: ExactOutRoute, shared: boolean): AccountMeta[] {
  const keys = route.cpSwap.keys.map((key) => ({ ...key, isSigner: false }));
  if (shared) {
    // Shared forms: the program authority pays, from and into its own token accounts.
    const [payer, input, output] = route.stepSlots ?? (keys.length === 8 ? [7, 5, 6] : [0, 4, 5]);
    keys[payer] = meta(JUPITER_PROGRAM_AUTHORITY);
    keys[input] = meta(programTokenAccount(route.sourceMint, TOKEN_PROGRAM), true);
    keys[output] = meta(programTokenAccount(route.destinationMint, TOKEN_PROGRAM), true);
  }
  return [meta(route.cpSwap.programId.toBase58()), ...keys];
}

function headKeys(route: ExactOutRoute, shared: boolean, v2: boolean): AccountMeta[] {
  const none = meta(JUPITER_PROGRAM_ID);
  const user = meta(route.user.toBase58(), false, true);
  const tail = [meta(JUPITER_EVENT_AUTHORITY), meta(JUPITER_PROGRAM_ID)];
  const programSource = meta(programTokenAccount(route.sourceMint, TOKEN_PROGRAM), true);
  const programDestination = meta(programTokenAccount(route.destinationMint, TOKEN_PROGRAM), true);
  const mints = [meta(route.sourceMint), meta(route.destinationMint)];
  if (v2) {
    const programs = [meta(TOKEN_PROGRAM), meta(TOKEN_PROGRAM)];
    const fee = route.feeAccount === null ? [] : [meta(route.feeAccount, true)];
    if (shared) {
      return [
        meta(JUPITER_PROGRAM_AUTHORITY),
        user,
        meta(route.source, true),
        programSource,
        programDestination,
        meta(route.destination, true),
        ...mints,
        ...programs,
        ...tail,
        ...fee,
      ];
    }
    const own = [user, meta(route.source, true), meta(route.destination, true)];
    return [...own, ...mints, ...programs, none, ...tail, ...fee];
  }
  const fee = route.feeAccount === null ? none : meta(route.feeAccount, true);
  if (shared) {
    return [
      meta(TOKEN_PROGRAM),
      meta(JUPITER_PROGRAM_AUTHORITY),
      user,
      meta(route.source, true),
      programSource,
      programDestination,
      meta(route.destination, true),
      ...mints,
      fee,
      none,
      ...tail,
    ];
  }
  const own = [meta(route.source, true), meta(route.destination, true)];
  return [meta(TOKEN_PROGRAM), user, ...own, none, ...mints, fee, none, ...tail];
}

/** The route plan: V1 `Vec<RoutePlanStep>` (percent u8), V2 `Vec<RoutePlanStepV2>` (bps u16). */
function plan(steps: Step[], v2: boolean): Buffer {
  const parts: Buffer[] = [Buffer.from(Uint32Array.of(steps.length).buffer)];
  for (const step of steps) {
    const share = v2
      ? Buffer.from(Uint16Array.of(step.percent * 100).buffer)
      : Buffer.from([step.percent]);
    parts.push(
      Buffer.from([step.variant.index]),
      Buffer.alloc(step.variant.fieldBytes),
      share,
      Buffer.from([step.from, step.to]),
    );
  }
  return Buffer.concat(parts);
}

/** The route instruction of `route.form`. */
export function exactOutInstruction(route: ExactOutRoute): TransactionInstruction {
  const shared = route.form.startsWith('shared_accounts');
  const v2 = route.form.endsWith('_v2');
  const u64 = (value: bigint) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(value);
    return bytes;
  };
  const u16 = (value: number) => Buffer.from(Uint16Array.of(value).buffer);
  const amounts = [u64(route.outAmount), u64(route.quotedInAmount), u16(route.slippageBps)];
  const data = Buffer.concat([
    Buffer.from(discriminator(route.form)),
    shared ? Buffer.from([SANDBOX_AUTHORITY_ID]) : Buffer.alloc(0),
    ...(v2
      ? [...amounts, u16(route.platformFeeBps), u16(0), plan(route.steps, true)]
      : [plan(route.steps, false), ...amounts, Buffer.from([route.platformFeeBps])]),
  ]);
  const steps = route.noStepAccounts ? [] : route.steps.flatMap(() => stepKeys(route, shared));
  return new TransactionInstruction({
    programId: new PublicKey(JUPITER_PROGRAM_ID),
    keys: [
      ...headKeys(route, shared, v2),
      ...steps,
      ...(route.extraAccounts ?? []).map((address) => meta(address)),
    ],
    data,
  });
}
