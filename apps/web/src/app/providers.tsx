import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onToasterNeeded } from '../shared/toast';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

// Loaded with the first toast (see `shared/toast.tsx`): a toast asked for
// before it is there waits for it.
const Toaster = lazy(() => import('./Toaster'));

/**
 * Theme and toasts (`app/Toaster.tsx`: top right below the app bar, 3 s,
 * dismissible, paused on hover; a repeated message replaces itself). Server
 * state (TanStack Query) is provided by the signed-in frame
 * (`layouts/SignedInFrame.tsx`), so the guest pages do not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState(false);
  useEffect(() => onToasterNeeded(() => setToasts(true)), []);
  return (
    <ThemeModeProvider>
      {children}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </ThemeModeProvider>
  );
}
