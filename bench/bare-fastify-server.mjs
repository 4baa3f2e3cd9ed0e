// The ceiling and the floors for bench/get-student.mjs, one per process on PORT (loopback only; stops on
// SIGTERM). VARIANT chooses how much of a login it does:
//   bare           no database, cookie, schema, hooks or logging: parses the JSON body and answers a JSON object
//                  shaped and sized like a getStudent answer (the ceiling);
//   lookup         bare + the portal's lookup query on DATABASE_URL (the same SQL), run as a named prepared
//                  statement with node-postgres (a pool of 10, as the portal's), and the answer built from it;
//   lookup-cookie  lookup + the signed HttpOnly session cookie the portal sets (@fastify/cookie, HMAC).
// The two lookup variants are the floor any login backed by this database can reach on this machine: what is
// left between them and the portal is the portal's own work (validation, schemas, hooks, limit, mapping).

import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import pg from 'pg';

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

// The SQL Drizzle writes for the portal's students_find_by_national_id: its 46 columns as one JSON array.
const LOOKUP_SQL = `select json_build_array("students"."id", "students"."national_id", "students"."name",
  "students"."seat_no", "students"."phone_number", "students"."gender", "students"."enrollment_status",
  "colleges"."name", "colleges"."social_work", "colleges"."tourism", "students"."student_name_en",
  "students"."address", "students"."home_tel", "students"."email", "students"."city", "students"."program1",
  "students"."program2", "students"."program3", "students"."qualification", "students"."qualification_year",
  "students"."total_grade"::text, "students"."percentage"::text, "students"."imported_total_grade"::text,
  "students"."imported_percentage"::text, "students"."master_name", "students"."master_job",
  "students"."master_qualification", "students"."father_name", "students"."father_job",
  "students"."father_qualification", "students"."father_nationality", "students"."father_mobile",
  "students"."mother_name", "students"."mother_nationality", "students"."mother_job", "students"."mother_mobile",
  "students"."brothers_num", "students"."brothers_male_num", "students"."brothers_female_num",
  "students"."brothers_order", "students"."income", "students"."is_complete", "students"."is_passed",
  "students"."is_completed_additional_questions", "appointments"."appointed_day", "appointments"."appointed_hour")
  from "students" inner join "colleges" on "colleges"."id" = "students"."college_id"
  left join "appointments" on "appointments"."student_id" = "students"."id"
  where "students"."national_id" = $1`;

const ENROLLMENT = { regular: 'منتظم', affiliated: 'منتسب', none: 'بدون' };
/** Columns shown as a line only when the student has a value: phone, gender, and the completed data. */
const OPTIONAL_COLUMNS = [4, 5, ...Array.from({ length: 31 }, (_, i) => 10 + i)];

/** The answer of a found student, built from the row as the portal does (optional lines left out when null). */
function answerOf(row) {
  const result = [
    { name: 'الاسم', value: row[2] },
    { name: 'الرقم القومي', value: row[1] },
    { name: 'رقم الجلوس', value: row[3] ?? 'غير مسجل' },
    { name: 'الكلية', value: row[7] },
    { name: 'حالة القيد', value: ENROLLMENT[row[6]] },
    { name: 'حالة البيانات', value: row[41] ? 'مكتملة' : 'غير مكتملة' },
  ];
  for (const i of OPTIONAL_COLUMNS)
    if (row[i] !== null) result.push({ name: String(i), value: String(row[i]) });
  const appointed = row[44] !== null && row[45] !== null;
  return {
    status: 'success',
    _id: row[0],
    result,
    studentData: {
      isPassed: row[42],
      isCompletedAdditionalQuestions: row[43],
      isComplete: row[41],
      college: row[7],
      socialWork: row[8],
      tourism: row[9],
      appointed,
      appointedDay: appointed ? row[44] : null,
      appointedHour: appointed ? row[45] : null,
    },
  };
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
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  app.addHook('onClose', () => pool.end());
  const withCookie = variant === 'lookup-cookie';
  if (withCookie) await app.register(cookie, { secret: 'bench-secret-that-is-long-enough-for-hmac-signing' });
  app.post('/api/v1/students/getStudent', async (request, reply) => {
    const { rows } = await pool.query({
      name: 'students_find_by_national_id',
      text: LOOKUP_SQL,
      values: [request.body.nationalID],
      rowMode: 'array',
    });
    if (rows.length === 0) return reply.code(404).send({ status: 'error', message: 'not found' });
    const answer = answerOf(rows[0][0]);
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
