import { useSnapshot } from 'valtio/react';
import type { User } from '../../domain/entities.ts';
import { callsOf } from './calls.ts';
import { createCollection } from './collection.ts';

/** The signed-in user's profile (GET /api/auth/profile). */
const profile = createCollection<User | null>(() => null, () => callsOf('profile').get());

export const profileStore = profile.state;
export const loadProfile = profile.load;
export const setProfile = profile.set;
export const resetProfile = profile.reset;
export const useProfile = () => useSnapshot(profileStore);
