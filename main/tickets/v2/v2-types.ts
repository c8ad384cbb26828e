/** What a v2 quote keeps for its review (swap-v2.ts), apart so swap-review.ts can name it. */
import type { SwapPath } from '../../../preload/api-types';
import type { ReviewConnection } from '../../review';
import type { BuildAnswer, OrderAnswer, SwapV2Client } from '../../swap-api/v2';

/** How the wallet prices compute: none, a total in lamports, or the service's level (capped). */
export type ComputePrice =
  | { kind: 'none' }
  | { kind: 'lamports'; lamports: bigint }
  | { kind: 'service'; maxLamports: bigint };

export type V2Quote =
  | { path: 'router'; answer: BuildAnswer; price: ComputePrice }
  | { path: 'meta-aggregator'; answer: OrderAnswer };

/** An /order ticket's landing facts, by ticket id (swap.approve reads them). */
export interface PendingOrder {
  requestId: string;
  client: SwapV2Client;
}

/** What assembling a /build answer reads: the RPC's tables and simulation, its blockhash. */
export interface AssembleDeps {
  connection: Pick<ReviewConnection, 'getAddressLookupTable' | 'simulateTransaction'>;
  /** The wallet's own blockhash, from the person's RPC. */
  latestBlockhash: () => Promise<{ blockhash: string; lastValidBlockHeight: number }>;
}

/** The v2 services of a network on a Swap API v2 service (network-bundle.ts). */
export interface SwapV2Deps extends AssembleDeps {
  client: () => Promise<SwapV2Client>;
  /** The person's choice for this network (Settings, Swap path). */
  swapPath: () => Promise<SwapPath>;
  /** Orders awaiting /execute, by ticket id. */
  orders: Map<string, PendingOrder>;
}
