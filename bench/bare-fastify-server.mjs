// The ceiling and the floors for bench/get-student.mjs, one per process on PORT (loopback only; stops on
// SIGTERM). Every floor is bare Fastify (no hooks, logging or schemas) + the portal's own data layer from the
// built portal on DATABASE_URL, so it cannot drift from the portal's queries. VARIANT chooses what it serves:
//   bare                  no database, cookie, schema, hooks or logging: parses the JSON body and answers a JSON
//                         object shaped and sized like a getStudent answer (the login's ceiling);
//   lookup                bare + the portal's lookup query (the same SQL, taken from the built portal), run as a
//                         named prepared statement with node-postgres (a pool of 10, as the portal's), and an
//                         answer of about the portal's size built from its row;
//   lookup-cookie         lookup + the signed HttpOnly session cookie the portal sets (@fastify/cookie, HMAC);
//   quiz-draw             GET /api/v1/students/question/:id: the signed session cookie checked (401 without it),
//                         then the quiz repository's draw as the portal's service calls it (the student's state
//                         and the draw, which replaces the student's earlier one, in one statement);
//   additional-questions  GET /api/v1/additionalQuestions: the repository's active questions;
//   colleges              GET /api/v1/colleges: the repository's colleges, as names and entries.
// The floors are what any implementation backed by this database can reach on this machine: what is left between
// a floor and the portal is the portal's own work (validation, schemas, hooks, limits, mapping). Their answers
// have the portal's envelopes and about its sizes.

import cookie from '@fastify/cookie';
import { QUIZ_QUESTION_COUNT } from '@portal/common';
import Fastify from 'fastify';
import { BENCH_SECRET } from './portal-process.mjs';

const LOGIN_VARIANTS = new Set(['lookup', 'lookup-cookie']);
const VARIANTS = new Set(['bare', ...LOGIN_VARIANTS, 'quiz-draw', 'additional-questions', 'colleges']);
const SESSION_MS = 24 * 60 * 60 * 1000;

const port = Number(process.env.PORT);
const variant = process.env.VARIANT || 'bare';
if (!Number.isInteger(port) || port <= 0 || !VARIANTS.has(variant)) {
  process.stderr.write(`bare-fastify-server: PORT and VARIANT (${[...VARIANTS].join(', ')}) are required\n`);
  process.exit(1);
}
if (variant !== 'bare' && !process.env.DATABASE_URL) {
  process.stderr.write(`bare-fastify-server: VARIANT=${variant} needs DATABASE_URL\n`);
  process.exit(1);
}

/**
 * The portal's own login statement, as Drizzle writes it from the built repository (so the floor cannot drift
 * from the portal when the lookup grows), and the record's field names in the order of its one JSON column.
 */
async function portalLookup(databaseUrl) {
  const { openDatabase } = await import('../api/dist/db/pool.js');
  const { lookupColumns, lookupQuery } = await import(
    '../api/dist/modules/student-lookup/student-lookup.repository.js'
  );
  const { pool, db } = openDatabase(databaseUrl);
  return { pool, sql: lookupQuery(db).toSQL().sql, names: [...Object.keys(lookupColumns), 'documents'] };
}

const STUDENT_DATA = [
  'isPassed',
  'isCompletedAdditionalQuestions',
  'isComplete',
  'college',
  'socialWork',
  'tourism',
  'appointedDay',
  'appointedHour',
  'documentsStatus',
  'documents',
  'appointmentPlace',
  'interviewDecision',
  'formsDownloaded',
  'dataDeadline',
];

/**
 * The answer of a found student, built from the record without the portal's rules: a name/value line for every
 * column with a plain value, and the record's state columns as `studentData`, so that it is about the size of the
 * portal's answer.
 */
function answerOf(values, names) {
  const record = {};
  for (let i = 0; i < names.length; i += 1) record[names[i]] = values[i];
  const result = [];
  for (const name of names) {
    const value = record[name];
    if (value !== null && typeof value !== 'object') result.push({ name, value: String(value) });
  }
  const studentData = {};
  for (const name of STUDENT_DATA) studentData[name] = record[name];
  return { status: 'success', _id: record.id, result, studentData };
}

/**
 * Registers on `server` the floor of one of the student's other hot reads: the portal's built repository on its
 * own pool, called as the portal's service calls it, answering the route's envelope.
 */
