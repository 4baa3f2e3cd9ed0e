// Over 400 lines: every table in one file, as drizzle-kit reads it; issue 35 moves each table to db/schema/<table>.ts
// behind an index.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { nameSearchKeySql, normalizedNameSql } from './arabic-search.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Colleges are data, not code: the flags decide the family sections, the three forms, scheduling and programs. */
export const colleges = pgTable('colleges', {
  id: id(),
  name: text('name').notNull().unique(),
  socialWork: boolean('social_work').notNull().default(false),
  tourism: boolean('tourism').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  /** After it the students' complete-data and replacement submits are refused (issue 17); null: no deadline. */
  dataDeadline: timestamp('data_deadline', { withTimezone: true }),
  /** Kept for the students who refer to it, but refused for new uploads and left out of new choices (issue 19). */
  hidden: boolean('hidden').notNull().default(false),
});

export const collegePrograms = pgTable(
  'college_programs',
  {
    id: id(),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Kept for the students who chose it, but no longer offered to a student choosing programs (issue 19). */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('college_programs_college_name_key').on(t.collegeId, t.name)],
);

/**
 * Admission seasons (issue 21): one academic year's intake each. Exactly one is current (not closed): imports,
 * logins, scheduling, the review queue and reminders work on it; closed seasons stay read-only and searchable.
 * `admission_current_season()` (migration 0013) names the current one and is the default of `students.season_id`.
 */
