import { useEffect, useState } from 'react';

/**
 * True once `waiting` has stayed true for `ms`, and false whenever it is not.
 * For a screen that stops waiting on something that may never answer.
 */
export function useWaited(waiting: boolean, ms: number): boolean {
  // Which wait ran out: a wait that ended and began again starts from zero.
  const [waitsRunOut, setWaitsRunOut] = useState(-1);
  const [waits, setWaits] = useState(0);
  const [wasWaiting, setWasWaiting] = useState(waiting);
  if (waiting !== wasWaiting) {
    // State adjusted while rendering, as React advises for a change of props.
    setWasWaiting(waiting);
    if (waiting) setWaits(waits + 1);
  }
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaitsRunOut(waits), ms);
    return () => clearTimeout(timer);
  }, [waiting, waits, ms]);
  return waiting && waitsRunOut === waits;
}
