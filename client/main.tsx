// First: it starts the schedule's data before the rest of the app is evaluated.
import './app/readAhead.ts';
// Second: the first screen's code, so that the first render can show it (app/screenModules.ts).
import { firstScreenReady } from './app/screenPreload.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/antd.css';
import './app/global.css';
import { setPaletteVariables } from './app/paletteVariables.ts';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { startSession } from './stores/session.ts';
import { sessionApi } from './app/sessionApi.ts';
import { provideStoreCalls } from './stores/calls.ts';
import { storesApi } from './app/storesApi.ts';
import { writeRoleHint } from './lib/roleHint.ts';
import { readToken, tokenRole } from './lib/token.ts';

// The shared stores get the calls they make before anything can load them; then the session starts
// (a stored one is restored) with its own.
provideStoreCalls(storesApi);
startSession(sessionApi);

// The palette's colours as CSS variables, for the stylesheets (set before the first render).
setPaletteVariables();

// A session stored before the server read the role hint, or whose hint expired, gets it back.
writeRoleHint(tokenRole(readToken()));

// In a transition, so the first render of a large screen goes in React's time slices, not one long task.
void firstScreenReady.then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  ),
);
