/**
 * Any page address ending in this hash opens the availability popup (the
 * specification shows no other way to open it), so marketing can link to it
 * from anywhere: /service/#check-availability.
 */
export const AVAILABILITY_HASH = "#check-availability";
