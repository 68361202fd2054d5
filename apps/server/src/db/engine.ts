/** The two database engines. Only src/db may branch on it (DESIGN.md §5). */
export type Engine = 'sqlite' | 'postgres';
