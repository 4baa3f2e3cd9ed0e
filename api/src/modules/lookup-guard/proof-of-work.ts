import { hkdfSync, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

/**
 * The lookup's proof-of-work (decision 18): an ALTCHA challenge in its deterministic mode. The server picks the
 * counter, so the work is known exactly: the browser tries every counter from 0 until the derived key starts with
 * the signed prefix, `counter + 1` derivations of `COST` PBKDF2 rounds each.
 */
export const LOOKUP_POW = {
  algorithm: 'PBKDF2/SHA-256',
  /** PBKDF2 rounds per try: each try is one native call in the browser, so its scripting overhead is shared. */
  cost: 500,
  /** The counter is drawn from [minCounter, maxCounter]: a throttled phone solves the largest in under 1 s. */
  minCounter: 50,
  maxCounter: 100,
  /** A challenge must be solved and used within this many seconds. */
  expiresInSeconds: 300,
} as const;

/** A challenge as the server hands it out and as it comes back inside a proof. */
export const challengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().positive(),
  }),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** What a client sends back: the challenge as given and its solution, as base64 of their JSON (ALTCHA's payload). */
const payloadSchema = z.object({
  challenge: challengeSchema,
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(128) }),
});

/** A longer proof is refused unread; a real one is under 1 kB. */
export const PROOF_MAX_LENGTH = 2048;

/** A verified proof: its signature, by which it is remembered as used, until the challenge expires. */
export interface VerifiedProof {
  signature: string;
  expiresAt: number;
}

/** The two HMAC keys, derived from the portal's secret so that every instance signs and checks alike. */
function keysOf(secret: string) {
  const key = (info: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'student-lookup-proof-of-work', info, 32)).toString('hex');
  return { challenge: key('challenge signature'), derivedKey: key('derived key signature') };
}

export function lookupProofOfWork(secret: string, now = Date.now) {
  const keys = keysOf(secret);
  return {
    /** A fresh signed challenge, as `GET /students/lookupChallenge` answers it. */
    async create(): Promise<z.infer<typeof challengeSchema>> {
      const challenge = await createChallenge({
        algorithm: LOOKUP_POW.algorithm,
        cost: LOOKUP_POW.cost,
        counter: randomInt(LOOKUP_POW.minCounter, LOOKUP_POW.maxCounter + 1),
        deriveKey,
        expiresAt: Math.floor(now() / 1000) + LOOKUP_POW.expiresInSeconds,
        hmacSignatureSecret: keys.challenge,
        hmacKeySignatureSecret: keys.derivedKey,
      });
      return challengeSchema.parse(challenge);
    },

    /** The proof when it solves a challenge of ours that has not expired; null for anything else. */
    async verify(proof: string): Promise<VerifiedProof | null> {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return null;
      const { challenge, solution } = parsed.data;
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: keys.challenge,
        hmacKeySignatureSecret: keys.derivedKey,
      });
      if (!result.verified) return null;
      return { signature: challenge.signature, expiresAt: challenge.parameters.expiresAt };
    },
  };
}
export type LookupProofOfWork = ReturnType<typeof lookupProofOfWork>;
