// Document ingest: a 300-page PDF uploaded through POST /api/files until it is searchable (the
// upload answers once its text is read by the document thread, chunked and indexed, `embedded`
// true), then one file_search query over it. Reports seconds from upload to searchable.
import { availableParallelism, loadavg } from 'node:os';
import { pdfDocument } from '../packages/server/test/files/document-fixtures.ts';
import { startTestServer } from '../packages/server/test/helpers/test-server.ts';
import { createTestUser } from '../packages/server/test/helpers/test-users.ts';

const PAGES = 300;
const LINES_PER_PAGE = 40;

const pages = Array.from({ length: PAGES }, (_, p) =>
  Array.from(
    { length: LINES_PER_PAGE },
    (_, l) => `Section ${p + 1}.${l + 1}: inspection notes on hull plating, rivets, ballast and pumps.`,
  ).join('\n'),
);
const pdf = pdfDocument(pages);
const server = await startTestServer({ env: { FILE_UPLOAD_USER_MAX: '1000' } });
try {
  const user = await createTestUser(server);
  const form = new FormData();
  form.append('endpoint', 'openAI');
  form.append('file_id', 'bench-1');
  form.append('conversationId', 'bench-conv');
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'survey.pdf');
  const started = performance.now();
  const res = await server.api('/api/files', { method: 'POST', token: user.token, body: form });
  const ingestMs = performance.now() - started;
  const file = (await res.json()) as { embedded?: boolean; message?: string };
  if (res.status !== 201 || !file.embedded) throw new Error(`upload failed: ${res.status} ${file.message}`);

  const tool = server.ctx.tools.get('file_search')!;
  const searchStarted = performance.now();
  const found = (await tool.run(tool.input.parse({ query: '"Section 250.7"' }), {
    userId: user.id,
    conversationId: 'bench-conv',
    credentials: {},
    signal: new AbortController().signal,
  })) as { results: unknown[] };
  const searchMs = performance.now() - searchStarted;
  if (found.results.length === 0) throw new Error('the last pages were not found');
  console.log(
    JSON.stringify({
      bench: 'file-ingest',
      pages: PAGES,
      pdfBytes: pdf.length,
      uploadToSearchableSeconds: Number((ingestMs / 1000).toFixed(2)),
      firstSearchMs: Math.round(searchMs),
      cores: availableParallelism(),
      loadAverage: Number(loadavg()[0]!.toFixed(2)),
    }),
  );
} finally {
  await server.stop();
}
