export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  show: (message: string, variant?: ToastVariant) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
  warning: (message: string) => void;
}

export interface ToastRequest {
  message: string;
  variant: ToastVariant;
}

/**
 * Toasts are asked for here and shown by the toaster (`app/Toaster.tsx`),
 * which loads with the first toast: most visits to the sign-in page never
 * show one, and the toast library is 8 KB of it (docs/decisions/0023).
 * What is asked for before the toaster is there waits for it, in order.
 */
let deliver: ((request: ToastRequest) => void) | null = null;
const waiting: ToastRequest[] = [];
const whenNeeded = new Set<() => void>();
let needed = false;

/**
 * Loads the toaster now, before any toast: the signed-in pages do, since
 * their actions end in toasts. The sign-in page waits for its first toast.
 */
export function prepareToaster() {
  needed = true;
  for (const listener of whenNeeded) listener();
}

function ask(request: ToastRequest) {
  if (deliver) return deliver(request);
  waiting.push(request);
  prepareToaster();
}

/** The toaster, once mounted, takes the toasts: those waiting first. Answers the disconnect. */
export function connectToaster(show: (request: ToastRequest) => void): () => void {
  deliver = show;
  for (const request of waiting.splice(0)) show(request);
  return () => {
    if (deliver === show) deliver = null;
  };
}

/** Called when the toaster is needed (a toast asked for, or `prepareToaster`); the app then loads it. */
export function onToasterNeeded(listener: () => void): () => void {
  whenNeeded.add(listener);
  if (needed) listener();
  return () => {
    whenNeeded.delete(listener);
  };
}

const show = (message: string, variant: ToastVariant = 'default') => ask({ message, variant });
const TOAST: Toast = {
  show,
  success: (message) => show(message, 'success'),
  error: (message) => show(message, 'error'),
  info: (message) => show(message, 'info'),
  warning: (message) => show(message, 'warning'),
};

/** Toasts from components (the toaster in src/app sets position, duration and the close button). */
export function useToast(): Toast {
  return TOAST;
}
