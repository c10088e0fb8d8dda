// When a posted card leaves the printer and when it lands, both ways round (issue 44):
//  - paid now: the day it is received (today before the cutoff on a printer's working day, else the next
//    working day), its dispatch day after the product's production days, and each method's arrival window;
//  - to arrive by day D: per method, the latest dispatch day whose slowest arrival is on or before D, and
//    the day the card must be handed to the printer for it (held until then, as a scheduled e-card is).
// Pure: the clock, the zone and the calendars come in as arguments.
import { zonedTimeToUtc, localDate } from '../time-zones';
import { addDays, addWorkingDays, onOrAfterWorkingDay, standardWorkingDays, subtractWorkingDays } from './calendar';
import type { WorkingDays } from './calendar';

export interface MethodTransit {
  method: string;
  /** Working days in the destination country from dispatch to arrival: fastest and slowest. */
  transit: [number, number];
}

export interface DispatchInput {
  now: Date;
  /** The shop's time zone: the cutoff is read on its clock, and "today" is its date. */
  shopZone: string;
  /** 'HH:MM' on the shop's clock: orders paid before it on a printer's working day are received that day. */
  cutoff: string;
  printerCountry: string;
  destinationCountry: string;
  /** Printer's working days between receiving a card and dispatching it (0: dispatched the day received). */
  productionDays: number;
  methods: MethodTransit[];
  /** 'YYYY-MM-DD': the card should arrive on or before this day. Absent: as soon as possible. */
  arriveBy?: string;
  /** How many days ahead an arrive-by date may be. */
  windowDays: number;
  works?: WorkingDays;
}

export interface MethodPlan {
  method: string;
  /** The day the card is handed to the printer (before the cutoff). */
  submitOn: string;
  /** When to hand it over: now for as-soon-as-possible, else the start of submitOn on the shop's clock. */
  submitAt: Date;
  dispatchOn: string;
  arrivesFrom: string;
  arrivesTo: string;
}

export type ArriveByProblem = 'past' | 'beyond_window' | 'unreachable';

export interface DispatchPlan {
  /** The shop's date now. */
  today: string;
  /** The day the printer receives a card paid now. */
  receivedOn: string;
  /** The cutoff for receivedOn: pay before it for these dates. */
  orderBy: Date;
  /** As soon as possible, per method (fastest first as given). */
  asap: MethodPlan[];
  /** The earliest day some method guarantees (its slowest arrival). */
  earliestArrival: string | null;
  /** The last day an arrive-by date may be. */
  lastDay: string;
  arriveBy?: {
    date: string;
    /** The methods that make it, each with its dispatch day. */
    methods: MethodPlan[];
    problem?: ArriveByProblem;
    /** For a problem: the day to offer instead. */
    nextPossible?: string;
  };
}

const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The `n`th working day in `country` strictly after `date`. */
function arrival(works: WorkingDays, country: string, date: string, n: number): string {
  let d = date;
  for (let i = 0; i < Math.max(1, n); i++) d = onOrAfterWorkingDay(works, country, addDays(d, 1));
  return d;
}

export function planDispatch(input: DispatchInput): DispatchPlan {
  const works = input.works ?? standardWorkingDays;
  const { shopZone, printerCountry: printer, destinationCountry: dest } = input;
  const m = CUTOFF.exec(input.cutoff);
  if (!m) throw new Error(`cutoff must be HH:MM, got "${input.cutoff}"`);
  const [hour, minute] = [Number(m[1]), Number(m[2])];

  const today = localDate(input.now, shopZone);
  const cutoffToday = zonedTimeToUtc(today, hour, minute, shopZone) as Date;
  const beforeCutoff = input.now.getTime() < cutoffToday.getTime();
  const receivedOn =
    beforeCutoff && works(printer, today) ? today : onOrAfterWorkingDay(works, printer, addDays(today, 1));
  const orderBy = zonedTimeToUtc(receivedOn, hour, minute, shopZone) as Date;
  const dispatchOn = addWorkingDays(works, printer, receivedOn, input.productionDays);

  const asap = input.methods.map((mt): MethodPlan => ({
    method: mt.method,
    submitOn: receivedOn,
    submitAt: input.now,
    dispatchOn,
    arrivesFrom: arrival(works, dest, dispatchOn, mt.transit[0]),
    arrivesTo: arrival(works, dest, dispatchOn, mt.transit[1]),
  }));
  const earliestArrival = asap.reduce<string | null>((a, p) => (a === null || p.arrivesTo < a ? p.arrivesTo : a), null);
  const lastDay = addDays(today, input.windowDays);
  const plan: DispatchPlan = { today, receivedOn, orderBy, asap, earliestArrival, lastDay };
  if (input.arriveBy === undefined) return plan;

  const date = input.arriveBy;
  if (date < today) return { ...plan, arriveBy: offer(date, 'past', earliestArrival) };
  if (date > lastDay)
    return { ...plan, arriveBy: { date, methods: [], problem: 'beyond_window', nextPossible: lastDay } };

  const methods: MethodPlan[] = [];
  for (const mt of input.methods) {
    // The latest dispatch day whose slowest arrival is on or before the date, not before the earliest.
    for (let x = date; x >= dispatchOn; x = addDays(x, -1)) {
      if (!works(printer, x) || arrival(works, dest, x, mt.transit[1]) > date) continue;
      const submitOn = x === dispatchOn ? receivedOn : subtractWorkingDays(works, printer, x, input.productionDays);
      const startOfDay = zonedTimeToUtc(submitOn, 0, 0, shopZone) as Date;
      methods.push({
        method: mt.method,
        submitOn,
        submitAt: submitOn <= today || startOfDay.getTime() < input.now.getTime() ? input.now : startOfDay,
        dispatchOn: x,
        arrivesFrom: arrival(works, dest, x, mt.transit[0]),
        arrivesTo: arrival(works, dest, x, mt.transit[1]),
      });
      break;
    }
  }
  if (!methods.length) return { ...plan, arriveBy: offer(date, 'unreachable', earliestArrival) };
  return { ...plan, arriveBy: { date, methods } };
}

function offer(date: string, problem: ArriveByProblem, next: string | null): DispatchPlan['arriveBy'] {
  return { date, methods: [], problem, ...(next ? { nextPossible: next } : {}) };
}
