/**
 * The two transactions the fees screen sends: creating a fee account (the referral token
 * account through initializeReferralTokenAccount where the referral program exists, else the
 * person's associated token account for the mint, the way that works since January 2025) and
 * claiming a referral token account. Both go through the real review (decode, simulation,
 * balance changes), then a guard of their own replaces the swap verdicts: only the expected
 * instructions, the person pays, nothing but rent and the network fee is spent.
 */
import { PublicKey, type Connection, type TransactionInstruction } from '@solana/web3.js';
import { compileV0 } from '../shared/compile-v0';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import type { GuardVerdict, ReviewReport, SwapIntent } from '../review';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  NATIVE_MINT,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from '../review/program-ids';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { SwapReviewDeps } from '../tickets/swap-review';
import { sha256Hex, messageOf } from '../tickets/ticket-book';
import { NO_REFERRAL_PROGRAM_ADVICE, readAccountsOr } from './fee-account';
import { networkUnreachable } from '../shared/network-unreachable';
import {
  claimInstruction,
  initializeReferralTokenAccountInstruction,
  readProjectAdmin,
  readReferralAccount,
  REFERRAL_PROGRAM,
  referralTokenAccount,
} from './referral';

export type FeeTxConnection = Pick<Connection, 'getLatestBlockhash' | 'getMultipleAccountsInfo'>;

/** A built fee transaction with the review's report and the intent its ticket carries. */
export interface ReviewedFeeTransaction {
  transaction: Uint8Array;
  lastValidBlockHeight: number;
  account: string;
  report: ReviewReport;
  intent: SwapIntent;
  /** What the transaction does, for the activity list. */
  what:
    | 'create-referral-account'
    | 'create-associated-account'
    | 'claim'
    | 'create-order-referral'
    | 'create-order-referral-token-accounts';
  feeAccount: Address;
}

async function readAccounts(connection: FeeTxConnection, keys: string[]) {
  return readAccountsOr(
    connection,
    keys,
    'The network could not be reached to read the fee accounts. Check the connection and try again.',
  );
}

/**
 * The intent a fee transaction is reviewed under: the review is the swap review, and this
 * intent names no swap (nothing in, nothing out), so any token leaving the person is refused.
 */
export function noSwapIntent(mint: Address): SwapIntent {
  return {
    swapMode: 'ExactIn',
    inputMint: NATIVE_MINT as Address,
    outputMint: mint,
    inAmount: 0n,
    outAmount: 0n,
    otherAmountThreshold: 0n,
    amount: 0n,
    slippageBps: 0,
    platformFee: null,
    feeAccount: null,
    destinationTokenAccount: null,
    maxPriorityFeeLamports: 0n,
  };
}

/** The guard of a fee transaction, from the real review's report. */
export function feeTransactionVerdicts(
  report: ReviewReport,
  user: string,
  expected: TransactionInstruction[],
): GuardVerdict[] {
  const same =
    report.instructions.length === expected.length &&
    report.instructions.every((ix, i) => {
      const want = expected[i];
      return (
        want !== undefined &&
        ix.programId === want.programId.toBase58() &&
        ix.accounts.length === want.keys.length &&
        ix.accounts.every((a, k) => a.address === want.keys[k]?.pubkey.toBase58())
      );
    });
  const userChanges = report.balanceChanges.filter((c) => c.owner === user || c.account === user);
  const tokenLoss = userChanges.filter((c) => c.mint !== null && c.change < 0n);
  const solSpent = -(
    report.balanceChanges.find((c) => c.account === user && c.mint === null)?.change ?? 0n
  );
  const allowed = report.rentLamports + report.networkFee.totalLamports;
  return [
    {
      rule: 'fee-payer',
      ok: report.feePayer === user,
      reason:
        report.feePayer === user
          ? 'Your account pays the network fee.'
          : 'Another account would pay the network fee.',
    },
    {
      rule: 'programs',
      ok: same,
      reason: same
        ? 'Only the fee-account instructions Swapdesk built are in this transaction.'
        : 'The transaction holds other instructions than the fee-account ones Swapdesk built.',
    },
    {
      rule: 'other-tokens',
      ok: tokenLoss.length === 0 && solSpent <= allowed,
      reason:
        tokenLoss.length === 0 && solSpent <= allowed
          ? `You spend only rent and the network fee (at most ${allowed} lamports).`
          : 'This transaction would spend more than rent and the network fee.',
    },
    {
      rule: 'simulation',
      ok: report.simulation.ok,
      reason: report.simulation.ok
        ? 'The network ran it without error.'
        : `The network's trial run failed: ${(report.simulation.reason ?? 'no reason given.').replace(/\.?$/, '.')}`,
    },
  ];
}

