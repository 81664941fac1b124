import { useMemo } from 'react';
import { useSnackbar, type EnqueueSnackbar, type ProviderContext, type SnackbarKey, type VariantType } from 'notistack';

export type ToastVariant = VariantType; // 'default' | 'success' | 'error' | 'info' | 'warning'

export interface Toast {
  show: (message: string, variant?: ToastVariant) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

/**
 * The toast on screen for each message, and the repeat waiting for it to leave.
 * A repeat (saving the same package twice) replaces the toast on screen: it
 * leaves, then the new one enters with a fresh 3 s, so the second save is
 * confirmed too and the message is never on screen twice. notistack's own
 * `preventDuplicate` dropped the repeat instead, even while the first was leaving.
 */
type OnScreen = Map<string, { key: SnackbarKey; next?: () => void }>;
const screens = new WeakMap<EnqueueSnackbar, OnScreen>(); // one per provider: its enqueue is stable

function build({ enqueueSnackbar: enqueue, closeSnackbar }: ProviderContext): Toast {
  const onScreen: OnScreen = screens.get(enqueue) ?? new Map();
  screens.set(enqueue, onScreen);
  const show = (message: string, variant: ToastVariant = 'default') => {
    const enter = () => {
      const key = enqueue(message, {
        variant,
        onExited: () => {
          const entry = onScreen.get(message);
          if (entry?.key !== key) return;
          onScreen.delete(message);
          entry.next?.();
        },
      });
      onScreen.set(message, { key });
    };
    const present = onScreen.get(message);
    if (present === undefined) return enter();
    // Several repeats while it leaves: the last one shows.
    present.next = enter;
    closeSnackbar(present.key);
  };
  return {
    show,
    success: (message) => show(message, 'success'),
    error: (message) => show(message, 'error'),
    info: (message) => show(message, 'info'),
    warning: (message) => show(message, 'warning'),
  };
}

/** Toasts from components (the provider in src/app sets position, duration and the close button). */
export function useToast(): Toast {
  const snackbar = useSnackbar();
  return useMemo(() => build(snackbar), [snackbar]);
}
