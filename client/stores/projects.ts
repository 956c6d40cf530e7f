import { useSnapshot } from 'valtio/react';
import type { Project } from '../../domain/entities.ts';
import { api } from '../lib/api.ts';
import { createCollection } from './collection.ts';
import { usePastCollection } from './viewMode.ts';

/** Every project (GET /api/projects), in the plan's shape. */
const projects = createCollection<Project[]>(() => [], () => api.projects());

export const projectsStore = projects.state;
export const loadProjects = projects.load;
export const setProjects = projects.set;
export const resetProjects = projects.reset;
/** The projects the screens show: the live collection, or the past plan's list while viewing the past. */
export function useProjects() {
  const live = useSnapshot(projectsStore);
  const past = usePastCollection('projects');
  return (past ?? live) as typeof live;
}
