import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../shared/api/queryClient';
import { session } from '../shared/session/instance';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(() => createQueryClient(session));
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
