/**
 * tokens.list, tokens.search, tokens.lookup, tokens.logo and prices.get (issue 11). Names,
 * verified marks and logo URLs come from the token directory (the token API, its cache, the
 * bundled list); a pasted mint's decimals and token program come from the mint account itself,
 * never from a list or the person. Logos are fetched by main and answered as data: URLs.
 */
import { PublicKey, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, unpackMint } from '@solana/spl-token';
import { isPausedMint } from '../tokens/mint-extension-data';
import { z } from 'zod';
import type { NetworkInfo, TokenInfo } from '../../preload/api-types';
import bundled from '../../resources/tokens/mainnet.json';
import type { HandlerGroup } from '../bridge/handler-types';
import type { PriceService } from '../prices/price-service';
import { WalletError } from '../shared/errors';
import type { LogoFetcher } from '../tokens/logo-fetcher';
import type { DirectoryAnswer, TokenDirectory } from '../tokens/token-directory';
import type { DirectoryToken } from '../tokens/token-entry';

const bundledSchema = z.object({
  tokens: z.array(
    z.object({
      mint: z.string(),
      symbol: z.string(),
      name: z.string(),
      decimals: z.number().int().min(0).max(255),
      tokenProgram: z.string(),
      logoURI: z.string().optional(),
    }),
  ),
});

/** The bundled mainnet list, checked once (a broken resource fails loudly at start-up); all verified. */
export const BUNDLED_TOKENS: readonly DirectoryToken[] = bundledSchema
  .parse(bundled)
  .tokens.map((token) => ({
    mint: token.mint,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    tokenProgram: token.tokenProgram,
    logoUri: token.logoURI ?? null,
    verified: true,
    tags: ['verified'],
    // Well-known tokens, none of them new: their age is not needed (unknown reads as older).
    firstPoolAt: null,
  }));

export interface TokenHandlerDeps {
  network: () => NetworkInfo;
  directory: () => TokenDirectory;
  prices: () => PriceService;
  logos: LogoFetcher;
  connection: () => Pick<Connection, 'getAccountInfo'> &
    Partial<Pick<Connection, 'getMultipleAccountsInfo'>>;
  unreachableMessage: () => string;
}

function infoOf(token: DirectoryToken, source: TokenInfo['source']): TokenInfo {
  return {
    mint: token.mint,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    tokenProgram: token.tokenProgram,
    source,
    verified: token.verified,
    hasLogo: token.logoUri !== null,
  };
}

const infosOf = (answer: DirectoryAnswer) => answer.tokens.map((t) => infoOf(t, answer.source));

/**
 * `infos` with the Token-2022 ones its issuer has paused marked (issue 35), read from the chain
 * now (one getMultipleAccounts, at most 100 mints): a picker says so before anything is built.
 * A failed read marks nothing; the quote still refuses a paused token.
 */
async function withPaused(deps: TokenHandlerDeps, infos: TokenInfo[]): Promise<TokenInfo[]> {
  const connection = deps.connection();
  const candidates = infos
    .filter((info) => info.tokenProgram === TOKEN_2022_PROGRAM_ID.toBase58())
    .slice(0, 100);
  if (candidates.length === 0 || connection.getMultipleAccountsInfo === undefined) return infos;
  const read = await connection
    .getMultipleAccountsInfo(
      candidates.map((info) => new PublicKey(info.mint)),
      'confirmed',
    )
    .catch(() => null);
  if (read === null) return infos;
  const paused = new Set(
    candidates
      .filter((_, i) => {
        const info = read[i];
        return info ? isPausedMint(info.owner.toBase58(), info.data) : false;
      })
      .map((info) => info.mint),
  );
  return infos.map((info) => (paused.has(info.mint) ? { ...info, paused: true } : info));
}

/** Handlers of the `tokens.*` and `prices.*` methods. */
export function createTokenHandlers(
  deps: TokenHandlerDeps,
): HandlerGroup<'tokens.list' | 'tokens.search' | 'tokens.lookup' | 'tokens.logo' | 'prices.get'> {
  return {
    'tokens.list': async () => withPaused(deps, infosOf(await deps.directory().list())),

    'tokens.search': async ({ query }) =>
      withPaused(deps, infosOf(await deps.directory().search(query))),

    'tokens.logo': async ({ mint }) => {
      const token = (await deps.directory().get([mint])).get(mint);
      return { dataUrl: await deps.logos.dataUrl(token?.logoUri ?? null) };
    },

    'prices.get': async ({ mints }) => deps.prices().prices(mints),

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
      // Names come from the directory, never from the chain (anyone can name a mint "USDC").
      const listed = (await deps.directory().get([key.toBase58()])).get(key.toBase58());
      return {
        mint: key.toBase58(),
        symbol: listed?.symbol ?? null,
        name: listed?.name ?? null,
        decimals,
        tokenProgram: program.toBase58(),
        source: listed ? 'api' : 'chain',
        verified: listed?.verified ?? false,
        hasLogo: Boolean(listed?.logoUri),
      };
    },
  };
}
