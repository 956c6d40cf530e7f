import { useEffect } from 'react';
import { type CollectionName, loadCollections } from './plan.ts';

/** What every screen loads on entry; Projects loads the profile, engineers and projects only. */
export const ALL_COLLECTIONS: readonly CollectionName[] = ['profile', 'engineers', 'projects', 'assignments'];
export const PROJECTS_COLLECTIONS: readonly CollectionName[] = ['profile', 'engineers', 'projects'];

export function useScreenData(names: readonly CollectionName[] = ALL_COLLECTIONS) {
  const key = names.join(',');
  useEffect(() => {
    void loadCollections(key.split(',') as CollectionName[]);
  }, [key]);
}
