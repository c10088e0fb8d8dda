// What reading a message file's bytes found: its container, the MIME type and extension it is stored
// under, audio or video, its length; or why it was refused. Pure: the routes turn a refusal into a 400
// naming the field.

export type MediaKind = 'audio' | 'video';

export interface MediaFormat {
  container: 'mp4' | 'webm' | 'ogg' | 'mp3';
  mime: string;
  ext: string;
  kind: MediaKind;
  durationMs: number;
}

/** Why a file was refused: not one of the formats, cut short, or not a single clean file of its kind. */
export type MediaProblem = 'type' | 'truncated' | 'damaged' | 'duration' | 'mixed';

export type Inspection = { ok: true; format: MediaFormat } | { ok: false; problem: MediaProblem };

/** Thrown inside a parser; inspectMedia() turns it into a refusal. */
export class MediaRefusal extends Error {
  constructor(readonly problem: MediaProblem) {
    super(problem);
  }
}

export const refuse = (problem: MediaProblem): never => {
  throw new MediaRefusal(problem);
};
