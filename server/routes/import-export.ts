import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportColumnNames, importColumns, importJobSchema, importKinds, importPreviewSchema, naturalKeys, unknownFields, type ColumnMapping, type ImportKind,
} from '../../domain/import/index.ts';
import { accountMail } from '../auth/account-mail.ts';
import { linkUrl } from '../auth/links.ts';
import { teamDirectory } from '../commands/engineer-teams.ts';
import { scopeActorOf } from '../commands/scope.ts';
import { isOrgWide } from '../../domain/index.ts';
import type { MadeInvite } from '../import/apply.ts';
import type { Mailer } from '../mail/mailer.ts';
import { HttpError } from '../http-error.ts';
import { exportCsv } from '../import/export.ts';
import { findJob } from '../import/jobs.ts';
import { previewCsv, startImport } from '../import/run-import.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { metadataOf } from './request-context.ts';
import { errorBody, errorResponses } from './schemas.ts';

/** Big enough for 20,000 assignments several times over; a file beyond it is refused with 413 before it is read. */
export const CSV_BODY_LIMIT = 10 * 1024 * 1024;

const kindParams = z.object({ kind: z.enum(importKinds, { error: `kind must be one of ${importKinds.join(', ')}` }) });
const CSV_BODY_MESSAGE = 'Send the CSV file itself as the request body, with Content-Type: text/csv';
const csvBody = z.string({ error: CSV_BODY_MESSAGE });

/** A JSON (or any other) body is refused by name, rather than with the JSON routes' "must be a JSON object". */
async function csvOnly(request: FastifyRequest) {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/csv' && type !== 'text/plain') throw new HttpError(415, CSV_BODY_MESSAGE, 'UNSUPPORTED_MEDIA_TYPE');
}

const columnsText = (kind: (typeof importKinds)[number]) =>
  importColumns[kind].map((c) => `\`${c.name}\`${c.required ? '' : ' (optional)'}: ${c.description}`).join('; ');

const started = z.object({ job: importJobSchema });

const MAPPING_MESSAGE = 'mapping must be a JSON object of the file\'s columns, each to one of the kind\'s columns or null: {"Job Title": "jobTitle", "Notes": null}';
const mappingQuery = z.object({
  mapping: z.string().max(20_000, MAPPING_MESSAGE).optional().describe(
    'How to read the file\'s columns, as JSON: {fileColumn: column or null}. A file column it leaves out is read as last time (per person and kind), else guessed from its name.',
  ),
});

/** The `mapping` parameter read, or a 400 naming what is wrong with it. */
function chosenMapping(kind: ImportKind, text: string | undefined): ColumnMapping | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, MAPPING_MESSAGE, 'VALIDATION_FAILED');
  }
  const parsed = z.record(z.string().max(200), z.string().max(100).nullable()).safeParse(value);
  if (!parsed.success || Array.isArray(value)) throw new HttpError(400, MAPPING_MESSAGE, 'VALIDATION_FAILED');
  const unknown = unknownFields(kind, parsed.data);
  if (unknown.length > 0) {
    throw new HttpError(400, `The ${kind} have no column '${unknown[0]}' (their columns are ${importColumns[kind].map((c) => c.name).join(', ')})`, 'VALIDATION_FAILED');
  }
  return parsed.data;
}

export type ImportRoutesOptions = { publicUrl?: string; mailer?: Mailer | null };

/**
 * CSV import and export of the planning lists (one kind per file). The CSV body parser lives in this
 * plugin only, so no other route accepts CSV.
 */
