/**
 * One sentence per instruction for the report, e.g. "Transfer 5 USDC from 7E4h…jjLs to
 * 3GWJ…JL4". Mints of plain transfers come from the source account's state. Text the
 * transaction carries (a memo) is quoted sanitized and labelled as its own, never as ours.
 */
import { sanitizeServiceText } from '../shared/service-message';
import type { DecodedInstruction } from './types';
import {
  formatSol,
  formatToken,
  shortAddress as s,
  tokenName,
  unresolvedEntry,
  unresolvedWords,
  type TokenBook,
} from './words';

/** Describes `decoded`; `mintOf` finds a token account's mint (before or after the tx). */
export function describeInstruction(
  decoded: DecodedInstruction,
  programName: string,
  tokens: TokenBook,
  mintOf: (account: string) => string | null,
): string {
  // "the USDC account 9yLX…c8MU"; a mint from an unresolved lookup-table entry is said in
  // words, never as the review's placeholder (issue 32).
  const accountOf = (mint: string, account: string, article: string) => {
    const entry = unresolvedEntry(mint);
    return entry === null
      ? `${article} ${formatToken(0n, mint, tokens).replace(/^0 /, '')} account ${s(account)}`
      : `${article} token account ${s(account)}, for the token of ${unresolvedWords(entry)},`;
  };
  switch (decoded.kind) {
    case 'jupiterzFill':
      return `JupiterZ fill: market maker ${s(decoded.maker)} pays ${s(decoded.takerOutput ?? decoded.taker)} exactly ${formatToken(decoded.outputAmount, decoded.outputMint, tokens)} for exactly ${formatToken(decoded.inputAmount, decoded.inputMint, tokens)} from ${s(decoded.takerInput ?? decoded.taker)}, both signing`;
    case 'systemTransfer':
      return `Send ${formatSol(decoded.lamports)} from ${s(decoded.from)} to ${s(decoded.to)}`;
    case 'systemCreateAccount':
      return `Create account ${s(decoded.newAccount)} (${decoded.space} bytes, owned by ${s(decoded.owner)}) funded with ${formatSol(decoded.lamports)} from ${s(decoded.from)}`;
    case 'systemAssign':
      return `Hand account ${s(decoded.account)} to program ${s(decoded.owner)}`;
    case 'tokenTransfer': {
      const mint = decoded.mint ?? mintOf(decoded.source);
      return `Transfer ${formatToken(decoded.amount, mint, tokens)} from ${s(decoded.source)} to ${s(decoded.destination)} (signed by ${s(decoded.authority)})`;
    }
    case 'tokenApprove':
      return `Allow ${s(decoded.delegate)} to spend up to ${formatToken(decoded.amount, decoded.mint ?? mintOf(decoded.source), tokens)} from ${s(decoded.source)}`;
    case 'tokenRevoke':
      return `Withdraw any spending allowance on ${s(decoded.source)}`;
    case 'tokenSetAuthority':
      return `Set the ${decoded.authorityType} authority of ${s(decoded.account)} to ${decoded.newAuthority === null ? 'nobody' : s(decoded.newAuthority)}`;
    case 'tokenCloseAccount':
      return `Close token account ${s(decoded.account)}, its SOL going to ${s(decoded.destination)}`;
    case 'tokenSyncNative':
      return `Update the wrapped SOL balance of ${s(decoded.account)}`;
    case 'tokenInitializeAccount':
      return `Open token account ${s(decoded.account)} for ${s(decoded.owner)}`;
    case 'tokenBurn':
      return decoded.permissionedBy === undefined
        ? `Burn ${formatToken(decoded.amount, decoded.mint, tokens)} from ${s(decoded.account)}`
        : `Burn ${formatToken(decoded.amount, decoded.mint, tokens)} from ${s(decoded.account)} (a permissioned burn: the ${tokenName(decoded.mint, tokens)} issuer's burn authority ${s(decoded.permissionedBy)} signs it, with the owner ${s(decoded.owner)})`;
    case 'tokenMintTo':
      return `Mint ${formatToken(decoded.amount, decoded.mint, tokens)} into ${s(decoded.destination)}`;
    case 'ataCreate':
      return `Create ${accountOf(decoded.mint, decoded.account, 'the')} of ${s(decoded.owner)}${decoded.idempotent ? ' if it does not exist' : ''}, rent paid by ${s(decoded.payer)}`;
    case 'jupiterRoute': {
      const symbol = (mint: string) => tokens.get(mint)?.symbol ?? tokenName(mint, tokens);
      // An AMM v4 step names token accounts: its tokens are those accounts' mints.
      const stepToken = (address: string, byAccount?: true) => {
        const mint = byAccount ? mintOf(address) : address;
        return mint === null ? `the token of ${s(address)}` : symbol(mint);
      };
      const fee =
        decoded.platformFeeBps === 0
          ? 'no platform fee'
          : `a platform fee of ${decoded.platformFeeBps} bps${decoded.feeAccountSlot || decoded.platformFeeAccount !== null ? ` to ${decoded.platformFeeAccount === null ? 'no account' : s(decoded.platformFeeAccount)}` : ''}`;
      const bound =
        decoded.swapMode === 'ExactIn'
          ? `paying ${s(decoded.destination)} at least ${formatToken(decoded.bound, decoded.destinationMint, tokens)}`
          : `taking at most ${formatToken(decoded.bound, decoded.sourceMint, tokens)} from ${s(decoded.source)}`;
      // "Jupiter route: Raydium CP-Swap SOL → USDC, 100%", one clause per step of the plan.
      const steps =
        decoded.steps === null || decoded.steps.length === 0
          ? ''
          : `Jupiter route: ${decoded.steps
              .map(
                (step) =>
                  `${step.venue} ${stepToken(step.inputMint, step.byAccount)} → ${stepToken(step.outputMint, step.byAccount)}, ${step.percent}%`,
              )
              .join('; ')}. `;
      return `${steps}${programName}: swap along the quoted route (${decoded.name}), ${bound}, ${fee}`;
    }
    case 'cpSwap':
    case 'clmmSwap':
      return decoded.swapMode === 'ExactIn'
        ? `${programName}: swap ${formatToken(decoded.maxIn, decoded.inputMint, tokens)} from ${s(decoded.source)}, paying ${s(decoded.destination)} at least ${formatToken(decoded.minOut, decoded.outputMint, tokens)}`
        : `${programName}: swap at most ${formatToken(decoded.maxIn, decoded.inputMint, tokens)} from ${s(decoded.source)} for exactly ${formatToken(decoded.minOut, decoded.outputMint, tokens)} to ${s(decoded.destination)}`;
    case 'ammV4Swap': {
      const [mintIn, mintOut] = [mintOf(decoded.source), mintOf(decoded.destination)];
      return decoded.swapMode === 'ExactIn'
        ? `${programName}: swap ${formatToken(decoded.maxIn, mintIn, tokens)} from ${s(decoded.source)}, paying ${s(decoded.destination)} at least ${formatToken(decoded.minOut, mintOut, tokens)}`
        : `${programName}: swap at most ${formatToken(decoded.maxIn, mintIn, tokens)} from ${s(decoded.source)} for exactly ${formatToken(decoded.minOut, mintOut, tokens)} to ${s(decoded.destination)}`;
    }
    case 'jupiterCreateTokenAccount':
      return `${programName}: open ${accountOf(decoded.mint, decoded.account, 'a temporary')} for ${s(decoded.owner)}`;
    case 'computeUnitLimit':
      return `Set the compute limit to ${decoded.units} units`;
    case 'computeUnitPrice':
      return `Set the priority price to ${decoded.microLamports} micro-lamports per compute unit`;
    case 'memo':
      // The memo is text whoever built the transaction chose (a swap service, a merchant): a
      // person must see it, but as the transaction's words, plain and inert (issue 32).
      return `Memo text in the transaction, written by whoever built it, not Swapdesk's words: “${sanitizeServiceText(decoded.text)}”`;
    case 'other':
      return `${programName}: ${decoded.detail ?? decoded.name}`;
    case 'unknown':
      return `${programName}: an instruction the wallet cannot read`;
  }
}
