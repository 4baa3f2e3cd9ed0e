// The ceiling for bench/get-student.mjs: a bare Fastify server (no database, cookie, schema, hooks or logging)
// that parses a JSON body and answers a JSON object shaped and sized like a getStudent answer. Started by the
// benchmark as a separate process on PORT (loopback only); stops on SIGTERM.

import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('bare-fastify-server: PORT is required\n');
  process.exit(1);
}

const app = Fastify({ logger: false });

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

app.get('/ready', async () => ({ status: 'success' }));

process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});

await app.listen({ port, host: '127.0.0.1' });
