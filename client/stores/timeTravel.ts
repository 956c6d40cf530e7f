import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import { type Moment, timeTravelMachine } from '../machines/timeTravel.machine.ts';
import { callsOf } from './calls.ts';
import { registerSignOutCleanup } from './session.ts';
import { showLive, showPast } from './viewMode.ts';

/** GET /api/history/state: the plan as it was at a moment or right after an event. */
export const fetchPastPlan = (moment: Moment) => callsOf('timeTravel').pastPlan(moment);

/** The app's one time-travel actor: it loads past plans and switches the read hooks (viewMode). */
export const timeTravelActor = createActor(
  timeTravelMachine.provide({
    actors: { fetchPlan: fromPromise(({ input }) => fetchPastPlan(input)) },
    actions: {
      showPast: (_, { plan }) => {
        const { asOf, cursor: _cursor, ...past } = plan;
        showPast(asOf, past);
      },
      showLive: () => showLive(),
    },
  }),
);
timeTravelActor.start();

// The next user starts on the live plan.
registerSignOutCleanup(() => {
  timeTravelActor.send({ type: 'BACK_TO_LIVE' });
  timeTravelActor.send({ type: 'DISMISS' });
  showLive();
});

export const travelTo = (moment: Moment) => timeTravelActor.send({ type: 'TRAVEL', moment });
export const backToLive = () => timeTravelActor.send({ type: 'BACK_TO_LIVE' });
export const dismissTravelError = () => timeTravelActor.send({ type: 'DISMISS' });

export type TimeTravelView = {
  status: 'live' | 'loadingPast' | 'viewingPast';
  asOf: string | null;
  requested: Moment | null;
  error: string | null;
};

/** What the banner and the controls need, as one value. */
export function useTimeTravel(): TimeTravelView {
  const status = useSelector(timeTravelActor, (s) =>
    s.matches('viewingPast') ? 'viewingPast' : s.matches('loadingPast') ? 'loadingPast' : 'live',
  );
  const asOf = useSelector(timeTravelActor, (s) => s.context.asOf);
  const requested = useSelector(timeTravelActor, (s) => s.context.requested);
  const error = useSelector(timeTravelActor, (s) => s.context.error);
  return { status, asOf, requested, error };
}
