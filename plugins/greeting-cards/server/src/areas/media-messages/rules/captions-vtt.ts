// The typed captions as a WebVTT file of one cue over the whole message: a <track kind="captions">
// shows it while the message plays. A cue's text cannot hold "-->" or a blank line (either would end or
// break the cue), and its markup characters are escaped as WebVTT asks.

const stamp = (ms: number): string => {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
};

export function captionsVtt(text: string, durationMs: number): string {
  const cue = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return `WEBVTT\n\n1\n${stamp(0)} --> ${stamp(Math.max(durationMs, 1000))}\n${cue}\n`;
}
