/**
 * The integrator's referral account for the Swap API v2's /order (issue 22 point 4). /order
 * takes integrator fees only through Jupiter's referral program: a named referral account on
 * the Ultra project, and, per fee mint, that account's associated token account (the V2 token
 * account). Jupiter picks the fee mint by priority (SOL, stablecoins, liquid staked tokens,
 * bluechips, others) and pays nothing when the token account of that mint is missing, so the
 * Fees screen shows which of the priority mints would pay nothing today, the balances (fees
 * earned, not yet claimed), and builds the three transactions: the referral account, its token
 * accounts (SOL and USDC first), and claimV2.
 */
import { PublicKey, type Connection } from '@solana/web3.js';
import { unpackAccount } from '@solana/spl-token';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../review/program-ids';
import { addClaimHookAccounts } from './claim-hook-accounts';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { networkUnreachable } from '../shared/network-unreachable';
import type { SwapReviewDeps } from '../tickets/swap-review';
import {
  buildFeeTransaction,
  type FeeTxConnection,
  type ReviewedFeeTransaction,
} from './fee-transactions';
import {
  claimV2Instruction,
  decodeProject,
  decodeReferralAccount,
  initializeReferralAccountWithNameInstruction,
  initializeReferralTokenAccountV2Instruction,
  namedReferralAccount,
  referralTokenAccountV2,
  ULTRA_REFERRAL_PROJECT,
  type ReferralAccountV2,
} from './referral-v2';

/**
 * The fee mints in Jupiter's priority order (docs-v2 "Order & Execute", fee mint priority): SOL,
 * stablecoins, liquid staked tokens, bluechips. The first two are what to create first.
 */
