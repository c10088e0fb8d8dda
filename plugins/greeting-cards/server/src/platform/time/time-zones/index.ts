// Time zones: recipients', shoppers' and the shop's clocks (see docs/orders.md, Scheduling).
export { canonicalTimeZone, isTimeZone, zoneOr, TIME_ZONE_MESSAGE } from './zones';
export { zonedTimeToUtc, localDate, localHour, offsetMinutes, formatInZone } from './local-time';
export { localInputToIso, localInputValue, formatLongInZone } from './local-input';
