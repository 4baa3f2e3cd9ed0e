import type { DbExecutor } from '../../db/executor.js';
import type { Database } from '../../db/pool.js';
import { bookingRepository } from './booking.repository.js';
import { outcomesRepository } from './outcomes.repository.js';
import { slotsRepository } from './slots.repository.js';

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

export function interviewsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
    ...slotsRepository(db),
    ...bookingRepository(db),
    ...outcomesRepository(db),
  };
}
export type InterviewsRepository = ReturnType<typeof interviewsRepository>;