export const admissionSeasons = pgTable(
  'admission_seasons',
  {
    id: id(),
    /** The academic year, '2026/2027'. */
    name: text('name').notNull().unique(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the retention job deleted the season's images (RETENTION_DAYS after closing); null while kept. */
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admission_seasons_one_current').on(sql`(true)`).where(sql`${t.closedAt} IS NULL`)],
);

export const students = pgTable(
  'students',
  {
    id: id(),
    nationalId: text('national_id').notNull(),
    /** A national ID may come back next year as a new row: unique per season, not overall (issue 21). */
    seasonId: uuid('season_id')
      .notNull()
      .default(sql`admission_current_season()`)
      .references(() => admissionSeasons.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    seatNo: text('seat_no'),
    phoneNumber: text('phone_number'),
    gender: text('gender'),
    collegeId: uuid('college_id')
      .notNull()
      .references(() => colleges.id, { onDelete: 'restrict' }),
    enrollmentStatus: text('enrollment_status', { enum: ['regular', 'affiliated', 'none'] })
      .notNull()
      .default('none'),
    importedTotalGrade: numeric('imported_total_grade', { precision: 7, scale: 2 }),
    importedPercentage: numeric('imported_percentage', { precision: 5, scale: 2 }),

    studentNameEn: text('student_name_en'),
    address: text('address'),
    homeTel: text('home_tel'),
    email: text('email'),
    program1: text('program1'),
    program2: text('program2'),
    program3: text('program3'),
    qualification: text('qualification'),
    qualificationYear: text('qualification_year'),
    totalGrade: numeric('total_grade', { precision: 7, scale: 2 }),
    percentage: numeric('percentage', { precision: 5, scale: 2 }),
    fatherName: text('father_name'),
    fatherJob: text('father_job'),
    fatherQualification: text('father_qualification'),
    fatherNationality: text('father_nationality'),
    fatherMobile: text('father_mobile'),
    masterName: text('master_name'),
    masterJob: text('master_job'),
    masterQualification: text('master_qualification'),
    motherName: text('mother_name'),
    motherNationality: text('mother_nationality'),
    motherJob: text('mother_job'),
    motherMobile: text('mother_mobile'),
    city: text('city'),
    brothersNum: smallint('brothers_num'),
    brothersMaleNum: smallint('brothers_male_num'),
    brothersFemaleNum: smallint('brothers_female_num'),
    brothersOrder: smallint('brothers_order'),
    income: integer('income'),

    isComplete: boolean('is_complete').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    isPassed: boolean('is_passed').notNull().default(false),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    isCompletedAdditionalQuestions: boolean('is_completed_additional_questions').notNull().default(false),
    /** The student's first download of one of its forms: the tracker's last step (issue 17). */
    formsDownloadedAt: timestamp('forms_downloaded_at', { withTimezone: true }),
    /** The student's first login (issue 36: the funnel's daily series); set once, by the lookup that finds it null. */
    firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
    /**
     * When all six documents were last accepted (issue 36), kept by `refreshDocumentsStatus` in the transaction
     * that changes the status: set when it becomes `accepted`, cleared when it leaves it.
     */
    documentsAcceptedAt: timestamp('documents_accepted_at', { withTimezone: true }),
    /**
     * The documents review as a whole, kept from the images by `refreshDocumentsStatus` (db/documents-status.ts)
     * in every transaction that changes them, so lists, filters, counts and the review queue read one column.
     */
    documentsStatus: text('documents_status', { enum: ['none', 'pending', 'needsReupload', 'accepted'] })
      .notNull()
      .default('none'),
    /** How many of the student's documents await review (the review queue holds students with one or more). */
    documentsAwaiting: smallint('documents_awaiting').notNull().default(0),
    /** Bumped by every review save and document replacement: a review based on an older version is refused. */
    reviewVersion: integer('review_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The name normalised for search and ordering (alef/hamza, teh marbuta, alef maqsura; see arabic-search). */
    nameSearch: text('name_search')
      .notNull()
      .generatedAlwaysAs(normalizedNameSql(sql.identifier('name'))),
    /** The normalised name spelt in ASCII, so that the trigram index works under any locale (arabic-search). */
    nameSearchKey: text('name_search_key')
      .notNull()
      .generatedAlwaysAs(nameSearchKeySql(sql.identifier('name'))),
  },
  (t) => {
    // What the staff list shows of each student besides its order and its documents status, so that a page is
    // read from an index alone (decision 10). Drizzle cannot write INCLUDE, hence key columns after the order;
    // nothing sorts on them since id is unique.
    const listed = [
      t.name,
      t.nationalId,
      t.phoneNumber,
      t.isComplete,
      t.isPassed,
      t.isCompletedAdditionalQuestions,
    ];
    return [
      index('students_college_idx').on(t.collegeId, t.seasonId, t.isComplete),
      index('students_completed_at_idx').on(t.completedAt),
      index('students_name_idx').on(t.name),
      // Staff student list: one faculty's page ordered by name (student-records), with every column it shows
      // (1.2 ms of PostgreSQL for a page of 500 instead of 6.2 for 500 rows scattered over 500 table pages).
      index('students_college_name_search_idx').on(
        t.collegeId,
        t.seasonId,
        t.nameSearch,
        t.id,
        ...listed,
        t.documentsStatus,
      ),
      // Staff name search: contains-match on the normalised name (needs pg_trgm, created by migration 0002).
      index('students_name_search_key_trgm_idx').using('gin', t.nameSearchKey.op('gin_trgm_ops')),
      // The staff list filtered on the documents column: one status's page already in name order (however few
      // students have it, even under a prepared statement's generic plan), and its count, from the index alone
      // like the unfiltered page's (so the planner never prefers walking the faculty's whole name order for a
      // rare status).
      index('students_college_documents_status_idx').on(
        t.collegeId,
        t.seasonId,
        t.documentsStatus,
        t.nameSearch,
        t.id,
        ...listed,
      ),
      // The review queue: a faculty's students with a document awaiting review, oldest completion first.
      index('students_review_queue_idx')
        .on(t.collegeId, t.seasonId, t.completedAt, t.id)
        .where(sql`${t.documentsAwaiting} > 0`),
      // The admission funnel (issue 36; decision 22): one season's students grouped by what the tracker reads, from
      // the index alone (the appointment, the tracker's one input from another table, is counted apart).
      index('students_funnel_idx').on(
        t.seasonId,
        t.collegeId,
        t.isPassed,
        t.isCompletedAdditionalQuestions,
        t.isComplete,
        t.documentsStatus,
        t.formsDownloadedAt,
      ),
      // The funnel's daily series: each event's days in one season, with the faculty (and, for the medians, the
      // instant the duration starts from), from the index alone.
      index('students_season_created_idx').on(t.seasonId, t.createdAt, t.collegeId),
      index('students_season_first_login_idx')
        .on(t.seasonId, t.firstLoginAt, t.collegeId)
        .where(sql`${t.firstLoginAt} IS NOT NULL`),
      index('students_season_completed_idx')
        .on(t.seasonId, t.completedAt, t.collegeId, t.createdAt)
        .where(sql`${t.completedAt} IS NOT NULL`),
      index('students_season_accepted_idx')
        .on(t.seasonId, t.documentsAcceptedAt, t.collegeId, t.completedAt)
        .where(sql`${t.documentsAcceptedAt} IS NOT NULL`),
      // The login and the staff search by national ID: this season's row, or every season's.
      uniqueIndex('students_national_id_season_key').on(t.nationalId, t.seasonId),
    ];
  },
);

/** One row per stored document image, with its staff review (issue 16): pending until accepted or refused. */
export const studentImages = pgTable(
  'student_images',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    reviewStatus: text('review_status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The refusal reason's code (`REFUSAL_REASONS`), only when rejected. */
    reviewReason: text('review_reason', {
      enum: ['unreadable', 'cropped', 'wrongDocument', 'expired', 'nameMismatch', 'other'],
    }),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The reviewer's user name as it was, kept when the account is later deleted. */
    reviewedByUserName: text('reviewed_by_user_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the retention job deleted the stored file (issue 21); the row keeps the review. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('student_images_student_kind_key').on(t.studentId, t.kind),
    // The funnel's refusals (issue 36): the documents refused now, few beside the accepted ones.
    index('student_images_refused_idx')
      .on(t.studentId, t.kind, t.reviewReason)
      .where(sql`${t.reviewStatus} = 'rejected'`),
  ],
);

/** The quiz bank as it is now; every wording a question ever had is in `quiz_question_versions` (issue 19). */
export const quizQuestions = pgTable('quiz_questions', {
  index: integer('index').primaryKey(),
  question: text('question').notNull(),
  answer: boolean('answer').notNull(),
  active: boolean('active').notNull().default(true),
  /** The charter section the question comes from, by its heading; null when not recorded. */
  section: text('section'),
  /** The current version; its text and answer are also the row of that version in `quiz_question_versions`. */
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Every version of every quiz question, never changed once written: draws and attempts refer to them. */
export const quizQuestionVersions = pgTable(
  'quiz_question_versions',
  {
    questionIndex: integer('question_index')
      .notNull()
      .references(() => quizQuestions.index, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    question: text('question').notNull(),
    answer: boolean('answer').notNull(),
    section: text('section'),
    /** The staff account that wrote it; null for the seeded bank. */
    createdByUserName: text('created_by_user_name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.questionIndex, t.version] })],
);

/** The four questions drawn for a student, kept so that the same four, as they were worded, are graded. */
export const quizDraws = pgTable('quiz_draws', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  questionIndexes: integer('question_indexes').array().notNull(),
  /** The version of each drawn question, in the order of `questionIndexes`. */
  questionVersions: integer('question_versions').array().notNull(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
});

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull(),
    /** Each graded question's index mapped to the version it was graded on (issue 19); null before versions. */
    questionVersions: jsonb('question_versions'),
    correctCount: smallint('correct_count').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quiz_attempts_student_idx').on(t.studentId)],
);

export const additionalQuestions = pgTable('additional_questions', {
  id: text('id').primaryKey(),
  type: text('type', {
    enum: ['mcq', 'multi_select_input', 'input', 'mcq_yes_input', 'mcq_input'],
  }).notNull(),
  question: text('question').notNull(),
  description: text('description'),
  options: text('options').array().notNull().default(sql`'{}'::text[]`),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  updatedAt: updatedAt(),
});

export const additionalAnswers = pgTable(
  'additional_answers',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => additionalQuestions.id, { onDelete: 'restrict' }),
    answer: jsonb('answer').notNull(),
    input: text('input'),
    /**
     * The question as the student saw it when answering (`AnsweredQuestion`: question, type, description,
     * options), so the staff record shows what was asked even after the question is edited (issue 19).
     */
    question: jsonb('question').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.questionId] })],
);

/** Each published charter; the newest is the one served. Never changed once written (issue 19). */
export const charterVersions = pgTable('charter_versions', {
  version: integer('version').primaryKey(),
  /** `CharterSections`: [{title, paragraphs: [string]}]. */
  sections: jsonb('sections').notNull(),
  /** The staff account that published it; null for the charter seeded from code. */
  createdByUserName: text('created_by_user_name'),
  createdAt: createdAt(),
});

/**
 * One counter per kind of content the university edits (quiz, questionnaire, charter, colleges), raised in the
 * transaction of every edit. Each instance polls this small table to drop its cached copy of a kind whose counter
 * moved, so an edit shows on every instance within a second without a query per request (issue 19).
 */
export const contentVersions = pgTable('content_versions', {
  kind: text('kind').primaryKey(),
  version: integer('version').notNull().default(1),
});

export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    name: text('name').notNull(),
    userName: text('user_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    role: text('role', { enum: ['SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] }).notNull(),
    collegeId: uuid('college_id').references(() => colleges.id, { onDelete: 'restrict' }),
    passwordHash: text('password_hash').notNull(),
    passwordChanged: boolean('password_changed').notNull().default(false),
    /**
     * Tokens issued before this instant are refused: a password change or reset, 'sign out on all devices' and a
     * second factor's reset end older sessions.
     */
    credentialsChangedAt: timestamp('credentials_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The TOTP secret (issue 20), sealed with a key derived from the application secret; never answered. Set by
     * the setup call, in force only once `twoFactorEnabledAt` is set by a confirmed code.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is used once, even within its 30 seconds. */
    twoFactorLastStep: integer('two_factor_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_user_name_key').on(sql`lower(${t.userName})`),
    check('staff_users_admin_has_college', sql`${t.role} <> 'ADMIN' OR ${t.collegeId} IS NOT NULL`),
  ],
);

/**
 * Interview slots the social-work staff publish (issue 18): a day, a period and a place for up to `capacity`
 * students to book. A slot is closed rather than deleted, so the bookings it holds keep their place.
 */
export const interviewSlots = pgTable(
  'interview_slots',
  {
    id: id(),
    day: date('day').notNull(),
    period: smallint('period').notNull(),
    capacity: smallint('capacity').notNull(),
    place: text('place').notNull(),
    closed: boolean('closed').notNull().default(false),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One place is published once per day and period; the index also serves the lists by day and period.
    uniqueIndex('interview_slots_day_period_place_key').on(t.day, t.period, t.place),
    // The target of the appointments' (slot, day, period) key, which keeps a booking on its slot's day.
    unique('interview_slots_id_day_period_key').on(t.id, t.day, t.period),
    check('interview_slots_period_check', sql`${t.period} IN (9, 12)`),
    check('interview_slots_capacity_check', sql`${t.capacity} BETWEEN 1 AND 500`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    // The primary key is what makes a second appointment of one student impossible, however it is made.
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    appointedDay: date('appointed_day').notNull(),
    appointedHour: smallint('appointed_hour').notNull(),
    appointedBy: uuid('appointed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The slot the student booked (issue 18); null for an appointment made by 'appoint N'. */
    slotId: uuid('slot_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_day_idx').on(t.appointedDay, t.appointedHour),
    check('appointments_hour_check', sql`${t.appointedHour} IN (9, 12)`),
    // Counting a slot's bookings under its lock.
    index('appointments_slot_idx').on(t.slotId),
    // Day and hour stay those of the booked slot, so every reader of the appointment sees the same time. A slot
    // with bookings cannot be deleted (restrict): its students would lose their place without being told.
    foreignKey({
      name: 'appointments_slot_fk',
      columns: [t.slotId, t.appointedDay, t.appointedHour],
      foreignColumns: [interviewSlots.id, interviewSlots.day, interviewSlots.period],
    }).onDelete('restrict'),
  ],
);

/**
 * The committee's outcome of a student's personal interview (issue 18): attendance, the six scores of the
 * personal-test form keyed as `INTERVIEW_CRITERIA`, their total once complete, the decision and notes. One per
 * student, corrected in place; every save is in the audit log with what it replaced.
 */
export const interviewOutcomes = pgTable(
  'interview_outcomes',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    attended: boolean('attended').notNull(),
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
    total: smallint('total'),
    decision: text('decision', { enum: ['suitable', 'notSuitable'] }),
    notes: text('notes'),
    recordedBy: uuid('recorded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The recorder's user name as it was, kept when the account is later deleted. */
    recordedByUserName: text('recorded_by_user_name'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The funnel's daily 'interviewed' series (issue 36).
    index('interview_outcomes_recorded_idx').on(t.recordedAt, t.studentId).where(sql`${t.attended}`),
    check('interview_outcomes_decision_check', sql`${t.decision} IS NULL OR ${t.attended}`),
    check(
      'interview_outcomes_absent_check',
      sql`${t.attended} OR (${t.scores} = '{}'::jsonb AND ${t.total} IS NULL)`,
    ),
    check('interview_outcomes_total_check', sql`${t.total} BETWEEN 0 AND 100`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id'),
    actorUserName: text('actor_user_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details'),
    ip: text('ip'),
    /**
     * The student a row names, copied when the row is written (issue 20): the audit screen filters on them, and
     * they outlive the student's deletion.
     */
    studentNationalId: text('student_national_id'),
    studentName: text('student_name'),
    /** The faculty the row concerns: the student's college, or the acting faculty ADMIN's. */
    faculty: text('faculty'),
    createdAt: createdAt(),
  },
  (t) => [
    // The audit screen's pages: newest first, cursor on (created_at, id), one index per filter it offers.
    index('audit_log_created_idx').on(t.createdAt, t.id),
    // A student's history on the staff record page: the rows that name it, newest first.
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_student_idx').on(t.studentNationalId, t.createdAt, t.id),
    index('audit_log_faculty_idx').on(t.faculty, t.createdAt, t.id),
  ],
);

/** Ten single-use recovery codes per account with a second factor, kept as SHA-256 hashes (issue 20). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/**
 * A sign-in waiting for its second factor (issue 20): made by a right password, it lives five minutes, is used
 * once, and ends after five wrong codes.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failures: smallint('failures').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_login_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Staff password and code checks counted before each check (`users/login-throttle.rules.ts`): per user name from
 * one address (`kind` 'pair', key `address user`), per address ('address') and per user name from anywhere
 * ('account'). Kept in PostgreSQL so that every instance sees the same counters, locks and delays.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    kind: text('kind', { enum: ['pair', 'address', 'account'] }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * Unknown national IDs looked up in each minute, across every address and instance, when there is no Redis: past
 * `STUDENT_LOOKUP_POW_THRESHOLD` every lookup needs a solved proof-of-work (decision 18). Rows older than the
 * previous minute are deleted as new ones are counted.
 */
export const studentLookupMisses = pgTable('student_lookup_misses', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  misses: integer('misses').notNull(),
});

/** The proofs-of-work a lookup has already used (without Redis), each kept until its challenge expires. */
export const studentLookupSpentProofs = pgTable(
  'student_lookup_spent_proofs',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('student_lookup_spent_proofs_expires_at_idx').on(t.expiresAt)],
);

/** A staff message to a faculty's students (issue 17): who wrote what to whom, and through which channels. */
export const notificationCampaigns = pgTable('notification_campaigns', {
  id: id(),
  collegeId: uuid('college_id')
    .notNull()
    .references(() => colleges.id, { onDelete: 'cascade' }),
  filter: jsonb('filter').$type<{ audience: string; day?: string }>().notNull(),
  channels: text('channels').array().notNull(),
  text: text('text').notNull(),
  createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  /** The writer's user name as it was, kept when the account is later deleted. */
  createdByUserName: text('created_by_user_name'),
  createdAt: createdAt(),
});

/**
 * The notifications outbox (issue 17): one row per message to a student on one channel, written in the same
 * transaction as the change that causes it, handed to the job queue by the dispatcher (`dispatched`), and kept
 * with its delivery state. `dedupe_key` names the occurrence (the event and what makes it one), so that a message
 * is queued at most once per occurrence, student and channel.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    event: text('event', {
      enum: [
        'dataCompleted',
        'documentRefused',
        'documentsAccepted',
        'interviewAppointed',
        'deadlineReminder',
        'staffMessage',
        'student.step_up',
        'student.contact_changed',
      ],
    }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** What the message says beyond the student's own row: the refused documents, the appointment, the text. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    campaignId: uuid('campaign_id').references(() => notificationCampaigns.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['queued', 'sending', 'retrying', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    /** Whether the delivery job exists: set in the transaction that creates it. */
    dispatched: boolean('dispatched').notNull().default(false),
    tries: smallint('tries').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.studentId, t.channel, t.dedupeKey),
    // The dispatcher's work: the few rows not yet handed to the queue.
    index('notifications_undispatched_idx').on(t.createdAt).where(sql`NOT ${t.dispatched}`),
    index('notifications_campaign_state_idx').on(t.campaignId, t.state),
    // The failures the notifications screen lists, newest first. Partial: a message is written `queued` and
    // most end `sent`, so queueing 50,000 of them and delivering them do not maintain it. The staff record's list
    // of a student's messages takes the dedupe key's index, which leads with the student.
    index('notifications_failures_idx')
      .on(t.state, t.updatedAt)
      .where(sql`${t.state} IN ('failed', 'retrying')`),
  ],
);

