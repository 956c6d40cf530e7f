import { callsOf } from './calls.ts';
import { createPlanCollection } from './planCollection.ts';

/** Every project (GET /api/projects), in the plan's shape. */
const projects = createPlanCollection('projects', () => callsOf('projects').list());

export const projectsStore = projects.state;
export const loadProjects = projects.load;
export const setProjects = projects.set;
export const resetProjects = projects.reset;
/** The projects the screens show: the live collection, or the past plan's list while viewing the past. */
export const useProjects = projects.useShown;
