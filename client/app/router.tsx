import { lazy, Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { PageSpinner } from './PageSpinner.tsx';
import { mayReadSchedule } from '../features/schedule/schedulePreload.ts';

// The signed-in shell (sidebar, menus, drawers) loads after the login screen, in its own chunk.
const GuardedLayout = lazy(() => import('./layout/GuardedLayout.tsx'));
const NotFound = lazy(() => import('./NotFound.tsx'));

// Every screen is its own chunk: the login screen ships without the screens behind it, and only
// the report screen loads @ant-design/charts.
const LoginPage = lazy(() => import('../features/login/LoginPage.tsx'));
const ManagerDashboardPage = lazy(() => import('../features/manager-dashboard/ManagerDashboardPage.tsx'));
const EngineerDashboardPage = lazy(() => import('../features/engineer-dashboard/EngineerDashboardPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
const EngineersPage = lazy(() => import('../features/engineers/EngineersPage.tsx'));
const ProjectsPage = lazy(() => import('../features/projects/ProjectsPage.tsx'));
const AssignmentsPage = lazy(() => import('../features/assignments/AssignmentsPage.tsx'));
const ReportPage = lazy(() => import('../features/report/ReportPage.tsx'));
const loadSchedulePage = () => import('../features/schedule/SchedulePage.tsx');
const SchedulePage = lazy(loadSchedulePage);
const HistoryPage = lazy(() => import('../features/history/HistoryPage.tsx'));
const ImportExportPage = lazy(() => import('../features/import-export/ImportExportPage.tsx'));
const ScenariosPage = lazy(() => import('../features/scenarios/ScenariosPage.tsx'));
const ScenarioPage = lazy(() => import('../features/scenarios/ScenarioPage.tsx'));

/**
 * Entering the schedule starts its code and its data at once, beside the shell's code and the session's
 * profile, instead of one after the other: the grid of a large organisation is the slowest answer of
 * the app. The loader returns at once; the screen takes the answer when it asks for the same view.
 */
const scheduleLoader = ({ request }: LoaderFunctionArgs) => {
  if (!mayReadSchedule()) return null;
  void import('../features/schedule/routeReadAhead.ts').then(({ readAheadOnEntry }) => readAheadOnEntry(new URL(request.url).searchParams));
  void loadSchedulePage();
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
