// Child process that compiles Typst documents. It runs in its own process because the compiler's native memory
// grows with every document; the parent replaces it every few hundred documents. Plain JavaScript so that the
// same file runs under the test runner and in production.
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';

const WORKSPACE = '/portal';
const compiler = NodeCompiler.create({
  workspace: WORKSPACE,
  fontArgs: [{ fontPaths: JSON.parse(process.env.PDF_FONT_DIRS ?? '[]') }],
});

process.on('message', (job) => {
  try {
    compiler.resetShadow();
    for (const [name, bytes] of Object.entries(job.files)) {
      compiler.mapShadow(`${WORKSPACE}/${name}`, Buffer.from(bytes));
    }
    compiler.mapShadow(`${WORKSPACE}/data.json`, Buffer.from(JSON.stringify(job.data)));
    const pdf = compiler.pdf({ mainFileContent: job.source });
    process.send({ id: job.id, pdf });
  } catch (error) {
    process.send({ id: job.id, error: String(error?.code ?? error?.message ?? error) });
  }
});
