import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TERMS } from '../vocabulary';
import { TermHelp } from './TermHelp';

afterEach(cleanup);

describe('TermHelp', () => {
  it('names the term, links to its glossary entry and gives its definition on hover', async () => {
    render(
      <MemoryRouter>
        <TermHelp id="hotWallet" />
      </MemoryRouter>,
    );
    const button = screen.getByLabelText('What is hot wallet?');
    expect(button.getAttribute('href')).toBe('/glossary#hot-wallet');
    fireEvent.mouseOver(button);
    expect(await screen.findByText(TERMS.hotWallet.definition, { exact: false })).toBeTruthy();
    expect(screen.getByText('More in the glossary').getAttribute('href')).toBe('/glossary#hot-wallet');
  });

  it('keeps an abbreviation as it is written', () => {
    render(
      <MemoryRouter>
        <TermHelp id="bv" />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('What is BV?')).toBeTruthy();
  });
});
