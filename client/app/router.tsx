import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { PageSpinner } from './PageSpinner.tsx';
import { mayReadSchedule } from '../features/schedule/schedulePreload.ts';
import { lazyScreen } from './lazyScreen.ts';
import { guardedScreens, loadScreen, publicScreens, screenLoaders } from './screenModules.ts';

// Every screen is its own chunk: the login screen ships without the screens behind it, and only
// the report screen loads @ant-design/charts. The signed-in shell loads after the login screen.
const GuardedLayout = lazyScreen(screenLoaders.guarded);
const NotFound = lazyScreen(screenLoaders.notFound);
const LoginPage = lazyScreen(screenLoaders.login);

/**
 * Entering the schedule starts its code and its data at once, beside the shell's code and the session's
 * profile, instead of one after the other: the grid of a large organisation is the slowest answer of
 * the app. The loader returns at once; the screen takes the answer when it asks for the same view.
 */
const scheduleLoader = ({ request }: LoaderFunctionArgs) => {
  if (!mayReadSchedule()) return null;
  void import('../features/schedule/routeReadAhead.ts').then(({ readAheadOnEntry }) => readAheadOnEntry(new URL(request.url).searchParams));
  void loadScreen(screenLoaders.schedule);
  return null;
};

/**
 * Entering the Manager Dashboard (the managers' home, right after sign-in above all) starts its code
 * and the lists its first rows are drawn from at once, instead of once the shell's and the screen's
 * code have loaded and the screen has mounted.
 */
const dashboardLoader = () => {
  if (!mayReadSchedule()) return null;
  void import('../features/manager-dashboard/routeReadAhead.ts').then(({ readAheadOnEntry }) => readAheadOnEntry());
  void loadScreen(screenLoaders.managerDashboard);
  return null;
};

const page = (element: React.ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
const login = page(<LoginPage />);

/**
 * The app's routes (/capacity is the schedule, kept at its old address so links to it still work): /,
 * /login and the signed-out pages (publicScreens: /setup, /invite, /forgot, /reset, /sign-on) stand on
 * their own; every other screen sits in the guarded area.
 */
export const router = createBrowserRouter([
  { path: '/', element: login },
  { path: '/login', element: login },
  ...Object.entries(publicScreens).map(([path, load]) => {
    const Screen = lazyScreen(load);
    return { path, element: page(<Screen />) };
  }),
  {
    element: page(<GuardedLayout />),
    // One list of screens (screenModules.ts) for the routes and for the first screen's code read ahead.
    children: Object.entries(guardedScreens).map(([path, load]) => {
      const Screen = lazyScreen(load);
      // Changing the schedule's view writes the URL: that is the screen's own fetch, not a new visit.
      const schedule = load === screenLoaders.schedule ? { loader: scheduleLoader, shouldRevalidate: () => false } : {};
      const dashboard = load === screenLoaders.managerDashboard ? { loader: dashboardLoader, shouldRevalidate: () => false } : {};
      return { path, element: <Screen />, ...schedule, ...dashboard };
    }),
  },
  { path: '*', element: page(<NotFound />) },
]);
