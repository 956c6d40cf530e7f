import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { PageSpinner } from './PageSpinner.tsx';
import { mayReadSchedule } from '../features/schedule/schedulePreload.ts';
import { lazyScreen } from './lazyScreen.ts';
import { loadScreen, screenLoaders } from './screenModules.ts';

// Every screen is its own chunk: the login screen ships without the screens behind it, and only
// the report screen loads @ant-design/charts. The signed-in shell loads after the login screen.
const GuardedLayout = lazyScreen(screenLoaders.guarded);
const NotFound = lazyScreen(screenLoaders.notFound);
const LoginPage = lazyScreen(screenLoaders.login);
const ManagerDashboardPage = lazyScreen(screenLoaders.managerDashboard);
const EngineerDashboardPage = lazyScreen(screenLoaders.engineerDashboard);
const ProfilePage = lazyScreen(screenLoaders.profile);
const EngineersPage = lazyScreen(screenLoaders.engineers);
const ProjectsPage = lazyScreen(screenLoaders.projects);
const AssignmentsPage = lazyScreen(screenLoaders.assignments);
const ReportPage = lazyScreen(screenLoaders.report);
const SchedulePage = lazyScreen(screenLoaders.schedule);
const HistoryPage = lazyScreen(screenLoaders.history);
const ImportExportPage = lazyScreen(screenLoaders.importExport);
const ScenariosPage = lazyScreen(screenLoaders.scenarios);
const ScenarioPage = lazyScreen(screenLoaders.scenario);

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

const page = (element: React.ReactNode) => <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
const login = page(<LoginPage />);

/** The app's routes (/capacity is the schedule, kept at its old address so links to it still work); all but / and /login sit in the guarded area. */
export const router = createBrowserRouter([
  { path: '/', element: login },
  { path: '/login', element: login },
  {
    element: page(<GuardedLayout />),
    children: [
      { path: '/manager-dashboard', element: <ManagerDashboardPage /> },
      { path: '/engineer-dashboard', element: <EngineerDashboardPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/engineers', element: <EngineersPage /> },
      { path: '/projects', element: <ProjectsPage /> },
      { path: '/assignments', element: <AssignmentsPage /> },
      { path: '/report', element: <ReportPage /> },
      // Changing the view writes the URL: that is the screen's own fetch, not a new visit.
      { path: '/capacity', element: <SchedulePage />, loader: scheduleLoader, shouldRevalidate: () => false },
      { path: '/history', element: <HistoryPage /> },
      { path: '/import-export', element: <ImportExportPage /> },
      { path: '/scenarios', element: <ScenariosPage /> },
      { path: '/scenarios/:id', element: <ScenarioPage /> },
    ],
  },
  { path: '*', element: page(<NotFound />) },
]);
