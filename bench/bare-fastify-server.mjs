// The ceiling and the floors for bench/get-student.mjs, one per process on PORT (loopback only; stops on
// SIGTERM). VARIANT chooses how much of a login it does:
//   bare           no database, cookie, schema, hooks or logging: parses the JSON body and answers a JSON object
//                  shaped and sized like a getStudent answer (the ceiling);
//   lookup         bare + the portal's lookup query on DATABASE_URL (the same SQL, taken from the built portal),
//                  run as a named prepared statement with node-postgres (a pool of 10, as the portal's), and an
//                  answer of about the portal's size built from its row;
//   lookup-cookie  lookup + the signed HttpOnly session cookie the portal sets (@fastify/cookie, HMAC).
// The two lookup variants are the floor any login backed by this database can reach on this machine: what is
// left between them and the portal is the portal's own work (validation, schemas, hooks, limit, mapping).

import cookie from '@fastify/cookie';
import Fastify from 'fastify';

const VARIANTS = new Set(['bare', 'lookup', 'lookup-cookie']);
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
  const { lookupColumns, lookupQuery } = await import('../api/dist/modules/students/students.repository.js');
  const { pool, db } = openDatabase(databaseUrl);
  return { pool, sql: lookupQuery(db).toSQL().sql, names: [...Object.keys(lookupColumns), 'documents'] };
}

const ENROLLMENT = { regular: 'منتظم', affiliated: 'منتسب', none: 'بدون' };
const RESULT_LINES = new Set(['name', 'nationalId', 'seatNo', 'college', 'enrollmentStatus', 'isComplete']);
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
 * The answer of a found student, built from the record without the portal's rules: the six result lines, a
 * line for every other column with a value, and the record's state columns as `studentData`, so that it is about
 * the size of the portal's answer.
 */
function answerOf(values, names) {
  const record = {};
  for (let i = 0; i < names.length; i += 1) record[names[i]] = values[i];
  const result = [
    { name: 'الاسم', value: record.name },
    { name: 'الرقم القومي', value: record.nationalId },
    { name: 'رقم الجلوس', value: record.seatNo ?? 'غير مسجل' },
    { name: 'الكلية', value: record.college },
    { name: 'حالة القيد', value: ENROLLMENT[record.enrollmentStatus] },
    { name: 'حالة البيانات', value: record.isComplete ? 'مكتملة' : 'غير مكتملة' },
  ];
  for (const name of names) {
    const value = record[name];
    if (!RESULT_LINES.has(name) && value !== null && typeof value !== 'object')
      result.push({ name, value: String(value) });
  }
  const studentData = {};
  for (const name of STUDENT_DATA) studentData[name] = record[name];
  return { status: 'success', _id: record.id, result, studentData };
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
} else {
  const lookup = await portalLookup(process.env.DATABASE_URL);
  app.addHook('onClose', () => lookup.pool.end());
  const withCookie = variant === 'lookup-cookie';
  if (withCookie) await app.register(cookie, { secret: 'bench-secret-that-is-long-enough-for-hmac-signing' });
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
}

app.get('/ready', async () => ({ status: 'success' }));

process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

await app.listen({ port, host: '127.0.0.1' });
