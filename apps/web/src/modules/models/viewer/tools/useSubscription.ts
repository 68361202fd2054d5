import { useEffect, useReducer } from 'react';

/** Re-renders the component whenever a controller announces a change (controllers keep their own state). */
export function useSubscription(source: { subscribe(listener: () => void): () => void } | null): void {
  const [, bump] = useReducer((count: number) => count + 1, 0);
  useEffect(() => source?.subscribe(bump), [source]);
}
