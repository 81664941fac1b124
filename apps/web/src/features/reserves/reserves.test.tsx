import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { sha256, stringToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  reserveLeafText,
  reserveNodeText,
  reserveProofMessage,
  type InclusionProof,
  type MyReserveProof,
  type ReserveNode,
  type ReserveProof,
  type Reserves,
} from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { InclusionProofCard } from './InclusionProofCard';
import { ProofOfReservesPage } from './ProofOfReservesPage';

const hash = (text: string) => sha256(stringToBytes(text)).slice(2);
const E18 = '000000000000000000';
const hotWallet = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

/** A real two-leaf tree: the member's leaf and one other, under a root the "hot wallet" signs. */
async function inclusionProof(): Promise<InclusionProof> {
  const leaf = {
    memberId: 7,
    salt: 'ab'.repeat(32),
    deposit: `25${E18}`,
    income: `10${E18}`,
    withdrawing: '0',
    points: '0',
  };
  const own: ReserveNode = { ...leaf, hash: hash(reserveLeafText(leaf)) };
  const other: ReserveNode = {
    hash: 'cd'.repeat(32),
    deposit: `5${E18}`,
    income: '0',
    withdrawing: `40${E18}`,
    points: `3${E18}`,
  };
  const children = [other, own];
  const root: ReserveNode = {
    hash: hash(reserveNodeText(children)),
    deposit: `30${E18}`,
    income: `10${E18}`,
    withdrawing: `40${E18}`,
    points: `3${E18}`,
  };
  const held = { treasury: '50.00', hotWallet: '38.00', depositAddresses: '0.00', block: '1234' };
  const base = { id: 3, takenAt: '2026-11-28T00:05:00.000Z', members: 2, root, held };
  const message = reserveProofMessage(base);
  const proof: ReserveProof = {
    ...base,
    closeDate: '2026-11-27',
    owed: { deposit: '30.00', income: '10.00', withdrawing: '40.00', total: '80.00', points: '3.00' },
    held: { ...held, total: '88.00' },
    coverage: '1.1000',
    message,
    signer: hotWallet.address,
    signature: await hotWallet.signMessage({ message }),
  };
  return { proof, leaf, path: [{ index: 1, children }] };
}

function serve(answer: MyReserveProof | Reserves, ui: React.ReactNode) {
  signInForTest({ role: 'member', isMember: true });
  renderWithStubbedApi(
    ui,
    (url) =>
      url.includes('/reserves') ? json(200, answer) : json(404, { message: 'Not in this test.', code: 'NOT_FOUND' }),
    () => json(404, { message: 'Not in this test.', code: 'NOT_FOUND' }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('the wallet’s proof of reserves', () => {
  it('shows the member’s balances in the proof and verifies them in the browser, signature included', async () => {
    serve({ state: 'included', inclusion: await inclusionProof() }, <InclusionProofCard />);
    const card = await screen.findByTestId('proof-of-reserves');
    expect(await within(card).findByText('25.00 USDT')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Verify in this browser' }));
    const verdict = await within(card).findByRole('status');
    expect(verdict.textContent).toContain('Verified here, in your browser');
    expect(verdict.textContent).toContain(hotWallet.address);
  });

  it('says the check failed when a figure of the path was changed', async () => {
    const inclusion = await inclusionProof();
    inclusion.path[0]!.children[0]!.points = `4${E18}`;
    serve({ state: 'included', inclusion }, <InclusionProofCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify in this browser' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^The check failed: The path does not lead/);
  });

  it('explains the states with no proof to check', async () => {
    serve({ state: 'none' }, <InclusionProofCard />);
    expect(await screen.findByText(/No proof has been published yet/)).toBeTruthy();
    cleanup();
    serve({ state: 'not-included', proof: (await inclusionProof()).proof }, <InclusionProofCard />);
    expect(await screen.findByText(/You joined after the latest proof was taken/)).toBeTruthy();
  });
});

describe('the published proofs', () => {
  it('shows the coverage, what is held and owed, and checks the signature', async () => {
    const { proof } = await inclusionProof();
    serve({ latest: proof, earlier: [{ ...proof, id: 2, coverage: null, held: null }] }, <ProofOfReservesPage />);
    expect(await screen.findByText('1.1000 ×')).toBeTruthy();
    expect(screen.getByText('88.00 USDT')).toBeTruthy();
    expect(screen.getByText(proof.root.hash)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check the signature here' }));
    expect((await screen.findByRole('status')).textContent).toContain(`${hotWallet.address}’s`);
    const earlier = screen.getByRole('table', { name: 'Earlier proofs' });
    expect(within(earlier).getByText('Chain not read')).toBeTruthy();
  });

  it('says when nothing is published yet', async () => {
    serve({ latest: null, earlier: [] }, <ProofOfReservesPage />);
    expect(await screen.findByText(/No proof has been published yet/)).toBeTruthy();
  });
});
