/**
 * The number a buyer quotes for an order: the first eight characters of its uuid, upper case
 * (`3F2A9C1B`). Short enough to read out, and with 32 bits it tells one buyer's orders apart; the
 * uuid stays the key everywhere.
 */
export const orderNumberOf = (uuid: string): string => uuid.replace(/-/g, '').slice(0, 8).toUpperCase();
