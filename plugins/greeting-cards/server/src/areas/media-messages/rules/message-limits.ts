// The fixed bounds of one message; the per-shopper count and storage are settings.
export const MAX_SECONDS = 60;
export const MAX_BYTES = 50 * 1024 * 1024;
export const MAX_CAPTIONS = 2000;
/** A little over the minute for the container's own rounding (an Opus pre-skip, a last frame). */
export const SECONDS_SLACK_MS = 500;
