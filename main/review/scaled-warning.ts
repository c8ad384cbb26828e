/**
 * The review's words for a Scaled UI Amount mint (issue 35): which multiplier the amounts of the
 * review are shown at, and a change the issuer has scheduled. Not a danger (an xStock's split is
 * ordinary), but a person must know that what they read is scaled and by how much: the
 * transaction itself moves raw amounts, and the multiplier may change under an open review
 * (tickets/scaled-staleness.ts refuses it then).
 */
import {
  multiplierAt,
  multiplierText,
  scaledConfigOfMint,
  type ScaledUiAmountConfig,
} from '../shared/scaled-amount';
import type { AccountState } from './account-state';
import type { TokenWarning } from './types';
import { tokenName, type TokenBook } from './words';
import type { Address } from '../shared/address';

const USES = " uses Token-2022's Scaled UI Amount:";

/** The token's name as a 'scaled-amount' warning says it (its sentence starts with it). */
export function scaledWarningName(warning: Pick<TokenWarning, 'sentence'>): string {
  const at = warning.sentence.indexOf(USES);
  return at > 0 ? warning.sentence.slice(0, at) : 'This token';
}

/** The Scaled UI Amount config of each mint met that has one, by mint. */
export function scaledConfigs(
  mintStates: ReadonlyMap<string, AccountState | null>,
): Map<string, ScaledUiAmountConfig> {
  const configs = new Map<string, ScaledUiAmountConfig>();
  for (const [address, state] of mintStates) {
    if (state === null || state.mintDecimals === null) continue;
    const config = scaledConfigOfMint(state.data);
    if (config !== null) configs.set(address, config);
  }
  return configs;
}

function utc(unixSeconds: bigint): string {
  return `${new Date(Number(unixSeconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** One sentence per scaled mint, at the review's clock (ms). */
export function scaledAmountWarnings(
  configs: ReadonlyMap<string, ScaledUiAmountConfig>,
  tokens: TokenBook,
  reviewedAtMs: number,
): TokenWarning[] {
  const now = reviewedAtMs / 1000;
  return [...configs].map(([mint, config]) => {
    const name = tokenName(mint, tokens);
    const current = multiplierAt(config, now);
    const pending =
      BigInt(Math.floor(now)) < config.newMultiplierEffectiveTimestamp &&
      config.newMultiplier !== config.multiplier
        ? ` Its issuer has scheduled ${multiplierText(config.newMultiplier)} from ${utc(config.newMultiplierEffectiveTimestamp)}: the same holding will then show ${config.newMultiplier / current >= 1 ? 'more' : 'fewer'} ${name}.`
        : '';
    return {
      mint: mint as Address,
      kind: 'scaled-amount',
      mustAcknowledge: false,
      multiplier: current,
      sentence: `${name}${USES} every ${name} amount here is shown at the issuer's multiplier, ${multiplierText(current)} now (1 unit moved on chain shows as ${Number(current.toPrecision(12))} ${name}).${pending}`,
    };
  });
}
