// First: it starts the schedule's data before the rest of the app is evaluated.
import './app/readAhead.ts';
// Second: the first screen's code, so that the first render can show it (app/screenModules.ts).
import { firstScreenReady } from './app/screenPreload.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import 'antd/dist/antd.css';
import './app/global.css';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import './stores/session.ts';
import { writeRoleHint } from './lib/roleHint.ts';
import { writeSessionCookie } from './lib/sessionCookie.ts';
import { dismissFirstPaint } from './lib/firstSchedule.ts';
import { routePath } from '../domain/page-hints.ts';
import { readToken, tokenRole } from './lib/token.ts';

// A session stored before the server read these cookies, or whose cookies expired, gets them back.
writeRoleHint(tokenRole(readToken()));
writeSessionCookie(readToken());

// The schedule's first paint (client/firstPaint) waits for the schedule's grid; any other screen takes it away at once.
router.subscribe(({ location }) => (routePath(location.pathname) === '/capacity' ? undefined : dismissFirstPaint()));

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
