import type { LevelRequest } from './model.ts';

/** A request's defaults in tests and the bench: the four weeks from Monday 2027-01-04, nothing pinned, pipeline work counted. */
export const levelRequestDefaults: Omit<LevelRequest, 'engineerIds'> = {
  from: '2027-01-04',
  to: '2027-01-29',
  allow: { shiftDays: 0, reassign: false, reassignConfirmed: false, reduce: null },
  pins: [],
  includeTentative: true,
};
