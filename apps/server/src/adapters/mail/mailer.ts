/** A file an e-mail carries. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** One e-mail as the app writes it; the mailer adds the sender. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[];
};

/**
 * The mail port: sends e-mail. Implementations: smtp-mailer.ts (a real server) and
 * outbox-mailer.ts (the local outbox); create-mailer.ts chooses one from the configuration.
 */
export type Mailer = {
  /** 'smtp' delivers to a real server; 'outbox' keeps messages in the database for the demo mailbox. */
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};