export const ORDER_FEE_MINT_PRIORITY: readonly { mint: Address; symbol: string }[] = [
  { mint: 'So11111111111111111111111111111111111111112' as Address, symbol: 'SOL' },
  { mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address, symbol: 'USDC' },
  { mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' as Address, symbol: 'USDT' },
  { mint: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo' as Address, symbol: 'PYUSD' },
  { mint: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn' as Address, symbol: 'JitoSOL' },
  { mint: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So' as Address, symbol: 'mSOL' },
  { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' as Address, symbol: 'JUP' },
];

/** How many token accounts one creation transaction opens (it stays well within a packet). */
export const TOKEN_ACCOUNTS_PER_TRANSACTION = 4;

export interface OrderReferralTokenAccount {
  mint: Address;
  symbol: string;
  address: Address;
  tokenProgram: Address;
  exists: boolean;
  /** Fees earned and not yet claimed (base units); null when the account is missing. */
  balance: bigint | null;
}

export interface OrderReferralStatus {
  name: string;
  account: Address;
  project: Address;
  /** The referral account on chain, or null when it is not created yet. */
  onChain: ReferralAccountV2 | null;
  /** The referral program is deployed on this network (the sandbox has none). */
  programDeployed: boolean;
  tokenAccounts: OrderReferralTokenAccount[];
  /** Priority mints whose token account is missing: /order pays no referral fee in them. */
  payingNothing: Address[];
}

const unreachable = networkUnreachable(
  'The network could not be reached to read the referral accounts. Check the connection and try again.',
);

/** Reads the named referral account, its V2 token accounts of every priority mint, and balances. */
export async function orderReferralStatus(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  name: string,
  programId: Address,
): Promise<OrderReferralStatus> {
  const account = namedReferralAccount(ULTRA_REFERRAL_PROJECT, name);
  const keys = [account, programId, ...ORDER_FEE_MINT_PRIORITY.map((m) => m.mint)];
  const infos = await connection
    .getMultipleAccountsInfo(
      keys.map((k) => new PublicKey(k)),
      'confirmed',
    )
    .catch(unreachable);
  const [referralInfo, programInfo, ...mintInfos] = infos;
  const mints = ORDER_FEE_MINT_PRIORITY.map((entry, i) => {
    const owner = mintInfos[i]?.owner.toBase58();
    const tokenProgram = (
      owner === TOKEN_2022_PROGRAM ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM
    ) as Address;
    return {
      ...entry,
      tokenProgram,
      address: referralTokenAccountV2(account, entry.mint, tokenProgram),
    };
  });
  const tokenInfos = await connection
    .getMultipleAccountsInfo(
      mints.map((m) => new PublicKey(m.address)),
      'confirmed',
    )
    .catch(unreachable);
  const tokenAccounts = mints.map((m, i): OrderReferralTokenAccount => {
    const info = tokenInfos[i];
    if (!info) return { ...m, exists: false, balance: null };
    const state = unpackAccount(new PublicKey(m.address), info, new PublicKey(m.tokenProgram));
    return { ...m, exists: true, balance: state.amount };
  });
  return {
    name,
    account,
    project: ULTRA_REFERRAL_PROJECT,
    onChain: referralInfo ? decodeReferralAccount(referralInfo.data) : null,
    programDeployed: programInfo != null,
    tokenAccounts,
    payingNothing: tokenAccounts.filter((t) => !t.exists).map((t) => t.mint),
  };
}

type FeeTxDeps = SwapReviewDeps & { connection: SwapReviewDeps['connection'] & FeeTxConnection };

async function requireAccount(deps: Pick<SwapReviewDeps, 'currentAccount'>): Promise<Address> {
  const account = await deps.currentAccount();
  if (account === null) throw new WalletError('NO_ACCOUNT', 'Create or import an account first.');
  return account as Address;
}

/**
 * The creation of the named referral account, the person as payer and partner (the fees are
 * claimed to them). Reviewed and guarded like every fee transaction.
 */
export async function createOrderReferralTransaction(
  deps: FeeTxDeps,
  status: Pick<OrderReferralStatus, 'name' | 'programDeployed' | 'onChain'>,
): Promise<ReviewedFeeTransaction> {
  const account = await requireAccount(deps);
  const { name } = status;
  if (!status.programDeployed) {
    throw new WalletError(
      'REFERRAL_PROGRAM_MISSING',
      'The referral program is not on this network, so the referral account cannot be created here. Its token accounts can be: create them, and /order pays your fee into them.',
    );
  }
  if (status.onChain !== null) {
    throw new WalletError('NOT_AVAILABLE', 'The referral account exists already.');
  }
  const ix = initializeReferralAccountWithNameInstruction({
    payer: account,
    partner: account,
    name,
  });
  const referral = namedReferralAccount(ULTRA_REFERRAL_PROJECT, name);
  return buildFeeTransaction(
    deps,
    account,
    ORDER_FEE_MINT_PRIORITY[0]!.mint,
    [ix],
    'create-order-referral',
    referral,
  );
}

/**
 * The creation of the missing V2 token accounts in priority order (SOL and USDC first), at most
 * TOKEN_ACCOUNTS_PER_TRANSACTION of them; `mints` narrows the choice. Throws NOT_AVAILABLE when
 * none is missing.
 */
export async function createOrderReferralTokenAccountsTransaction(
  deps: FeeTxDeps,
  status: OrderReferralStatus,
  mints?: readonly Address[],
): Promise<ReviewedFeeTransaction> {
  const account = await requireAccount(deps);
  const missing = status.tokenAccounts
    .filter((t) => !t.exists && (mints === undefined || mints.includes(t.mint)))
    .slice(0, TOKEN_ACCOUNTS_PER_TRANSACTION);
  const first = missing[0];
  if (first === undefined) {
    throw new WalletError(
      'NOT_AVAILABLE',
      'Every fee token account asked for exists already: /order can pay your referral fee in them.',
    );
  }
  const instructions = missing.map((t) =>
    initializeReferralTokenAccountV2Instruction({
      payer: account,
      referralAccount: status.account,
      mint: t.mint,
      tokenProgram: t.tokenProgram,
    }),
  );
  return buildFeeTransaction(
    deps,
    account,
    first.mint,
    instructions,
    'create-order-referral-token-accounts',
    first.address,
  );
}

/**
 * claimV2 of the referral fees earned in `mint`: the partner's share to the partner, the rest
 * to the project's admin. Throws REFERRAL_PROGRAM_MISSING where the program is not deployed and
 * FEE_ACCOUNT_NOT_FOUND when the referral account or its project cannot be read.
 */
export async function claimOrderReferralTransaction(
  deps: FeeTxDeps,
  status: OrderReferralStatus,
  mint: Address,
): Promise<ReviewedFeeTransaction> {
  const account = await requireAccount(deps);
  if (!status.programDeployed) {
    throw new WalletError(
      'REFERRAL_PROGRAM_MISSING',
      'The referral program is not on this network, so referral fees cannot be claimed here.',
    );
  }
  if (status.onChain === null) {
    throw new WalletError(
      'FEE_ACCOUNT_NOT_FOUND',
      `The referral account ${status.account} does not exist on this network yet. Create it in Fees first.`,
    );
  }
  const token = status.tokenAccounts.find((t) => t.mint === mint);
  const [projectInfo] = await deps.connection
    .getMultipleAccountsInfo([new PublicKey(status.onChain.project)], 'confirmed')
    .catch(unreachable);
  const project = projectInfo ? decodeProject(projectInfo.data) : null;
  if (project === null) {
    throw new WalletError(
      'FEE_ACCOUNT_NOT_FOUND',
      'The referral project of this account could not be read.',
    );
  }
  const claim = {
    parties: {
      referralAccount: status.account,
      partner: status.onChain.partner,
      project: status.onChain.project,
      admin: project.admin,
    },
    mint,
    tokenProgram: token?.tokenProgram ?? (TOKEN_PROGRAM as Address),
  };
  const ix = claimV2Instruction({ payer: account, ...claim });
  // A hooked Token-2022 mint: the claim's transfers need the hook's accounts (issue 35).
  await addClaimHookAccounts(deps.connection, ix, {
    ...claim,
    amount: token?.balance ?? 0n,
    symbol: token?.symbol ?? null,
  });
  return buildFeeTransaction(
    deps,
    account,
    mint,
    [ix],
    'claim',
    referralTokenAccountV2(status.account, mint, token?.tokenProgram),
  );
}
