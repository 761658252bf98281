import { z } from 'zod';

const LINK_MESSAGE = 'This download link is not valid.';

/**
 * GET /api/files?key&expires&name&type&signature: a stored file (a CSV export, a NIST
 * certificate) behind a link this server signed (local file storage, decision 031). The link is
 * the permission: it names the file, when it expires, its download name and content type, and an
 * HMAC over all of them.
 */
export const FileLinkQuery = z.object({
  /** The stored file's key ('certificates/NIST-….pdf'). */
  key: z.string(LINK_MESSAGE).min(1, LINK_MESSAGE).max(300, LINK_MESSAGE),
  /** Unix seconds after which the link is refused. */
  expires: z.coerce
    .number(LINK_MESSAGE)
    .int(LINK_MESSAGE)
    .min(0, LINK_MESSAGE)
    .max(4_102_444_800, LINK_MESSAGE),
  /** The download name (Content-Disposition). */
  name: z.string(LINK_MESSAGE).min(1, LINK_MESSAGE).max(200, LINK_MESSAGE),
  /** The Content-Type. */
  type: z.string(LINK_MESSAGE).min(1, LINK_MESSAGE).max(100, LINK_MESSAGE),
  signature: z.string(LINK_MESSAGE).min(1, LINK_MESSAGE).max(100, LINK_MESSAGE),
});
