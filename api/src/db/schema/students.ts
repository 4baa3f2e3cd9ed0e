import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { nameSearchKeySql, normalizedNameSql } from '../arabic-search.js';
import { admissionSeasons } from './admission-seasons.js';
import { colleges } from './colleges.js';
import { createdAt, id, updatedAt } from './columns.js';

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
