import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInApp } from '../../test-stubbed-api';
import { TERM_LIST } from '../../shared/vocabulary';
import { GlossaryPage } from './GlossaryPage';

afterEach(cleanup);

describe('GlossaryPage', () => {
  it('lists every term of the vocabulary with its definition under its anchor', () => {
    const { container } = renderInApp(<GlossaryPage />, '/glossary#owed');
    expect(screen.getByText('Glossary')).toBeTruthy();
    for (const t of TERM_LIST) {
      const entry = container.querySelector(`#${t.anchor}`);
      expect(entry, t.anchor).not.toBeNull();
      expect(entry!.textContent).toContain(t.word);
      expect(entry!.textContent).toContain(t.definition);
    }
    expect(screen.getByText(TERM_LIST.find((t) => t.id === 'hotWallet')!.word)).toBeTruthy();
  });
});
