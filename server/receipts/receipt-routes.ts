/** GET /api/receipts/{id}/file: a receipt opened through a signed link (RULES §7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { responses } from '../http/schemas.ts';
import { receiptKinds } from './receipt-files.ts';
import type { ReceiptLinkSigner } from './receipt-links.ts';
import type { ReceiptStorage } from './receipt-storage.ts';
import { receiptMessages } from '../../contract/receipts.ts';

/** The stored bytes, sent as they were uploaded (never serialized, so the schema only documents them). */
const receiptFile = z.any().meta({ type: 'string', format: 'binary' });
const receiptFileResponse = {
  description: 'The receipt file as it was uploaded',
  content: { 'image/png': { schema: receiptFile }, 'image/jpeg': { schema: receiptFile }, 'application/pdf': { schema: receiptFile } },
};

const servedKinds = new Map<string, { extension: string; contentType: string; disposition: 'inline' | 'attachment' }>([
  ['jpg', { ...receiptKinds.jpg, disposition: 'inline' }],
  ['png', { ...receiptKinds.png, disposition: 'inline' }],
  ['pdf', { ...receiptKinds.pdf, disposition: 'attachment' }],
]);

export function registerReceiptRoutes(app: FastifyInstance, deps: { db: Database; storage: ReceiptStorage; signer: ReceiptLinkSigner }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/receipts/:id/file',
    {
      schema: {
        tags: ['receipts'],
        summary: 'A receipt file, through a signed link handed out with its payment',
        params: z.object({ id: z.string().max(100) }),
        // A link missing or garbling its parts is answered as the invalid link it is.
        querystring: z.object({
          expires: z.coerce.number({ error: receiptMessages.linkInvalid }).int(receiptMessages.linkInvalid),
          signature: z.string({ error: receiptMessages.linkInvalid }).max(100, receiptMessages.linkInvalid),
        }),
        // The file on success; the one error body for a bad link (403) or a file that is gone (404).
        response: { ...responses({}), 200: receiptFileResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!deps.signer.isValid(id, request.query.expires, request.query.signature)) throw forbidden(receiptMessages.linkInvalid);
      const { rows } = isUuid(id)
        ? await deps.db.query<{ storage_key: string | null }>('SELECT storage_key FROM receipts WHERE id = $1', [id])
        : { rows: [] };
      const receipt = rows[0];
      if (!receipt?.storage_key) throw notFound(receiptMessages.notAvailable);
      // The type comes from the stored key, which only ever ends in one of the three checked kinds:
      // whatever was uploaded, nothing is served as a page or a script.
      const kind = servedKinds.get(receipt.storage_key.split('.').pop() ?? '');
      if (!kind) throw notFound(receiptMessages.notAvailable);
      const file = await deps.storage.open(receipt.storage_key);
      if (!file) throw notFound(receiptMessages.notAvailable);
      return reply
        .header('content-type', kind.contentType)
        .header('x-content-type-options', 'nosniff')
        // Pictures open in the tab; a PDF is downloaded, so that no in-browser reader runs what a
        // compressed stream might hide (docs/decisions/010-receipt-content-checks.md).
        .header('content-disposition', `${kind.disposition}; filename="receipt-${id.slice(0, 8)}.${kind.extension}"`)
        // Even if a file were misread as a page, it could run nothing and reach nothing.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        // Whole files only: a receipt is small, and ranges would be one more parser to trust.
        .header('accept-ranges', 'none')
        .send(file);
    },
  );
}
