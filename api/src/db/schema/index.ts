// Every table of the database, one file each; drizzle-kit (api/drizzle.config.ts) and the pool's typed queries
// read them all through this index.

export * from './additional-answers.js';
export * from './additional-questions.js';
export * from './admission-seasons.js';
export * from './appointments.js';
export * from './audit-log.js';
export * from './charter-versions.js';
export * from './college-programs.js';
export * from './colleges.js';
export * from './content-versions.js';
export * from './interview-outcomes.js';
export * from './interview-slots.js';
export * from './login-failures.js';
export * from './notification-campaigns.js';
export * from './notifications.js';
export * from './quiz-attempts.js';
export * from './quiz-draws.js';
export * from './quiz-question-versions.js';
export * from './quiz-questions.js';
export * from './sms-rate.js';
export * from './staff-login-challenges.js';
export * from './staff-recovery-codes.js';
export * from './staff-users.js';
export * from './staged-uploads.js';
export * from './student-contact-changes.js';
export * from './student-images.js';
export * from './student-lookup-misses.js';
export * from './student-lookup-spent-proofs.js';
export * from './student-sessions.js';
export * from './students.js';
export * from './upload-locks.js';
