import * as React from 'react';
import { Typography, VisuallyHidden } from '@strapi/design-system';
import { useAuth } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { AdminApiError, useAdminApi, type AdminApi } from '../api/client';
import { useErrorText } from '../api/error-text';
import { ORDERS_READ } from '../permissions';
import { PLUGIN_ID } from '../pluginId';
import { getTranslation } from '../utils/getTranslation';

// The promo-code list's "Used" column: how many uses each code holds now (one per checked-out, paid or
// (partly) refunded order; a cancelled order gives its use back), next to the limit the list already shows.
// The counts are not a field of the code, so they come from the plugin's admin API: one request for
// every code, shared by all the cells of one list render, and none at all for a role that may not read
// orders (the route's action), whose cells show a dash.

const PROMO_CODE_UID = `plugin::${PLUGIN_ID}.promo-code`;
const LIST_HOOK = 'Admin/CM/pages/ListView/inject-column-in-table';
const USED_LABEL = { id: getTranslation('promo-list.used'), defaultMessage: 'Used' };

interface Header {
  name: string;
  [key: string]: unknown;
}

interface HookArgs {
  displayedHeaders: Header[];
  layout: unknown;
}

interface PromoRow {
  code?: string | null;
  max_uses_total?: number | null;
}

type Uses =
  | { state: 'loading' }
  | { state: 'ready'; uses: Record<string, number> }
  | { state: 'forbidden' }
  | { state: 'failed'; error: unknown };

type PermissionCheck = (permissions: typeof ORDERS_READ) => Promise<unknown[]>;

/** The one request of a list render: the first cell starts it, the others wait for the same answer. */
function usesOfAllCodes() {
  let answer: Promise<Uses> | null = null;
  return (api: AdminApi, allowed: PermissionCheck): Promise<Uses> =>
    (answer ??= (async (): Promise<Uses> => {
      if (!(await allowed(ORDERS_READ).catch(() => [])).length) return { state: 'forbidden' };
      try {
        return {
          state: 'ready',
          uses: (await api.getJson<{ uses: Record<string, number> }>('/promo-codes/uses')).uses,
        };
      } catch (error) {
        if (error instanceof AdminApiError && error.status === 403) return { state: 'forbidden' };
        return { state: 'failed', error };
      }
    })());
}

type Loader = ReturnType<typeof usesOfAllCodes>;

/** How many uses a code holds now. Codes are held in capitals, as shoppers' are matched. */
export function usedCount(row: PromoRow, uses: Record<string, number>): number {
  return uses[(row.code ?? '').trim().toUpperCase()] ?? 0;
}

function UsedCell({ row, load }: { row: PromoRow; load: Loader }) {
  const api = useAdminApi();
  const allowed = useAuth('GreetingCards', (state) => state.checkUserHasPermissions) as unknown as PermissionCheck;
  const { formatMessage, formatNumber } = useIntl();
  const errorText = useErrorText();
  const [uses, setUses] = React.useState<Uses>({ state: 'loading' });
  React.useEffect(() => {
    let live = true;
    load(api, allowed).then((next) => live && setUses(next));
    return () => {
      live = false;
    };
  }, [api, allowed, load]);

  if (uses.state === 'loading') return <Typography textColor="neutral500">…</Typography>;
  if (uses.state === 'ready') {
    // "3 of 10", or "3" for a code without a total limit.
    const used = formatNumber(usedCount(row, uses.uses));
    const text =
      row.max_uses_total == null
        ? used
        : formatMessage(
            { id: getTranslation('promo-list.used-of'), defaultMessage: '{used} of {limit}' },
            { used, limit: formatNumber(row.max_uses_total) },
          );
    return (
      <Typography textColor="neutral800" data-testid="promo-uses">
        {text}
      </Typography>
    );
  }
  const why =
    uses.state === 'forbidden'
      ? formatMessage({
          id: getTranslation('promo-list.forbidden'),
          defaultMessage: 'Your role may not read orders, so uses are not shown.',
        })
      : formatMessage(
          { id: getTranslation('promo-list.failed'), defaultMessage: 'Uses could not be read: {reason}' },
          { reason: errorText(uses.error) },
        );
  return (
    <Typography textColor="neutral600" title={why} data-testid="promo-uses">
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{why}</VisuallyHidden>
    </Typography>
  );
}

/** The hook's arguments do not name the content type, but the list's address does. */
const onPromoCodeList = () => window.location.pathname.includes(`/${PROMO_CODE_UID}`);

export function promoUsesColumn({ displayedHeaders, layout }: HookArgs): HookArgs {
  if (!onPromoCodeList() || displayedHeaders.some((header) => header.name === 'uses'))
    return { displayedHeaders, layout };
  const load = usesOfAllCodes();
  const used: Header = {
    name: 'uses',
    label: USED_LABEL,
    attribute: { type: 'integer' },
    searchable: false,
    sortable: false,
    cellFormatter: (row: PromoRow) => <UsedCell row={row} load={load} />,
  };
  // Next to the limit when the list shows it, else last.
  const limitAt = displayedHeaders.findIndex((header) => header.name === 'max_uses_total');
  const at = limitAt === -1 ? displayedHeaders.length : limitAt + 1;
  return { displayedHeaders: [...displayedHeaders.slice(0, at), used, ...displayedHeaders.slice(at)], layout };
}

export function registerPromoUsesColumn(app: {
  registerHook: (name: string, fn: (args: HookArgs) => HookArgs) => void;
}): void {
  app.registerHook(LIST_HOOK, promoUsesColumn);
}
