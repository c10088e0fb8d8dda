// The card's video or voice message (issue 45 item 3): record in the browser (MediaRecorder) or pick a
// file, add optional captions, save. The server checks the file from its bytes and answers the stored
// message (POST /editor/<card>/message/, multipart: media, captions); Remove deletes it. Plain buttons,
// a live status line and the browser's own player: keyboard and screen readers need nothing more.
import { api, ApiError, shopUrl } from './api';
import { t } from './i18n';

const MAX_SECONDS = 60;

interface SavedMessage {
  url: string;
  kind: string;
  duration_ms: number;
  captions: string;
}

const $ = <T extends HTMLElement>(root: HTMLElement, sel: string) => root.querySelector(sel) as T;

/** The recorder's file type: what this browser records, WebM or MP4 (Safari). */
function recordingType(video: boolean): string {
  const wanted = video
    ? ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']
    : ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return wanted.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

export function wireMediaMessage(root: HTMLElement, cardId: string): void {
  const status = $<HTMLElement>(root, '#media-status');
  const preview = $<HTMLElement>(root, '#media-preview');
  const current = $<HTMLElement>(root, '#media-current');
  const recordAudio = $<HTMLButtonElement>(root, '#media-record-audio');
  const recordVideo = $<HTMLButtonElement>(root, '#media-record-video');
  const stop = $<HTMLButtonElement>(root, '#media-stop');
  const input = $<HTMLInputElement>(root, '#media-input');
  const captions = $<HTMLTextAreaElement>(root, '#media-captions');
  const save = $<HTMLButtonElement>(root, '#media-save');
  const remove = $<HTMLButtonElement>(root, '#media-remove');
  const path = shopUrl(`/editor/${encodeURIComponent(cardId)}/message/`);
  let chosen: { blob: Blob; name: string } | null = null;
  let recorder: MediaRecorder | null = null;
  let timer = 0;

  const say = (text: string) => (status.textContent = text);

  function showPlayer(slot: HTMLElement, src: string, video: boolean): void {
    slot.replaceChildren();
    const player = document.createElement(video ? 'video' : 'audio');
    player.controls = true;
    player.src = src;
    player.className = 'ed-media-player';
    slot.append(player);
    slot.hidden = false;
  }

  function choose(blob: Blob, name: string): void {
    chosen = { blob, name };
    showPlayer(preview, URL.createObjectURL(blob), blob.type.startsWith('video/'));
    save.disabled = false;
  }

  function showSaved(message: SavedMessage | null): void {
    const text = $<HTMLElement>(root, '#media-current-text');
    if (!message) {
      current.hidden = true;
      remove.hidden = true;
      return;
    }
    text.textContent = t('editor.media.current', {
      kind: t(message.kind === 'video' ? 'editor.media.kind-video' : 'editor.media.kind-audio'),
      seconds: Math.round(message.duration_ms / 1000),
    });
    showPlayer($<HTMLElement>(root, '#media-current-player'), message.url, message.kind === 'video');
    current.hidden = false;
    remove.hidden = false;
  }

  const initial = root.dataset.message ? (JSON.parse(root.dataset.message) as SavedMessage) : null;
  showSaved(initial);
  if (initial?.captions) captions.value = initial.captions;

  const canRecord = typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
  if (!canRecord) {
    recordAudio.disabled = true;
    recordVideo.disabled = true;
    say(t('editor.media.no-recorder'));
  }

  async function record(video: boolean): Promise<void> {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(
        video ? { audio: true, video: { width: 640, height: 480 } } : { audio: true },
      );
    } catch {
      say(t('editor.media.denied'));
      return;
    }
    const type = recordingType(video);
    recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const parts: Blob[] = [];
    const started = Date.now();
    recorder.ondataavailable = (event) => event.data.size && parts.push(event.data);
    recorder.onstop = () => {
      window.clearInterval(timer);
      stream.getTracks().forEach((track) => track.stop());
      const blob = new Blob(parts, { type: (recorder?.mimeType || type || 'audio/webm').split(';')[0] });
      recorder = null;
      stop.hidden = true;
      recordAudio.hidden = recordVideo.hidden = false;
      choose(blob, blob.type.includes('mp4') ? 'recording.mp4' : 'recording.webm');
      say('');
      save.focus();
    };
    recorder.start();
    stop.hidden = false;
    recordAudio.hidden = recordVideo.hidden = true;
    stop.focus();
    say(t('editor.media.recording', { seconds: 0 }));
    timer = window.setInterval(() => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      // A minute at most: stopped a little before, so the file's own length stays under it.
      if (seconds >= MAX_SECONDS - 1) recorder?.stop();
      else say(t('editor.media.recording', { seconds }));
    }, 500);
  }

  recordAudio.addEventListener('click', () => void record(false));
  recordVideo.addEventListener('click', () => void record(true));
  stop.addEventListener('click', () => recorder?.stop());
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) choose(file, file.name);
  });

  save.addEventListener('click', async () => {
    if (!chosen) return;
    const form = new FormData();
    form.append('media', chosen.blob, chosen.name);
    if (captions.value.trim()) form.append('captions', captions.value);
    save.disabled = true;
    say(t('editor.media.saving'));
    try {
      const saved = await api<SavedMessage>('POST', path, form);
      chosen = null;
      preview.hidden = true;
      preview.replaceChildren();
      input.value = '';
      showSaved(saved);
      say(t('editor.media.saved', { seconds: Math.round(saved.duration_ms / 1000) }));
    } catch (error) {
      save.disabled = false;
      say(error instanceof ApiError ? error.message : String(error));
    }
  });

  remove.addEventListener('click', async () => {
    try {
      await api('DELETE', path);
      showSaved(null);
      say(t('editor.media.removed'));
    } catch (error) {
      say(error instanceof ApiError ? error.message : String(error));
    }
  });
}
