import { setTimeout as sleep } from 'node:timers/promises';

// With mail on, sign-up, resend and recovery answer the same shape and status
// whether or not the address has an account, but the work differs: a new
// address is hashed and mailed, a confirmed one answered at once; a known
// address gets a recovery link, an unknown one nothing. Timed over a few
// tries, that difference alone would tell a stranger who has an account. So
// these answers leave no sooner than a fixed time after the request began,
// failures included; the work stays well inside it (ADR 026).

export async function answerNoSoonerThan<T>(minMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
