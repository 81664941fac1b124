import type { SupportView } from '@portal/contract';
import { session } from './instance';
import { roleOf } from './session';
import { STORAGE_KEYS, type SupportViewTab } from './storage';

/**
 * This tab becomes a support view of `view.user` (features/admin-members/SupportViewPage.tsx): the view's token and
 * account in this tab's sessionStorage only, never in localStorage, where the admin's refresh token stays; then the
 * session reads the tab back as any start does. Apart from session.ts, so that the sign-in page does not carry it.
 */
export function beginSupportView(view: SupportView, returnTo: string): void {
  const tab: SupportViewTab = { viewedBy: view.viewedBy, endsAt: view.endsAt, returnTo };
  const store = window.sessionStorage;
  store.setItem(STORAGE_KEYS.accessToken, view.accessToken);
  store.setItem(STORAGE_KEYS.supportView, JSON.stringify(tab));
  store.setItem(STORAGE_KEYS.user, JSON.stringify(view.user));
  store.setItem(STORAGE_KEYS.role, roleOf(view.user));
  session.restore();
}
