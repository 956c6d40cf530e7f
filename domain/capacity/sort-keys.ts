export const capacitySortKeys = ['peak', 'free', 'name'] as const;
export type CapacitySortKey = (typeof capacitySortKeys)[number];
