/**
 * The sandbox's scaled token XSTK (issue 35) as its suites meet it: the mint, a round raw
 * amount, an owner's Token-2022 account, and the issuer's multiplier change through
 * POST /sandbox/multiplier (Token-2022's real `UpdateMultiplier`).
 */
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';

export const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';
/** 1,000 whole raw tokens of XSTK's 8 decimals. */
export const RAW = 1_000n * 10n ** 8n;

/** `owner`'s XSTK account (associated, Token-2022). */
export function xstkAccountOf(owner: PublicKey): PublicKey {
  return getAssociatedTokenAddressSync(new PublicKey(XSTK), owner, true, TOKEN_2022_PROGRAM_ID);
}

/** POST /sandbox/multiplier with `body`; answers status and JSON body. */
export async function postMultiplier(
  rpcUrl: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${rpcUrl}/sandbox/multiplier`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
