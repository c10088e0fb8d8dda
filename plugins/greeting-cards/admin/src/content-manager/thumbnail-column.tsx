import * as React from 'react';
import { Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { PLUGIN_ID } from '../pluginId';
import { getTranslation } from '../utils/getTranslation';

// The template list's thumbnail column. The `thumbnail` media field is only an optional override; the
// picture the shop shows is usually the preview rendered from the design (`thumbnail_url`, a plain
// string the list would print as text). This column shows the same picture as the shop: the override
// when there is one, else the rendered preview, so it is headed "Preview" rather than with the media
// field's own label ("Thumbnail image", which the edit view keeps).

const TEMPLATE_UID = `plugin::${PLUGIN_ID}.template`;
const LIST_HOOK = 'Admin/CM/pages/ListView/inject-column-in-table';

interface Header {
  name: string;
  /** A string is an attribute's label; a translation object is shown as given (formatMessage). */
  label?: string | { id: string; defaultMessage: string };
  [key: string]: unknown;
}

interface TemplateRow {
  name?: string;
  thumbnail?: { url?: string; formats?: { thumbnail?: { url?: string } } } | null;
  thumbnail_url?: string | null;
}

interface HookArgs {
  displayedHeaders: Header[];
  layout: unknown;
}

function absolute(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const backend = (window as unknown as { strapi?: { backendURL?: string } }).strapi?.backendURL ?? '';
  return backend + url;
}

function ThumbnailCell({ row }: { row: TemplateRow }) {
  const { formatMessage } = useIntl();
  const url = row.thumbnail?.formats?.thumbnail?.url ?? row.thumbnail?.url ?? row.thumbnail_url;
  if (!url)
    return (
      <Typography textColor="neutral600">
        {formatMessage({ id: getTranslation('template-list.not-rendered'), defaultMessage: 'Not rendered yet' })}
      </Typography>
    );
  return (
    <img
      src={absolute(url)}
      alt={
        row.name
          ? formatMessage(
              { id: getTranslation('template-list.thumbnail-of'), defaultMessage: 'Thumbnail of {name}' },
              { name: row.name },
            )
          : formatMessage({ id: getTranslation('template-list.thumbnail'), defaultMessage: 'Thumbnail' })
      }
      data-testid="template-thumbnail"
      style={{ height: 48, width: 34, objectFit: 'cover', borderRadius: 3, boxShadow: '0 1px 3px rgba(33,33,52,.25)' }}
    />
  );
}

/** The hook's arguments do not name the content type, but the list's address does. */
const onTemplateList = () => window.location.pathname.includes(`/${TEMPLATE_UID}`);

const PREVIEW_LABEL = { id: getTranslation('template-list.preview'), defaultMessage: 'Preview' };

export function templateThumbnailColumn({ displayedHeaders, layout }: HookArgs): HookArgs {
  if (!onTemplateList()) return { displayedHeaders, layout };
  return {
    displayedHeaders: displayedHeaders.map((header) =>
      header.name === 'thumbnail'
        ? {
            ...header,
            label: PREVIEW_LABEL,
            sortable: false,
            searchable: false,
            cellFormatter: (row: TemplateRow) => <ThumbnailCell row={row} />,
          }
        : header,
    ),
    layout,
  };
}

export function registerTemplateThumbnailColumn(app: {
  registerHook: (name: string, fn: (args: HookArgs) => HookArgs) => void;
}): void {
  app.registerHook(LIST_HOOK, templateThumbnailColumn);
}