export default async function importExportRoutes(app: FastifyInstance, options: ImportRoutesOptions = {}) {
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const api = app.withTypeProvider<ZodTypeProvider>();
  const importAs = async (request: FastifyRequest, kind: ImportKind, mapping: string | undefined) => ({
    userId: request.user.sub, canInvite: request.user.admin, teams: teamDirectory, chosen: chosenMapping(kind, mapping),
    // As on the Teams screen: teams are changed by admins and org-wide managers (the runner's scope rule refuses the rest too).
    canChangeTeams: kind === 'teams' && (request.user.admin || isOrgWide(await scopeActorOf(app.db, { actorId: request.user.sub, actorRole: request.user.role }))),
    // A file of teams names who manages them: an account's scope, which only admins change (PATCH /api/accounts/:id).
    canChangeScopes: kind === 'teams' && request.user.admin,
  });
  /** A batch's invitations go out by mail once it has committed; the mail is a courtesy, as for one invitation. */
  const mailInvites = (inviter: string) => (invites: MadeInvite[]) => {
    if (!options.mailer) return;
    for (const invite of invites) {
      const url = linkUrl(options.publicUrl ?? 'http://localhost:3000', 'invite', invite.token);
      options.mailer.send(accountMail.invite(invite.email, invite.name, url, inviter)).catch((error: unknown) => app.log.warn({ err: error, to: invite.email }, 'could not send mail'));
    }
  };

  api.post('/api/import/:kind/preview', {
    onRequest: [app.requireRole('manager'), csvOnly],
    bodyLimit: CSV_BODY_LIMIT,
    schema: {
      tags: ['import'],
      description:
        'What importing this CSV file would do, row by row: create, update, unchanged or error, with every error\'s line and message ' +
        '(the API\'s own validation messages). Writes nothing. Body: the file, Content-Type text/csv, at most 10 MB. ' +
        `Columns per kind: ${importKinds.map((k) => `${k}: ${columnsText(k)}`).join(' | ')}`,
      params: kindParams,
      querystring: mappingQuery,
      body: csvBody,
      response: { 200: importPreviewSchema, ...errorResponses, 413: errorBody, 415: errorBody },
    },
    handler: async (request) => previewCsv(app.db, request.params.kind, request.body, await importAs(request, request.params.kind, request.query.mapping)),
  });

  api.post('/api/import/:kind', {
    onRequest: [app.requireRole('manager'), csvOnly],
    bodyLimit: CSV_BODY_LIMIT,
    schema: {
      tags: ['import'],
      description:
        'Imports a CSV file: refused whole (400 IMPORT_HAS_ERRORS, nothing written) if any row has an error; otherwise 202 with a job ' +
        'whose progress GET /api/import/jobs/:id tells while the rows are written through the planning commands, 500 per transaction. ' +
        `Rows are matched by their natural key (${importKinds.map((k) => `${k}: ${naturalKeys[k]}`).join('; ')}), so importing the same file twice ` +
        'changes nothing the second time. One import at a time (409 IMPORT_RUNNING). The mapping it was read with is kept for the next file of the kind (per person).',
      params: kindParams,
      querystring: mappingQuery,
      body: csvBody,
      response: { 202: started, ...errorResponses, 409: errorBody, 413: errorBody, 415: errorBody },
    },
    handler: async (request, reply) => {
      const { commandId: _perImport, ...metadata } = metadataOf(request);
      const as = await importAs(request, request.params.kind, request.query.mapping);
      const { job, finished } = await startImport(app.db, { kind: request.params.kind, text: request.body, metadata, as, onInvited: mailInvites(request.user.name) });
      finished.catch((error: unknown) => request.log.warn({ err: error, job: job.id }, 'import stopped'));
      return reply.code(202).header('location', `/api/import/jobs/${job.id}`).send({ job });
    },
  });

  api.get('/api/import/jobs/:id', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['import'],
      description: 'An import\'s progress: rows done of total (what is counted is committed), its state and its counts.',
      params: z.object({ id: z.string().min(1).max(100) }),
      response: { 200: importJobSchema, ...errorResponses, 404: errorBody },
    },
    handler: async (request) => {
      const job = await findJob(app.db, request.params.id);
      if (!job) throw new HttpError(404, 'Import not found', 'NOT_FOUND');
      return job;
    },
  });

  for (const kind of importKinds) {
    api.get(`/api/export/${kind}.csv`, {
      onRequest: app.requireRole('manager', 'auditor'),
      schema: {
        tags: ['import'],
        description: `Every ${kind.replace(/s$/, '')} as CSV, in the columns the import reads (${exportColumnNames(kind).join(', ')}): it imports again unchanged.`,
        response: { 200: z.string().describe('text/csv'), ...errorResponses },
      },
      handler: async (_request, reply) => {
        const csv = await readConsistent(app.db, (trx) => exportCsv(trx, kind));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}.csv"`)
          .header('x-cursor', csv.cursor)
          .serializer((payload: unknown) => payload as string)
          .send(csv.value);
      },
    });
  }
}
