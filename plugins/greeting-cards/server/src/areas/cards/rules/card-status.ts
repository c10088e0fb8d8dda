// Card status rules: which library entry a status maps to, and which changes a shopper may make.
import type { CardStatus, LibraryType } from '../../../platform/enums';
import { msg, type Message } from '../../../platform/i18n/format-message';

/**
 * The library entry type a card of this status should have in its owner's library, or null for
 * none. With auto-save off, drafts get no entry: a card appears once it is first saved.
 */
export function libraryTypeFor(status: CardStatus, autoSaveDrafts: boolean): Exclude<LibraryType, 'received'> | null {
  switch (status) {
    case 'draft':
      return autoSaveDrafts ? 'draft' : null;
    case 'saved':
    case 'ordered':
      return 'saved';
    case 'sent':
    case 'delivered':
      return 'sent';
    case 'archived':
      return null;
  }
}

/** Statuses a shopper may set directly (PATCH); ordered/sent/delivered belong to orders and fulfilment. */
export const SHOPPER_STATUSES = ['draft', 'saved', 'archived'] as const;

/** Statuses that mean the card is (or was) part of a placed order. */
export const LOCKED_STATUSES: readonly CardStatus[] = ['ordered', 'sent', 'delivered'];

/**
 * Whether a shopper may move a card from `current` to `target`. Archiving is always allowed;
 * un-archiving (or switching draft/saved) only for a card that never went into a placed order,
 * because the order's history must not be rewritten. Returns an error message (by code) or null.
 */
export function shopperStatusChange(current: CardStatus, target: string, everOrdered: boolean): Message | null {
  if (!(SHOPPER_STATUSES as readonly string[]).includes(target)) {
    return msg('error.card_status', { status: target, choices: SHOPPER_STATUSES.join(', ') });
  }
  if (target === current || target === 'archived') return null;
  if (LOCKED_STATUSES.includes(current) || everOrdered) return msg('error.card_ordered_archive_only');
  return null;
}
