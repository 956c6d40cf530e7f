import { dateRangeEnds } from '../lib/format.ts';

/**
 * A range of days in a table cell: 'Dec 07 - Dec 11, 2026', free to break the line after the dash
 * (a range across a new year says both years, and would widen a narrow column otherwise).
 */
export function RangeCell({ start, end }: { start: string; end: string }) {
  const ends = dateRangeEnds(start, end);
  if (ends.length === 1) return <span style={{ whiteSpace: 'nowrap' }}>{ends[0]}</span>;
  return (
    // A table that scrolls sideways sizes a column by its content's widest line: the width of one end
    // (as the Projects directory's dates) lets the range wrap there rather than widen the table.
    <span style={{ display: 'inline-block', maxWidth: 120 }}>
      <span style={{ whiteSpace: 'nowrap' }}>{ends[0]} -</span> <span style={{ whiteSpace: 'nowrap' }}>{ends[1]}</span>
    </span>
  );
}
