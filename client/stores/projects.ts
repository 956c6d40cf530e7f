import { useSnapshot } from 'valtio/react';
import type { Project } from '../../domain/entities.ts';
import { api } from '../lib/api.ts';
import { createCollection } from './collection.ts';

/** Every project (GET /api/projects), in the plan's shape. */
const projects = createCollection<Project[]>(() => [], () => api.projects());

export const projectsStore = projects.state;
export const loadProjects = projects.load;
export const setProjects = projects.set;
export const resetProjects = projects.reset;
export const useProjects = () => useSnapshot(projectsStore);
