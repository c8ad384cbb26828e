/**
 * The venue legs as token transfers. Between two hops (and at the route's ends) the amounts
 * leaving one side must equal those arriving at the other; a two-pointer pass pairs the
 * sources with the sinks, so each boundary needs at most sources + sinks − 1 transfers.
 */
export interface FlowEnd {
  account: string;
  /** Signer that owns `account` (the user or the venue authority). */
  owner: string;
  amount: bigint;
}

export interface Flow {
  source: string;
  owner: string;
  destination: string;
  amount: bigint;
}

/** Pairs sources with sinks; throws when the totals differ (a bug, never the user's input). */
export function pairFlows(
  sources: readonly FlowEnd[],
  sinks: readonly Omit<FlowEnd, 'owner'>[],
): Flow[] {
  const total = (list: readonly { amount: bigint }[]) =>
    list.reduce((sum, end) => sum + end.amount, 0n);
  if (total(sources) !== total(sinks)) {
    throw new Error(`token flow mismatch: ${total(sources)} out, ${total(sinks)} in`);
  }
  const flows: Flow[] = [];
  let i = 0;
  let j = 0;
  let leftOut = sources[0]?.amount ?? 0n;
  let leftIn = sinks[0]?.amount ?? 0n;
  while (i < sources.length && j < sinks.length) {
    const amount = leftOut < leftIn ? leftOut : leftIn;
    const source = sources[i] as FlowEnd;
    const sink = sinks[j] as Omit<FlowEnd, 'owner'>;
    if (amount > 0n) {
      const last = flows[flows.length - 1];
      if (last && last.source === source.account && last.destination === sink.account)
        last.amount += amount;
      else
        flows.push({
          source: source.account,
          owner: source.owner,
          destination: sink.account,
          amount,
        });
    }
    leftOut -= amount;
    leftIn -= amount;
    if (leftOut === 0n) leftOut = sources[++i]?.amount ?? 0n;
    if (leftIn === 0n) leftIn = sinks[++j]?.amount ?? 0n;
  }
  return flows;
}
