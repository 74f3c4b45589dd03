// extract-api's per-client rate limits raised out of reach, for every server that tests, e2e and
// bench start: they send more requests from one address in a minute than any visitor would. A test
// of a limit sets its own on top of these.

export const RAISED_RATE_LIMITS_ENV = {
  EXTRACT_API_RATE_LIMIT_READS: '100000',
  EXTRACT_API_RATE_LIMIT_RELAY: '100000',
  EXTRACT_API_RATE_LIMIT_EXTRACTIONS: '100000',
  EXTRACT_API_RATE_LIMIT_HEAVY: '100000',
  EXTRACT_API_RATE_LIMIT_CONTACT: '100000',
  EXTRACT_API_CONTACT_PER_CLIENT_PER_DAY: '100000',
};
