import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { IdentityReview } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderInApp, signInForTest } from '../../test-stubbed-api';
import { IdentityChecksPage } from './IdentityChecksPage';

const REVIEW: IdentityReview = {
  id: 12,
  username: 'maria',
  fullName: 'Maria Member',
  status: 'pending',
  submission: 1,
  submittedAt: '2026-11-29T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reason: null,
  documents: [
    { id: 31, side: 'front', width: 640, height: 400, uploadedAt: '2026-11-29T09:58:00.000Z' },
    { id: 32, side: 'back', width: 640, height: 400, uploadedAt: '2026-11-29T09:59:00.000Z' },
    { id: 33, side: 'selfie', width: 640, height: 400, uploadedAt: '2026-11-29T10:00:00.000Z' },
  ],
};

const page = (items: IdentityReview[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

/** The page on a stubbed API: the list, each document's bytes (with the token sent), a decision; records the POSTs. */
function open(items: IdentityReview[]) {
  signInForTest();
  const posts: Array<{ url: string; body: unknown; authorization: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (init?.method === 'POST') {
        const authorization = new Headers(init.headers).get('authorization');
        posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined, authorization });
        if (url.includes('/view'))
          return new Response(new Uint8Array([1, 2, 3]), {
            status: 200,
            headers: { 'content-type': 'image/webp' },
          });
        return json(200, { ...REVIEW, status: 'approved', decidedBy: 'olivia' });
      }
      if (url.includes('/admin/identity-checks')) return json(200, page(items));
      // The two-factor notice's status: on, so no notice.
      return json(200, { required: true, enabled: true });
    }),
  );
  renderInApp(<IdentityChecksPage />, '/admin-identity-checks');
  return posts;
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('IdentityChecksPage', () => {
  it('says in words that no member uploaded yet', async () => {
    open([]);
    expect(await screen.findByText(/No member has uploaded identity documents yet/)).toBeTruthy();
  }, 30_000);

  it('shows the documents fetched with the token, and approves', async () => {
    const posts = open([REVIEW]);
    fireEvent.click(await screen.findByLabelText('Review maria'));
    expect(await screen.findByAltText('Front of the identity document of maria')).toBeTruthy();
    await waitFor(() => expect(posts.filter((p) => p.url.includes('/view'))).toHaveLength(3));
    expect(posts.every((p) => p.authorization === 'Bearer tok-1')).toBe(true);

    fireEvent.click(screen.getByText('Approve'));
    expect(await screen.findByText('maria is verified.')).toBeTruthy();
    expect(posts.filter((p) => p.url.endsWith('/api/admin/identity-checks/12/decision'))).toEqual([
      expect.objectContaining({ body: { decision: 'approve' } }),
    ]);
    // The decision refreshes the list, not the pictures: no view more than the three.
    expect(posts.filter((p) => p.url.includes('/view'))).toHaveLength(3);
  }, 30_000);

  it('rejects only with a reason, which is sent', async () => {
    const posts = open([REVIEW]);
    fireEvent.click(await screen.findByLabelText('Review maria'));
    const reject = await screen.findByText('Reject');
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for a rejection'), { target: { value: 'The selfie is blurred' } });
    fireEvent.click(screen.getByText('Reject'));
    await waitFor(() =>
      expect(posts.find((p) => p.url.endsWith('/decision'))).toMatchObject({
        body: { decision: 'reject', reason: 'The selfie is blurred' },
      }),
    );
  }, 30_000);
});
