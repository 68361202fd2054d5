import type { Rule } from '@lintel/contracts/personnel';

// Apart from RulesTab.tsx: the person form orders the rules too, and importing it from there loaded the
// whole settings tab (its table, switches, tags: ~60 KB gzip) with every person form (issue 15 §4).

/** The initial rule first (spec 001 §3), then the server's order. */
export function rulesInOrder(rules: readonly Rule[]): Rule[] {
  return [...rules].sort((a, b) => Number(b.initial) - Number(a.initial));
}
