/**
 * What the person holds, as tokens a picker can offer (issue 18): SOL always, then every token
 * with a balance above zero, each with its balance in base units. They come from `balances.get`
 * (the chain), so they are there whatever the token directory answers: a swap service without
 * a directory still lets the person pick what they hold. A held token the token list does not
 * name is described from its balance entry (named by main from the directory or the chain, or
 * not at all) and keeps the verified mark main gave it (false unless the directory says so).
 */
import type { Balances, TokenInfo } from '../../../preload/api-types';
import { NATIVE_MINT } from './token-amount';

export interface HeldToken {
  token: TokenInfo;
  /** Base units held (SOL: the account's lamports; a token: summed over its accounts). */
  amount: bigint;
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

/** SOL as the pickers offer it when no list names it: the native mint is the protocol's own. */
export const SOL_TOKEN: TokenInfo = {
  mint: NATIVE_MINT,
  symbol: 'SOL',
  name: 'Solana',
  decimals: 9,
  tokenProgram: TOKEN_PROGRAM,
  source: 'bundled',
  verified: true,
  hasLogo: false,
};

/**
 * SOL, then the held tokens in the order main listed their accounts; the list's own entry of a
 * mint is preferred (it has the logo and the directory's name).
 */
export function heldTokens(
  balances: Pick<Balances, 'lamports' | 'tokens'> | null,
  listed: readonly TokenInfo[],
): HeldToken[] {
  const byMint = new Map(listed.map((token) => [token.mint, token]));
  const held: HeldToken[] = [
    { token: byMint.get(NATIVE_MINT) ?? SOL_TOKEN, amount: BigInt(balances?.lamports ?? '0') },
  ];
  const amounts = new Map<string, bigint>();
  const entries = new Map<string, Balances['tokens'][number]>();
  for (const entry of balances?.tokens ?? []) {
    if (entry.mint === NATIVE_MINT) continue; // wrapped SOL is offered as SOL
    amounts.set(entry.mint, (amounts.get(entry.mint) ?? 0n) + BigInt(entry.amount));
    if (!entries.has(entry.mint)) entries.set(entry.mint, entry);
  }
  for (const [mint, entry] of entries) {
    const amount = amounts.get(mint)!;
    if (amount <= 0n) continue;
    const token = byMint.get(mint) ?? {
      mint,
      symbol: entry.symbol,
      name: entry.name ?? null,
      decimals: entry.decimals,
      tokenProgram: entry.tokenProgram,
      source: 'chain' as const,
      verified: entry.verified ?? false,
      hasLogo: false,
    };
    held.push({ token, amount });
  }
  return held;
}
