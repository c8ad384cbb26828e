/**
 * The compute unit limit a swap asks for, from its simulation here, sized for mainnet.
 *
 * litesvm runs SPL Token as p-token, whose instructions cost a fraction of the classic SPL Token
 * program's that mainnet runs (TransferChecked: 105 units against about 6,200; sandbox README,
 * "Compute units"), so a limit read from a simulation here alone is too low on mainnet. Every
 * SPL Token call the simulation made, at any depth (a Jupiter route makes two per step and one
 * for its fee), gets the difference on top of the usual margin.
 */
import { TOKEN_PROGRAM_ID } from '../tokens';

/** Classic SPL Token's TransferChecked (about 6,200 units) less p-token's (105). */
export const P_TOKEN_MARGIN_PER_CALL = 6_100;

/** SPL Token invocations in a simulation's logs, at any depth. */
export function tokenProgramCalls(logs: readonly string[]): number {
  const invoke = `Program ${TOKEN_PROGRAM_ID} invoke [`;
  return logs.filter((line) => line.startsWith(invoke)).length;
}

/** `consumed` units (top-level, read from the logs) plus the margins, within the runtime's cap. */
export function computeUnitLimitFor(
  consumed: number,
  logs: readonly string[],
  cap: number,
  extra = 0,
): number {
  const mainnet = consumed + tokenProgramCalls(logs) * P_TOKEN_MARGIN_PER_CALL;
  return Math.min(cap, Math.ceil((mainnet + 3_000) * 1.2) + 10_000 + extra);
}
