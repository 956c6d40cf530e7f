export const capacitySortKeys = ['peak', 'free', 'name'] as const;
export type CapacitySortKey = (typeof capacitySortKeys)[number];
/** The project plan's orders (project-plan-query.ts): here, without zod, for the client's address reading. */
export const projectPlanSortKeys = ['name', 'start', 'staffed', 'demand'] as const;
export type ProjectPlanSortKey = (typeof projectPlanSortKeys)[number];
