/**
 * The organisation's time zone as the write side reads it: a planning decision counts an assignment's
 * days in it (a locked actuals week's days, for one). One organisation per server, set once when the
 * app is built from its configuration (ORG_TIME_ZONE); UTC until then.
 */
let zone = 'UTC';

export const setOrgTimeZone = (timeZone: string) => {
  zone = timeZone;
};

export const orgTimeZone = () => zone;
