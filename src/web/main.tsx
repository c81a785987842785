import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { captureResetToken } from './features/auth/reset-token';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './router';

// Before the router reads the address and before any call to the server: the reset token
// leaves the address bar (it stays in memory for the reset page).
captureResetToken();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
