// The send form: who gets the card, how, when, and extras for posted cards. It saves the design,
// then calls the same add-to-cart route as the API and goes to the cart.
import { api, apiUrl, ApiError, shopUrl } from './api';
import type { Editor } from './editor';
import { sendFormChecks } from './send-preflight';
import type { PreflightPanel } from './preflight-panel';
import { money, t } from './i18n';
import { fillText } from '../server/src/platform/designs/merge-fields';

export interface Prices {
  ecard: number;
  post: number;
  print: number;
  gift_wrap: number;
  /** What the card's video or voice message adds to each card (0: free or nothing); server-decided. */
  media_message?: number;
  currency: string;
}
export interface Addon {
  id: number;
  name: string;
  price_pence: number;
}
interface Recipient {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_system_user: boolean;
  /** Where a posted card goes: its shipping dates and methods depend on it. */
  country?: string;
  /** Groups such as "Family" (present once the address book has tags). */
  tags?: string[];
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const NEW = 'new';
// "Several people": one copy each (bulk send), their names filled into the card's merge fields.
const MANY = 'many';

// Prices in the page's locale (i18n.ts): £3.50 in English, 3,50 £ in German.
export { money };

export function wireSendForm(editor: Editor, prices: Prices, addons: Addon[], preflight?: PreflightPanel): void {
  const dialog = $<HTMLDialogElement>('send-dialog');
  const form = $<HTMLFormElement>('send-form');
  const recipient = $<HTMLSelectElement>('recipient');
  const method = $<HTMLSelectElement>('delivery-method');
  const gift = $<HTMLSelectElement>('gift-addon');
  const wrap = $<HTMLInputElement>('gift-wrap');
  const error = $<HTMLParagraphElement>('send-error');
  const submit = $<HTMLButtonElement>('send-submit');
  const fmt = (p: number) => money(p, prices.currency);
  const manyList = $<HTMLDivElement>('many-list');
  const chosen = (): number[] =>
    [...manyList.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked')].map((box) => Number(box.value));
  // The copy the picture shows: the chosen person's; when sending to several, the one picked under
  // "Preview for" (the first ticked one until then).
  const previewFor = $<HTMLSelectElement>('send-preview-for');
  const personChosen = (): number =>
    recipient.value === MANY ? Number(previewFor.value) || (chosen()[0] ?? 0) : Number(recipient.value) || 0;
  let personShown = -1;
  // The page shown, one at a time: the inside too, so {first_name} can be checked as each person gets it.
  const PAGES = ['front', 'inside_left', 'inside_right', 'back'] as const;
  let pageShown = 0;
  let people: Recipient[] = [];

  const labels: Record<string, string> = {
    ecard: t('editor.send.method.ecard'),
    post: t('editor.send.method.post'),
    print: t('editor.send.method.print'),
  };
  method.replaceChildren(
    ...(['ecard', 'post', 'print'] as const).map(
      (m) => new Option(t('editor.send.option-price', { label: labels[m], price: fmt(prices[m]) }), m),
    ),
  );
  gift.replaceChildren(
    new Option(t('editor.send.no-gift'), ''),
    ...addons.map(
      (a) => new Option(t('editor.send.option-price', { label: a.name, price: fmt(a.price_pence) }), String(a.id)),
    ),
  );
  $('wrap-price').textContent = fmt(prices.gift_wrap);

  // The shipping part of a posted card (issue 44): drawn by the server for the recipient's country and
  // the arrive-by date (partials/shipping-choices.eta), fetched again when either changes. Dates and
  // prices are the server's; the form sends back only the method's name and the date.
  const shipSlot = $<HTMLDivElement>('ship-slot');
  const arriveBy = $<HTMLInputElement>('arrive-by');
  const byDate = $<HTMLInputElement>('ship-by-date');
  const asap = $<HTMLInputElement>('ship-asap');
  const shipStatus = $<HTMLParagraphElement>('ship-status');
  const countryOf = (): string => {
    if (recipient.value === NEW) return $<HTMLInputElement>('r-country').value.trim().toUpperCase();
    return people.find((r) => r.id === personChosen())?.country ?? '';
  };
  // Several people at once are sent as soon as possible (a bulk send has no arrive-by date).
  const dated = () => method.value === 'post' && byDate.checked && recipient.value !== MANY;
  const shipMethod = () => shipSlot.querySelector<HTMLInputElement>('input[name=shipping_method]:checked');
  let shipAsked = '';
  const markDate = () => {
    const choices = document.getElementById('ship-choices');
    const invalid = dated() && choices?.dataset.invalid === 'arrive_by';
    arriveBy.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    if (invalid) arriveBy.setAttribute('aria-describedby', 'arrive-by-error');
    else arriveBy.removeAttribute('aria-describedby');
    // Bounds only when they change: setting them on a date field resets the segment being typed in.
    if (choices?.dataset.min && arriveBy.min !== choices.dataset.min) arriveBy.min = choices.dataset.min;
    if (choices?.dataset.max && arriveBy.max !== choices.dataset.max) arriveBy.max = choices.dataset.max;
  };
  const refreshShipping = async (force = false) => {
    if (method.value !== 'post') return;
    const params = new URLSearchParams({
      country: countryOf(),
      arrive_by: dated() ? arriveBy.value : '',
      method: shipMethod()?.value ?? '',
    });
    const key = `${params.get('country')}|${params.get('arrive_by')}`;
    if (!force && key === shipAsked) return;
    shipAsked = key;
    shipStatus.textContent = t('editor.ship.loading');
    try {
      const res = await fetch(shopUrl(`/editor/${editor.card.id}/shipping/?${params.toString()}`), {
        credentials: 'same-origin',
        headers: { Accept: 'text/html' },
      });
      if (!res.ok) throw new Error(t('editor.error.server', { status: res.status }));
      const html = await res.text();
      if (key !== shipAsked) return; // a newer question is on its way
      shipSlot.innerHTML = html;
      shipStatus.textContent = '';
    } catch (e) {
      shipStatus.textContent = t('editor.ship.failed', { error: (e as Error).message });
    }
    markDate();
    update();
  };
  shipSlot.addEventListener('change', () => update());
  shipSlot.addEventListener('click', (event) => {
    const next = (event.target as HTMLElement).closest<HTMLButtonElement>('#arrive-by-next');
    if (!next?.dataset.date) return;
    arriveBy.value = next.dataset.date;
    arriveBy.focus();
    void refreshShipping();
  });
  arriveBy.addEventListener('change', () => void refreshShipping());
  for (const el of [asap, byDate])
    el.addEventListener('change', () => {
      update();
      void refreshShipping();
    });
  $<HTMLInputElement>('r-country').addEventListener('change', () => void refreshShipping());

  const update = () => {
    const post = method.value === 'post';
    byDate.disabled = recipient.value === MANY;
    if (byDate.disabled && byDate.checked) asap.checked = true;
    $('ship-date-row').hidden = !byDate.checked;
    // An arrive-by date decides when the card goes out: the "send on" date is for the other cards.
    $('send-on-row').hidden = dated();
    markDate();
    $('post-extras').hidden = !post;
    $('ecard-extras').hidden = method.value !== 'ecard';
    $('new-recipient').hidden = recipient.value !== NEW;
    const many = recipient.value === MANY;
    $('many-recipients').hidden = !many;
    let total = prices[method.value as 'ecard' | 'post' | 'print'] ?? 0;
    if (post) {
      total += addons.find((a) => String(a.id) === gift.value)?.price_pence ?? 0;
      if (wrap.checked) total += prices.gift_wrap;
      if (dated()) total += Number(shipMethod()?.dataset.price ?? 0);
    }
    // The card's message (the recorder shows it when the card has one) adds to each card sent.
    if (prices.media_message && document.getElementById('media-current')?.hidden === false)
      total += prices.media_message;
    if (many) {
      const count = chosen().length;
      $('many-count').textContent =
        count === 0
          ? t('editor.send.tick-people')
          : t('editor.send.people-total', { count, total: fmt(total * count) });
      total *= count;
    }
    $('send-price').textContent = fmt(total);
    checks.show(method.value);
    fillPreviewFor(many);
    // The picture follows the person chosen (merge fields), redrawn only when that changes.
    if (dialog.open && personShown !== personChosen()) void showFront();
  };
  const checks = sendFormChecks(editor, preflight, submit);
  for (const el of [recipient, method, gift, wrap]) el.addEventListener('change', update);
  for (const el of [recipient, method]) el.addEventListener('change', () => void refreshShipping());

  const showError = (message: string) => {
    error.textContent = message;
    error.hidden = false;
  };

  // The card's current front, as the renderer draws it: after any waiting autosave, so it is the
  // design on screen.
  const showFront = async () => {
    const front = $<HTMLImageElement>('send-front');
    try {
      if (editor.autosave.hasUnsavedWork) await editor.autosave.flush();
      const who = personChosen();
      personShown = who;
      const forWhom = who > 0 ? `&recipient=${who}` : '';
      const page = PAGES[pageShown];
      const onPage = page === 'front' ? '' : `&page=${page}`;
      front.src = shopUrl(`/editor/${editor.card.id}/front.png?v=${Date.now()}${forWhom}${onPage}`);
      front.alt = t(`editor.send.page-${page}`);
      front.hidden = false;
      $('send-page-name').textContent = t('editor.send.page-of', {
        name: t(`editor.send.page-${page}`),
        page: pageShown + 1,
        pages: PAGES.length,
      });
      // The inside message sits on the inside right, filled in for this person as the e-card page shows it.
      const message = $<HTMLParagraphElement>('send-message');
      const person = people.find((r) => r.id === who);
      message.textContent = fillText(editor.message, person ?? {});
      message.hidden = page !== 'inside_right' || !editor.message.trim();
    } catch {
      front.hidden = true;
    }
  };

  // "Preview for", when sending to several: the ticked people (everyone offered until someone is ticked).
  const fillPreviewFor = (many: boolean) => {
    $('send-for-row').hidden = !many;
    if (!many) return;
    const ticked = chosen();
    const offered = ticked.length ? people.filter((r) => ticked.includes(r.id)) : people;
    const keep = previewFor.value;
    const ids = offered.map((r) => String(r.id));
    if (ids.join(',') === [...previewFor.options].map((o) => o.value).join(',')) return;
    previewFor.replaceChildren(
      ...offered.map(
        (r) =>
          new Option(
            `${r.first_name} ${r.last_name}`.trim() || r.email || t('editor.send.recipient-n', { id: r.id }),
            String(r.id),
          ),
      ),
    );
    if (ids.includes(keep)) previewFor.value = keep;
  };
  previewFor.addEventListener('change', () => void showFront());
  const turn = (by: number) => {
    pageShown = (pageShown + by + PAGES.length) % PAGES.length;
    void showFront();
  };
  $('send-page-prev').addEventListener('click', () => turn(-1));
  $('send-page-next').addEventListener('click', () => turn(1));

  // One checkbox per person, and a button per tag that ticks everyone in it.
  const showMany = (people: Recipient[]) => {
    manyList.replaceChildren(
      ...people.map((r) => {
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.value = String(r.id);
        box.dataset.tags = JSON.stringify(r.tags ?? []);
        box.addEventListener('change', update);
        const plain = `${r.first_name} ${r.last_name}`.trim() || r.email || t('editor.send.recipient-n', { id: r.id });
        const name = r.is_system_user ? t('editor.send.me', { name: plain }) : plain;
        label.append(box, document.createTextNode(r.tags?.length ? `${name} (${r.tags.join(', ')})` : name));
        return label;
      }),
    );
    const tags = [...new Set(people.flatMap((r) => r.tags ?? []))].sort((a, b) => a.localeCompare(b));
    $('many-tags').replaceChildren(
      ...tags.map((tag) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = t('editor.send.everyone-in', { tag });
        button.addEventListener('click', () => {
          for (const box of manyList.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
            if ((JSON.parse(box.dataset.tags ?? '[]') as string[]).includes(tag)) box.checked = true;
          }
          update();
        });
        return button;
      }),
    );
  };

  $('open-send').addEventListener('click', async () => {
    error.hidden = true;
    pageShown = 0;
    dialog.showModal();
    void showFront();
    // The address book is read again at every opening (people may have been added meanwhile); the
    // list of the last opening is not offered while the new one loads.
    recipient.replaceChildren(new Option(t('editor.send.loading-book'), ''));
    manyList.replaceChildren();
    try {
      const list = await api<{ results: Recipient[] }>('GET', apiUrl('/recipients/?page_size=100'));
      const options = list.results.map((r) => {
        const name = `${r.first_name} ${r.last_name}`.trim() || r.email || t('editor.send.recipient-n', { id: r.id });
        return new Option(r.is_system_user ? t('editor.send.me', { name }) : name, String(r.id));
      });
      recipient.replaceChildren(
        new Option(t('editor.send.choose-recipient'), ''),
        ...options,
        new Option(t('editor.send.several'), MANY),
        new Option(t('editor.send.add-new'), NEW),
      );
      people = list.results;
      showMany(list.results);
    } catch (e) {
      recipient.replaceChildren(new Option(t('editor.send.add-new'), NEW));
      showError(t('editor.send.book-failed', { error: (e as Error).message }));
    }
    update();
    void refreshShipping(true);
    recipient.focus();
    // The newest print check: the design as it is now, saved as a draft first (the status stays).
    if (editor.autosave.hasUnsavedWork) await editor.autosave.flush().catch(() => undefined);
    await preflight?.refresh();
    update();
  });
  $('send-cancel').addEventListener('click', () => dialog.close());
  // Leaving for the group-card form: the design on screen is saved first, so the group card starts
  // from it (and the page has no unsaved work to warn about).
  const group = $<HTMLAnchorElement>('send-group');
  group.addEventListener('click', async (event) => {
    if (!editor.autosave.hasUnsavedWork) return;
    event.preventDefault();
    try {
      await editor.autosave.flush();
      window.location.assign(group.href);
    } catch (e) {
      showError(t('editor.error.not-saved', { error: (e as Error).message }));
    }
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    if (!recipient.value) return showError(t('editor.send.who-for'));
    if (recipient.value === MANY && chosen().length === 0) return showError(t('editor.send.tick-one'));
    const refusal = checks.refusal(method.value);
    if (refusal) return showError(refusal);
    if (dated()) {
      const problem = document.getElementById('arrive-by-error')?.textContent;
      if (!arriveBy.value || problem) {
        arriveBy.focus();
        return showError(problem || t('editor.ship.field-error', { message: t('editor.ship.no-date') }));
      }
    }
    submit.disabled = true;
    try {
      let recipientId = recipient.value === MANY ? 0 : Number(recipient.value);
      if (recipient.value === NEW) {
        const created = await api<Recipient>('POST', apiUrl('/recipients/'), {
          first_name: $<HTMLInputElement>('r-first').value,
          last_name: $<HTMLInputElement>('r-last').value,
          email: $<HTMLInputElement>('r-email').value,
          address_line_1: $<HTMLInputElement>('r-line1').value,
          city: $<HTMLInputElement>('r-city').value,
          postcode: $<HTMLInputElement>('r-postcode').value,
          country: $<HTMLInputElement>('r-country').value || 'GB',
          // Where they live decides the hour a dated card goes out; empty is the shop's zone.
          time_zone: $<HTMLInputElement>('r-time-zone').value.trim() || null,
        });
        recipientId = created.id;
      }
      await editor.saveDesign();
      const arriving = dated();
      const when = arriving ? '' : $<HTMLInputElement>('scheduled-for').value;
      const post = method.value === 'post';
      const many = recipient.value === MANY;
      await api('POST', apiUrl('/orders/add_to_cart/'), {
        card_id: editor.card.id,
        ...(many ? { recipient_ids: chosen() } : { recipient_id: recipientId }),
        delivery_method: method.value,
        // A date: the service sends it at the set hour on the recipient's clock (their time zone).
        scheduled_for: when || null,
        gift_addon_id: post && gift.value ? Number(gift.value) : null,
        gift_wrap: post && wrap.checked,
        // E-cards: the envelope it opens from ('' is none) and the reminder if it stays unopened.
        ...(method.value === 'ecard'
          ? {
              envelope: form.querySelector<HTMLInputElement>('input[name=envelope]:checked')?.value || null,
              remind_unopened: $<HTMLInputElement>('remind-unopened').checked,
            }
          : {}),
        // Arrive by a date: the method chosen among those the server offered (it prices it again).
        ...(arriving ? { arrive_by: arriveBy.value, shipping_method: shipMethod()?.value ?? null } : {}),
      });
      window.location.assign(shopUrl('/cart/'));
    } catch (e) {
      showError((e as Error).message);
      // The date stopped working meanwhile (past the cutoff): the shipping part says what to choose now.
      if (e instanceof ApiError && e.body && typeof e.body === 'object' && 'arrive_by' in e.body) {
        void refreshShipping(true);
        arriveBy.focus();
      }
    } finally {
      submit.disabled = false;
    }
  });
}
