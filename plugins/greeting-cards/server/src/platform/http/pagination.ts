import { ApiError, fieldError } from '../errors';
import type { Ctx } from './respond';
import { msg } from '../i18n/format-message';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function positiveInt(raw: unknown, field: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const text = String(raw);
  if (!/^\d+$/.test(text) || Number(text) < 1) throw fieldError(field, msg('error.not_positive_integer'));
  return Number(text);
}

export function pageRequest(query: Record<string, unknown>): PageRequest {
  const pageRaw = query.page;
  let page = 1;
  if (pageRaw !== undefined && pageRaw !== '') {
    // The spec treats any unusable page number as an invalid page, not a field error.
    if (!/^\d+$/.test(String(pageRaw)) || Number(pageRaw) < 1) throw invalidPage();
    page = Number(pageRaw);
  }
  const pageSize = Math.min(positiveInt(query.page_size, 'page_size') ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

const invalidPage = () => new ApiError('not_found', { detail: msg('error.invalid_page') });

function pageUrl(ctx: Ctx, page: number): string {
  const url = new URL(ctx.originalUrl ?? ctx.url, `${ctx.protocol}://${ctx.host}`);
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

export function pageOf<T>(ctx: Ctx, req: PageRequest, count: number, results: T[]): Page<T> {
  const lastPage = Math.max(1, Math.ceil(count / req.pageSize));
  if (req.page > lastPage) throw invalidPage();
  return {
    count,
    next: req.page < lastPage ? pageUrl(ctx, req.page + 1) : null,
    previous: req.page > 1 ? pageUrl(ctx, req.page - 1) : null,
    results,
  };
}
