import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConsolidationsPage } from './ConsolidationsPage';
import { json, renderAdminPage } from './render-admin-page.test-helper';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RUNNING =
  'A consolidation is already running. Wait for it to finish: its transactions appear in the list as they are sent.';

/** The page against a stubbed API whose POST answers `answer`. */
function renderPage(answer: () => Response) {
  const posts: string[] = [];
  renderAdminPage('/deposit-consolidate-history', <ConsolidationsPage />, async (url, init) => {
    if (init?.method === 'POST') {
      posts.push(url);
      return answer();
    }
    if (url.includes('/admin/consolidations'))
      return json(200, { items: [], total: 0, page: 1, pageSize: 20, totalSwept: '0.00' });
    return json(200, { status: 'ok' });
  });
  return posts;
}

async function consolidate() {
  fireEvent.click(await screen.findByRole('button', { name: 'Consolidate now' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Consolidate' }));
}

describe('the consolidations page', () => {
  it('shows a consolidation already running as a notice, not as an error', async () => {
    const posts = renderPage(() => json(409, { message: RUNNING, code: 'CONSOLIDATION_RUNNING' }));
    await consolidate();
    const notice = await screen.findByTestId('consolidation-running');
    expect(notice.textContent).toContain(RUNNING);
    expect(notice.getAttribute('role')).toBe('status');
    expect(posts).toHaveLength(1);
    // One feedback: no error toast beside the notice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows any other failure as an error toast, without the notice', async () => {
    renderPage(() =>
      json(503, {
        message: 'Deposits are unavailable right now: the chain does not answer. Try again shortly.',
        code: 'CHAIN_UNAVAILABLE',
      }),
    );
    await consolidate();
    expect(await screen.findByText(/the chain does not answer/)).toBeTruthy();
    expect(screen.queryByTestId('consolidation-running')).toBeNull();
  });
});
