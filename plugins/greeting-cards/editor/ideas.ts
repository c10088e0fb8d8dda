// The text tool's "Ideas" panel: message suggestions editors curate (by occasion, tone and the page's
// language) and, when the shop has it on, one written by the AI service. A chosen one is added as a
// text box on the page being edited. `{first_name}` is filled in with the name typed here; left empty,
// it stays the card's merge field and each recipient's own first name is filled in when it is sent.
import { api, apiUrl } from './api';
import type { Editor } from './editor';
import { t } from './i18n';

interface Suggestion {
  id: number;
  text: string;
  tone: string;
}

const TONES = ['warm', 'funny', 'formal'] as const;

/** A suggestion with the typed first name put in (a name with braces is refused by the server anyway). */
export function fillFirstName(text: string, firstName: string): string {
  const name = firstName.trim();
  return name ? text.replace(/\{first_name\}/g, () => name) : text;
}

export function wireIdeas(editor: Editor, root: HTMLElement, fontFamily: () => string, locale: string): void {
  const toggle = root.querySelector<HTMLButtonElement>('#ideas-toggle')!;
  const panel = root.querySelector<HTMLElement>('#ideas-panel')!;
  const occasion = root.querySelector<HTMLSelectElement>('#ideas-occasion')!;
  const tone = root.querySelector<HTMLSelectElement>('#ideas-tone')!;
  const firstName = root.querySelector<HTMLInputElement>('#ideas-first-name')!;
  const list = root.querySelector<HTMLUListElement>('#ideas-list')!;
  const status = root.querySelector<HTMLElement>('#ideas-status')!;
  const aiButton = root.querySelector<HTMLButtonElement>('#ideas-ai')!;
  const aiNote = root.querySelector<HTMLElement>('#ideas-ai-note')!;
  let loadedOccasions = false;

  const insert = (text: string) => {
    const box = editor.addText(fontFamily(), fillFirstName(text, firstName.value), 32);
    box.setCoords();
    status.textContent = t('editor.ideas.added', { page: t(`editor.page-name.${editor.page}`) });
  };

  const show = (suggestions: Suggestion[]) => {
    list.replaceChildren(
      ...suggestions.map((s) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'ed-idea';
        b.textContent = fillFirstName(s.text, firstName.value);
        b.setAttribute('aria-label', t('editor.ideas.use', { text: b.textContent }));
        b.addEventListener('click', () => insert(s.text));
        li.append(b);
        return li;
      }),
    );
    status.textContent = suggestions.length ? '' : t('editor.ideas.none');
  };

  let shown: Suggestion[] = [];
  const load = async () => {
    status.textContent = t('editor.ideas.loading');
    const query = new URLSearchParams({ locale, page_size: '50' });
    if (occasion.value) query.set('occasion', occasion.value);
    if (tone.value) query.set('tone', tone.value);
    try {
      shown = (await api<{ results: Suggestion[] }>('GET', apiUrl(`/message_suggestions/?${query}`))).results;
      show(shown);
    } catch (error) {
      status.textContent = t('editor.ideas.failed', { error: (error as Error).message });
    }
  };

  const loadOccasions = async () => {
    if (loadedOccasions) return;
    loadedOccasions = true;
    const wanted = root.dataset.occasion || occasion.value;
    try {
      const list = await api<{ results: Array<{ slug: string; name: string }> }>(
        'GET',
        apiUrl(`/occasions/?locale=${encodeURIComponent(locale)}&page_size=100`),
      );
      occasion.replaceChildren(...list.results.map((o) => new Option(o.name, o.slug)));
      if (list.results.some((o) => o.slug === wanted)) occasion.value = wanted;
    } catch {
      // The occasion list is a convenience: without it the suggestions of the default occasion show.
    }
    try {
      const ai = await api<{ enabled: boolean }>('GET', apiUrl('/message_suggestions/ai/'));
      aiButton.hidden = aiNote.hidden = !ai.enabled;
    } catch {
      aiButton.hidden = aiNote.hidden = true;
    }
  };

  tone.replaceChildren(
    new Option(t('editor.ideas.tone.any'), ''),
    ...TONES.map((v) => new Option(t(`editor.ideas.tone.${v}`), v)),
  );
  toggle.addEventListener('click', async () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (!open) return;
    await loadOccasions();
    await load();
  });
  occasion.addEventListener('change', () => void load());
  tone.addEventListener('change', () => void load());
  // The list shows the texts as they will read with the name typed so far.
  firstName.addEventListener('input', () => show(shown));
  aiButton.addEventListener('click', async () => {
    aiButton.disabled = true;
    status.textContent = t('editor.ideas.ai-working');
    try {
      const { text } = await api<{ text: string }>('POST', apiUrl('/message_suggestions/ai/'), {
        occasion: occasion.value,
        tone: tone.value || 'warm',
        first_name: firstName.value.trim(),
        locale,
      });
      shown = [{ id: 0, text, tone: tone.value || 'warm' }, ...shown];
      show(shown);
    } catch (error) {
      status.textContent = (error as Error).message;
    } finally {
      aiButton.disabled = false;
    }
  });
}
