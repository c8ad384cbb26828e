/**
 * A thin wrapper over @solana/web3.js's Connection for what the foundation screens need: the
 * SOL balance and every token account of the SPL Token and Token-2022 programs, airdrops, and
 * waiting for a signature to be confirmed. Failures to reach the network become
 * NETWORK_UNAVAILABLE with a message the caller supplies (it knows which network it is).
 */
import { PublicKey, SolanaJSONRPCError, type AccountInfo, type Connection } from '@solana/web3.js';
import {
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackAccount,
  unpackMint,
} from '@solana/spl-token';
import type { Balances, TokenBalance } from '../../preload/api-types';
import { WalletError } from '../shared/errors';
import { multiplierAt, scaledConfigOfMint } from '../shared/scaled-amount';
import { NO_PUBSUB, type PubsubClient } from '../network/pubsub-client';
import { watchSignature } from '../network/signature-wake';

export type LedgerConnection = Pick<
  Connection,
  | 'getBalanceAndContext'
  | 'getTokenAccountsByOwner'
  | 'getMultipleAccountsInfo'
  | 'requestAirdrop'
  | 'getSignatureStatuses'
>;

export interface LedgerClientOptions {
  connection: LedgerConnection;
  /** Said when the network cannot be reached, e.g. "The sandbox network is not reachable...". */
  unreachableMessage: string;
  /** Waits between confirmation polls; a parameter so tests and callers control time. */
  wait?: (ms: number) => Promise<void>;
  /** The RPC's PubSub API (network/pubsub-client.ts): its notification ends a wait early. */
  pubsub?: PubsubClient;
  /** Between confirmation polls. Default 400 ms. */
  pollMs?: number;
  /** Between confirmation polls while the signature's subscription is live. Default 2000 ms. */
  subscribedPollMs?: number;
}

export interface LedgerClient {
  /** Lamports and every token account of the owner, token symbols left null. */
  getBalances(owner: string): Promise<Balances>;
  /** Asks the network for an airdrop; resolves with the signature (not yet confirmed). */
  requestAirdrop(owner: string, lamports: bigint): Promise<string>;
  /** Resolves once the signature is confirmed; throws when it failed or took too long. */
  confirm(signature: string, timeoutMs?: number): Promise<void>;
}

const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates the client.
 *
 * @example
 * const ledger = createLedgerClient({ connection: new Connection(rpcUrl, 'confirmed'), unreachableMessage });
 * const { lamports, tokens } = await ledger.getBalances(address);
 */
export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const { connection, unreachableMessage } = options;
  const wait = options.wait ?? sleep;
  const pubsub = options.pubsub ?? NO_PUBSUB;
  const pollMs = options.pollMs ?? 400;
  const subscribedPollMs = options.subscribedPollMs ?? 2_000;

  /** Runs a request; anything other than a JSON-RPC error answer means the network is away. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof SolanaJSONRPCError) {
        // The RPC's own text is not ours to say (issue 32): it rides apart, sanitized.
        throw new WalletError(
          'NETWORK_UNAVAILABLE',
          'The network refused the request. Try again in a moment; if it repeats, check the network address in Settings.',
          { cause: error, serviceMessage: error.message, serviceFrom: 'network' },
        );
      }
      throw new WalletError('NETWORK_UNAVAILABLE', unreachableMessage, { cause: error });
    }
  }

  /** Decimals of each mint, and the multiplier in force of the Scaled UI Amount ones (issue 35). */
  async function mintsOf(
    mints: PublicKey[],
  ): Promise<{ decimals: Map<string, number>; multipliers: Map<string, number> }> {
    const decimals = new Map<string, number>();
    const multipliers = new Map<string, number>();
    if (mints.length === 0) return { decimals, multipliers };
    const infos = await call(() => connection.getMultipleAccountsInfo(mints, 'confirmed'));
    infos.forEach((info: AccountInfo<Buffer> | null, index) => {
      const mint = mints[index]!;
      if (!info) return;
      decimals.set(mint.toBase58(), unpackMint(mint, info, info.owner).decimals);
      const config = info.owner.equals(TOKEN_2022_PROGRAM_ID)
        ? scaledConfigOfMint(info.data)
        : null;
      // The wall clock: the chain's differs by seconds, and the next read corrects it.
      if (config) multipliers.set(mint.toBase58(), multiplierAt(config, Date.now() / 1000));
    });
    return { decimals, multipliers };
  }

  return {
    async getBalances(owner) {
      const key = new PublicKey(owner);
      const [sol, ...perProgram] = await Promise.all([
        call(() => connection.getBalanceAndContext(key, 'confirmed')),
        ...TOKEN_PROGRAMS.map((programId) =>
          call(() => connection.getTokenAccountsByOwner(key, { programId }, 'confirmed')),
        ),
      ]);
      const accounts = perProgram.flatMap((answer, index) =>
        answer.value.map(({ pubkey, account }) => ({
          programId: TOKEN_PROGRAMS[index]!,
          state: unpackAccount(pubkey, account, TOKEN_PROGRAMS[index]),
        })),
      );
      const mints = [
        ...new Map(accounts.map((a) => [a.state.mint.toBase58(), a.state.mint])).values(),
      ];
      const { decimals, multipliers } = await mintsOf(mints);
      const tokens: TokenBalance[] = accounts.map(({ programId, state }) => {
        const multiplier = multipliers.get(state.mint.toBase58());
        return {
          mint: state.mint.toBase58(),
          symbol: null,
          decimals: decimals.get(state.mint.toBase58()) ?? 0,
          amount: state.amount.toString(),
          tokenAccount: state.address.toBase58(),
          tokenProgram: programId.toBase58(),
          ...(multiplier === undefined ? {} : { multiplier }),
        };
      });
      return {
        address: key.toBase58(),
        // web3.js v1 decodes lamports as a JS number, exact up to 2^53 lamports (about 9
        // million SOL); it becomes a decimal string right here and a bigint wherever it is used.
        lamports: BigInt(sol.value).toString(),
        tokens,
        slot: sol.context.slot,
      };
    },

    async requestAirdrop(owner, lamports) {
      return call(() => connection.requestAirdrop(new PublicKey(owner), Number(lamports)));
    },

    async confirm(signature, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      // "Get test funds" waits on this: signatureSubscribe ends the wait as the funds land,
      // the polls (slower while subscribed) carry on underneath for an RPC without it.
      const wake = watchSignature(pubsub, signature);
      try {
        for (;;) {
          const { value } = await call(() =>
            connection.getSignatureStatuses([signature], { searchTransactionHistory: true }),
          );
          const status = value[0];
          if (status?.err) {
            throw new WalletError('TRANSACTION_FAILED', 'The transaction failed on the network.');
          }
          if (
            status?.confirmationStatus === 'confirmed' ||
            status?.confirmationStatus === 'finalized'
          ) {
            return;
          }
          const left = deadline - Date.now();
          if (left <= 0) {
            throw new WalletError(
              'NETWORK_UNAVAILABLE',
              'The network did not confirm the transaction in time. Check the balance again in a moment.',
            );
          }
          await wake.pause(wait, Math.min(wake.live() ? subscribedPollMs : pollMs, left));
        }
      } finally {
        wake.stop();
      }
    },
  };
}
