/** Who made a record and when: also its first update (the audit fields every created resource carries). */
export const madeBy = (by: string, at: string) => ({ createdAt: at, createdBy: by, updatedAt: at, updatedBy: by });
