/**
 * The error half of every Result that crosses the bridge (main/shared/result.ts), as a schema:
 * the registry checks each refusal against it before it leaves main, as it checks every request.
 * A `serviceMessage` (a swap service's own words, issue 32) passes only as the sanitized plain
 * text service-message.ts makes; anything else is dropped, never sent.
 */
import { z } from 'zod';
import type { WalletError } from '../../main/shared/errors';
import type { Result } from '../../main/shared/result';
import { isServiceMessage, MAX_SERVICE_MESSAGE } from '../../main/shared/service-message';

/** A service's words as the disclosure may show them: sanitized, defanged, capped. */
export const serviceMessageText = z
  .string()
  .max(MAX_SERVICE_MESSAGE)
  .refine(isServiceMessage, 'must be sanitized service text');

/** `{ code, message, serviceMessage?, serviceFrom? }`. */
export const bridgeErrorSchema = z
  .object({
    code: z.string().min(1).max(64),
    message: z.string().min(1),
    serviceMessage: serviceMessageText.optional(),
    serviceFrom: z.enum(['network', 'faucet']).optional(),
  })
  .strict();

/**
 * A WalletError as it crosses the bridge, checked against bridgeErrorSchema: a service's words
 * travel only as the sanitized `serviceMessage`, or not at all.
 * @example refusalOf(new WalletError('NO_ROUTE', 'No route…', { serviceMessage: 'No routes found' }))
 */
export function refusalOf(
  error: Pick<WalletError, 'code' | 'message' | 'serviceMessage'> &
    Partial<Pick<WalletError, 'serviceFrom'>>,
): Result<never> {
  const code = String(error.code);
  const said = serviceMessageText.safeParse(error.serviceMessage);
  // Whose words they are travels only with the words themselves.
  const from = said.success && error.serviceFrom !== undefined ? error.serviceFrom : undefined;
  const checked = bridgeErrorSchema.safeParse({
    code,
    message: error.message,
    ...(said.success ? { serviceMessage: said.data } : {}),
    ...(from === undefined ? {} : { serviceFrom: from }),
  });
  return { ok: false, error: checked.success ? checked.data : { code, message: error.message } };
}
