import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FileLinkQuery } from '@monitor/contract/files';
import { attachmentDisposition } from '../../adapters/files/file-storage';
import { forbidden, notFound } from '../../platform/errors';

/**
 * The signed links of the local file storage (decision 031): `GET /api/files?key=…&expires=…&name=…&
 * type=…&signature=…`. Public: the link is the permission to read that one file until it
 * expires, as an S3 presigned URL is, and only a call that checked the caller's access hands one
 * out (an export, a NIST certificate). A link altered in any part, or expired, is a 403; the file
 * streams as an attachment that no cache keeps.
 */
export const fileLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files',
    {
      config: { access: 'signed-link' },
      schema: {
        tags: ['files'],
        summary:
          'A stored file (CSV export, NIST certificate) behind a short-lived signed link; local storage only',
        querystring: FileLinkQuery,
      },
    },
    async (request, reply) => {
      const open = app.ctx.files.openSignedLink;
      if (!open) throw notFound('Files are served from cloud storage, not by this server.');
      const { key, ...query } = request.query;
      const opened = await open(key, query);
      if (!opened.ok) {
        if (opened.reason === 'expired')
          throw forbidden('This download link has expired. Please download the file again.');
        if (opened.reason === 'missing') throw notFound('This file is no longer available.');
        throw forbidden('This download link is not valid.');
      }
      return reply
        .header('content-type', opened.info.contentType)
        .header('content-disposition', attachmentDisposition(opened.info.downloadName))
        .header('content-length', opened.size)
        .header('cache-control', 'no-store')
        .send(opened.body);
    },
  );
};
