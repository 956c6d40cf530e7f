import { useProfile } from './profile.ts';
import { useIsViewingPast, useViewedScenario } from './viewMode.ts';

/**
 * Who sees the planning controls: managers only, and nobody while the app shows a past moment or
 * someone else's scenario; in their own scenario a manager plans as usual and every write is drafted.
 * Engineers and auditors never see them (the server refuses their writes anyway).
 */
export function useCanPlan(): boolean {
  const profile = useProfile();
  const viewingPast = useIsViewingPast();
  const scenario = useViewedScenario();
  return profile.data?.role === 'manager' && (!viewingPast || scenario?.editable === true);
}

/** An engineer keeps their own skills up to date on their profile, on the live plan only. */
export function useCanEditOwnSkills(): boolean {
  const profile = useProfile();
  const viewingPast = useIsViewingPast();
  return profile.data?.role === 'engineer' && !viewingPast;
}
