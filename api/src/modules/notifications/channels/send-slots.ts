import { DELIVERY_MESSAGES, DeliveryError } from '../delivery-messages.js';

/**
 * At most `size` sends under way at once; the others wait for a slot. A send that has not started can be given
 * up when its try runs out of time (`signal`): it leaves nothing behind. One that has started is not: a message
 * handed to the server is answered for, so that an abandoned send is never delivered after its try was counted
 * as failed and sent again by the retry.
 */
export function sendSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else free++;
  }

  return {
    /** Waits for a slot; answers the function that gives it back, to be called once the send is over. */
    async acquire(signal: AbortSignal): Promise<() => void> {
      if (signal.aborted) throw new DeliveryError(DELIVERY_MESSAGES.outOfTime);
      if (free > 0) {
        free--;
        return release;
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          waiting.splice(waiting.indexOf(grant), 1);
          reject(new DeliveryError(DELIVERY_MESSAGES.outOfTime));
        };
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        waiting.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
      return release;
    },
  };
}
