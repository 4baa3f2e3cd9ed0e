import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, DeliveryError } from '../delivery-messages.js';
import { sendSlots } from './send-slots.js';

const never = () => new AbortController().signal;

describe('send slots', () => {
  it('lets as many sends start as there are slots, the next one when a slot is given back', async () => {
    const slots = sendSlots(2);
    const first = await slots.acquire(never());
    await slots.acquire(never());
    let third = false;
    const waiting = slots.acquire(never()).then((release) => {
      third = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(third).toBe(false);
    first();
    await waiting;
    expect(third).toBe(true);
  });

  it('gives up a send still waiting when its try runs out, and its place goes to the next', async () => {
    const slots = sendSlots(1);
    const release = await slots.acquire(never());
    const controller = new AbortController();
    const givenUp = slots.acquire(controller.signal);
    const next = slots.acquire(never());
    controller.abort();
    await expect(givenUp).rejects.toEqual(new DeliveryError(DELIVERY_MESSAGES.outOfTime));
    release();
    await expect(next).resolves.toBeTypeOf('function');
  });

  it('starts nothing for a try already out of time', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sendSlots(3).acquire(controller.signal)).rejects.toBeInstanceOf(DeliveryError);
  });
});
