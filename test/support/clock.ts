import { api, seed } from './api';

/**
 * Moves a test account's test clock forward through the operator endpoint: how a test reaches a
 * time rule (expiry, the void and refund windows, pre-auth lapse, webhook retries) without waiting
 * or writing past timestamps into records. Due timers and retries of the account run at once.
 */
export async function advanceClock(
  accountId: string,
  seconds: number,
): Promise<{ offsetSeconds: number; now: string; ranDue: number }> {
  const res = await api('POST', `/api/accounts/${accountId}/test-clock`, {
    key: seed().operatorApiKey,
    body: { advanceSeconds: Math.ceil(seconds) },
  });
  if (res.status !== 200) throw new Error(`advance clock of ${accountId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const HOUR = 3600;
export const DAY = 24 * HOUR;

/**
 * Polls `read` until `done` holds (or `timeoutMs` passes): for work that runs off the API call (a
 * timer, a webhook attempt) once a clock was advanced. Answers the last reading.
 */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}
