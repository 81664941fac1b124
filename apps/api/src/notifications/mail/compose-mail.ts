import {
  NOTIFICATION_KIND_LABELS,
  optionalMailKinds,
  type NotificationKind,
  type OptionalMailKind,
} from '@portal/contract';
import type { Chain } from '../../platform/chain';
import type { Config } from '../../platform/config';
import type { Mail } from '../../platform/mail/mailer';
import { describeNotification, type NotificationData } from '../describe';
import { unsubscribeLink } from './unsubscribe-links';

/** A notification as its mail reads it. */
export interface MailedNotification {
  kind: NotificationKind;
  data: NotificationData;
  created_at: Date;
}

export interface Recipient {
  userId: number;
  email: string;
  fullName: string;
}

type Parts = { config: Pick<Config, 'jwtSecret' | 'publicUrl'>; chain?: Chain };

const optional = (kind: NotificationKind): OptionalMailKind | undefined => optionalMailKinds.find((k) => k === kind);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

/** The page around the parts: readable on a phone, and in a client's dark mode (no colour forced). */
function page(subject: string, body: string[]): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<meta name="color-scheme" content="light dark"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">',
    ...body,
    '</body></html>',
  ].join('\n');
}

/** What closes every mail: how to stop each kind it tells of (never a security kind), and where to choose. */
function footer(parts: Parts, recipient: Recipient, kinds: NotificationKind[]) {
  const settings = `${parts.config.publicUrl}/account-settings?tab=notifications`;
  const stoppable = [...new Set(kinds)].flatMap((kind) => {
    const own = optional(kind);
    return own
      ? [{ label: NOTIFICATION_KIND_LABELS[own], href: unsubscribeLink(parts.config, recipient.userId, own) }]
      : [];
  });
  const security = kinds.some((kind) => !optional(kind));
  const text = ['', '--'];
  const html = ['<hr><p style="font-size:13px;opacity:.75">'];
  if (security) {
    const line =
      'Mails about your account’s security are always sent: if you did not make this change, change your password at once.';
    text.push(line);
    html.push(`${escapeHtml(line)}<br>`);
  }
  for (const { label, href } of stoppable) {
    text.push(`Stop mails about “${label}”: ${href}`);
    html.push(`${a(href, `Stop mails about “${label}”`)}<br>`);
  }
  text.push(`Choose which mails you get, or one mail a day: ${settings}`);
  html.push(`${a(settings, 'Choose which mails you get, or one mail a day')}</p>`);
  const unsubscribe = stoppable.map(({ href }) => `<${href}>`).join(', ');
  return { text, html, headers: unsubscribe ? { 'List-Unsubscribe': unsubscribe } : undefined };
}

/** A mail as every notification mail reads: the greeting, the body in text and HTML, and the footer of its kinds. */
function frame(
  parts: Parts,
  recipient: Recipient,
  subject: string,
  kinds: NotificationKind[],
  body: { text: string[]; html: string[] },
): Mail {
  const end = footer(parts, recipient, kinds);
  return {
    to: recipient.email,
    subject,
    text: [`Hello ${recipient.fullName},`, '', ...body.text, ...end.text].join('\n'),
    html: page(subject, [`<p>Hello ${escapeHtml(recipient.fullName)},</p>`, ...body.html, ...end.html]),
    ...(end.headers ? { headers: end.headers } : {}),
  };
}

/**
 * The mail of one notification, in text and HTML: the bell's words (describe.ts), a link to its page, and how to stop
 * it. The subject is the kind's label: never a figure, an address, a code or a secret.
 */
export function composeNotificationMail(parts: Parts, recipient: Recipient, notification: MailedNotification): Mail {
  const { text, link, explorerUrl } = describeNotification(notification.kind, notification.data, parts.chain);
  const open = `${parts.config.publicUrl}${link}`;
  return frame(parts, recipient, NOTIFICATION_KIND_LABELS[notification.kind], [notification.kind], {
    text: [text, '', `Open it in the portal: ${open}`, ...(explorerUrl ? [`On the chain: ${explorerUrl}`] : [])],
    html: [
      `<p>${escapeHtml(text)}</p>`,
      `<p>${a(open, 'Open it in the portal')}${explorerUrl ? ` · ${a(explorerUrl, 'On the chain')}` : ''}</p>`,
    ],
  });
}

const timeOf = (at: Date) => `${new Date(at).toISOString().slice(11, 16)} UTC`;

/** One mail listing a day's notifications (`day`: YYYY-MM-DD, UTC), oldest first, in text and HTML. */
export function composeDigestMail(
  parts: Parts,
  recipient: Recipient,
  day: string,
  notifications: MailedNotification[],
): Mail {
  const items = notifications.map((n) => {
    const { text, link } = describeNotification(n.kind, n.data, parts.chain);
    return { at: timeOf(n.created_at), text, open: `${parts.config.publicUrl}${link}` };
  });
  const count = items.length === 1 ? 'one notification' : `${items.length} notifications`;
  const kinds = notifications.map((n) => n.kind);
  return frame(parts, recipient, `Your notifications of ${day}`, kinds, {
    text: [`On ${day} you had ${count}:`, '', ...items.map((item) => `${item.at}  ${item.text}\n        ${item.open}`)],
    html: [
      `<p>On ${escapeHtml(day)} you had ${count}:</p>`,
      '<ul style="padding-left:20px">',
      ...items.map((item) => `<li>${escapeHtml(item.at)}: ${escapeHtml(item.text)} ${a(item.open, 'Open')}</li>`),
      '</ul>',
    ],
  });
}
