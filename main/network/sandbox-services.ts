/**
 * The sandbox's two extra HTTP endpoints beside JSON-RPC: the token list (for symbols) and the
 * faucet. Only the sandbox network has them; `fetch` is passed in.
 */
import { WalletError } from '../shared/errors';

export interface SandboxToken {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenProgram: string;
}

export interface SandboxServices {
  /** The sandbox's token set; fetched once, then cached. */
  listTokens(): Promise<SandboxToken[]>;
  /** Mints `amount` base units of `mint` to the owner's associated token account. */
  faucet(owner: string, mint: string, amount: bigint): Promise<string>;
}

const UNREACHABLE = 'The sandbox network is not reachable. Restart Swapdesk to start it again.';

function isSandboxToken(value: unknown): value is SandboxToken {
  const token = value as Partial<SandboxToken> | null;
  return (
    typeof token === 'object' &&
    token !== null &&
    typeof token.mint === 'string' &&
    typeof token.symbol === 'string' &&
    typeof token.decimals === 'number' &&
    typeof token.tokenProgram === 'string'
  );
}

/**
 * Client of `GET {rpcUrl}/sandbox/tokens` and `POST {rpcUrl}/sandbox/faucet`.
 *
 * @example
 * const sandbox = createSandboxServices({ rpcUrl, fetch });
 * const tokens = await sandbox.listTokens();
 */
export function createSandboxServices(options: {
  rpcUrl: string;
  fetch: typeof fetch;
}): SandboxServices {
  const base = options.rpcUrl.replace(/\/+$/, '');
  let tokens: Promise<SandboxToken[]> | null = null;

  async function request(path: string, what: string, init?: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new WalletError('NETWORK_UNAVAILABLE', UNREACHABLE, { cause: error });
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      // The faucet's own words ride apart, sanitized, never in the sentence (issue 32).
      const said =
        body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
          ? body.error
          : undefined;
      throw new WalletError(
        'FUNDING_FAILED',
        `The sandbox ${what} refused the request (HTTP ${response.status}). Try again in a moment.`,
        { serviceMessage: said, serviceFrom: 'faucet' },
      );
    }
    return body;
  }

  return {
    listTokens() {
      tokens ??= request('/sandbox/tokens', 'token list').then((body) => {
        const list = Array.isArray(body)
          ? body
          : body && typeof body === 'object' && 'tokens' in body && Array.isArray(body.tokens)
            ? (body.tokens as unknown[])
            : [];
        return list.filter(isSandboxToken);
      });
      // A failed fetch is not cached: the next call tries again.
      tokens.catch(() => {
        tokens = null;
      });
      return tokens;
    },

    async faucet(owner, mint, amount) {
      const body = await request('/sandbox/faucet', 'faucet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ owner, mint, amount: amount.toString() }),
      });
      if (
        body &&
        typeof body === 'object' &&
        'signature' in body &&
        typeof body.signature === 'string'
      ) {
        return body.signature;
      }
      throw new WalletError('FUNDING_FAILED', 'The sandbox faucet gave an unexpected answer.');
    },
  };
}
