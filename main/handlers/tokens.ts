/**
 * tokens.list and tokens.lookup: the tokens the pickers offer. On the sandbox, the sandbox's
 * own list (GET {rpcUrl}/sandbox/tokens); elsewhere the bundled list of well-known mainnet
 * tokens (resources/tokens/mainnet.json). A pasted mint is read from the chain: its decimals
 * and token program come from the mint account itself, never from the person or a list.
 */
import { PublicKey, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, unpackMint } from '@solana/spl-token';
import { z } from 'zod';
import type { NetworkInfo, TokenInfo } from '../../preload/api-types';
import bundled from '../../resources/tokens/mainnet.json';
import type { HandlerGroup } from '../bridge/handler-types';
import type { SandboxServices } from '../network/sandbox-services';
import { WalletError } from '../shared/errors';

const bundledSchema = z.object({
  tokens: z.array(
    z.object({
      mint: z.string(),
      symbol: z.string(),
      name: z.string(),
      decimals: z.number().int().min(0).max(255),
      tokenProgram: z.string(),
    }),
  ),
});

/** The bundled mainnet list, checked once (a broken resource fails loudly at start-up). */
export const BUNDLED_TOKENS: readonly TokenInfo[] = bundledSchema
  .parse(bundled)
  .tokens.map((token) => ({ ...token, source: 'bundled' as const }));

export interface TokenHandlerDeps {
  network: () => NetworkInfo;
  sandbox: () => SandboxServices | null;
  connection: () => Pick<Connection, 'getAccountInfo'>;
  unreachableMessage: () => string;
}

async function listFor(deps: TokenHandlerDeps): Promise<TokenInfo[]> {
  const sandbox = deps.sandbox();
  if (!sandbox) return [...BUNDLED_TOKENS];
  const tokens = await sandbox.listTokens();
  return tokens.map((token) => ({
    mint: token.mint,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    tokenProgram: token.tokenProgram,
    source: 'sandbox',
  }));
}

/** Handlers of the `tokens.*` methods. */
export function createTokenHandlers(
  deps: TokenHandlerDeps,
): HandlerGroup<'tokens.list' | 'tokens.lookup'> {
  return {
    'tokens.list': async () => listFor(deps),

    'tokens.lookup': async ({ mint }) => {
      let key: PublicKey;
      try {
        key = new PublicKey(mint);
      } catch {
        throw new WalletError('INVALID_ADDRESS', 'This is not a valid Solana address.');
      }
      let info: Awaited<ReturnType<Connection['getAccountInfo']>>;
      try {
        info = await deps.connection().getAccountInfo(key, 'confirmed');
      } catch (error) {
        throw new WalletError('NETWORK_UNAVAILABLE', deps.unreachableMessage(), { cause: error });
      }
      const network = deps.network();
      if (!info) {
        throw new WalletError(
          'TOKEN_NOT_FOUND',
          `No account exists at this address on ${network.label}. Check the mint address.`,
        );
      }
      const program = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].find((p) => p.equals(info.owner));
      let decimals: number | undefined;
      if (program) {
        try {
          decimals = unpackMint(key, info, program).decimals;
        } catch {
          decimals = undefined;
        }
      }
      if (!program || decimals === undefined) {
        throw new WalletError(
          'TOKEN_NOT_FOUND',
          'This address is not a token mint (it may be a wallet or a token account). Paste the mint address of the token.',
        );
      }
      // Names come from a list the wallet trusts, never from the chain (anyone can name a mint "USDC").
      const known = (await listFor(deps).catch(() => [])).find((t) => t.mint === key.toBase58());
      return {
        mint: key.toBase58(),
        symbol: known?.symbol ?? null,
        name: known?.name ?? null,
        decimals,
        tokenProgram: program.toBase58(),
        source: 'chain',
      };
    },
  };
}