async function readFloor(server, read, databaseUrl) {
  const { openDatabase } = await import('../api/dist/db/pool.js');
  const { pool, db } = openDatabase(databaseUrl);
  server.addHook('onClose', () => pool.end());
  if (read === 'quiz-draw') {
    const { quizRepository } = await import('../api/dist/modules/quiz/quiz.repository.js');
    const quiz = quizRepository(db);
    await server.register(cookie, { secret: BENCH_SECRET });
    server.get('/api/v1/students/question/:id', async (request, reply) => {
      // The portal's session check: a valid signature over `<student id>.<expiry ms>`, this student, not expired.
      const raw = request.cookies.studentSession;
      const unsigned = raw ? request.unsignCookie(raw) : { valid: false };
      const [studentId, expiresAt] = unsigned.valid ? unsigned.value.split('.') : [];
      if (studentId !== request.params.id || !(Number(expiresAt) > Date.now()))
        return reply.code(401).send({ status: 'error', message: 'no session' });
      const outcome = await quiz.draw(studentId, QUIZ_QUESTION_COUNT);
      if (outcome.kind === 'noStudent')
        return reply.code(404).send({ status: 'error', message: 'not found' });
      if (outcome.kind === 'passed') return reply.code(409).send({ status: 'error', message: 'passed' });
      const { questions } = outcome;
      return {
        status: 'success',
        randomQuestions: questions.map(({ index, question }) => ({ index, question })),
      };
    });
  } else if (read === 'additional-questions') {
    const { additionalQuestionsRepository } = await import(
      '../api/dist/modules/additional-questions/additional-questions.repository.js'
    );
    const questions = additionalQuestionsRepository(db);
    server.get('/api/v1/additionalQuestions', async () => ({
      status: 'success',
      data: await questions.activeQuestions(),
    }));
  } else {
    const { collegesRepository } = await import('../api/dist/modules/colleges/colleges.repository.js');
    const colleges = collegesRepository(db);
    server.get('/api/v1/colleges', async () => {
      const entries = (await colleges.list()).map((row) => ({
        ...row,
        dataDeadline: row.dataDeadline?.toISOString() ?? null,
      }));
      return { status: 'success', data: { data: entries.map((entry) => entry.name), colleges: entries } };
    });
  }
}

const app = Fastify({ logger: false });

if (variant === 'bare') {
  app.post('/api/v1/students/getStudent', async (request) => ({
    status: 'success',
    _id: '0b7d6c5e-3f2a-4e1b-9c8d-7a6b5c4d3e2f',
    result: [
      { name: 'الاسم', value: 'طالب قياس الأداء رقم 12345' },
      { name: 'الرقم القومي', value: request.body.nationalID },
      { name: 'رقم الجلوس', value: 'bench-gs' },
      { name: 'الكلية', value: 'كلية التجارة' },
      { name: 'حالة القيد', value: 'منتظم' },
      { name: 'حالة البيانات', value: 'غير مكتملة' },
    ],
    studentData: {
      isPassed: false,
      isCompletedAdditionalQuestions: false,
      isComplete: false,
      college: 'كلية التجارة',
      socialWork: false,
      tourism: false,
      appointed: false,
      appointedDay: null,
      appointedHour: null,
    },
  }));
} else if (LOGIN_VARIANTS.has(variant)) {
  const lookup = await portalLookup(process.env.DATABASE_URL);
  app.addHook('onClose', () => lookup.pool.end());
  const withCookie = variant === 'lookup-cookie';
  if (withCookie) await app.register(cookie, { secret: BENCH_SECRET });
  app.post('/api/v1/students/getStudent', async (request, reply) => {
    const { rows } = await lookup.pool.query({
      name: 'students_find_by_national_id',
      text: lookup.sql,
      values: [request.body.nationalID],
      rowMode: 'array',
    });
    if (rows.length === 0) return reply.code(404).send({ status: 'error', message: 'not found' });
    const answer = answerOf(rows[0][0], lookup.names);
    if (withCookie) {
      reply.setCookie('studentSession', `${answer._id}.${Date.now() + SESSION_MS}`, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        maxAge: SESSION_MS / 1000,
        secure: 'auto',
      });
    }
    return answer;
  });
} else {
  await readFloor(app, variant, process.env.DATABASE_URL);
}

app.get('/ready', async () => ({ status: 'success' }));

process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

await app.listen({ port, host: '127.0.0.1' });
