import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devMails } from '../db/schema';
import type { AppConfig } from '../lib/env';
import type { Logger } from '../lib/logger';

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
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
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

export async function listDevMails(db: Db, limit = 50) {
  return db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(limit);
}
