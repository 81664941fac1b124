import type { Endpoint } from '@portal/contract';
import { api } from './api/instance';
import type { QueryValue } from './api/client';

/**
 * Fetches an admin list endpoint as CSV (`format=csv`, the whole filtered
 * list) with the signed-in session and hands it to the browser as a file.
 * The answer is text, not the endpoint's JSON answer, so this asks by the
 * endpoint's path rather than through `api.call`.
 */
export async function downloadCsv(list: Endpoint, query: Record<string, QueryValue>, filename: string): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const text = await api.request<string>(list.path, {
    query: { ...filters, format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
  saveFile(
    new Blob([typeof text === 'string' ? text : JSON.stringify(text)], { type: 'text/csv;charset=utf-8' }),
    filename,
  );
}

/**
 * Fetches a file the API makes (a monthly statement's PDF) with the
 * signed-in session, the 401 → refresh → retry rule included, and hands it
 * to the browser as `filename`.
 */
export async function downloadFile(path: string, accept: string, filename: string): Promise<void> {
  saveFile(await api.request<Blob>(path, { headers: { Accept: accept }, binary: true }), filename);
}

/** Hands data the page holds to the browser as a JSON file (a member's proof of reserves). */
export function saveJson(value: unknown, filename: string): void {
  saveFile(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename);
}

/** Saves a file the page holds: a link to it, clicked, then let go. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `transactions-2026-01-31.csv` */
export const csvName = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
