import { z } from 'zod';
import { invalidTextMessage } from './messages.ts';

// With the `u` flag a surrogate range matches only a surrogate that is not half of a pair.
const loneSurrogate = /[\uD800-\uDFFF]/u;

/** False for a string holding half of a UTF-16 pair alone: no real text does, and PostgreSQL jsonb refuses to store it. */
export const isWellFormedText = (value: string) => !loneSurrogate.test(value);

/**
 * A string that is well-formed text. `typeMessage` is what a missing or non-string value gets (the
 * field's own message where it has one); `field` names the field in the invalid-text message.
 * Further checks (trim, length) chain after it and run only on well-formed text.
 */
export const wellFormedText = (field: string, typeMessage?: string) =>
  z
    .string(typeMessage === undefined ? undefined : { error: typeMessage })
    .refine(isWellFormedText, { message: invalidTextMessage(field), abort: true });
