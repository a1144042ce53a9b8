// The colour of each run of the dive simulator: A (today's rules) and B (the variant).
export const RUN_COLOURS = { A: '#7fb4ff', B: '#ffb86b' } as const;
