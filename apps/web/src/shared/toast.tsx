import { useMemo } from 'react';
import { closeSnackbar, enqueueSnackbar, useSnackbar, type VariantType } from 'notistack';

export type ToastVariant = VariantType; // 'default' | 'success' | 'error' | 'info' | 'warning'

export interface Toast {
  show: (message: string, variant?: ToastVariant) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

function build(enqueue: typeof enqueueSnackbar): Toast {
  const show = (message: string, variant: ToastVariant = 'default') => {
    enqueue(message, { variant });
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
  const { enqueueSnackbar: enqueue } = useSnackbar();
  return useMemo(() => build(enqueue), [enqueue]);
}

/** Toasts from outside React (the provider must be mounted). */
export const toast: Toast = build(enqueueSnackbar);
export { closeSnackbar };
