import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { TERMS } from '../vocabulary';
import { StatusChip, statusLabel } from './StatusChip';

afterEach(cleanup);

describe('StatusChip', () => {
  it("shows the vocabulary's word for a status it defines", () => {
    render(<StatusChip status="held" />);
    expect(screen.getByText(TERMS.held.word)).toBeTruthy();
    expect(statusLabel('approved')).toBe(TERMS.approved.word);
  });

  it('capitalises a status the vocabulary does not define, and keeps a label it is given', () => {
    render(<StatusChip status="seen" />);
    expect(screen.getByText('Seen')).toBeTruthy();
    render(<StatusChip status="active" label="Enabled" />);
    expect(screen.getByText('Enabled')).toBeTruthy();
  });
});
