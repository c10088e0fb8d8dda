import { IMPORT_FIELDS, importTable, UnreadableFile } from './rules';
import { fieldError } from '../../../platform/errors';
import type { Translate } from '../../../platform/i18n/translate';
import { getService } from '../../../platform/get-service';
import { uploadedFile } from '../../../platform/http/uploaded-file';
import { formBody, formErrors } from '../../../platform/web/form-input';
import { limitedPage } from '../../../platform/web/page-limits';
import { renderPage } from '../../../platform/web/render';
import { privateRoute, type PrivateContext, type WebRouteDef } from '../../../platform/web/web-route';

// /recipients/import/: upload a CSV or vCard file, check the preview (every row with its problems,
// each column's field, changeable), then import. The file's text rides along in the preview form, so
// nothing is kept on the server between the steps; the same service answers POST /api/recipients/import/.

// Each field's name on the page is the catalogue's shop.import.field.<field> (FIELD_LABELS stays the domain's English).
const fieldChoices = (t: Translate) => [
  { value: '', label: t('shop.import.leaveOut') },
  ...IMPORT_FIELDS.map((f) => ({ value: f, label: t(`shop.import.field.${f}`) })),
];

function page(web: PrivateContext, data: Record<string, unknown>, status?: number) {
  renderPage(
    web.ctx,
    'recipient-import',
    {
      title: web.t('shop.import.title'),
      fields: fieldChoices(web.t),
      errors: null,
      preview: null,
      outcome: null,
      content: '',
      ...data,
    },
    status,
  );
}

/** The person's column choices (selects named map_<column number>) as a mapping by column name. */
function chosenMapping(text: string, body: Record<string, unknown>): Record<string, string> | undefined {
  if (!Object.keys(body).some((k) => k.startsWith('map_'))) return undefined;
  let headers: string[];
  try {
    ({ headers } = importTable(text));
  } catch (error) {
    // Text sent back that is not a readable file (too wide, too long, empty): said on the page, as for a file.
    if (error instanceof UnreadableFile) throw fieldError('file', error.text);
    throw error;
  }
  const mapping: Record<string, string> = {};
  headers.forEach((header, i) => {
    const value = body[`map_${i}`];
    if (typeof value === 'string') mapping[header] = value;
  });
  return mapping;
}

async function importPost(web: PrivateContext) {
  const service = getService(web.strapi, 'recipientImport');
  const body = formBody(web.ctx);
  const file = uploadedFile(web.ctx, 'file');
  let text = '';
  try {
    // A new file starts over; otherwise the preview form sent back the text it was shown.
    text = file || typeof body.content !== 'string' ? await service.uploadText(file) : body.content;
    const mapping = file ? undefined : chosenMapping(text, body);
    if (body.step === 'import' && !file) {
      const outcome = await service.importRecipients(web.user.id, text, mapping);
      return page(web, { outcome });
    }
    const preview = await service.preview(web.user.id, text, mapping);
    page(web, { preview, content: text });
  } catch (error) {
    const errors = formErrors(error, web.ctx.state.gcLocale);
    if (!errors) throw error;
    const messages = { non_field_errors: Object.values(errors).flat() };
    // A bad mapping keeps the file: the preview again, as guessed, with the reason. A file that cannot
    // be read goes back to the upload.
    if (errors.mapping && text)
      return page(web, { errors: messages, preview: await service.preview(web.user.id, text), content: text }, 400);
    page(web, { errors: messages }, 400);
  }
}

export const recipientImportRoutes: WebRouteDef[] = [
  privateRoute('GET', '/recipients/import/', async (web) => page(web, {})),
  limitedPage('writes', privateRoute('POST', '/recipients/import/', importPost)),
];
