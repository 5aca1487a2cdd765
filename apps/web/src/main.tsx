import '@servicedesk/ui/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppServices } from './app/services';

const services = createAppServices();
const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={services.router} />
    </AppProviders>
  </StrictMode>,
);
