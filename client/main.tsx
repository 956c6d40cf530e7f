// First: it starts the schedule's data before the rest of the app is evaluated.
import './app/readAhead.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/antd.css';
import './app/global.css';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import './stores/session.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