/** SMS sent per second of the database's clock: the rate cap every instance shares (issue 17). */
export const smsRate = pgTable('sms_rate', {
  second: integer('second').primaryKey(),
  count: integer('count').notNull().default(0),
});

/**
 * What the server keeps of a student session (issue 33). The session itself is the signed cookie, and a login
 * writes nothing: a row exists only once the session asked for a step-up code, passed one, or logged out. Every
 * student request reads its row by the cookie's session id (`ended_at` set: refused everywhere at once).
 */
export const studentSessions = pgTable(
  'student_sessions',
  {
    /** The cookie's random session id (or, for a cookie of the earlier format, its whole signed value). */
    id: text('id').primaryKey(),
    // No foreign key: a row outlives its student until the cookie's expiry, so that a session of a deleted
    // student still reads as logged out or stepped up, and its calls answer that the student is gone.
    studentId: uuid('student_id').notNull(),
    /** The cookie's own expiry: past it the row says nothing the cookie does not, and may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Until when a passed step-up opens the own-data zip and the document images, on this session only. */
    stepUpUntil: timestamp('step_up_until', { withTimezone: true }),
    /** HMAC of the code last sent; null once used. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    /** Tries at the step-up (the code since it was sent, or the seat number), counted before each check. */
    tries: smallint('tries').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The student's recent sessions: the step-up's failures are also capped per student (new sessions are free).
    index('student_sessions_student_idx').on(t.studentId, t.updatedAt),
    index('student_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The contacts a student had before the last change of phone number or e-mail through the complete-data form:
 * for 24 hours after it step-up codes go to them, so that whoever changed them cannot redirect the codes.
 */
export const studentContactChanges = pgTable('student_contact_changes', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  previousPhoneNumber: text('previous_phone_number'),
  previousEmail: text('previous_email'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A document uploaded on its own with tus (issue 34, decision 0021) and not yet named by a submit: it belongs to
 * the session that created it, so any instance can check a HEAD/PATCH/DELETE or a submit against it, and the
 * sweep removes those left over 24 hours. The bytes live in the tus store (staging disk or S3), not here.
 */
export const stagedUploads = pgTable(
  'staged_uploads',
  {
    /** The tus upload id: 32 hex digits, also the file's name in the store. */
    id: text('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    kind: text('kind').notNull(),
    declaredLength: integer('declared_length').notNull(),
    /** receiving until its last byte arrived and passed the image checks. */
    state: text('state', { enum: ['receiving', 'finished'] })
      .notNull()
      .default('receiving'),
    /** From the bytes once finished (png or jpeg). */
    contentType: text('content_type'),
    /** Of the bytes as received, once finished. */
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staged_uploads_created_idx').on(t.createdAt),
    index('staged_uploads_session_idx').on(t.sessionId),
  ],
);

/**
 * tus's per-upload lock shared by every instance: a lease, taken by inserting the row (or taking over an expired
 * one) and renewed while a request holds it, so a crashed holder frees the upload within one lease.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  token: text('token').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});
