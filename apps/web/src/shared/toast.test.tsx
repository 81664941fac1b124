import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { useToast, type Toast } from './toast';

/** The provider with a component that hands out its toasts. */
function renderToasts(props: { transitionDuration?: { enter: number; exit: number } } = {}): Toast {
  let toast: Toast | undefined;
  function Grab() {
    toast = useToast();
    return null;
  }
  render(
    <SnackbarProvider autoHideDuration={60_000} {...props}>
      <Grab />
    </SnackbarProvider>,
  );
  return toast!;
}

afterEach(cleanup);

describe('toast', () => {
  it('confirms a repeated action again: the repeat replaces the toast on screen, never beside it', async () => {
    const toast = renderToasts({ transitionDuration: { enter: 1, exit: 1 } });
    act(() => toast.success('Starter saved.'));
    const first = await screen.findByText('Starter saved.');

    act(() => toast.success('Starter saved.'));
    // The first leaves, and a new toast with the same words takes its place.
    await waitFor(() => expect(first.isConnected).toBe(false));
    const second = await screen.findByText('Starter saved.');
    expect(second).not.toBe(first);
    expect(screen.getAllByText('Starter saved.')).toHaveLength(1);
  });

  it('shows different messages side by side', async () => {
    const toast = renderToasts();
    act(() => {
      toast.success('Starter saved.');
      toast.error('Gold could not be saved.');
    });
    expect(await screen.findByText('Starter saved.')).toBeTruthy();
    expect(await screen.findByText('Gold could not be saved.')).toBeTruthy();
  });
});
