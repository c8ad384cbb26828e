/**
 * The sandbox's `--api-shape v2` in process, the set-up its unit suites share
 * (main/sandbox/swap-api/v2-shape.test.ts, v2-gasless.test.ts): a real ledger (litesvm) with
 * Raydium CP-Swap and the sandbox's market maker seeded, behind the sandbox's own HTTP server at
 * /swap/v2 with its Tokens API, on a loopback port; one for the whole file, removed after it.
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll } from 'vitest';
import { SandboxLedger } from '../../main/sandbox/ledger/ledger';
import { createMarketDataApi } from '../../main/sandbox/market-data/market-data-api';
import { encodeTokenAccount } from '../../main/sandbox/pools/token-account-data';
import { loadOrSeedMarket } from '../../main/sandbox/pools/seed-market';
import { createSandboxServer } from '../../main/sandbox/server';
import { createSwapApi } from '../../main/sandbox/swap-api/index';
import { createMarketContext } from '../../main/sandbox/swap-api/market-context';
import { swapV2Handler } from '../../main/sandbox/swap-api/v2-shape';
import { TOKEN_PROGRAM_ID } from '../../main/sandbox/tokens';
import { tempDir } from '../fixtures/temp-dirs';

const SOL = 'So11111111111111111111111111111111111111112';
const TOKEN_ACCOUNT_RENT = 2_039_280n;

/** A status and a JSON body, as the server answered. */
export interface V2Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface V2SandboxServer {
  /** The file's ledger (read inside a test or hook: it opens in beforeAll). */
  readonly ledger: SandboxLedger;
  /** http://127.0.0.1:P/swap/v2 */
  readonly base: string;
  /** GET `path` (e.g. '/order') with `query`. */
  get(path: string, query: Record<string, string>): Promise<V2Answer>;
  /** POST `body` as JSON to `path` (e.g. '/execute'). */
  post(path: string, body: unknown): Promise<V2Answer>;
  /**
   * Writes `owner`'s associated account of `mint` under `program`, holding `amount` (wrapped
   * SOL with its rent as native reserve), straight into the ledger; answers its address.
   */
  tokenAccount(owner: string, mint: string, amount: bigint, program?: string): string;
  /** The base64 transaction signed by `owner`, base64 again. */
  sign(transaction: string, owner: Keypair): string;
}

/**
 * Registers the file's beforeAll/afterAll and answers the server they run. Call it at the top
 * level of a test file; `name` names its temporary folder.
 *
 * @example
 * const v2 = useV2SandboxServer('v2-shape');
 * it('…', async () => { expect((await v2.get('/order', query)).status).toBe(200); });
 */
export function useV2SandboxServer(name: string): V2SandboxServer {
  let dir: string | undefined;
  let ledger: SandboxLedger | undefined;
  let server: Server | undefined;
  let base: string | undefined;

  function started<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test`);
    return value;
  }

  beforeAll(async () => {
    dir = tempDir(`swapdesk-${name}-`);
    ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
    const stateDir = join(dir, 'swap');
    const v6 = await createSwapApi({ ledger, stateDir });
    const market = loadOrSeedMarket(ledger, stateDir);
    const running = createSandboxServer({
      ledger,
      swapApi: swapV2Handler(v6, ledger, market.authority),
      swapApiPath: '/swap/v2',
      marketData: createMarketDataApi(createMarketContext(ledger, market)),
    });
    server = running;
    await new Promise<void>((resolve) => running.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(running.address() as AddressInfo).port}/swap/v2`;
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    ledger?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  const answer = async (response: Response): Promise<V2Answer> => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  });

  const session: V2SandboxServer = {
    get ledger() {
      return started(ledger, 'the ledger');
    },
    get base() {
      return started(base, 'the server');
    },
    get: async (path, query) =>
      answer(await fetch(`${session.base}${path}?${new URLSearchParams(query)}`)),
    post: async (path, body) =>
      answer(
        await fetch(`${session.base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    tokenAccount(owner, mint, amount, program = TOKEN_PROGRAM_ID) {
      const address = getAssociatedTokenAddressSync(
        new PublicKey(mint),
        new PublicKey(owner),
        true,
        new PublicKey(program),
      ).toBase58();
      session.ledger.setAccount(address, {
        lamports: TOKEN_ACCOUNT_RENT,
        owner: program,
        data: encodeTokenAccount({
          mint,
          owner,
          amount,
          nativeReserve: mint === SOL ? TOKEN_ACCOUNT_RENT : null,
        }),
        executable: false,
      });
      return address;
    },
    sign(transaction, owner) {
      const tx = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'));
      tx.sign([owner]);
      return Buffer.from(tx.serialize()).toString('base64');
    },
  };
  return session;
}
