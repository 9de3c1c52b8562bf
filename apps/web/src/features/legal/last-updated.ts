/** One date for all three legal pages (DESIGN.md §4: one consistent date). Change it with the text. */
export const legalLastUpdated = { iso: '2026-11-21', label: '21 November 2026' } as const;
