/**
 * An always-present alert region: screen readers announce text inserted into it, and it takes
 * no space while empty. A service's own words (issue 32) are never in it: they follow it, behind
 * the "Show the service's message" disclosure.
 */
import type { BridgeError } from '../../../main/shared/result';
import { ServiceMessage } from './ServiceMessage';

export function AlertMessage({ error, id }: { error: BridgeError | null; id?: string }) {
  return (
    <>
      <AlertRegion error={error} id={id} />
      <ServiceMessage error={error} />
    </>
  );
}

/**
 * The alert region alone, for an error that never carries a service's words (the wallet's own
 * refusals about a setting, for example).
 */
export function AlertRegion({ error, id }: { error: BridgeError | null; id?: string }) {
  return (
    <div role="alert" id={id} className={error ? 'alert' : 'alert alert-empty'}>
      {error ? error.message : null}
    </div>
  );
}
