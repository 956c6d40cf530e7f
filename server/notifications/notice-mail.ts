import type { Notice } from '../../domain/index.ts';
import { unsubscribeToken } from './unsubscribe-tokens.ts';

export type MailLinks = { publicUrl: string; unsubscribeKey: Buffer };

/** A notice as the e-mail it becomes: the lines, where to see it, and how to stop this kind. */
export function noticeMail(notice: Pick<Notice, 'subject' | 'lines' | 'kind'>, to: { userId: string; email: string; name: string }, links: MailLinks, seeAt = '/') {
  const unsubscribe = `${links.publicUrl}/api/notifications/unsubscribe/${unsubscribeToken(links.unsubscribeKey, to.userId, notice.kind)}`;
  return {
    to: to.email,
    subject: notice.subject,
    text: [`Hello ${to.name},`, '', ...notice.lines, '', `See it in Capacity Planner: ${links.publicUrl}${seeAt}`, '', `Stop these e-mails: ${unsubscribe}`].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
