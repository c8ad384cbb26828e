/**
 * The frame of one entry of the Activity list, for the wallet's own transactions and for what
 * the chain records alike: the kind and amounts, a line with the time and the signature, the
 * status pill and, where there is one, a link to a block explorer.
 */
import type { ReactNode } from 'react';
import { shortenAddress } from '../../lib/format';
import { timeOf } from '../../lib/activity-text';

export interface ActivityItemProps {
  /** "Swap", "Received", …: the first words of the title. */
  kind: string;
  /** The rest of the title: what moved. */
  title: ReactNode;
  /** When it happened (ISO text), when known. */
  time: string | null;
  signature: string;
  /** After the signature on the same line (the network fee). */
  meta?: ReactNode;
  /** Below that line (an error). */
  note?: ReactNode;
  /** The status pill's class suffix and words. */
  status: string;
  statusWords: string;
  /** A block explorer's page, or null where none is offered. */
  explorerUrl: string | null;
}

export function ActivityItem(props: ActivityItemProps) {
  const { time, signature } = props;
  return (
    <li className="activity-item">
      <div className="activity-main">
        <p className="activity-title">
          <span className="activity-kind">{props.kind}</span> {props.title}
        </p>
        <p className="muted small">
          {time ? (
            <>
              <time dateTime={time}>{timeOf(time)}</time> ·{' '}
            </>
          ) : null}
          <span title={signature}>{shortenAddress(signature, 6)}</span>
          {props.meta}
        </p>
        {props.note}
      </div>
      <div className="activity-side">
        <span className={`status-pill status-${props.status}`}>{props.statusWords}</span>
        {props.explorerUrl ? (
          <a href={props.explorerUrl} target="_blank" rel="noreferrer noopener">
            View in the explorer
          </a>
        ) : null}
      </div>
    </li>
  );
}
