import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { dateTime } from '../lib/format.ts';
import { viewMode } from '../stores/viewMode.ts';
import { EmptyState } from './EmptyState.tsx';

export type EmptyListWording = { title: string; hint: string; clear: boolean };

/**
 * Why a list of `things` has no rows, in the one order every screen says it: filters that hide every
 * row (with a way to clear them); else, while showing a past moment, that nothing of the kind existed
 * yet then; else that there are none yet. Filters that are not set are never blamed.
 */
export function emptyListWording(
  things: string,
  { filtered, pastAt, filteredTitle, filteredHint, noneHint }: {
    filtered: boolean; pastAt: string | null; filteredTitle?: string; filteredHint?: string; noneHint?: string;
  },
): EmptyListWording {
  if (filtered) return { title: filteredTitle ?? `No ${things} match`, hint: filteredHint ?? 'Try other filters', clear: true };
  if (pastAt !== null) {
    return {
      title: `No ${things} yet on ${dateTime(pastAt)}`,
      hint: 'Nothing of the kind had been planned by then: choose a later moment, or go back to live',
      clear: false,
    };
  }
  return { title: `No ${things} yet`, hint: noneHint ?? '', clear: false };
}

type Props = {
  icon: ReactNode;
  /** What the list holds, plural: "engineers". */
  things: string;
  /** Whether any filter or search of the screen is set. */
  filtered: boolean;
  onClear?: () => void;
  filteredTitle?: string;
  filteredHint?: string;
  /** What to do about an empty list in the live plan ("Create your first project with Add Project"). */
  noneHint?: string;
};

/** A list's empty state, saying why it is empty (see emptyListWording); a scenario's lens is not a past moment. */
export function ListEmptyState({ icon, things, filtered, onClear, ...wording }: Props) {
  const { pastAt, scenario } = useSnapshot(viewMode);
  const { title, hint, clear } = emptyListWording(things, { filtered, pastAt: scenario ? null : pastAt, ...wording });
  return (
    <EmptyState
      icon={icon}
      title={title}
      hint={hint || undefined}
      action={clear && onClear ? <Button onClick={onClear} data-testid="empty-clear-filters">Clear filters</Button> : undefined}
    />
  );
}
