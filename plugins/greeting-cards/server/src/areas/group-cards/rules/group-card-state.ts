// Pure rules of a group card's life: when it takes signatures, and where a new signature starts.

export const GROUP_CARD_STATUSES = ['open', 'closed'] as const;
export type GroupCardStatus = (typeof GROUP_CARD_STATUSES)[number];

// pending: waiting for the organiser's approval (approval mode); hidden: the organiser took it off the card.
export const SIGNATURE_STATUSES = ['visible', 'hidden', 'pending'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

export interface GroupCardClock {
  status: GroupCardStatus | string;
  deadline: Date | string | null | undefined;
}

/** Why a group card no longer takes signatures, or null while it does. */
export function closedReason(card: GroupCardClock, now: Date): 'closed' | 'deadline' | null {
  if (card.status === 'closed') return 'closed';
  if (card.deadline && new Date(card.deadline).getTime() <= now.getTime()) return 'deadline';
  return null;
}

/** The status a new signature gets: hidden until approved when the organiser asked to approve each one. */
export const newSignatureStatus = (approvalMode: boolean): SignatureStatus => (approvalMode ? 'pending' : 'visible');

/** The 410 message a signer sees, naming who to contact. */
export function closedMessage(reason: 'closed' | 'deadline', organiser: string): string {
  const who = organiser ? `the organiser, ${organiser}` : 'the organiser';
  return reason === 'closed'
    ? `This group card is closed to new messages. To add something now, contact ${who}.`
    : `The deadline for signing this group card has passed. To add something now, contact ${who}.`;
}

/** The lowest free place in 1..cap given the places taken, or null when the card is full. */
export function freeSlot(taken: number[], cap: number): number | null {
  const used = new Set(taken);
  for (let n = 1; n <= cap; n++) if (!used.has(n)) return n;
  return null;
}

/** The slot key of place n on a group card (unique in the database). */
export const slotKey = (groupCardId: number, n: number): string => `${groupCardId}#${n}`;
export const slotNumber = (key: string): number => Number(String(key).split('#')[1] ?? 0);
