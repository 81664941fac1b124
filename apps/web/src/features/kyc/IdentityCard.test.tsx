import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { IdentityStatusAnswer } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderInApp, signInForTest } from '../../test-stubbed-api';
import { IdentityCard } from './IdentityCard';

const NOTHING: IdentityStatusAnswer = {
  status: 'none',
  missing: ['front', 'back', 'selfie'],
  documents: [],
  reason: null,
  decidedAt: null,
  required: { always: false, above: '100.00', above30Days: null },
};

/** The card on a stubbed API answering `start`, then `afterUpload` to a PUT; records the PUTs' URLs. */
function open(start: IdentityStatusAnswer, afterUpload: IdentityStatusAnswer = start): string[] {
  signInForTest({ id: 7, role: 'member', isMember: true });
  const puts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push(String(input instanceof Request ? input.url : input));
        return json(200, afterUpload);
      }
      return json(200, start);
    }),
  );
  renderInApp(<IdentityCard />);
  return puts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('IdentityCard', () => {
  it('explains an empty check in words, with the rule in force, and uploads a side', async () => {
    const puts = open(NOTHING, {
      ...NOTHING,
      status: 'incomplete',
      missing: ['back', 'selfie'],
      documents: [{ id: 1, side: 'front', width: 640, height: 400, uploadedAt: '2026-11-29T10:00:00.000Z' }],
    });
    expect(await screen.findByText(/You have not verified your identity yet/)).toBeTruthy();
    expect(screen.getByText(/a withdrawal of more than 100.00 USDT/)).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(3);

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Upload: Front of the identity document'), { target: { files: [file] } });
    await waitFor(() => expect(puts).toEqual([expect.stringContaining('/api/identity/documents/front')]));
    expect(
      await screen.findByText(/Still missing: back of the identity document, a selfie holding the document/),
    ).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(2);
  }, 30_000);

  it('shows a rejection with its reason, and a verified identity without upload buttons', async () => {
    open({ ...NOTHING, status: 'rejected', reason: 'The selfie is blurred', decidedAt: '2026-11-29T11:00:00.000Z' });
    expect(await screen.findByText(/Your documents were rejected: The selfie is blurred/)).toBeTruthy();
    cleanup();
    open({ ...NOTHING, status: 'approved', missing: [], required: { always: true, above: null, above30Days: null } });
    expect(await screen.findByText('Your identity is verified.')).toBeTruthy();
    expect(screen.getByText(/Every withdrawal needs a verified identity/)).toBeTruthy();
    expect(screen.queryByLabelText('Upload: Front of the identity document')).toBeNull();
  }, 30_000);
});