/** Builds, reviews and guards a fee transaction of `instructions` (the fee guard above). */
export async function buildFeeTransaction(
  deps: SwapReviewDeps & { connection: SwapReviewDeps['connection'] & FeeTxConnection },
  account: string,
  mint: Address,
  instructions: TransactionInstruction[],
  what: ReviewedFeeTransaction['what'],
  feeAccount: Address,
): Promise<ReviewedFeeTransaction> {
  const { blockhash, lastValidBlockHeight } = await deps.connection
    .getLatestBlockhash('confirmed')
    .catch(
      networkUnreachable(
        'The network could not be reached for a recent blockhash. Try again in a moment.',
      ),
    );
  const transaction = compileV0(new PublicKey(account), blockhash, instructions).serialize();
  const intent = noSwapIntent(mint);
  // The tokens the instructions name (an associated account's mint is its fourth key), called
  // as the Wallet calls them; a failure to name them never blocks the review.
  const mints = [
    mint,
    ...instructions.flatMap((ix) =>
      ix.programId.toBase58() === ASSOCIATED_TOKEN_PROGRAM && ix.keys[3]
        ? [ix.keys[3].pubkey.toBase58()]
        : [],
    ),
  ];
  const tokenSymbols =
    (await deps.tokenSymbols?.([...new Set(mints)]).catch(() => undefined)) ?? {};
  const full = await deps.review({
    transaction,
    user: account as Address,
    intent,
    lastValidBlockHeight,
    connection: deps.connection,
    tokenSymbols,
    programLabels: { [REFERRAL_PROGRAM]: 'Referral program' },
  });
  const verdicts = feeTransactionVerdicts(full, account, instructions);
  const blockhashVerdict = full.verdicts.find((v) => v.rule === 'blockhash');
  if (blockhashVerdict) verdicts.push(blockhashVerdict);
  const sameMessage = full.messageSha256 === sha256Hex(messageOf(transaction));
  const refusals = verdicts.filter((v) => !v.ok).map((v) => v.reason);
  if (!sameMessage)
    refusals.push('The review examined a different transaction than the one to sign.');
  const report: ReviewReport = {
    ...full,
    verdicts,
    refusals,
    accepted: refusals.length === 0 && full.simulation.ok,
  };
  return { transaction, lastValidBlockHeight, account, report, intent, what, feeAccount };
}

/**
 * Builds and reviews the creation of the fee account of `mint`. Throws NO_ACCOUNT,
 * FEE_ACCOUNT_TOKEN_2022 (Token-2022 mints cannot take fees), TOKEN_NOT_FOUND.
 */
export async function createFeeAccountTransaction(
  deps: SwapReviewDeps & { connection: SwapReviewDeps['connection'] & FeeTxConnection },
  mint: Address,
  referralAccount: Address | null,
): Promise<ReviewedFeeTransaction> {
  const account = await requireAccount(deps);
  const [mintInfo, program] = await readAccounts(deps.connection, [mint, REFERRAL_PROGRAM]);
  if (!mintInfo) {
    throw new WalletError('TOKEN_NOT_FOUND', `The token ${mint} does not exist on this network.`);
  }
  const owner = mintInfo.owner.toBase58();
  if (owner === TOKEN_2022_PROGRAM) {
    throw new WalletError(
      'FEE_ACCOUNT_TOKEN_2022',
      'This is a Token-2022 token: platform fees cannot be taken in it. Choose the fee account of the other token of the swap.',
    );
  }
  if (owner !== TOKEN_PROGRAM) {
    throw new WalletError('TOKEN_NOT_FOUND', `${mint} is not a token mint.`);
  }
  if (program && referralAccount) {
    const ix = initializeReferralTokenAccountInstruction({ payer: account, referralAccount, mint });
    return buildFeeTransaction(
      deps,
      account,
      mint,
      [ix],
      'create-referral-account',
      referralTokenAccount(referralAccount, mint),
    );
  }
  const ata = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(account), true);
  const ix = createAssociatedTokenAccountIdempotentInstruction(
    new PublicKey(account),
    ata,
    new PublicKey(account),
    new PublicKey(mint),
  );
  return buildFeeTransaction(
    deps,
    account,
    mint,
    [ix],
    'create-associated-account',
    ata.toBase58() as Address,
  );
}

/**
 * Builds and reviews a claim of the referral token account of (referral account, mint).
 * Throws REFERRAL_PROGRAM_MISSING on networks without the program (the sandbox).
 */
export async function claimFeesTransaction(
  deps: SwapReviewDeps & { connection: SwapReviewDeps['connection'] & FeeTxConnection },
  mint: Address,
  referralAccount: Address,
): Promise<ReviewedFeeTransaction> {
  const account = await requireAccount(deps);
  const [program, referral] = await readAccounts(deps.connection, [
    REFERRAL_PROGRAM,
    referralAccount,
  ]);
  if (!program) throw new WalletError('REFERRAL_PROGRAM_MISSING', NO_REFERRAL_PROGRAM_ADVICE);
  const fields = referral ? readReferralAccount(referral.data) : null;
  if (!fields) {
    throw new WalletError(
      'FEE_ACCOUNT_NOT_FOUND',
      `The referral account ${referralAccount} does not exist on this network. Check it in Fees.`,
    );
  }
  const [project] = await readAccounts(deps.connection, [fields.project]);
  const admin = project ? readProjectAdmin(project.data) : null;
  if (!admin) {
    throw new WalletError(
      'FEE_ACCOUNT_NOT_FOUND',
      'The referral project of this account could not be read.',
    );
  }
  const ix = claimInstruction({
    payer: account,
    parties: { referralAccount, partner: fields.partner, project: fields.project, admin },
    mint,
  });
  return buildFeeTransaction(
    deps,
    account,
    mint,
    [ix],
    'claim',
    referralTokenAccount(referralAccount, mint),
  );
}

async function requireAccount(deps: Pick<SwapReviewDeps, 'currentAccount'>): Promise<Address> {
  const account = await deps.currentAccount();
  if (account === null) {
    throw new WalletError('NO_ACCOUNT', 'Create or import an account first.');
  }
  return account as Address;
}
