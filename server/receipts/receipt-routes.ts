/** GET /api/receipts/{id}/file: a receipt opened through a signed link (RULES §7). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { receiptMessages } from './receipt-files.ts';
import type { ReceiptLinkSigner } from './receipt-links.ts';
import type { ReceiptStorage } from './receipt-storage.ts';

export function registerReceiptRoutes(app: FastifyInstance, deps: { db: Database; storage: ReceiptStorage; signer: ReceiptLinkSigner }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/receipts/:id/file',
    {
      schema: {
        tags: ['receipts'],
        summary: 'A receipt file, through a signed link handed out with its payment',
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!deps.signer.isValid(id, request.query.expires, request.query.signature)) throw forbidden(receiptMessages.linkInvalid);
      const { rows } = isUuid(id)
        ? await deps.db.query<{ storage_key: string | null; content_type: string }>('SELECT storage_key, content_type FROM receipts WHERE id = $1', [id])
        : { rows: [] };
      const receipt = rows[0];
      if (!receipt?.storage_key) throw notFound(receiptMessages.notAvailable);
      const extension = receipt.storage_key.split('.').pop();
      return reply
        .header('content-type', receipt.content_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="receipt-${id.slice(0, 8)}.${extension}"`)
        // Even if a file were misread as a page, it could run nothing and reach nothing.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(await deps.storage.open(receipt.storage_key));
    },
  );
}
