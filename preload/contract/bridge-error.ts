/**
 * The error half of every Result that crosses the bridge (main/shared/result.ts), as a schema:
 * the registry checks each refusal against it before it leaves main, as it checks every request.
 * A `serviceMessage` (a swap service's own words, issue 32) passes only as the sanitized plain
 * text service-message.ts makes; anything else is dropped, never sent.
 */
import { z } from 'zod';
import { isServiceMessage, MAX_SERVICE_MESSAGE } from '../../main/shared/service-message';

/** A service's words as the disclosure may show them: sanitized, defanged, capped. */
export const serviceMessageText = z
  .string()
  .max(MAX_SERVICE_MESSAGE)
  .refine(isServiceMessage, 'must be sanitized service text');

/** `{ code, message, serviceMessage? }`. */
export const bridgeErrorSchema = z
  .object({
    code: z.string().min(1).max(64),
    message: z.string().min(1),
    serviceMessage: serviceMessageText.optional(),
  })
  .strict();
