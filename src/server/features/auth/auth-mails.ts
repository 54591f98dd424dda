import type { Mail } from '../../mail/mailer';

/** Plain, readable mails: one purpose, one link, the product's name. */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

function layout(appName: string, heading: string, body: string, actionLabel: string, url: string, footnote: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#6d28d9;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(actionLabel)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(footnote)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(appName)}</p>
</body></html>`;
}

export function confirmationMail(appName: string, to: string, url: string): Mail {
  const body = `Welcome to ${appName}! Confirm your e-mail address to start creating.`;
  const footnote = 'If you did not sign up, you can ignore this e-mail.';
  return {
    to,
    subject: `Confirm your ${appName} account`,
    text: `${body}\n\nConfirm your e-mail: ${url}\n\n${footnote}`,
    html: layout(appName, 'Confirm your e-mail', body, 'Confirm e-mail', url, footnote),
  };
}

export function newAddressMail(appName: string, to: string, url: string): Mail {
  const body = `Someone asked to use this address for their ${appName} account. Confirm it with the link below; until then the account keeps its old address.`;
  const footnote = 'If this was not you, ignore this e-mail: nothing changes.';
  return {
    to,
    subject: `Confirm your new ${appName} e-mail address`,
    text: `${body}\n\nConfirm the new address: ${url}\n\n${footnote}`,
    html: layout(appName, 'Confirm your new e-mail address', body, 'Confirm the new address', url, footnote),
  };
}

export function passwordResetMail(appName: string, to: string, url: string): Mail {
  const body = `Someone asked to reset the password of your ${appName} account. Choose a new password with the link below; it works once and expires in one hour.`;
  const footnote = 'If this was not you, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: `Reset your ${appName} password`,
    text: `${body}\n\nReset your password: ${url}\n\n${footnote}`,
    html: layout(appName, 'Reset your password', body, 'Choose a new password', url, footnote),
  };
}

export function existingAccountMail(appName: string, to: string, loginUrl: string, resetUrl: string): Mail {
  const body = `Someone (maybe you) tried to create a new ${appName} account with this address. You already have one: sign in, or reset your password if you forgot it (${resetUrl}).`;
  const footnote = 'If this was not you, ignore this e-mail: nothing has changed.';
  return {
    to,
    subject: `You already have a ${appName} account`,
    text: `${body}\n\nSign in: ${loginUrl}\n\n${footnote}`,
    html: layout(appName, 'You already have an account', body, 'Sign in', loginUrl, footnote),
  };
}
