import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Toaster from '../app/Toaster';
import { AppProviders } from '../app/providers';
import { ThemeModeProvider } from '../app/theme/ThemeModeProvider';
import { useToast } from './toast';

afterEach(cleanup);

function SaveButton({ message }: { message: string }) {
  const toast = useToast();
  return <button onClick={() => toast.success(message)}>Save</button>;
}

describe('toasts', () => {
  it('the first toast loads the toaster and shows once it is there', async () => {
    render(
      <AppProviders>
        <SaveButton message="Settings saved." />
      </AppProviders>,
    );
    expect(document.querySelector('.portal-toasts')).toBeNull(); // not loaded before a toast
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
  });

  it('confirms a repeated action again: the repeat replaces the toast on screen, never beside it', async () => {
    render(
      <ThemeModeProvider>
        <Toaster autoHideDuration={60_000} />
        <SaveButton message="Starter saved." />
      </ThemeModeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const first = await screen.findByText('Starter saved.');

    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    // The first leaves, and a new toast with the same words takes its place.
    await waitFor(() => expect(first.isConnected).toBe(false), { timeout: 3000 });
    const second = await screen.findByText('Starter saved.');
    expect(second).not.toBe(first);
    expect(screen.getAllByText('Starter saved.')).toHaveLength(1);
  });

  it('shows different messages side by side', async () => {
    render(
      <ThemeModeProvider>
        <Toaster autoHideDuration={60_000} />
        <SaveButton message="Starter saved." />
        <SaveButton message="Gold saved." />
      </ThemeModeProvider>,
    );
    const [starter, gold] = screen.getAllByRole('button', { name: 'Save' });
    fireEvent.click(starter!);
    fireEvent.click(gold!);
    expect(await screen.findByText('Starter saved.')).toBeTruthy();
    expect(await screen.findByText('Gold saved.')).toBeTruthy();
  });
});
