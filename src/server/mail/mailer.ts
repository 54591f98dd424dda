import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devMails } from '../db/schema';
import type { AppConfig } from '../lib/env';
import type { Logger } from '../lib/logger';
import type { JobQueue } from '../jobs/job-queue';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise (never in production, env.ts refuses it) every mail is
 * logged and kept in the dev mailbox, so a new user can confirm an account on the embedded default.
 */
export function createMailer(config: AppConfig, db: Db, logger: Logger): Mailer {
  if (config.mail.smtpUrl) {
    // A relay that accepts the connection and then stalls fails the try (the send-mail job tries
    // again later) instead of holding it for nodemailer's default ten minutes.
    const transport = nodemailer.createTransport(new SMTPTransport({ url: config.mail.smtpUrl, ...SMTP_TIMEOUTS }));
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mail.from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      await db.insert(devMails).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      logger.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the dev mailbox');
    },
  };
}

/** How long the relay may take to answer the connection, to greet, and to stay silent mid-mail. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Mails sent through the job queue (the `send-mail` job, which hands them to the real mailer): a
 * request that sends a mail answers once the mail is queued, whatever the relay does.
 */
export function queuedMailer(jobs: Pick<JobQueue, 'enqueue'>, db: Db): Mailer {
  return {
    async send(mail) {
      await jobs.enqueue(db, 'send-mail', mail);
    },
  };
}

export async function listDevMails(db: Db, limit = 50) {
  return db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(limit);
}
